/*
 * UTS #39 §5 (ibidi/uts39.h): restriction levels from Script_Extensions (§5.1, §5.2),
 * mixed numbers (§5.3), and the check of a domain name label by label.
 *
 * Script sets are bit sets: one bit per Script value (IBIDI_UNICODE_SC_*), and three more for the
 * writing systems of several scripts that §5.1 adds to the augmented script set, Jpan
 * (Japanese), Kore (Korean) and Hanb (Han with Bopomofo). A string's state is kept as it is
 * read, a few words whatever its length, so the level of every prefix is at hand (the
 * level never goes down as a string grows: the resolved set can only shrink, and a cover
 * of more entries covers fewer strings), and a finding can name the character with which
 * a label goes above the highest level allowed.
 */
#include <string.h>

#include "common/internal.h"
#include "uts39/uts39_internal.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/uts39.h"

/* ---- Script sets ------------------------------------------------------------------------ */

#define SC_JPAN   (IBIDI_UNICODE_SC_COUNT + 0)
#define SC_KORE   (IBIDI_UNICODE_SC_COUNT + 1)
#define SC_HANB   (IBIDI_UNICODE_SC_COUNT + 2)
#define SET_BITS  (IBIDI_UNICODE_SC_COUNT + 3)
#define SET_WORDS ((SET_BITS + 63) / 64)

typedef struct sset {
    uint64_t w[SET_WORDS];
} sset;

static void set_add(sset *s, unsigned sc) { s->w[sc / 64] |= UINT64_C(1) << (sc % 64); }

static int set_has(const sset *s, unsigned sc) { return (int)(s->w[sc / 64] >> (sc % 64) & 1u); }

static int set_empty(const sset *s)
{
    uint64_t any = 0;
    for (size_t i = 0; i < SET_WORDS; i++)
        any |= s->w[i];
    return any == 0;
}

static void set_and(sset *s, const sset *t)
{
    for (size_t i = 0; i < SET_WORDS; i++)
        s->w[i] &= t->w[i];
}

/* UAX #31 Table 5, Recommended Scripts: the scripts in customary modern use that an
 * identifier may hold (Unicode 17.0.0; UTS #39 §5.2 takes its lists from this table).
 * This is the standard's table as data; Identifier_Status is not among the UCD files of
 * data/, so the table is written here. */
int ibidi_uts39_recommended_script(ibidi_unicode_sc sc)
{
    switch (sc) { /* the compiler makes this a test of bits */
    case IBIDI_UNICODE_SC_ZYYY: /* Common */
    case IBIDI_UNICODE_SC_ZINH: /* Inherited */
    case IBIDI_UNICODE_SC_ARAB: /* Arabic */
    case IBIDI_UNICODE_SC_ARMN: /* Armenian */
    case IBIDI_UNICODE_SC_BENG: /* Bengali */
    case IBIDI_UNICODE_SC_BOPO: /* Bopomofo */
    case IBIDI_UNICODE_SC_CYRL: /* Cyrillic */
    case IBIDI_UNICODE_SC_DEVA: /* Devanagari */
    case IBIDI_UNICODE_SC_ETHI: /* Ethiopic */
    case IBIDI_UNICODE_SC_GEOR: /* Georgian */
    case IBIDI_UNICODE_SC_GREK: /* Greek */
    case IBIDI_UNICODE_SC_GUJR: /* Gujarati */
    case IBIDI_UNICODE_SC_GURU: /* Gurmukhi */
    case IBIDI_UNICODE_SC_HANI: /* Han */
    case IBIDI_UNICODE_SC_HANG: /* Hangul */
    case IBIDI_UNICODE_SC_HEBR: /* Hebrew */
    case IBIDI_UNICODE_SC_HIRA: /* Hiragana */
    case IBIDI_UNICODE_SC_KNDA: /* Kannada */
    case IBIDI_UNICODE_SC_KANA: /* Katakana */
    case IBIDI_UNICODE_SC_KHMR: /* Khmer */
    case IBIDI_UNICODE_SC_LAOO: /* Lao */
    case IBIDI_UNICODE_SC_LATN: /* Latin */
    case IBIDI_UNICODE_SC_MLYM: /* Malayalam */
    case IBIDI_UNICODE_SC_MYMR: /* Myanmar */
    case IBIDI_UNICODE_SC_ORYA: /* Oriya */
    case IBIDI_UNICODE_SC_SINH: /* Sinhala */
    case IBIDI_UNICODE_SC_TAML: /* Tamil */
    case IBIDI_UNICODE_SC_TELU: /* Telugu */
    case IBIDI_UNICODE_SC_THAA: /* Thaana */
    case IBIDI_UNICODE_SC_THAI: /* Thai */
    case IBIDI_UNICODE_SC_TIBT: /* Tibetan */
        return 1;
    default:
        return 0;
    }
}

/* UTS #39 §5.1: the augmented script set of cp in *s. Returns 0 when it is ALL (the
 * Script_Extensions hold Common or Inherited), else 1; *outside gets 1 when none of the
 * scripts is recommended (the Identifier Profile of ibidi/uts39.h). */
static int augmented_set(uint32_t cp, sset *s, int *outside)
{
    ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
    size_t n = ibidi_unicode_script_extensions(cp, scx, IBIDI_UNICODE_SC_COUNT);
    int rec = 0;
    if (n > IBIDI_UNICODE_SC_COUNT)
        n = IBIDI_UNICODE_SC_COUNT; /* the values are distinct: never more than all of them */
    memset(s, 0, sizeof *s);
    *outside = 0;
    for (size_t i = 0; i < n; i++) {
        const ibidi_unicode_sc sc = scx[i];
        if (sc == IBIDI_UNICODE_SC_ZYYY || sc == IBIDI_UNICODE_SC_ZINH)
            return 0; /* UTS #39 §5.1: sets containing Zyyy or Zinh are ALL */
        if (sc >= IBIDI_UNICODE_SC_COUNT)
            continue;
        set_add(s, sc);
        rec |= ibidi_uts39_recommended_script(sc);
    }
    /* UTS #39 §5.1: the writing systems of several scripts */
    if (set_has(s, IBIDI_UNICODE_SC_HANI)) {
        set_add(s, SC_HANB);
        set_add(s, SC_JPAN);
        set_add(s, SC_KORE);
    }
    if (set_has(s, IBIDI_UNICODE_SC_HIRA) || set_has(s, IBIDI_UNICODE_SC_KANA))
        set_add(s, SC_JPAN);
    if (set_has(s, IBIDI_UNICODE_SC_HANG))
        set_add(s, SC_KORE);
    if (set_has(s, IBIDI_UNICODE_SC_BOPO))
        set_add(s, SC_HANB);
    *outside = !rec;
    return 1;
}

/* ---- Restriction level (UTS #39 §5.2) ------------------------------------------------- */

/* A string read so far: what §5.2's process needs of its SOSS (the set of the augmented
 * sets that are not ALL). The intersection of all entries is the resolved script set
 * (§5.1); that of the entries without Latin decides the highly and moderately restrictive
 * levels. */
typedef struct lvl {
    int nonascii; /* a character above U+007F */
    int outside;  /* a character outside the Identifier Profile */
    int entries;  /* the SOSS is not empty */
    int nonlatin; /* an entry without Latin */
    sset all;     /* intersection of every entry */
    sset nl;      /* intersection of the entries without Latin */
} lvl;

static void lvl_init(lvl *l) { memset(l, 0, sizeof *l); }

static void lvl_add(lvl *l, uint32_t cp)
{
    sset s;
    int out;
    l->nonascii = 1; /* ASCII does not come here: see reader_state */
    if (!augmented_set(cp, &s, &out))
        return;
    l->outside |= out;
    if (!l->entries) {
        l->all = s;
        l->entries = 1;
    } else {
        set_and(&l->all, &s);
    }
    if (!set_has(&s, IBIDI_UNICODE_SC_LATN)) {
        if (!l->nonlatin) {
            l->nl = s;
            l->nonlatin = 1;
        } else {
            set_and(&l->nl, &s);
        }
    }
}

/* ASCII letters count once they meet a character above U+007F: the entry {Latn}. */
static void lvl_ascii_letter(lvl *l)
{
    sset s;
    memset(&s, 0, sizeof s);
    set_add(&s, IBIDI_UNICODE_SC_LATN);
    if (!l->entries) {
        l->all = s;
        l->entries = 1;
    } else {
        set_and(&l->all, &s);
    }
}

/* A string's state: its ASCII letters are kept apart (ascii_letter) and count as the entry
 * {Latn} when the level is taken, so that ASCII never touches the sets. */
typedef struct reader_state {
    lvl l;
    int ascii_letter; /* an ASCII letter (Latin) seen */
} reader_state;

/* UTS #39 §5.2: the level of the string read so far, by the standard's logical process. */
static ibidi_uts39_level lvl_level(const lvl *l0, int ascii_letter)
{
    lvl l = *l0;
    if (l.outside)
        return IBIDI_UTS39_UNRESTRICTED; /* §5.2: a character outside the profile */
    if (!l.nonascii)
        return IBIDI_UTS39_ASCII_ONLY; /* §5.2: no character above 0x7F */
    if (ascii_letter)
        lvl_ascii_letter(&l);
    /* §5.2: the SOSS empty, or the intersection of its entries not empty */
    if (!l.entries || !set_empty(&l.all))
        return IBIDI_UTS39_SINGLE_SCRIPT;
    if (!l.nonlatin)
        return IBIDI_UTS39_SINGLE_SCRIPT; /* every entry has Latin: not reached, as then the
                                             intersection holds Latin */
    /* §5.2: the entries without Latin covered by {Kore}, {Hanb} or {Jpan}: each of them
     * holds that writing system, i.e. their intersection does */
    if (set_has(&l.nl, SC_KORE) || set_has(&l.nl, SC_HANB) || set_has(&l.nl, SC_JPAN))
        return IBIDI_UTS39_HIGHLY_RESTRICTIVE;
    /* §5.2: their intersection holds a Recommended script other than Cyrillic and Greek */
    for (unsigned sc = 0; sc < IBIDI_UNICODE_SC_COUNT; sc++)
        if (sc != IBIDI_UNICODE_SC_CYRL && sc != IBIDI_UNICODE_SC_GREK && set_has(&l.nl, sc) &&
            ibidi_uts39_recommended_script((ibidi_unicode_sc)sc))
            return IBIDI_UTS39_MODERATELY_RESTRICTIVE;
    return IBIDI_UTS39_MINIMALLY_RESTRICTIVE;
}

static void state_init(reader_state *s)
{
    lvl_init(&s->l);
    s->ascii_letter = 0;
}

static void state_add(reader_state *s, uint32_t cp)
{
    if (cp < 0x80u) {
        if ((cp | 0x20u) - 'a' < 26u)
            s->ascii_letter = 1;
        return;
    }
    lvl_add(&s->l, cp);
}

static ibidi_uts39_level state_level(const reader_state *s)
{
    return lvl_level(&s->l, s->ascii_letter);
}

/* ---- Digits (UTS #39 §5.3) ------------------------------------------------------------ */

/* The Unicode Stability Policy encodes the characters of Numeric_Type Decimal (exactly the
 * characters of General_Category Nd) in contiguous ranges of ten, 0 to 9 in order. So a
 * maximal run of consecutive Nd code points is whole systems one after the other (U+1D7CE
 * .. U+1D7FF holds five), and the value of a digit is its distance from the run's start,
 * modulo ten: the general category table alone gives the value and the zero (the digit
 * values of UnicodeData.txt are not among the library's tables; tests/test_uts39.c
 * compares the two for every code point). */
int ibidi_uts39_digit(uint32_t cp, uint32_t *zero)
{
    if (ibidi_unicode_general_category(cp) != IBIDI_UNICODE_GC_ND) {
        if (zero)
            *zero = cp;
        return -1;
    }
    uint32_t start = cp;
    while (start > 0 && ibidi_unicode_general_category(start - 1) == IBIDI_UNICODE_GC_ND)
        start--;
    const int value = (int)((cp - start) % 10u);
    if (zero)
        *zero = cp - (uint32_t)value;
    return value;
}

/* The decimal systems of a string so far: the first zero, and the first digit of another. */
typedef struct digits {
    uint32_t zero; /* the first system's zero; UINT32_MAX before any digit */
    int mixed;
    size_t at, len; /* the first digit of a second system */
    uint32_t cp;
} digits;

static void digits_init(digits *d)
{
    d->zero = UINT32_MAX;
    d->mixed = 0;
    d->at = d->len = 0;
    d->cp = 0;
}

static void digits_add(digits *d, uint32_t cp, size_t at, size_t len)
{
    uint32_t z;
    if (cp < 0x80u && (cp < '0' || cp > '9'))
        return; /* the ASCII that is no digit, without a lookup */
    if (ibidi_uts39_digit(cp, &z) < 0)
        return;
    /* UTS #39 §5.3: map each digit to the zero of its system; more than one zero is
     * mixed numbers */
    if (d->zero == UINT32_MAX) {
        d->zero = z;
    } else if (z != d->zero && !d->mixed) {
        d->mixed = 1;
        d->at = at;
        d->len = len;
        d->cp = cp;
    }
}

/* ---- Input ------------------------------------------------------------------------------ */

/* UTF-8 or code points, read one code point at a time; offsets are in the input's units. */
typedef struct input {
    const char *s;
    const uint32_t *cps;
    size_t len;
    size_t pos;
} input;

/* The next code point at in->pos: returns 1 with *cp, *at and *len, 0 at the end, -1 after
 * filling *err. */
static int input_next(input *in, uint32_t *cp, size_t *at, size_t *len, ibidi_status *st,
                      ibidi_error *err)
{
    if (in->pos >= in->len)
        return 0;
    *at = in->pos;
    if (in->cps) {
        const uint32_t c = in->cps[in->pos];
        if (c > 0x10FFFFu || (c >= 0xD800u && c <= 0xDFFFu)) {
            *st = ibidi__fail(err, c > 0x10FFFFu ? IBIDI_E_CP_TOO_LARGE : IBIDI_E_CP_SURROGATE,
                              in->pos, c);
            return -1;
        }
        *cp = c;
        in->pos++;
        *len = 1;
        return 1;
    }
    if ((unsigned char)in->s[in->pos] < 0x80u) {
        *cp = (unsigned char)in->s[in->pos++];
        *len = 1;
        return 1;
    }
    *st = ibidi_utf8_next(in->s, in->len, &in->pos, cp, err);
    if (*st != IBIDI_OK)
        return -1;
    *len = in->pos - *at;
    return 1;
}

/* ---- Levels and mixed numbers of one string ------------------------------------------ */

static ibidi_status string_level(input *in, ibidi_uts39_level *level, ibidi_error *err)
{
    reader_state s;
    uint32_t cp;
    size_t at, len;
    ibidi_status st = IBIDI_OK;
    int r;
    if (!level)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    state_init(&s);
    while ((r = input_next(in, &cp, &at, &len, &st, err)) > 0)
        state_add(&s, cp);
    if (r < 0)
        return st;
    *level = state_level(&s);
    return ibidi__ok(err);
}

ibidi_status ibidi_uts39_level_cp(const uint32_t *cps, size_t n, ibidi_uts39_level *level,
                                  ibidi_error *err)
{
    input in = {NULL, cps, n, 0};
    if (!cps && n)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    return string_level(&in, level, err);
}

ibidi_status ibidi_uts39_level_utf8(const char *s, size_t len, ibidi_uts39_level *level,
                                    ibidi_error *err)
{
    input in = {s, NULL, len, 0};
    if (!s && len)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    return string_level(&in, level, err);
}

static ibidi_status string_mixed(input *in, int *mixed, size_t *offset, ibidi_error *err)
{
    digits d;
    uint32_t cp;
    size_t at, len;
    ibidi_status st = IBIDI_OK;
    int r;
    if (!mixed)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    digits_init(&d);
    while ((r = input_next(in, &cp, &at, &len, &st, err)) > 0)
        digits_add(&d, cp, at, len);
    if (r < 0)
        return st;
    *mixed = d.mixed;
    if (offset)
        *offset = d.mixed ? d.at : in->len;
    return ibidi__ok(err);
}

ibidi_status ibidi_uts39_mixed_numbers_cp(const uint32_t *cps, size_t n, int *mixed,
                                          size_t *offset, ibidi_error *err)
{
    input in = {NULL, cps, n, 0};
    if (!cps && n)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    return string_mixed(&in, mixed, offset, err);
}

ibidi_status ibidi_uts39_mixed_numbers_utf8(const char *s, size_t len, int *mixed,
                                            size_t *offset, ibidi_error *err)
{
    input in = {s, NULL, len, 0};
    if (!s && len)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    return string_mixed(&in, mixed, offset, err);
}

/* ---- A name under a policy ------------------------------------------------------------- */

/* One label (or the whole name) being read. */
typedef struct label {
    reader_state s;
    digits d;
    size_t start;
    int over; /* above the highest level allowed, from the character below on */
    size_t over_at, over_len;
    uint32_t over_cp;
} label;

static void label_init(label *lb, size_t start)
{
    state_init(&lb->s);
    digits_init(&lb->d);
    lb->start = start;
    lb->over = 0;
    lb->over_at = lb->over_len = 0;
    lb->over_cp = 0;
}

/* The label's findings (part: its index, or IBIDI_NO_PART for the whole name), and its
 * level into *worst. */
static void label_end(const label *lb, size_t part, ibidi_uts39_level max, ibidi__sink *sink,
                      ibidi_uts39_level *worst)
{
    const ibidi_uts39_level lv = state_level(&lb->s);
    ibidi_finding f;
    if (lv > *worst)
        *worst = lv;
    memset(&f, 0, sizeof f);
    f.part = part;
    f.bidi_class = -1;
    f.context = IBIDI_DIR_LTR;
    if (lb->over) { /* UTS #39 §5.2 */
        f.code = IBIDI_UTS39_RESTRICTION_LEVEL;
        f.severity = IBIDI_SEVERITY_ERROR;
        f.offset = lb->over_at;
        f.length = lb->over_len;
        f.cp = lb->over_cp;
        f.detail = (int)lv;
        ibidi__sink_put(sink, &f);
    }
    if (lb->d.mixed) { /* UTS #39 §5.3: a registry with a policy refuses it */
        f.code = IBIDI_UTS39_MIXED_NUMBERS;
        f.severity = max != IBIDI_UTS39_NO_LIMIT ? IBIDI_SEVERITY_ERROR : IBIDI_SEVERITY_WARNING;
        f.offset = lb->d.at;
        f.length = lb->d.len;
        f.cp = lb->d.cp;
        f.detail = (int)lb->d.zero;
        ibidi__sink_put(sink, &f);
    }
}

/* The check of a name, its findings into sink (an array or a function). */
static ibidi_status check_name(input *in, const ibidi_uts39_options *opts,
                               ibidi_uts39_level *level, ibidi__sink *sinkp,
                               ibidi_findings *findings, ibidi_error *err)
{
    const ibidi_uts39_level max = opts ? opts->max_level : IBIDI_UTS39_NO_LIMIT;
    const int whole = opts && (opts->flags & IBIDI_UTS39_WHOLE_NAME);
    ibidi_uts39_level worst = IBIDI_UTS39_ASCII_ONLY;
    ibidi__sink sink = *sinkp;
    label lb;
    size_t part = 0;
    uint32_t cp;
    size_t at, len;
    ibidi_status st = IBIDI_OK;
    int r;
    if ((unsigned)max > IBIDI_UTS39_UNRESTRICTED || (opts && (opts->flags & ~IBIDI_UTS39_WHOLE_NAME)))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    label_init(&lb, 0);
    while ((r = input_next(in, &cp, &at, &len, &st, err)) > 0) {
        if (cp == 0x2Eu && !whole) { /* U+002E FULL STOP ends a label */
            label_end(&lb, part++, max, &sink, &worst);
            label_init(&lb, in->pos);
            continue;
        }
        state_add(&lb.s, cp);
        digits_add(&lb.d, cp, at, len);
        /* UTS #39 §5.2: the first character with which the label goes above the highest
         * level allowed (a level never goes down as the label grows) */
        if (max != IBIDI_UTS39_NO_LIMIT && !lb.over && state_level(&lb.s) > max) {
            lb.over = 1;
            lb.over_at = at;
            lb.over_len = len;
            lb.over_cp = cp;
        }
    }
    if (r < 0) {
        if (findings)
            findings->n = findings->errors = 0;
        return st;
    }
    label_end(&lb, whole ? IBIDI_NO_PART : part, max, &sink, &worst);
    ibidi__sink_done(&sink, findings);
    if (level)
        *level = worst;
    if (sink.errors)
        return ibidi__fail(err, IBIDI_E_UTS39_INVALID, sink.first_error_offset,
                           sink.first_error_cp);
    return ibidi__ok(err);
}

ibidi_status ibidi_uts39_check_cp(const uint32_t *name, size_t n, const ibidi_uts39_options *opts,
                                  ibidi_uts39_level *level, ibidi_findings *findings,
                                  ibidi_error *err)
{
    input in = {NULL, name, n, 0};
    ibidi__sink sink;
    if ((!name && n) || (findings && !findings->items && findings->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi__sink_init(&sink, findings);
    return check_name(&in, opts, level, &sink, findings, err);
}

ibidi_status ibidi_uts39_check_utf8(const char *name, size_t len, const ibidi_uts39_options *opts,
                                    ibidi_uts39_level *level, ibidi_findings *findings,
                                    ibidi_error *err)
{
    input in = {name, NULL, len, 0};
    ibidi__sink sink;
    if ((!name && len) || (findings && !findings->items && findings->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi__sink_init(&sink, findings);
    return check_name(&in, opts, level, &sink, findings, err);
}

ibidi_status ibidi__uts39_check_fn(const char *name, size_t len, const ibidi_uts39_options *opts,
                                   ibidi_uts39_level *level, ibidi__sink_fn fn, void *ctx,
                                   ibidi_error *err)
{
    input in = {name, NULL, len, 0};
    ibidi__sink sink;
    ibidi__sink_init_fn(&sink, fn, ctx);
    return check_name(&in, opts, level, &sink, NULL, err);
}

/* ---- Names ---------------------------------------------------------------------------- */

static const char *const level_names[] = {
    NULL, "ascii-only", "single-script", "highly-restrictive", "moderately-restrictive",
    "minimally-restrictive", "unrestricted",
};

const char *ibidi_uts39_level_name(ibidi_uts39_level level)
{
    if ((unsigned)level >= sizeof level_names / sizeof level_names[0])
        return NULL;
    return level_names[level];
}

int ibidi_uts39_level_from_name(const char *name, size_t len)
{
    if (!name)
        return -1;
    for (size_t i = 1; i < sizeof level_names / sizeof level_names[0]; i++)
        if (strlen(level_names[i]) == len && memcmp(level_names[i], name, len) == 0)
            return (int)i;
    return -1;
}
