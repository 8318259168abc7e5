/*
 * Fuzz target for the RFC 5893 requirement checks (include/ibidi/rfc5893.h).
 *
 * The first byte picks the options (bit 0 literal reading, bit 1 controls, bits 2-3 one
 * direction only); the rest is a domain name in UTF-8 (arbitrary bytes).
 * Properties checked with abort():
 *  1. no crash; the status is OK, the decoder's status at the offset ibidi_utf8_validate
 *     reports, or RFC5893_TOO_LONG at the start of a label inside the input;
 *  2. every finding lies inside the input (offset + length <= len), names a label that
 *     exists, a known requirement, a direction LTR or RTL, and a neighbour of the table;
 *  3. counting without storage gives the same number as with storage;
 *  4. the same bytes read as Bidi classes (mod IBIDI_BC_COUNT): the conditions never
 *     report a bit outside the mask, and grouping over every context ends with OK;
 *  5. the bytes as raw class values (some >= IBIDI_BC_COUNT): grouping ends with OK, or
 *     with RFC5893_CLASS at the first bad value (offset in the label, value the class);
 *     NULL classes break every condition asked for.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "ibidi/rfc5893.h"

#define F_CAP 64

static void require(int ok)
{
    if (!ok)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned options = data[0] & 0x0Fu;
    const char *name = (const char *)data + 1;
    const size_t len = size - 1;
    if (len > 24)
        options &= ~(unsigned)IBIDI_RFC5893_CONTROLS; /* keep each input fast */

    static ibidi_rfc5893_finding f[F_CAP];
    size_t n = 0, n2 = 0;
    ibidi_error err;
    ibidi_status st = ibidi_rfc5893_check_name_utf8(name, len, options, 200, f, F_CAP, &n, &err);
    ibidi_error verr;
    const ibidi_status vst = ibidi_utf8_validate(name, len, NULL, &verr);
    if (vst != IBIDI_OK) {
        require(st == vst && err.offset == verr.offset);
        return 0;
    }
    require(st == IBIDI_OK || st == IBIDI_E_RFC5893_TOO_LONG);
    if (st == IBIDI_E_RFC5893_TOO_LONG) {
        require(err.offset < len && (err.offset == 0 || name[err.offset - 1] == '.'));
        return 0;
    }
    size_t labels = 1;
    for (size_t i = 0; i < len; i++)
        labels += name[i] == '.';
    size_t nn = 0;
    ibidi_rfc5893_neighbours(&nn);
    for (size_t i = 0; i < n && i < F_CAP; i++) {
        require(f[i].offset <= len && f[i].length <= len - f[i].offset);
        require(f[i].label < labels);
        require(ibidi_rfc5893_requirement_name(f[i].requirement) != NULL);
        require(f[i].dir == IBIDI_DIR_LTR || f[i].dir == IBIDI_DIR_RTL);
        require(f[i].s1 < nn && f[i].s2 < nn);
        require(f[i].twin_len <= IBIDI_RFC5893_MAX_LABEL);
    }
    st = ibidi_rfc5893_check_name_utf8(name, len, options, 200, NULL, 0, &n2, NULL);
    require(st == IBIDI_OK && n2 == n);

    /* The bytes as a class string. */
    uint8_t cls[IBIDI_RFC5893_MAX_LABEL];
    size_t m = len < IBIDI_RFC5893_MAX_LABEL ? len : IBIDI_RFC5893_MAX_LABEL;
    for (size_t i = 0; i < m; i++)
        cls[i] = (uint8_t)((uint8_t)name[i] % IBIDI_BC_COUNT);
    const unsigned mask = (unsigned)data[0] >> 2 & IBIDI_RFC5893_ALL_CONDITIONS;
    require((ibidi_rfc5893_conditions(cls, m, mask) & ~mask) == 0);
    int holds = -1;
    if (m <= 12) {
        st = ibidi_rfc5893_grouping_classes(cls, m, options & ~(unsigned)IBIDI_RFC5893_CONTROLS,
                                            &holds, NULL, NULL, NULL);
        require(st == IBIDI_OK && (holds == 0 || holds == 1));
    }
    require(m == 0 || ibidi_rfc5893_conditions(NULL, m, mask) == mask);
    if (m <= 8) {
        size_t first_bad = m;
        for (size_t i = 0; i < m && first_bad == m; i++)
            if ((uint8_t)name[i] >= IBIDI_BC_COUNT)
                first_bad = i;
        ibidi_error gerr;
        st = ibidi_rfc5893_grouping_classes((const uint8_t *)name, m, IBIDI_RFC5893_ONLY_LTR,
                                            &holds, NULL, NULL, &gerr);
        if (first_bad == m)
            require(st == IBIDI_OK);
        else
            require(st == IBIDI_E_RFC5893_CLASS && gerr.offset == first_bad &&
                    gerr.value == (uint8_t)name[first_bad]);
    }
    return 0;
}
