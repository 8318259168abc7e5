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
    uint64_t need; /* the rules (need_bit) the label may match (all ones: not computed) */
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
    c->need = ~(uint64_t)0;
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
    if (r->need_bit != LGR_NO_NEED && !(c->need >> r->need_bit & 1))
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

/* RFC 7940 §7.2 / §8.3: the first action whose conditions hold for a label with the variant
 * types given. With plain not NULL, also the first one that holds for the label with no
 * variant type at all (only an action without a variant condition can), which says whether
 * the label is eligible in itself (§8.1, last paragraph: no action may make it invalid),
 * or LGR_NONE when no action that could is left: both come from one pass, each rule
 * matched at most once. */
static uint32_t apply_actions(const struct ibidi_lgr *lgr, const uint32_t *label, size_t n,
                              uint64_t types, int only_variants, uint32_t *plain)
{
    lgr_ctx c;
    ctx_init(&c, lgr, label, n);
    int need_known = 0; /* c.need is computed for the first action with a rule */
    uint32_t typed = LGR_NONE;
    for (uint32_t i = 0; i < lgr->n_actions; i++) {
        const lgr_action *a = &lgr->actions[i];
        switch ((lgr_action_kind)a->kind) {
        case LGR_A_NONE:
            break;
        case LGR_A_ANY_VARIANT: /* any variant type in the set */
            if (typed != LGR_NONE || !(types & a->types))
                continue;
            break;
        case LGR_A_ALL_VARIANTS: /* every variant type of the label is in the set */
            if (typed != LGR_NONE || !types || (types & ~a->types))
                continue;
            break;
        case LGR_A_ONLY_VARIANTS: /* ... and every code point is from a variant mapping */
            if (typed != LGR_NONE || !only_variants || !types || (types & ~a->types))
                continue;
            break;
        }
        if (!need_known && (a->match != LGR_NONE || a->not_match != LGR_NONE)) {
            c.need = lgr_need_mask(lgr, label, n);
            need_known = 1;
        }
        if (a->match != LGR_NONE && !rule_matches(&c, a->match))
            continue;
        if (a->not_match != LGR_NONE && rule_matches(&c, a->not_match))
            continue;
        if (typed == LGR_NONE) {
            typed = i;
            if (plain && (lgr->last_plain_invalid == LGR_NONE || i > lgr->last_plain_invalid)) {
                /* no later action can make the label invalid without its types: whichever
                   holds first says what the types do not change */
                *plain = LGR_NONE;
                return typed;
            }
        }
        if (!plain)
            return typed;
        if (a->kind == LGR_A_NONE) { /* holds whatever the types: the plain answer too */
            *plain = i;
            return typed;
        }
    }
    if (plain) /* unreachable: the RFC 7940 §7.6 catch-all holds for every label */
        *plain = typed;
    return typed;
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
    uint32_t ai = apply_actions(lgr, label, n, types, only && types, NULL);
    fill_action(lgr, ai, &res->disposition, &res->action, &res->default_action, &res->rule,
                &res->not_match, &res->action_comment);
    res->types = types;
    if (ai != LGR_NONE && lgr->actions[ai].invalid) {
        /* RFC 7940 §8.1.1 (and §8.1, last paragraph): a label that an action makes
           "invalid", the types of its reflexive mappings counted, is not eligible */
        res->eligible = 0;
        res->status = IBIDI_E_LGR_INVALID_DISPOSITION;
    }
    /* RFC 7940 §7.3: "invalid" and "blocked" labels cannot be registered */
    res->registrable = res->eligible && res->disposition &&
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

/* Every way the label divides into repertoire entries (RFC 7940 §8.2: "all eligible
 * partitions into sequences must be evaluated"): at each position p, the entries that spell
 * the label there, whose when / not-when rule holds in it, and after which the rest divides
 * too. Entries that spell the label at one position differ in length, so bit L of lens[p]
 * names the one of L code points among the run of entries that start with label[p]
 * (first[p], count[p]). est[p]: the permutations of label[p..n) over every division;
 * ways[p]: its divisions (both saturating). */
typedef struct lgr_division {
    uint64_t lens[IBIDI_LGR_MAX_LABEL];
    uint32_t first[IBIDI_LGR_MAX_LABEL];
    uint32_t count[IBIDI_LGR_MAX_LABEL];
    uint64_t est[IBIDI_LGR_MAX_LABEL + 1];
    uint64_t ways[IBIDI_LGR_MAX_LABEL + 1];
    int uniform; /* every entry keeps its length under its variants */
} lgr_division;

/* The entry of the run at p that is part of a division, or NULL. */
static const lgr_char *division_entry(const struct ibidi_lgr *lgr, const lgr_division *d,
                                      const uint32_t *label, size_t p, uint32_t i)
{
    const lgr_char *e = &lgr->chars[d->first[p] + i];
    if (!(d->lens[p] >> e->len & 1))
        return NULL;
    const uint32_t *cps = lgr_cps(lgr, &e->first, e->seq, e->len);
    return memcmp(label + p, cps, e->len * sizeof *cps) == 0 ? e : NULL;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* The label's divisions, for an eligible label (§8.1, §8.1.1: a label that is not eligible
 * has no variants, §8.2 step 6); IBIDI_E_LGR_NOT_ELIGIBLE otherwise. */
static ibidi_status divide(const struct ibidi_lgr *lgr, const uint32_t *label, size_t n,
                           lgr_division *d, ibidi_error *err)
{
    ibidi_status st = check_args(lgr, label, n, err);
    if (st != IBIDI_OK)
        return st;
    lgr_parse pp;
    ibidi_lgr_result res;
    parse_label(lgr, label, n, &pp, &res);
    if (res.eligible)
        judge(lgr, label, n, &pp, &res);
    if (!res.eligible)
        return ibidi__fail(err, IBIDI_E_LGR_NOT_ELIGIBLE, res.offset, res.cp);
    d->est[n] = 1;
    d->ways[n] = 1;
    d->uniform = 1;
    for (size_t p = n; p-- > 0;) {
        uint32_t first = 0, cnt = lgr_lookup(lgr, label[p], &first);
        uint64_t est = 0, ways = 0;
        d->first[p] = first;
        d->count[p] = cnt;
        d->lens[p] = 0;
        for (uint32_t i = 0; i < cnt; i++) {
            const lgr_char *e = &lgr->chars[first + i];
            const uint32_t *cps = lgr_cps(lgr, &e->first, e->seq, e->len);
            size_t q = p + e->len;
            if (q > n || !d->ways[q] || memcmp(label + p, cps, e->len * sizeof *cps) != 0)
                continue;
            if (!context_holds(lgr, label, n, p, cps, e->len, e->when, e->not_when))
                continue;
            d->lens[p] |= (uint64_t)1 << e->len;
            est = sat_add(est, sat_mul(1 + e->var_count - e->reflexive, d->est[q]));
            ways = sat_add(ways, d->ways[q]);
            d->uniform &= e->uniform;
        }
        d->est[p] = est;
        d->ways[p] = ways;
    }
    return IBIDI_OK;
}

IBIDI_API ibidi_status ibidi_lgr_variant_estimate(const ibidi_lgr *lgr, const uint32_t *label,
                                                  size_t n, uint64_t *estimate,
                                                  ibidi_error *err)
{
    if (!estimate)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *estimate = 0;
    lgr_division d;
    ibidi_status st = divide(lgr, label, n, &d, err);
    if (st != IBIDI_OK)
        return st;
    *estimate = d.est[0];
    return ibidi__ok(err);
}

/* A derivation of a variant label: per entry of a division, the entry and what replaced it
 * (0 the entry itself, v + 1 its variant v). */
typedef struct lgr_path {
    uint32_t entry[IBIDI_LGR_MAX_LABEL];
    uint32_t choice[IBIDI_LGR_MAX_LABEL];
    size_t k;
} lgr_path;

/* One level of the walk over the permutations: where it is in the label (p) and in the
 * variant label built (len), the variant types and flags so far, and which entry (i) and
 * choice (c: 0 the entry, v + 1 its variant v) it tries next. */
typedef struct lgr_step {
    size_t p, len;
    uint64_t types;
    uint32_t i, c;
    uint8_t only, same, free;
} lgr_step;

/* One level of the search of first_derivation: where it is in the label (p) and in the
 * label it spells (j), and which entry (i) and choice (c: 0 the entry, v + 1 its variant
 * v) it tries next. */
typedef struct lgr_level {
    size_t p, j;
    uint32_t i, c;
} lgr_level;

typedef struct lgr_walk {
    const struct ibidi_lgr *lgr;
    const uint32_t *label; /* the original label */
    size_t n;
    const lgr_division *d;
    unsigned flags;
    uint64_t max;
    ibidi_lgr_variant_fn fn;
    void *ctx;
    ibidi_lgr_variant_summary *sum;
    int dups;              /* two derivations may spell one label: each is checked (§8.4) */
    lgr_path path;         /* the derivation being built */
    lgr_path first;        /* §8.4: the first derivation of a label, when dups */
    lgr_level level[IBIDI_LGR_MAX_LABEL + 1]; /* first_derivation's search */
    lgr_step step[IBIDI_LGR_MAX_LABEL + 1];   /* the walk's */
    uint64_t fail[IBIDI_LGR_MAX_LABEL + 1]; /* bit j of fail[p]: label[p..n) cannot spell
                                               the rest of the label from its index j */
    uint32_t out[IBIDI_LGR_MAX_LABEL]; /* the variant label being built */
    uint32_t tmp[IBIDI_LGR_MAX_LABEL]; /* a label judged by a variant's context rule */
    int done;
} lgr_walk;

/* §8.2 step 2: the variant var of the entry at p (ending at q) may replace it in a label
 * whose first j code points are pre: its when / not-when rule holds on pre, the variant,
 * then the rest of the original label. */
static int variant_fits(lgr_walk *w, const uint32_t *pre, size_t j, const lgr_var *var,
                        const uint32_t *cps, size_t q)
{
    const size_t rest = w->n - q;
    if (j + var->len + rest > IBIDI_LGR_MAX_LABEL)
        return 0; /* no DNS label: over 63 code points */
    if (var->when == LGR_NONE && var->not_when == LGR_NONE)
        return 1;
    if (pre != w->tmp)
        memcpy(w->tmp, pre, j * sizeof(uint32_t));
    memcpy(w->tmp + j, cps, var->len * sizeof(uint32_t));
    memcpy(w->tmp + j + var->len, w->label + q, rest * sizeof(uint32_t));
    return context_holds(w->lgr, w->tmp, j + var->len + rest, j, cps, var->len, var->when,
                         var->not_when);
}

/* §8.4: the first derivation, in the order of the walk, that spells t (tl code points), into
 * w->first: 1 when there is one. A depth-first search over (position in the label, index
 * in t), each level's cursor kept in w->level rather than on the stack (a label has up to
 * 63 entries, and the walk that asks is already that deep); w->fail remembers the (p, j)
 * from which the rest of t cannot be spelt. */
static int first_derivation(lgr_walk *w, const uint32_t *t, size_t tl)
{
    const struct ibidi_lgr *lgr = w->lgr;
    const lgr_division *d = w->d;
    size_t depth = 0;
    w->level[0] = (lgr_level){0, 0, 0, 0};
    for (;;) {
        lgr_level *lv = &w->level[depth];
        int pushed = 0;
        if (lv->p == w->n) {
            if (lv->j == tl) {
                w->first.k = depth;
                return 1;
            }
        } else if (!(w->fail[lv->p] >> lv->j & 1)) {
            while (!pushed && lv->i < d->count[lv->p]) {
                const lgr_char *e = division_entry(lgr, d, w->label, lv->p, lv->i);
                if (!e || lv->c > e->var_count) { /* the next entry */
                    lv->i++;
                    lv->c = 0;
                    continue;
                }
                const uint32_t c = lv->c++;
                const size_t q = lv->p + e->len;
                size_t used;
                if (c == 0) { /* the entry itself, unless a reflexive mapping stands for it */
                    used = e->len;
                    if (e->reflexive || lv->j + used > tl ||
                        lv->j + used + (w->n - q) > IBIDI_LGR_MAX_LABEL ||
                        memcmp(t + lv->j, w->label + lv->p, used * sizeof *t) != 0)
                        continue;
                } else {
                    const lgr_var *var = &lgr->vars[e->var_first + c - 1];
                    const uint32_t *cps = lgr_cps(lgr, &var->first, var->seq, var->len);
                    used = var->len;
                    if (lv->j + used > tl || memcmp(t + lv->j, cps, used * sizeof *t) != 0 ||
                        !variant_fits(w, t, lv->j, var, cps, q))
                        continue;
                }
                w->first.entry[depth] = d->first[lv->p] + lv->i;
                w->first.choice[depth] = c;
                w->level[depth + 1] = (lgr_level){q, lv->j + used, 0, 0};
                pushed = 1;
            }
            if (!pushed)
                w->fail[lv->p] |= (uint64_t)1 << lv->j;
        }
        if (pushed) {
            depth++;
            continue;
        }
        if (depth == 0)
            return 0;
        depth--;
    }
}

/* The variant types of a derivation, and whether every code point came from a variant
 * mapping (§8.2 step 3, §7.2). */
static uint64_t path_types(const struct ibidi_lgr *lgr, const lgr_path *path, int *only)
{
    uint64_t types = 0;
    *only = 1;
    for (size_t i = 0; i < path->k; i++) {
        if (!path->choice[i]) {
            *only = 0;
            continue;
        }
        const lgr_char *e = &lgr->chars[path->entry[i]];
        const lgr_var *var = &lgr->vars[e->var_first + path->choice[i] - 1];
        if (var->type != LGR_NO_TYPE)
            types |= (uint64_t)1 << var->type;
    }
    return types;
}

/* §8.3 for a variant label t: 1 with the deciding action in *ai when its disposition is not
 * "invalid"; 0 when it is, *ai the action that made it so, or LGR_NONE when a code point of
 * it is outside the repertoire or out of its context (§8.3 step 1: every code point of the
 * variant label, those the variants left in place included, must satisfy its when /
 * not-when rule in the variant label). */
static int judge_variant(const struct ibidi_lgr *lgr, const uint32_t *t, size_t tl,
                         uint64_t types, int only, int free, uint32_t *ai)
{
    if (!free) { /* free: every code point an entry of its own without a context rule */
        lgr_parse pp;
        ibidi_lgr_result res;
        parse_label(lgr, t, tl, &pp, &res);
        if (!res.eligible) {
            *ai = LGR_NONE;
            return 0;
        }
    }
    uint32_t plain = LGR_NONE; /* stays LGR_NONE when it cannot be "invalid" */
    uint32_t typed = apply_actions(lgr, t, tl, types, only && types, &plain);
    if (plain != LGR_NONE && lgr->actions[plain].invalid) {
        /* §8.1 (last paragraph), applied to the variant label as to any label */
        *ai = plain;
        return 0;
    }
    *ai = typed;
    return typed != LGR_NONE && !lgr->actions[typed].invalid;
}

/* Hands a judged variant label to the callback (or counts it). */
static void report(lgr_walk *w, size_t len, uint64_t types, int only, uint32_t ai, int valid,
                   int conflict)
{
    ibidi_lgr_variant_summary *s = w->sum;
    ibidi_lgr_variant v;
    if (!valid) {
        s->invalid++;
        if (!(w->flags & IBIDI_LGR_INCLUDE_INVALID))
            return; /* RFC 7940 §8.2 step 5 */
    }
    if (ai != LGR_NONE) {
        fill_action(w->lgr, ai, &v.disposition, &v.action, &v.default_action, &v.rule, NULL,
                    NULL);
    } else { /* §8.3 step 1 */
        v.disposition = invalid_disp(w->lgr);
        v.action = IBIDI_LGR_NO_ACTION;
        v.default_action = 0;
        v.rule = NULL;
    }
    v.cps = w->out;
    v.n = len;
    v.types = types;
    v.only_variants = only && types;
    v.conflict = conflict;
    s->reported++;
    if (w->fn && w->fn(&v, w->ctx)) {
        s->stopped = 1;
        w->done = 1;
    }
}

/* One complete permutation (§8.2): once per label (§8.4), its disposition (§8.3), then the
 * callback. */
static void emit(lgr_walk *w, size_t len, uint64_t types, int only, int free)
{
    ibidi_lgr_variant_summary *s = w->sum;
    if (w->dups && len == w->n && memcmp(w->out, w->label, len * sizeof *w->out) == 0)
        return; /* the original label, spelt by another division */
    if (w->max && s->generated >= w->max) {
        s->cut = 1;
        w->done = 1;
        return;
    }
    s->generated++;
    uint32_t ai;
    if (w->dups) {
        memset(w->fail, 0, sizeof w->fail);
        w->first.k = 0;
        (void)first_derivation(w, w->out, len); /* finds this one at the latest */
        if (w->first.k != w->path.k ||
            memcmp(w->first.entry, w->path.entry, w->path.k * sizeof *w->path.entry) != 0 ||
            memcmp(w->first.choice, w->path.choice, w->path.k * sizeof *w->path.choice) != 0) {
            /* RFC 7940 §8.4: a label already derived; an error of the LGR when the two
               derivations give it different dispositions */
            s->duplicates++;
            int first_only;
            uint64_t first_types = path_types(w->lgr, &w->first, &first_only);
            if (first_types == types && first_only == only)
                return;
            uint32_t fa;
            int first_valid =
                judge_variant(w->lgr, w->out, len, first_types, first_only, free, &fa);
            int valid = judge_variant(w->lgr, w->out, len, types, only, free, &ai);
            const char *a = first_valid ? w->lgr->strings[w->lgr->actions[fa].disp] : NULL;
            const char *b = valid ? w->lgr->strings[w->lgr->actions[ai].disp] : NULL;
            if (a == b || (a && b && strcmp(a, b) == 0))
                return;
            s->conflicts++;
            report(w, len, types, only, ai, valid, 1);
            return;
        }
    }
    int valid = judge_variant(w->lgr, w->out, len, types, only, free, &ai);
    report(w, len, types, only, ai, valid, 0);
}

/* Every permutation of every division, depth first: at each level, the replacement of the
 * entry at position p, given the variant label built so far (len code points): the entry
 * itself (unless a reflexive mapping stands for it, §5.3.4), then each variant whose
 * context rule holds on the label as it is with that variant in place, the rest still the
 * original's. A level's state (lgr_step) is kept in w->step, not on the stack: a label has
 * up to 63 entries. same: every choice so far kept the original code points; free: every
 * code point so far is free (lgr_var.free). */
static void walk(lgr_walk *w)
{
    const struct ibidi_lgr *lgr = w->lgr;
    const lgr_division *d = w->d;
    size_t depth = 0;
    w->step[0] = (lgr_step){0, 0, 0, 0, 0, 1, 1, 1};
    w->path.k = 0;
    while (!w->done) {
        lgr_step *f = &w->step[depth];
        int pushed = 0;
        if (f->p == w->n) {
            if (!f->same) /* the original label is no variant of itself */
                emit(w, f->len, f->types, f->only, f->free);
        } else {
            while (!pushed && f->i < d->count[f->p]) {
                const lgr_char *e = division_entry(lgr, d, w->label, f->p, f->i);
                if (!e || f->c > e->var_count) { /* the next entry */
                    f->i++;
                    f->c = 0;
                    continue;
                }
                const uint32_t c = f->c++;
                const size_t q = f->p + e->len;
                lgr_step *g = &w->step[depth + 1];
                if (c == 0) {
                    if (e->reflexive || f->len + e->len + (w->n - q) > IBIDI_LGR_MAX_LABEL)
                        continue;
                    memcpy(w->out + f->len, w->label + f->p, e->len * sizeof(uint32_t));
                    *g = (lgr_step){q, f->len + e->len, f->types, 0, 0, 0, f->same,
                                    (uint8_t)(f->free && e->free)};
                } else {
                    const lgr_var *var = &lgr->vars[e->var_first + c - 1];
                    const uint32_t *cps = lgr_cps(lgr, &var->first, var->seq, var->len);
                    if (!variant_fits(w, w->out, f->len, var, cps, q))
                        continue;
                    memcpy(w->out + f->len, cps, var->len * sizeof(uint32_t));
                    const uint64_t t = var->type != LGR_NO_TYPE ? (uint64_t)1 << var->type : 0;
                    *g = (lgr_step){q, f->len + var->len, f->types | t, 0, 0, f->only,
                                    (uint8_t)(f->same && var->reflexive),
                                    (uint8_t)(f->free && var->free)};
                }
                w->path.entry[depth] = d->first[f->p] + f->i;
                w->path.choice[depth] = c;
                w->path.k = depth + 1;
                pushed = 1;
            }
        }
        if (pushed) {
            depth++;
            continue;
        }
        if (depth == 0)
            break;
        depth--;
        w->path.k = depth;
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
    lgr_division d;
    ibidi_status st = divide(lgr, label, n, &d, err);
    if (st != IBIDI_OK)
        return st;
    s->estimate = d.est[0];
    lgr_walk w;
    w.lgr = lgr;
    w.label = label;
    w.n = n;
    w.d = &d;
    w.flags = o->flags;
    w.max = o->max;
    w.fn = o->fn;
    w.ctx = o->ctx;
    w.sum = s;
    /* one division whose entries keep their lengths: two derivations differ at some entry,
       in place, so they never spell the same label */
    w.dups = d.ways[0] > 1 || !d.uniform;
    w.done = 0;
    walk(&w);
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
    /* RFC 7940 §8.1.1: a label an action makes invalid keeps its index label, and still
       collides through it */
    if (cr.eligible || cr.status == IBIDI_E_LGR_INVALID_DISPOSITION) {
        ibidi_buf32 index = {res->index, IBIDI_LGR_MAX_INDEX, 0};
        res->index_status = ibidi_lgr_index_label(common, label, n, &index, NULL);
        res->index_len = index.len;
    }
    return ibidi__ok(err);
}
