/*
 * gen_tables: writes the Unicode 17.0.0 tables of ibidi from the vendored UCD files.
 *
 *   gen_tables DATA_DIR OUT_ROOT [--explore]
 *
 * reads DATA_DIR (data/ucd/17.0.0) and writes OUT_ROOT/src/unicode/ucd_tables.c,
 * OUT_ROOT/src/unicode/ucd_names.c, OUT_ROOT/include/ibidi/unicode_scripts.h and, from the
 * UTS #39 files of DATA_DIR/security, OUT_ROOT/src/confusable/confusable_tables.c. The
 * output depends on the input files only (byte-for-byte deterministic). --explore prints
 * the size of every trie for each pair of block shifts instead (to choose the constants
 * of src/unicode/ucd.h). Plain C11 and libc; a host tool, never linked into the library.
 *
 * Layout (see src/unicode/ucd.h): three-stage tries over 0..10FFFF plus one extra block
 * of out-of-range defaults; deduplicated records; one pool for all code point sequences.
 */
#define _POSIX_C_SOURCE 200809L /* mkdir, for the output folders */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define UNICODE_VERSION "17.0.0"
#define NCP 0x110000u  /* code points 0..10FFFF */
#define NCPX 0x111000u /* plus one 4096 block for values above 10FFFF (defaults) */
#define MAXSEQ 18      /* IBIDI_UNICODE_MAX_DECOMPOSITION, IBIDI_UNICODE_MAX_UTS46_MAPPING */

/* Block shifts; src/unicode/ucd.h holds the same values (checked by _Static_assert). */
#define PROPS_SH1 9
#define PROPS_SH2 3
#define DECOMP_SH1 10
#define DECOMP_SH2 4
#define COMP_SH1 12
#define COMP_SH2 5
#define PAIR_SH1 12
#define PAIR_SH2 5
#define UTS46_SH1 9
#define UTS46_SH2 3
#define IDNA_SH 7 /* two-stage table of the RFC 5892 derived property */

static const char *g_dir;
static int g_explore;

static void die(const char *fmt, ...)
{
    va_list ap;
    fputs("gen_tables: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        die("out of memory");
    return p;
}

static void *xrealloc(void *p, size_t size)
{
    p = realloc(p, size ? size : 1);
    if (!p)
        die("out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = xcalloc(n, 1);
    memcpy(p, s, n);
    return p;
}

static char *slurp(const char *rel)
{
    char path[4096];
    FILE *f;
    char *buf = NULL;
    size_t n = 0, cap = 0, got;
    snprintf(path, sizeof path, "%s/%s", g_dir, rel);
    f = fopen(path, "rb");
    if (!f)
        die("cannot open %s", path);
    do {
        if (n + 65536 + 1 > cap) {
            cap = cap ? cap * 2 : 1 << 20;
            buf = xrealloc(buf, cap);
        }
        got = fread(buf + n, 1, 65536, f);
        n += got;
    } while (got == 65536);
    if (ferror(f))
        die("cannot read %s", path);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* ------------------------------------------------------------------ UCD line parser */

/* One data line (or "# @missing:" line) of a UCD file, split at ';' and trimmed. */
typedef struct rec {
    uint32_t lo, hi;
    int missing;
    int nf;
    char *f[16];
} rec;
typedef void (*line_cb)(const rec *r, void *ctx);

static char *trim(char *s)
{
    char *e;
    while (*s == ' ' || *s == '\t')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        *--e = '\0';
    return s;
}

static uint32_t parse_hex(const char *s, char **end)
{
    unsigned long v = strtoul(s, end, 16);
    if (*end == s || v > 0x10FFFF)
        die("bad code point '%s'", s);
    return (uint32_t)v;
}

static void each_line(const char *rel, line_cb cb, void *ctx)
{
    char *text = slurp(rel), *line = text, *next;
    for (; line && *line; line = next) {
        rec r;
        char *s = line, *p, *end;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        memset(&r, 0, sizeof r);
        if (strncmp(s, "# @missing:", 11) == 0) {
            r.missing = 1;
            s += 11;
        } else {
            char *h = strchr(s, '#');
            if (h)
                *h = '\0';
        }
        s = trim(s);
        if (!*s)
            continue;
        for (p = s; r.nf < 16;) {
            char *semi = strchr(p, ';');
            if (semi)
                *semi = '\0';
            r.f[r.nf++] = trim(p);
            if (!semi)
                break;
            p = semi + 1;
        }
        r.lo = parse_hex(r.f[0], &end);
        r.hi = r.lo;
        if (end[0] == '.' && end[1] == '.')
            r.hi = parse_hex(end + 2, &end);
        if (r.hi < r.lo)
            die("%s: bad range %s", rel, r.f[0]);
        /* Defaults for all code points also hold for the out-of-range block. */
        if (r.missing && r.lo == 0 && r.hi == 0x10FFFF)
            r.hi = NCPX - 1;
        cb(&r, ctx);
    }
    free(text);
}

/* ------------------------------------------------------------------ value names */

/* PropertyValueAliases.txt: prop ; short ; long [; alias...] */
typedef struct pva {
    char prop[8];
    char *names[4];
    int n;
} pva;
static pva *g_pva;
static size_t g_npva;

static void load_pva(void)
{
    char *text = slurp("PropertyValueAliases.txt"), *line = text, *next;
    for (; line && *line; line = next) {
        char *h, *p;
        pva v;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        h = strchr(line, '#');
        if (h)
            *h = '\0';
        line = trim(line);
        if (!*line)
            continue;
        memset(&v, 0, sizeof v);
        p = strchr(line, ';');
        if (!p)
            continue;
        *p++ = '\0';
        snprintf(v.prop, sizeof v.prop, "%s", trim(line));
        while (p && v.n < 4) {
            char *semi = strchr(p, ';');
            if (semi)
                *semi++ = '\0';
            v.names[v.n++] = xstrdup(trim(p));
            p = semi;
        }
        g_pva = xrealloc(g_pva, (g_npva + 1) * sizeof *g_pva);
        g_pva[g_npva++] = v;
    }
    free(text);
}

/* The short name of a value of prop given any of its names; NULL if unknown. */
static const char *pva_short(const char *prop, const char *name)
{
    size_t i;
    int k;
    for (i = 0; i < g_npva; i++) {
        if (strcmp(g_pva[i].prop, prop) != 0)
            continue;
        for (k = 0; k < g_pva[i].n; k++)
            if (strcmp(g_pva[i].names[k], name) == 0)
                return g_pva[i].names[0];
    }
    return NULL;
}

static const char *pva_long(const char *prop, const char *shortname)
{
    size_t i;
    for (i = 0; i < g_npva; i++)
        if (strcmp(g_pva[i].prop, prop) == 0 && strcmp(g_pva[i].names[0], shortname) == 0)
            return g_pva[i].n > 1 ? g_pva[i].names[1] : g_pva[i].names[0];
    return NULL;
}

/* Enumerations in the order of include/ibidi/unicode.h. */
static const char *const BC_NAMES[] = {"L",   "R",   "AL",  "EN",  "ES",  "ET",  "AN",  "CS",
                                       "NSM", "BN",  "B",   "S",   "WS",  "ON",  "LRE", "LRO",
                                       "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"};
static const char *const GC_NAMES[] = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me",
                                       "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi",
                                       "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl",
                                       "Zp", "Cc", "Cf", "Cs", "Co", "Cn"};
static const char *const JT_NAMES[] = {"U", "C", "D", "L", "R", "T"};
/* UnicodeData.txt decomposition tags, in the order of ibidi_unicode_dt. */
static const char *const DT_TAGS[] = {"",          "",         "<compat>", "<font>",
                                      "<noBreak>", "<initial>", "<medial>", "<final>",
                                      "<isolated>", "<circle>", "<super>",  "<sub>",
                                      "<vertical>", "<wide>",   "<narrow>", "<small>",
                                      "<square>",  "<fraction>"};
#define GC_CN 29
#define GC_MN 5 /* Mn, Mc, Me: 5, 6, 7 */
#define GC_ME 7
#define DT_CANONICAL 1
#define NDT 18

static int find_name(const char *const *names, int n, const char *s)
{
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* Index of a property value given by any alias. */
static int value_index(const char *prop, const char *const *names, int n, const char *value)
{
    const char *s = pva_short(prop, value);
    int i = find_name(names, n, s ? s : value);
    if (i < 0)
        die("unknown %s value '%s'", prop, value);
    return i;
}

/* Scripts: PropertyValueAliases.txt order. */
static const char **g_sc_short, **g_sc_long;
static int g_nsc;

static void load_scripts(void)
{
    size_t i;
    for (i = 0; i < g_npva; i++) {
        if (strcmp(g_pva[i].prop, "sc") != 0)
            continue;
        g_sc_short = xrealloc(g_sc_short, (size_t)(g_nsc + 1) * sizeof *g_sc_short);
        g_sc_long = xrealloc(g_sc_long, (size_t)(g_nsc + 1) * sizeof *g_sc_long);
        g_sc_short[g_nsc] = g_pva[i].names[0];
        g_sc_long[g_nsc] = g_pva[i].n > 1 ? g_pva[i].names[1] : g_pva[i].names[0];
        g_nsc++;
    }
    if (g_nsc == 0 || g_nsc > 255)
        die("unexpected number of scripts %d", g_nsc);
}

static int script_index(const char *name)
{
    const char *s = pva_short("sc", name);
    int i = s ? find_name(g_sc_short, g_nsc, s) : -1;
    if (i < 0)
        die("unknown script '%s'", name);
    return i;
}

/* ------------------------------------------------------------------ per code point data */

static uint8_t *p_bc, *p_gc, *p_ccc, *p_mirrored, *p_bpt, *p_jt, *p_di, *p_nc, *p_sc, *p_fce;
static uint8_t *p_nfc_qc, *p_nfkc_qc, *p_nfd_no, *p_nfkd_no;
static uint16_t *p_scx;
static uint32_t *p_bmg, *p_bpb; /* 0: none */
static uint8_t *p_uts_status, *p_uts_i8, *p_uts_len;
static uint32_t (*p_uts_map)[MAXSEQ];
static uint8_t *p_dt, *p_dm_len;
static uint32_t (*p_dm)[MAXSEQ];
static char **p_name;

/* Script_Extensions sets: index 0 unused ("= {Script}"). */
static uint8_t (*g_scx_sets)[64];
static int *g_scx_len;
static int g_nscx = 1;

static void fill8(uint8_t *a, const rec *r, uint8_t v)
{
    uint32_t c;
    for (c = r->lo; c <= r->hi; c++)
        a[c] = v;
}

static void cb_bc(const rec *r, void *ctx)
{
    (void)ctx;
    if (r->nf < 2)
        die("DerivedBidiClass: short line");
    fill8(p_bc, r, (uint8_t)value_index("bc", BC_NAMES, 23, r->f[1]));
}

static void cb_gc(const rec *r, void *ctx)
{
    (void)ctx;
    fill8(p_gc, r, (uint8_t)value_index("gc", GC_NAMES, 30, r->f[1]));
}

static void cb_ccc(const rec *r, void *ctx)
{
    char *end;
    unsigned long v;
    (void)ctx;
    if (r->missing) {
        fill8(p_ccc, r, 0); /* Not_Reordered */
        return;
    }
    v = strtoul(r->f[1], &end, 10);
    if (*end || v > 254)
        die("bad ccc '%s'", r->f[1]);
    fill8(p_ccc, r, (uint8_t)v);
}

static void cb_jt(const rec *r, void *ctx)
{
    (void)ctx;
    fill8(p_jt, r, (uint8_t)value_index("jt", JT_NAMES, 6, r->f[1]));
}

static void cb_brackets(const rec *r, void *ctx)
{
    char *end;
    (void)ctx;
    if (r->missing)
        return; /* <none>, n: the initial values */
    if (r->nf < 3)
        die("BidiBrackets: short line");
    p_bpb[r->lo] = parse_hex(r->f[1], &end);
    if (strcmp(r->f[2], "o") == 0)
        p_bpt[r->lo] = 1;
    else if (strcmp(r->f[2], "c") == 0)
        p_bpt[r->lo] = 2;
    else
        die("BidiBrackets: bad type '%s'", r->f[2]);
}

static void cb_mirroring(const rec *r, void *ctx)
{
    char *end;
    (void)ctx;
    if (r->missing)
        return;
    p_bmg[r->lo] = parse_hex(r->f[1], &end);
}

static void cb_normprops(const rec *r, void *ctx)
{
    uint8_t v;
    (void)ctx;
    if (r->nf < 2)
        return;
    if (strcmp(r->f[1], "Full_Composition_Exclusion") == 0 && !r->missing) {
        fill8(p_fce, r, 1);
        return;
    }
    if (r->nf < 3)
        return;
    if (strcmp(r->f[2], "Y") == 0 || strcmp(r->f[2], "Yes") == 0)
        v = 0;
    else if (strcmp(r->f[2], "N") == 0 || strcmp(r->f[2], "No") == 0)
        v = 1;
    else if (strcmp(r->f[2], "M") == 0 || strcmp(r->f[2], "Maybe") == 0)
        v = 2;
    else
        return;
    if (strcmp(r->f[1], "NFC_QC") == 0)
        fill8(p_nfc_qc, r, v);
    else if (strcmp(r->f[1], "NFKC_QC") == 0)
        fill8(p_nfkc_qc, r, v);
    else if (strcmp(r->f[1], "NFD_QC") == 0)
        fill8(p_nfd_no, r, v == 1);
    else if (strcmp(r->f[1], "NFKD_QC") == 0)
        fill8(p_nfkd_no, r, v == 1);
}

/* Binary properties: ctx is the property name. */
static void cb_binary(const rec *r, void *ctx)
{
    const char *prop = ctx;
    if (r->missing || r->nf != 2 || strcmp(r->f[1], prop) != 0)
        return;
    if (strcmp(prop, "Default_Ignorable_Code_Point") == 0)
        fill8(p_di, r, 1);
    else
        fill8(p_nc, r, 1);
}

static void cb_scripts(const rec *r, void *ctx)
{
    (void)ctx;
    fill8(p_sc, r, (uint8_t)script_index(r->f[1]));
}

static void cb_scx(const rec *r, void *ctx)
{
    uint8_t set[64];
    int n = 0, k;
    char *p, *tok;
    uint32_t c;
    (void)ctx;
    if (r->missing)
        return; /* <script>: the default */
    memset(set, 0, sizeof set);
    for (p = r->f[1]; (tok = strtok(p, " ")) != NULL; p = NULL) {
        if (n == 64)
            die("ScriptExtensions: too many scripts");
        set[n++] = (uint8_t)script_index(tok);
    }
    for (k = 1; k < g_nscx; k++)
        if (g_scx_len[k] == n && memcmp(g_scx_sets[k], set, (size_t)n) == 0)
            break;
    if (k == g_nscx) {
        g_scx_sets = xrealloc(g_scx_sets, (size_t)(g_nscx + 1) * sizeof *g_scx_sets);
        g_scx_len = xrealloc(g_scx_len, (size_t)(g_nscx + 1) * sizeof *g_scx_len);
        memcpy(g_scx_sets[k], set, sizeof set);
        g_scx_len[k] = n;
        g_nscx++;
    }
    for (c = r->lo; c <= r->hi; c++)
        p_scx[c] = (uint16_t)k;
}

static int parse_seq(const char *s, uint32_t *out)
{
    int n = 0;
    char *end;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (n == MAXSEQ)
            die("sequence too long: %s", s);
        out[n++] = parse_hex(s, &end);
        s = end;
    }
    return n;
}

/* UnicodeData.txt: Decomposition_Mapping (field 5) and Bidi_Mirrored (field 9). */
static void cb_unicodedata(const rec *r, void *ctx)
{
    static uint32_t first;
    uint32_t lo = r->lo, hi = r->hi, c;
    const char *dm;
    (void)ctx;
    if (r->nf != 15)
        die("UnicodeData.txt: %d fields at %s", r->nf, r->f[0]);
    if (strstr(r->f[1], ", First>")) {
        first = lo;
        return;
    }
    if (strstr(r->f[1], ", Last>"))
        lo = first;
    for (c = lo; c <= hi; c++)
        p_mirrored[c] = r->f[9][0] == 'Y';
    dm = r->f[5];
    if (!*dm)
        return;
    if (lo != hi)
        die("UnicodeData.txt: decomposition on a range");
    if (dm[0] == '<') {
        const char *e = strchr(dm, '>');
        char tag[32];
        int t;
        if (!e || (size_t)(e - dm + 1) >= sizeof tag)
            die("bad tag %s", dm);
        memcpy(tag, dm, (size_t)(e - dm + 1));
        tag[e - dm + 1] = '\0';
        t = find_name(DT_TAGS + 2, NDT - 2, tag);
        if (t < 0)
            die("unknown decomposition tag %s", tag);
        p_dt[lo] = (uint8_t)(t + 2);
        dm = e + 1;
    } else {
        p_dt[lo] = DT_CANONICAL;
    }
    p_dm_len[lo] = (uint8_t)parse_seq(dm, p_dm[lo]);
}

static void cb_idna(const rec *r, void *ctx)
{
    uint32_t c, map[MAXSEQ];
    int st, n = 0, i8 = 0;
    static const char *const ST[] = {"valid", "ignored", "mapped", "deviation", "disallowed"};
    (void)ctx;
    if (r->missing)
        return;
    st = find_name(ST, 5, r->f[1]);
    if (st < 0)
        die("IdnaMappingTable: unknown status '%s'", r->f[1]);
    if (r->nf > 2 && r->f[2][0])
        n = parse_seq(r->f[2], map);
    if (st == 2 && n == 0)
        die("IdnaMappingTable: mapped without mapping at %04X", (unsigned)r->lo);
    if (n && st != 2 && st != 3)
        die("IdnaMappingTable: mapping on status %s", r->f[1]);
    if (r->nf > 3 && r->f[3][0]) {
        if (strcmp(r->f[3], "NV8") == 0)
            i8 = 1;
        else if (strcmp(r->f[3], "XV8") == 0)
            i8 = 2;
        else
            die("IdnaMappingTable: unknown IDNA2008 status '%s'", r->f[3]);
    }
    for (c = r->lo; c <= r->hi; c++) {
        p_uts_status[c] = (uint8_t)st;
        p_uts_i8[c] = (uint8_t)i8;
        p_uts_len[c] = (uint8_t)n;
        memcpy(p_uts_map[c], map, sizeof map);
    }
}

/* Name patterns of DerivedName.txt ("CJK UNIFIED IDEOGRAPH-*"). */
typedef struct pattern {
    uint32_t lo, hi;
    char *prefix;
} pattern;
static pattern *g_pat;
static int g_npat;

static void cb_names(const rec *r, void *ctx)
{
    const char *star;
    uint32_t c;
    (void)ctx;
    if (r->missing)
        return;
    star = strchr(r->f[1], '*');
    if (star) {
        if (star[1] != '\0')
            die("DerivedName: '*' not at the end: %s", r->f[1]);
        g_pat = xrealloc(g_pat, (size_t)(g_npat + 1) * sizeof *g_pat);
        g_pat[g_npat].lo = r->lo;
        g_pat[g_npat].hi = r->hi;
        g_pat[g_npat].prefix = xstrdup(r->f[1]);
        g_pat[g_npat].prefix[star - r->f[1]] = '\0';
        g_npat++;
        return;
    }
    for (c = r->lo; c <= r->hi; c++)
        p_name[c] = xstrdup(r->f[1]);
}

/* ------------------------------------------------------------------ Hangul (§3.12) */

#define SBASE 0xAC00u
#define LBASE 0x1100u
#define VBASE 0x1161u
#define TBASE 0x11A7u
#define LCOUNT 19u
#define VCOUNT 21u
#define TCOUNT 28u
#define NCOUNT (VCOUNT * TCOUNT)
#define SCOUNT (LCOUNT * NCOUNT)

static char *g_jamo_l[LCOUNT], *g_jamo_v[VCOUNT], *g_jamo_t[TCOUNT];

static const char *syllable_tail(uint32_t l, uint32_t v, uint32_t t)
{
    const char *n = p_name[SBASE + (l * VCOUNT + v) * TCOUNT + t];
    if (!n || strncmp(n, "HANGUL SYLLABLE ", 16) != 0)
        die("DerivedName.txt: no Hangul syllable name for %04X",
            (unsigned)(SBASE + (l * VCOUNT + v) * TCOUNT + t));
    return n + 16;
}

/* The jamo short names of §3.12 (Jamo.txt) are recovered from the syllable names of
 * DerivedName.txt: the leading consonant whose short name is empty makes the vowel names
 * appear alone; the result must then rebuild all 11172 names. */
static void derive_jamo(void)
{
    uint32_t e, l, v, t;
    for (e = 0; e < LCOUNT; e++) {
        int ok = 1;
        const char *v0;
        size_t lv0;
        for (v = 0; v < VCOUNT; v++)
            g_jamo_v[v] = xstrdup(syllable_tail(e, v, 0));
        v0 = g_jamo_v[0];
        lv0 = strlen(v0);
        for (t = 0; t < TCOUNT && ok; t++) {
            const char *n = syllable_tail(e, 0, t);
            if (strncmp(n, v0, lv0) != 0)
                ok = 0;
            else
                g_jamo_t[t] = xstrdup(n + lv0);
        }
        for (l = 0; l < LCOUNT && ok; l++) {
            const char *n = syllable_tail(l, 0, 0);
            size_t ln = strlen(n);
            if (ln < lv0 || strcmp(n + ln - lv0, v0) != 0) {
                ok = 0;
            } else {
                g_jamo_l[l] = xstrdup(n);
                g_jamo_l[l][ln - lv0] = '\0';
            }
        }
        for (l = 0; l < LCOUNT && ok; l++)
            for (v = 0; v < VCOUNT && ok; v++)
                for (t = 0; t < TCOUNT && ok; t++) {
                    char buf[64];
                    snprintf(buf, sizeof buf, "%s%s%s", g_jamo_l[l], g_jamo_v[v], g_jamo_t[t]);
                    if (strcmp(buf, syllable_tail(l, v, t)) != 0)
                        ok = 0;
                }
        if (ok && g_jamo_t[0][0] == '\0')
            return;
    }
    die("cannot derive the jamo short names from DerivedName.txt");
}

static int hangul_decompose(uint32_t s, uint32_t *out)
{
    uint32_t i = s - SBASE;
    out[0] = LBASE + i / NCOUNT;
    out[1] = VBASE + (i % NCOUNT) / TCOUNT;
    if (i % TCOUNT == 0)
        return 2;
    out[2] = TBASE + i % TCOUNT;
    return 3;
}

/* Full decomposition (D68, D65), Hangul by algorithm; canonical ordering applied. */
static int full_decomp(uint32_t c, int compat, uint32_t *out, int depth)
{
    int n = 0, i, k;
    if (depth > 20)
        die("decomposition loop at %04X", (unsigned)c);
    if (c >= SBASE && c < SBASE + SCOUNT)
        return hangul_decompose(c, out);
    if (p_dm_len[c] == 0 || (!compat && p_dt[c] != DT_CANONICAL)) {
        out[0] = c;
        return 1;
    }
    for (i = 0; i < p_dm_len[c]; i++) {
        uint32_t tmp[MAXSEQ * 2];
        int m = full_decomp(p_dm[c][i], compat, tmp, depth + 1);
        if (n + m > MAXSEQ)
            die("decomposition of %04X longer than %d", (unsigned)c, MAXSEQ);
        for (k = 0; k < m; k++)
            out[n++] = tmp[k];
    }
    return n;
}

/* Canonical Ordering Algorithm (D109): stable sort of each run of non-starters. */
static int canonical_order(uint32_t *s, int n)
{
    int changed = 0, i, j;
    for (i = 1; i < n; i++) {
        uint32_t c = s[i];
        if (p_ccc[c] == 0)
            continue;
        for (j = i; j > 0 && p_ccc[s[j - 1]] > p_ccc[c]; j--) {
            s[j] = s[j - 1];
            changed = 1;
        }
        s[j] = c;
    }
    return changed;
}

/* ------------------------------------------------------------------ deduplication */

typedef struct blobset {
    size_t size;
    unsigned char *data;
    size_t n, cap;
    uint32_t *ht;
    size_t htcap;
} blobset;

static uint32_t hash_bytes(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ *p++) * 16777619u;
    return h;
}

static void blob_init(blobset *b, size_t size)
{
    memset(b, 0, sizeof *b);
    b->size = size;
    b->htcap = 1024;
    b->ht = xcalloc(b->htcap, sizeof *b->ht);
}

static void blob_free(blobset *b)
{
    free(b->data);
    free(b->ht);
}

/* Index of the blob equal to p, added if new. Indices follow first appearance. */
static size_t blob_add(blobset *b, const void *p)
{
    size_t i;
    if ((b->n + 1) * 2 > b->htcap) {
        size_t k;
        free(b->ht);
        b->htcap *= 2;
        b->ht = xcalloc(b->htcap, sizeof *b->ht);
        for (k = 0; k < b->n; k++) {
            i = hash_bytes(b->data + k * b->size, b->size) & (b->htcap - 1);
            while (b->ht[i])
                i = (i + 1) & (b->htcap - 1);
            b->ht[i] = (uint32_t)(k + 1);
        }
    }
    i = hash_bytes(p, b->size) & (b->htcap - 1);
    while (b->ht[i]) {
        size_t k = b->ht[i] - 1;
        if (memcmp(b->data + k * b->size, p, b->size) == 0)
            return k;
        i = (i + 1) & (b->htcap - 1);
    }
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 256;
        b->data = xrealloc(b->data, b->cap * b->size);
    }
    memcpy(b->data + b->n * b->size, p, b->size);
    b->ht[i] = (uint32_t)(b->n + 1);
    return b->n++;
}

/* ------------------------------------------------------------------ tries */

typedef struct trie {
    unsigned sh1, sh2;
    uint16_t *s1, *s2, *s3;
    size_t n1, n2, n3;
} trie;

static void trie_build(trie *t, const uint16_t *val, unsigned sh1, unsigned sh2)
{
    size_t leaf = (size_t)1 << sh2, mid = (size_t)1 << (sh1 - sh2);
    size_t nleaf = NCPX >> sh2, nmid = NCPX >> sh1, i;
    uint16_t *leafidx = xcalloc(nleaf, sizeof *leafidx);
    blobset bl, bm;
    t->sh1 = sh1;
    t->sh2 = sh2;
    blob_init(&bl, leaf * sizeof(uint16_t));
    for (i = 0; i < nleaf; i++) {
        size_t k = blob_add(&bl, val + i * leaf);
        if (k > 0xFFFF)
            die("too many leaf blocks");
        leafidx[i] = (uint16_t)k;
    }
    blob_init(&bm, mid * sizeof(uint16_t));
    t->n1 = nmid;
    t->s1 = xcalloc(nmid, sizeof *t->s1);
    for (i = 0; i < nmid; i++) {
        size_t k = blob_add(&bm, leafidx + i * mid);
        if (k > 0xFFFF)
            die("too many middle blocks");
        t->s1[i] = (uint16_t)k;
    }
    t->n2 = bm.n * mid;
    t->s2 = xcalloc(t->n2, sizeof *t->s2);
    memcpy(t->s2, bm.data, t->n2 * sizeof *t->s2);
    t->n3 = bl.n * leaf;
    t->s3 = xcalloc(t->n3, sizeof *t->s3);
    memcpy(t->s3, bl.data, t->n3 * sizeof *t->s3);
    blob_free(&bl);
    blob_free(&bm);
    free(leafidx);
    /* Self-check of every lookup, the out-of-range clamp included. */
    for (i = 0; i < NCPX; i++) {
        size_t j = i >> sh1, m = t->s1[j];
        size_t l = t->s2[m * mid + ((i >> sh2) & (mid - 1))];
        if (t->s3[l * leaf + (i & (leaf - 1))] != val[i])
            die("trie self-check failed at %zx", i);
    }
}

static size_t trie_bytes(const trie *t) { return (t->n1 + t->n2 + t->n3) * sizeof(uint16_t); }

static void trie_free(trie *t)
{
    free(t->s1);
    free(t->s2);
    free(t->s3);
}

static trie make_trie(const char *name, const uint16_t *val, unsigned sh1, unsigned sh2)
{
    trie t;
    if (g_explore) {
        unsigned a, b, ba = 0, bb = 0;
        size_t best = (size_t)-1;
        for (a = 6; a <= 12; a++)
            for (b = 2; b < a; b++) {
                trie x;
                trie_build(&x, val, a, b);
                if (trie_bytes(&x) < best) {
                    best = trie_bytes(&x);
                    ba = a;
                    bb = b;
                }
                trie_free(&x);
            }
        fprintf(stderr, "explore %-8s best sh1=%u sh2=%u: %zu bytes\n", name, ba, bb, best);
    }
    trie_build(&t, val, sh1, sh2);
    if (g_explore)
        fprintf(stderr, "explore %-8s used sh1=%u sh2=%u: %zu bytes\n", name, sh1, sh2,
                trie_bytes(&t));
    return t;
}

/* ------------------------------------------------------------------ sequence pool */

static uint32_t *g_pool;
static size_t g_npool, g_poolcap;
static blobset g_seqset;
static uint32_t *g_seqoff;

/* Offset of the sequence in the pool, stored once. */
static uint16_t pool_add(const uint32_t *s, int n)
{
    uint32_t key[MAXSEQ + 1];
    size_t k;
    memset(key, 0, sizeof key);
    key[0] = (uint32_t)n;
    memcpy(key + 1, s, (size_t)n * sizeof *s);
    k = blob_add(&g_seqset, key);
    if (k == g_seqset.n - 1) {
        g_seqoff = xrealloc(g_seqoff, g_seqset.n * sizeof *g_seqoff);
        if (g_npool + (size_t)n > g_poolcap) {
            g_poolcap = g_poolcap ? g_poolcap * 2 : 4096;
            g_pool = xrealloc(g_pool, g_poolcap * sizeof *g_pool);
        }
        g_seqoff[k] = (uint32_t)g_npool;
        memcpy(g_pool + g_npool, s, (size_t)n * sizeof *s);
        g_npool += (size_t)n;
    }
    if (g_seqoff[k] > 0xFFFF)
        die("sequence pool larger than 65536 entries");
    return (uint16_t)g_seqoff[k];
}

/* ------------------------------------------------------------------ output */

static size_t g_bytes_tables, g_bytes_names;
static size_t *g_bytes = &g_bytes_tables;

/* The DO NOT EDIT header: inputs is the list of files read for this output. */
/* The IBIDI__NI_* word of ucd.h for one code point. */
static uint32_t norm_of(uint32_t c)
{
    return (uint32_t)p_ccc[c] | (uint32_t)p_nfc_qc[c] << 8 | (uint32_t)p_nfkc_qc[c] << 10 |
           (uint32_t)p_nfd_no[c] << 12 | (uint32_t)p_nfkd_no[c] << 13;
}

static void header(FILE *f, const char *inputs, const char *what)
{
    fprintf(f,
            "/*\n"
            " * DO NOT EDIT: generated by tools/gen_tables.c (make tables) from the Unicode "
            "%s\n"
            " * Character Database files in data/ucd/%s:\n"
            "%s"
            " * %s\n"
            " */\n",
            UNICODE_VERSION, UNICODE_VERSION, inputs, what);
}

static void emit_uints(FILE *f, const char *type, const char *name, const void *a, size_t n,
                       size_t width, size_t per_line)
{
    size_t i;
    fprintf(f, "const %s %s[%zu] = {", type, name, n);
    for (i = 0; i < n; i++) {
        unsigned long long v;
        if (width == 1)
            v = ((const uint8_t *)a)[i];
        else if (width == 2)
            v = ((const uint16_t *)a)[i];
        else if (width == 4)
            v = ((const uint32_t *)a)[i];
        else
            v = ((const uint64_t *)a)[i];
        if (i % per_line == 0)
            fputs("\n    ", f);
        else
            fputc(' ', f);
        if (width == 8)
            fprintf(f, "0x%016llXu,", v);
        else
            fprintf(f, "%llu,", v);
    }
    fputs("\n};\n", f);
    *g_bytes += n * width;
}

static void emit_ints(FILE *f, const char *name, const int32_t *a, size_t n)
{
    size_t i;
    fprintf(f, "const int32_t %s[%zu] = {", name, n);
    for (i = 0; i < n; i++)
        fprintf(f, "%s%ld,", i % 16 ? " " : "\n    ", (long)a[i]);
    fputs("\n};\n", f);
    *g_bytes += n * 4;
}

static void emit_trie(FILE *f, const char *name, const trie *t, const char *sh1, const char *sh2)
{
    char buf[128];
    fprintf(f, "\n/* %s: %zu + %zu + %zu entries */\n", name, t->n1, t->n2, t->n3);
    fprintf(f, "_Static_assert(%s == %u && %s == %u, \"ucd.h and gen_tables.c disagree\");\n",
            sh1, t->sh1, sh2, t->sh2);
    snprintf(buf, sizeof buf, "ibidi__%s_s1", name);
    emit_uints(f, "uint16_t", buf, t->s1, t->n1, 2, 20);
    snprintf(buf, sizeof buf, "ibidi__%s_s2", name);
    emit_uints(f, "uint16_t", buf, t->s2, t->n2, 2, 20);
    snprintf(buf, sizeof buf, "ibidi__%s_s3", name);
    emit_uints(f, "uint16_t", buf, t->s3, t->n3, 2, 20);
}

/* A code point mapping (0: none) as a trie of indexes into ibidi__<name>_delta, the
 * distinct differences target - cp, index 0 being 0. val is scratch of NCPX entries. */
static void emit_delta_trie(FILE *f, const char *name, const uint32_t *map, uint16_t *val)
{
    blobset deltas;
    trie t;
    uint32_t c;
    int32_t zero = 0;
    char buf[64];
    blob_init(&deltas, 4);
    blob_add(&deltas, &zero);
    for (c = 0; c < NCPX; c++) {
        int32_t d;
        val[c] = 0;
        if (c < NCP && map[c]) {
            d = (int32_t)map[c] - (int32_t)c;
            val[c] = (uint16_t)blob_add(&deltas, &d);
        }
    }
    t = make_trie(name, val, PAIR_SH1, PAIR_SH2);
    emit_trie(f, name, &t, "IBIDI__PAIR_SH1", "IBIDI__PAIR_SH2");
    trie_free(&t);
    snprintf(buf, sizeof buf, "ibidi__%s_delta", name);
    emit_ints(f, buf, (const int32_t *)deltas.data, deltas.n);
    blob_free(&deltas);
}

/* Creates the folders of root/rel (root itself must exist). */
static void make_dirs(const char *root, const char *rel)
{
    char path[4096];
    const char *p;
    for (p = strchr(rel, '/'); p; p = strchr(p + 1, '/')) {
        snprintf(path, sizeof path, "%s/%.*s", root, (int)(p - rel), rel);
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            die("cannot create %s", path);
    }
}

static FILE *open_out(const char *root, const char *rel, char *path, size_t pathsz)
{
    FILE *f;
    make_dirs(root, rel);
    snprintf(path, pathsz, "%s/%s", root, rel);
    f = fopen(path, "wb");
    if (!f)
        die("cannot write %s", path);
    return f;
}

static void close_out(FILE *f, const char *path)
{
    if (ferror(f) || fclose(f) != 0)
        die("error writing %s", path);
}

static int cmp_name_value(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

typedef struct nv {
    const char *name;
    int value;
} nv;

static void emit_by_name(FILE *f, const char *name, nv *v, size_t n)
{
    size_t i, j;
    qsort(v, n, sizeof *v, cmp_name_value);
    for (i = j = 0; i < n; i++) /* drop repeated aliases ("Zyyy" is short and long) */
        if (j == 0 || strcmp(v[j - 1].name, v[i].name) != 0)
            v[j++] = v[i];
        else if (v[j - 1].value != v[i].value)
            die("name %s used for two values", v[i].name);
    fprintf(f, "const ibidi__name_value %s[%zu] = {\n", name, j);
    for (i = 0; i < j; i++)
        fprintf(f, "    {\"%s\", %d},\n", v[i].name, v[i].value);
    fprintf(f, "};\nconst size_t %s_count = %zu;\n", name, j);
}

static void emit_strings(FILE *f, const char *decl, const char *const *s, size_t n, size_t per)
{
    size_t i;
    fprintf(f, "%s = {", decl);
    for (i = 0; i < n; i++)
        fprintf(f, "%s\"%s\",", i % per ? " " : "\n    ", s[i]);
    fputs("\n};\n", f);
}

/* ------------------------------------------------------------------ names */

typedef struct word {
    char *s;
    long count;
    int first; /* first appearance, for a deterministic order */
    int code;
} word;
static word *g_words;
static int g_nwords;
static blobset g_wordset; /* keys: zero-padded words of WORDKEY bytes */

#define WORDKEY 48

static int word_id(const char *s, size_t len)
{
    char key[WORDKEY];
    size_t k;
    if (len >= WORDKEY)
        die("word too long in a name");
    memset(key, 0, sizeof key);
    memcpy(key, s, len);
    k = blob_add(&g_wordset, key);
    if ((int)k == g_nwords) {
        g_words = xrealloc(g_words, (size_t)(g_nwords + 1) * sizeof *g_words);
        g_words[k].s = xstrdup(key);
        g_words[k].count = 0;
        g_words[k].first = (int)k;
        g_nwords++;
    }
    return (int)k;
}

static int cmp_word(const void *a, const void *b)
{
    const word *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return x->first - y->first;
}

typedef struct bytes {
    uint8_t *p;
    size_t n, cap;
} bytes;

static void put(bytes *b, unsigned v)
{
    if (v > 255)
        die("byte out of range");
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 65536;
        b->p = xrealloc(b->p, b->cap);
    }
    b->p[b->n++] = (uint8_t)v;
}

static int split_words(const char *name, int *ids)
{
    int n = 0;
    const char *p = name;
    for (;;) {
        const char *sp = strchr(p, ' ');
        size_t len = sp ? (size_t)(sp - p) : strlen(p);
        if (len == 0)
            die("empty word in name '%s'", name);
        if (n == 15)
            die("more than 15 words in '%s'", name);
        ids[n++] = word_id(p, len);
        if (!sp)
            break;
        p = sp + 1;
    }
    return n;
}

static void gen_names(const char *root)
{
    uint32_t c;
    int i, k, *order, nnames = 0;
    bytes data = {0}, wbytes = {0};
    uint32_t *name_off = NULL, *word_off;
    uint8_t *block;
    uint64_t *bits;
    uint16_t *base;
    size_t nblocks = 1, nbuf;
    int prev[15], nprev = 0;
    char path[4096];
    FILE *f;

    blob_init(&g_wordset, WORDKEY);
    /* Pass 1: word frequencies over the stored names (patterns and Hangul by rule). */
    for (c = 0; c < NCP; c++) {
        int ids[15], n;
        if (!p_name[c] || (c >= SBASE && c < SBASE + SCOUNT))
            continue;
        n = split_words(p_name[c], ids);
        for (i = 0; i < n; i++)
            g_words[ids[i]].count++;
    }
    {
        word *sorted = xcalloc((size_t)g_nwords, sizeof *sorted);
        memcpy(sorted, g_words, (size_t)g_nwords * sizeof *sorted);
        qsort(sorted, (size_t)g_nwords, sizeof *sorted, cmp_word);
        order = xcalloc((size_t)g_nwords, sizeof *order);
        for (i = 0; i < g_nwords; i++) {
            g_words[sorted[i].first].code = i;
            order[i] = sorted[i].first;
        }
        free(sorted);
    }
    if (g_nwords > 192 + 64 * 256)
        die("too many words for the name coding");
    word_off = xcalloc((size_t)g_nwords / 16 + 1, sizeof *word_off);
    for (i = 0; i < g_nwords; i++) {
        const char *s = g_words[order[i]].s;
        if (i % 16 == 0)
            word_off[i / 16] = (uint32_t)wbytes.n;
        put(&wbytes, (unsigned)strlen(s));
        for (k = 0; s[k]; k++)
            put(&wbytes, (unsigned char)s[k]);
    }

    /* Pass 2: names in code point order, front-coded in groups of 16. */
    block = xcalloc(NCPX >> 12, 1);
    bits = xcalloc(NCPX >> 6, sizeof *bits);
    base = xcalloc(NCPX >> 6, sizeof *base);
    for (c = 0; c < NCP; c++) {
        int ids[15], n, shared = 0;
        if (!p_name[c] || (c >= SBASE && c < SBASE + SCOUNT))
            continue;
        if (strlen(p_name[c]) > 128)
            die("name longer than IBIDI_UNICODE_MAX_NAME");
        n = split_words(p_name[c], ids);
        if (nnames % 16 == 0) {
            name_off = xrealloc(name_off, (size_t)(nnames / 16 + 1) * sizeof *name_off);
            name_off[nnames / 16] = (uint32_t)data.n;
            nprev = 0;
        }
        while (shared < n && shared < nprev && ids[shared] == prev[shared])
            shared++;
        put(&data, (unsigned)(shared << 4 | (n - shared)));
        for (i = shared; i < n; i++) {
            int code = g_words[ids[i]].code;
            if (code < 192) {
                put(&data, (unsigned)code);
            } else {
                put(&data, (unsigned)(192 + ((code - 192) >> 8)));
                put(&data, (unsigned)((code - 192) & 0xFF));
            }
        }
        memcpy(prev, ids, sizeof ids);
        nprev = n;
        bits[c >> 6] |= (uint64_t)1 << (c & 63);
        nnames++;
    }
    if (nnames > 0xFFFF)
        die("too many names for 16-bit numbering");
    /* Chunk bases and block deduplication (block 0: no names). */
    {
        int count = 0;
        uint64_t *ubits = xcalloc(NCPX >> 6, sizeof *ubits);
        uint16_t *ubase = xcalloc(NCPX >> 6, sizeof *ubase);
        for (c = 0; c < (NCPX >> 6); c++) {
            base[c] = (uint16_t)count;
            for (k = 0; k < 64; k++)
                count += (int)((bits[c] >> k) & 1);
        }
        for (c = 0; c < (NCPX >> 12); c++) {
            int any = 0;
            for (k = 0; k < 64; k++)
                any |= bits[c * 64 + (uint32_t)k] != 0;
            if (!any)
                continue;
            if (nblocks > 255)
                die("too many name blocks");
            memcpy(ubits + nblocks * 64, bits + c * 64, 64 * sizeof *bits);
            memcpy(ubase + nblocks * 64, base + c * 64, 64 * sizeof *base);
            block[c] = (uint8_t)nblocks++;
        }
        free(bits);
        free(base);
        bits = ubits;
        base = ubase;
    }

    f = open_out(root, "src/unicode/ucd_names.c", path, sizeof path);
    g_bytes = &g_bytes_names;
    header(f, " *   extracted/DerivedName.txt\n",
           "Character names (the Name property), layout described in src/unicode/ucd.h.");
    fprintf(f, "#include \"unicode/ucd.h\"\n\n");
    fprintf(f, "/* %d names stored, %d distinct words */\n", nnames, g_nwords);
    emit_uints(f, "uint8_t", "ibidi__name_block", block, NCPX >> 12, 1, 20);
    emit_uints(f, "uint64_t", "ibidi__name_bits", bits, nblocks * 64, 8, 4);
    emit_uints(f, "uint16_t", "ibidi__name_base", base, nblocks * 64, 2, 16);
    emit_uints(f, "uint32_t", "ibidi__name_off", name_off, (size_t)(nnames + 15) / 16, 4, 10);
    emit_uints(f, "uint8_t", "ibidi__name_data", data.p, data.n, 1, 20);
    emit_uints(f, "uint32_t", "ibidi__name_word_off", word_off, (size_t)(g_nwords + 15) / 16, 4,
               10);
    /* Words as character literals, one group of 16 a line, for readable diffs. */
    fprintf(f, "const uint8_t ibidi__name_words[%zu] = {", wbytes.n);
    nbuf = 0;
    for (i = 0; i < g_nwords; i++) {
        const char *s = g_words[order[i]].s;
        if (i % 4 == 0)
            fputs("\n   ", f);
        fprintf(f, " %u,", (unsigned)strlen(s));
        for (k = 0; s[k]; k++)
            fprintf(f, "'%c',", s[k]);
        nbuf += strlen(s) + 1;
    }
    fputs("\n};\n", f);
    if (nbuf != wbytes.n)
        die("word bytes mismatch");
    g_bytes_names += wbytes.n;

    fprintf(f, "\nconst ibidi__name_pattern ibidi__name_patterns[%d] = {\n", g_npat);
    for (i = 0; i < g_npat; i++)
        fprintf(f, "    {0x%04X, 0x%04X, \"%s\"},\n", (unsigned)g_pat[i].lo,
                (unsigned)g_pat[i].hi, g_pat[i].prefix);
    fprintf(f, "};\nconst size_t ibidi__name_pattern_count = %d;\n\n", g_npat);
    g_bytes_names += (size_t)g_npat * 16;
    emit_strings(f, "const char *const ibidi__jamo_l[19]", (const char *const *)g_jamo_l, LCOUNT,
                 10);
    emit_strings(f, "const char *const ibidi__jamo_v[21]", (const char *const *)g_jamo_v, VCOUNT,
                 11);
    emit_strings(f, "const char *const ibidi__jamo_t[28]", (const char *const *)g_jamo_t, TCOUNT,
                 14);
    close_out(f, path);
    g_bytes = &g_bytes_tables;
    free(block);
    free(bits);
    free(base);
    free(name_off);
    free(word_off);
    free(data.p);
    free(wbytes.p);
    free(order);
}

/* ------------------------------------------------------------------ RFC 5892 */

/* Inputs of the IDNA2008 derived property that the other tables do not need. */
static uint8_t *p_ws, *p_jc, *p_jamo_hst, *p_ign_block, *p_cf_len;
static uint32_t (*p_cf)[3];
static uint8_t *p_idna; /* the derived property, ibidi_idna_property values */

/* CaseFolding.txt, for RFC 5892 §2.2: toCaseFold (Unicode §3.13) is the full folding,
 * statuses C and F. */
static void cb_casefold(const rec *r, void *ctx)
{
    uint32_t map[MAXSEQ];
    int n;
    (void)ctx;
    if (r->missing || r->nf < 3)
        return;
    if (strcmp(r->f[1], "C") != 0 && strcmp(r->f[1], "F") != 0)
        return;
    n = parse_seq(r->f[2], map);
    if (n < 1 || n > 3 || r->lo != r->hi)
        die("CaseFolding.txt: bad mapping at %04X", (unsigned)r->lo);
    p_cf_len[r->lo] = (uint8_t)n;
    memcpy(p_cf[r->lo], map, (size_t)n * sizeof *map);
}

/* PropList.txt: White_Space (RFC 5892 §2.3) and Join_Control (§2.8). The other inputs of
 * §2.3, Default_Ignorable_Code_Point and Noncharacter_Code_Point, are p_di and p_nc. */
static void cb_proplist_idna(const rec *r, void *ctx)
{
    (void)ctx;
    if (r->missing || r->nf != 2)
        return;
    if (strcmp(r->f[1], "White_Space") == 0)
        fill8(p_ws, r, 1);
    else if (strcmp(r->f[1], "Join_Control") == 0)
        fill8(p_jc, r, 1);
}

/* RFC 5892 §2.9: Hangul_Syllable_Type L, V or T (not LV, LVT). */
static void cb_hst(const rec *r, void *ctx)
{
    (void)ctx;
    if (r->missing)
        return;
    if (strcmp(r->f[1], "L") == 0 || strcmp(r->f[1], "V") == 0 || strcmp(r->f[1], "T") == 0)
        fill8(p_jamo_hst, r, 1);
}

/* RFC 5892 §2.4: the three blocks of IgnorableBlocks, by their Blocks.txt names. */
static void cb_blocks(const rec *r, void *ctx)
{
    static const char *const IGNORABLE[] = {"Combining Diacritical Marks for Symbols",
                                            "Musical Symbols", "Ancient Greek Musical Notation"};
    int *found = ctx;
    int i;
    if (r->missing)
        return;
    for (i = 0; i < 3; i++)
        if (strcmp(r->f[1], IGNORABLE[i]) == 0) {
            fill8(p_ign_block, r, 1);
            found[i] = 1;
        }
}

/* Primary composites (D114) as sorted (first, second, composite) triples. */
static uint32_t *g_comp3;
static size_t g_ncomp3;

static int cmp_comp3(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    if (x[1] != y[1])
        return x[1] < y[1] ? -1 : 1;
    return 0;
}

static void build_compositions(void)
{
    uint32_t c;
    for (c = 0; c < NCP; c++) {
        if (p_dt[c] != DT_CANONICAL || p_dm_len[c] != 2 || p_fce[c])
            continue;
        g_comp3 = xrealloc(g_comp3, (g_ncomp3 + 1) * 3 * sizeof *g_comp3);
        g_comp3[g_ncomp3 * 3] = p_dm[c][0];
        g_comp3[g_ncomp3 * 3 + 1] = p_dm[c][1];
        g_comp3[g_ncomp3 * 3 + 2] = c;
        g_ncomp3++;
    }
    qsort(g_comp3, g_ncomp3, 3 * sizeof *g_comp3, cmp_comp3);
}

/* The primary composite of (a, b), Hangul by §3.12; 0 if none. */
static uint32_t compose_pair(uint32_t a, uint32_t b)
{
    uint32_t key[3];
    const uint32_t *hit;
    if (a >= LBASE && a < LBASE + LCOUNT && b >= VBASE && b < VBASE + VCOUNT)
        return SBASE + ((a - LBASE) * VCOUNT + (b - VBASE)) * TCOUNT;
    if (a >= SBASE && a < SBASE + SCOUNT && (a - SBASE) % TCOUNT == 0 && b > TBASE &&
        b < TBASE + TCOUNT)
        return a + (b - TBASE);
    key[0] = a;
    key[1] = b;
    key[2] = 0;
    hit = bsearch(key, g_comp3, g_ncomp3, 3 * sizeof *g_comp3, cmp_comp3);
    return hit ? hit[2] : 0;
}

#define IDNA_BUF 256

/* toNFKC (UAX #15): full compatibility decomposition, canonical ordering, canonical
 * composition (D117). */
static int to_nfkc(const uint32_t *in, int n, uint32_t *out)
{
    uint32_t d[IDNA_BUF];
    int nd = 0, i, j = 0, starter = -1, last_cc = -1;
    for (i = 0; i < n; i++) {
        uint32_t tmp[MAXSEQ * 2];
        int m = full_decomp(in[i], 1, tmp, 0), k;
        if (nd + m > IDNA_BUF)
            die("NFKC buffer too small");
        for (k = 0; k < m; k++)
            d[nd++] = tmp[k];
    }
    canonical_order(d, nd);
    for (i = 0; i < nd; i++) {
        uint32_t c = d[i];
        int cc = p_ccc[c];
        /* c is blocked from the last starter unless nothing lies between them or the
         * last character kept has a lower, non-zero class */
        if (starter >= 0 && (last_cc == -1 || (last_cc != 0 && last_cc < cc))) {
            uint32_t comp = compose_pair(out[starter], c);
            if (comp) {
                out[starter] = comp;
                continue;
            }
        }
        out[j++] = c;
        if (cc == 0) {
            starter = j - 1;
            last_cc = -1;
        } else {
            last_cc = cc;
        }
    }
    return j;
}

/* toCaseFold (Unicode §3.13, full folding). */
static int to_casefold(const uint32_t *in, int n, uint32_t *out)
{
    int i, j = 0, k;
    for (i = 0; i < n; i++) {
        if (j + 3 > IDNA_BUF)
            die("case folding buffer too small");
        if (p_cf_len[in[i]] == 0) {
            out[j++] = in[i];
            continue;
        }
        for (k = 0; k < p_cf_len[in[i]]; k++)
            out[j++] = p_cf[in[i]][k];
    }
    return j;
}

/* RFC 5892 §2.2 Unstable (B): toNFKC(toCaseFold(toNFKC(cp))) != cp. */
static int idna_unstable(uint32_t cp)
{
    uint32_t a[IDNA_BUF], b[IDNA_BUF];
    int n = to_nfkc(&cp, 1, a);
    n = to_casefold(a, n, b);
    n = to_nfkc(b, n, a);
    return !(n == 1 && a[0] == cp);
}

/* Values of include/ibidi/idna.h (ibidi_idna_property). */
enum { IDNA_PVALID, IDNA_CONTEXTJ, IDNA_CONTEXTO, IDNA_DISALLOWED, IDNA_UNASSIGNED };

/* RFC 5892 §2.6 Exceptions (F), with their values. */
static const uint32_t IDNA_EXCEPTIONS[][2] = {
    /* PVALID: would otherwise have been DISALLOWED */
    {0x00DF, IDNA_PVALID}, {0x03C2, IDNA_PVALID}, {0x06FD, IDNA_PVALID},
    {0x06FE, IDNA_PVALID}, {0x0F0B, IDNA_PVALID}, {0x3007, IDNA_PVALID},
    /* CONTEXTO: would otherwise have been DISALLOWED */
    {0x00B7, IDNA_CONTEXTO}, {0x0375, IDNA_CONTEXTO}, {0x05F3, IDNA_CONTEXTO},
    {0x05F4, IDNA_CONTEXTO}, {0x30FB, IDNA_CONTEXTO},
    /* CONTEXTO: would otherwise have been PVALID */
    {0x0660, IDNA_CONTEXTO}, {0x0661, IDNA_CONTEXTO}, {0x0662, IDNA_CONTEXTO},
    {0x0663, IDNA_CONTEXTO}, {0x0664, IDNA_CONTEXTO}, {0x0665, IDNA_CONTEXTO},
    {0x0666, IDNA_CONTEXTO}, {0x0667, IDNA_CONTEXTO}, {0x0668, IDNA_CONTEXTO},
    {0x0669, IDNA_CONTEXTO}, {0x06F0, IDNA_CONTEXTO}, {0x06F1, IDNA_CONTEXTO},
    {0x06F2, IDNA_CONTEXTO}, {0x06F3, IDNA_CONTEXTO}, {0x06F4, IDNA_CONTEXTO},
    {0x06F5, IDNA_CONTEXTO}, {0x06F6, IDNA_CONTEXTO}, {0x06F7, IDNA_CONTEXTO},
    {0x06F8, IDNA_CONTEXTO}, {0x06F9, IDNA_CONTEXTO},
    /* DISALLOWED: would otherwise have been PVALID */
    {0x0640, IDNA_DISALLOWED}, {0x07FA, IDNA_DISALLOWED}, {0x302E, IDNA_DISALLOWED},
    {0x302F, IDNA_DISALLOWED}, {0x3031, IDNA_DISALLOWED}, {0x3032, IDNA_DISALLOWED},
    {0x3033, IDNA_DISALLOWED}, {0x3034, IDNA_DISALLOWED}, {0x3035, IDNA_DISALLOWED},
    {0x303B, IDNA_DISALLOWED}};

static int g_gc_letter_digit[30]; /* §2.1: 1 for Ll, Lu, Lo, Nd, Lm, Mn, Mc */

/* RFC 5892 §3: the rules in their order, the first that holds gives the value. */
static int idna_value(uint32_t c)
{
    size_t i;
    for (i = 0; i < sizeof IDNA_EXCEPTIONS / sizeof IDNA_EXCEPTIONS[0]; i++)
        if (IDNA_EXCEPTIONS[i][0] == c)
            return (int)IDNA_EXCEPTIONS[i][1]; /* §2.6 Exceptions (F): Exceptions(cp) */
    /* §2.7 BackwardCompatible (G) is empty: no rule */
    if (p_gc[c] == GC_CN && !p_nc[c])
        return IDNA_UNASSIGNED; /* §2.10 Unassigned (J) */
    if (c == 0x2D || (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7A))
        return IDNA_PVALID; /* §2.5 LDH (E) */
    if (p_jc[c])
        return IDNA_CONTEXTJ; /* §2.8 JoinControl (H) */
    if (idna_unstable(c))
        return IDNA_DISALLOWED; /* §2.2 Unstable (B) */
    if (p_di[c] || p_ws[c] || p_nc[c])
        return IDNA_DISALLOWED; /* §2.3 IgnorableProperties (C) */
    if (p_ign_block[c])
        return IDNA_DISALLOWED; /* §2.4 IgnorableBlocks (D) */
    if (p_jamo_hst[c])
        return IDNA_DISALLOWED; /* §2.9 OldHangulJamo (I) */
    if (g_gc_letter_digit[p_gc[c]])
        return IDNA_PVALID; /* §2.1 LetterDigits (A) */
    return IDNA_DISALLOWED;
}

/* Reads the inputs only this property needs and fills p_idna for 0..10FFFF. */
static void compute_idna(void)
{
    static const char *const LETTER_DIGITS[] = {"Ll", "Lu", "Lo", "Nd", "Lm", "Mn", "Mc"};
    uint32_t c;
    int found[3] = {0, 0, 0}, i;
    for (i = 0; i < 7; i++)
        g_gc_letter_digit[value_index("gc", GC_NAMES, 30, LETTER_DIGITS[i])] = 1;
    each_line("CaseFolding.txt", cb_casefold, NULL);
    each_line("PropList.txt", cb_proplist_idna, NULL);
    each_line("HangulSyllableType.txt", cb_hst, NULL);
    each_line("Blocks.txt", cb_blocks, found);
    if (!found[0] || !found[1] || !found[2])
        die("Blocks.txt: a block of RFC 5892 §2.4 (IgnorableBlocks) is missing");
    build_compositions();
    for (c = 0; c < NCP; c++)
        p_idna[c] = (uint8_t)idna_value(c);
}


/* The two-stage table of the RFC 5892 derived property over 0..10FFFF: s1[cp >> SH]
 * names a block of 1 << SH values, identical blocks stored once. The values (0..4) are
 * packed two to a byte, the even code point in the low nibble. */
static size_t idna_table(uint8_t *s1, blobset *blocks, unsigned sh)
{
    uint32_t b, nb = NCP >> sh, j, half = 1u << (sh - 1);
    uint8_t packed[1u << 9];
    blob_init(blocks, half);
    for (b = 0; b < nb; b++) {
        const uint8_t *v = p_idna + ((size_t)b << sh);
        size_t id;
        for (j = 0; j < half; j++)
            packed[j] = (uint8_t)(v[2 * j] | v[2 * j + 1] << 4);
        id = blob_add(blocks, packed);
        if (s1 && id > 255)
            die("too many RFC 5892 blocks for 8-bit indexes");
        if (s1)
            s1[b] = (uint8_t)id;
    }
    return blocks->n;
}

static void emit_idna(FILE *f)
{
    blobset bl;
    uint8_t *s1 = xcalloc(NCP >> IDNA_SH, 1);
    uint32_t c, half = 1u << (IDNA_SH - 1);
    if (g_explore) {
        unsigned sh;
        for (sh = 4; sh <= 10; sh++) {
            size_t n = idna_table(NULL, &bl, sh);
            fprintf(stderr, "explore idna2008 sh=%u: %zu blocks, %zu bytes\n", sh, n,
                    (size_t)(NCP >> sh) * (n > 256 ? 2 : 1) + n * bl.size);
            blob_free(&bl);
        }
    }
    idna_table(s1, &bl, IDNA_SH);
    for (c = 0; c < NCP; c++) { /* self-check of every lookup */
        uint8_t byte = bl.data[(size_t)s1[c >> IDNA_SH] * half + ((c >> 1) & (half - 1))];
        if (((byte >> ((c & 1) * 4)) & 0xF) != p_idna[c])
            die("RFC 5892 table self-check failed at %04X", (unsigned)c);
    }
    fprintf(f, "\n/* RFC 5892 derived property (ibidi_idna_property) of U+0000..U+10FFFF: "
               "%zu blocks of %u values, two a byte */\n",
            bl.n, 1u << IDNA_SH);
    fprintf(f, "_Static_assert(IBIDI__IDNA2008_SH == %u, \"ucd.h and gen_tables.c disagree\");\n",
            IDNA_SH);
    emit_uints(f, "uint8_t", "ibidi__idna2008_s1", s1, NCP >> IDNA_SH, 1, 20);
    emit_uints(f, "uint8_t", "ibidi__idna2008_s2", bl.data, bl.n * half, 1, 20);
    blob_free(&bl);
    free(s1);
}

/* ------------------------------------------------------------------ main tables */

static void gen_scripts_header(const char *root)
{
    char path[4096];
    FILE *f = open_out(root, "include/ibidi/unicode_scripts.h", path, sizeof path);
    int i;
    header(f, " *   PropertyValueAliases.txt\n",
           "Script values (property sc), in the order of PropertyValueAliases.txt.");
    fprintf(f, "#ifndef IBIDI_UNICODE_SCRIPTS_H\n#define IBIDI_UNICODE_SCRIPTS_H\n\n"
               "#include <stdint.h>\n\n"
               "/* A Script value: one of the IBIDI_UNICODE_SC_* constants below. */\n"
               "typedef uint16_t ibidi_unicode_sc;\n\n");
    for (i = 0; i < g_nsc; i++) {
        char up[16];
        int k;
        for (k = 0; g_sc_short[i][k] && k < 15; k++) {
            char ch = g_sc_short[i][k];
            up[k] = (char)(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
        }
        up[k] = '\0';
        fprintf(f, "#define IBIDI_UNICODE_SC_%s %d /* %s */\n", up, i, g_sc_long[i]);
    }
    fprintf(f, "\n#define IBIDI_UNICODE_SC_COUNT %d\n\n#endif\n", g_nsc);
    close_out(f, path);
}

static void gen_tables(const char *root)
{
    uint16_t *val = xcalloc(NCPX, sizeof *val);
    uint32_t c;
    blobset recs, drecs, urecs;
    trie t;
    char path[4096];
    FILE *f;
    int i, reordered = 0;
    uint32_t *pairs = NULL;
    size_t npairs = 0, k;

    f = open_out(root, "src/unicode/ucd_tables.c", path, sizeof path);
    header(f,
           " *   UnicodeData.txt, extracted/DerivedBidiClass.txt, "
           "extracted/DerivedGeneralCategory.txt,\n"
           " *   extracted/DerivedCombiningClass.txt, extracted/DerivedJoiningType.txt,\n"
           " *   BidiBrackets.txt, BidiMirroring.txt, DerivedNormalizationProps.txt,\n"
           " *   DerivedCoreProperties.txt, PropList.txt, Scripts.txt, ScriptExtensions.txt,\n"
           " *   PropertyValueAliases.txt, idna/IdnaMappingTable.txt, CaseFolding.txt,\n"
           " *   HangulSyllableType.txt, Blocks.txt\n",
           "Character properties, decompositions, compositions, the UTS #46\n"
           " * mapping table and the RFC 5892 derived property; layout described in\n"
           " * src/unicode/ucd.h.");
    fprintf(f, "#include \"unicode/ucd.h\"\n");

    /* Main property records. */
    blob_init(&recs, 8);
    for (c = 0; c < NCPX; c++) {
        uint8_t r[8];
        uint32_t norm = norm_of(c);
        size_t k2;
        if (p_scx[c] > 255)
            die("too many Script_Extensions sets");
        r[0] = (uint8_t)(norm & 0xFF);
        r[1] = (uint8_t)(norm >> 8);
        r[2] = p_bc[c];
        r[3] = p_gc[c];
        r[4] = p_sc[c];
        r[5] = (uint8_t)p_scx[c];
        r[6] = p_jt[c];
        r[7] = (uint8_t)(p_mirrored[c] | p_di[c] << 1 | p_nc[c] << 2 | p_bpt[c] << 3);
        k2 = blob_add(&recs, r);
        if (k2 > 0xFFFF)
            die("too many property records");
        val[c] = (uint16_t)k2;
    }
    t = make_trie("props", val, PROPS_SH1, PROPS_SH2);
    emit_trie(f, "props", &t, "IBIDI__PROPS_SH1", "IBIDI__PROPS_SH2");

    /* The normalization word of the BMP again, in a two-stage table: the hot loops of
     * normalization read it with two loads instead of the three of the trie and the one
     * of the record. */
    {
        blobset nb;
        uint8_t bs1[256];
        uint32_t b, j;
        blob_init(&nb, 256 * sizeof(uint16_t));
        for (b = 0; b < 256; b++) {
            uint16_t blk[256];
            size_t id;
            for (j = 0; j < 256; j++)
                blk[j] = (uint16_t)norm_of(b << 8 | j);
            id = blob_add(&nb, blk);
            if (id > 255)
                die("too many normalization blocks in the BMP");
            bs1[b] = (uint8_t)id;
        }
        fprintf(f, "\n/* normalization data of U+0000..U+FFFF: %zu blocks of 256 */\n", nb.n);
        emit_uints(f, "uint8_t", "ibidi__norm_bmp_s1", bs1, 256, 1, 20);
        emit_uints(f, "uint16_t", "ibidi__norm_bmp_s2", nb.data, nb.n * 256, 2, 20);
        blob_free(&nb);
    }
    /* Bidi_Class and Bidi_Paired_Bracket_Type of the BMP in one byte (class | type << 5),
     * two-stage with blocks of 64: the classification loop of the bidirectional
     * algorithm reads it with two loads. */
    {
        blobset bb;
        uint8_t bs1[1024];
        uint32_t b, j;
        blob_init(&bb, 64);
        for (b = 0; b < 1024; b++) {
            uint8_t blk[64];
            size_t id;
            for (j = 0; j < 64; j++) {
                uint32_t c = b << 6 | j;
                blk[j] = (uint8_t)(p_bc[c] | p_bpt[c] << 5);
            }
            id = blob_add(&bb, blk);
            if (id > 255)
                die("too many bidi blocks in the BMP");
            bs1[b] = (uint8_t)id;
        }
        fprintf(f, "\n/* bidi class | bracket type << 5 of U+0000..U+FFFF: %zu blocks of 64 */\n",
                bb.n);
        emit_uints(f, "uint8_t", "ibidi__bidi_bmp_s1", bs1, 1024, 1, 20);
        emit_uints(f, "uint8_t", "ibidi__bidi_bmp_s2", bb.data, bb.n * 64, 1, 20);
        blob_free(&bb);
    }
    trie_free(&t);
    fprintf(f, "/* {norm, bc, gc, sc, scx, jt, flags} */\n");
    fprintf(f, "const ibidi__props ibidi__props_rec[%zu] = {", recs.n);
    for (k = 0; k < recs.n; k++) {
        const uint8_t *r = recs.data + k * 8;
        fprintf(f, "%s{%u, %u, %u, %u, %u, %u, %u},", k % 4 ? " " : "\n    ",
                (unsigned)(r[0] | r[1] << 8), r[2], r[3], r[4], r[5], r[6], r[7]);
    }
    fputs("\n};\n", f);
    g_bytes_tables += recs.n * 8;
    blob_free(&recs);

    /* Script_Extensions sets. */
    {
        uint16_t *off = xcalloc((size_t)g_nscx, sizeof *off);
        uint8_t *data = xcalloc(64 * (size_t)g_nscx, 1);
        size_t n = 0;
        for (i = 1; i < g_nscx; i++) {
            memcpy(data + n, g_scx_sets[i], (size_t)g_scx_len[i]);
            n += (size_t)g_scx_len[i];
            off[i - 1] = 0;
        }
        /* off[k] = end of set k+1 == start of set k+2; set 1 starts at 0 */
        n = 0;
        for (i = 1; i < g_nscx; i++) {
            n += (size_t)g_scx_len[i];
            off[i] = (uint16_t)n;
        }
        fprintf(f, "\n/* Script_Extensions: set k is ibidi__scx_data[off[k-1] .. off[k]) */\n");
        emit_uints(f, "uint16_t", "ibidi__scx_off", off, (size_t)g_nscx, 2, 20);
        emit_uints(f, "uint8_t", "ibidi__scx_data", data, n, 1, 20);
        free(off);
        free(data);
    }

    /* Decompositions: pool sequences in code point order (dm, nfd, nfkd). */
    blob_init(&g_seqset, (MAXSEQ + 1) * sizeof(uint32_t));
    blob_init(&drecs, 10);
    {
        uint8_t zero[10] = {0};
        blob_add(&drecs, zero);
    }
    for (c = 0; c < NCPX; c++) {
        uint32_t nfd[MAXSEQ * 2], nfkd[MAXSEQ * 2];
        int nd = 0, nk;
        uint16_t o1, o2 = 0, o3;
        uint8_t r[10];
        size_t k2;
        val[c] = 0;
        if (c >= NCP || p_dm_len[c] == 0)
            continue;
        if (c >= SBASE && c < SBASE + SCOUNT)
            die("UnicodeData.txt lists a Hangul syllable decomposition");
        if (p_dt[c] == DT_CANONICAL) {
            nd = full_decomp(c, 0, nfd, 0);
            reordered += canonical_order(nfd, nd);
        }
        nk = full_decomp(c, 1, nfkd, 0);
        reordered += canonical_order(nfkd, nk);
        o1 = pool_add(p_dm[c], p_dm_len[c]);
        if (nd)
            o2 = pool_add(nfd, nd);
        o3 = pool_add(nfkd, nk);
        r[0] = (uint8_t)(o1 & 0xFF);
        r[1] = (uint8_t)(o1 >> 8);
        r[2] = (uint8_t)(o2 & 0xFF);
        r[3] = (uint8_t)(o2 >> 8);
        r[4] = (uint8_t)(o3 & 0xFF);
        r[5] = (uint8_t)(o3 >> 8);
        r[6] = p_dm_len[c];
        r[7] = (uint8_t)nd;
        r[8] = (uint8_t)nk;
        r[9] = p_dt[c];
        k2 = blob_add(&drecs, r);
        if (k2 > 0xFFFF)
            die("too many decomposition records");
        val[c] = (uint16_t)k2;
    }
    t = make_trie("decomp", val, DECOMP_SH1, DECOMP_SH2);
    emit_trie(f, "decomp", &t, "IBIDI__DECOMP_SH1", "IBIDI__DECOMP_SH2");
    trie_free(&t);
    fprintf(f, "/* {dm_off, nfd_off, nfkd_off, dm_len, nfd_len, nfkd_len, dt}; %d expansions "
               "needed canonical reordering */\n",
            reordered);
    fprintf(f, "const ibidi__decomp ibidi__decomp_rec[%zu] = {", drecs.n);
    for (k = 0; k < drecs.n; k++) {
        const uint8_t *r = drecs.data + k * 10;
        fprintf(f, "%s{%u, %u, %u, %u, %u, %u, %u},", k % 4 ? " " : "\n    ",
                (unsigned)(r[0] | r[1] << 8), (unsigned)(r[2] | r[3] << 8),
                (unsigned)(r[4] | r[5] << 8), r[6], r[7], r[8], r[9]);
    }
    fputs("\n};\n", f);
    g_bytes_tables += drecs.n * sizeof(uint16_t) * 5;
    blob_free(&drecs);

    /* Canonical composition: primary composites (D114) are the canonical decompositions of
     * length 2 minus Full_Composition_Exclusion; pairs sorted by (first, second). */
    for (c = 0; c < NCP; c++) {
        if (p_dt[c] != DT_CANONICAL || p_dm_len[c] != 2 || p_fce[c])
            continue;
        pairs = xrealloc(pairs, (npairs + 1) * 3 * sizeof *pairs);
        pairs[npairs * 3] = p_dm[c][0];
        pairs[npairs * 3 + 1] = p_dm[c][1];
        pairs[npairs * 3 + 2] = c;
        npairs++;
    }
    {
        /* insertion sort: deterministic and small (about a thousand pairs) */
        size_t a, b;
        uint32_t *flat = xcalloc(npairs * 2 + 2, sizeof *flat);
        for (a = 1; a < npairs; a++) {
            uint32_t x[3];
            memcpy(x, pairs + a * 3, sizeof x);
            for (b = a; b > 0 && (pairs[(b - 1) * 3] > x[0] ||
                                  (pairs[(b - 1) * 3] == x[0] && pairs[(b - 1) * 3 + 1] > x[1]));
                 b--)
                memcpy(pairs + b * 3, pairs + (b - 1) * 3, sizeof x);
            memcpy(pairs + b * 3, x, sizeof x);
        }
        memset(val, 0, NCPX * sizeof *val);
        for (a = 0; a < npairs;) {
            b = a;
            while (b < npairs && pairs[b * 3] == pairs[a * 3])
                b++;
            if (b - a > 31 || a > 2047)
                die("composition list does not fit (offset << 5 | count)");
            val[pairs[a * 3]] = (uint16_t)(a << 5 | (b - a));
            a = b;
        }
        for (a = 0; a < npairs; a++) {
            flat[a * 2] = pairs[a * 3 + 1];
            flat[a * 2 + 1] = pairs[a * 3 + 2];
        }
        t = make_trie("comp", val, COMP_SH1, COMP_SH2);
        emit_trie(f, "comp", &t, "IBIDI__COMP_SH1", "IBIDI__COMP_SH2");
        trie_free(&t);
        fprintf(f, "/* %zu pairs {second, composite} */\n", npairs);
        emit_uints(f, "uint32_t", "ibidi__comp_pairs", flat, npairs * 2, 4, 12);
        free(flat);
        free(pairs);
    }

    /* Mirroring glyphs and paired brackets as deltas. */
    emit_delta_trie(f, "mirror", p_bmg, val);
    emit_delta_trie(f, "bracket", p_bpb, val);

    /* UTS #46. */
    blob_init(&urecs, 4);
    for (c = 0; c < NCPX; c++) {
        uint16_t o = 0;
        uint8_t r[4];
        size_t k2;
        if (p_uts_len[c])
            o = pool_add(p_uts_map[c], p_uts_len[c]);
        r[0] = (uint8_t)(o & 0xFF);
        r[1] = (uint8_t)(o >> 8);
        r[2] = p_uts_len[c];
        r[3] = (uint8_t)(p_uts_status[c] | p_uts_i8[c] << 3);
        k2 = blob_add(&urecs, r);
        if (k2 > 0xFFFF)
            die("too many UTS #46 records");
        val[c] = (uint16_t)k2;
    }
    t = make_trie("uts46", val, UTS46_SH1, UTS46_SH2);
    emit_trie(f, "uts46", &t, "IBIDI__UTS46_SH1", "IBIDI__UTS46_SH2");
    trie_free(&t);
    fprintf(f, "/* {map_off, map_len, status | idna2008 << 3} */\n");
    fprintf(f, "const ibidi__uts46 ibidi__uts46_rec[%zu] = {", urecs.n);
    for (k = 0; k < urecs.n; k++) {
        const uint8_t *r = urecs.data + k * 4;
        fprintf(f, "%s{%u, %u, %u},", k % 6 ? " " : "\n    ", (unsigned)(r[0] | r[1] << 8), r[2],
                r[3]);
    }
    fputs("\n};\n", f);
    g_bytes_tables += urecs.n * 4;
    blob_free(&urecs);

    emit_idna(f);

    fprintf(f, "\n/* Code point sequences: %zu distinct, %zu code points */\n", g_seqset.n,
            g_npool);
    emit_uints(f, "uint32_t", "ibidi__seq_pool", g_pool, g_npool ? g_npool : 1, 4, 12);

    /* Value names. */
    {
        nv *v = xcalloc((size_t)g_nsc * 4 + 64, sizeof *v);
        size_t n = 0;
        size_t p;
        fputc('\n', f);
        emit_strings(f, "const char *const ibidi__script_short[IBIDI_UNICODE_SC_COUNT]",
                     (const char *const *)g_sc_short, (size_t)g_nsc, 10);
        emit_strings(f, "const char *const ibidi__script_long[IBIDI_UNICODE_SC_COUNT]",
                     (const char *const *)g_sc_long, (size_t)g_nsc, 5);
        for (p = 0; p < g_npva; p++) {
            int a;
            if (strcmp(g_pva[p].prop, "sc") != 0)
                continue;
            for (a = 0; a < g_pva[p].n; a++) {
                v[n].name = g_pva[p].names[a];
                v[n++].value = script_index(g_pva[p].names[0]);
            }
        }
        emit_by_name(f, "ibidi__script_by_name", v, n);
        n = 0;
        {
            const char *lng[23];
            for (i = 0; i < 23; i++) {
                lng[i] = pva_long("bc", BC_NAMES[i]);
                if (!lng[i])
                    die("no long name for bc %s", BC_NAMES[i]);
                v[n].name = BC_NAMES[i];
                v[n++].value = i;
                v[n].name = lng[i];
                v[n++].value = i;
            }
            emit_strings(f, "const char *const ibidi__bc_long[IBIDI_UNICODE_BC_COUNT]", lng, 23, 4);
        }
        emit_by_name(f, "ibidi__bc_by_name", v, n);
        free(v);
    }
    close_out(f, path);
    free(val);
}


/* ------------------------------------------------------------------ UTS #39 data */

/* confusables.txt: source ; target ; MA (UTS #39 §4: the prototype of each source). */
static uint8_t *p_conf_len;
static uint32_t (*p_conf)[MAXSEQ];

static void cb_confusables(const rec *r, void *ctx)
{
    (void)ctx;
    if (r->missing || r->nf < 3 || r->lo != r->hi)
        die("confusables.txt: unexpected line %s", r->f[0]);
    p_conf_len[r->lo] = (uint8_t)parse_seq(r->f[1], p_conf[r->lo]);
}

/* Identifier_Type bits, in the order include/ibidi/confusable.h names them. */
static const char *const IDTYPE_NAMES[] = {
    "Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC",  "Not_XID",   "Exclusion",
    "Obsolete",      "Technical",  "Uncommon_Use",      "Limited_Use", "Inclusion", "Recommended"};
#define IDTYPE_ALLOWED 0x8000u /* Identifier_Status=Allowed */
static uint16_t *p_idinfo;

static void cb_idstatus(const rec *r, void *ctx)
{
    (void)ctx;
    if (r->missing) {
        if (strcmp(r->f[1], "Restricted") != 0)
            die("IdentifierStatus.txt: unexpected default %s", r->f[1]);
        return; /* 0: Restricted */
    }
    if (strcmp(r->f[1], "Allowed") != 0)
        die("IdentifierStatus.txt: unexpected value %s", r->f[1]);
    for (uint32_t c = r->lo; c <= r->hi; c++)
        p_idinfo[c] |= IDTYPE_ALLOWED;
}

static void cb_idtype(const rec *r, void *ctx)
{
    (void)ctx;
    uint16_t bits = 0;
    char buf[256], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", r->f[1]);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int k = find_name(IDTYPE_NAMES, (int)(sizeof IDTYPE_NAMES / sizeof IDTYPE_NAMES[0]), tok);
        if (k < 0)
            die("IdentifierType.txt: unknown type %s", tok);
        bits |= (uint16_t)(1u << k);
    }
    for (uint32_t c = r->lo; c <= r->hi; c++)
        p_idinfo[c] = (uint16_t)((p_idinfo[c] & IDTYPE_ALLOWED) | bits);
}

/* intentional.txt: pairs that are intentionally identical in a harmonized typeface. */
static uint32_t (*g_intent)[2];
static size_t g_nintent;

static void cb_intentional(const rec *r, void *ctx)
{
    (void)ctx;
    char *end;
    if (r->missing || r->nf < 2 || r->lo != r->hi)
        die("intentional.txt: unexpected line %s", r->f[0]);
    g_intent = xrealloc(g_intent, (g_nintent + 1) * sizeof *g_intent);
    g_intent[g_nintent][0] = r->lo;
    g_intent[g_nintent][1] = parse_hex(r->f[1], &end);
    g_nintent++;
}

static int cmp_pair(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* src/confusable/confusable_tables.c: the prototypes of confusables.txt (in NFD) as a trie
 * of indexes into mapping records (pool offset << 5 | length), Identifier_Status and
 * Identifier_Type as a trie of bits, and intentional.txt's pairs both ways, sorted. */
static void gen_uts39(const char *root)
{
    char path[4096];
    uint16_t *val = xcalloc(NCPX, sizeof *val);
    blobset recs;
    uint32_t *pool = NULL, zero = 0, c;
    size_t npool = 0, nmap = 0, maxlen = 0;
    FILE *f = open_out(root, "src/confusable/confusable_tables.c", path, sizeof path);
    blob_init(&recs, 4);
    blob_add(&recs, &zero);
    for (c = 0; c < NCP; c++) {
        size_t k, n = 0;
        uint32_t r, seq[4 * MAXSEQ];
        if (!p_conf_len[c])
            continue;
        /* stored in NFD: UTS #39 §4 applies NFD to the concatenated prototypes, and the
           decomposition of a concatenation is that of its parts, canonically ordered */
        for (k = 0; k < p_conf_len[c]; k++) {
            uint32_t d[MAXSEQ];
            int m = full_decomp(p_conf[c][k], 0, d, 0);
            if (n + (size_t)m > sizeof seq / sizeof seq[0])
                die("confusables.txt: prototype of %04X too long in NFD", (unsigned)c);
            memcpy(seq + n, d, (size_t)m * sizeof *d);
            n += (size_t)m;
        }
        canonical_order(seq, (int)n);
        nmap++;
        if (n > maxlen)
            maxlen = n;
        /* the sequence stored once: look for it in the pool first */
        for (k = 0; k + n <= npool; k++)
            if (memcmp(pool + k, seq, n * sizeof *pool) == 0)
                break;
        if (k + n > npool) {
            pool = xrealloc(pool, (npool + n) * sizeof *pool);
            memcpy(pool + npool, seq, n * sizeof *pool);
            k = npool;
            npool += n;
        }
        r = (uint32_t)(k << 5 | n);
        k = blob_add(&recs, &r);
        if (k > 0xFFFF)
            die("too many confusable records");
        val[c] = (uint16_t)k;
    }
    header(f,
           " *   security/confusables.txt, security/IdentifierStatus.txt,\n"
           " *   security/IdentifierType.txt, security/intentional.txt\n",
           "UTS #39 data: prototypes (§4), Identifier_Status and Identifier_Type (§3.1),\n"
           " * intentional confusables.");
    fprintf(f, "#include <stdint.h>\n\n#include \"confusable/confusable_internal.h\"\n\n");
    fprintf(f, "/* %zu mappings, the longest prototype %zu code points */\n", nmap, maxlen);
    fprintf(f, "_Static_assert(IBIDI__CONF_MAX_PROTOTYPE == %zu, \"confusable_internal.h and "
               "gen_tables.c disagree\");\n", maxlen);
    {
        /* the skeleton's one lookup a code point: bit 15 for Default_Ignorable_Code_Point
           (§4 removes it), the record index below */
        uint16_t *sk = xcalloc(NCPX, sizeof *sk);
        if (recs.n > 0x7FFF)
            die("too many confusable records for 15 bits");
        for (c = 0; c < NCP; c++)
            sk[c] = (uint16_t)(val[c] | (p_di[c] ? 0x8000u : 0u));
        trie t = make_trie("conf", sk, PROPS_SH1, PROPS_SH2);
        emit_trie(f, "conf", &t, "IBIDI__CONF_SH1", "IBIDI__CONF_SH2");
        trie_free(&t);
        /* The skeleton of each code point below U+0800 as UTF-8 bytes, for text of only
           such characters (ASCII, Latin, Greek, Cyrillic, Hebrew, Arabic...): bits 0-31 up
           to four bytes, 32-34 their number, bit 63 for one that needs the general way (it
           decomposes or is a non-starter, or its prototype holds a non-starter or takes
           more than four bytes). Its own NFD and a starter: its skeleton stands alone (a
           load and a store a character) */
        {
            uint64_t lsk[0x800];
            for (c = 0; c < 0x800; c++) {
                uint32_t cps[MAXSEQ];
                size_t n = 0, k, len = 0;
                uint64_t v = 0;
                int complex = p_nfd_no[c] || p_ccc[c] != 0;
                if (!complex && !p_di[c]) {
                    if (!val[c]) {
                        cps[n++] = c;
                    } else {
                        uint32_t r;
                        memcpy(&r, recs.data + (size_t)val[c] * 4, 4);
                        for (k = 0; k < (r & 31u) && n < MAXSEQ; k++)
                            cps[n++] = pool[(r >> 5) + k];
                    }
                    for (k = 0; k < n && !complex; k++) {
                        unsigned char u8[4];
                        size_t m = 0, q;
                        const uint32_t x = cps[k];
                        if (p_ccc[x] != 0)
                            complex = 1;
                        if (x < 0x80) {
                            u8[m++] = (unsigned char)x;
                        } else if (x < 0x800) {
                            u8[m++] = (unsigned char)(0xC0 | x >> 6);
                            u8[m++] = (unsigned char)(0x80 | (x & 0x3F));
                        } else if (x < 0x10000) {
                            u8[m++] = (unsigned char)(0xE0 | x >> 12);
                            u8[m++] = (unsigned char)(0x80 | (x >> 6 & 0x3F));
                            u8[m++] = (unsigned char)(0x80 | (x & 0x3F));
                        } else {
                            u8[m++] = (unsigned char)(0xF0 | x >> 18);
                            u8[m++] = (unsigned char)(0x80 | (x >> 12 & 0x3F));
                            u8[m++] = (unsigned char)(0x80 | (x >> 6 & 0x3F));
                            u8[m++] = (unsigned char)(0x80 | (x & 0x3F));
                        }
                        if (len + m > 4)
                            complex = 1;
                        for (q = 0; q < m && !complex; q++)
                            v |= (uint64_t)u8[q] << (8 * (len + q));
                        len += m;
                    }
                }
                lsk[c] = complex ? (uint64_t)1 << 63 : v | (uint64_t)len << 32;
            }
            /* as bytes, eight a code point: the four bytes, their number, 1 for one that
               needs the general way, two zeros (a copy of four bytes is one load and one
               store, whatever the machine's byte order) */
            uint8_t *lb = xcalloc(0x800 * 8, 1);
            for (c = 0; c < 0x800; c++) {
                for (size_t q = 0; q < 4; q++)
                    lb[c * 8 + q] = (uint8_t)(lsk[c] >> (8 * q));
                lb[c * 8 + 4] = (uint8_t)(lsk[c] >> 32 & 7u);
                lb[c * 8 + 5] = (uint8_t)(lsk[c] >> 63);
            }
            emit_uints(f, "uint8_t", "ibidi__conf_low_skel", lb, 0x800 * 8, 1, 24);
            free(lb);
        }
        /* U+0000..U+07FF flat, with what the skeleton's NFD needs of each (its class, and
           whether it decomposes) and whether it is a mark (the bidi skeleton's L3): Latin,
           Greek, Cyrillic, and the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana,
           N'Ko) in one load a code point instead of two tries */
        {
            uint32_t low[0x800];
            for (c = 0; c < 0x800; c++)
                low[c] = (uint32_t)sk[c] | (uint32_t)p_ccc[c] << 16 |
                         (uint32_t)(p_nfd_no[c] ? 1u : 0u) << 24 |
                         (uint32_t)(p_gc[c] >= GC_MN && p_gc[c] <= GC_ME ? 1u : 0u) << 25;
            fprintf(f, "_Static_assert(IBIDI__CONF_LOW == 0x800, \"confusable_internal.h and "
                       "gen_tables.c disagree\");\n");
            emit_uints(f, "uint32_t", "ibidi__conf_low", low, 0x800, 4, 8);
        }
        free(sk);
    }
    emit_uints(f, "uint32_t", "ibidi__conf_rec", recs.data, recs.n, 4, 8);
    emit_uints(f, "uint32_t", "ibidi__conf_pool", pool, npool, 4, 8);
    {
        /* The confusable sets: the characters of one prototype, and the prototype itself
           when it is one code point without a prototype of its own. A code point's set is
           the record index of its prototype; the members, by set, in code point order. */
        const size_t ng = recs.n;
        uint32_t *count = xcalloc(ng + 1, sizeof *count), *off = xcalloc(ng + 1, sizeof *off);
        uint32_t *members, *fill;
        uint16_t *group = xcalloc(NCPX, sizeof *group);
        for (c = 0; c < NCP; c++)
            if (val[c])
                group[c] = val[c];
        for (size_t k = 1; k < ng; k++) {
            uint32_t r = ((const uint32_t *)recs.data)[k];
            uint32_t p = pool[r >> 5];
            if ((r & 31u) == 1 && !val[p])
                group[p] = (uint16_t)k;
        }
        for (c = 0; c < NCP; c++)
            if (group[c])
                count[group[c]]++;
        for (size_t k = 1; k <= ng; k++)
            off[k] = off[k - 1] + count[k - 1];
        members = xcalloc(off[ng] + 1, sizeof *members);
        fill = xcalloc(ng + 1, sizeof *fill);
        memcpy(fill, off, (ng + 1) * sizeof *fill);
        for (c = 0; c < NCP; c++) /* in code point order */
            if (group[c])
                members[fill[group[c]]++] = c;
        trie t = make_trie("confset", group, PROPS_SH1, PROPS_SH2);
        emit_trie(f, "confset", &t, "IBIDI__CONF_SH1", "IBIDI__CONF_SH2");
        trie_free(&t);
        emit_uints(f, "uint32_t", "ibidi__confset_off", off, ng + 1, 4, 8);
        emit_uints(f, "uint32_t", "ibidi__confset_members", members, off[ng], 4, 8);
        {
            /* each member's script, for the look-alike checks that ask which scripts a
               character has an allowed look-alike in: its one Script_Extensions value, or
               IBIDI__CONFSET_SEVERAL when it has more; IBIDI__CONFSET_RESTRICTED set when its
               Identifier_Status is Restricted (never a look-alike there) */
            uint16_t *msc = xcalloc(off[ng] + 1, sizeof *msc);
            for (size_t i = 0; i < off[ng]; i++) {
                const uint32_t m = members[i];
                if (p_scx[m] && g_scx_len[p_scx[m]] != 1)
                    msc[i] = 254;
                else
                    msc[i] = p_scx[m] ? g_scx_sets[p_scx[m]][0] : p_sc[m];
                if (!(p_idinfo[m] & IDTYPE_ALLOWED))
                    msc[i] |= 0x100u;
            }
            emit_uints(f, "uint16_t", "ibidi__confset_script", msc, off[ng], 2, 16);
            free(msc);
        }
        {
            /* the scripts each code point has an allowed look-alike in: the union of the
               Script_Extensions of the members of its confusable set other than itself
               whose Identifier_Status is Allowed (UTS #39 §4's whole-script test asks it of
               every letter of a label), as one of a few distinct sets of bits */
            uint64_t (*sets)[3] = xcalloc(4096, sizeof *sets);
            size_t nsets = 1; /* 0: the empty set */
            uint16_t *look = xcalloc(NCPX, sizeof *look);
            for (c = 0; c < NCP; c++) {
                if (!group[c])
                    continue;
                uint64_t m[3] = {0, 0, 0};
                for (uint32_t i = off[group[c]]; i < off[group[c] + 1]; i++) {
                    const uint32_t x = members[i];
                    if (x == c || !(p_idinfo[x] & IDTYPE_ALLOWED))
                        continue;
                    if (p_scx[x])
                        for (int q = 0; q < g_scx_len[p_scx[x]]; q++)
                            m[g_scx_sets[p_scx[x]][q] / 64] |= (uint64_t)1 << (g_scx_sets[p_scx[x]][q] % 64);
                    else
                        m[p_sc[x] / 64] |= (uint64_t)1 << (p_sc[x] % 64);
                }
                if (!(m[0] | m[1] | m[2]))
                    continue;
                size_t k = 1;
                while (k < nsets && memcmp(sets[k], m, sizeof m) != 0)
                    k++;
                if (k == nsets) {
                    if (nsets == 4096)
                        die("too many look-alike script sets");
                    memcpy(sets[nsets++], m, sizeof m);
                }
                look[c] = (uint16_t)k;
            }
            if (g_nsc > 192)
                die("look-alike script sets: more scripts than three words hold");
            trie t = make_trie("conflook", look, PROPS_SH1, PROPS_SH2);
            emit_trie(f, "conflook", &t, "IBIDI__CONF_SH1", "IBIDI__CONF_SH2");
            trie_free(&t);
            emit_uints(f, "uint64_t", "ibidi__conflook_sets", sets, 3 * nsets, 8, 4);
            free(sets), free(look);
        }
        free(count), free(off), free(members), free(fill), free(group);
    }
    {
        /* Each code point's class for how to show an identifier (src/show/show.c, which
           decides from it, one lookup a character, that a label of one script needs none
           of the checks of its characters): the IBIDI__CLASS_* bits of
           confusable_internal.h, and its script in bits 16-23 (IBIDI__CLASS_SEVERAL for
           several, IBIDI__CLASS_NO_SCRIPT for Common and Inherited), as one of a few
           distinct values */
        const int zyyy = script_index("Zyyy"), zinh = script_index("Zinh");
        uint32_t *vals = xcalloc(65536, sizeof *vals);
        size_t nvals = 1; /* 0: the class of U+0000, made below like any other */
        uint16_t *cls = xcalloc(NCPX, sizeof *cls);
        for (c = 0; c < NCPX; c++) {
            uint32_t v = 0;
            if (c < NCP) {
                const int gc = p_gc[c], bc = p_bc[c];
                int common = p_scx[c] ? 0 : (p_sc[c] == zyyy || p_sc[c] == zinh);
                unsigned script = p_scx[c] ? 0u : p_sc[c];
                if (p_scx[c]) {
                    for (int q = 0; q < g_scx_len[p_scx[c]]; q++)
                        common |= g_scx_sets[p_scx[c]][q] == zyyy || g_scx_sets[p_scx[c]][q] == zinh;
                    script = g_scx_len[p_scx[c]] == 1 ? g_scx_sets[p_scx[c]][0] : 254u;
                }
                if (common)
                    script = 255u;
                v |= (p_idinfo[c] & IDTYPE_ALLOWED) ? 1u << 0 : 0u;
                v |= gc >= GC_MN && gc <= GC_ME ? 1u << 1 : 0u; /* Mn, Mc, Me */
                v |= gc == 3 ? 1u << 2 : 0u;                     /* Lm */
                v |= gc == 8 ? 1u << 3 : 0u;                     /* Nd */
                v |= p_uts_status[c] == 3 ? 1u << 4 : 0u;        /* deviation */
                v |= p_uts_i8[c] ? 1u << 5 : 0u;                 /* NV8, XV8 */
                v |= p_idna[c] == IDNA_CONTEXTO ? 1u << 6 : 0u;
                v |= p_dt[c] == DT_CANONICAL && p_dm_len[c] ? 1u << 7 : 0u;
                if (val[c]) { /* its prototype: one digit */
                    const uint32_t r = ((const uint32_t *)recs.data)[val[c]];
                    if ((r & 31u) == 1 && p_gc[pool[r >> 5]] == 8)
                        v |= 1u << 8;
                }
                v |= bc == 1 || bc == 2 || bc == 6 ? 1u << 9 : 0u; /* R, AL, AN */
                v |= bc == 3 ? 1u << 10 : 0u;                       /* EN */
                v |= script << 16;
            } else {
                v = 255u << 16;
            }
            size_t k = 0;
            while (k < nvals && vals[k] != v)
                k++;
            if (k == nvals) {
                if (nvals == 65536)
                    die("too many code point classes");
                vals[nvals++] = v;
            }
            cls[c] = (uint16_t)k;
        }
        trie t = make_trie("confclass", cls, PROPS_SH1, PROPS_SH2);
        emit_trie(f, "confclass", &t, "IBIDI__CONF_SH1", "IBIDI__CONF_SH2");
        trie_free(&t);
        emit_uints(f, "uint32_t", "ibidi__confclass_values", vals, nvals, 4, 8);
        free(vals), free(cls);
    }
    for (c = 0; c < NCPX; c++)
        val[c] = c < NCP ? p_idinfo[c] : (uint16_t)1u; /* out of range: Not_Character */
    {
        trie t = make_trie("idinfo", val, PROPS_SH1, PROPS_SH2);
        emit_trie(f, "idinfo", &t, "IBIDI__CONF_SH1", "IBIDI__CONF_SH2");
        trie_free(&t);
    }
    {
        size_t i, n = g_nintent;
        uint32_t(*both)[2] = xcalloc(2 * n, sizeof *both);
        for (i = 0; i < n; i++) {
            both[2 * i][0] = g_intent[i][0];
            both[2 * i][1] = g_intent[i][1];
            both[2 * i + 1][0] = g_intent[i][1];
            both[2 * i + 1][1] = g_intent[i][0];
        }
        qsort(both, 2 * n, sizeof *both, cmp_pair);
        fprintf(f, "\n/* intentional.txt: %zu pairs, both ways, sorted */\n", n);
        fprintf(f, "const uint32_t ibidi__intentional_n = %zu;\n", 2 * n);
        emit_uints(f, "uint32_t", "ibidi__intentional", both, 4 * n, 4, 8);
        free(both);
    }
    fclose(f);
    blob_free(&recs);
    free(pool);
    free(val);
}

int main(int argc, char **argv)
{
    size_t n = (size_t)NCPX;
    uint32_t c;
    uint8_t zzzz;
    if (argc < 3 || argc > 4 || (argc == 4 && strcmp(argv[3], "--explore") != 0)) {
        fprintf(stderr, "usage: gen_tables DATA_DIR OUT_ROOT [--explore]\n");
        return 2;
    }
    g_dir = argv[1];
    g_explore = argc == 4;

    p_bc = xcalloc(n, 1);
    p_gc = xcalloc(n, 1);
    p_ccc = xcalloc(n, 1);
    p_mirrored = xcalloc(n, 1);
    p_bpt = xcalloc(n, 1);
    p_jt = xcalloc(n, 1);
    p_di = xcalloc(n, 1);
    p_nc = xcalloc(n, 1);
    p_sc = xcalloc(n, 1);
    p_fce = xcalloc(n, 1);
    p_nfc_qc = xcalloc(n, 1);
    p_nfkc_qc = xcalloc(n, 1);
    p_nfd_no = xcalloc(n, 1);
    p_nfkd_no = xcalloc(n, 1);
    p_scx = xcalloc(n, sizeof *p_scx);
    p_bmg = xcalloc(n, sizeof *p_bmg);
    p_bpb = xcalloc(n, sizeof *p_bpb);
    p_uts_status = xcalloc(n, 1);
    p_uts_i8 = xcalloc(n, 1);
    p_uts_len = xcalloc(n, 1);
    p_uts_map = xcalloc(n, sizeof *p_uts_map);
    p_dt = xcalloc(n, 1);
    p_dm_len = xcalloc(n, 1);
    p_dm = xcalloc(n, sizeof *p_dm);
    p_name = xcalloc(n, sizeof *p_name);
    g_scx_sets = xcalloc(1, sizeof *g_scx_sets);
    g_scx_len = xcalloc(1, sizeof *g_scx_len);
    p_ws = xcalloc(n, 1);
    p_jc = xcalloc(n, 1);
    p_jamo_hst = xcalloc(n, 1);
    p_ign_block = xcalloc(n, 1);
    p_cf_len = xcalloc(n, 1);
    p_cf = xcalloc(n, sizeof *p_cf);
    p_idna = xcalloc(n, 1);
    p_conf_len = xcalloc(n, 1);
    p_conf = xcalloc(n, sizeof *p_conf);
    p_idinfo = xcalloc(n, sizeof *p_idinfo);

    load_pva();
    load_scripts();
    zzzz = (uint8_t)script_index("Zzzz"); /* Scripts.txt @missing: Unknown */
    for (c = 0; c < n; c++) {
        p_gc[c] = GC_CN; /* DerivedGeneralCategory.txt lists every assigned code point */
        p_uts_status[c] = 4; /* disallowed: IdnaMappingTable.txt lists all of 0..10FFFF */
        p_sc[c] = zzzz;
    }
    each_line("extracted/DerivedBidiClass.txt", cb_bc, NULL);
    each_line("extracted/DerivedGeneralCategory.txt", cb_gc, NULL);
    each_line("extracted/DerivedCombiningClass.txt", cb_ccc, NULL);
    each_line("extracted/DerivedJoiningType.txt", cb_jt, NULL);
    each_line("BidiBrackets.txt", cb_brackets, NULL);
    each_line("BidiMirroring.txt", cb_mirroring, NULL);
    each_line("DerivedNormalizationProps.txt", cb_normprops, NULL);
    each_line("DerivedCoreProperties.txt", cb_binary, (void *)"Default_Ignorable_Code_Point");
    each_line("PropList.txt", cb_binary, (void *)"Noncharacter_Code_Point");
    each_line("Scripts.txt", cb_scripts, NULL);
    each_line("ScriptExtensions.txt", cb_scx, NULL);
    each_line("UnicodeData.txt", cb_unicodedata, NULL);
    each_line("idna/IdnaMappingTable.txt", cb_idna, NULL);
    each_line("extracted/DerivedName.txt", cb_names, NULL);
    each_line("security/confusables.txt", cb_confusables, NULL);
    each_line("security/IdentifierStatus.txt", cb_idstatus, NULL);
    each_line("security/IdentifierType.txt", cb_idtype, NULL);
    each_line("security/intentional.txt", cb_intentional, NULL);
    derive_jamo();
    compute_idna();

    gen_scripts_header(argv[2]);
    gen_tables(argv[2]);
    gen_names(argv[2]);
    gen_uts39(argv[2]);
    fprintf(stderr,
            "gen_tables: Unicode %s: property tables %zu bytes, name tables %zu bytes\n",
            UNICODE_VERSION, g_bytes_tables, g_bytes_names);
    return 0;
}
