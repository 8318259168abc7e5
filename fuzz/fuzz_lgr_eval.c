/*
 * Fuzz target for label evaluation under a loaded LGR (ibidi/lgr.h): ibidi_lgr_check(_utf8),
 * ibidi_lgr_variant_estimate, ibidi_lgr_variants, ibidi_lgr_index_label(_utf8),
 * ibidi_lgr_set_check and ibidi_lgr_label_decode, on an LGR built in (every kind of rule
 * and action, sequences, reflexive and contextual variants). The input is the label (UTF-8
 * or an A-label). Properties checked with abort():
 *  1. no crash, no status outside those documented;
 *  2. the UTF-8 and code point calls agree;
 *  3. an eligible label has an index label (the LGR is symmetric and transitive), and every
 *     variant label that is itself eligible has the same index label (RFC 7940 §8.5: the
 *     index label identifies the variant set); a label that is not eligible has no
 *     variants, and no index label unless only an action made it invalid (§8.1.1);
 *  4. a bounded enumeration generates at most its bound, and says it was cut exactly when
 *     the unbounded one generates more; generated never exceeds the estimate; every
 *     permutation generated is handed over, counted invalid, or counted as a duplicate
 *     (§8.4; a conflicting one is handed over too);
 *  5. the set check gives the element LGR's result.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

static const char lgr_xml[] =
    "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><meta><version>1</version></meta><data>"
    "<char cp=\"0061\"><var cp=\"0062\" type=\"blocked\"/></char>"
    "<char cp=\"0062\"><var cp=\"0061\" type=\"blocked\"/></char>"
    "<char cp=\"0063\"><var cp=\"0064\" type=\"allocatable\"/></char>"
    "<char cp=\"0064\"><var cp=\"0063\" type=\"allocatable\"/></char>"
    "<char cp=\"0065\"><var cp=\"0065\" type=\"r\"/><var cp=\"0066\" type=\"r\"/></char>"
    "<char cp=\"0066\"><var cp=\"0065\" type=\"r\"/><var cp=\"0066\" type=\"r\"/></char>"
    "<char cp=\"0078 0079\"><var cp=\"007A\" type=\"allocatable\"/></char>"
    "<char cp=\"0078\"/><char cp=\"0079\"/>"
    "<char cp=\"007A\"><var cp=\"0078 0079\" type=\"allocatable\"/></char>"
    "<char cp=\"0030\" not-when=\"leading-digit\"/>"
    "<range first-cp=\"0031\" last-cp=\"0039\" not-when=\"leading-digit\"/>"
    "<char cp=\"002D\" when=\"between\"/>"
    "<char cp=\"0643\"><var cp=\"06A9\" type=\"allocatable\"/></char>"
    "<char cp=\"06A9\"><var cp=\"0643\" type=\"allocatable\"/></char>"
    "<char cp=\"064A\"><var cp=\"06CC\" type=\"allocatable\"/></char>"
    "<char cp=\"06CC\"><var cp=\"064A\" type=\"allocatable\"/></char>"
    "<char cp=\"0627\"/><char cp=\"0631\"/><char cp=\"0646\"/>"
    "<char cp=\"05D0\"/><char cp=\"05DB\"><var cp=\"05DA\" type=\"blocked\"/></char>"
    "<char cp=\"05DA\"><var cp=\"05DB\" type=\"blocked\"/></char>"
    "</data><rules>"
    "<class name=\"digits\">0030-0039</class>"
    "<difference name=\"odd\"><class by-ref=\"digits\"/><class>0030 0032 0034 0036 0038</class></difference>"
    "<rule name=\"leading-digit\"><look-behind><start/></look-behind><anchor/></rule>"
    "<rule name=\"between\"><look-behind><any/></look-behind><anchor/><look-ahead><any/></look-ahead></rule>"
    "<rule name=\"no-ac\"><char cp=\"0061\"/><any count=\"0+\"/><char cp=\"0063\"/></rule>"
    "<rule name=\"three-x\"><char cp=\"0078\" count=\"3+\"/></rule>"
    "<rule name=\"two-digits\"><class property=\"gc:Nd\" count=\"2\"/></rule>"
    "<rule name=\"odd-end\"><class by-ref=\"odd\"/><end/></rule>"
    "<rule name=\"kaf-mix\"><choice><rule><char cp=\"0643\"/><any count=\"0+\"/><char cp=\"06A9\"/></rule>"
    "<rule><char cp=\"06A9\"/><any count=\"0+\"/><char cp=\"0643\"/></rule></choice></rule>"
    "<rule name=\"final-inside\"><class>05DA</class><any count=\"1:3\"/></rule>"
    "<action disp=\"invalid\" match=\"no-ac\"/><action disp=\"invalid\" match=\"three-x\"/>"
    "<action disp=\"invalid\" match=\"two-digits\"/><action disp=\"invalid\" match=\"odd-end\"/>"
    "<action disp=\"invalid\" match=\"kaf-mix\"/><action disp=\"invalid\" match=\"final-inside\"/>"
    "<action disp=\"activated\" only-variants=\"r\"/>"
    "<action disp=\"blocked\" any-variant=\"blocked\"/>"
    "<action disp=\"allocatable\" all-variants=\"allocatable\"/>"
    "</rules></lgr>";

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct walk {
    const ibidi_lgr *lgr;
    uint32_t index[IBIDI_LGR_MAX_INDEX];
    size_t index_len;
} walk;

/* Property 3: an eligible variant has the label's index label. */
static int each_variant(const ibidi_lgr_variant *v, void *ctx)
{
    walk *w = ctx;
    require(v->n <= IBIDI_LGR_MAX_LABEL && v->disposition != NULL);
    ibidi_lgr_result r;
    require(ibidi_lgr_check(w->lgr, v->cps, v->n, &r, NULL) == IBIDI_OK);
    if (r.eligible) {
        uint32_t idx[IBIDI_LGR_MAX_INDEX];
        ibidi_buf32 index = {idx, IBIDI_LGR_MAX_INDEX, 0};
        require(ibidi_lgr_index_label(w->lgr, v->cps, v->n, &index, NULL) == IBIDI_OK);
        require(index.len == w->index_len && memcmp(idx, w->index, index.len * sizeof *idx) == 0);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ibidi_lgr *lgr; /* loaded once: the target's fixture, not the library's state */
    if (!lgr && ibidi_lgr_load(lgr_xml, sizeof lgr_xml - 1, NULL, &lgr, NULL) != IBIDI_OK)
        abort();
    const ibidi_lgr_info *info = ibidi_lgr_get_info(lgr);
    require(info->index_possible);

    const char *s = (const char *)data;
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
    ibidi_error err;
    ibidi_status st = ibidi_lgr_label_decode(s, size, &dec, &err);
    const size_t n = dec.len;
    ibidi_lgr_result r, r2;
    ibidi_status st2 = ibidi_lgr_check_utf8(lgr, s, size, &r2, NULL);
    if (st != IBIDI_OK) {
        require(st2 == st);
        return 0;
    }
    require(st2 == IBIDI_OK);
    require(ibidi_lgr_check(lgr, cps, n, &r, NULL) == IBIDI_OK);
    require(r.eligible == r2.eligible && r.disposition == r2.disposition &&
            r.action == r2.action && r.offset == r2.offset && r.status == r2.status);
    require(r.disposition != NULL);
    require(r.eligible ? r.status == IBIDI_OK
                       : (r.status == IBIDI_E_LGR_REPERTOIRE || r.status == IBIDI_E_LGR_CONTEXT ||
                          r.status == IBIDI_E_LGR_INVALID_DISPOSITION));
    require(r.status != IBIDI_E_LGR_INVALID_DISPOSITION || r.action != IBIDI_LGR_NO_ACTION);

    walk w;
    w.lgr = lgr;
    ibidi_buf32 index = {w.index, IBIDI_LGR_MAX_INDEX, 0};
    st = ibidi_lgr_index_label(lgr, cps, n, &index, NULL);
    w.index_len = index.len;
    uint64_t est = 0;
    ibidi_status se = ibidi_lgr_variant_estimate(lgr, cps, n, &est, NULL);
    char u8[IBIDI_LGR_MAX_INDEX * 4];
    ibidi_buf index8 = {u8, sizeof u8, 0};
    ibidi_status su = ibidi_lgr_index_label_utf8(lgr, s, size, &index8, NULL);
    if (!r.eligible) {
        if (r.status == IBIDI_E_LGR_INVALID_DISPOSITION) /* §8.1.1: the index label stays */
            require(st == IBIDI_OK && su == IBIDI_OK && se == IBIDI_E_LGR_NOT_ELIGIBLE);
        else
            require(st == IBIDI_E_LGR_NOT_ELIGIBLE && se == IBIDI_E_LGR_NOT_ELIGIBLE &&
                    su == IBIDI_E_LGR_NOT_ELIGIBLE);
        ibidi_lgr_variant_summary sum;
        require(ibidi_lgr_variants(lgr, cps, n, NULL, &sum, NULL) == IBIDI_E_LGR_NOT_ELIGIBLE);
        return 0;
    }
    require(st == IBIDI_OK && se == IBIDI_OK && su == IBIDI_OK && est >= 1);

    /* property 4 (with a bound that keeps each input quick) */
    ibidi_lgr_variant_summary all, cut;
    const uint64_t bound = 2000;
    const ibidi_lgr_variant_options each = {IBIDI_LGR_INCLUDE_INVALID, bound, each_variant, &w};
    require(ibidi_lgr_variants(lgr, cps, n, &each, &all, NULL) == IBIDI_OK);
    require(all.generated <= bound && all.generated < est + (est == UINT64_MAX));
    require(all.conflicts <= all.duplicates && !all.stopped &&
            all.reported + all.duplicates - all.conflicts == all.generated);
    uint64_t half = all.generated / 2;
    if (half) {
        const ibidi_lgr_variant_options bounded = {0, half, NULL, NULL};
        require(ibidi_lgr_variants(lgr, cps, n, &bounded, &cut, NULL) == IBIDI_OK);
        require(cut.generated == half && cut.cut == (all.generated > half));
        require(cut.reported + cut.invalid + cut.duplicates - cut.conflicts == cut.generated);
    }

    /* property 5 */
    ibidi_lgr_set_result sr;
    require(ibidi_lgr_set_check(lgr, lgr, cps, n, &sr, NULL) == IBIDI_OK);
    require(sr.element.eligible == r.eligible && sr.element.disposition == r.disposition &&
            sr.common_eligible == r.eligible && sr.index_status == IBIDI_OK &&
            sr.index_len == w.index_len &&
            memcmp(sr.index, w.index, w.index_len * sizeof(uint32_t)) == 0);
    return 0;
}
