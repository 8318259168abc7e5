/*
 * Fuzz target for the zone file reader of `ibidi scan` (ibidi/scan.h: ibidi_scan_zone_init,
 * ibidi_scan_zone_line, ibidi_scan_zone_end, ibidi_scan_detect_format).
 *
 * The input is split at LF, as scan splits a file, and every line goes through the reader
 * with one state, as a file does. Its first line is also tried as an origin. Properties
 * checked with abort():
 *  1. no crash; every status is IBIDI_OK or one of the zone statuses (600-606); a buffer of
 *     IBIDI_SCAN_ZONE_NAME_MAX bytes never gets IBIDI_E_BUFFER_TOO_SMALL;
 *  2. a line that fails changes nothing in the state;
 *  3. a name handed over (OWNER, APEX, ORIGIN) fits the bound, and is in the one spelling of
 *     ibidi/scan.h: no byte 00..20 or 7F, none of . \ " ( ) ; @ $ but escaped, every "\"
 *     followed by one of those or three digits of a value of 00..20 or 7F, no empty
 *     label, no final dot;
 *  4. an owner differs from the one before (ASCII case folded), and becomes the state's;
 *     an origin becomes the state's; an apex becomes the state's owner, and is the state's
 *     apex (the first one stays);
 *  5. the spelling is stable: the name handed over, read again as an absolute name, gives
 *     itself;
 *  6. the field lies inside the line; a buffer one byte too small gives
 *     IBIDI_E_BUFFER_TOO_SMALL with the size, and the state as it was;
 *  7. ibidi_scan_zone_end fails exactly when a parenthesis is open;
 *  8. ibidi_scan_detect_format gives one of its two values, the same on every call.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

static void require(int ok)
{
    if (!ok)
        abort();
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int special(unsigned char c) { return c && strchr(".\\\"();@$", c) != NULL; }

static int zone_status(ibidi_status s)
{
    return s == IBIDI_OK || (s >= IBIDI_E_ZONE_QUOTE && s <= IBIDI_E_SCAN_LINE_TOO_LONG);
}

/* Property 3: the one spelling. */
static void check_spelling(const char *n, size_t len)
{
    size_t label = 0;
    require(len <= IBIDI_SCAN_ZONE_NAME_MAX);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)n[i];
        require(c > 0x20 && c != 0x7f);
        if (c == '\\') {
            require(i + 1 < len);
            unsigned char d = (unsigned char)n[i + 1];
            if (special(d)) {
                i++;
            } else {
                require(i + 3 < len && d >= '0' && d <= '1');
                unsigned v = (unsigned)(d - '0') * 100u + (unsigned)(n[i + 2] - '0') * 10u +
                             (unsigned)(n[i + 3] - '0');
                require(n[i + 2] >= '0' && n[i + 2] <= '9' && n[i + 3] >= '0' &&
                        n[i + 3] <= '9');
                require(v <= 0x20 || v == 0x7f);
                i += 3;
            }
            label++;
        } else if (c == '.') {
            require(label > 0);
            label = 0;
        } else {
            require(!special(c));
            label++;
        }
    }
    require(len == 0 || label > 0);
}

/* Property 5: read again (with a final dot, as an absolute name), a name gives itself. */
static void check_stable(const char *n, size_t len)
{
    static char line[IBIDI_SCAN_ZONE_NAME_MAX + 2], out[IBIDI_SCAN_ZONE_NAME_MAX];
    static ibidi_scan_zone_state st;
    ibidi_scan_zone_result r;
    ibidi_buf name = {out, sizeof out, 0};
    memset(&st, 0, sizeof st);
    memcpy(line, n, len);
    line[len] = '.';
    require(ibidi_scan_zone_line(&st, line, len + 1, &name, &r, NULL) == IBIDI_OK);
    require(r.kind == IBIDI_SCAN_ZONE_OWNER && name.len == len && memcmp(out, n, len) == 0);
}

static ibidi_scan_zone_state st, before;
static char buf[IBIDI_SCAN_ZONE_NAME_MAX];

static void one_line(const char *line, size_t len)
{
    ibidi_scan_zone_result r;
    ibidi_buf name = {buf, sizeof buf, 99};
    ibidi_error e;
    before = st;
    ibidi_status s = ibidi_scan_zone_line(&st, line, len, &name, &r, &e);
    require(zone_status(s) && e.status == s);
    if (s != IBIDI_OK) {
        require(memcmp(&before, &st, sizeof st) == 0);
        require(e.offset <= len);
        return;
    }
    require(r.kind >= IBIDI_SCAN_ZONE_BLANK && r.kind <= IBIDI_SCAN_ZONE_APEX);
    require(!r.field.present || (r.field.start <= len && r.field.length <= len - r.field.start));
    if (r.kind != IBIDI_SCAN_ZONE_OWNER && r.kind != IBIDI_SCAN_ZONE_ORIGIN &&
        r.kind != IBIDI_SCAN_ZONE_APEX) {
        require(name.len == 0);
        return;
    }
    check_spelling(buf, name.len);
    check_stable(buf, name.len);
    if (r.kind == IBIDI_SCAN_ZONE_OWNER) {
        int same = before.has_owner && before.owner_len == name.len;
        for (size_t i = 0; same && i < name.len; i++)
            same = lower((unsigned char)before.owner[i]) == lower((unsigned char)buf[i]);
        require(!same);
        require(st.has_owner && st.owner_len == name.len &&
                memcmp(st.owner, buf, name.len) == 0);
    } else if (r.kind == IBIDI_SCAN_ZONE_APEX) {
        require(st.has_owner && st.owner_len == name.len &&
                memcmp(st.owner, buf, name.len) == 0 && st.has_apex &&
                st.apex_len == name.len);
        for (size_t i = 0; i < name.len; i++)
            require(lower((unsigned char)st.apex[i]) == lower((unsigned char)buf[i]));
        require(!before.has_apex ||
                (before.apex_len == st.apex_len && memcmp(before.apex, st.apex, st.apex_len) == 0));
    } else {
        require(st.has_origin && st.origin_len == name.len &&
                memcmp(st.origin, buf, name.len) == 0);
    }
    if (name.len) { /* property 6: the same line with a buffer one byte short */
        static ibidi_scan_zone_state again;
        static char small[IBIDI_SCAN_ZONE_NAME_MAX];
        ibidi_scan_zone_result r2;
        ibidi_buf short_name = {small, name.len - 1, 0};
        again = before;
        require(ibidi_scan_zone_line(&again, line, len, &short_name, &r2, NULL) ==
                IBIDI_E_BUFFER_TOO_SMALL);
        require(short_name.len == name.len && memcmp(&again, &before, sizeof again) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    size_t pos = 0;
    ibidi_scan_format f = ibidi_scan_detect_format(s, size);
    require(f == IBIDI_SCAN_FORMAT_NAMES || f == IBIDI_SCAN_FORMAT_ZONE);
    require(ibidi_scan_detect_format(s, size) == f);

    /* the first line as an origin given beforehand */
    const char *nl = memchr(s, '\n', size);
    size_t first = nl ? (size_t)(nl - s) : size;
    ibidi_error e;
    ibidi_status is = ibidi_scan_zone_init(&st, size ? s : NULL, first, &e);
    require(zone_status(is) && e.status == is);
    if (is == IBIDI_OK && st.has_origin) {
        check_spelling(st.origin, st.origin_len);
    } else if (is != IBIDI_OK) {
        require(!st.has_origin && !st.has_owner && st.parens == 0);
    }
    for (;;) {
        nl = memchr(s + pos, '\n', size - pos);
        size_t end = nl ? (size_t)(nl - s) : size;
        /* a copy of exactly the line's bytes, so ASan sees any read past it */
        char *line = malloc(end - pos ? end - pos : 1);
        require(line != NULL);
        memcpy(line, s + pos, end - pos);
        one_line(line, end - pos);
        free(line);
        if (!nl)
            break;
        pos = end + 1;
    }
    ibidi_status es = ibidi_scan_zone_end(&st, &e);
    require(es == (st.parens ? IBIDI_E_ZONE_PAREN : IBIDI_OK) && e.status == es);
    return 0;
}
