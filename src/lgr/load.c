/*
 * The LGR loader: an RFC 7940 document, read with expat, checked and compiled into the
 * immutable model of lgr_internal.h (the repertoire sorted and hashed, variants, classes
 * as range lists, rules as node trees, the actions followed by the defaults of §7.6).
 *
 * One pass over the document: expat calls the handlers below, which keep a stack of the
 * open elements (frames). Whatever an element defines is stored when its start tag is
 * seen (code points, variants, actions) or when its end tag is (classes, rules, the text
 * of meta data). Named rules may be referred to before their definition (the char and
 * var elements of <data> come before <rules>), so references to rules are kept with their
 * place in the document and resolved at the end, where cycles and the depth through
 * references are checked too; classes and tags must be defined before they are used
 * (§6.2.1), so they are resolved at once.
 *
 * Hostile documents: entity declarations stop the parse (no expansion, so no "billion
 * laughs"), external entities are never read, and the limits of ibidi_lgr_limits bound
 * the bytes, the elements, the nesting and the repertoire; every other structure grows
 * with one of those. The loader recurses nowhere: the element stack, the rule graph walk
 * and the class operands live on the heap.
 *
 * Part of the loader with classes.c; these are the only objects of src/lgr that allocate
 * (tests/test_lgr_noalloc.sh).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <expat.h>

#include "common/internal.h"
#include "lgr/load_internal.h"

#define LGR_NS "urn:ietf:params:xml:ns:lgr-1.0"
#define NS_SEP '|' /* expat joins a namespace and a local name with it */

#define DEFAULT_MAX_BYTES ((size_t)64 << 20)
#define DEFAULT_MAX_ELEMENTS ((size_t)4000000)
#define DEFAULT_MAX_REPERTOIRE ((size_t)2000000)
#define DEFAULT_MAX_DEPTH ((size_t)64)

#define NONE LGR_NONE
#define ANON_CLASS 0x80000000u /* a CLASS node's class before named classes are counted */
#define MAX_COUNT 0xFFFEu      /* the largest n of count="n" (0xFFFF is LGR_COUNT_INF) */
/* Ranges the class computations of one document may read and write in all (copies of
 * named classes, tag and property classes, each step of a set operation): without a
 * bound, a few bytes of <union><class by-ref="big"/>...</union> repeated would copy a class
 * of half a million ranges each time. 8M ranges is some 40 ms and 64 MiB at most; each
 * ICANN LGR takes under 5000. */
#define CLASS_WORK ((uint64_t)1 << 23)
/* Work allowed to the transitivity check of an LGR whose variants are not symmetric (the
 * symmetric ones take a linear test): past it the LGR is reported as not transitive. */
#define TRANSITIVE_BUDGET ((uint64_t)1 << 27)

/* ---- Elements and attributes ---------------------------------------------------------- */

enum {
    E_LGR, E_META, E_VERSION, E_DATE, E_LANGUAGE, E_SCOPE, E_DESCRIPTION, E_UNICODE_VERSION,
    E_VALIDITY_START, E_VALIDITY_END, E_REFERENCES, E_REFERENCE, E_DATA, E_CHAR, E_VAR,
    E_RANGE, E_RULES, E_CLASS, E_UNION, E_INTERSECTION, E_DIFFERENCE, E_SYMDIFF,
    E_COMPLEMENT, E_RULE, E_CHOICE, E_START, E_END, E_ANY, E_ANCHOR, E_LOOK_AHEAD,
    E_LOOK_BEHIND, E_ACTION, E_N
};

static const char *const elem_name[E_N] = {
    "lgr", "meta", "version", "date", "language", "scope", "description", "unicode-version",
    "validity-start", "validity-end", "references", "reference", "data", "char", "var",
    "range", "rules", "class", "union", "intersection", "difference", "symmetric-difference",
    "complement", "rule", "choice", "start", "end", "any", "anchor", "look-ahead",
    "look-behind", "action"};

/* The section of RFC 7940 that defines each element, named in messages. */
static const char *const elem_sect[E_N] = {
    "4.2", "4.3", "4.3.1", "4.3.2", "4.3.3", "4.3.4", "4.3.5", "4.3.7", "4.3.6", "4.3.6",
    "4.3.8", "4.3.8", "5", "5", "5.3", "5", "6", "6.2", "6.2.5", "6.2.5", "6.2.5", "6.2.5",
    "6.2.5", "6.3.1", "6.3.5", "6.3.8", "6.3.8", "6.3.7", "6.4", "6.4", "6.4", "7"};

enum {
    A_CP, A_FIRST_CP, A_LAST_CP, A_WHEN, A_NOT_WHEN, A_TAG, A_REF, A_COMMENT, A_TYPE, A_NAME,
    A_BY_REF, A_FROM_TAG, A_PROPERTY, A_COUNT, A_ID, A_DISP, A_MATCH, A_NOT_MATCH,
    A_ANY_VARIANT, A_ALL_VARIANTS, A_ONLY_VARIANTS, A_N
};

static const char *const attr_name[A_N] = {
    "cp", "first-cp", "last-cp", "when", "not-when", "tag", "ref", "comment", "type", "name",
    "by-ref", "from-tag", "property", "count", "id", "disp", "match", "not-match",
    "any-variant", "all-variants", "only-variants"};

#define AB(x) (1u << A_##x)

/* What an open element is, for the handling of its children, text and end. */
enum {
    F_LGR, F_META, F_TEXT, F_DESC, F_REFS, F_REF, F_DATA, F_CHAR, F_EMPTY, F_RULES, F_CLASS,
    F_SETOP, F_RULE, F_CHOICE, F_LOOK, F_SKIP
};

/* Where a class goes when its element ends: a named class of <rules>, an operand of a set
 * operation, or a node of a rule. */
enum { C_TOP, C_OPERAND, C_NODE };

/* How a <class> element gives its code points (§6.2.1-§6.2.4). */
enum { M_TEXT, M_BY_REF, M_FROM_TAG, M_PROPERTY };

typedef struct pos {
    unsigned long line, column;
    size_t offset;
} pos;

typedef struct frame {
    uint8_t kind, elem, ctx, mode;
    pos at;
    uint32_t base; /* kid stack (rules) or operand stack (set operations) on entry */
    uint32_t a, b; /* per kind: entry, rule, class, tag, id, comment... */
    uint32_t name;
    uint16_t min, max;
} frame;

/* A reference to a named rule, resolved when the document has been read. */
enum { U_WHEN, U_NOT_WHEN, U_BY_REF, U_MATCH, U_NOT_MATCH };
typedef struct use {
    uint32_t name; /* string index */
    uint8_t what;  /* U_* */
    uint8_t elem;
    uint32_t node; /* U_BY_REF: the node */
    pos at;
} use;

/* What a string names. */
typedef struct sym {
    uint32_t rule, cls, tag, type;
    uint8_t ref;
} sym;

typedef struct prop_cache {
    lgr_prop p;
    lgr_rset set;
} prop_cache;

typedef struct loader {
    XML_Parser xp;
    int parsing;
    ibidi_lgr *lgr;
    ibidi_lgr_limits lim;
    ibidi_lgr_diag *diag;
    ibidi_status status;
    size_t n_elements;
    char scratch[160];

    frame *frames;
    uint32_t n_frames, cap_frames;
    char *text;
    size_t text_len;
    uint32_t text_cap;

    /* strings: lgr->strings, an open-addressing table of index + 1, what each names */
    uint32_t *str_tab;
    uint32_t str_mask, cap_strings;
    sym *syms;

    uint32_t cap_pool, cap_chars, cap_vars, cap_nodes, cap_kids, cap_rules, cap_actions,
        cap_ranges;
    lgr_class *named, *anon;
    uint32_t n_named, cap_named, n_anon, cap_anon;
    uint32_t *rule_first; /* first node of each named rule */
    pos *rule_at;
    uint32_t cap_rule_extra;
    uint32_t *kids;
    uint32_t n_kidstack, cap_kidstack;
    lgr_rset *ops;
    uint32_t n_ops, cap_ops;
    use *uses;
    uint32_t n_uses, cap_uses;
    uint32_t n_doc_actions;

    /* duplicates: single code points in a bitmap, sequences in a table of entry + 1,
       the variants of the char being read in a table of (generation, variant + 1) */
    uint8_t *seen;
    uint32_t *seq_tab;
    uint32_t seq_mask, seq_count;
    uint32_t *var_tab; /* pairs */
    uint32_t var_mask, var_count, var_gen;

    /* tags: names, (tag, first, last) of each tagged char or range, grouped by tag when a
       class first asks (a range is one item whatever its length, so that many tags on a
       long range cost what the document's bytes do) */
    uint32_t n_tags, cap_tags;
    uint32_t *tag_name;
    uint32_t *tag_items;
    uint32_t n_tag_items, cap_tag_items;
    uint32_t *tag_start, *tag_ranges;
    lgr_rset *tag_sets;
    /* ranges read and written by the class operations so far (CLASS_WORK) */
    uint64_t class_work;

    prop_cache *props;
    uint32_t n_props, cap_props;

    /* meta */
    uint8_t stage; /* children of <lgr> seen: 1 meta, 2 data, 3 rules */
    uint8_t seen_meta[E_N];
    uint32_t *languages, *scopes;
    uint32_t n_languages, cap_languages, n_scopes, cap_scopes;
    uint32_t *ref_sidx; /* id, text, comment per reference */
    uint32_t n_refs, cap_refs;
    uint32_t meta_str[E_N];
    uint32_t version_comment, description_type;
    uint32_t types[LGR_MAX_TYPES];
    uint32_t n_types;
} loader;

/* ---- Failing -------------------------------------------------------------------------- */

static pos here(const loader *ld)
{
    pos p;
    XML_Index i = XML_GetCurrentByteIndex(ld->xp);
    p.line = (unsigned long)XML_GetCurrentLineNumber(ld->xp);
    p.column = (unsigned long)XML_GetCurrentColumnNumber(ld->xp) + 1u;
    p.offset = i > 0 ? (size_t)i : 0;
    return p;
}

static const pos nowhere = {0, 0, 0};

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void fail_at(loader *ld, ibidi_status st, pos at, const char *fmt, ...)
{
    ibidi_lgr_diag *d = ld->diag;
    int n = 0;
    va_list ap;
    if (ld->status != IBIDI_OK)
        return;
    ld->status = st;
    d->status = st;
    d->line = at.line;
    d->column = at.column;
    d->offset = at.offset;
    if (at.line)
        n = snprintf(d->message, sizeof d->message, "line %lu: ", at.line);
    if (n < 0 || (size_t)n >= sizeof d->message)
        n = 0;
    va_start(ap, fmt);
    vsnprintf(d->message + n, sizeof d->message - (size_t)n, fmt, ap);
    va_end(ap);
    if (ld->parsing)
        (void)XML_StopParser(ld->xp, XML_FALSE);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void fail(loader *ld, ibidi_status st, const char *fmt, ...)
{
    char buf[sizeof ld->diag->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fail_at(ld, st, ld->parsing ? here(ld) : nowhere, "%s", buf);
}

static void nomem(loader *ld)
{
    fail_at(ld, IBIDI_E_NOMEM, nowhere, "out of memory");
}

/* "<var cp="0628 ZZ">" (the value shortened to fit a message), or "<var>" without an
 * attribute, in the loader's scratch buffer. */
static const char *tag_of(loader *ld, int e, int a, const char *v)
{
    char *o = ld->scratch;
    size_t n = 0, cap = sizeof ld->scratch, max = 48;
    if (a < 0 || !v) {
        snprintf(o, cap, "<%s>", elem_name[e]);
        return o;
    }
    n = (size_t)snprintf(o, cap, "<%s %s=\"", elem_name[e], attr_name[a]);
    for (size_t i = 0; v[i] && n + 8 < cap; i++) {
        unsigned char c = (unsigned char)v[i];
        if (i >= max && (c & 0xC0u) != 0x80u) {
            memcpy(o + n, "...", 3);
            n += 3;
            break;
        }
        o[n++] = (c < 0x20u || c == 0x7Fu) ? '?' : (char)c;
    }
    snprintf(o + n, cap - n, "\">");
    return o;
}

/* ---- Growing arrays ------------------------------------------------------------------- */

/* Makes room for need elements of size bytes in *pp (an array pointer, read and written
 * through memcpy so that any element type works). */
static int reserve_(loader *ld, void *pp, uint32_t *cap, size_t need, size_t size)
{
    void *p, *q;
    size_t c = *cap ? *cap : 16u;
    if (need <= *cap)
        return 0;
    if (need > UINT32_MAX - 1u) {
        fail(ld, IBIDI_E_LGR_LIMIT, "more than %u items of one kind", (unsigned)(UINT32_MAX - 1u));
        return -1;
    }
    while (c < need)
        c = c * 2u > UINT32_MAX - 1u ? UINT32_MAX - 1u : c * 2u;
    if (c > SIZE_MAX / size) {
        nomem(ld);
        return -1;
    }
    memcpy(&p, pp, sizeof p);
    q = realloc(p, c * size);
    if (!q) {
        nomem(ld);
        return -1;
    }
    memcpy(pp, &q, sizeof q);
    *cap = (uint32_t)c;
    return 0;
}
#define RESERVE(ld, arr, cap, need)                                                           \
    ((size_t)(need) <= (cap) ? 0 : reserve_((ld), (void *)&(arr), &(cap), (need), sizeof *(arr)))

/* ---- Strings -------------------------------------------------------------------------- */

static uint32_t hash_bytes(const char *s, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static uint32_t find_str(const loader *ld, const char *s, size_t n)
{
    if (!ld->str_tab)
        return NONE;
    for (uint32_t h = hash_bytes(s, n) & ld->str_mask;; h = (h + 1u) & ld->str_mask) {
        uint32_t k = ld->str_tab[h];
        if (!k)
            return NONE;
        const char *t = ld->lgr->strings[k - 1u];
        if (strncmp(t, s, n) == 0 && t[n] == '\0')
            return k - 1u;
    }
}

static int str_rehash(loader *ld, uint32_t size)
{
    uint32_t *tab = calloc(size, sizeof *tab);
    if (!tab) {
        nomem(ld);
        return -1;
    }
    for (uint32_t i = 0; i < ld->lgr->n_strings; i++) {
        const char *t = ld->lgr->strings[i];
        uint32_t h = hash_bytes(t, strlen(t)) & (size - 1u);
        while (tab[h])
            h = (h + 1u) & (size - 1u);
        tab[h] = i + 1u;
    }
    free(ld->str_tab);
    ld->str_tab = tab;
    ld->str_mask = size - 1u;
    return 0;
}

/* The index of the string s[0..n) in lgr->strings, added when new; NONE when memory ran
 * out (the loader has failed then). */
static uint32_t intern(loader *ld, const char *s, size_t n)
{
    ibidi_lgr *lgr = ld->lgr;
    uint32_t k = find_str(ld, s, n);
    if (k != NONE)
        return k;
    if ((size_t)lgr->n_strings + 1u > (size_t)(ld->str_mask + 1u) / 2u &&
        str_rehash(ld, ld->str_tab ? (ld->str_mask + 1u) * 2u : 256u))
        return NONE;
    if (lgr->n_strings + 1u > ld->cap_strings) {
        uint32_t old = ld->cap_strings;
        if (RESERVE(ld, lgr->strings, ld->cap_strings, lgr->n_strings + 1u))
            return NONE;
        sym *ns = realloc(ld->syms, (size_t)ld->cap_strings * sizeof *ns);
        if (!ns) {
            ld->cap_strings = old; /* strings is larger, syms not: keep them in step */
            nomem(ld);
            return NONE;
        }
        ld->syms = ns;
    }
    char *copy = malloc(n + 1u);
    if (!copy) {
        nomem(ld);
        return NONE;
    }
    memcpy(copy, s, n);
    copy[n] = '\0';
    k = lgr->n_strings++;
    lgr->strings[k] = copy;
    ld->syms[k].rule = ld->syms[k].cls = ld->syms[k].tag = ld->syms[k].type = NONE;
    ld->syms[k].ref = 0;
    uint32_t h = hash_bytes(s, n) & ld->str_mask;
    while (ld->str_tab[h])
        h = (h + 1u) & ld->str_mask;
    ld->str_tab[h] = k + 1u;
    return k;
}

static uint32_t intern_z(loader *ld, const char *s) { return intern(ld, s, strlen(s)); }

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Splits a space-separated list: *start and *len of the token at or after *at, which moves
 * past it. Returns 0 at the end. */
static int next_token(const char *s, size_t *at, size_t *start, size_t *len)
{
    size_t i = *at;
    while (s[i] && is_space(s[i]))
        i++;
    if (!s[i])
        return 0;
    *start = i;
    while (s[i] && !is_space(s[i]))
        i++;
    *len = i - *start;
    *at = i;
    return 1;
}

/* The one word of an attribute that names one thing (a rule, a type): 1 when v holds
 * exactly one, with its place in *start and *len. */
static int one_token(const char *v, size_t *start, size_t *len)
{
    size_t at = 0, s2, n2;
    return next_token(v, &at, start, len) && !next_token(v, &at, &s2, &n2);
}

static int all_space(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_space(s[i]))
            return 0;
    return 1;
}

/* ---- Code points ---------------------------------------------------------------------- */

/* RFC 7940 §5: a code point is written as 4 to 6 hexadecimal digits. Returns -1 when the
 * token is not one. */
static int64_t parse_hex(const char *s, size_t n)
{
    int64_t v = 0;
    if (n < 4 || n > 6)
        return -1;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* One code point of the token s[0..n): checked (§5: a Unicode scalar value). Returns 0, or
 * -1 after failing. */
static int token_cp(loader *ld, int e, int a, const char *v, const char *s, size_t n,
                    uint32_t *cp)
{
    int64_t x = parse_hex(s, n);
    if (x < 0) {
        fail(ld, IBIDI_E_LGR_CODE_POINT,
             "%s: \"%.*s\" is not a code point of 4 to 6 hexadecimal digits (RFC 7940 §5)",
             tag_of(ld, e, a, v), (int)(n > 24 ? 24 : n), s);
        return -1;
    }
    if (x > (int64_t)LGR_CP_MAX) {
        fail(ld, IBIDI_E_LGR_CODE_POINT, "%s: %.*s is above 10FFFF (RFC 7940 §5)",
             tag_of(ld, e, a, v), (int)n, s);
        return -1;
    }
    if (x >= 0xD800 && x <= 0xDFFF) {
        fail(ld, IBIDI_E_LGR_CODE_POINT,
             "%s: %.*s is a surrogate, not a code point an LGR may hold (RFC 7940 §5)",
             tag_of(ld, e, a, v), (int)n, s);
        return -1;
    }
    *cp = (uint32_t)x;
    return 0;
}

/* The code points of a cp attribute (§5.1: a sequence is code points separated by
 * spaces; §5.3.3: a null variant has none). Returns their count, or -1 after failing. */
static int parse_cps(loader *ld, int e, int a, const char *v, uint32_t *out,
                     int allow_empty, int allow_seq)
{
    size_t at = 0, s, n;
    int count = 0;
    while (next_token(v, &at, &s, &n)) {
        if (count == LGR_MAX_SEQ) {
            fail(ld, IBIDI_E_LGR_LIMIT, "%s: a sequence of more than %d code points (RFC 7940 §5.1)",
                 tag_of(ld, e, a, v), LGR_MAX_SEQ);
            return -1;
        }
        if (count == 1 && !allow_seq) {
            fail(ld, IBIDI_E_LGR_CODE_POINT, "%s: one code point, not a sequence (RFC 7940 §%s)",
                 tag_of(ld, e, a, v), elem_sect[e]);
            return -1;
        }
        if (token_cp(ld, e, a, v, v + s, n, &out[count]))
            return -1;
        count++;
    }
    if (count == 0 && !allow_empty) {
        fail(ld, IBIDI_E_LGR_CODE_POINT, "%s: no code point (RFC 7940 §5)", tag_of(ld, e, a, v));
        return -1;
    }
    return count;
}

/* ---- The frame stack and the model's arrays ------------------------------------------- */

static frame *push_frame(loader *ld, int kind, int e)
{
    if (RESERVE(ld, ld->frames, ld->cap_frames, ld->n_frames + 1u))
        return NULL;
    frame *f = &ld->frames[ld->n_frames++];
    memset(f, 0, sizeof *f);
    f->kind = (uint8_t)kind;
    f->elem = (uint8_t)e;
    f->at = here(ld);
    f->a = f->b = f->name = NONE;
    f->min = f->max = 1;
    return f;
}

static uint32_t pool_add(loader *ld, const uint32_t *cps, uint32_t n)
{
    ibidi_lgr *lgr = ld->lgr;
    if (RESERVE(ld, lgr->pool, ld->cap_pool, (size_t)lgr->n_pool + n))
        return NONE;
    memcpy(lgr->pool + lgr->n_pool, cps, n * sizeof *cps);
    lgr->n_pool += n;
    return lgr->n_pool - n;
}

static uint32_t add_node(loader *ld, int kind, uint32_t a, uint32_t b, uint8_t len,
                         uint16_t min, uint16_t max)
{
    ibidi_lgr *lgr = ld->lgr;
    if (RESERVE(ld, lgr->nodes, ld->cap_nodes, lgr->n_nodes + 1u))
        return NONE;
    lgr_node *n = &lgr->nodes[lgr->n_nodes];
    n->kind = (uint8_t)kind;
    n->len = len;
    n->min = min;
    n->max = max;
    n->a = a;
    n->b = b;
    return lgr->n_nodes++;
}

/* A node becomes a child of the rule element being read. */
static int push_kid(loader *ld, uint32_t node)
{
    if (node == NONE || RESERVE(ld, ld->kids, ld->cap_kidstack, ld->n_kidstack + 1u))
        return -1;
    ld->kids[ld->n_kidstack++] = node;
    return 0;
}

/* The children gathered since base, moved to lgr->kids: their first index. */
static uint32_t pop_kids(loader *ld, uint32_t base, uint32_t *count)
{
    ibidi_lgr *lgr = ld->lgr;
    uint32_t n = ld->n_kidstack - base;
    *count = n;
    if (RESERVE(ld, lgr->kids, ld->cap_kids, (size_t)lgr->n_kids + n))
        return NONE;
    if (n)
        memcpy(lgr->kids + lgr->n_kids, ld->kids + base, n * sizeof *ld->kids);
    ld->n_kidstack = base;
    lgr->n_kids += n;
    return lgr->n_kids - n;
}

static int add_use(loader *ld, uint32_t name, int what, int e, uint32_t node, pos at)
{
    if (RESERVE(ld, ld->uses, ld->cap_uses, ld->n_uses + 1u))
        return -1;
    use *u = &ld->uses[ld->n_uses++];
    u->name = name;
    u->what = (uint8_t)what;
    u->elem = (uint8_t)e;
    u->node = node;
    u->at = at;
    return 0;
}

/* ---- Attributes ----------------------------------------------------------------------- */

/* Attribute and element names are looked up for every element of documents of hundreds
 * of thousands of elements: the frequent ones first. */
static const uint8_t attr_order[A_N] = {
    A_CP, A_REF, A_TYPE, A_TAG, A_COMMENT, A_WHEN, A_NOT_WHEN, A_COUNT, A_BY_REF, A_FIRST_CP,
    A_LAST_CP, A_NAME, A_FROM_TAG, A_PROPERTY, A_ID, A_DISP, A_MATCH, A_NOT_MATCH,
    A_ANY_VARIANT, A_ALL_VARIANTS, A_ONLY_VARIANTS};

static int attr_id(const char *name)
{
    for (int i = 0; i < A_N; i++)
        if (strcmp(name, attr_name[attr_order[i]]) == 0)
            return attr_order[i];
    return -1;
}

/* The attributes of element e into av (NULL when absent); any other attribute without a
 * namespace is an error. Returns 0, or -1 after failing. */
static int get_attrs(loader *ld, int e, const char **atts, uint32_t allowed,
                     const char *av[A_N])
{
    for (int a = 0; a < A_N; a++)
        av[a] = NULL;
    for (size_t i = 0; atts[i]; i += 2) {
        if (strchr(atts[i], NS_SEP)) /* an attribute of another namespace: not ours */
            continue;
        int a = attr_id(atts[i]);
        if (a < 0 || !(allowed & (1u << a))) {
            fail(ld, IBIDI_E_LGR_ELEMENT,
                 "<%s>: attribute \"%.40s\" is not allowed here (RFC 7940 §%s)", elem_name[e],
                 atts[i], elem_sect[e]);
            return -1;
        }
        av[a] = atts[i + 1];
    }
    return 0;
}

/* §5.2: when and not-when name a rule and exclude each other. */
static int get_context(loader *ld, int e, const char *av[A_N], uint32_t *when,
                       uint32_t *not_when)
{
    *when = *not_when = NONE;
    if (av[A_WHEN] && av[A_NOT_WHEN]) {
        fail(ld, IBIDI_E_LGR_ELEMENT,
             "%s: when and not-when on one element (RFC 7940 §5.2)",
             tag_of(ld, e, A_WHEN, av[A_WHEN]));
        return -1;
    }
    for (int k = 0; k < 2; k++) {
        const char *v = av[k ? A_NOT_WHEN : A_WHEN];
        if (!v)
            continue;
        size_t s, n;
        if (!one_token(v, &s, &n)) {
            fail(ld, IBIDI_E_LGR_ELEMENT, "%s: names one rule (RFC 7940 §5.2)",
                 tag_of(ld, e, k ? A_NOT_WHEN : A_WHEN, v));
            return -1;
        }
        uint32_t name = intern(ld, v + s, n);
        if (name == NONE || add_use(ld, name, k ? U_NOT_WHEN : U_WHEN, e, NONE, here(ld)))
            return -1;
        *(k ? not_when : when) = name;
    }
    return 0;
}

/* §5.4.1: every id of a ref attribute is the id of a <reference>. */
static int check_refs(loader *ld, int e, const char *v)
{
    size_t at = 0, s, n;
    if (!v)
        return 0;
    while (next_token(v, &at, &s, &n)) {
        uint32_t k = find_str(ld, v + s, n);
        if (k == NONE || !ld->syms[k].ref) {
            fail(ld, IBIDI_E_LGR_REFERENCE,
                 "%s: no <reference> has the id \"%.*s\" (RFC 7940 §5.4.1)", tag_of(ld, e, A_REF, v),
                 (int)(n > 32 ? 32 : n), v + s);
            return -1;
        }
    }
    return 0;
}

static uint32_t comment_of(loader *ld, const char *av[A_N])
{
    return av[A_COMMENT] ? intern_z(ld, av[A_COMMENT]) : NONE;
}

/* §6.3.3: count="n", "n+" or "n:m". Returns 0, or -1 after failing. */
static int get_count(loader *ld, int e, const char *v, uint16_t *min, uint16_t *max)
{
    uint32_t x[2] = {0, 0};
    size_t i = 0;
    int k = 0, digits = 0;
    *min = *max = 1;
    if (!v)
        return 0;
    for (;; i++) {
        char c = v[i];
        if (c >= '0' && c <= '9') {
            if (x[k] > MAX_COUNT) {
                fail(ld, IBIDI_E_LGR_LIMIT, "%s: a count above %u (RFC 7940 §6.3.3)",
                     tag_of(ld, e, A_COUNT, v), MAX_COUNT);
                return -1;
            }
            x[k] = x[k] * 10u + (uint32_t)(c - '0');
            digits++;
            continue;
        }
        if (!digits)
            break;
        if (c == '\0' && k == 0) {
            x[1] = x[0];
            k = 2;
        } else if (c == '+' && k == 0 && v[i + 1] == '\0') {
            x[1] = LGR_COUNT_INF;
            k = 2;
        } else if (c == ':' && k == 0) {
            k = 1;
            digits = 0;
            continue;
        } else if (c == '\0' && k == 1) {
            k = 2;
        }
        break;
    }
    if (k != 2) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "%s: a count is n, n+ or n:m (RFC 7940 §6.3.3)",
             tag_of(ld, e, A_COUNT, v));
        return -1;
    }
    if (x[0] > MAX_COUNT || (x[1] > MAX_COUNT && x[1] != LGR_COUNT_INF)) {
        fail(ld, IBIDI_E_LGR_LIMIT, "%s: a count above %u (RFC 7940 §6.3.3)",
             tag_of(ld, e, A_COUNT, v), MAX_COUNT);
        return -1;
    }
    if (x[0] > x[1]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "%s: n is above m in n:m (RFC 7940 §6.3.3)",
             tag_of(ld, e, A_COUNT, v));
        return -1;
    }
    *min = (uint16_t)x[0];
    *max = (uint16_t)x[1];
    return 0;
}

/* §5.3.2: a variant type, numbered in order of first use (at most LGR_MAX_TYPES, the bits
 * of a type set). Returns the number or -1 after failing. */
static int type_of(loader *ld, int e, int a, const char *v, const char *s, size_t n)
{
    uint32_t k = intern(ld, s, n);
    if (k == NONE)
        return -1;
    if (ld->syms[k].type != NONE)
        return (int)ld->syms[k].type;
    if (ld->n_types == LGR_MAX_TYPES) {
        fail(ld, IBIDI_E_LGR_LIMIT, "%s: more than %d distinct variant types (RFC 7940 §5.3.2)",
             tag_of(ld, e, a, v), LGR_MAX_TYPES);
        return -1;
    }
    ld->types[ld->n_types] = k;
    ld->syms[k].type = ld->n_types;
    return (int)ld->n_types++;
}

/* ---- Hashes of sequences -------------------------------------------------------------- */

static uint32_t hash_cps(const uint32_t *c, uint32_t n, uint32_t extra1, uint32_t extra2)
{
    uint32_t h = 0x9E3779B9u ^ n;
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 0x85EBCA6Bu + 0x27D4EB2Fu;
    h = (h ^ extra1) * 0xC2B2AE35u;
    h = (h ^ extra2) * 0x85EBCA6Bu;
    return h ^ (h >> 15);
}

static const uint32_t *entry_cps(const ibidi_lgr *lgr, const lgr_char *c)
{
    return c->len > 1 ? lgr->pool + c->seq : &c->first;
}

static const uint32_t *var_cps(const ibidi_lgr *lgr, const lgr_var *v)
{
    return v->len > 1 ? lgr->pool + v->seq : &v->first;
}

static int same_cps(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na * sizeof *a) == 0);
}

/* Finds or adds a sequence of the repertoire: returns the entry that has it, or NONE after
 * adding `entry` (NONE and ld->status on failure). */
static uint32_t seq_find_add(loader *ld, const uint32_t *cps, uint32_t n, uint32_t entry)
{
    ibidi_lgr *lgr = ld->lgr;
    if (ld->seq_count + 1u > (ld->seq_mask + 1u) / 2u) {
        uint32_t size = ld->seq_tab ? (ld->seq_mask + 1u) * 2u : 64u;
        uint32_t *tab = calloc(size, sizeof *tab);
        if (!tab) {
            nomem(ld);
            return NONE;
        }
        for (uint32_t i = 0; ld->seq_tab && i <= ld->seq_mask; i++) {
            uint32_t k = ld->seq_tab[i];
            if (!k)
                continue;
            const lgr_char *c = &lgr->chars[k - 1u];
            uint32_t h = hash_cps(entry_cps(lgr, c), c->len, 0, 0) & (size - 1u);
            while (tab[h])
                h = (h + 1u) & (size - 1u);
            tab[h] = k;
        }
        free(ld->seq_tab);
        ld->seq_tab = tab;
        ld->seq_mask = size - 1u;
    }
    uint32_t h = hash_cps(cps, n, 0, 0) & ld->seq_mask;
    for (;; h = (h + 1u) & ld->seq_mask) {
        uint32_t k = ld->seq_tab[h];
        if (!k)
            break;
        const lgr_char *c = &lgr->chars[k - 1u];
        if (same_cps(entry_cps(lgr, c), c->len, cps, n))
            return k - 1u;
    }
    ld->seq_tab[h] = entry + 1u;
    ld->seq_count++;
    return NONE;
}

/* §5.3: a char may not map to the same target twice under the same context. Looks the
 * variant up among those of the current char (generation var_gen); adds it when new.
 * Returns 1 when it was there, 0 when added, -1 on failure. */
static int var_seen(loader *ld, uint32_t var)
{
    ibidi_lgr *lgr = ld->lgr;
    const lgr_var *v = &lgr->vars[var];
    if (ld->var_count + 1u > (ld->var_mask + 1u) / 2u) {
        uint32_t size = ld->var_tab ? (ld->var_mask + 1u) * 2u : 64u;
        uint32_t *tab = calloc((size_t)size * 2u, sizeof *tab);
        if (!tab) {
            nomem(ld);
            return -1;
        }
        for (uint32_t i = 0; ld->var_tab && i <= ld->var_mask; i++) {
            if (ld->var_tab[2u * i] != ld->var_gen || !ld->var_tab[2u * i + 1u])
                continue;
            const lgr_var *w = &lgr->vars[ld->var_tab[2u * i + 1u] - 1u];
            uint32_t h = hash_cps(var_cps(lgr, w), w->len, w->when, w->not_when) & (size - 1u);
            while (tab[2u * h + 1u])
                h = (h + 1u) & (size - 1u);
            tab[2u * h] = ld->var_gen;
            tab[2u * h + 1u] = ld->var_tab[2u * i + 1u];
        }
        free(ld->var_tab);
        ld->var_tab = tab;
        ld->var_mask = size - 1u;
    }
    uint32_t h = hash_cps(var_cps(lgr, v), v->len, v->when, v->not_when) & ld->var_mask;
    for (;; h = (h + 1u) & ld->var_mask) {
        if (ld->var_tab[2u * h] != ld->var_gen || !ld->var_tab[2u * h + 1u])
            break;
        const lgr_var *w = &lgr->vars[ld->var_tab[2u * h + 1u] - 1u];
        if (w->when == v->when && w->not_when == v->not_when &&
            same_cps(var_cps(lgr, w), w->len, var_cps(lgr, v), v->len))
            return 1;
    }
    ld->var_tab[2u * h] = ld->var_gen;
    ld->var_tab[2u * h + 1u] = var + 1u;
    ld->var_count++;
    return 0;
}

/* ---- Tags (§5.5) ---------------------------------------------------------------------- */

static int add_tags(loader *ld, int e, const char *v, uint32_t first, uint32_t last)
{
    size_t at = 0, s, n;
    if (!v)
        return 0;
    while (next_token(v, &at, &s, &n)) {
        uint32_t k = intern(ld, v + s, n);
        if (k == NONE)
            return -1;
        if (ld->syms[k].tag == NONE) {
            if (RESERVE(ld, ld->tag_name, ld->cap_tags, ld->n_tags + 1u))
                return -1;
            ld->tag_name[ld->n_tags] = k;
            ld->syms[k].tag = ld->n_tags++;
        }
        if (RESERVE(ld, ld->tag_items, ld->cap_tag_items, ((size_t)ld->n_tag_items + 1u) * 3u))
            return -1;
        ld->tag_items[3u * ld->n_tag_items] = ld->syms[k].tag;
        ld->tag_items[3u * ld->n_tag_items + 1u] = first;
        ld->tag_items[3u * ld->n_tag_items + 2u] = last;
        ld->n_tag_items++;
    }
    (void)e;
    return 0;
}

/* The ranges of each tag, grouped once by a counting sort over the tags. */
static int group_tags(loader *ld)
{
    uint32_t nt = ld->n_tags, ni = ld->n_tag_items;
    ld->tag_start = calloc((size_t)nt + 1u, sizeof *ld->tag_start);
    ld->tag_ranges = malloc(((size_t)ni + 1u) * 2u * sizeof *ld->tag_ranges);
    ld->tag_sets = calloc((size_t)nt + 1u, sizeof *ld->tag_sets);
    uint32_t *fill = malloc(((size_t)nt + 1u) * sizeof *fill);
    if (!ld->tag_start || !ld->tag_ranges || !ld->tag_sets || !fill) {
        free(fill);
        nomem(ld);
        return -1;
    }
    for (uint32_t i = 0; i < ni; i++)
        ld->tag_start[ld->tag_items[3u * i] + 1u]++;
    for (uint32_t t = 0; t < nt; t++)
        ld->tag_start[t + 1u] += ld->tag_start[t];
    memcpy(fill, ld->tag_start, (size_t)nt * sizeof *fill);
    for (uint32_t i = 0; i < ni; i++) {
        uint32_t at = fill[ld->tag_items[3u * i]]++;
        ld->tag_ranges[2u * at] = ld->tag_items[3u * i + 1u];
        ld->tag_ranges[2u * at + 1u] = ld->tag_items[3u * i + 2u];
    }
    free(fill);
    return 0;
}

/* §6.2.2: the class of the code points that have tag t (made once, kept). */
static const lgr_rset *tag_set(loader *ld, uint32_t t)
{
    if (!ld->tag_start && group_tags(ld))
        return NULL;
    lgr_rset *s = &ld->tag_sets[t];
    if (s->n)
        return s;
    uint32_t n = ld->tag_start[t + 1u] - ld->tag_start[t];
    if (ibidi__lgr_rset_assign(s, ld->tag_ranges + 2u * (size_t)ld->tag_start[t], n) ||
        ibidi__lgr_rset_normalize(s)) {
        nomem(ld);
        return NULL;
    }
    return s;
}

/* ---- <meta> (§4.3) -------------------------------------------------------------------- */

static void start_meta_child(loader *ld, int e, const char **atts)
{
    const char *av[A_N];
    uint32_t allowed = e == E_VERSION ? AB(COMMENT) : (e == E_SCOPE || e == E_DESCRIPTION) ? AB(TYPE) : 0;
    if (get_attrs(ld, e, atts, allowed, av))
        return;
    /* every element of <meta> but language and scope is given at most once */
    if (e != E_LANGUAGE && e != E_SCOPE) {
        if (ld->seen_meta[e]) {
            fail(ld, IBIDI_E_LGR_DUPLICATE, "<%s> is given twice in <meta> (RFC 7940 §%s)",
                 elem_name[e], elem_sect[e]);
            return;
        }
        ld->seen_meta[e] = 1;
    }
    if (e == E_REFERENCES) {
        push_frame(ld, F_REFS, e);
        return;
    }
    if (e == E_DESCRIPTION) {
        if (av[A_TYPE] && (ld->description_type = intern_z(ld, av[A_TYPE])) == NONE)
            return;
        push_frame(ld, F_DESC, e);
        return;
    }
    if (e == E_SCOPE && !av[A_TYPE]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "<scope>: the type attribute is missing (RFC 7940 §4.3.4)");
        return;
    }
    frame *f = push_frame(ld, F_TEXT, e);
    if (!f)
        return;
    ld->text_len = 0;
    if (e == E_VERSION && av[A_COMMENT] && (f->b = intern_z(ld, av[A_COMMENT])) == NONE)
        return;
    if (e == E_SCOPE && (f->b = intern_z(ld, av[A_TYPE])) == NONE)
        return;
}

/* The text of an element, without the spaces around it. */
static uint32_t text_str(loader *ld)
{
    size_t s = 0, n = ld->text_len;
    while (s < n && is_space(ld->text[s]))
        s++;
    while (n > s && is_space(ld->text[n - 1u]))
        n--;
    return intern(ld, ld->text ? ld->text + s : "", n - s);
}

static void end_text(loader *ld, const frame *f)
{
    uint32_t k = text_str(ld);
    if (k == NONE)
        return;
    switch (f->elem) {
    case E_LANGUAGE:
        if (RESERVE(ld, ld->languages, ld->cap_languages, ld->n_languages + 1u))
            return;
        ld->languages[ld->n_languages++] = k;
        return;
    case E_SCOPE: {
        /* RFC 7940 §4.3.4: stored as "type:value", e.g. "domain:." */
        const char *t = ld->lgr->strings[f->b], *v = ld->lgr->strings[k];
        size_t tn = strlen(t), vn = strlen(v);
        char *buf = malloc(tn + vn + 2u);
        if (!buf) {
            nomem(ld);
            return;
        }
        memcpy(buf, t, tn);
        buf[tn] = ':';
        memcpy(buf + tn + 1u, v, vn + 1u);
        k = intern(ld, buf, tn + vn + 1u);
        free(buf);
        if (k == NONE || RESERVE(ld, ld->scopes, ld->cap_scopes, ld->n_scopes + 1u))
            return;
        ld->scopes[ld->n_scopes++] = k;
        return;
    }
    case E_VERSION:
        ld->version_comment = f->b;
        break;
    default:
        break;
    }
    ld->meta_str[f->elem] = k;
}

static void start_reference(loader *ld, const char **atts)
{
    const char *av[A_N];
    if (get_attrs(ld, E_REFERENCE, atts, AB(ID) | AB(COMMENT), av))
        return;
    if (!av[A_ID]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "<reference>: the id attribute is missing (RFC 7940 §4.3.8)");
        return;
    }
    uint32_t id = intern_z(ld, av[A_ID]);
    if (id == NONE)
        return;
    if (ld->syms[id].ref) {
        fail(ld, IBIDI_E_LGR_DUPLICATE, "%s: the id is given twice (RFC 7940 §4.3.8)",
             tag_of(ld, E_REFERENCE, A_ID, av[A_ID]));
        return;
    }
    ld->syms[id].ref = 1;
    frame *f = push_frame(ld, F_REF, E_REFERENCE);
    if (!f)
        return;
    f->a = id;
    ld->text_len = 0;
    if (av[A_COMMENT])
        f->b = intern_z(ld, av[A_COMMENT]);
}

static void end_reference(loader *ld, const frame *f)
{
    uint32_t text = text_str(ld);
    if (text == NONE || RESERVE(ld, ld->ref_sidx, ld->cap_refs, ((size_t)ld->n_refs + 1u) * 3u))
        return;
    ld->ref_sidx[3u * ld->n_refs] = f->a;
    ld->ref_sidx[3u * ld->n_refs + 1u] = text;
    ld->ref_sidx[3u * ld->n_refs + 2u] = f->b;
    ld->n_refs++;
}

/* ---- <data> (§5) ---------------------------------------------------------------------- */

static size_t repertoire_size(const loader *ld) { return ld->lgr->n_chars; }

static uint32_t add_entry(loader *ld, const uint32_t *cps, uint32_t n, uint32_t when,
                          uint32_t not_when)
{
    ibidi_lgr *lgr = ld->lgr;
    if (RESERVE(ld, lgr->chars, ld->cap_chars, lgr->n_chars + 1u))
        return NONE;
    lgr_char *c = &lgr->chars[lgr->n_chars];
    memset(c, 0, sizeof *c);
    c->first = cps[0];
    c->len = (uint8_t)n;
    if (n > 1 && (c->seq = pool_add(ld, cps, n)) == NONE)
        return NONE;
    c->when = when;
    c->not_when = not_when;
    c->var_first = lgr->n_vars;
    return lgr->n_chars++;
}

static void start_char(loader *ld, const char **atts)
{
    const char *av[A_N];
    uint32_t cps[LGR_MAX_SEQ], when, not_when;
    int n;
    if (get_attrs(ld, E_CHAR, atts,
                  AB(CP) | AB(WHEN) | AB(NOT_WHEN) | AB(TAG) | AB(REF) | AB(COMMENT), av))
        return;
    if (!av[A_CP]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "<char>: the cp attribute is missing (RFC 7940 §5)");
        return;
    }
    if ((n = parse_cps(ld, E_CHAR, A_CP, av[A_CP], cps, 0, 1)) < 0)
        return;
    if (n > 1 && av[A_TAG]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "%s: a sequence takes no tag (RFC 7940 §5.5)",
             tag_of(ld, E_CHAR, A_CP, av[A_CP]));
        return;
    }
    if (get_context(ld, E_CHAR, av, &when, &not_when) || check_refs(ld, E_CHAR, av[A_REF]))
        return;
    if (repertoire_size(ld) + 1u > ld->lim.max_repertoire) {
        fail(ld, IBIDI_E_LGR_LIMIT, "%s: more than %zu code points and sequences",
             tag_of(ld, E_CHAR, A_CP, av[A_CP]), ld->lim.max_repertoire);
        return;
    }
    /* RFC 7940 §5: a code point or a sequence is defined once */
    uint32_t entry = ld->lgr->n_chars;
    if (n == 1) {
        if (ld->seen[cps[0] >> 3] & (1u << (cps[0] & 7u))) {
            fail(ld, IBIDI_E_LGR_DUPLICATE, "%s: the code point is defined twice (RFC 7940 §5)",
                 tag_of(ld, E_CHAR, A_CP, av[A_CP]));
            return;
        }
        ld->seen[cps[0] >> 3] |= (uint8_t)(1u << (cps[0] & 7u));
    }
    if (add_entry(ld, cps, (uint32_t)n, when, not_when) == NONE)
        return;
    if (n > 1 && seq_find_add(ld, cps, (uint32_t)n, entry) != NONE) {
        fail(ld, IBIDI_E_LGR_DUPLICATE, "%s: the sequence is defined twice (RFC 7940 §5.1)",
             tag_of(ld, E_CHAR, A_CP, av[A_CP]));
        return;
    }
    if (ld->status || (n == 1 && add_tags(ld, E_CHAR, av[A_TAG], cps[0], cps[0])))
        return;
    frame *f = push_frame(ld, F_CHAR, E_CHAR);
    if (!f)
        return;
    f->a = entry;
    ld->var_gen++; /* a new char: the variants of the last one no longer count */
    ld->var_count = 0;
}

static void start_var(loader *ld, const frame *owner, const char **atts)
{
    ibidi_lgr *lgr = ld->lgr;
    const char *av[A_N];
    uint32_t cps[LGR_MAX_SEQ], when, not_when;
    int n, type = LGR_NO_TYPE;
    if (get_attrs(ld, E_VAR, atts,
                  AB(CP) | AB(TYPE) | AB(WHEN) | AB(NOT_WHEN) | AB(REF) | AB(COMMENT), av))
        return;
    if (!av[A_CP]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "<var>: the cp attribute is missing (RFC 7940 §5.3)");
        return;
    }
    if ((n = parse_cps(ld, E_VAR, A_CP, av[A_CP], cps, 1, 1)) < 0 ||
        get_context(ld, E_VAR, av, &when, &not_when) || check_refs(ld, E_VAR, av[A_REF]))
        return;
    if (av[A_TYPE]) {
        size_t s, len;
        if (!one_token(av[A_TYPE], &s, &len)) {
            fail(ld, IBIDI_E_LGR_ELEMENT, "%s: a variant type is one word (RFC 7940 §5.3.2)",
                 tag_of(ld, E_VAR, A_TYPE, av[A_TYPE]));
            return;
        }
        if ((type = type_of(ld, E_VAR, A_TYPE, av[A_TYPE], av[A_TYPE] + s, len)) < 0)
            return;
    }
    if (RESERVE(ld, lgr->vars, ld->cap_vars, lgr->n_vars + 1u))
        return;
    lgr_var *v = &lgr->vars[lgr->n_vars];
    memset(v, 0, sizeof *v);
    v->first = n ? cps[0] : 0;
    v->len = (uint8_t)n;
    if (n > 1 && (v->seq = pool_add(ld, cps, (uint32_t)n)) == NONE)
        return;
    v = &lgr->vars[lgr->n_vars];
    v->type = (uint8_t)type;
    v->when = when;
    v->not_when = not_when;
    v->comment = comment_of(ld, av);
    if (ld->status)
        return;
    int dup = var_seen(ld, lgr->n_vars);
    if (dup < 0)
        return;
    if (dup) {
        fail(ld, IBIDI_E_LGR_DUPLICATE,
             "%s: the same variant twice, under the same context (RFC 7940 §5.3)",
             tag_of(ld, E_VAR, A_CP, av[A_CP]));
        return;
    }
    lgr_char *c = &lgr->chars[owner->a];
    /* §5.3.4: a mapping of a code point or sequence to itself */
    v->reflexive = (uint8_t)same_cps(entry_cps(lgr, c), c->len, cps, (uint32_t)n);
    if (v->reflexive) {
        c->reflexive = 1;
        lgr->info.n_reflexive++;
    }
    c->var_count++;
    lgr->n_vars++;
    push_frame(ld, F_EMPTY, E_VAR);
}

static void start_range(loader *ld, const char **atts)
{
    const char *av[A_N];
    uint32_t lo, hi, when, not_when;
    if (get_attrs(ld, E_RANGE, atts,
                  AB(FIRST_CP) | AB(LAST_CP) | AB(WHEN) | AB(NOT_WHEN) | AB(TAG) | AB(REF) |
                      AB(COMMENT),
                  av))
        return;
    if (!av[A_FIRST_CP] || !av[A_LAST_CP]) {
        fail(ld, IBIDI_E_LGR_ELEMENT,
             "<range>: first-cp and last-cp are both required (RFC 7940 §5)");
        return;
    }
    if (parse_cps(ld, E_RANGE, A_FIRST_CP, av[A_FIRST_CP], &lo, 0, 0) < 0 ||
        parse_cps(ld, E_RANGE, A_LAST_CP, av[A_LAST_CP], &hi, 0, 0) < 0)
        return;
    if (lo > hi) {
        fail(ld, IBIDI_E_LGR_CODE_POINT, "%s: first-cp is above last-cp %s (RFC 7940 §5)",
             tag_of(ld, E_RANGE, A_FIRST_CP, av[A_FIRST_CP]), av[A_LAST_CP]);
        return;
    }
    if (lo < 0xD800u && hi >= 0xD800u) {
        fail(ld, IBIDI_E_LGR_CODE_POINT,
             "%s: the range holds the surrogates D800..DFFF (RFC 7940 §5)",
             tag_of(ld, E_RANGE, A_FIRST_CP, av[A_FIRST_CP]));
        return;
    }
    if (get_context(ld, E_RANGE, av, &when, &not_when) || check_refs(ld, E_RANGE, av[A_REF]))
        return;
    if (repertoire_size(ld) > ld->lim.max_repertoire ||
        (size_t)(hi - lo) + 1u > ld->lim.max_repertoire - repertoire_size(ld)) {
        fail(ld, IBIDI_E_LGR_LIMIT, "%s: more than %zu code points and sequences",
             tag_of(ld, E_RANGE, A_FIRST_CP, av[A_FIRST_CP]), ld->lim.max_repertoire);
        return;
    }
    for (uint32_t cp = lo;; cp++) {
        if (ld->seen[cp >> 3] & (1u << (cp & 7u))) {
            fail(ld, IBIDI_E_LGR_DUPLICATE,
                 "%s: %04X is already defined: ranges and code points may not overlap "
                 "(RFC 7940 §5)",
                 tag_of(ld, E_RANGE, A_FIRST_CP, av[A_FIRST_CP]), (unsigned)cp);
            return;
        }
        if (cp == hi)
            break;
    }
    if (RESERVE(ld, ld->lgr->chars, ld->cap_chars, (size_t)ld->lgr->n_chars + (hi - lo) + 1u))
        return;
    for (uint32_t cp = lo;; cp++) {
        ld->seen[cp >> 3] |= (uint8_t)(1u << (cp & 7u));
        if (add_entry(ld, &cp, 1, when, not_when) == NONE)
            return;
        if (cp == hi)
            break;
    }
    if (add_tags(ld, E_RANGE, av[A_TAG], lo, hi))
        return;
    ld->lgr->info.n_ranges++;
    push_frame(ld, F_EMPTY, E_RANGE);
}

/* ---- Classes (§6.2) ------------------------------------------------------------------- */

static int is_class_elem(int e)
{
    return e == E_CLASS || e == E_UNION || e == E_INTERSECTION || e == E_DIFFERENCE ||
           e == E_SYMDIFF || e == E_COMPLEMENT;
}

/* Stores a finished set among the classes: its ranges appended to lgr->ranges. */
static uint32_t store_class(loader *ld, const lgr_rset *s, uint32_t name)
{
    ibidi_lgr *lgr = ld->lgr;
    int named = name != NONE;
    if (RESERVE(ld, lgr->ranges, ld->cap_ranges, ((size_t)lgr->n_ranges + s->n) * 2u))
        return NONE;
    if (named ? RESERVE(ld, ld->named, ld->cap_named, ld->n_named + 1u)
              : RESERVE(ld, ld->anon, ld->cap_anon, ld->n_anon + 1u))
        return NONE;
    if (!named && ld->n_anon >= ANON_CLASS - 1u) {
        fail(ld, IBIDI_E_LGR_LIMIT, "too many classes");
        return NONE;
    }
    if (s->n)
        memcpy(lgr->ranges + 2u * (size_t)lgr->n_ranges, s->r, (size_t)s->n * 2u * sizeof *s->r);
    lgr_class c = {lgr->n_ranges, s->n, name};
    lgr->n_ranges += s->n;
    if (named) {
        ld->named[ld->n_named] = c;
        ld->syms[name].cls = ld->n_named;
        return ld->n_named++;
    }
    ld->anon[ld->n_anon] = c;
    return ld->n_anon++ | ANON_CLASS;
}

/* Counts n ranges of class work (CLASS_WORK). Returns 0, or -1 after failing. */
static int class_cost(loader *ld, const frame *f, uint64_t n)
{
    ld->class_work += n;
    if (ld->class_work <= CLASS_WORK)
        return 0;
    fail_at(ld, IBIDI_E_LGR_LIMIT, f->at,
            "<%s>: the classes of the document take more than %lu ranges to compute "
            "(RFC 7940 §6.2)",
            elem_name[f->elem], (unsigned long)CLASS_WORK);
    return -1;
}

/* Hands a finished class (set owned by the callee from here on) to where it goes. */
static void deliver_class(loader *ld, const frame *f, lgr_rset *s)
{
    if (f->ctx == C_OPERAND) {
        if (RESERVE(ld, ld->ops, ld->cap_ops, ld->n_ops + 1u)) {
            ibidi__lgr_rset_free(s);
            return;
        }
        ld->ops[ld->n_ops++] = *s;
        return;
    }
    uint32_t c = store_class(ld, s, f->ctx == C_TOP ? f->name : NONE);
    ibidi__lgr_rset_free(s);
    if (c != NONE && f->ctx == C_NODE)
        push_kid(ld, add_node(ld, LGR_N_CLASS, c, 0, 0, f->min, f->max));
}

/* The attributes a class or set operation takes where it is (§6.2.1: only the classes of
 * <rules> are named, and only the others refer to one; §6.3.3: a count only in a rule). */
static uint32_t class_attrs(int e, int ctx)
{
    uint32_t a = AB(COMMENT) | AB(REF);
    if (e == E_CLASS)
        a |= AB(FROM_TAG) | AB(PROPERTY) | (ctx == C_TOP ? 0 : AB(BY_REF));
    if (ctx == C_TOP)
        a |= AB(NAME);
    if (ctx == C_NODE)
        a |= AB(COUNT);
    return a;
}

static void start_class(loader *ld, int e, int ctx, const char **atts)
{
    const char *av[A_N];
    if (get_attrs(ld, e, atts, class_attrs(e, ctx), av) || check_refs(ld, e, av[A_REF]))
        return;
    frame *f = push_frame(ld, e == E_CLASS ? F_CLASS : F_SETOP, e);
    if (!f)
        return;
    f->ctx = (uint8_t)ctx;
    f->base = ld->n_ops;
    if (get_count(ld, e, av[A_COUNT], &f->min, &f->max))
        return;
    if (ctx == C_TOP) {
        if (!av[A_NAME]) {
            fail(ld, IBIDI_E_LGR_ELEMENT,
                 "<%s>: a class of <rules> needs a name (RFC 7940 §6.2.1)", elem_name[e]);
            return;
        }
        if ((f->name = intern_z(ld, av[A_NAME])) == NONE)
            return;
        if (ld->syms[f->name].cls != NONE) {
            fail(ld, IBIDI_E_LGR_DUPLICATE, "%s: a class of that name is already defined "
                 "(RFC 7940 §6.2.1)", tag_of(ld, e, A_NAME, av[A_NAME]));
            return;
        }
    }
    if (e != E_CLASS)
        return;
    int given = (av[A_BY_REF] != NULL) + (av[A_FROM_TAG] != NULL) + (av[A_PROPERTY] != NULL);
    if (given > 1) {
        fail(ld, IBIDI_E_LGR_ELEMENT,
             "<class>: by-ref, from-tag and property exclude each other (RFC 7940 §6.2)");
        return;
    }
    ld->text_len = 0;
    f->mode = M_TEXT;
    if (av[A_BY_REF]) {
        /* §6.2.1: a named class is defined before it is used */
        uint32_t k = find_str(ld, av[A_BY_REF], strlen(av[A_BY_REF]));
        if (k == NONE || ld->syms[k].cls == NONE) {
            fail(ld, IBIDI_E_LGR_REFERENCE,
                 "%s: no class of that name is defined before it (RFC 7940 §6.2.1)",
                 tag_of(ld, e, A_BY_REF, av[A_BY_REF]));
            return;
        }
        f->mode = M_BY_REF;
        f->a = ld->syms[k].cls;
    } else if (av[A_FROM_TAG]) {
        uint32_t k = find_str(ld, av[A_FROM_TAG], strlen(av[A_FROM_TAG]));
        if (k == NONE || ld->syms[k].tag == NONE) {
            fail(ld, IBIDI_E_LGR_REFERENCE,
                 "%s: no code point of <data> has that tag (RFC 7940 §6.2.2)",
                 tag_of(ld, e, A_FROM_TAG, av[A_FROM_TAG]));
            return;
        }
        f->mode = M_FROM_TAG;
        f->a = ld->syms[k].tag;
    } else if (av[A_PROPERTY]) {
        lgr_prop p;
        int r = ibidi__lgr_prop_parse(av[A_PROPERTY], &p);
        if (r) {
            fail(ld, IBIDI_E_LGR_PROPERTY,
                 r == -1 ? "%s: not a property of the Unicode tables (gc, sc, scx, jt, bc, ccc, "
                           "Bidi_M, DI, NChar, Bidi_C; RFC 7940 §6.2.3)"
                         : "%s: not a value of that property in Unicode 17.0.0 "
                           "(RFC 7940 §6.2.3)",
                 tag_of(ld, e, A_PROPERTY, av[A_PROPERTY]));
            return;
        }
        /* the same property often comes back (gc:Mn in every script's rules): one scan */
        uint32_t i;
        for (i = 0; i < ld->n_props; i++)
            if (ld->props[i].p.kind == p.kind && ld->props[i].p.value == p.value)
                break;
        if (i == ld->n_props) {
            if (RESERVE(ld, ld->props, ld->cap_props, ld->n_props + 1u))
                return;
            prop_cache *c = &ld->props[ld->n_props++];
            memset(c, 0, sizeof *c);
            c->p = p;
            if (ibidi__lgr_prop_scan(&p, &c->set)) {
                nomem(ld);
                return;
            }
        }
        f->mode = M_PROPERTY;
        f->a = i;
    }
}

static void end_class(loader *ld, const frame *f)
{
    lgr_rset s = {NULL, 0, 0};
    int r = 0;
    if (f->mode != M_TEXT && !all_space(ld->text, ld->text_len)) {
        fail_at(ld, IBIDI_E_LGR_ELEMENT, f->at,
                "<class>: a class with by-ref, from-tag or property has no code points of its "
                "own (RFC 7940 §6.2)");
        return;
    }
    switch (f->mode) {
    case M_BY_REF:
        if (f->ctx == C_NODE) {
            /* a rule refers to the named class itself */
            push_kid(ld, add_node(ld, LGR_N_CLASS, f->a, 0, 0, f->min, f->max));
            return;
        }
        if (ld->named[f->a].count) /* an empty class may have no storage at all */
            r = ibidi__lgr_rset_assign(&s, ld->lgr->ranges + 2u * (size_t)ld->named[f->a].first,
                                       ld->named[f->a].count);
        break;
    case M_FROM_TAG: {
        const lgr_rset *t = tag_set(ld, f->a);
        if (!t)
            return;
        r = ibidi__lgr_rset_assign(&s, t->r, t->n);
        break;
    }
    case M_PROPERTY:
        r = ibidi__lgr_rset_assign(&s, ld->props[f->a].set.r, ld->props[f->a].set.n);
        break;
    default: {
        /* §6.2.4: code points and ranges "0061-007A" separated by spaces */
        size_t at = 0, st, n;
        if (RESERVE(ld, ld->text, ld->text_cap, ld->text_len + 1u))
            return;
        ld->text[ld->text_len] = '\0';
        while (next_token(ld->text, &at, &st, &n)) {
            const char *t = ld->text + st, *dash = memchr(t, '-', n);
            uint32_t lo, hi;
            if (token_cp(ld, E_CLASS, -1, NULL, t, dash ? (size_t)(dash - t) : n, &lo) ||
                (dash && token_cp(ld, E_CLASS, -1, NULL, dash + 1, n - (size_t)(dash - t) - 1u,
                                  &hi)))
                goto out;
            if (!dash)
                hi = lo;
            if (lo > hi) {
                fail_at(ld, IBIDI_E_LGR_CODE_POINT, f->at,
                        "<class>: the range %.*s ends before it starts (RFC 7940 §6.2.4)",
                        (int)(n > 20 ? 20 : n), t);
                goto out;
            }
            if (lo < 0xD800u && hi >= 0xD800u) {
                fail_at(ld, IBIDI_E_LGR_CODE_POINT, f->at,
                        "<class>: the range %.*s holds the surrogates D800..DFFF "
                        "(RFC 7940 §6.2.4)",
                        (int)(n > 20 ? 20 : n), t);
                goto out;
            }
            if (ibidi__lgr_rset_push(&s, lo, hi)) {
                r = -1;
                break;
            }
        }
        if (!r)
            r = ibidi__lgr_rset_normalize(&s);
        break;
    }
    }
    if (r) {
        nomem(ld);
        goto out;
    }
    if (class_cost(ld, f, s.n))
        goto out;
    deliver_class(ld, f, &s);
    return;
out:
    ibidi__lgr_rset_free(&s);
}

static void end_setop(loader *ld, const frame *f)
{
    uint32_t n = ld->n_ops - f->base;
    lgr_rset *op = n ? ld->ops + f->base : NULL, acc = {NULL, 0, 0}, tmp = {NULL, 0, 0};
    int e = f->elem, r = 0;
    /* §6.2.5: complement takes one class, difference and symmetric difference two, union
       and intersection two or more */
    int ok = e == E_COMPLEMENT ? n == 1 : (e == E_DIFFERENCE || e == E_SYMDIFF) ? n == 2 : n >= 2;
    if (!ok) {
        fail_at(ld, IBIDI_E_LGR_ELEMENT, f->at, "<%s>: %u operand classes, it takes %s "
                "(RFC 7940 §6.2.5)", elem_name[e], (unsigned)n,
                e == E_COMPLEMENT ? "one" : (e == E_DIFFERENCE || e == E_SYMDIFF) ? "two"
                                                                                 : "two or more");
    } else if (e == E_COMPLEMENT) {
        r = ibidi__lgr_rset_complement(&acc, &op[0]);
        if (!r)
            (void)class_cost(ld, f, (uint64_t)op[0].n + acc.n);
    } else {
        lgr_setop o = e == E_UNION          ? LGR_OP_UNION
                      : e == E_INTERSECTION ? LGR_OP_INTERSECTION
                      : e == E_DIFFERENCE   ? LGR_OP_DIFFERENCE
                                            : LGR_OP_SYMMETRIC_DIFFERENCE;
        /* each step reads the result so far and one operand, and writes a result */
        r = ibidi__lgr_rset_combine(&acc, &op[0], &op[1], o);
        if (!r)
            (void)class_cost(ld, f, (uint64_t)op[0].n + op[1].n + acc.n);
        for (uint32_t i = 2; !r && !ld->status && i < n; i++) {
            lgr_rset t = acc;
            acc = tmp;
            tmp = t;
            r = ibidi__lgr_rset_combine(&acc, &tmp, &op[i], o);
            if (!r)
                (void)class_cost(ld, f, (uint64_t)tmp.n + op[i].n + acc.n);
        }
    }
    for (uint32_t i = 0; i < n; i++)
        ibidi__lgr_rset_free(&op[i]);
    ld->n_ops = f->base;
    ibidi__lgr_rset_free(&tmp);
    if (r)
        nomem(ld);
    if (ld->status) {
        ibidi__lgr_rset_free(&acc);
        return;
    }
    deliver_class(ld, f, &acc);
}

/* ---- Rules (§6.3, §6.4) --------------------------------------------------------------- */

static void start_rule(loader *ld, int top, const char **atts)
{
    ibidi_lgr *lgr = ld->lgr;
    const char *av[A_N];
    uint32_t allowed = AB(COMMENT) | AB(REF) | (top ? AB(NAME) : AB(BY_REF) | AB(COUNT));
    if (get_attrs(ld, E_RULE, atts, allowed, av) || check_refs(ld, E_RULE, av[A_REF]))
        return;
    frame *f = push_frame(ld, F_RULE, E_RULE);
    if (!f)
        return;
    f->base = ld->n_kidstack;
    f->ctx = (uint8_t)top;
    if (get_count(ld, E_RULE, av[A_COUNT], &f->min, &f->max))
        return;
    if (!top) {
        if (av[A_BY_REF] && (f->a = intern_z(ld, av[A_BY_REF])) == NONE)
            return;
        return;
    }
    /* §6.3.4: the rules of <rules> are named, once each */
    if (!av[A_NAME]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "<rule>: a rule of <rules> needs a name (RFC 7940 §6.3.4)");
        return;
    }
    uint32_t name = intern_z(ld, av[A_NAME]);
    if (name == NONE)
        return;
    if (ld->syms[name].rule != NONE) {
        fail(ld, IBIDI_E_LGR_DUPLICATE,
             "%s: a rule of that name is already defined (RFC 7940 §6.3.4)",
             tag_of(ld, E_RULE, A_NAME, av[A_NAME]));
        return;
    }
    if (RESERVE(ld, lgr->rules, ld->cap_rules, lgr->n_rules + 1u) ||
        RESERVE(ld, ld->rule_first, ld->cap_rule_extra, lgr->n_rules + 1u))
        return;
    /* rule_at grows with rule_first (same capacity) */
    pos *pa = realloc(ld->rule_at, (size_t)ld->cap_rule_extra * sizeof *pa);
    if (!pa) {
        nomem(ld);
        return;
    }
    ld->rule_at = pa;
    lgr_rule *r = &lgr->rules[lgr->n_rules];
    r->name = name;
    r->node = NONE;
    r->has_anchor = 0;
    r->comment = comment_of(ld, av);
    ld->rule_first[lgr->n_rules] = lgr->n_nodes;
    ld->rule_at[lgr->n_rules] = f->at;
    ld->syms[name].rule = lgr->n_rules;
    f->b = lgr->n_rules++;
}

static void end_container(loader *ld, const frame *f)
{
    uint32_t count, first;
    int kind = f->kind == F_CHOICE                ? LGR_N_CHOICE
               : f->kind == F_LOOK                ? (f->elem == E_LOOK_AHEAD ? LGR_N_LOOK_AHEAD
                                                                             : LGR_N_LOOK_BEHIND)
                                                  : LGR_N_SEQ;
    if (f->kind == F_RULE && f->a != NONE) {
        /* <rule by-ref="x"/>: a reference, resolved when every rule is known */
        if (ld->n_kidstack != f->base) {
            fail_at(ld, IBIDI_E_LGR_ELEMENT, f->at,
                    "<rule>: a rule with by-ref has no content (RFC 7940 §6.3.4)");
            return;
        }
        uint32_t node = add_node(ld, LGR_N_RULE, f->a, 0, 0, f->min, f->max);
        if (node != NONE && !add_use(ld, f->a, U_BY_REF, E_RULE, node, f->at))
            push_kid(ld, node);
        return;
    }
    if ((f->kind == F_CHOICE || f->kind == F_LOOK) && ld->n_kidstack == f->base) {
        fail_at(ld, IBIDI_E_LGR_ELEMENT, f->at, "<%s>: an empty %s (RFC 7940 §%s)",
                elem_name[f->elem], elem_name[f->elem], elem_sect[f->elem]);
        return;
    }
    if ((first = pop_kids(ld, f->base, &count)) == NONE)
        return;
    uint32_t node = add_node(ld, kind, first, count, 0, f->min, f->max);
    if (node == NONE)
        return;
    if (f->kind == F_RULE && f->ctx) /* a named rule: its body */
        ld->lgr->rules[f->b].node = node;
    else
        push_kid(ld, node);
}

/* The children of <rule>, <choice>, <look-ahead> and <look-behind>. */
static void start_rule_child(loader *ld, int e, const char **atts)
{
    const char *av[A_N];
    uint16_t min = 1, max = 1;
    switch (e) {
    case E_CLASS:
    case E_UNION:
    case E_INTERSECTION:
    case E_DIFFERENCE:
    case E_SYMDIFF:
    case E_COMPLEMENT:
        start_class(ld, e, C_NODE, atts);
        return;
    case E_RULE:
        start_rule(ld, 0, atts);
        return;
    case E_CHOICE:
    case E_LOOK_AHEAD:
    case E_LOOK_BEHIND: {
        if (get_attrs(ld, e, atts, AB(COMMENT) | (e == E_CHOICE ? AB(COUNT) : 0), av))
            return;
        frame *f = push_frame(ld, e == E_CHOICE ? F_CHOICE : F_LOOK, e);
        if (f) {
            f->base = ld->n_kidstack;
            get_count(ld, e, av[A_COUNT], &f->min, &f->max);
        }
        return;
    }
    case E_START:
    case E_END:
    case E_ANCHOR:
        if (get_attrs(ld, e, atts, AB(COMMENT), av))
            return;
        if (!push_kid(ld, add_node(ld, e == E_START ? LGR_N_START : e == E_END ? LGR_N_END
                                                                               : LGR_N_ANCHOR,
                                   0, 0, 0, 1, 1)))
            push_frame(ld, F_EMPTY, e);
        return;
    case E_ANY:
        if (get_attrs(ld, e, atts, AB(COMMENT) | AB(COUNT), av) ||
            get_count(ld, e, av[A_COUNT], &min, &max))
            return;
        if (!push_kid(ld, add_node(ld, LGR_N_ANY, 0, 0, 0, min, max)))
            push_frame(ld, F_EMPTY, e);
        return;
    case E_CHAR: {
        /* §6.3.6: a literal code point or sequence */
        uint32_t cps[LGR_MAX_SEQ], a;
        int n;
        if (get_attrs(ld, e, atts, AB(CP) | AB(COUNT) | AB(COMMENT), av) ||
            get_count(ld, e, av[A_COUNT], &min, &max))
            return;
        if (!av[A_CP]) {
            fail(ld, IBIDI_E_LGR_ELEMENT, "<char>: the cp attribute is missing (RFC 7940 §6.3.6)");
            return;
        }
        if ((n = parse_cps(ld, e, A_CP, av[A_CP], cps, 0, 1)) < 0)
            return;
        a = n > 1 ? pool_add(ld, cps, (uint32_t)n) : cps[0];
        if (ld->status)
            return;
        if (!push_kid(ld, add_node(ld, LGR_N_CHAR, a, 0, (uint8_t)n, min, max)))
            push_frame(ld, F_EMPTY, e);
        return;
    }
    default:
        fail(ld, IBIDI_E_LGR_ELEMENT, "<%s> is not allowed in a rule (RFC 7940 §6.3)",
             elem_name[e]);
        return;
    }
}

/* ---- Actions (§7) --------------------------------------------------------------------- */

static void start_action(loader *ld, const char **atts)
{
    ibidi_lgr *lgr = ld->lgr;
    const char *av[A_N];
    if (get_attrs(ld, E_ACTION, atts,
                  AB(DISP) | AB(MATCH) | AB(NOT_MATCH) | AB(ANY_VARIANT) | AB(ALL_VARIANTS) |
                      AB(ONLY_VARIANTS) | AB(COMMENT) | AB(REF),
                  av) ||
        check_refs(ld, E_ACTION, av[A_REF]))
        return;
    if (!av[A_DISP] || all_space(av[A_DISP], strlen(av[A_DISP]))) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "<action>: the disp attribute is missing (RFC 7940 §7)");
        return;
    }
    if (av[A_MATCH] && av[A_NOT_MATCH]) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "%s: match and not-match on one action (RFC 7940 §7.1)",
             tag_of(ld, E_ACTION, A_MATCH, av[A_MATCH]));
        return;
    }
    int triggers = (av[A_ANY_VARIANT] != NULL) + (av[A_ALL_VARIANTS] != NULL) +
                   (av[A_ONLY_VARIANTS] != NULL);
    if (triggers > 1) {
        fail(ld, IBIDI_E_LGR_ELEMENT,
             "<action>: any-variant, all-variants and only-variants exclude each other "
             "(RFC 7940 §7.2)");
        return;
    }
    if (RESERVE(ld, lgr->actions, ld->cap_actions, lgr->n_actions + 1u))
        return;
    lgr_action act;
    memset(&act, 0, sizeof act);
    act.match = act.not_match = NONE;
    act.kind = LGR_A_NONE;
    if ((act.disp = intern_z(ld, av[A_DISP])) == NONE)
        return;
    act.comment = comment_of(ld, av);
    for (int k = 0; k < 2; k++) {
        const char *v = av[k ? A_NOT_MATCH : A_MATCH];
        uint32_t *dst = k ? &act.not_match : &act.match;
        size_t s, n;
        if (!v)
            continue;
        if (!one_token(v, &s, &n)) {
            fail(ld, IBIDI_E_LGR_ELEMENT, "%s: names one rule (RFC 7940 §7.1)",
                 tag_of(ld, E_ACTION, k ? A_NOT_MATCH : A_MATCH, v));
            return;
        }
        if ((*dst = intern(ld, v + s, n)) == NONE ||
            add_use(ld, *dst, k ? U_NOT_MATCH : U_MATCH, E_ACTION, NONE, here(ld)))
            return;
    }
    if (triggers) {
        int a = av[A_ANY_VARIANT] ? A_ANY_VARIANT : av[A_ALL_VARIANTS] ? A_ALL_VARIANTS
                                                                       : A_ONLY_VARIANTS;
        const char *v = av[a];
        size_t at = 0, s, n;
        act.kind = a == A_ANY_VARIANT    ? LGR_A_ANY_VARIANT
                   : a == A_ALL_VARIANTS ? LGR_A_ALL_VARIANTS
                                         : LGR_A_ONLY_VARIANTS;
        /* §7.2: types that no variant has are allowed (the action never fires on them) */
        while (next_token(v, &at, &s, &n)) {
            int t = type_of(ld, E_ACTION, a, v, v + s, n);
            if (t < 0)
                return;
            act.types |= (uint64_t)1 << t;
        }
        if (!act.types) {
            fail(ld, IBIDI_E_LGR_ELEMENT, "%s: names no variant type (RFC 7940 §7.2)",
                 tag_of(ld, E_ACTION, a, v));
            return;
        }
    }
    lgr->actions[lgr->n_actions++] = act;
    ld->n_doc_actions++;
    push_frame(ld, F_EMPTY, E_ACTION);
}

/* ---- The handlers --------------------------------------------------------------------- */

static const uint8_t elem_order[E_N] = {
    E_CHAR, E_VAR, E_RANGE, E_REFERENCE, E_CLASS, E_RULE, E_ANY, E_ANCHOR, E_CHOICE,
    E_LOOK_BEHIND, E_LOOK_AHEAD, E_START, E_END, E_ACTION, E_UNION, E_DIFFERENCE,
    E_INTERSECTION, E_SYMDIFF, E_COMPLEMENT, E_LGR, E_META, E_VERSION, E_DATE, E_LANGUAGE,
    E_SCOPE, E_DESCRIPTION, E_UNICODE_VERSION, E_VALIDITY_START, E_VALIDITY_END,
    E_REFERENCES, E_DATA, E_RULES};

static int elem_id(const char *local)
{
    for (int i = 0; i < E_N; i++)
        if (strcmp(local, elem_name[elem_order[i]]) == 0)
            return elem_order[i];
    return -1;
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
    loader *ld = ud;
    const char *av[A_N];
    if (ld->status != IBIDI_OK)
        return;
    if (++ld->n_elements > ld->lim.max_elements) {
        fail(ld, IBIDI_E_LGR_LIMIT, "more than %zu elements", ld->lim.max_elements);
        return;
    }
    if ((size_t)ld->n_frames + 1u > ld->lim.max_depth) {
        fail(ld, IBIDI_E_LGR_LIMIT, "elements nested more than %zu deep", ld->lim.max_depth);
        return;
    }
    frame *top = ld->n_frames ? &ld->frames[ld->n_frames - 1u] : NULL;
    if (top && (top->kind == F_SKIP || top->kind == F_DESC)) {
        /* §4.3.5: what a description holds is the description's business */
        push_frame(ld, F_SKIP, E_N);
        return;
    }
    const char *sep = strrchr(name, NS_SEP);
    const char *local = sep ? sep + 1 : name;
    int ours = sep && (size_t)(sep - name) == sizeof LGR_NS - 1u &&
               memcmp(name, LGR_NS, sizeof LGR_NS - 1u) == 0;
    if (!top) {
        if (!ours || strcmp(local, "lgr") != 0) {
            fail(ld, IBIDI_E_LGR_ELEMENT,
                 "<%.40s>: the document element is <lgr> in the namespace " LGR_NS
                 " (RFC 7940 §4.1)",
                 local);
            return;
        }
        if (!get_attrs(ld, E_LGR, atts, 0, av))
            push_frame(ld, F_LGR, E_LGR);
        return;
    }
    if (!ours) { /* another namespace: skipped whole */
        push_frame(ld, F_SKIP, E_N);
        return;
    }
    int e = elem_id(local);
    if (e < 0) {
        fail(ld, IBIDI_E_LGR_ELEMENT, "<%.40s>: not an element of RFC 7940 (RFC 7940 §4.2)",
             local);
        return;
    }
    switch (top->kind) {
    case F_LGR:
        /* §4.2: <meta>?, <data>, <rules>?, in that order */
        if (e == E_META || e == E_DATA || e == E_RULES) {
            uint8_t want = e == E_META ? 1 : e == E_DATA ? 2 : 3;
            if (ld->stage == want) {
                fail(ld, IBIDI_E_LGR_DUPLICATE, "<%s> is given twice (RFC 7940 §4.2)",
                     elem_name[e]);
                return;
            }
            if (ld->stage > want || (want == 3 && ld->stage < 2)) {
                fail(ld, IBIDI_E_LGR_ELEMENT,
                     "<%s> out of order: <lgr> holds <meta>, <data>, <rules> in that order "
                     "(RFC 7940 §4.2)",
                     elem_name[e]);
                return;
            }
            if (get_attrs(ld, e, atts, 0, av))
                return;
            ld->stage = want;
            push_frame(ld, e == E_META ? F_META : e == E_DATA ? F_DATA : F_RULES, e);
            return;
        }
        break;
    case F_META:
        if (e == E_VERSION || e == E_DATE || e == E_LANGUAGE || e == E_SCOPE ||
            e == E_DESCRIPTION || e == E_UNICODE_VERSION || e == E_VALIDITY_START ||
            e == E_VALIDITY_END || e == E_REFERENCES) {
            start_meta_child(ld, e, atts);
            return;
        }
        break;
    case F_REFS:
        if (e == E_REFERENCE) {
            start_reference(ld, atts);
            return;
        }
        break;
    case F_DATA:
        if (e == E_CHAR) {
            start_char(ld, atts);
            return;
        }
        if (e == E_RANGE) {
            start_range(ld, atts);
            return;
        }
        break;
    case F_CHAR:
        if (e == E_VAR) {
            start_var(ld, top, atts);
            return;
        }
        break;
    case F_RULES:
        if (is_class_elem(e)) {
            start_class(ld, e, C_TOP, atts);
            return;
        }
        if (e == E_RULE) {
            start_rule(ld, 1, atts);
            return;
        }
        if (e == E_ACTION) {
            start_action(ld, atts);
            return;
        }
        break;
    case F_SETOP:
        if (is_class_elem(e)) {
            start_class(ld, e, C_OPERAND, atts);
            return;
        }
        break;
    case F_RULE:
    case F_CHOICE:
    case F_LOOK:
        if (top->kind == F_RULE && top->a != NONE) {
            fail(ld, IBIDI_E_LGR_ELEMENT,
                 "<rule>: a rule with by-ref has no content (RFC 7940 §6.3.4)");
            return;
        }
        start_rule_child(ld, e, atts);
        return;
    default:
        break;
    }
    fail(ld, IBIDI_E_LGR_ELEMENT, "<%s> is not allowed in <%s> (RFC 7940 §%s)", elem_name[e],
         elem_name[top->elem], elem_sect[top->elem]);
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
    loader *ld = ud;
    (void)name;
    if (ld->status != IBIDI_OK || ld->n_frames == 0)
        return;
    frame f = ld->frames[--ld->n_frames];
    switch (f.kind) {
    case F_LGR:
        if (ld->stage < 2)
            fail_at(ld, IBIDI_E_LGR_ELEMENT, f.at, "<lgr> has no <data> (RFC 7940 §4.2)");
        break;
    case F_TEXT:
        end_text(ld, &f);
        break;
    case F_REF:
        end_reference(ld, &f);
        break;
    case F_CLASS:
        end_class(ld, &f);
        break;
    case F_SETOP:
        end_setop(ld, &f);
        break;
    case F_RULE:
    case F_CHOICE:
    case F_LOOK:
        end_container(ld, &f);
        break;
    default:
        break;
    }
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
    loader *ld = ud;
    if (ld->status != IBIDI_OK || ld->n_frames == 0 || len <= 0)
        return;
    const frame *top = &ld->frames[ld->n_frames - 1u];
    switch (top->kind) {
    case F_TEXT:
    case F_REF:
    case F_CLASS:
        if (RESERVE(ld, ld->text, ld->text_cap, ld->text_len + (size_t)len + 1u))
            return;
        memcpy(ld->text + ld->text_len, s, (size_t)len);
        ld->text_len += (size_t)len;
        return;
    case F_SKIP:
    case F_DESC:
        return;
    default:
        if (!all_space(s, (size_t)len))
            fail(ld, IBIDI_E_LGR_ELEMENT, "<%s> holds text, it takes elements only (RFC 7940 §%s)",
                 elem_name[top->elem], elem_sect[top->elem]);
    }
}

/* LGR documents need no entities (RFC 7940 §12): a declaration, internal or external, stops
 * the parse before anything can be expanded. */
static void XMLCALL on_entity_decl(void *ud, const XML_Char *name, int is_param,
                                   const XML_Char *value, int value_len, const XML_Char *base,
                                   const XML_Char *system_id, const XML_Char *public_id,
                                   const XML_Char *notation)
{
    loader *ld = ud;
    (void)is_param, (void)value, (void)value_len, (void)base, (void)public_id, (void)notation;
    fail(ld, IBIDI_E_LGR_ENTITY, "<!ENTITY %.40s>: an LGR document declares no entities%s",
         name, system_id ? " (and none is ever read from outside)" : "");
}

/* A reference to an entity that was not read (one of an external DTD). */
static void XMLCALL on_skipped(void *ud, const XML_Char *name, int is_param)
{
    loader *ld = ud;
    (void)is_param;
    fail(ld, IBIDI_E_LGR_ENTITY, "&%.40s;: a reference to an undeclared entity", name);
}

static int XMLCALL on_external(XML_Parser p, const XML_Char *context, const XML_Char *base,
                               const XML_Char *system_id, const XML_Char *public_id)
{
    (void)p, (void)context, (void)base, (void)system_id, (void)public_id;
    return XML_STATUS_ERROR; /* never read */
}

/* ---- The end of the document ---------------------------------------------------------- */

static const char *use_attr(int what)
{
    static const char *const names[] = {"when", "not-when", "by-ref", "match", "not-match"};
    return names[what];
}

static const char *use_sect(int what)
{
    return what <= U_NOT_WHEN ? "5.2" : what == U_BY_REF ? "6.3.4" : "7.1";
}

/* Every reference to a rule names a rule (the first that does not is reported); then the
 * names become rule indexes. */
static int resolve_rules(loader *ld)
{
    ibidi_lgr *lgr = ld->lgr;
    for (uint32_t i = 0; i < ld->n_uses; i++) {
        const use *u = &ld->uses[i];
        if (ld->syms[u->name].rule == NONE) {
            fail_at(ld, IBIDI_E_LGR_REFERENCE, u->at, "%s: no rule has that name (RFC 7940 §%s)",
                    tag_of(ld, u->elem, attr_id(use_attr(u->what)), lgr->strings[u->name]),
                    use_sect(u->what));
            return -1;
        }
    }
#define MAP(x) ((x) = (x) == NONE ? NONE : ld->syms[(x)].rule)
    for (uint32_t i = 0; i < lgr->n_chars; i++) {
        MAP(lgr->chars[i].when);
        MAP(lgr->chars[i].not_when);
    }
    for (uint32_t i = 0; i < lgr->n_vars; i++) {
        MAP(lgr->vars[i].when);
        MAP(lgr->vars[i].not_when);
    }
    for (uint32_t i = 0; i < lgr->n_nodes; i++)
        if (lgr->nodes[i].kind == LGR_N_RULE)
            MAP(lgr->nodes[i].a);
    for (uint32_t i = 0; i < lgr->n_actions; i++) {
        MAP(lgr->actions[i].match);
        MAP(lgr->actions[i].not_match);
    }
#undef MAP
    return 0;
}

static pos node_at(const loader *ld, uint32_t node)
{
    for (uint32_t i = 0; i < ld->n_uses; i++)
        if (ld->uses[i].what == U_BY_REF && ld->uses[i].node == node)
            return ld->uses[i].at;
    return nowhere;
}

/* The rules as a graph: a rule refers to the rules of its RULE nodes. A walk with an
 * explicit stack finds cycles (§6.3.4: a rule may not refer to itself), the depth of each
 * rule with its references followed (nodes nested inside each other, a rule body being
 * 1), and the rules that hold an anchor through references (§6.4). */
static int walk_rules(loader *ld)
{
    ibidi_lgr *lgr = ld->lgr;
    uint32_t nr = lgr->n_rules, nn = lgr->n_nodes;
    int ok = -1;
    uint32_t *depth = calloc((size_t)nn + 1u, sizeof *depth);
    uint32_t *local = calloc((size_t)nr + 1u, sizeof *local);
    uint32_t *total = calloc((size_t)nr + 1u, sizeof *total);
    uint8_t *state = calloc((size_t)nr + 1u, 1);
    uint32_t *stack = malloc(((size_t)nr + 1u) * 2u * sizeof *stack);
    if (!depth || !local || !total || !state || !stack) {
        nomem(ld);
        goto out;
    }
    /* the depth of each node in its rule: children are created before their parent, so a
       pass from a rule's body down to its first node sees every parent first */
    for (uint32_t r = 0; r < nr; r++) {
        uint32_t root = lgr->rules[r].node, first = ld->rule_first[r];
        depth[root] = 1;
        local[r] = 1;
        for (uint32_t i = root + 1u; i-- > first;) {
            const lgr_node *n = &lgr->nodes[i];
            if (depth[i] > local[r])
                local[r] = depth[i];
            if (n->kind == LGR_N_ANCHOR)
                lgr->rules[r].has_anchor = 1;
            if (n->kind == LGR_N_SEQ || n->kind == LGR_N_CHOICE || n->kind == LGR_N_LOOK_AHEAD ||
                n->kind == LGR_N_LOOK_BEHIND)
                for (uint32_t k = 0; k < n->b; k++)
                    depth[lgr->kids[n->a + k]] = depth[i] + 1u;
        }
    }
    for (uint32_t r0 = 0; r0 < nr; r0++) {
        uint32_t sp = 0;
        if (state[r0])
            continue;
        state[r0] = 1;
        stack[0] = r0;
        stack[1] = ld->rule_first[r0];
        sp = 1;
        while (sp) {
            uint32_t r = stack[2u * (sp - 1u)], *i = &stack[2u * (sp - 1u) + 1u];
            uint32_t root = lgr->rules[r].node;
            while (*i <= root && lgr->nodes[*i].kind != LGR_N_RULE)
                (*i)++;
            if (*i <= root) {
                uint32_t node = (*i)++, t = lgr->nodes[node].a;
                if (state[t] == 1) {
                    fail_at(ld, IBIDI_E_LGR_CYCLE, node_at(ld, node),
                            "%s: in rule \"%.40s\", a reference back to a rule that is "
                            "being expanded: a cycle (RFC 7940 §6.3.4)",
                            tag_of(ld, E_RULE, A_BY_REF, lgr->strings[lgr->rules[t].name]),
                            lgr->strings[lgr->rules[r].name]);
                    goto out;
                }
                if (state[t] == 0) {
                    state[t] = 1;
                    stack[2u * sp] = t;
                    stack[2u * sp + 1u] = ld->rule_first[t];
                    sp++;
                }
                continue;
            }
            /* every reference of r is done: its depth and anchors */
            uint64_t d = local[r];
            for (uint32_t k = ld->rule_first[r]; k <= root; k++) {
                if (lgr->nodes[k].kind != LGR_N_RULE)
                    continue;
                uint32_t t = lgr->nodes[k].a;
                if ((uint64_t)depth[k] + total[t] > d)
                    d = (uint64_t)depth[k] + total[t];
                if (lgr->rules[t].has_anchor)
                    lgr->rules[r].has_anchor = 1;
            }
            total[r] = d > UINT32_MAX / 2u ? UINT32_MAX / 2u : (uint32_t)d;
            state[r] = 2;
            sp--;
        }
    }
    for (uint32_t r = 0; r < nr; r++) {
        if (total[r] > ld->lim.max_depth) {
            fail_at(ld, IBIDI_E_LGR_LIMIT, ld->rule_at[r],
                    "%s: nested %u deep through by-ref, over the limit of %zu "
                    "(RFC 7940 §6.3.4)",
                    tag_of(ld, E_RULE, A_NAME, lgr->strings[lgr->rules[r].name]),
                    (unsigned)total[r], ld->lim.max_depth);
            goto out;
        }
        if (total[r] > lgr->max_rule_depth)
            lgr->max_rule_depth = total[r];
    }
    ok = 0;
out:
    free(depth);
    free(local);
    free(total);
    free(state);
    free(stack);
    return ok;
}

/* Named classes first, then the anonymous ones (lgr_internal.h). */
static int merge_classes(loader *ld)
{
    ibidi_lgr *lgr = ld->lgr;
    size_t n = (size_t)ld->n_named + ld->n_anon;
    lgr->classes = malloc((n ? n : 1u) * sizeof *lgr->classes);
    if (!lgr->classes) {
        nomem(ld);
        return -1;
    }
    if (ld->n_named)
        memcpy(lgr->classes, ld->named, ld->n_named * sizeof *ld->named);
    if (ld->n_anon)
        memcpy(lgr->classes + ld->n_named, ld->anon, ld->n_anon * sizeof *ld->anon);
    lgr->n_classes = (uint32_t)n;
    lgr->n_named_classes = ld->n_named;
    for (uint32_t i = 0; i < lgr->n_nodes; i++) {
        lgr_node *nd = &lgr->nodes[i];
        if (nd->kind == LGR_N_CLASS && (nd->a & ANON_CLASS))
            nd->a = ld->n_named + (nd->a & ~ANON_CLASS);
    }
    return 0;
}

/* Entry order of lgr_internal.h: by first code point, longer sequences first (then by
 * their code points, so that the order is one whatever the document's). */
static int cmp_entry(const ibidi_lgr *lgr, const lgr_char *a, const lgr_char *b)
{
    if (a->first != b->first)
        return a->first < b->first ? -1 : 1;
    if (a->len != b->len)
        return a->len > b->len ? -1 : 1;
    const uint32_t *x = entry_cps(lgr, a), *y = entry_cps(lgr, b);
    for (uint32_t i = 1; i < a->len; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Entries that share a first code point (a code point and the sequences that start with
 * it: a handful) are ordered by insertion. */
static void sort_group(const ibidi_lgr *lgr, lgr_char *c, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        lgr_char x = c[i];
        uint32_t j = i;
        while (j > 0 && cmp_entry(lgr, &x, &c[j - 1u]) < 0) {
            c[j] = c[j - 1u];
            j--;
        }
        c[j] = x;
    }
}

static int sort_repertoire(loader *ld)
{
    ibidi_lgr *lgr = ld->lgr;
    uint32_t n = lgr->n_chars;
    if (n == 0)
        return 0;
    /* a stable two-pass radix sort on the first code point (21 bits: 11 + 10) */
    lgr_char *tmp = malloc((size_t)n * sizeof *tmp);
    uint32_t *count = calloc(2049u, sizeof *count); /* one more than the digits: prefix sums */
    if (!tmp || !count) {
        free(tmp);
        free(count);
        nomem(ld);
        return -1;
    }
    for (int pass = 0; pass < 2; pass++) {
        unsigned shift = pass ? 11u : 0u, mask = pass ? 0x3FFu : 0x7FFu;
        lgr_char *from = pass ? tmp : lgr->chars, *to = pass ? lgr->chars : tmp;
        memset(count, 0, 2049u * sizeof *count);
        for (uint32_t i = 0; i < n; i++)
            count[((from[i].first >> shift) & mask) + 1u]++;
        for (uint32_t k = 1; k < 2049u; k++)
            count[k] += count[k - 1u];
        for (uint32_t i = 0; i < n; i++)
            to[count[(from[i].first >> shift) & mask]++] = from[i];
    }
    free(tmp);
    free(count);
    /* entries that share a first code point: longest first. A group is one code point and
       the sequences that start with it; a hostile document may make one large, so groups
       beyond a few entries are merge-sorted. */
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i + 1u;
        while (j < n && lgr->chars[j].first == lgr->chars[i].first)
            j++;
        if (j - i > 1u) {
            if (j - i <= 16u) {
                sort_group(lgr, lgr->chars + i, j - i);
            } else {
                /* bottom-up merge sort of the group */
                uint32_t m = j - i;
                lgr_char *a = lgr->chars + i, *b = malloc((size_t)m * sizeof *b);
                if (!b) {
                    nomem(ld);
                    return -1;
                }
                for (uint32_t w = 1; w < m; w *= 2u) {
                    for (uint32_t lo = 0; lo < m; lo += 2u * w) {
                        uint32_t mid = lo + w < m ? lo + w : m, hi = lo + 2u * w < m ? lo + 2u * w : m;
                        uint32_t p = lo, q = mid, o = lo;
                        while (p < mid && q < hi)
                            b[o++] = cmp_entry(lgr, &a[q], &a[p]) < 0 ? a[q++] : a[p++];
                        while (p < mid)
                            b[o++] = a[p++];
                        while (q < hi)
                            b[o++] = a[q++];
                    }
                    memcpy(a, b, (size_t)m * sizeof *a);
                    if (w > m / 2u)
                        break;
                }
                free(b);
            }
        }
        i = j;
    }
    return 0;
}

/* lgr_lookup's table: (first code point, first entry, count) by open addressing, at least
 * twice as many slots as distinct first code points. */
static int build_hash(loader *ld)
{
    ibidi_lgr *lgr = ld->lgr;
    uint32_t n = lgr->n_chars, distinct = 0;
    for (uint32_t i = 0; i < n; i++)
        if (i == 0 || lgr->chars[i].first != lgr->chars[i - 1u].first)
            distinct++;
    if (distinct == 0)
        return 0;
    uint32_t size = 2u;
    while (size < 2u * distinct)
        size *= 2u;
    lgr->hash_cp = malloc((size_t)size * sizeof *lgr->hash_cp);
    lgr->hash_first = malloc((size_t)size * sizeof *lgr->hash_first);
    lgr->hash_count = calloc(size, sizeof *lgr->hash_count);
    if (!lgr->hash_cp || !lgr->hash_first || !lgr->hash_count) {
        nomem(ld);
        return -1;
    }
    lgr->hash_mask = size - 1u;
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i + 1u, cp = lgr->chars[i].first;
        while (j < n && lgr->chars[j].first == cp)
            j++;
        uint32_t h = (cp * 2654435761u) & lgr->hash_mask;
        while (lgr->hash_count[h])
            h = (h + 1u) & lgr->hash_mask;
        lgr->hash_cp[h] = cp;
        lgr->hash_first[h] = i;
        lgr->hash_count[h] = j - i;
        i = j;
    }
    return 0;
}

/* RFC 7940 §7.6: after the document's actions, the default ones. Their types count only when the
 * document uses them: a type no variant has can never set off an action. */
static int default_actions(loader *ld)
{
    static const struct {
        const char *disp;
        uint8_t kind;
        const char *type;
    } defaults[] = {
        {"invalid", LGR_A_ANY_VARIANT, "invalid"},
        {"blocked", LGR_A_ANY_VARIANT, "blocked"},
        {"allocatable", LGR_A_ANY_VARIANT, "allocatable"},
        {"activated", LGR_A_ALL_VARIANTS, "activated"},
        {"valid", LGR_A_NONE, NULL},
    };
    ibidi_lgr *lgr = ld->lgr;
    if (RESERVE(ld, lgr->actions, ld->cap_actions, lgr->n_actions + 5u))
        return -1;
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) {
        lgr_action *a = &lgr->actions[lgr->n_actions];
        memset(a, 0, sizeof *a);
        a->match = a->not_match = a->comment = NONE;
        a->kind = defaults[i].kind;
        a->is_default = 1;
        if ((a->disp = intern_z(ld, defaults[i].disp)) == NONE)
            return -1;
        if (defaults[i].type) {
            uint32_t k = find_str(ld, defaults[i].type, strlen(defaults[i].type));
            if (k != NONE && ld->syms[k].type != NONE)
                a->types = (uint64_t)1 << ld->syms[k].type;
        }
        lgr->n_actions++;
    }
    return 0;
}

/* ---- Symmetry and transitivity (RFC 8228 §6, RFC 7940 §8.5) --------------------------- */

typedef struct pairset {
    uint64_t *slot; /* key + 1; 0 empty */
    uint64_t mask;
} pairset;

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    return x;
}

/* Returns 1 when added, 0 when there already. */
static int pair_add(pairset *s, uint32_t a, uint32_t b)
{
    uint64_t key = ((uint64_t)a << 32 | b) + 1u;
    for (uint64_t h = mix64(key) & s->mask;; h = (h + 1u) & s->mask) {
        if (s->slot[h] == key)
            return 0;
        if (!s->slot[h]) {
            s->slot[h] = key;
            return 1;
        }
    }
}

static int pair_has(const pairset *s, uint32_t a, uint32_t b)
{
    uint64_t key = ((uint64_t)a << 32 | b) + 1u;
    for (uint64_t h = mix64(key) & s->mask;; h = (h + 1u) & s->mask) {
        if (s->slot[h] == key)
            return 1;
        if (!s->slot[h])
            return 0;
    }
}

static uint32_t uf_find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* The entry whose code points are those of variant v, or NONE when it is not in the
 * repertoire. */
static uint32_t entry_of_var(const ibidi_lgr *lgr, const lgr_var *v)
{
    uint32_t first, n;
    if (v->len == 0 || (n = lgr_lookup(lgr, v->first, &first)) == 0)
        return NONE;
    for (uint32_t i = first; i < first + n; i++)
        if (same_cps(entry_cps(lgr, &lgr->chars[i]), lgr->chars[i].len, var_cps(lgr, v), v->len))
            return i;
    return NONE;
}

static int check_variant_sets(loader *ld)
{
    ibidi_lgr *lgr = ld->lgr;
    uint32_t nc = lgr->n_chars, nv = lgr->n_vars;
    int ret = -1, symmetric = 1, transitive = 1;
    /* targets: the entry a variant maps to; those outside the repertoire numbered from nc
       on, one number per distinct sequence */
    uint32_t *target = malloc(((size_t)nv + 1u) * sizeof *target);
    uint32_t *owner = malloc(((size_t)nv + 1u) * sizeof *owner);
    uint32_t *parent = malloc(((size_t)nc + 1u) * sizeof *parent);
    uint32_t *size = calloc((size_t)nc + 1u, sizeof *size);
    uint32_t *deg = calloc((size_t)nc + 1u, sizeof *deg);
    pairset ps = {NULL, 0};
    uint64_t cap = 2;
    while (cap < 2u * (uint64_t)nv + 2u)
        cap *= 2u;
    ps.slot = calloc((size_t)cap, sizeof *ps.slot);
    ps.mask = cap - 1u;
    uint32_t *outside = NULL, n_outside = 0, mask_out = 0;
    if (!target || !owner || !parent || !size || !deg || !ps.slot) {
        nomem(ld);
        goto out;
    }
    outside = calloc((size_t)cap, sizeof *outside); /* variant + 1 of each outside target */
    if (!outside) {
        nomem(ld);
        goto out;
    }
    mask_out = (uint32_t)(cap - 1u);
    for (uint32_t a = 0; a < nc; a++)
        for (uint32_t k = 0; k < lgr->chars[a].var_count; k++)
            owner[lgr->chars[a].var_first + k] = a;
    for (uint32_t v = 0; v < nv; v++) {
        const lgr_var *x = &lgr->vars[v];
        uint32_t t = entry_of_var(lgr, x);
        if (t == NONE) {
            uint32_t h = hash_cps(var_cps(lgr, x), x->len, 0, 0) & mask_out;
            for (;; h = (h + 1u) & mask_out) {
                if (!outside[h]) {
                    outside[h] = v + 1u;
                    t = nc + n_outside++;
                    break;
                }
                const lgr_var *y = &lgr->vars[outside[h] - 1u];
                if (same_cps(var_cps(lgr, y), y->len, var_cps(lgr, x), x->len)) {
                    t = target[outside[h] - 1u];
                    break;
                }
            }
        }
        target[v] = t;
        if (pair_add(&ps, owner[v], t) && t != owner[v] && t < nc)
            deg[owner[v]]++;
    }
    /* symmetric: every a -> b has b -> a (b in the repertoire) */
    for (uint32_t v = 0; v < nv && symmetric; v++)
        if (target[v] >= nc || (target[v] != owner[v] && !pair_has(&ps, target[v], owner[v])))
            symmetric = 0;
    if (symmetric) {
        /* then transitive means: the entries joined by variants form cliques (a -> a
           aside), so each entry maps to all the others of its set */
        for (uint32_t a = 0; a < nc; a++)
            parent[a] = a;
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t x = uf_find(parent, owner[v]), y = uf_find(parent, target[v]);
            if (x != y)
                parent[x] = y;
        }
        for (uint32_t a = 0; a < nc; a++)
            size[uf_find(parent, a)]++;
        for (uint32_t a = 0; a < nc && transitive; a++)
            if (deg[a] != size[uf_find(parent, a)] - 1u)
                transitive = 0;
    } else {
        /* a -> b and b -> c: a -> c or c == a; within a budget (see TRANSITIVE_BUDGET) */
        uint64_t work = 0;
        for (uint32_t v = 0; v < nv && transitive; v++) {
            uint32_t a = owner[v], b = target[v];
            if (b >= nc)
                continue;
            const lgr_char *cb = &lgr->chars[b];
            for (uint32_t k = 0; k < cb->var_count && transitive; k++) {
                uint32_t c = target[cb->var_first + k];
                if (++work > TRANSITIVE_BUDGET || (c != a && !pair_has(&ps, a, c)))
                    transitive = 0;
            }
        }
    }
    /* RFC 7940 §8.5 asks symmetric and transitive variant sets for index labels. A mapping
       with a when / not-when rule holds only in some labels, and the index label takes a
       variant only where its rule holds (as the root zone's index label procedure does),
       so mappings with context rules are left out of the transitivity that index labels
       need: RZ-LGR-5's common LGR is transitive that way, not in the strict one */
    int index_transitive = transitive;
    if (symmetric && !transitive) {
        pairset p2 = {NULL, 0};
        p2.slot = calloc((size_t)cap, sizeof *p2.slot);
        p2.mask = cap - 1u;
        if (!p2.slot) {
            nomem(ld);
            goto out;
        }
        for (uint32_t a = 0; a < nc; a++) {
            parent[a] = a;
            size[a] = 0;
            deg[a] = 0;
        }
        for (uint32_t v = 0; v < nv; v++) {
            const lgr_var *x = &lgr->vars[v];
            if (x->when != NONE || x->not_when != NONE || target[v] >= nc)
                continue;
            if (pair_add(&p2, owner[v], target[v]) && target[v] != owner[v])
                deg[owner[v]]++;
            uint32_t r1 = uf_find(parent, owner[v]), r2 = uf_find(parent, target[v]);
            if (r1 != r2)
                parent[r1] = r2;
        }
        for (uint32_t a = 0; a < nc; a++)
            size[uf_find(parent, a)]++;
        index_transitive = 1;
        for (uint32_t a = 0; a < nc && index_transitive; a++)
            if (deg[a] != size[uf_find(parent, a)] - 1u)
                index_transitive = 0;
        free(p2.slot);
    }
    lgr->info.symmetric = symmetric;
    lgr->info.transitive = transitive;
    lgr->info.index_possible = symmetric && index_transitive;
    ret = 0;
out:
    free(target);
    free(owner);
    free(parent);
    free(size);
    free(deg);
    free(ps.slot);
    free(outside);
    return ret;
}

/* ---- Info ----------------------------------------------------------------------------- */

static const char *str_or_null(const ibidi_lgr *lgr, uint32_t k)
{
    return k == NONE ? NULL : lgr->strings[k];
}

static int fill_info(loader *ld)
{
    ibidi_lgr *lgr = ld->lgr;
    ibidi_lgr_info *in = &lgr->info;
    in->version = str_or_null(lgr, ld->meta_str[E_VERSION]);
    in->version_comment = str_or_null(lgr, ld->version_comment);
    in->date = str_or_null(lgr, ld->meta_str[E_DATE]);
    in->unicode_version = str_or_null(lgr, ld->meta_str[E_UNICODE_VERSION]);
    in->validity_start = str_or_null(lgr, ld->meta_str[E_VALIDITY_START]);
    in->validity_end = str_or_null(lgr, ld->meta_str[E_VALIDITY_END]);
    in->description_type = str_or_null(lgr, ld->description_type);
    lgr->languages = malloc(((size_t)ld->n_languages + 1u) * sizeof *lgr->languages);
    lgr->scopes = malloc(((size_t)ld->n_scopes + 1u) * sizeof *lgr->scopes);
    lgr->variant_types = malloc(((size_t)ld->n_types + 1u) * sizeof *lgr->variant_types);
    lgr->references = malloc(((size_t)ld->n_refs + 1u) * sizeof *lgr->references);
    lgr->disp_names = malloc(((size_t)lgr->n_actions + 1u) * sizeof *lgr->disp_names);
    if (!lgr->languages || !lgr->scopes || !lgr->variant_types || !lgr->references ||
        !lgr->disp_names) {
        nomem(ld);
        return -1;
    }
    for (uint32_t i = 0; i < ld->n_languages; i++)
        lgr->languages[i] = lgr->strings[ld->languages[i]];
    for (uint32_t i = 0; i < ld->n_scopes; i++)
        lgr->scopes[i] = lgr->strings[ld->scopes[i]];
    for (uint32_t i = 0; i < ld->n_types; i++)
        lgr->variant_types[i] = lgr->strings[ld->types[i]];
    for (uint32_t i = 0; i < ld->n_refs; i++) {
        lgr->references[i].id = lgr->strings[ld->ref_sidx[3u * i]];
        lgr->references[i].text = lgr->strings[ld->ref_sidx[3u * i + 1u]];
        lgr->references[i].comment = str_or_null(lgr, ld->ref_sidx[3u * i + 2u]);
    }
    for (uint32_t i = 0; i < lgr->n_actions; i++)
        lgr->disp_names[i] = lgr->strings[lgr->actions[i].disp];
    in->languages = lgr->languages;
    in->n_languages = ld->n_languages;
    in->scopes = lgr->scopes;
    in->n_scopes = ld->n_scopes;
    in->references = lgr->references;
    in->n_references = ld->n_refs;
    in->variant_types = lgr->variant_types;
    in->n_variant_types = ld->n_types;
    in->n_variants = lgr->n_vars;
    in->n_classes = ld->n_named;
    in->n_rules = lgr->n_rules;
    in->n_actions = ld->n_doc_actions;
    in->n_tags = ld->n_tags;
    for (uint32_t i = 0; i < lgr->n_chars; i++) {
        if (lgr->chars[i].len == 1)
            in->n_code_points++;
        else
            in->n_sequences++;
    }
    return 0;
}

/* What evaluation derives once from the rules (ibidi__lgr_prepare, src/lgr/eval.c), and
 * its bound on the work of one match. */
static int prepare_rules(loader *ld)
{
    uint32_t bad = 0;
    int rc = ibidi__lgr_prepare(ld->lgr, &bad);
    if (rc == -2) {
        nomem(ld);
        return -1;
    }
    if (rc == -1) {
        fail_at(ld, IBIDI_E_LGR_LIMIT, nowhere,
                "rule \"%.40s\": one match could visit over %u nodes with its references and "
                "counts expanded (a limit of ibidi, so that every label's evaluation stays "
                "bounded)",
                ld->lgr->strings[ld->lgr->rules[bad].name], LGR_MAX_EXPANDED);
        return -1;
    }
    return 0;
}

static int finish(loader *ld)
{
    /* the preparation reads the sorted repertoire and every action, the default ones too */
    return resolve_rules(ld) || walk_rules(ld) || merge_classes(ld) || sort_repertoire(ld) ||
                   build_hash(ld) || default_actions(ld) || prepare_rules(ld) ||
                   check_variant_sets(ld) || fill_info(ld)
               ? -1
               : 0;
}

/* ---- Entry points --------------------------------------------------------------------- */

static void loader_free(loader *ld)
{
    if (ld->xp)
        XML_ParserFree(ld->xp);
    free(ld->frames);
    free(ld->text);
    free(ld->str_tab);
    free(ld->syms);
    free(ld->named);
    free(ld->anon);
    free(ld->rule_first);
    free(ld->rule_at);
    free(ld->kids);
    for (uint32_t i = 0; i < ld->n_ops; i++)
        ibidi__lgr_rset_free(&ld->ops[i]);
    free(ld->ops);
    free(ld->uses);
    free(ld->seen);
    free(ld->seq_tab);
    free(ld->var_tab);
    free(ld->tag_name);
    free(ld->tag_items);
    free(ld->tag_start);
    free(ld->tag_ranges);
    for (uint32_t t = 0; ld->tag_sets && t < ld->n_tags; t++)
        ibidi__lgr_rset_free(&ld->tag_sets[t]);
    free(ld->tag_sets);
    for (uint32_t i = 0; i < ld->n_props; i++)
        ibidi__lgr_rset_free(&ld->props[i].set);
    free(ld->props);
    free(ld->languages);
    free(ld->scopes);
    free(ld->ref_sidx);
}

void ibidi_lgr_free(ibidi_lgr *lgr)
{
    if (!lgr)
        return;
    for (uint32_t i = 0; i < lgr->n_strings; i++)
        free(lgr->strings[i]);
    free(lgr->strings);
    free(lgr->pool);
    free(lgr->chars);
    free(lgr->hash_cp);
    free(lgr->hash_first);
    free(lgr->hash_count);
    free(lgr->vars);
    free(lgr->classes);
    free(lgr->ranges);
    free(lgr->nodes);
    free(lgr->kids);
    free(lgr->rules);
    free(lgr->actions);
    free(lgr->need_lo);
    free(lgr->need_mask);
    free(lgr->need_block);
    free((void *)lgr->disp_names);
    free((void *)lgr->languages);
    free((void *)lgr->scopes);
    free((void *)lgr->variant_types);
    free(lgr->references);
    free(lgr);
}

const ibidi_lgr_info *ibidi_lgr_get_info(const ibidi_lgr *lgr)
{
    return lgr ? &lgr->info : NULL;
}

static void limits_of(const ibidi_lgr_limits *in, ibidi_lgr_limits *out)
{
    out->max_bytes = in && in->max_bytes ? in->max_bytes : DEFAULT_MAX_BYTES;
    out->max_elements = in && in->max_elements ? in->max_elements : DEFAULT_MAX_ELEMENTS;
    out->max_repertoire = in && in->max_repertoire ? in->max_repertoire : DEFAULT_MAX_REPERTOIRE;
    out->max_depth = in && in->max_depth ? in->max_depth : DEFAULT_MAX_DEPTH;
}

static void diag_clear(ibidi_lgr_diag *d)
{
    memset(d, 0, sizeof *d);
}

static ibidi_status diag_set(ibidi_lgr_diag *d, ibidi_status st, const char *msg)
{
    diag_clear(d);
    d->status = st;
    snprintf(d->message, sizeof d->message, "%s", msg);
    return st;
}

static ibidi_status parse(loader *ld, const char *xml, size_t len)
{
    /* expat takes int lengths: a long document goes in pieces */
    const size_t piece = (size_t)1 << 30;
    size_t at = 0;
    ld->parsing = 1;
    do {
        size_t n = len - at > piece ? piece : len - at;
        int last = at + n == len;
        if (XML_Parse(ld->xp, xml + at, (int)n, last) != XML_STATUS_OK) {
            if (ld->status == IBIDI_OK) {
                enum XML_Error code = XML_GetErrorCode(ld->xp);
                /* &name; without a declaration: entities are refused, as declarations */
                int entity = code == XML_ERROR_UNDEFINED_ENTITY ||
                             code == XML_ERROR_RECURSIVE_ENTITY_REF ||
                             code == XML_ERROR_BINARY_ENTITY_REF ||
                             code == XML_ERROR_ATTRIBUTE_EXTERNAL_ENTITY_REF ||
                             code == XML_ERROR_EXTERNAL_ENTITY_HANDLING;
                fail(ld, entity ? IBIDI_E_LGR_ENTITY : IBIDI_E_LGR_XML, "%s: %s",
                     entity ? "an entity LGR documents may not use" : "not well-formed XML",
                     XML_ErrorString(code));
            }
            break;
        }
        at += n;
    } while (at < len);
    ld->parsing = 0;
    return ld->status;
}

ibidi_status ibidi_lgr_load(const char *xml, size_t len, const ibidi_lgr_limits *limits,
                            ibidi_lgr **out, ibidi_lgr_diag *diag)
{
    ibidi_lgr_diag local;
    loader ld;
    if (!diag)
        diag = &local;
    diag_clear(diag);
    if (out)
        *out = NULL;
    if (!out || (!xml && len))
        return diag_set(diag, IBIDI_E_INVALID_ARGUMENT, "no output pointer, or no document");
    memset(&ld, 0, sizeof ld);
    ld.diag = diag;
    limits_of(limits, &ld.lim);
    if (len > ld.lim.max_bytes) {
        snprintf(diag->message, sizeof diag->message,
                 "the document has %zu bytes, over the limit of %zu", len, ld.lim.max_bytes);
        diag->status = IBIDI_E_LGR_LIMIT;
        return IBIDI_E_LGR_LIMIT;
    }
    ld.lgr = calloc(1, sizeof *ld.lgr);
    ld.seen = calloc((LGR_CP_MAX + 1u) / 8u, 1);
    ld.xp = XML_ParserCreateNS(NULL, NS_SEP);
    for (int e = 0; e < E_N; e++)
        ld.meta_str[e] = NONE;
    ld.version_comment = ld.description_type = NONE;
    if (!ld.lgr || !ld.seen || !ld.xp) {
        loader_free(&ld);
        ibidi_lgr_free(ld.lgr);
        return diag_set(diag, IBIDI_E_NOMEM, "out of memory");
    }
    XML_SetUserData(ld.xp, &ld);
    XML_SetElementHandler(ld.xp, on_start, on_end);
    XML_SetCharacterDataHandler(ld.xp, on_text);
    XML_SetEntityDeclHandler(ld.xp, on_entity_decl);
    XML_SetSkippedEntityHandler(ld.xp, on_skipped);
    XML_SetExternalEntityRefHandler(ld.xp, on_external);
    (void)XML_SetParamEntityParsing(ld.xp, XML_PARAM_ENTITY_PARSING_NEVER);
    if (parse(&ld, xml ? xml : "", len) == IBIDI_OK)
        (void)finish(&ld);
    loader_free(&ld);
    if (ld.status != IBIDI_OK) {
        ibidi_lgr_free(ld.lgr);
        return ld.status;
    }
    diag_clear(diag);
    *out = ld.lgr;
    return IBIDI_OK;
}

ibidi_status ibidi_lgr_load_file(const char *path, const ibidi_lgr_limits *limits,
                                 ibidi_lgr **out, ibidi_lgr_diag *diag)
{
    ibidi_lgr_diag local;
    ibidi_lgr_limits lim;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    if (!diag)
        diag = &local;
    if (out)
        *out = NULL;
    if (!path || !out)
        return diag_set(diag, IBIDI_E_INVALID_ARGUMENT, "no path or no output pointer");
    limits_of(limits, &lim);
    /* one byte past the limit tells a document that is too long */
    const size_t most = lim.max_bytes < SIZE_MAX ? lim.max_bytes + 1u : SIZE_MAX;
    FILE *f = fopen(path, "rb");
    if (!f) {
        char why[128] = "cannot be opened";
        int e = errno;
        if (strerror_r(e, why, sizeof why) != 0)
            snprintf(why, sizeof why, "error %d", e);
        diag_clear(diag);
        diag->status = IBIDI_E_LGR_FILE;
        snprintf(diag->message, sizeof diag->message, "%.160s: %.80s", path, why);
        return IBIDI_E_LGR_FILE;
    }
    for (;;) {
        if (len == cap) {
            size_t ncap = cap ? (cap > SIZE_MAX / 2u ? SIZE_MAX : cap * 2u) : 65536u;
            if (ncap > most)
                ncap = most;
            if (ncap <= cap)
                break;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                fclose(f);
                return diag_set(diag, IBIDI_E_NOMEM, "out of memory");
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        diag_clear(diag);
        diag->status = IBIDI_E_LGR_FILE;
        snprintf(diag->message, sizeof diag->message, "%.160s: a read error", path);
        return IBIDI_E_LGR_FILE;
    }
    ibidi_status st = ibidi_lgr_load(buf, len, &lim, out, diag);
    free(buf);
    return st;
}
