#include "testlib.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

static long t_passed, t_failed;

int t_check(int ok, const char *file, int line, const char *fmt, ...)
{
    if (ok) {
        t_passed++;
        return 1;
    }
    if (t_failed < 50) {
        va_list ap;
        fprintf(stdout, "FAIL %s:%d: ", file, line);
        va_start(ap, fmt);
        vfprintf(stdout, fmt, ap);
        va_end(ap);
        fputc('\n', stdout);
    } else if (t_failed == 50) {
        fprintf(stdout, "(further failures are counted, not printed)\n");
    }
    t_failed++;
    return 0;
}

void t_pass_n(long n) { t_passed += n; }

int t_summary(void)
{
    printf("%ld passed, %ld failed\n", t_passed, t_failed);
    fflush(stdout);
    return t_failed ? 1 : 0;
}

int t_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

uint32_t t_xorshift32(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

uint32_t t_xorshift64s(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1Du) >> 32);
}

const char *t_data_path(const char *rel)
{
    static char buf[4096];
    const char *dir = getenv("IBIDI_DATA_DIR");
    if (!dir || !*dir)
        dir = "data/ucd/17.0.0";
    snprintf(buf, sizeof buf, "%s/%s", dir, rel);
    return buf;
}

size_t t_repeat(char *out, size_t cap, const char *head, const char *unit, int count,
                const char *tail)
{
    size_t n = 0;
    const size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    if (cap == 0)
        return 0;
    for (int i = -1; i <= count; i++) {
        const char *p = i < 0 ? head : i == count ? tail : unit;
        const size_t l = i < 0 ? hl : i == count ? tl : ul;
        const size_t take = l < cap - 1 - n ? l : cap - 1 - n;
        memcpy(out + n, p, take);
        n += take;
    }
    out[n] = '\0';
    return n;
}

char *t_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        if (n + 65536 + 1 > cap) {
            size_t ncap = cap ? cap * 2 : 1 << 20;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, 65536, f);
        n += got;
        if (got < 65536)
            break;
    }
    if (ferror(f)) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

static const struct {
    const char *name;
    uint32_t cp;
} t_controls[] = {{"&lrm;", 0x200E}, {"&rlm;", 0x200F}, {"&alm;", 0x061C}, {"&lre;", 0x202A},
                  {"&rle;", 0x202B}, {"&pdf;", 0x202C}, {"&lro;", 0x202D}, {"&rlo;", 0x202E},
                  {"&lri;", 0x2066}, {"&rli;", 0x2067}, {"&fsi;", 0x2068}, {"&pdi;", 0x2069}};
#define T_N_CONTROLS (sizeof t_controls / sizeof t_controls[0])

static size_t t_put_utf8(uint32_t cp, char *o)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    o[0] = (char)(0xE0 | cp >> 12);
    o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
    o[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
}

const char *t_notation(int slot, const char *s, int arabic, size_t *len)
{
    static char buf[4][8192];
    size_t k = 0, n = strlen(s);
    char *o = buf[slot & 3];
    for (size_t i = 0; i < n && k + 4 < sizeof buf[0]; i++) {
        size_t e = 0;
        if (s[i] == '&')
            while (e < T_N_CONTROLS && strncmp(s + i, t_controls[e].name, 5) != 0)
                e++;
        if (s[i] == '&' && e < T_N_CONTROLS) {
            k += t_put_utf8(t_controls[e].cp, o + k);
            i += 4;
        } else if (s[i] >= 'A' && s[i] <= 'Z') {
            k += t_put_utf8((arabic ? 0x0621u : 0x05D0u) + (uint32_t)(s[i] - 'A'), o + k);
        } else {
            o[k++] = s[i];
        }
    }
    o[k] = '\0';
    if (len)
        *len = k;
    return o;
}

const char *t_to_notation(int slot, const char *s, size_t len, int arabic)
{
    static char buf[4][8192];
    char *o = buf[slot & 3];
    size_t k = 0, i = 0;
    uint32_t base = arabic ? 0x0621u : 0x05D0u;
    while (i < len && k + 8 < sizeof buf[0]) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = c;
        size_t step = 1, e;
        if (c >= 0xE0 && i + 2 < len) {
            cp = (uint32_t)(c & 0x0F) << 12 | (uint32_t)(s[i + 1] & 0x3F) << 6 | (s[i + 2] & 0x3F);
            step = 3;
        } else if (c >= 0xC0 && i + 1 < len) {
            cp = (uint32_t)(c & 0x1F) << 6 | (s[i + 1] & 0x3F);
            step = 2;
        }
        for (e = 0; e < T_N_CONTROLS && t_controls[e].cp != cp; e++)
            ;
        if (e < T_N_CONTROLS) {
            memcpy(o + k, t_controls[e].name, 5);
            k += 5;
        } else if (cp >= base && cp < base + 26) {
            o[k++] = (char)('A' + (cp - base));
        } else {
            memcpy(o + k, s + i, step);
            k += step;
        }
        i += step;
    }
    o[k] = '\0';
    return o;
}

size_t t_class_representatives(uint32_t *rep)
{
    int have[IBIDI_UNICODE_BC_COUNT] = {0};
    size_t found = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF && found < IBIDI_UNICODE_BC_COUNT; cp++) {
        ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cp);
        if (!have[bc]) {
            have[bc] = 1;
            rep[bc] = cp;
            found++;
        }
    }
    return found;
}

/* The tests run one thread: one work area serves every analysis. */
static unsigned char t_ambig_work[1 << 17];

ibidi_status t_ambig_analyze(const char *s, size_t len, ibidi_iri_kind as, unsigned flags,
                             unsigned idna, size_t max_candidates, ibidi_findings *f,
                             ibidi_error *err)
{
    const ibidi_ambiguity_options o = {.as = as,
                                       .flags = flags,
                                       .max_candidates = max_candidates ? max_candidates : SIZE_MAX,
                                       .idna = {IBIDI_IDNA_PROFILE_UTS46, idna, ~idna, NULL, 0},
                                       .work = t_ambig_work,
                                       .work_size = sizeof t_ambig_work};
    return ibidi_ambiguity_analyze(s, len, &o, f, err);
}

unsigned char *t_ucd_property(const char *rel, const char *name, const char *value)
{
    unsigned char *set = calloc(0x110000, 1);
    size_t tlen;
    char *text = t_read_file(t_data_path(rel), &tlen);
    if (!set || !text) {
        free(set), free(text);
        return NULL;
    }
    const size_t nl = strlen(name);
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || !strchr(line, ';'))
            continue;
        const char *f = strchr(line, ';') + 1;
        while (*f == ' ')
            f++;
        if (strncmp(f, name, nl) != 0 || (f[nl] != ' ' && f[nl] != ';' && f[nl] != '#'))
            continue;
        if (value) {
            const char *v = strchr(f, ';');
            if (!v)
                continue;
            v++;
            while (*v == ' ')
                v++;
            if (strncmp(v, value, strlen(value)) != 0 ||
                (v[strlen(value)] != ' ' && v[strlen(value)] != '#'))
                continue;
        }
        char *end;
        unsigned long lo = strtoul(line, &end, 16), hi = lo;
        if (end[0] == '.')
            hi = strtoul(end + 2, NULL, 16);
        for (unsigned long c = lo; c <= hi && c < 0x110000; c++)
            set[c] = 1;
    }
    free(text);
    return set;
}
