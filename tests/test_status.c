/*
 * Status names and messages, and the version strings.
 *
 * The status values are read from include/ibidi/common.h at test time, so a status added
 * to the enum without a name and a message in src/common/status.c fails this test.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/common.h"
#include "testlib.h"

#define MAX_STATUS 256

typedef struct parsed_status {
    char ident[64]; /* e.g. "IBIDI_E_UTF8_SURROGATE" */
    long value;
} parsed_status;

static parsed_status parsed[MAX_STATUS];
static size_t n_parsed;

/* Parses the body of "typedef enum ibidi_status { ... } ibidi_status;": every
 * "IBIDI_<IDENT> = <number>" outside comments. Returns 0 when the enum is not found. */
static int parse_enum(const char *path)
{
    size_t len;
    char *text = t_read_file(path, &len);
    if (!text)
        return 0;
    const char *start = strstr(text, "typedef enum ibidi_status");
    const char *end = start ? strstr(start, "} ibidi_status;") : NULL;
    if (!start || !end) {
        free(text);
        return 0;
    }
    start = strchr(start, '{');
    const char *p = start ? start + 1 : end;
    while (p < end) {
        if (p[0] == '/' && p[1] == '*') { /* skip comments: they mention other names */
            const char *q = strstr(p + 2, "*/");
            p = q ? q + 2 : end;
            continue;
        }
        if (p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (strncmp(p, "IBIDI_", 6) == 0 && (p == start + 1 || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))) {
            size_t n = 0;
            while (isalnum((unsigned char)p[n]) || p[n] == '_')
                n++;
            const char *q = p + n;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == '=' && n < sizeof parsed[0].ident && n_parsed < MAX_STATUS) {
                char *num_end;
                long v = strtol(q + 1, &num_end, 0);
                if (num_end != q + 1) {
                    memcpy(parsed[n_parsed].ident, p, n);
                    parsed[n_parsed].ident[n] = '\0';
                    parsed[n_parsed].value = v;
                    n_parsed++;
                } else {
                    CHECK(0, "status value not a number in common.h: %.*s", (int)n, p);
                }
            } else {
                CHECK(0, "enumerator without an explicit value in common.h: %.*s", (int)n, p);
            }
            p += n;
            continue;
        }
        p++;
    }
    free(text);
    return 1;
}

static int is_listed(long v)
{
    for (size_t i = 0; i < n_parsed; i++)
        if (parsed[i].value == v)
            return 1;
    return 0;
}

int main(void)
{
    if (!CHECK(parse_enum("include/ibidi/common.h"), "cannot read the ibidi_status enum"))
        return t_summary();
    /* the parser must have found the values this test was written with, at least */
    CHECK(n_parsed >= 14, "only %zu status values parsed from common.h", n_parsed);
    CHECK(is_listed(IBIDI_OK) && is_listed(IBIDI_E_UTF8_SURROGATE) && is_listed(IBIDI_E_CP_SYNTAX),
          "parser missed known values");

    for (size_t i = 0; i < n_parsed; i++) {
        const parsed_status *s = &parsed[i];
        ibidi_status st = (ibidi_status)s->value;
        const char *name = ibidi_status_name(st);
        const char *msg = ibidi_strerror(st);
        /* the name is the enumerator without IBIDI_E_ (errors) or IBIDI_ (OK) */
        const char *want = strncmp(s->ident, "IBIDI_E_", 8) == 0 ? s->ident + 8 : s->ident + 6;
        CHECK(name && strcmp(name, want) == 0, "status_name(%s = %ld) is %s, want %s", s->ident,
              s->value, name ? name : "NULL", want);
        CHECK(msg && *msg && strcmp(msg, "unknown status") != 0, "strerror(%s) has no message",
              s->ident);
        for (size_t j = 0; j < i; j++) {
            CHECK(parsed[j].value != s->value, "%s and %s share the value %ld", parsed[j].ident,
                  s->ident, s->value);
            const char *other_name = ibidi_status_name((ibidi_status)parsed[j].value);
            const char *other_msg = ibidi_strerror((ibidi_status)parsed[j].value);
            CHECK(!name || !other_name || strcmp(name, other_name) != 0, "%s and %s: same name",
                  parsed[j].ident, s->ident);
            CHECK(!msg || !other_msg || strcmp(msg, other_msg) != 0, "%s and %s: same message",
                  parsed[j].ident, s->ident);
        }
    }
    printf("info: %zu status values parsed from include/ibidi/common.h\n", n_parsed);

    /* values that are not statuses */
    long unknown = 0;
    for (long v = 0; v <= 1000; v++) {
        if (is_listed(v))
            continue;
        const char *msg = ibidi_strerror((ibidi_status)v);
        if (!CHECK(msg && strcmp(msg, "unknown status") == 0 &&
                       ibidi_status_name((ibidi_status)v) == NULL,
                   "value %ld is no status but has a name or message", v))
            break;
        unknown++;
    }
    CHECK(strcmp(ibidi_strerror((ibidi_status)INT_MAX), "unknown status") == 0 &&
              ibidi_status_name((ibidi_status)INT_MAX) == NULL,
          "INT_MAX is unknown");
    printf("info: %ld values in 0..1000 are no status\n", unknown);

    /* versions */
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", IBIDI_VERSION_MAJOR, IBIDI_VERSION_MINOR, IBIDI_VERSION_PATCH);
    CHECK(strcmp(ibidi_version(), IBIDI_VERSION_STRING) == 0, "ibidi_version() is %s",
          ibidi_version());
    CHECK(strcmp(IBIDI_VERSION_STRING, v) == 0, "IBIDI_VERSION_STRING %s vs the numbers %s",
          IBIDI_VERSION_STRING, v);
    CHECK(strcmp(ibidi_unicode_version(), "17.0.0") == 0, "ibidi_unicode_version() is %s",
          ibidi_unicode_version());
    CHECK(strcmp(IBIDI_UNICODE_VERSION_STRING, "17.0.0") == 0, "IBIDI_UNICODE_VERSION_STRING");
    return t_summary();
}
