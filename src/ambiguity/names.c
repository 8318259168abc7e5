/*
 * Badami's ambiguities under the Bidi Rule, for names of every length
 * (ibidi_rfc5893_prove_badami, include/ibidi/rfc5893.h).
 *
 * Badami asks whether number type ambiguity can occur in IDNs: two names shown alike in
 * which a digit shown at one place is EN in one and AN in the other, and shows that
 * number separator ambiguity occurs without the rule: a separator shown at one place
 * joins a number (W4) in one name and not in the other. The verifier answers by
 * enumeration (verify.c, run_badami); this answers for every length with a pair
 * automaton (pairs.c) over the automaton of the legal names built here.
 *
 * The names. A name is a string over the label classes and CS (the dots); it is read by
 * the prover's step function over whole names (proofs.c: the UBA part reads on across
 * the dots, sos and eos are the paragraph's), the bookkeeping of the current label's
 * rule part (ibidi__rule_part_step, started again at each dot) and the state below. Which
 * names are legal is verify.c's name_legal (ibidi__name_label): under RFC 5893, every
 * label keeps the hyphen rule and, in a Bidi domain name (R, AL or AN anywhere), passes
 * the rule or is an LDH label (L, EN, ES) that does not start with a digit after an RTL
 * label; in the other mode (no rule), every label is not empty and keeps the hyphen rule
 * and the name does not start with a mark, which gives a space with ambiguity in it, to
 * check the automaton against an enumeration. Whether a finished
 * label passes is asked of ibidi_rfc5893_conditions on a representative label of the
 * state: the summary's rule part (first class, EN and AN seen, last class that is not
 * NSM, hyphen places) with whether the label holds an L, an R, AL or AN, and a class
 * other than L, EN, ES decides each condition (1 the first class, 2 and 5 the classes
 * allowed after it: of the label classes only L breaks 2, and R, AL, AN break 5; 3 and 6
 * the last class that is not NSM, 4 EN beside AN) and whether the label is LDH, so every
 * label that reaches a state gives the same answer. A "--" in places 3-4 ends the name at
 * once (the summary does not keep it).
 */
#include <stdint.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "common/internal.h"
#include "ibidi/rfc5893.h"
#include "ibidi/unicode.h"

#define MAXNS 65536u
#define MAXREP 48u
#define NK 16u
#define DEADN UINT32_MAX

enum { F_BIDI = 1, F_SEEN_RTL = 2, F_BAD_IF_BIDI = 4, F_DEAD = 8 };
enum { C_L = 1, C_RTL = 2, C_NOT_LDH = 4 };

typedef struct nstate {
    uint64_t key;      /* the UBA part of the prover's summary of the name */
    uint32_t rule;     /* the current label's rule part, packed (pack_rule) */
    uint16_t classes;  /* what the current label holds that decides conditions 2 and 5 and
                          LDH: C_L, C_RTL, C_NOT_LDH */
    uint8_t flags;     /* F_* */
    uint8_t rep_len;   /* a representative of the current label */
    uint8_t rep[MAXREP];
} nstate;

typedef struct nwork {
    nstate st[MAXNS];
    uint32_t next[MAXNS][NK];
    uint8_t accept[MAXNS];
    uint32_t hash[2 * MAXNS];
    size_t n;
    uint8_t classes[NK];
    size_t n_classes;
    int mode;
    unsigned para; /* 0 LTR, 1 RTL */
    ibidi__pairs_result pr;
} nwork;

static uint32_t pack_rule(const ibidi__rule_part *r)
{
    return (uint32_t)(r->first | r->has_en << 6 | r->has_an << 7 | r->last_nn << 8 |
                      r->len << 14 | r->c2_es << 17 | r->last_es << 18);
}

static void unpack_rule(uint32_t v, ibidi__rule_part *r)
{
    r->first = v & 63u;
    r->has_en = v >> 6 & 1u;
    r->has_an = v >> 7 & 1u;
    r->last_nn = v >> 8 & 63u;
    r->len = v >> 14 & 7u;
    r->c2_es = v >> 17 & 1u;
    r->last_es = v >> 18 & 1u;
}

static int has_rtl_class(uint8_t c)
{
    return c == IBIDI_UNICODE_BC_R || c == IBIDI_UNICODE_BC_AL || c == IBIDI_UNICODE_BC_AN;
}

static uint32_t *n_slot(nwork *w, const nstate *s)
{
    const uint64_t h0 = (s->key * 0x9E3779B97F4A7C15ull) ^
                        ((uint64_t)s->rule << 24 | (uint64_t)s->classes << 8 | s->flags) *
                            0xC2B2AE3D27D4EB4Full;
    size_t h = (size_t)(h0 >> 24) & (2 * MAXNS - 1);
    for (;;) {
        const uint32_t v = w->hash[h];
        if (v == 0)
            return &w->hash[h];
        const nstate *o = &w->st[v - 1];
        if (o->key == s->key && o->rule == s->rule && o->classes == s->classes &&
            o->flags == s->flags)
            return &w->hash[h];
        h = (h + 1) & (2 * MAXNS - 1);
    }
}

/* The flags after the current label (its representative) ends: F_DEAD when no name that
 * goes on from here is legal (ibidi__name_label, as the verifier's name_legal reads it). */
static uint8_t label_ends(const nwork *w, const nstate *s)
{
    uint8_t f = s->flags;
    const unsigned k = ibidi__name_label(s->rep, s->rep_len);
    if (k & IBIDI__NAME_LABEL_BAD)
        return F_DEAD;
    if (w->mode == 0 && (k & IBIDI__NAME_LABEL_NOT_BIDI))
        f |= F_BAD_IF_BIDI; /* illegal once the name is a Bidi domain name */
    if (w->mode == 0 && (k & IBIDI__NAME_LABEL_NOT_AFTER_RTL) && (f & F_SEEN_RTL))
        return F_DEAD; /* §2: a digit-first label after an RTL label */
    if (k & IBIDI__NAME_LABEL_RTL)
        f |= F_SEEN_RTL;
    if ((f & F_BIDI) && (f & F_BAD_IF_BIDI))
        return F_DEAD;
    return f;
}

static ibidi_status build_names(nwork *w, ibidi_error *err)
{
    memset(w->hash, 0, sizeof w->hash);
    nstate *s0 = &w->st[0];
    memset(s0, 0, sizeof *s0);
    s0->key = ibidi__proof_uba_start(w->para);
    *n_slot(w, s0) = 1;
    w->n = 1;
    for (size_t i = 0; i < w->n; i++) {
        const nstate s = w->st[i];
        const uint8_t ends = label_ends(w, &s); /* the name ends here, or a dot comes */
        w->accept[i] = !(ends & F_DEAD);
        for (size_t k = 0; k < w->n_classes; k++) {
            const uint8_t c = w->classes[k];
            nstate t;
            memset(&t, 0, sizeof t);
            w->next[i][k] = DEADN;
            if (i == 0 && c == IBIDI_UNICODE_BC_NSM)
                continue; /* a mark that follows no base */
            ibidi__proof_events ev;
            t.key = ibidi__proof_uba_step(s.key, c, &ev);
            if (c == IBIDI_UNICODE_BC_CS) { /* a new label: its rule part starts empty */
                t.flags = ends;
                if (t.flags & F_DEAD)
                    continue;
            } else {
                if (s.rep_len == MAXREP)
                    return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXREP);
                t.flags = s.flags | (has_rtl_class(c) ? F_BIDI : 0);
                if (w->mode == 0) /* condition 2 forbids L, 5 R, AL and AN */
                    t.classes = (uint16_t)(s.classes | (c == IBIDI_UNICODE_BC_L ? C_L : 0) |
                                           (has_rtl_class(c) ? C_RTL : 0) |
                                           (c != IBIDI_UNICODE_BC_L && c != IBIDI_UNICODE_BC_EN &&
                                                    c != IBIDI_UNICODE_BC_ES
                                                ? C_NOT_LDH
                                                : 0));
                ibidi__rule_part r;
                unpack_rule(s.rule, &r);
                ibidi__rule_part_step(&r, c);
                t.rule = pack_rule(&r);
                memcpy(t.rep, s.rep, s.rep_len);
                t.rep[s.rep_len] = c;
                t.rep_len = (uint8_t)(s.rep_len + 1);
                if (t.rep_len == 4 && t.rep[2] == IBIDI_UNICODE_BC_ES &&
                    t.rep[3] == IBIDI_UNICODE_BC_ES)
                    continue; /* RFC 5891 §4.2.3.1: "--" in the third and fourth places */
                if ((t.flags & F_BIDI) && (t.flags & F_BAD_IF_BIDI))
                    continue;
            }
            uint32_t *h = n_slot(w, &t);
            if (*h == 0) {
                if (w->n == MAXNS)
                    return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXNS);
                w->st[w->n] = t;
                *h = (uint32_t)++w->n;
            }
            w->next[i][k] = *h - 1;
        }
    }
    return IBIDI_OK;
}

static uint32_t n_next(const void *ctx, uint32_t s, size_t k, ibidi__proof_events *ev)
{
    const nwork *w = ctx;
    const uint32_t t = w->next[s][k];
    if (t != DEADN)
        (void)ibidi__proof_uba_step(w->st[s].key, w->classes[k], ev);
    return t;
}

static int n_accept(const void *ctx, uint32_t s) { return ((const nwork *)ctx)->accept[s]; }

size_t ibidi_rfc5893_prove_badami_work_size(void)
{
    return sizeof(nwork) + _Alignof(nwork) + ibidi__pairs_work_size();
}

static void label_from(ibidi_rfc5893_verify_label *l, const uint8_t *c, size_t n)
{
    memset(l, 0, sizeof *l);
    l->n = (uint8_t)(n < IBIDI_RFC5893_VERIFY_MAX_LENGTH ? n : IBIDI_RFC5893_VERIFY_MAX_LENGTH);
    memcpy(l->classes, c, l->n);
}

ibidi_status ibidi_rfc5893_prove_badami(const ibidi_rfc5893_badami_options *opts, void *work,
                                        size_t work_size, ibidi_rfc5893_badami_proof *res,
                                        ibidi_error *err)
{
    if (res == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    if (opts == NULL || work == NULL || opts->mode > 1 ||
        (opts->dir != IBIDI_DIR_LTR && opts->dir != IBIDI_DIR_RTL))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (work_size < ibidi_rfc5893_prove_badami_work_size())
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0,
                           (uint32_t)ibidi_rfc5893_prove_badami_work_size());
    const uintptr_t a = _Alignof(nwork);
    nwork *w = (nwork *)(((uintptr_t)work + a - 1) / a * a);
    ibidi_rfc5893_alphabet al;
    ibidi_status st = ibidi_rfc5893_label_alphabet(&al, err);
    if (st != IBIDI_OK)
        return st;
    if (al.n_classes + 1 > NK)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, NK);
    w->n_classes = 0;
    for (size_t k = 0; k < al.n_classes; k++)
        w->classes[w->n_classes++] = al.classes[k];
    w->classes[w->n_classes++] = IBIDI_UNICODE_BC_CS; /* the dots */
    w->mode = (int)opts->mode;
    w->para = opts->dir == IBIDI_DIR_RTL ? 1u : 0u;
    st = build_names(w, err);
    if (st != IBIDI_OK)
        return st;
    const ibidi__pairs_base b = {w->classes, w->n_classes, w, n_next, n_accept, 0,
                                 (uint32_t)w->n, 1, 1};
    ibidi__pairs_result *r = &w->pr;
    st = ibidi__pairs_run(&b, opts->dir, (char *)w + sizeof *w, r, err);
    if (st != IBIDI_OK)
        return st;
    res->name_states = w->n;
    res->levelled_states = r->levelled_states;
    res->transformations = r->transformations;
    res->display_states = r->display_states;
    res->display_minimal = r->display_minimal;
    res->states = r->states;
    for (size_t n = 0; n < IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++) {
        res->names[n] = r->strings[n];
        res->alike[n] = r->pairs[n];
        res->digit[n] = r->digit_pairs[n];
        res->number_type[n] = r->number_type_pairs[n];
        res->separator[n] = r->separator_pairs[n];
    }
    res->undecided = r->undecided;
    res->number_type_holds = !r->undecided && r->digit.n == 0;
    res->separator_holds = !r->undecided && r->separator.n == 0;
    res->holds = res->number_type_holds && res->separator_holds;
    res->shortest = (unsigned)(r->digit.n && (!r->separator.n || r->digit.n < r->separator.n)
                                   ? r->digit.n
                                   : r->separator.n);
    label_from(&res->alike_x, r->alike.x, r->alike.n);
    label_from(&res->alike_y, r->alike.y, r->alike.n);
    label_from(&res->digit_x, r->digit.x, r->digit.n);
    label_from(&res->digit_y, r->digit.y, r->digit.n);
    label_from(&res->separator_x, r->separator.x, r->separator.n);
    label_from(&res->separator_y, r->separator.y, r->separator.n);
    /* every pair reported, run again through the library's UBA */
    const int d = opts->dir == IBIDI_DIR_RTL;
    int digit, sep, ok = 1;
    if (res->alike_x.n)
        ok &= ibidi__badami_pair(&res->alike_x, &res->alike_y, d, &digit, &sep, NULL);
    if (res->digit_x.n)
        ok &= ibidi__badami_pair(&res->digit_x, &res->digit_y, d, &digit, &sep,
                                 res->digit_shown) && digit;
    if (res->separator_x.n)
        ok &= ibidi__badami_pair(&res->separator_x, &res->separator_y, d, &digit, &sep,
                                 res->separator_shown) && sep;
    res->confirmed = ok;
    return ibidi__ok(err);
}
