/*
 * Fuzz target for the LGR loader (RFC 7940; include/ibidi/lgr.h). The input is an LGR
 * document, loaded with small limits (64 KiB, 4096 elements, 65536 entries, depth 24):
 *  - a refusal is an LGR status (or NOMEM) that the diagnostic repeats, with a message of
 *    one line, and no LGR;
 *  - a document that loads gives the same figures when loaded again, and a compiled model
 *    that evaluation can trust: the repertoire sorted by first code point (longer
 *    sequences first) and every entry found through lgr_lookup; variants, kids, classes,
 *    rules and contexts that point inside their arrays; classes as sorted, disjoint,
 *    non-adjacent ranges; rule depth within the limit; the five default actions last;
 *    counts of the info that add up.
 * ibidi_lgr_load_file is run on a missing file and on an empty one.
 * Properties are checked with abort().
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/lgr.h"
#include "lgr/lgr_internal.h"

#define REQUIRE(c)                                                                                 \
    do {                                                                                           \
        if (!(c))                                                                                  \
            abort();                                                                               \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const ibidi_lgr_limits limits = {65536, 4096, 65536, 24};

static int is_load_status(ibidi_status st)
{
    return (st >= IBIDI_E_LGR_XML && st <= IBIDI_E_LGR_PROPERTY) || st == IBIDI_E_NOMEM;
}

static void check_refused(ibidi_status st, const ibidi_lgr *lgr, const ibidi_lgr_diag *d)
{
    REQUIRE(is_load_status(st));
    REQUIRE(lgr == NULL);
    REQUIRE(d->status == st);
    size_t n = strnlen(d->message, sizeof d->message);
    REQUIRE(n > 0 && n < sizeof d->message);
    REQUIRE(memchr(d->message, '\n', n) == NULL);
}

static void check_model(const ibidi_lgr *lgr)
{
    const ibidi_lgr_info *in = ibidi_lgr_get_info(lgr);
    REQUIRE(in == &lgr->info);
    REQUIRE(in->n_code_points + in->n_sequences == lgr->n_chars);
    REQUIRE(lgr->n_chars <= limits.max_repertoire);
    REQUIRE(in->n_variants == lgr->n_vars && in->n_reflexive <= in->n_variants);
    REQUIRE(in->n_variant_types <= LGR_MAX_TYPES);
    REQUIRE(in->n_classes == lgr->n_named_classes && lgr->n_named_classes <= lgr->n_classes);
    REQUIRE(in->n_rules == lgr->n_rules && in->n_actions + 5u == lgr->n_actions);
    REQUIRE(in->index_possible == (in->symmetric && in->transitive));
    REQUIRE(lgr->max_rule_depth <= limits.max_depth);
    size_t reflexive = 0;
    for (uint32_t i = 0; i < lgr->n_chars; i++) {
        const lgr_char *c = &lgr->chars[i];
        REQUIRE(c->len >= 1 && c->len <= LGR_MAX_SEQ);
        REQUIRE(c->len == 1 || (size_t)c->seq + c->len <= lgr->n_pool);
        const uint32_t *cps = lgr_cps(lgr, &c->first, c->seq, c->len);
        REQUIRE(cps[0] == c->first);
        for (uint32_t k = 0; k < c->len; k++)
            REQUIRE(cps[k] <= 0x10FFFFu && (cps[k] < 0xD800u || cps[k] > 0xDFFFu));
        if (i > 0) {
            const lgr_char *p = &lgr->chars[i - 1u];
            REQUIRE(p->first < c->first || (p->first == c->first && p->len >= c->len));
        }
        uint32_t first = 0, n = lgr_lookup(lgr, c->first, &first);
        REQUIRE(n > 0 && first <= i && i < first + n);
        REQUIRE(c->when == LGR_NONE || c->when < lgr->n_rules);
        REQUIRE(c->not_when == LGR_NONE || c->not_when < lgr->n_rules);
        REQUIRE((size_t)c->var_first + c->var_count <= lgr->n_vars);
        int refl = 0;
        for (uint32_t k = 0; k < c->var_count; k++) {
            const lgr_var *v = &lgr->vars[c->var_first + k];
            REQUIRE(v->len <= LGR_MAX_SEQ);
            REQUIRE(v->len <= 1 || (size_t)v->seq + v->len <= lgr->n_pool);
            REQUIRE(v->type == LGR_NO_TYPE || v->type < in->n_variant_types);
            REQUIRE(v->when == LGR_NONE || v->when < lgr->n_rules);
            REQUIRE(v->not_when == LGR_NONE || v->not_when < lgr->n_rules);
            REQUIRE(v->comment == LGR_NONE || v->comment < lgr->n_strings);
            if (v->reflexive) {
                REQUIRE(v->len == c->len &&
                        memcmp(lgr_cps(lgr, &v->first, v->seq, v->len), cps, 4u * c->len) == 0);
                refl = 1;
                reflexive++;
            }
        }
        REQUIRE(c->reflexive == refl);
    }
    REQUIRE(reflexive == in->n_reflexive);
    for (uint32_t k = 0; k < lgr->n_classes; k++) {
        const lgr_class *c = &lgr->classes[k];
        REQUIRE((size_t)c->first + c->count <= lgr->n_ranges);
        REQUIRE((k < lgr->n_named_classes) == (c->name != LGR_NONE));
        for (uint32_t j = 0; j < c->count; j++) {
            uint32_t lo = lgr->ranges[2u * (c->first + j)], hi = lgr->ranges[2u * (c->first + j) + 1u];
            REQUIRE(lo <= hi && hi <= 0x10FFFFu);
            REQUIRE(j == 0 || lo > lgr->ranges[2u * (c->first + j) - 1u] + 1u);
            REQUIRE(ibidi__lgr_class_has(lgr, k, lo) && ibidi__lgr_class_has(lgr, k, hi));
            REQUIRE(lo == 0 || !ibidi__lgr_class_has(lgr, k, lo - 1u));
            REQUIRE(hi == 0x10FFFFu || !ibidi__lgr_class_has(lgr, k, hi + 1u));
        }
    }
    for (uint32_t i = 0; i < lgr->n_nodes; i++) {
        const lgr_node *n = &lgr->nodes[i];
        REQUIRE(n->min <= n->max);
        switch (n->kind) {
        case LGR_N_SEQ:
        case LGR_N_CHOICE:
        case LGR_N_LOOK_AHEAD:
        case LGR_N_LOOK_BEHIND:
            REQUIRE((size_t)n->a + n->b <= lgr->n_kids);
            for (uint32_t k = 0; k < n->b; k++)
                REQUIRE(lgr->kids[n->a + k] < i); /* children come first: no cycle */
            break;
        case LGR_N_CLASS:
            REQUIRE(n->a < lgr->n_classes);
            break;
        case LGR_N_RULE:
            REQUIRE(n->a < lgr->n_rules);
            break;
        case LGR_N_CHAR:
            REQUIRE(n->len >= 1 && n->len <= LGR_MAX_SEQ);
            REQUIRE(n->len == 1 ? n->a <= 0x10FFFFu : (size_t)n->a + n->len <= lgr->n_pool);
            break;
        default:
            REQUIRE(n->kind <= LGR_N_RULE);
        }
    }
    for (uint32_t r = 0; r < lgr->n_rules; r++) {
        REQUIRE(lgr->rules[r].node < lgr->n_nodes);
        REQUIRE(lgr->nodes[lgr->rules[r].node].kind == LGR_N_SEQ);
        REQUIRE(lgr->rules[r].name < lgr->n_strings);
    }
    for (uint32_t a = 0; a < lgr->n_actions; a++) {
        const lgr_action *x = &lgr->actions[a];
        REQUIRE(x->disp < lgr->n_strings);
        REQUIRE(x->match == LGR_NONE || x->match < lgr->n_rules);
        REQUIRE(x->not_match == LGR_NONE || x->not_match < lgr->n_rules);
        REQUIRE(x->match == LGR_NONE || x->not_match == LGR_NONE);
        REQUIRE(x->is_default == (a >= in->n_actions));
        REQUIRE(x->kind <= LGR_A_ONLY_VARIANTS);
        REQUIRE(x->kind != LGR_A_NONE || x->types == 0);
        REQUIRE(in->n_variant_types == 64 || (x->types >> in->n_variant_types) == 0);
        REQUIRE(strcmp(lgr->disp_names[a], lgr->strings[x->disp]) == 0);
    }
    REQUIRE(strcmp(lgr->disp_names[lgr->n_actions - 1u], "valid") == 0);
    for (size_t k = 0; k < in->n_variant_types; k++)
        REQUIRE(in->variant_types[k] != NULL);
    for (size_t k = 0; k < in->n_references; k++)
        REQUIRE(in->references[k].id && in->references[k].text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ibidi_lgr *lgr = (ibidi_lgr *)(uintptr_t)1, *again = NULL;
    ibidi_lgr_diag d, d2;
    ibidi_status st = ibidi_lgr_load((const char *)data, size, &limits, &lgr, &d);
    if (st != IBIDI_OK) {
        check_refused(st, lgr, &d);
        /* the same refusal, at the same place, every time */
        REQUIRE(ibidi_lgr_load((const char *)data, size, &limits, &again, &d2) == st);
        REQUIRE(again == NULL && d2.line == d.line && d2.column == d.column &&
                strcmp(d2.message, d.message) == 0);
    } else {
        REQUIRE(lgr != NULL && d.status == IBIDI_OK && d.line == 0 && d.message[0] == '\0');
        check_model(lgr);
        REQUIRE(ibidi_lgr_load((const char *)data, size, &limits, &again, &d2) == IBIDI_OK);
        const ibidi_lgr_info *a = ibidi_lgr_get_info(lgr), *b = ibidi_lgr_get_info(again);
        REQUIRE(a->n_code_points == b->n_code_points && a->n_sequences == b->n_sequences &&
                a->n_variants == b->n_variants && a->n_classes == b->n_classes &&
                a->n_rules == b->n_rules && a->n_tags == b->n_tags &&
                a->symmetric == b->symmetric && a->transitive == b->transitive &&
                lgr->n_nodes == again->n_nodes && lgr->n_ranges == again->n_ranges);
        ibidi_lgr_free(again);
    }
    ibidi_lgr_free(lgr);
    /* the file calls: a missing file, an empty one */
    lgr = NULL;
    REQUIRE(ibidi_lgr_load_file("/nonexistent/ibidi/lgr.xml", &limits, &lgr, &d) ==
                IBIDI_E_LGR_FILE &&
            lgr == NULL);
    REQUIRE(ibidi_lgr_load_file("/dev/null", &limits, &lgr, &d) == IBIDI_E_LGR_XML && lgr == NULL);
    return 0;
}
