/*
 * Speed of UTS #46 ToASCII (ibidi/idna.h), side by side with ICU's UTS #46 object
 * (-DIBIDI_BENCH_ICU -licuuc) and libidn2 (-DIBIDI_BENCH_IDN2 -lidn2) when they are
 * available; `make bench` sets these when their headers are installed.
 *
 * Every library converts the same names from UTF-8 to their ASCII form, as close to the same
 * job as the libraries allow:
 *   ibidi    ibidi_idna_to_ascii_utf8 with the options of profile IBIDI_IDNA_PROFILE_UTS46:
 *            CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength,
 *            nontransitional; output to a caller buffer, no findings array. Nothing is
 *            allocated (the work area is on the stack).
 *   ICU      one UIDNA from uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
 *            UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_USE_STD3_RULES), reused:
 *            uidna_nameToASCII_UTF8 into a caller buffer; a name is accepted when
 *            UIDNAInfo.errors is 0. ICU has no CheckHyphens or VerifyDnsLength option: its
 *            ToASCII always checks hyphens and always reports empty labels, labels over 63
 *            bytes and names over 253 (254 with the root label).
 *   libidn2  idn2_lookup_u8(IDN2_NONTRANSITIONAL | IDN2_USE_STD3_ASCII_RULES), which maps by
 *            UTS #46 and normalizes to NFC itself (so IDN2_NFC_INPUT would add nothing), then
 *            applies the IDNA2008 lookup tests of RFC 5891 §5 to each label: hyphens,
 *            leading combining mark, the RFC 5892 derived property (stricter than UTS #46),
 *            CONTEXTJ and CONTEXTO rules, the Bidi Rule label by label, lengths, and the
 *            A-label round trip. It allocates its output (and temporaries), which the loop
 *            frees with idn2_free: part of its cost.
 * The checks differ where the libraries do: CONTEXTO and the RFC 5892 property are
 * libidn2's alone (UTS #46 does not ask for them), and libidn2 checks the Bidi Rule on
 * each label with non-ASCII characters while ibidi and ICU check every label of a Bidi
 * domain name. The workloads are chosen so that every name is valid for all three.
 * libidn2 2.3.3 with IDN2_USE_STD3_ASCII_RULES drops the characters whose UTS #46 status is
 * disallowed_STD3_valid instead of rejecting them ("≠" gives ""): the check shows these.
 *
 * Workloads:
 *   (a) valid non-ASCII names: the source column of the lines of IdnaTestV2.txt (read at run
 *       time: data/ucd/17.0.0/idna/IdnaTestV2.txt, or the path given as argument) whose
 *       toAsciiN status is empty and that have a non-ASCII character, plus 20k generated
 *       names ("münchen.de", "bücher.example", Cyrillic, Greek, CJK, Hangul, Devanagari...);
 *       only the names that all the libraries at hand accept, with the same output, are
 *       timed (the count is printed);
 *   (b) 100k ASCII host names ("www.example-42.com", some in upper or mixed case);
 *   (c) 100k names with Hebrew or Arabic labels and ASCII labels, valid under the Bidi Rule
 *       ("שלום.example.קום", "موقع.وزارة-الاتصالات.مصر");
 *   (d) the names of (c) in A-labels, as zone files hold them ("xn--5dbqzzl.example.xn--
 *       9dbq2a"): ToASCII, which decodes and checks each A-label;
 *   (e) the same names through ToUnicode (ICU's uidna_nameToUnicodeUTF8; libidn2's lookup
 *       is a ToASCII, so it has no figure there).
 * Generation is deterministic (xorshift32 with fixed seeds).
 *
 * Each figure is the best of several timed passes (clock_gettime(CLOCK_MONOTONIC)), the
 * libraries interleaved. Before the timing, every name of every workload goes through every
 * library, and ibidi's output is compared with ICU's and libidn2's where both accept it.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ibidi/idna.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"

#ifdef IBIDI_BENCH_ICU
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/uversion.h>
#define HAVE_ICU 1
#else
#define HAVE_ICU 0
#endif

#ifdef IBIDI_BENCH_IDN2
#include <idn2.h>
#define HAVE_IDN2 1
#else
#define HAVE_IDN2 0
#endif

#define N_ITEMS 100000     /* workloads (b) and (c) */
#define N_GENERATED 20000  /* generated names of workload (a) */
#define PASS_NAMES 100000  /* a timed pass converts at least this many names */
#define MAX_REPS 9
#define OUT_CAP 1024
#define N_EXAMPLES 3

static const char *default_test_file = "data/ucd/17.0.0/idna/IdnaTestV2.txt";

/* ------------------------------------------------------------------ generation */

/* Names back to back, each followed by a NUL (idn2_lookup_u8 takes C strings). */
typedef struct set {
    const char *name;
    char *p;
    size_t len, cap;
    size_t *off; /* count + 1 offsets: name i is p[off[i] .. off[i+1]-1), NUL excluded */
    size_t count, off_cap;
    size_t bytes; /* total, NULs excluded */
    size_t reps;  /* times a timed pass goes over the set */
} set;

static void set_add(set *s, const char *name, size_t len)
{
    if (s->len + len + 1 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1 << 16;
        while (cap < s->len + len + 1)
            cap *= 2;
        char *p = realloc(s->p, cap);
        if (!p) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        s->p = p;
        s->cap = cap;
    }
    if (s->count + 2 > s->off_cap) {
        size_t cap = s->off_cap ? s->off_cap * 2 : 1024;
        size_t *o = realloc(s->off, cap * sizeof *o);
        if (!o) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        s->off = o;
        s->off_cap = cap;
    }
    if (s->count == 0)
        s->off[0] = 0;
    memcpy(s->p + s->len, name, len);
    s->p[s->len + len] = '\0';
    s->len += len + 1;
    s->bytes += len;
    s->off[++s->count] = s->len;
}

static const char *item(const set *s, size_t i, size_t *len)
{
    *len = s->off[i + 1] - s->off[i] - 1;
    return s->p + s->off[i];
}

static void set_free(set *s)
{
    free(s->p);
    free(s->off);
    memset(s, 0, sizeof *s);
}

/* A name being built. */
typedef struct nb {
    char p[512];
    size_t len;
} nb;

static void put(nb *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n < sizeof b->p) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    }
}

static void put_cp(nb *b, uint32_t cp)
{
    char u[4];
    size_t n = ibidi_utf8_encode_cp(cp, u);
    if (b->len + n < sizeof b->p) {
        memcpy(b->p + b->len, u, n);
        b->len += n;
    }
}

static uint32_t rnd(uint32_t *state, uint32_t n) /* xorshift32, a reproducible stream */
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x % n;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Puts a word, upper-casing its first letter (ASCII only) when cap is set. */
static void put_word(nb *b, const char *w, int cap)
{
    if (cap && w[0] >= 'a' && w[0] <= 'z') {
        char c[2] = {(char)(w[0] - 'a' + 'A'), 0};
        put(b, c);
        put(b, w + 1);
    } else {
        put(b, w);
    }
}

/* (a) Realistic names outside the RTL scripts: a word or two of one script, an optional
 * number, a top-level domain, sometimes "www." or a subdomain in front. */
static const char *const latin_words[] = {
    "münchen", "bücher", "köln", "zürich", "straße", "café", "crème", "españa", "año",
    "niño", "français", "résumé", "über", "göteborg", "malmö", "århus", "łódź", "kraków",
    "gdańsk", "čeština", "žluťoučký", "ísland", "reykjavík", "são-paulo", "açores",
    "müller", "größe", "fußball", "smörgåsbord", "ñandú", "türkiye", "şişli", "ärzte",
    "öl", "übersetzung", "bäckerei", "blåbær", "søren", "tromsø", "hämeenlinna", "vêtements",
    "forêt", "noël", "citroën", "pécs", "győr", "brașov", "timișoara", "đà-nẵng", "hà-nội",
    "Ärzte", "Öl", "Über", "Bücher", "München", "Zürich", "Æble", "Ørsted"};
static const char *const cyrillic_words[] = {
    "пример", "москва", "россия", "почта", "магазин", "новости", "київ", "україна",
    "беларусь", "србија", "банк", "книги", "Москва", "Пример", "санкт-петербург", "ёлка"};
static const char *const greek_words[] = {"παράδειγμα", "ελλάδα", "αθήνα", "ελληνικά",
                                          "δοκιμή", "Αθήνα", "θεσσαλονίκη", "κύπρος",
                                          "ΕΛΛΑΔΑ", "λέξις"};
static const char *const cjk_words[] = {"例子", "中国", "日本語", "東京", "北京", "测试",
                                        "テスト", "ドメイン", "한국", "도메인", "例え", "上海",
                                        "香港", "台灣", "ウィキペディア", "서울", "대한민국",
                                        "ひらがな", "カタカナ"};
static const char *const other_words[] = {"उदाहरण", "भारत", "ตัวอย่าง", "ไทย",
                                          "საქართველო", "հայաստան", "ලංකා", "இந்தியா",
                                          "বাংলা", "ελ-λάδα"};
static const char *const ascii_words[] = {"example", "shop", "mail", "news", "blog", "online",
                                          "store", "info", "web", "my"};
static const char *const a_tld[] = {"de", "com", "example", "org", "рф", "中国", "ελ", "jp",
                                    "한국", "net", "at", "ch", "укр", "срб", "Com", "DE",
                                    "भारत", "ไทย"};

static void gen_valid_name(nb *b, uint32_t *st)
{
    static const char *const *const lists[] = {latin_words, cyrillic_words, greek_words,
                                               cjk_words, other_words};
    static const size_t sizes[] = {COUNT(latin_words), COUNT(cyrillic_words),
                                   COUNT(greek_words), COUNT(cjk_words), COUNT(other_words)};
    b->len = 0;
    uint32_t r = rnd(st, 10), cap = rnd(st, 4) == 0;
    if (r == 0)
        put(b, cap ? "WWW." : "www.");
    else if (r == 1)
        put(b, "mail.");
    uint32_t k = rnd(st, 100);
    size_t list = k < 45 ? 0 : k < 60 ? 1 : k < 72 ? 2 : k < 90 ? 3 : 4;
    int non_ascii = 0;
    if (rnd(st, 8) == 0) { /* an ASCII label, the non-ASCII part is the TLD */
        put_word(b, ascii_words[rnd(st, COUNT(ascii_words))], (int)cap);
    } else {
        put_word(b, lists[list][rnd(st, (uint32_t)sizes[list])], (int)cap);
        non_ascii = 1;
        r = rnd(st, 6);
        if (r == 0) {
            put(b, "-");
            put_word(b, lists[list][rnd(st, (uint32_t)sizes[list])], 0);
        } else if (r == 1) {
            char t[16];
            snprintf(t, sizeof t, "-%u", rnd(st, 100));
            put(b, t);
        } else if (r == 2) {
            put(b, "24");
        }
    }
    put(b, ".");
    const char *tld = a_tld[rnd(st, COUNT(a_tld))];
    if (!non_ascii)
        tld = a_tld[4 + rnd(st, 3)]; /* рф, 中国, ελ */
    put(b, tld);
}

/* (b) An ASCII host name, a quarter of them with capitals. */
static void gen_host(nb *b, uint32_t *st)
{
    static const char *const words[] = {
        "example", "mail", "shop", "news", "cloud", "api", "static", "cdn", "login", "my",
        "blog", "store", "docs", "app", "portal", "data", "media", "secure", "support",
        "download", "img", "search", "maps", "video", "dev", "test", "intranet", "vpn"};
    static const char *const tld[] = {"com", "org", "net", "de", "io", "co.uk", "info",
                                      "example", "fr", "nl", "edu", "gov"};
    b->len = 0;
    uint32_t kase = rnd(st, 12); /* 0: all capitals, 1-2: capitalized words */
    uint32_t r = rnd(st, 4);
    if (r < 2)
        put(b, "www.");
    else if (r == 2)
        put(b, words[rnd(st, COUNT(words))]);
    if (r == 2)
        put(b, ".");
    for (uint32_t labels = 1 + rnd(st, 2); labels > 0; labels--) {
        if (rnd(st, 3)) {
            put_word(b, words[rnd(st, COUNT(words))], kase == 1 || kase == 2);
        } else { /* letters and digits, starting with a letter */
            char c[2] = {(char)('a' + rnd(st, 26)), 0};
            put(b, c);
            for (uint32_t n = 2 + rnd(st, 10); n > 0; n--) {
                c[0] = (char)(rnd(st, 6) ? 'a' + rnd(st, 26) : '0' + rnd(st, 10));
                put(b, c);
            }
        }
        if (rnd(st, 3) == 0) {
            char t[16];
            snprintf(t, sizeof t, "-%u", rnd(st, 100));
            put(b, t);
        }
        put(b, ".");
    }
    put(b, tld[rnd(st, COUNT(tld))]);
    if (kase == 0) {
        for (size_t i = 0; i < b->len; i++)
            if (b->p[i] >= 'a' && b->p[i] <= 'z')
                b->p[i] = (char)(b->p[i] - 'a' + 'A');
    }
}

/* (c) Hebrew and Arabic labels (the letters with some points or harakat, hyphens, European
 * or Arabic-Indic digits, never both in one label: RFC 5893 rule 4) and ASCII labels that
 * start with a letter (rule 1 for an LTR label of a Bidi domain name). */
static void put_rtl_word(nb *b, uint32_t *st, int arabic, uint32_t minlen, uint32_t maxlen)
{
    uint32_t n = minlen + rnd(st, maxlen - minlen + 1);
    for (uint32_t i = 0; i < n; i++) {
        if (arabic) {
            uint32_t k = rnd(st, 36); /* alef .. ghain, feh .. yeh (no tatweel) */
            put_cp(b, k < 20 ? 0x0627 + k : 0x0641 + (k - 20) % 10);
            if (rnd(st, 12) == 0)
                put_cp(b, 0x064E + rnd(st, 3)); /* fatha, damma, kasra (NSM) */
        } else {
            put_cp(b, 0x05D0 + rnd(st, 27)); /* alef .. tav, finals included */
            if (rnd(st, 16) == 0)
                put_cp(b, 0x05B4 + rnd(st, 6)); /* a point (NSM) */
        }
    }
}

static void gen_rtl_name(nb *b, uint32_t *st)
{
    static const char *const tld[] = {"com", "org", "example", "net", "קום", "ישראל", "مصر",
                                      "موقع", "السعودية", "امارات", "ایران", "Com"};
    static const char *const ltr[] = {"example", "www", "mail", "shop", "news", "my", "app"};
    b->len = 0;
    uint32_t labels = 1 + rnd(st, 3), rtl_at = rnd(st, labels);
    for (uint32_t l = 0; l < labels; l++) {
        uint32_t kind = l == rtl_at ? rnd(st, 2) : rnd(st, 4);
        if (kind < 2) {
            int arabic = kind == 1;
            put_rtl_word(b, st, arabic, 2, 9);
            uint32_t r = rnd(st, 8);
            if (r == 0) {
                put(b, "-");
                put_rtl_word(b, st, arabic, 2, 8);
            } else if (r == 1) {
                char t[16];
                snprintf(t, sizeof t, "-%u", rnd(st, 1000));
                put(b, t);
            } else if (r == 2 && arabic) {
                for (uint32_t n = 1 + rnd(st, 3); n > 0; n--)
                    put_cp(b, 0x0660 + rnd(st, 10)); /* Arabic-Indic digits (AN) */
            }
        } else {
            const char *w = ltr[rnd(st, COUNT(ltr))];
            put_word(b, w, rnd(st, 5) == 0);
            if (rnd(st, 4) == 0) {
                char t[16];
                snprintf(t, sizeof t, "-%u", rnd(st, 100));
                put(b, t);
            }
        }
        put(b, ".");
    }
    put(b, tld[rnd(st, COUNT(tld))]);
}

/* ------------------------------------------------------------------ IdnaTestV2.txt */

static char *trim(char *s, char *end)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    *end = '\0';
    return s;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes the \uXXXX and \x{X...} escapes of a column; 0 when something is wrong (or the
 * column decodes to a surrogate). Sets *non_ascii when a non-ASCII character is there. */
static int unescape(const char *s, nb *b, int *non_ascii)
{
    b->len = 0;
    *non_ascii = 0;
    while (*s) {
        uint32_t cp = 0;
        if (s[0] == '\\' && s[1] == 'u') {
            for (int i = 2; i < 6; i++) {
                int h = hexval(s[i]);
                if (h < 0)
                    return 0;
                cp = cp * 16 + (uint32_t)h;
            }
            s += 6;
        } else if (s[0] == '\\' && s[1] == 'x' && s[2] == '{') {
            s += 3;
            int digits = 0;
            for (; *s && *s != '}'; s++, digits++) {
                int h = hexval(*s);
                if (h < 0 || digits > 6)
                    return 0;
                cp = cp * 16 + (uint32_t)h;
            }
            if (*s != '}' || digits == 0)
                return 0;
            s++;
        } else {
            size_t len = strlen(s), pos = 0;
            if (ibidi_utf8_next(s, len, &pos, &cp, NULL) != IBIDI_OK)
                return 0;
            s += pos;
        }
        if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return 0;
        if (cp >= 0x80)
            *non_ascii = 1;
        put_cp(b, cp);
    }
    return 1;
}

/* Adds the source column of the lines whose toAsciiN status is empty (column 5, or column
 * 3 when column 5 is blank) and whose source has a non-ASCII character. Returns the number
 * of such lines, or -1 if the file cannot be read. */
static long read_test_file(const char *path, set *s)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char line[4096];
    long added = 0;
    while (fgets(line, sizeof line, f)) {
        char *end = strchr(line, '#');
        if (!end)
            end = line + strcspn(line, "\n");
        char *col[7];
        int n = 0;
        char *p = line;
        while (n < 7) {
            char *semi = memchr(p, ';', (size_t)(end - p));
            col[n++] = p;
            if (!semi)
                break;
            *semi = '\0';
            p = semi + 1;
        }
        if (n < 5)
            continue;
        for (int i = 0; i < n; i++) {
            char *e = col[i] + strlen(col[i]);
            if (i == n - 1 && end < e)
                e = end;
            col[i] = trim(col[i], e);
        }
        const char *status = col[4][0] ? col[4] : col[2];
        if (status[0] && strcmp(status, "[]") != 0)
            continue;
        if (strcmp(col[0], "\"\"") == 0)
            continue;
        nb b;
        int non_ascii = 0;
        if (!unescape(col[0], &b, &non_ascii) || !non_ascii)
            continue;
        set_add(s, b.p, b.len);
        added++;
    }
    fclose(f);
    return added;
}

/* ------------------------------------------------------------------ the libraries */

typedef struct ctx {
    ibidi_idna_options ib_opts;
#ifdef IBIDI_BENCH_ICU
    UIDNA *icu;
#endif
    char out[OUT_CAP];
    size_t failed; /* names rejected in a timed pass */
    int to_unicode; /* workload (e): ToUnicode instead of ToASCII */
} ctx;

#define IDN2_FLAGS_USED_TEXT "IDN2_NONTRANSITIONAL | IDN2_USE_STD3_ASCII_RULES"
#ifdef IBIDI_BENCH_IDN2
#define IDN2_FLAGS_USED (IDN2_NONTRANSITIONAL | IDN2_USE_STD3_ASCII_RULES)
#endif
#define ICU_OPTIONS_TEXT                                                                        \
    "UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII | "                \
    "UIDNA_NONTRANSITIONAL_TO_UNICODE | "                                                       \
    "UIDNA_USE_STD3_RULES"

/* One conversion; the result is in out (out_len bytes). Returns 1 when accepted; *why gets
 * a short reason otherwise. */
static int conv_ibidi(ctx *c, const char *s, size_t len, char *out, size_t *out_len,
                      char *why, size_t why_cap)
{
    ibidi_finding f[4];
    ibidi_findings fs = {f, 4, 0, 0};
    ibidi_buf b = {out, OUT_CAP, 0};
    ibidi_status st = ibidi_idna_to_ascii_utf8(s, len, &c->ib_opts, &b, &fs, NULL);
    *out_len = b.len;
    const size_t nf = fs.n;
    if (st == IBIDI_OK)
        return 1;
    if (st == IBIDI_E_IDNA_INVALID && nf) {
        int w = 0;
        for (size_t i = 0; i < nf && i < 4; i++) {
            int k = snprintf(why + w, why_cap - (size_t)w, "%s%s", i ? "," : "",
                             ibidi_code_name(f[i].code));
            if (k < 0 || (size_t)(w + k) >= why_cap)
                break;
            w += k;
        }
    } else {
        snprintf(why, why_cap, "%s", ibidi_status_name(st));
    }
    return 0;
}

#ifdef IBIDI_BENCH_ICU
static int conv_icu(ctx *c, const char *s, size_t len, char *out, size_t *out_len, char *why,
                    size_t why_cap)
{
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uidna_nameToASCII_UTF8(c->icu, s, (int32_t)len, out, OUT_CAP, &info, &e);
    *out_len = n > 0 ? (size_t)n : 0;
    if (U_FAILURE(e)) {
        snprintf(why, why_cap, "%s", u_errorName(e));
        return 0;
    }
    if (info.errors) {
        snprintf(why, why_cap, "UIDNA errors 0x%x", (unsigned)info.errors);
        return 0;
    }
    return 1;
}
#endif

#ifdef IBIDI_BENCH_IDN2
static int conv_idn2(const char *s, char *out, size_t *out_len, char *why, size_t why_cap)
{
    uint8_t *r = NULL;
    int rc = idn2_lookup_u8((const uint8_t *)s, &r, IDN2_FLAGS_USED);
    *out_len = 0;
    if (rc != IDN2_OK) {
        snprintf(why, why_cap, "%s", idn2_strerror_name(rc));
        return 0;
    }
    size_t n = strlen((const char *)r);
    if (n >= OUT_CAP)
        n = OUT_CAP - 1;
    memcpy(out, r, n);
    *out_len = n;
    idn2_free(r);
    return 1;
}
#endif

/* ------------------------------------------------------------------ timed passes */

static volatile size_t sink;

typedef size_t (*run_fn)(const set *s, ctx *c);

static size_t run_ibidi(const set *s, ctx *c)
{
    size_t acc = 0;
    for (size_t r = 0; r < s->reps; r++) {
        for (size_t i = 0; i < s->count; i++) {
            size_t len = s->off[i + 1] - s->off[i] - 1;
            ibidi_buf b = {c->out, OUT_CAP, 0};
            if ((c->to_unicode ? ibidi_idna_to_unicode_utf8 : ibidi_idna_to_ascii_utf8)(
                    s->p + s->off[i], len, &c->ib_opts, &b, NULL, NULL) != IBIDI_OK)
                c->failed++;
            acc += b.len + (unsigned char)c->out[0];
        }
    }
    return acc;
}

#ifdef IBIDI_BENCH_ICU
static size_t run_icu(const set *s, ctx *c)
{
    size_t acc = 0;
    for (size_t r = 0; r < s->reps; r++) {
        for (size_t i = 0; i < s->count; i++) {
            int32_t len = (int32_t)(s->off[i + 1] - s->off[i] - 1);
            UIDNAInfo info = UIDNA_INFO_INITIALIZER;
            UErrorCode e = U_ZERO_ERROR;
            int32_t n = (c->to_unicode ? uidna_nameToUnicodeUTF8 : uidna_nameToASCII_UTF8)(
                c->icu, s->p + s->off[i], len, c->out, OUT_CAP, &info, &e);
            if (U_FAILURE(e) || info.errors)
                c->failed++;
            acc += (size_t)n + (unsigned char)c->out[0];
        }
    }
    return acc;
}
#endif

#ifdef IBIDI_BENCH_IDN2
static size_t run_idn2(const set *s, ctx *c)
{
    size_t acc = 0;
    for (size_t r = 0; r < s->reps; r++) {
        for (size_t i = 0; i < s->count; i++) {
            uint8_t *out = NULL;
            if (idn2_lookup_u8((const uint8_t *)(s->p + s->off[i]), &out, IDN2_FLAGS_USED) !=
                IDN2_OK) {
                c->failed++;
                continue;
            }
            acc += out[0];
            idn2_free(out);
        }
    }
    return acc;
}
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { L_ICU, L_IDN2, L_IBIDI, L_COUNT };
static const char *const lib_name[L_COUNT] = {"ICU", "libidn2", "ibidi"};

typedef struct result {
    double t[L_COUNT]; /* seconds per name; -1 a name was rejected, 0 not available */
} result;

typedef struct job {
    run_fn fn;
    const set *s;
    double *best;
} job;

#define GROUP_SECONDS 3.0 /* time for the repeated rounds of one workload */

static double time_pass(run_fn fn, const set *s, ctx *c)
{
    c->failed = 0;
    double t0 = now();
    sink += fn(s, c);
    double t = now() - t0;
    return c->failed ? -1.0 : t / (double)(s->count * s->reps);
}

/* Every library on the set, interleaved: a warm-up pass of each, then rounds in which each
 * runs once, keeping its best time. */
static void measure(const set *s, result *out, ctx *c)
{
    job jobs[L_COUNT];
    int n = 0;
    memset(out, 0, sizeof *out);
    if (s->count == 0)
        return;
#ifdef IBIDI_BENCH_ICU
    jobs[n++] = (job){run_icu, s, &out->t[L_ICU]};
#endif
#ifdef IBIDI_BENCH_IDN2
    if (!c->to_unicode) /* libidn2's lookup is a ToASCII */
        jobs[n++] = (job){run_idn2, s, &out->t[L_IDN2]};
#endif
    jobs[n++] = (job){run_ibidi, s, &out->t[L_IBIDI]};
    double round = 0;
    for (int j = 0; j < n; j++) {
        *jobs[j].best = time_pass(jobs[j].fn, jobs[j].s, c);
        if (*jobs[j].best > 0)
            round += *jobs[j].best * (double)(s->count * s->reps);
    }
    int rounds = round > 0 ? (int)(GROUP_SECONDS / round) : MAX_REPS;
    if (rounds < 3)
        rounds = 3;
    if (rounds > MAX_REPS)
        rounds = MAX_REPS;
    for (int r = 0; r < rounds; r++) {
        for (int j = 0; j < n; j++) {
            if (*jobs[j].best < 0)
                continue;
            double t = time_pass(jobs[j].fn, jobs[j].s, c);
            if (t < 0 || t < *jobs[j].best)
                *jobs[j].best = t;
        }
    }
}

static void cell(char *buf, size_t cap, double t)
{
    if (t < 0)
        snprintf(buf, cap, "error");
    else if (t == 0)
        snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, "%.3f", 1e-6 / t); /* millions of names per second */
}

static void ratio(char *buf, size_t cap, double ib, double anchor)
{
    if (ib > 0 && anchor > 0)
        snprintf(buf, cap, "%.2f", ib / anchor);
    else
        snprintf(buf, cap, "-");
}

/* One row. target_fastest: the target is against the faster of ICU and libidn2 (else ICU);
 * target 0: no target for this row. */
static void row(const char *wl, const set *s, const result *r, int target_fastest,
                double target)
{
    char c[L_COUNT][16], rc[3][16], verdict[40];
    for (int l = 0; l < L_COUNT; l++)
        cell(c[l], sizeof c[l], r->t[l]);
    ratio(rc[0], sizeof rc[0], r->t[L_IBIDI], r->t[L_ICU]);
    ratio(rc[1], sizeof rc[1], r->t[L_IBIDI], r->t[L_IDN2]);
    double anchor = r->t[L_ICU] > 0 ? r->t[L_ICU] : 0;
    if (target_fastest && r->t[L_IDN2] > 0 && (anchor == 0 || r->t[L_IDN2] < anchor))
        anchor = r->t[L_IDN2];
    ratio(rc[2], sizeof rc[2], r->t[L_IBIDI], anchor);
    if (target > 0 && anchor > 0 && r->t[L_IBIDI] > 0)
        snprintf(verdict, sizeof verdict, "<= %.1f %s: %s", target,
                 target_fastest ? "fastest" : "ICU",
                 r->t[L_IBIDI] / anchor <= target ? "met" : "MISSED");
    else if (target > 0)
        snprintf(verdict, sizeof verdict, "<= %.1f %s: n/a", target,
                 target_fastest ? "fastest" : "ICU");
    else
        verdict[0] = '\0';
    printf("%-30s %7zu %9s %9s %9s %7s %7s %7s  %s\n", wl, s->count, c[L_ICU], c[L_IDN2],
           c[L_IBIDI], rc[0], rc[1], rc[2], verdict);
}

/* ------------------------------------------------------------------ sanity check */

/* The name with marks, format characters, spaces and controls as \x{...} (readable). */
static void show(char *buf, size_t cap, const char *s, size_t len)
{
    size_t pos = 0, w = 0;
    buf[0] = '\0';
    while (pos < len && w + 16 < cap) {
        size_t start = pos;
        uint32_t cp;
        if (ibidi_utf8_next(s, len, &pos, &cp, NULL) != IBIDI_OK) {
            w += (size_t)snprintf(buf + w, cap - w, "\\x%02X", (unsigned char)s[start]);
            pos = start + 1;
            continue;
        }
        ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
        if (cp >= 0x80 &&
            (gc == IBIDI_UNICODE_GC_MN || gc == IBIDI_UNICODE_GC_MC || gc == IBIDI_UNICODE_GC_ME ||
             gc == IBIDI_UNICODE_GC_CF || gc == IBIDI_UNICODE_GC_CC || gc == IBIDI_UNICODE_GC_CN ||
             gc == IBIDI_UNICODE_GC_ZS || gc == IBIDI_UNICODE_GC_ZL || gc == IBIDI_UNICODE_GC_ZP)) {
            w += (size_t)snprintf(buf + w, cap - w, "\\x{%04X}", (unsigned)cp);
        } else {
            memcpy(buf + w, s + start, pos - start);
            w += pos - start;
            buf[w] = '\0';
        }
    }
}

typedef struct agree {
    size_t names, same, differ, ib_only, other_only, neither;
    int ex_differ, ex_ib_only, ex_other_only;
} agree;

/* Compares one name's results of ibidi and another library; prints the first examples.
 * Returns 1 when both accept the name with the same output. */
static int compare(agree *a, const char *who, const char *s, size_t len, int ib_ok,
                    const char *ib_out, size_t ib_len, const char *ib_why, int ok,
                    const char *out, size_t out_len, const char *why)
{
    char name[600];
    a->names++;
    if (ib_ok && ok) {
        if (ib_len == out_len && memcmp(ib_out, out, ib_len) == 0) {
            a->same++;
            return 1;
        }
        a->differ++;
        if (a->ex_differ++ < N_EXAMPLES) {
            show(name, sizeof name, s, len);
            printf("    differ: %s -> ibidi %.*s, %s %.*s\n", name, (int)ib_len, ib_out, who,
                   (int)out_len, out);
        }
    } else if (ib_ok) {
        a->ib_only++;
        if (a->ex_ib_only++ < N_EXAMPLES) {
            show(name, sizeof name, s, len);
            printf("    only ibidi accepts: %s -> %.*s (%s: %s)\n", name, (int)ib_len, ib_out,
                   who, why);
        }
    } else if (ok) {
        a->other_only++;
        if (a->ex_other_only++ < N_EXAMPLES) {
            show(name, sizeof name, s, len);
            printf("    only %s accepts: %s -> %.*s (ibidi: %s)\n", who, name, (int)out_len, out,
                   ib_why);
        }
    } else {
        a->neither++;
    }
    return 0;
}

static void agree_print(const char *who, const agree *a)
{
    printf("  %-8s %zu names: both accept %zu: same output %zu, different %zu; only ibidi "
           "accepts %zu, only %s %zu, neither %zu\n",
           who, a->names, a->same + a->differ, a->same, a->differ, a->ib_only, who,
           a->other_only, a->neither);
}

/* Runs every name of s through every library, prints the agreement, and keeps in *kept
 * (when not NULL) the names that all the libraries accept with the same output. */
static void sanity(const set *s, ctx *c, set *kept)
{
    agree ai, an;
    memset(&ai, 0, sizeof ai);
    memset(&an, 0, sizeof an);
    size_t ib_rejects = 0;
    printf("%s:\n", s->name);
    for (size_t i = 0; i < s->count; i++) {
        size_t len, ib_len = 0;
        const char *p = item(s, i, &len);
        char ib_out[OUT_CAP], ib_why[64] = "";
        int ib_ok = conv_ibidi(c, p, len, ib_out, &ib_len, ib_why, sizeof ib_why);
        int all = ib_ok;
        ib_rejects += !ib_ok;
#ifdef IBIDI_BENCH_ICU
        {
            char out[OUT_CAP], why[64] = "";
            size_t n = 0;
            int ok = conv_icu(c, p, len, out, &n, why, sizeof why);
            all &= compare(&ai, "ICU", p, len, ib_ok, ib_out, ib_len, ib_why, ok, out, n, why);
        }
#endif
#ifdef IBIDI_BENCH_IDN2
        {
            char out[OUT_CAP], why[64] = "";
            size_t n = 0;
            int ok = conv_idn2(p, out, &n, why, sizeof why);
            all &= compare(&an, "libidn2", p, len, ib_ok, ib_out, ib_len, ib_why, ok, out, n,
                           why);
        }
#endif
        if (kept && all)
            set_add(kept, p, len);
    }
    (void)compare;
    (void)an;
    (void)ai;
    if (HAVE_ICU)
        agree_print("ICU", &ai);
    if (HAVE_IDN2)
        agree_print("libidn2", &an);
    printf("  ibidi rejects %zu of %zu\n", ib_rejects, s->count);
}

/* The names of s that all the libraries accept with the same output; sets the repetitions. */
static set filtered(const char *name, const set *s, ctx *c)
{
    set k;
    memset(&k, 0, sizeof k);
    k.name = name;
    sanity(s, c, &k);
    k.reps = k.count ? (PASS_NAMES + k.count - 1) / k.count : 1;
    return k;
}

static set concat(const char *name, const set *a, const set *b)
{
    set k;
    memset(&k, 0, sizeof k);
    k.name = name;
    const set *both[2] = {a, b};
    for (int j = 0; j < 2; j++)
        for (size_t i = 0; i < both[j]->count; i++) {
            size_t len;
            const char *p = item(both[j], i, &len);
            set_add(&k, p, len);
        }
    k.reps = k.count ? (PASS_NAMES + k.count - 1) / k.count : 1;
    return k;
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv)
{
    double t_start = now();
    const char *test_file = argc > 1 ? argv[1] : default_test_file;
    ctx c;
    memset(&c, 0, sizeof c);
    c.ib_opts.profile = IBIDI_IDNA_PROFILE_UTS46; /* nothing added or removed */

    printf("ibidi %s (Unicode %s): ibidi_idna_to_ascii_utf8, profile uts46 (CheckHyphens, "
           "CheckBidi,\n  CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength, nontransitional), "
           "caller buffer, no allocation\n",
           ibidi_version(), ibidi_unicode_version());
#ifdef IBIDI_BENCH_ICU
    UErrorCode ue = U_ZERO_ERROR;
    c.icu = uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                UIDNA_NONTRANSITIONAL_TO_ASCII |
                                UIDNA_NONTRANSITIONAL_TO_UNICODE | UIDNA_USE_STD3_RULES,
                            &ue);
    if (U_FAILURE(ue)) {
        fprintf(stderr, "ICU: uidna_openUTS46 failed: %s\n", u_errorName(ue));
        return 1;
    }
    printf("ICU %s (Unicode %s): uidna_nameToASCII_UTF8, one UIDNA from uidna_openUTS46(%s);\n"
           "  hyphen and DNS length checks are always on (no option)\n",
           U_ICU_VERSION, U_UNICODE_VERSION, ICU_OPTIONS_TEXT);
#else
    printf("ICU: not available (install libicu-dev)\n");
#endif
#ifdef IBIDI_BENCH_IDN2
    printf("libidn2 %s: idn2_lookup_u8(%s), which allocates its output\n  (freed with "
           "idn2_free in the loop); NFC is part of its UTS #46 mapping; IDNA2008 lookup tests "
           "per label\n",
           idn2_check_version(NULL), IDN2_FLAGS_USED_TEXT);
#else
    printf("libidn2: not available (install libidn2-dev)\n");
#endif

    /* (a) */
    set file = {0}, gen = {0};
    file.name = "(a1) IdnaTestV2 valid non-ASCII";
    gen.name = "(a2) generated non-ASCII names";
    long from_file = read_test_file(test_file, &file);
    uint32_t st = 11;
    for (int i = 0; i < N_GENERATED; i++) {
        nb b;
        gen_valid_name(&b, &st);
        set_add(&gen, b.p, b.len);
    }
    /* (b) */
    set hosts = {0};
    hosts.name = "(b) ASCII host names";
    st = 12;
    for (int i = 0; i < N_ITEMS; i++) {
        nb b;
        gen_host(&b, &st);
        set_add(&hosts, b.p, b.len);
    }
    /* (c) */
    set rtl = {0};
    rtl.name = "(c) names with RTL labels";
    {
        static const char *const first[] = {"שלום.example.קום",
                                            "موقع.وزارة-الاتصالات.مصر"};
        for (size_t i = 0; i < COUNT(first); i++)
            set_add(&rtl, first[i], strlen(first[i]));
    }
    st = 13;
    while (rtl.count < N_ITEMS) {
        nb b;
        gen_rtl_name(&b, &st);
        set_add(&rtl, b.p, b.len);
    }

    if (from_file < 0)
        printf("\n%s: cannot read it; (a) has only generated names\n", test_file);
    else
        printf("\n%s: %ld valid lines (toAsciiN status empty) with a non-ASCII source\n",
               test_file, from_file);

    printf("\ncheck: ToASCII of every name by every library; outputs compared where both "
           "accept\n");
    set a1 = filtered(file.name, &file, &c);
    set a2 = filtered(gen.name, &gen, &c);
    set b = filtered(hosts.name, &hosts, &c);
    set cc = filtered(rtl.name, &rtl, &c);
    set a = concat("(a) valid non-ASCII names", &a1, &a2);
    /* (d), (e): the names of (c) as zone files hold them, in A-labels */
    set alabels;
    memset(&alabels, 0, sizeof alabels);
    alabels.name = "(d) ToASCII of A-label names";
    for (size_t i = 0; i < cc.count; i++) {
        ibidi_buf b = {c.out, OUT_CAP, 0};
        if (ibidi_idna_to_ascii_utf8(cc.p + cc.off[i], cc.off[i + 1] - cc.off[i] - 1,
                                     &c.ib_opts, &b, NULL, NULL) == IBIDI_OK)
            set_add(&alabels, c.out, b.len);
    }
    set d = filtered("(d) ToASCII of A-label names", &alabels, &c);
    set e = d;
    e.name = "(e) ToUnicode of A-labels";
    printf("timed: the names all the libraries at hand accept with the same output:\n"
           "  (a1) %zu of %zu, (a2) %zu of %zu, (b) %zu of %zu, (c) %zu of %zu\n",
           a1.count, file.count, a2.count, gen.count, b.count, hosts.count, cc.count,
           rtl.count);
    printf("bytes per name: (a) %.1f, (b) %.1f, (c) %.1f\n",
           a.count ? (double)a.bytes / (double)a.count : 0,
           b.count ? (double)b.bytes / (double)b.count : 0,
           cc.count ? (double)cc.bytes / (double)cc.count : 0);

    printf("\nmillions of names per second, best of up to %d passes of >= %d names; ratios are "
           "ibidi's time\nover the other's (lower is better); 'target' is the anchor of the "
           "issue's target\n\n",
           MAX_REPS + 1, PASS_NAMES);
    printf("%-30s %7s %9s %9s %9s %7s %7s %7s  %s\n", "workload", "names", lib_name[L_ICU],
           lib_name[L_IDN2], lib_name[L_IBIDI], "ib/ICU", "ib/idn2", "target", "");
    result r;
    measure(&a, &r, &c);
    row(a.name, &a, &r, 1, 0.4);
    measure(&a1, &r, &c);
    row(a1.name, &a1, &r, 1, 0);
    measure(&a2, &r, &c);
    row(a2.name, &a2, &r, 1, 0);
    measure(&b, &r, &c);
    row(b.name, &b, &r, 0, 0.5);
    measure(&cc, &r, &c);
    row(cc.name, &cc, &r, 0, 0.5);
    measure(&d, &r, &c);
    row(d.name, &d, &r, 0, 0.5);
    c.to_unicode = 1;
    measure(&e, &r, &c);
    row(e.name, &e, &r, 0, 0.5);
    c.to_unicode = 0;
    printf("\ntarget: (a) against the faster of ICU and libidn2, (b) to (e) against ICU.\n");
    printf("total time %.1f s\n", now() - t_start);

#ifdef IBIDI_BENCH_ICU
    uidna_close(c.icu);
#endif
    set_free(&file);
    set_free(&gen);
    set_free(&hosts);
    set_free(&rtl);
    set_free(&a);
    set_free(&a1);
    set_free(&a2);
    set_free(&b);
    set_free(&cc);
    set_free(&alabels);
    set_free(&d);
    return (int)(sink & 0);
}
