/*
 * What evaluation derives once from an LGR when it is loaded (the loader calls
 * ibidi__lgr_prepare last):
 *   - a bound on the work of one match of each rule, so that no rule, however its
 *     references and counts nest, makes a label's evaluation unbounded;
 *   - for each rule an action names (RFC 7940 §7.2), the code points one of which a label
 *     must hold for the rule to match, gathered into a partition of the code space: a label
 *     then tells in one pass which of those rules it cannot match (RZ-LGR-5's common LGR
 *     has forty whole-label rules, of Arabic, Myanmar, Korean, Khmer..., and a label of one
 *     script can match only a few of them; each variant label is judged by all of them);
 *   - per repertoire entry, whether its variants keep its length; per action, whether its
 *     disposition is "invalid".
 * Allocation happens here, at load time, never in evaluation.
 */
#include <stdlib.h>
#include <string.h>

#include "lgr/lgr_internal.h"

/* A set of code points: sorted, disjoint inclusive ranges (lo, hi pairs, n of them), and
 * how many code points it holds. */
typedef struct cpset {
    uint32_t *r;
    size_t n;
    uint64_t count;
} cpset;

/* Load-time preparation: per rule, the work one match may cost and what a label must hold
 * for it to match. Rules are prepared before the rules that refer to them (the loader has
 * refused cycles, and bounded the depth of references). */
typedef struct lgr_prep {
    struct ibidi_lgr *lgr;
    uint64_t *size;  /* per rule: nodes visited by one match, references expanded */
    uint8_t *state;  /* per rule: 0 not yet, 1 in progress, 2 done */
    cpset *need;     /* per rule: its need (known[rule]) */
    int8_t *known;   /* per rule: 1 known, 0 nothing can be told, -1 not computed yet */
    int nomem;
} lgr_prep;

static void prepare_rule(lgr_prep *pr, uint32_t rule, unsigned depth);

static int cmp_u32(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int cmp_range(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* Sorts and merges the ranges of s, then counts its code points. */
static void cpset_normalize(cpset *s)
{
    if (s->n > 1)
        qsort(s->r, s->n, 2 * sizeof *s->r, cmp_range);
    size_t m = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (m && s->r[2 * i] <= s->r[2 * m - 1] + 1) {
            if (s->r[2 * i + 1] > s->r[2 * m - 1])
                s->r[2 * m - 1] = s->r[2 * i + 1];
            continue;
        }
        s->r[2 * m] = s->r[2 * i];
        s->r[2 * m + 1] = s->r[2 * i + 1];
        m++;
    }
    s->n = m;
    s->count = 0;
    for (size_t i = 0; i < m; i++)
        s->count += (uint64_t)s->r[2 * i + 1] - s->r[2 * i] + 1;
}

/* Appends the ranges of b to a; 0, or -1 without memory. */
static int cpset_add(cpset *a, const uint32_t *r, size_t n)
{
    uint32_t *g = realloc(a->r, (a->n + n + 1) * 2 * sizeof *g);
    if (!g)
        return -1;
    a->r = g;
    memcpy(a->r + 2 * a->n, r, n * 2 * sizeof *r);
    a->n += n;
    return 0;
}

/* What a node needs of any label it matches: one of the code points of *out (returns 1),
 * or nothing it can tell (0; also without memory, pr->nomem set). A sequence needs what
 * each of its parts needs (the part with the fewest code points says most); a choice what
 * all its branches need together; a class its code points; a code point or sequence its
 * first code point. A node that may match nothing (count 0), anchors, look-around, start,
 * end and any tell nothing. */
static int node_need(lgr_prep *pr, uint32_t node, unsigned depth, cpset *out)
{
    const struct ibidi_lgr *lgr = pr->lgr;
    const lgr_node *nd = &lgr->nodes[node];
    out->r = NULL;
    out->n = 0;
    out->count = 0;
    if (nd->min == 0 || depth > 4 * IBIDI_LGR_MAX_LABEL || pr->nomem)
        return 0;
    switch ((lgr_node_kind)nd->kind) {
    case LGR_N_CHAR: {
        uint32_t cp = nd->len > 1 ? lgr->pool[nd->a] : nd->a;
        uint32_t r[2] = {cp, cp};
        if (cpset_add(out, r, 1) < 0)
            break;
        cpset_normalize(out);
        return 1;
    }
    case LGR_N_CLASS: {
        const lgr_class *k = &lgr->classes[nd->a];
        if (!k->count || cpset_add(out, lgr->ranges + 2 * (size_t)k->first, k->count) < 0)
            break;
        cpset_normalize(out);
        return 1;
    }
    case LGR_N_SEQ: {
        int found = 0;
        for (uint32_t i = 0; i < nd->b; i++) {
            cpset s;
            if (!node_need(pr, lgr->kids[nd->a + i], depth + 1, &s))
                continue;
            if (!found || s.count < out->count) {
                free(out->r);
                *out = s;
                found = 1;
            } else {
                free(s.r);
            }
        }
        return found;
    }
    case LGR_N_CHOICE:
        for (uint32_t i = 0; i < nd->b; i++) {
            cpset s;
            if (!node_need(pr, lgr->kids[nd->a + i], depth + 1, &s)) {
                free(out->r);
                out->r = NULL;
                return 0;
            }
            int bad = cpset_add(out, s.r, s.n);
            free(s.r);
            if (bad < 0) {
                pr->nomem = 1;
                free(out->r);
                out->r = NULL;
                return 0;
            }
        }
        if (!nd->b)
            return 0;
        cpset_normalize(out);
        return 1;
    case LGR_N_RULE:
        prepare_rule(pr, nd->a, depth + 1);
        if (pr->known[nd->a] != 1)
            return 0;
        if (cpset_add(out, pr->need[nd->a].r, pr->need[nd->a].n) < 0)
            break;
        out->count = pr->need[nd->a].count;
        return 1;
    default:
        return 0;
    }
    pr->nomem = 1; /* only the failed allocations come here */
    free(out->r);
    out->r = NULL;
    return 0;
}

/* The nodes a match of the node visits, references expanded, saturating at
 * LGR_MAX_EXPANDED. */
static uint64_t node_size(lgr_prep *pr, uint32_t node, unsigned depth)
{
    const struct ibidi_lgr *lgr = pr->lgr;
    const lgr_node *nd = &lgr->nodes[node];
    uint64_t inner = 1;
    if (depth > 4 * IBIDI_LGR_MAX_LABEL)
        return LGR_MAX_EXPANDED;
    switch ((lgr_node_kind)nd->kind) {
    case LGR_N_SEQ:
    case LGR_N_CHOICE:
    case LGR_N_LOOK_AHEAD:
    case LGR_N_LOOK_BEHIND:
        for (uint32_t i = 0; i < nd->b && inner < LGR_MAX_EXPANDED; i++)
            inner += node_size(pr, lgr->kids[nd->a + i], depth + 1);
        break;
    case LGR_N_RULE:
        prepare_rule(pr, nd->a, depth + 1);
        inner += pr->size[nd->a];
        break;
    default:
        break;
    }
    /* a count repeats the node: min times, then until no new position appears (at most
       one more time per position of a label) */
    uint64_t times = (nd->min == 1 && nd->max == 1) ? 1 : (uint64_t)nd->min + IBIDI_LGR_MAX_LABEL + 2;
    if (nd->kind == LGR_N_ANY)
        times = 1; /* counted any is a shift (match_node) */
    if (nd->kind == LGR_N_LOOK_AHEAD)
        times *= IBIDI_LGR_MAX_LABEL + 1; /* its children run once per position */
    uint64_t size = inner * times;
    return size < LGR_MAX_EXPANDED ? size : LGR_MAX_EXPANDED;
}

static void prepare_rule(lgr_prep *pr, uint32_t rule, unsigned depth)
{
    if (pr->state[rule])
        return; /* done, or in progress: only through a cycle, which the loader refused */
    pr->state[rule] = 1;
    lgr_rule *r = &pr->lgr->rules[rule];
    pr->size[rule] = node_size(pr, r->node, depth);
    pr->known[rule] = (int8_t)node_need(pr, r->node, depth, &pr->need[rule]);
    pr->state[rule] = 2;
}

/* The interval of the partition (lo, m starts, the first 0) that holds cp. */
static size_t interval_of(const uint32_t *lo, size_t m, uint32_t cp)
{
    size_t a = 0, b = m; /* lo[a] <= cp < lo[b] */
    while (b - a > 1) {
        size_t mid = a + (b - a) / 2;
        if (lo[mid] <= cp)
            a = mid;
        else
            b = mid;
    }
    return a;
}

/* The partition of the code space by the needs of the rules actions name (RFC 7940 §7.2):
 * bit b of need_mask[k] when the code points from need_lo[k] to need_lo[k + 1] - 1 are in
 * the need of the rule whose need_bit is b. At most 64 rules get a bit; the others are
 * always matched. Returns 0, -1 without memory. */
static int build_partition(lgr_prep *pr)
{
    struct ibidi_lgr *lgr = pr->lgr;
    unsigned bits = 0;
    size_t nb = 0;
    for (uint32_t i = 0; i < lgr->n_rules; i++)
        lgr->rules[i].need_bit = LGR_NO_NEED;
    for (uint32_t i = 0; i < lgr->n_actions; i++) {
        const uint32_t rs[2] = {lgr->actions[i].match, lgr->actions[i].not_match};
        for (int j = 0; j < 2; j++) {
            if (rs[j] == LGR_NONE || pr->known[rs[j]] != 1 || bits == 64 ||
                lgr->rules[rs[j]].need_bit != LGR_NO_NEED)
                continue;
            lgr->rules[rs[j]].need_bit = (uint8_t)bits++;
            nb += 2 * pr->need[rs[j]].n;
        }
    }
    uint32_t *lo = malloc((nb + 1) * sizeof *lo);
    if (!lo)
        return -1;
    size_t n = 0;
    lo[n++] = 0;
    for (uint32_t i = 0; i < lgr->n_rules; i++) {
        if (lgr->rules[i].need_bit == LGR_NO_NEED)
            continue;
        const cpset *s = &pr->need[i];
        for (size_t k = 0; k < s->n; k++) {
            lo[n++] = s->r[2 * k];
            if (s->r[2 * k + 1] < 0x10FFFF)
                lo[n++] = s->r[2 * k + 1] + 1;
        }
    }
    qsort(lo, n, sizeof *lo, cmp_u32);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!m || lo[i] != lo[m - 1])
            lo[m++] = lo[i];
    uint64_t *mask = calloc(m, sizeof *mask);
    if (!mask) {
        free(lo);
        return -1;
    }
    for (uint32_t i = 0; i < lgr->n_rules; i++) {
        if (lgr->rules[i].need_bit == LGR_NO_NEED)
            continue;
        const cpset *s = &pr->need[i];
        const uint64_t bit = (uint64_t)1 << lgr->rules[i].need_bit;
        for (size_t k = 0; k < s->n; k++) {
            size_t from = interval_of(lo, m, s->r[2 * k]);
            size_t to = s->r[2 * k + 1] < 0x10FFFF ? interval_of(lo, m, s->r[2 * k + 1] + 1) : m;
            for (size_t j = from; j < to; j++)
                mask[j] |= bit;
        }
    }
    uint32_t *block = malloc((0x1100 + 1) * sizeof *block);
    if (!block) {
        free(lo);
        free(mask);
        return -1;
    }
    for (uint32_t b = 0; b <= 0x1100; b++)
        block[b] = (uint32_t)interval_of(lo, m, b < 0x1100 ? b << 8 : 0x10FFFF);
    lgr->need_lo = lo;
    lgr->need_mask = mask;
    lgr->need_block = block;
    lgr->n_need = (uint32_t)m;
    return 0;
}

/* Whether each code point is a repertoire entry of its own without a when / not-when
 * rule. */
static uint8_t cps_free(const struct ibidi_lgr *lgr, const uint32_t *cps, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t first = 0, cnt = lgr_lookup(lgr, cps[i], &first);
        int found = 0;
        for (uint32_t k = 0; k < cnt && !found; k++) {
            const lgr_char *e = &lgr->chars[first + k];
            found = e->len == 1 && e->when == LGR_NONE && e->not_when == LGR_NONE;
        }
        if (!found)
            return 0;
    }
    return 1;
}

int ibidi__lgr_prepare(struct ibidi_lgr *lgr, uint32_t *bad_rule)
{
    lgr_prep pr;
    const size_t nr = lgr->n_rules ? lgr->n_rules : 1;
    pr.lgr = lgr;
    pr.size = malloc(nr * sizeof *pr.size);
    pr.state = calloc(nr, 1);
    pr.need = calloc(nr, sizeof *pr.need);
    pr.known = calloc(nr, 1);
    pr.nomem = 0;
    int rc = 0;
    if (!pr.size || !pr.state || !pr.need || !pr.known)
        rc = -2;
    for (uint32_t i = 0; i < lgr->n_rules && !rc; i++) {
        prepare_rule(&pr, i, 0);
        if (pr.size[i] >= LGR_MAX_EXPANDED) {
            *bad_rule = i;
            rc = -1;
        }
    }
    if (!rc && (pr.nomem || build_partition(&pr) < 0))
        rc = -2;
    if (pr.need)
        for (uint32_t i = 0; i < lgr->n_rules; i++)
            free(pr.need[i].r);
    free(pr.size);
    free(pr.state);
    free(pr.need);
    free(pr.known);
    /* RFC 7940 §8.2: an entry whose variants all keep its length cannot make two
       permutations of one division spell the same label (src/lgr/eval.c needs no check);
       §8.3 step 1: a variant label made of free code points needs no new division */
    for (uint32_t i = 0; i < lgr->n_chars; i++) {
        lgr_char *e = &lgr->chars[i];
        e->uniform = 1;
        e->free = cps_free(lgr, lgr_cps(lgr, &e->first, e->seq, e->len), e->len);
        for (uint32_t v = 0; v < e->var_count; v++) {
            lgr_var *var = &lgr->vars[e->var_first + v];
            if (var->len != e->len)
                e->uniform = 0;
            var->free = cps_free(lgr, lgr_cps(lgr, &var->first, var->seq, var->len), var->len);
        }
    }
    /* RFC 7940 §7.3, §8.1: evaluation asks of each action whether it makes a label invalid */
    lgr->last_plain_invalid = LGR_NONE;
    for (uint32_t i = 0; i < lgr->n_actions; i++) {
        lgr_action *a = &lgr->actions[i];
        a->invalid = (uint8_t)(strcmp(lgr->strings[a->disp], "invalid") == 0);
        if (a->invalid && a->kind == LGR_A_NONE)
            lgr->last_plain_invalid = i;
    }
    return rc;
}
