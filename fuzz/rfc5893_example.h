/*
 * The case (ibidi_rfc5893_case) that an example of the RFC 5893 verifier or prover names,
 * to run it again through ibidi_rfc5893_run: an example gives its delimiters as code
 * points (what a report prints), a case takes their Bidi classes. Shared by
 * fuzz/fuzz_verify.c, fuzz/fuzz_prove.c and tests/test_verify.c (here, among the fuzz
 * targets, which must each name the calls they reach).
 */
#ifndef IBIDI_FUZZ_RFC5893_EXAMPLE_H
#define IBIDI_FUZZ_RFC5893_EXAMPLE_H

#include "ibidi/rfc5893.h"

/* The example's context around the label x (the example's own x, or its y). */
static inline ibidi_rfc5893_case rfc5893_example_case(const ibidi_rfc5893_verify_example *e,
                                                      const ibidi_rfc5893_verify_label *x)
{
    size_t nd;
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    uint8_t d1 = 0, d2 = 0;
    for (size_t k = 0; k < nd; k++) {
        if (dl[k].cp == e->context.d1)
            d1 = dl[k].bidi_class;
        if (dl[k].cp == e->context.d2)
            d2 = dl[k].bidi_class;
    }
    const ibidi_rfc5893_case c = {e->context.s1.classes, e->context.s1.n, d1, x->classes, x->n,
                                  d2, e->context.s2.classes, e->context.s2.n, e->context.dir,
                                  e->context.control, e->context.placement};
    return c;
}

#endif
