/*
 * What evaluation derives once from an LGR when it is loaded (the loader calls
 * ibidi__lgr_prepare last): per repertoire entry, whether its variants keep its length and
 * its code points are entries of their own; per action, whether its disposition is
 * "invalid"; for each rule, code points one of which a label must hold for
 * the rule to match (a 64-bit summary that lets src/lgr/eval.c skip most whole-label
 * rules of most labels: RZ-LGR-5 Arabic's sixteen no-mix rules each need one of two
 * letters), and a bound on the work of one match, so that no rule, however its references
 * and counts nest, makes a label's evaluation unbounded. Allocation happens here, at load
 * time, never in evaluation.
 */
#include <stdlib.h>
#include <string.h>

#include "lgr/lgr_internal.h"

/* Load-time preparation (ibidi__lgr_prepare): per rule, what a label must hold for it to
 * match, and the work one match may cost. Rules are prepared before the rules that refer
 * to them (the loader has refused cycles, and bounded the depth of references). */
typedef struct lgr_prep {
    struct ibidi_lgr *lgr;
    uint64_t *size;  /* per rule: nodes visited by one match, references expanded */
    uint8_t *state;  /* per rule: 0 not yet, 1 in progress, 2 done */
} lgr_prep;

static void prepare_rule(lgr_prep *pr, uint32_t rule, unsigned depth);

/* What a node needs of any label it matches: one of some code points (returns 1 and their
 * bloom bits), or nothing it can tell (0). A sequence needs what each part needs (the
 * part with the fewest code points says most); a choice what all its branches need. */
static int node_req(lgr_prep *pr, uint32_t node, uint64_t *bloom, unsigned depth)
{
    const struct ibidi_lgr *lgr = pr->lgr;
    const lgr_node *nd = &lgr->nodes[node];
    if (nd->min == 0 || depth > 4 * IBIDI_LGR_MAX_LABEL)
        return 0;
    switch ((lgr_node_kind)nd->kind) {
    case LGR_N_CHAR:
        *bloom = lgr_bloom(nd->len > 1 ? lgr->pool[nd->a] : nd->a);
        return 1;
    case LGR_N_CLASS: {
        const lgr_class *k = &lgr->classes[nd->a];
        const uint32_t *r = lgr->ranges + 2 * (size_t)k->first;
        uint64_t b = 0;
        uint32_t count = 0;
        for (uint32_t i = 0; i < k->count; i++) {
            count += r[2 * i + 1] - r[2 * i] + 1;
            if (count > 16)
                return 0; /* too many to say anything */
            for (uint32_t cp = r[2 * i]; cp <= r[2 * i + 1]; cp++)
                b |= lgr_bloom(cp);
        }
        *bloom = b;
        return count > 0;
    }
    case LGR_N_SEQ: {
        int found = 0;
        uint64_t best = 0;
        for (uint32_t i = 0; i < nd->b; i++) {
            uint64_t b;
            if (node_req(pr, lgr->kids[nd->a + i], &b, depth + 1) &&
                (!found || __builtin_popcountll(b) < __builtin_popcountll(best))) {
                best = b;
                found = 1;
            }
        }
        *bloom = best;
        return found;
    }
    case LGR_N_CHOICE: {
        uint64_t acc = 0;
        for (uint32_t i = 0; i < nd->b; i++) {
            uint64_t b;
            if (!node_req(pr, lgr->kids[nd->a + i], &b, depth + 1))
                return 0;
            acc |= b;
        }
        *bloom = acc;
        return nd->b > 0;
    }
    case LGR_N_RULE:
        prepare_rule(pr, nd->a, depth + 1);
        *bloom = lgr->rules[nd->a].req_bloom;
        return lgr->rules[nd->a].has_req;
    default:
        return 0;
    }
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
    uint64_t b = 0;
    r->has_req = (uint8_t)node_req(pr, r->node, &b, depth);
    r->req_bloom = b;
    pr->state[rule] = 2;
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
    pr.lgr = lgr;
    pr.size = malloc((lgr->n_rules ? lgr->n_rules : 1) * sizeof *pr.size);
    pr.state = calloc(lgr->n_rules ? lgr->n_rules : 1, 1);
    int rc = 0;
    if (!pr.size || !pr.state)
        rc = -2;
    for (uint32_t i = 0; i < lgr->n_rules && !rc; i++) {
        prepare_rule(&pr, i, 0);
        if (pr.size[i] >= LGR_MAX_EXPANDED) {
            *bad_rule = i;
            rc = -1;
        }
    }
    free(pr.size);
    free(pr.state);
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
