/*
 * Evaluation of labels under a loaded LGR (RFC 7940 §8): eligibility, disposition,
 * variant labels, index label, LGR sets.
 *
 * Rules (§6.3) are regular expressions over the label's code points with zero-width
 * look-around. They are matched here as sets of positions rather than by backtracking: a
 * label has at most IBIDI_LGR_MAX_LABEL (63) code points, so the positions 0..63 fit in a
 * uint64_t and each node maps the set of positions where it may start to the set where it
 * may end. Every rule then costs time linear in its size for any label, where a
 * backtracking matcher can take exponential time on rules like (any*)* .
 */
#include <string.h>

#include "common/internal.h"
#include "ibidi/punycode.h"
#include "ibidi/utf8.h"
#include "lgr/lgr_internal.h"

typedef uint64_t pset; /* bit p: position p (before code point p; p == n is the end) */

/* What a rule is matched against: a label and, for a context rule (§6.4), the code point
 * or sequence at the anchor. */
typedef struct lgr_ctx {
    const struct ibidi_lgr *lgr;
    const uint32_t *label;
    size_t n;
    pset all;    /* positions 0..n */
    pset inside; /* positions 0..n-1: where a code point starts */
    int anchored;
    size_t apos;
    const uint32_t *acps;
    uint8_t alen;
    uint64_t bloom; /* the label's code points as lgr_bloom bits (all ones: not computed) */
} lgr_ctx;

static void ctx_init(lgr_ctx *c, const struct ibidi_lgr *lgr, const uint32_t *label, size_t n)
{
    c->lgr = lgr;
    c->label = label;
    c->n = n;
    c->inside = n ? (n >= 64 ? ~(pset)0 : (((pset)1 << n) - 1)) : 0;
    c->all = c->inside | ((pset)1 << n);
    c->anchored = 0;
    c->apos = 0;
    c->acps = NULL;
    c->alen = 0;
    c->bloom = ~(uint64_t)0;
}

static int seq_at(const lgr_ctx *c, size_t p, const uint32_t *cps, size_t len)
{
    if (p + len > c->n)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (c->label[p + i] != cps[i])
            return 0;
    return 1;
}

static pset match_node(const lgr_ctx *c, uint32_t node, pset s);

static pset match_kids(const lgr_ctx *c, const lgr_node *nd, pset s)
{
    const uint32_t *kid = c->lgr->kids + nd->a;
    for (uint32_t i = 0; i < nd->b && s; i++)
        s = match_node(c, kid[i], s);
    return s;
}

/* One occurrence of the node (its count aside). */
static pset match_once(const lgr_ctx *c, const lgr_node *nd, pset s)
{
    const struct ibidi_lgr *lgr = c->lgr;
    pset r = 0;
    switch ((lgr_node_kind)nd->kind) {
    case LGR_N_SEQ:
        return match_kids(c, nd, s);
    case LGR_N_CHOICE: { /* RFC 7940 §6.3.5 */
        const uint32_t *kid = lgr->kids + nd->a;
        for (uint32_t i = 0; i < nd->b; i++)
            r |= match_node(c, kid[i], s);
        return r;
    }
    case LGR_N_START:
        return s & 1;
    case LGR_N_END:
        return s & ((pset)1 << c->n);
    case LGR_N_ANY:
        return (s & c->inside) << 1;
    case LGR_N_CHAR: {
        const uint32_t *cps = nd->len > 1 ? lgr->pool + nd->a : &nd->a;
        for (pset m = s & c->inside; m; m &= m - 1) {
            size_t p = (size_t)__builtin_ctzll(m);
            if (seq_at(c, p, cps, nd->len))
                r |= (pset)1 << (p + nd->len);
        }
        return r;
    }
    case LGR_N_CLASS:
        for (pset m = s & c->inside; m; m &= m - 1) {
            size_t p = (size_t)__builtin_ctzll(m);
            if (ibidi__lgr_class_has(lgr, nd->a, c->label[p]))
                r |= (pset)1 << (p + 1);
        }
        return r;
    case LGR_N_ANCHOR: /* RFC 7940 §6.4: the code point or sequence judged, at its place */
        if (c->anchored && ((s >> c->apos) & 1) && seq_at(c, c->apos, c->acps, c->alen))
            return (pset)1 << (c->apos + c->alen);
        return 0;
    case LGR_N_LOOK_AHEAD: /* RFC 7940 §6.4: zero-width, the children match from here on */
        for (pset m = s; m; m &= m - 1) {
            pset p = m & -m;
            if (match_kids(c, nd, p))
                r |= p;
        }
        return r;
    case LGR_N_LOOK_BEHIND: /* RFC 7940 §6.4: zero-width, the children match up to here */
        return s & match_kids(c, nd, c->all);
    case LGR_N_RULE:
        return match_node(c, lgr->rules[nd->a].node, s);
    }
    return 0;
}

/* RFC 7940 §6.3.3: count="n", "n+", "n:m". */
static pset match_node(const lgr_ctx *c, uint32_t node, pset s)
{
    const lgr_node *nd = &c->lgr->nodes[node];
    if (nd->min == 1 && nd->max == 1)
        return match_once(c, nd, s);
    if (nd->kind == LGR_N_ANY && nd->max == LGR_COUNT_INF) {
        /* any{min,}: every position at least min after the first start */
        pset t = s & c->all;
        for (unsigned i = 0; i < nd->min && t; i++)
            t = (t & c->inside) << 1;
        return t ? (c->all & ~((t & -t) - 1)) : 0;
    }
    pset cur = s;
    for (unsigned i = 0; i < nd->min; i++) {
        cur = match_once(c, nd, cur);
        if (!cur)
            return 0;
    }
    pset res = cur;
    if (nd->max == LGR_COUNT_INF) {
        pset frontier = cur;
        while (frontier) {
            pset next = match_once(c, nd, frontier);
            frontier = next & ~res;
            res |= next;
        }
    } else {
        for (unsigned i = nd->min; i < nd->max; i++) {
            cur = match_once(c, nd, cur);
            /* positions reached again add nothing: from them the counts still allowed are
               a subset of those allowed when they were first reached */
            if (!(cur & ~res))
                break;
            res |= cur;
        }
    }
    return res;
}

/* Whether a rule matches the label anywhere (§6.3: a rule matches a label when its
 * pattern matches some part of it; start and end pin it to the ends). */
static int rule_matches(const lgr_ctx *c, uint32_t rule)
{
    const lgr_rule *r = &c->lgr->rules[rule];
    if (r->has_req && !(r->req_bloom & c->bloom))
        return 0; /* none of the code points it needs is in the label */
    return match_node(c, r->node, c->all) != 0;
}

/* RFC 7940 §6.4 / §5.2: the when / not-when rule of an entry or variant at position pos
 * of the label: an anchored rule is judged with its anchor there, another one on the
 * whole label. */
static int context_holds(const struct ibidi_lgr *lgr, const uint32_t *label, size_t n,
                         size_t pos, const uint32_t *cps, uint8_t len, uint32_t when,
                         uint32_t not_when)
{
    if (when == LGR_NONE && not_when == LGR_NONE)
        return 1;
    lgr_ctx c;
    ctx_init(&c, lgr, label, n);
    c.anchored = 1;
    c.apos = pos;
    c.acps = cps;
    c.alen = len;
    if (when != LGR_NONE)
        return rule_matches(&c, when);
    return !rule_matches(&c, not_when);
}

/* RFC 7940 §7.2 / §8.3: the first action whose conditions hold. */
static uint32_t apply_actions(const struct ibidi_lgr *lgr, const uint32_t *label, size_t n,
                              uint64_t types, int only_variants)
{
    lgr_ctx c;
    ctx_init(&c, lgr, label, n);
    c.bloom = 0;
    for (size_t i = 0; i < n; i++)
        c.bloom |= lgr_bloom(label[i]);
    for (uint32_t i = 0; i < lgr->n_actions; i++) {
        const lgr_action *a = &lgr->actions[i];
        switch ((lgr_action_kind)a->kind) {
        case LGR_A_NONE:
            break;
        case LGR_A_ANY_VARIANT: /* any variant type in the set */
            if (!(types & a->types))
                continue;
            break;
        case LGR_A_ALL_VARIANTS: /* every variant type of the label is in the set */
            if (!types || (types & ~a->types))
                continue;
            break;
        case LGR_A_ONLY_VARIANTS: /* ... and every code point is from a variant mapping */
            if (!only_variants || !types || (types & ~a->types))
                continue;
            break;
        }
        if (a->match != LGR_NONE && !rule_matches(&c, a->match))
            continue;
        if (a->not_match != LGR_NONE && rule_matches(&c, a->not_match))
            continue;
        return i;
    }
    return LGR_NONE; /* unreachable: the RFC 7940 §7.6 catch-all holds for every label */
}

static void fill_action(const struct ibidi_lgr *lgr, uint32_t ai, const char **disp,
                        size_t *action, int *is_default, const char **rule, int *not_match,
                        const char **comment)
{
    if (ai == LGR_NONE) {
        *disp = NULL;
        *action = IBIDI_LGR_NO_ACTION;
        *is_default = 0;
        *rule = NULL;
        if (not_match)
            *not_match = 0;
        if (comment)
            *comment = NULL;
        return;
    }
    const lgr_action *a = &lgr->actions[ai];
    *disp = lgr->strings[a->disp];
    *action = ai;
    *is_default = a->is_default;
    uint32_t r = a->match != LGR_NONE ? a->match : a->not_match;
    *rule = r != LGR_NONE ? lgr->strings[lgr->rules[r].name] : NULL;
    if (not_match)
        *not_match = a->not_match != LGR_NONE;
    if (comment)
        *comment = a->comment != LGR_NONE ? lgr->strings[a->comment] : NULL;
}

/* The disposition "invalid" as the LGR spells it: that of a §7.6 default action. */
static const char *invalid_disp(const struct ibidi_lgr *lgr)
{
    for (uint32_t i = 0; i < lgr->n_actions; i++)
        if (lgr->actions[i].is_default &&
            strcmp(lgr->strings[lgr->actions[i].disp], "invalid") == 0)
            return lgr->strings[lgr->actions[i].disp];
    return "invalid";
}

/* ---- Eligibility (RFC 7940 §8.1) --------------------------------------------------------- */

typedef struct lgr_parse {
    size_t k;                          /* entries */
    uint32_t entry[IBIDI_LGR_MAX_LABEL]; /* index in lgr->chars */
    uint8_t pos[IBIDI_LGR_MAX_LABEL];    /* position of each in the label */
} lgr_parse;

/* Divides the label into repertoire entries, the longest entry whose context rule holds
 * first at each position (§8.1). Fills res (eligible, status, offset, cp, context_rule). */
static void parse_label(const struct ibidi_lgr *lgr, const uint32_t *label, size_t n,
                        lgr_parse *pp, ibidi_lgr_result *res)
{
    res->eligible = 0;
    res->status = IBIDI_OK;
    res->offset = 0;
    res->cp = 0;
    res->context_rule = NULL;
    pp->k = 0;
    if (n == 0) {
        res->status = IBIDI_E_LGR_REPERTOIRE;
        return;
    }
    size_t p = 0;
    while (p < n) {
        uint32_t first = 0, cnt = lgr_lookup(lgr, label[p], &first);
        uint32_t failed_rule = LGR_NONE;
        int found = 0;
        for (uint32_t i = 0; i < cnt; i++) {
            const lgr_char *e = &lgr->chars[first + i];
            const uint32_t *cps = lgr_cps(lgr, &e->first, e->seq, e->len);
            if (p + e->len > n || memcmp(label + p, cps, e->len * sizeof *cps) != 0)
                continue;
            if (!context_holds(lgr, label, n, p, cps, e->len, e->when, e->not_when)) {
                if (failed_rule == LGR_NONE)
                    failed_rule = e->when != LGR_NONE ? e->when : e->not_when;
                continue;
            }
            pp->entry[pp->k] = first + i;
            pp->pos[pp->k] = (uint8_t)p;
            pp->k++;
            p += e->len;
            found = 1;
            break;
        }
        if (!found) {
            res->status = failed_rule == LGR_NONE ? IBIDI_E_LGR_REPERTOIRE : IBIDI_E_LGR_CONTEXT;
            res->offset = p;
            res->cp = label[p];
            if (failed_rule != LGR_NONE)
                res->context_rule = lgr->strings[lgr->rules[failed_rule].name];
            return;
        }
    }
    res->eligible = 1;
}

static ibidi_status check_args(const struct ibidi_lgr *lgr, const uint32_t *label, size_t n,
                               ibidi_error *err)
{
    if (!lgr || (!label && n))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (n > IBIDI_LGR_MAX_LABEL)
        return ibidi__fail(err, IBIDI_E_LGR_LABEL_TOO_LONG, IBIDI_LGR_MAX_LABEL, label[IBIDI_LGR_MAX_LABEL]);
    return IBIDI_OK;
}

static void judge(const struct ibidi_lgr *lgr, const uint32_t *label, size_t n,
                  const lgr_parse *pp, ibidi_lgr_result *res)
{
    if (!res->eligible) {
        res->disposition = invalid_disp(lgr);
        res->action = IBIDI_LGR_NO_ACTION;
        res->default_action = 0;
        res->action_comment = NULL;
        res->rule = NULL;
        res->not_match = 0;
        res->types = 0;
        res->registrable = 0;
        return;
    }
    /* RFC 7940 §8.3 and RFC 7940 §5.3.4: the types of the reflexive mappings that hold
       apply to the label */
    uint64_t types = 0;
    int only = 1;
    for (size_t i = 0; i < pp->k; i++) {
        const lgr_char *e = &lgr->chars[pp->entry[i]];
        int refl = 0;
        if (e->reflexive)
            for (uint32_t v = 0; v < e->var_count; v++) {
                const lgr_var *var = &lgr->vars[e->var_first + v];
                if (!var->reflexive)
                    continue;
                const uint32_t *cps = lgr_cps(lgr, &var->first, var->seq, var->len);
                if (!context_holds(lgr, label, n, pp->pos[i], cps, var->len, var->when,
                                   var->not_when))
                    continue;
                if (var->type != LGR_NO_TYPE)
                    types |= (uint64_t)1 << var->type;
                refl = 1;
            }
        only &= refl;
    }
    uint32_t ai = apply_actions(lgr, label, n, types, only && types);
    fill_action(lgr, ai, &res->disposition, &res->action, &res->default_action, &res->rule,
                &res->not_match, &res->action_comment);
    res->types = types;
    /* RFC 7940 §7.3: "invalid" and "blocked" labels cannot be registered */
    res->registrable = res->disposition && strcmp(res->disposition, "invalid") != 0 &&
                       strcmp(res->disposition, "blocked") != 0;
}

IBIDI_API ibidi_status ibidi_lgr_check(const ibidi_lgr *lgr, const uint32_t *label, size_t n,
                                       ibidi_lgr_result *res, ibidi_error *err)
{
    if (!res)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_status st = check_args(lgr, label, n, err);
    if (st != IBIDI_OK)
        return st;
    lgr_parse pp;
    parse_label(lgr, label, n, &pp, res);
    judge(lgr, label, n, &pp, res);
    return ibidi__ok(err);
}

/* The code points go to an ibidi_buf32 (the output buffer convention of ibidi/common.h). */
IBIDI_API ibidi_status ibidi_lgr_label_decode(const char *label, size_t len, ibidi_buf32 *out,
                                              ibidi_error *err)
{
    if (!out || (!label && len) || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    uint32_t *cps = out->data;
    const size_t cap = out->cap;
    size_t *n = &out->len;
    *n = 0;
    ibidi_status st;
    if (len >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' && label[2] == '-' &&
        label[3] == '-') {
        /* an A-label: its Punycode (RFC 3492), decoded as IDNA does (RFC 5891 §5.5) */
        ibidi_buf32 dec = {cps, cap, 0};
        st = ibidi_punycode_decode(label + 4, len - 4, 0, &dec, err);
        *n = dec.len;
        if (st == IBIDI_OK || st != IBIDI_E_BUFFER_TOO_SMALL) {
            if (st != IBIDI_OK && err)
                err->offset += 4;
            return st;
        }
    } else {
        ibidi_buf32 dec = {cps, cap, 0};
        st = ibidi_utf8_decode(label, len, &dec, err);
        *n = dec.len;
        if (st != IBIDI_E_BUFFER_TOO_SMALL)
            return st;
        /* the well-formed label's first code point beyond cap: where it starts, its value */
        size_t at = 0, next;
        uint32_t cp = 0;
        for (size_t k = 0; k < cap; k++)
            ibidi_utf8_next(label, len, &at, &cp, NULL);
        next = at;
        ibidi_utf8_next(label, len, &next, &cp, NULL);
        return ibidi__fail(err, IBIDI_E_LGR_LABEL_TOO_LONG, at, cp);
    }
    return ibidi__fail(err, IBIDI_E_LGR_LABEL_TOO_LONG, 0, 0);
}

IBIDI_API ibidi_status ibidi_lgr_check_utf8(const ibidi_lgr *lgr, const char *label,
                                            size_t len, ibidi_lgr_result *res,
                                            ibidi_error *err)
{
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
    ibidi_status st = ibidi_lgr_label_decode(label, len, &dec, err);
    if (st != IBIDI_OK)
        return st;
    return ibidi_lgr_check(lgr, cps, dec.len, res, err);
}

/* ---- Variants (RFC 7940 §8.2-§8.4) ------------------------------------------------------- */

/* The label divided into entries (§8.1), and its permutations: the product over its entries
 * of 1 + their variants (a reflexive one stands for the entry), saturating. Fails with
 * IBIDI_E_LGR_NOT_ELIGIBLE for a label that is not eligible. */
static ibidi_status parse_estimate(const struct ibidi_lgr *lgr, const uint32_t *label,
                                   size_t n, lgr_parse *pp, uint64_t *estimate,
                                   ibidi_error *err)
{
    ibidi_status st = check_args(lgr, label, n, err);
    if (st != IBIDI_OK)
        return st;
    ibidi_lgr_result res;
    parse_label(lgr, label, n, pp, &res);
    if (!res.eligible)
        return ibidi__fail(err, IBIDI_E_LGR_NOT_ELIGIBLE, res.offset, res.cp);
    uint64_t est = 1;
    for (size_t i = 0; i < pp->k; i++) {
        const lgr_char *e = &lgr->chars[pp->entry[i]];
        uint64_t choices = 1 + e->var_count - e->reflexive;
        est = est > UINT64_MAX / choices ? UINT64_MAX : est * choices;
    }
    *estimate = est;
    return IBIDI_OK;
}

IBIDI_API ibidi_status ibidi_lgr_variant_estimate(const ibidi_lgr *lgr, const uint32_t *label,
                                                  size_t n, uint64_t *estimate,
                                                  ibidi_error *err)
{
    if (!estimate)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *estimate = 0;
    lgr_parse pp;
    ibidi_status st = parse_estimate(lgr, label, n, &pp, estimate, err);
    return st != IBIDI_OK ? st : ibidi__ok(err);
}

typedef struct lgr_walk {
    const struct ibidi_lgr *lgr;
    const uint32_t *label; /* the original label */
    size_t n;
    const lgr_parse *pp;
    unsigned flags;
    uint64_t max;
    ibidi_lgr_variant_fn fn;
    void *ctx;
    ibidi_lgr_variant_summary *sum;
    uint32_t out[IBIDI_LGR_MAX_LABEL]; /* the variant label being built */
    uint32_t tmp[IBIDI_LGR_MAX_LABEL]; /* a label judged by a variant's context rule */
    int done;
} lgr_walk;

/* One complete permutation (§8.2): its disposition (§8.3), then the callback. */
static void emit(lgr_walk *w, size_t len, uint64_t types, int only)
{
    ibidi_lgr_variant_summary *s = w->sum;
    if (w->max && s->generated >= w->max) {
        s->cut = 1;
        w->done = 1;
        return;
    }
    s->generated++;
    uint32_t ai = apply_actions(w->lgr, w->out, len, types, only && types);
    ibidi_lgr_variant v;
    fill_action(w->lgr, ai, &v.disposition, &v.action, &v.default_action, &v.rule, NULL,
                NULL);
    if (v.disposition && strcmp(v.disposition, "invalid") == 0) {
        s->invalid++;
        if (!(w->flags & IBIDI_LGR_INCLUDE_INVALID))
            return; /* RFC 7940 §8.2 step 5 */
    }
    v.cps = w->out;
    v.n = len;
    v.types = types;
    v.only_variants = only && types;
    s->reported++;
    if (w->fn && w->fn(&v, w->ctx)) {
        s->stopped = 1;
        w->done = 1;
    }
}

/* Chooses the replacement of entry i, given the variant label built so far (len code
 * points): the entry itself (unless a reflexive mapping stands for it, §5.3.4), then each
 * variant whose context rule holds on the label as it is with that variant in place, the
 * rest still the original's. same: every choice so far kept the original code points. */
static void walk(lgr_walk *w, size_t i, size_t len, uint64_t types, int only, int same)
{
    const struct ibidi_lgr *lgr = w->lgr;
    if (w->done)
        return;
    if (i == w->pp->k) {
        if (!same) /* the original label is no variant of itself */
            emit(w, len, types, only);
        return;
    }
    const lgr_char *e = &lgr->chars[w->pp->entry[i]];
    size_t at = w->pp->pos[i];
    size_t rest = w->n - at - e->len; /* code points after the entry */
    if (!e->reflexive) {
        if (len + e->len <= IBIDI_LGR_MAX_LABEL) {
            memcpy(w->out + len, w->label + at, e->len * sizeof(uint32_t));
            walk(w, i + 1, len + e->len, types, 0, same);
        }
    }
    for (uint32_t v = 0; v < e->var_count && !w->done; v++) {
        const lgr_var *var = &lgr->vars[e->var_first + v];
        const uint32_t *cps = lgr_cps(lgr, &var->first, var->seq, var->len);
        if (len + var->len + rest > IBIDI_LGR_MAX_LABEL)
            continue; /* no DNS label: over 63 code points */
        if (var->when != LGR_NONE || var->not_when != LGR_NONE) {
            memcpy(w->tmp, w->out, len * sizeof(uint32_t));
            memcpy(w->tmp + len, cps, var->len * sizeof(uint32_t));
            memcpy(w->tmp + len + var->len, w->label + at + e->len, rest * sizeof(uint32_t));
            if (!context_holds(lgr, w->tmp, len + var->len + rest, len, cps, var->len,
                               var->when, var->not_when))
                continue;
        }
        memcpy(w->out + len, cps, var->len * sizeof(uint32_t));
        uint64_t t = var->type != LGR_NO_TYPE ? (uint64_t)1 << var->type : 0;
        walk(w, i + 1, len + var->len, types | t, only, same && var->reflexive);
    }
}

/* Flags, bound and callback come in an options record (at most six parameters a call);
 * NULL is no flag, no bound, no callback. */
IBIDI_API ibidi_status ibidi_lgr_variants(const ibidi_lgr *lgr, const uint32_t *label,
                                          size_t n, const ibidi_lgr_variant_options *opts,
                                          ibidi_lgr_variant_summary *summary,
                                          ibidi_error *err)
{
    static const ibidi_lgr_variant_options none = {0, 0, NULL, NULL};
    const ibidi_lgr_variant_options *o = opts ? opts : &none;
    ibidi_lgr_variant_summary local;
    ibidi_lgr_variant_summary *s = summary ? summary : &local;
    memset(s, 0, sizeof *s);
    if (o->flags & ~IBIDI_LGR_INCLUDE_INVALID)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    lgr_parse pp; /* one division of the label for the estimate and the walk */
    ibidi_status st = parse_estimate(lgr, label, n, &pp, &s->estimate, err);
    if (st != IBIDI_OK)
        return st;
    lgr_walk w;
    w.lgr = lgr;
    w.label = label;
    w.n = n;
    w.pp = &pp;
    w.flags = o->flags;
    w.max = o->max;
    w.fn = o->fn;
    w.ctx = o->ctx;
    w.sum = s;
    w.done = 0;
    walk(&w, 0, 0, 0, 1, 1);
    return ibidi__ok(err);
}

/* ---- Index label (RFC 7940 §8.5) --------------------------------------------------------- */

/* The least replacement of each way to divide the label, found from the end: best[p] is
 * the least index of label[p..n) as a head (cps, len) followed by best[next]. Comparing
 * two candidates walks both chains; no candidate is ever copied. */
typedef struct lgr_index {
    const uint32_t *head[IBIDI_LGR_MAX_LABEL + 1];
    uint8_t len[IBIDI_LGR_MAX_LABEL + 1];
    uint8_t next[IBIDI_LGR_MAX_LABEL + 1];
    uint8_t ok[IBIDI_LGR_MAX_LABEL + 1];
} lgr_index;

/* Compares head a (al code points) then chain from an with head b then chain from bn:
 * <0, 0, >0. */
static int chain_cmp(const lgr_index *x, const uint32_t *a, size_t al, size_t an,
                     const uint32_t *b, size_t bl, size_t bn, size_t n)
{
    for (;;) {
        while (!al && an < n) {
            a = x->head[an];
            al = x->len[an];
            an = x->next[an];
        }
        while (!bl && bn < n) {
            b = x->head[bn];
            bl = x->len[bn];
            bn = x->next[bn];
        }
        if (!al || !bl)
            return (al != 0) - (bl != 0);
        if (*a != *b)
            return *a < *b ? -1 : 1;
        a++, al--;
        b++, bl--;
    }
}

static int seq_less(const uint32_t *a, size_t al, const uint32_t *b, size_t bl)
{
    for (size_t i = 0; i < al && i < bl; i++)
        if (a[i] != b[i])
            return a[i] < b[i];
    return al < bl;
}

/* The index label goes to an ibidi_buf32 (the output buffer convention of ibidi/common.h). */
IBIDI_API ibidi_status ibidi_lgr_index_label(const ibidi_lgr *lgr, const uint32_t *label,
                                             size_t n, ibidi_buf32 *buf, ibidi_error *err)
{
    if (!buf || (!buf->data && buf->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    uint32_t *out = buf->data;
    const size_t cap = buf->cap;
    buf->len = 0;
    ibidi_status st = check_args(lgr, label, n, err);
    if (st != IBIDI_OK)
        return st;
    if (!lgr->info.index_possible)
        return ibidi__fail(err, IBIDI_E_LGR_NO_INDEX, 0, 0);
    lgr_parse pp;
    ibidi_lgr_result res;
    parse_label(lgr, label, n, &pp, &res);
    if (!res.eligible)
        return ibidi__fail(err, IBIDI_E_LGR_NOT_ELIGIBLE, res.offset, res.cp);

    lgr_index x;
    uint32_t tmp[IBIDI_LGR_MAX_LABEL];
    x.ok[n] = 1;
    x.len[n] = 0;
    x.next[n] = (uint8_t)n;
    x.head[n] = NULL;
    for (size_t p = n; p-- > 0;) {
        x.ok[p] = 0;
        uint32_t first = 0, cnt = lgr_lookup(lgr, label[p], &first);
        for (uint32_t i = 0; i < cnt; i++) {
            const lgr_char *e = &lgr->chars[first + i];
            const uint32_t *cps = lgr_cps(lgr, &e->first, e->seq, e->len);
            size_t q = p + e->len;
            if (q > n || !x.ok[q] || memcmp(label + p, cps, e->len * sizeof *cps) != 0)
                continue;
            /* RZ-LGR procedure: a division whose entry's context rule fails is skipped */
            if (!context_holds(lgr, label, n, p, cps, e->len, e->when, e->not_when))
                continue;
            /* the entry's index: the least of itself and its variants whose context rules
               hold with the variant in place */
            const uint32_t *least = cps;
            size_t least_len = e->len;
            for (uint32_t v = 0; v < e->var_count; v++) {
                const lgr_var *var = &lgr->vars[e->var_first + v];
                const uint32_t *vc = lgr_cps(lgr, &var->first, var->seq, var->len);
                if (var->when != LGR_NONE || var->not_when != LGR_NONE) {
                    size_t tl = p + var->len + (n - q);
                    if (tl > IBIDI_LGR_MAX_LABEL)
                        continue;
                    memcpy(tmp, label, p * sizeof *tmp);
                    memcpy(tmp + p, vc, var->len * sizeof *tmp);
                    memcpy(tmp + p + var->len, label + q, (n - q) * sizeof *tmp);
                    if (!context_holds(lgr, tmp, tl, p, vc, var->len, var->when,
                                       var->not_when))
                        continue;
                }
                if (seq_less(vc, var->len, least, least_len)) {
                    least = vc;
                    least_len = var->len;
                }
            }
            if (!x.ok[p] ||
                chain_cmp(&x, least, least_len, q, x.head[p], x.len[p], x.next[p], n) < 0) {
                x.ok[p] = 1;
                x.head[p] = least;
                x.len[p] = (uint8_t)least_len;
                x.next[p] = (uint8_t)q;
            }
        }
    }
    if (!x.ok[0])
        return ibidi__fail(err, IBIDI_E_LGR_NOT_ELIGIBLE, 0, label[0]);
    size_t total = 0;
    for (size_t p = 0; p < n; p = x.next[p]) {
        for (size_t i = 0; i < x.len[p]; i++, total++)
            if (total < cap)
                out[total] = x.head[p][i];
    }
    buf->len = total;
    if (total > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

IBIDI_API ibidi_status ibidi_lgr_index_label_utf8(const ibidi_lgr *lgr, const char *label,
                                                  size_t len, ibidi_buf *out, ibidi_error *err)
{
    uint32_t cps[IBIDI_LGR_MAX_LABEL], idx[IBIDI_LGR_MAX_INDEX];
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0}, index = {idx, IBIDI_LGR_MAX_INDEX, 0};
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    out->len = 0; /* data NULL with a capacity: the encoder refuses it, after the label */
    ibidi_status st = ibidi_lgr_label_decode(label, len, &dec, err);
    if (st != IBIDI_OK)
        return st;
    st = ibidi_lgr_index_label(lgr, cps, dec.len, &index, err);
    if (st != IBIDI_OK)
        return st;
    return ibidi_utf8_encode(idx, index.len, out, err);
}

/* ---- LGR sets ----------------------------------------------------------------------------- */

IBIDI_API ibidi_status ibidi_lgr_set_check(const ibidi_lgr *element, const ibidi_lgr *common,
                                           const uint32_t *label, size_t n,
                                           ibidi_lgr_set_result *res, ibidi_error *err)
{
    if (!res || !common)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    res->common_eligible = 0;
    res->index_len = 0;
    res->index_status = IBIDI_E_LGR_NOT_ELIGIBLE;
    ibidi_status st = ibidi_lgr_check(element, label, n, &res->element, err);
    if (st != IBIDI_OK)
        return st;
    ibidi_lgr_result cr;
    st = ibidi_lgr_check(common, label, n, &cr, err);
    if (st != IBIDI_OK)
        return st;
    res->common_eligible = cr.eligible;
    if (cr.eligible) {
        ibidi_buf32 index = {res->index, IBIDI_LGR_MAX_INDEX, 0};
        res->index_status = ibidi_lgr_index_label(common, label, n, &index, NULL);
        res->index_len = index.len;
    }
    return ibidi__ok(err);
}
