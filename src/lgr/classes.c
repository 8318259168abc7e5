/*
 * Character classes of an LGR (RFC 7940 §6.2): the set algebra the loader compiles every
 * class with (§6.2.5), the Unicode property classes (§6.2.3) from ibidi's own Unicode
 * 17.0.0 tables, and the membership test evaluation uses. A class is a list of sorted,
 * disjoint, non-adjacent ranges, so every operation is one merge of two lists and
 * membership a binary search. Part of the loader: it allocates (the test of a finished
 * class, ibidi__lgr_class_has, does not).
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "lgr/load_internal.h"
#include "unicode/ucd.h"

/* ---- Membership (evaluation) ---------------------------------------------------------- */

int ibidi__lgr_class_has(const struct ibidi_lgr *lgr, uint32_t cls, uint32_t cp)
{
    if (cls >= lgr->n_classes || lgr->classes[cls].count == 0)
        return 0;
    const lgr_class *c = &lgr->classes[cls];
    const uint32_t *r = lgr->ranges + 2u * (size_t)c->first;
    uint32_t lo = 0, hi = c->count; /* the range holding cp is in [lo, hi) */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (cp < r[2u * mid])
            hi = mid;
        else if (cp > r[2u * mid + 1u])
            lo = mid + 1u;
        else
            return 1;
    }
    return 0;
}

/* ---- Range lists ---------------------------------------------------------------------- */

static int reserve(lgr_rset *s, uint32_t n)
{
    if (n <= s->cap)
        return 0;
    uint32_t cap = s->cap ? s->cap : 8u;
    while (cap < n) {
        if (cap > UINT32_MAX / 4u)
            return -1;
        cap *= 2u;
    }
    uint32_t *r = realloc(s->r, (size_t)cap * 2u * sizeof *r);
    if (!r)
        return -1;
    s->r = r;
    s->cap = cap;
    return 0;
}

int ibidi__lgr_rset_push(lgr_rset *s, uint32_t lo, uint32_t hi)
{
    if (s->n == UINT32_MAX / 2u || reserve(s, s->n + 1u))
        return -1;
    s->r[2u * s->n] = lo;
    s->r[2u * s->n + 1u] = hi;
    s->n++;
    return 0;
}

/* Appends lo..hi to a normal set whose ranges all end before lo, merging an adjacent one. */
static int append(lgr_rset *s, uint32_t lo, uint32_t hi)
{
    if (s->n && s->r[2u * s->n - 1u] + 1u == lo) {
        s->r[2u * s->n - 1u] = hi;
        return 0;
    }
    return ibidi__lgr_rset_push(s, lo, hi);
}

static int by_lo(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

int ibidi__lgr_rset_normalize(lgr_rset *s)
{
    uint32_t i;
    if (s->n < 2u)
        return 0;
    for (i = 1; i < s->n && s->r[2u * i] >= s->r[2u * i - 2u]; i++)
        ;
    if (i < s->n) /* lists made in document order are mostly sorted already */
        qsort(s->r, s->n, 2u * sizeof *s->r, by_lo);
    uint32_t w = 0;
    for (i = 1; i < s->n; i++) {
        uint32_t lo = s->r[2u * i], hi = s->r[2u * i + 1u];
        if (lo <= s->r[2u * w + 1u] || lo == s->r[2u * w + 1u] + 1u) {
            if (hi > s->r[2u * w + 1u])
                s->r[2u * w + 1u] = hi;
        } else {
            w++;
            s->r[2u * w] = lo;
            s->r[2u * w + 1u] = hi;
        }
    }
    s->n = w + 1u;
    return 0;
}

/* Whether a code point in (a, b) is in the result of op. */
static int keep(lgr_setop op, int in_a, int in_b)
{
    switch (op) {
    case LGR_OP_UNION:
        return in_a || in_b;
    case LGR_OP_INTERSECTION:
        return in_a && in_b;
    case LGR_OP_DIFFERENCE:
        return in_a && !in_b;
    case LGR_OP_SYMMETRIC_DIFFERENCE:
        return in_a != in_b;
    }
    return 0;
}

/* One sweep over both lists: the code points from pos to the next boundary of either
 * list are all in a or all out of it, and the same for b, so each such segment is kept
 * or dropped whole. The segments are at most a->n + b->n pairs of boundaries. */
int ibidi__lgr_rset_combine(lgr_rset *out, const lgr_rset *a, const lgr_rset *b, lgr_setop op)
{
    uint32_t i = 0, j = 0;
    uint64_t pos = 0;
    out->n = 0;
    while (pos <= LGR_CP_MAX) {
        while (i < a->n && a->r[2u * i + 1u] < pos)
            i++;
        while (j < b->n && b->r[2u * j + 1u] < pos)
            j++;
        int in_a = i < a->n && a->r[2u * i] <= pos;
        int in_b = j < b->n && b->r[2u * j] <= pos;
        uint64_t next_a = in_a ? (uint64_t)a->r[2u * i + 1u] + 1u
                               : (i < a->n ? a->r[2u * i] : LGR_CP_MAX + 1u);
        uint64_t next_b = in_b ? (uint64_t)b->r[2u * j + 1u] + 1u
                               : (j < b->n ? b->r[2u * j] : LGR_CP_MAX + 1u);
        uint64_t end = next_a < next_b ? next_a : next_b;
        if (end > LGR_CP_MAX + 1u)
            end = LGR_CP_MAX + 1u;
        if (keep(op, in_a, in_b) && append(out, (uint32_t)pos, (uint32_t)(end - 1u)))
            return -1;
        pos = end;
    }
    return 0;
}

int ibidi__lgr_rset_complement(lgr_rset *out, const lgr_rset *a)
{
    /* RFC 7940 §6.2.5: the complement is taken over the whole code space 0..10FFFF */
    uint32_t pair[2] = {0, LGR_CP_MAX};
    const lgr_rset everything = {pair, 1, 1};
    return ibidi__lgr_rset_combine(out, &everything, a, LGR_OP_DIFFERENCE);
}

int ibidi__lgr_rset_assign(lgr_rset *out, const uint32_t *pairs, uint32_t n)
{
    if (reserve(out, n))
        return -1;
    if (n)
        memcpy(out->r, pairs, (size_t)n * 2u * sizeof *pairs);
    out->n = n;
    return 0;
}

void ibidi__lgr_rset_free(lgr_rset *s)
{
    free(s->r);
    s->r = NULL;
    s->n = s->cap = 0;
}

/* ---- Unicode properties (RFC 7940 §6.2.3) --------------------------------------------- */

/* General_Category long names, in the order of ibidi_unicode_gc (the short ones are
 * ibidi_unicode_gc_name's), then the groups of PropertyValueAliases.txt as masks. */
static const char *const gc_long[IBIDI_UNICODE_GC_COUNT] = {
    "Uppercase_Letter",    "Lowercase_Letter",  "Titlecase_Letter",
    "Modifier_Letter",     "Other_Letter",      "Nonspacing_Mark",
    "Spacing_Mark",        "Enclosing_Mark",    "Decimal_Number",
    "Letter_Number",       "Other_Number",      "Connector_Punctuation",
    "Dash_Punctuation",    "Open_Punctuation",  "Close_Punctuation",
    "Initial_Punctuation", "Final_Punctuation", "Other_Punctuation",
    "Math_Symbol",         "Currency_Symbol",   "Modifier_Symbol",
    "Other_Symbol",        "Space_Separator",   "Line_Separator",
    "Paragraph_Separator", "Control",           "Format",
    "Surrogate",           "Private_Use",       "Unassigned"};

#define GCB(x) (1u << IBIDI_UNICODE_GC_##x)
static const struct {
    const char *short_name, *long_name;
    uint32_t mask;
} gc_groups[] = {
    {"LC", "Cased_Letter", GCB(LU) | GCB(LL) | GCB(LT)},
    {"L", "Letter", GCB(LU) | GCB(LL) | GCB(LT) | GCB(LM) | GCB(LO)},
    {"M", "Mark", GCB(MN) | GCB(MC) | GCB(ME)},
    {"N", "Number", GCB(ND) | GCB(NL) | GCB(NO)},
    {"P", "Punctuation",
     GCB(PC) | GCB(PD) | GCB(PS) | GCB(PE) | GCB(PI) | GCB(PF) | GCB(PO)},
    {"S", "Symbol", GCB(SM) | GCB(SC) | GCB(SK) | GCB(SO)},
    {"Z", "Separator", GCB(ZS) | GCB(ZL) | GCB(ZP)},
    {"C", "Other", GCB(CC) | GCB(CF) | GCB(CS) | GCB(CO) | GCB(CN)},
};
#undef GCB

static const char *const jt_long[] = {"Non_Joining",  "Join_Causing",  "Dual_Joining",
                                      "Left_Joining", "Right_Joining", "Transparent"};

static const struct {
    const char *short_name, *long_name;
    lgr_prop_kind kind;
} props[] = {
    {"gc", "General_Category", LGR_P_GC},
    {"sc", "Script", LGR_P_SC},
    {"scx", "Script_Extensions", LGR_P_SCX},
    {"jt", "Joining_Type", LGR_P_JT},
    {"bc", "Bidi_Class", LGR_P_BC},
    {"ccc", "Canonical_Combining_Class", LGR_P_CCC},
    {"Bidi_M", "Bidi_Mirrored", LGR_P_BIDI_M},
    {"DI", "Default_Ignorable_Code_Point", LGR_P_DI},
    {"NChar", "Noncharacter_Code_Point", LGR_P_NCHAR},
    {"Bidi_C", "Bidi_Control", LGR_P_BIDI_C},
};

static int binary_value(const char *v)
{
    static const char *const yes[] = {"Y", "Yes", "T", "True"};
    static const char *const no[] = {"N", "No", "F", "False"};
    for (size_t i = 0; i < 4; i++) {
        if (strcmp(v, yes[i]) == 0)
            return 1;
        if (strcmp(v, no[i]) == 0)
            return 0;
    }
    return -1;
}

int ibidi__lgr_prop_parse(const char *s, lgr_prop *out)
{
    const char *colon = strchr(s, ':');
    if (!colon)
        return -1;
    size_t plen = (size_t)(colon - s);
    const char *v = colon + 1;
    size_t vlen = strlen(v);
    size_t k;
    for (k = 0; k < sizeof props / sizeof props[0]; k++)
        if ((strlen(props[k].short_name) == plen && memcmp(props[k].short_name, s, plen) == 0) ||
            (strlen(props[k].long_name) == plen && memcmp(props[k].long_name, s, plen) == 0))
            break;
    if (k == sizeof props / sizeof props[0])
        return -1;
    out->kind = (uint32_t)props[k].kind;
    switch (props[k].kind) {
    case LGR_P_GC:
        for (int g = 0; g < IBIDI_UNICODE_GC_COUNT; g++) {
            const char *sn = ibidi_unicode_gc_name((ibidi_unicode_gc)g);
            if ((sn && strcmp(v, sn) == 0) || strcmp(v, gc_long[g]) == 0) {
                out->value = 1u << g;
                return 0;
            }
        }
        for (size_t g = 0; g < sizeof gc_groups / sizeof gc_groups[0]; g++)
            if (strcmp(v, gc_groups[g].short_name) == 0 || strcmp(v, gc_groups[g].long_name) == 0) {
                out->value = gc_groups[g].mask;
                return 0;
            }
        return -2;
    case LGR_P_SC:
    case LGR_P_SCX: {
        int sc = ibidi_unicode_script_from_name(v, vlen);
        if (sc < 0)
            return -2;
        out->value = (uint32_t)sc;
        return 0;
    }
    case LGR_P_JT:
        for (int j = 0; j < 6; j++) {
            const char *sn = ibidi_unicode_joining_type_name((ibidi_unicode_jt)j);
            if ((sn && strcmp(v, sn) == 0) || strcmp(v, jt_long[j]) == 0) {
                out->value = (uint32_t)j;
                return 0;
            }
        }
        return -2;
    case LGR_P_BC: {
        int bc = ibidi_unicode_bidi_class_from_name(v, vlen);
        if (bc < 0)
            return -2;
        out->value = (uint32_t)bc;
        return 0;
    }
    case LGR_P_CCC: {
        /* the numeric values of UnicodeData.txt field 3: 0..254, in decimal */
        uint32_t n = 0;
        if (vlen == 0 || vlen > 3)
            return -2;
        for (size_t i = 0; i < vlen; i++) {
            if (v[i] < '0' || v[i] > '9')
                return -2;
            n = n * 10u + (uint32_t)(v[i] - '0');
        }
        if (n > 254u)
            return -2;
        out->value = n;
        return 0;
    }
    case LGR_P_BIDI_M:
    case LGR_P_DI:
    case LGR_P_NCHAR:
    case LGR_P_BIDI_C: {
        int b = binary_value(v);
        if (b < 0)
            return -2;
        out->value = (uint32_t)b;
        return 0;
    }
    }
    return -1;
}

static int has_scx(const ibidi__props *p, uint32_t sc)
{
    if (p->scx == 0) /* ScriptExtensions.txt @missing: the Script value */
        return p->sc == sc;
    uint32_t start = p->scx > 1 ? ibidi__scx_off[p->scx - 1] : 0, end = ibidi__scx_off[p->scx];
    for (uint32_t i = start; i < end; i++)
        if (ibidi__scx_data[i] == sc)
            return 1;
    return 0;
}

/* The code points of a block of 512 (IBIDI__PROPS_SH1) all read their records through one
 * middle block of the tables (ucd.h): blocks with the same middle block have the same
 * records in the same places, so the test runs once per distinct middle block (unassigned
 * planes are one), and its 512 results, as bits, are turned into ranges for each block. */
#define BLOCK (1u << IBIDI__PROPS_SH1)
#define SCAN(TEST)                                                                             \
    do {                                                                                       \
        for (uint32_t blk = 0; blk <= (LGR_CP_MAX >> IBIDI__PROPS_SH1); blk++) {               \
            uint32_t m = ibidi__props_s1[blk];                                                 \
            if (m != prev) {                                                                   \
                memset(bits, 0, sizeof bits);                                                  \
                for (uint32_t k = 0; k < BLOCK; k++) {                                         \
                    const ibidi__props *rec = ibidi__props_of(blk * BLOCK + k);                \
                    if (TEST)                                                                  \
                        bits[k >> 6] |= (uint64_t)1 << (k & 63u);                              \
                }                                                                              \
                prev = m;                                                                      \
            }                                                                                  \
            if (emit_block(out, bits, blk * BLOCK, &lo, &in))                                  \
                return -1;                                                                     \
        }                                                                                      \
    } while (0)

/* Adds the code points base + k whose bit k is set, extending the open range (from *lo
 * when *in) across blocks. */
static int emit_block(lgr_rset *out, const uint64_t bits[BLOCK / 64u], uint32_t base,
                      uint32_t *lo, int *in)
{
    for (uint32_t w = 0; w < BLOCK / 64u; w++) {
        uint64_t word = bits[w];
        uint32_t at = base + w * 64u;
        if (word == 0 || word == ~(uint64_t)0) { /* most words: all out or all in */
            int h = word != 0;
            if (h && !*in) {
                *lo = at;
                *in = 1;
            } else if (!h && *in) {
                if (ibidi__lgr_rset_push(out, *lo, at - 1u))
                    return -1;
                *in = 0;
            }
            continue;
        }
        for (uint32_t b = 0; b < 64u; b++) {
            int h = (int)((word >> b) & 1u);
            if (h && !*in) {
                *lo = at + b;
                *in = 1;
            } else if (!h && *in) {
                if (ibidi__lgr_rset_push(out, *lo, at + b - 1u))
                    return -1;
                *in = 0;
            }
        }
    }
    return 0;
}

int ibidi__lgr_prop_scan(const lgr_prop *p, lgr_rset *out)
{
    uint64_t bits[BLOCK / 64u];
    uint32_t lo = 0, v = p->value, prev = UINT32_MAX;
    int in = 0;
    out->n = 0;
    switch ((lgr_prop_kind)p->kind) {
    case LGR_P_GC:
        SCAN((v >> rec->gc) & 1u);
        break;
    case LGR_P_SC:
        SCAN(rec->sc == v);
        break;
    case LGR_P_SCX:
        SCAN(has_scx(rec, v));
        break;
    case LGR_P_JT:
        SCAN(rec->jt == v);
        break;
    case LGR_P_BC:
        SCAN(rec->bc == v);
        break;
    case LGR_P_CCC:
        SCAN(IBIDI__NI_CCC(rec->norm) == v);
        break;
    case LGR_P_BIDI_M:
        SCAN(((rec->flags & IBIDI__PF_MIRRORED) != 0) == (v != 0));
        break;
    case LGR_P_DI:
        SCAN(((rec->flags & IBIDI__PF_DI) != 0) == (v != 0));
        break;
    case LGR_P_NCHAR:
        SCAN(((rec->flags & IBIDI__PF_NC) != 0) == (v != 0));
        break;
    case LGR_P_BIDI_C: {
        /* not in the records: the twelve code points of ibidi__is_bidi_control */
        static const uint32_t bidi_c[] = {0x061C, 0x061C, 0x200E, 0x200F,
                                          0x202A, 0x202E, 0x2066, 0x2069};
        lgr_rset yes = {NULL, 0, 0};
        int r = ibidi__lgr_rset_assign(&yes, bidi_c, 4);
        if (!r)
            r = v ? ibidi__lgr_rset_assign(out, yes.r, yes.n) : ibidi__lgr_rset_complement(out, &yes);
        ibidi__lgr_rset_free(&yes);
        return r;
    }
    }
    if (in && ibidi__lgr_rset_push(out, lo, LGR_CP_MAX))
        return -1;
    return 0;
}
