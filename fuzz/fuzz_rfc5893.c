/*
 * Fuzz target for the RFC 5893 requirement checks (include/ibidi/rfc5893.h).
 *
 * The first byte picks the options (bit 0 literal reading, bit 1 controls, bits 2-3 one
 * direction only), the bound of the twin search (bits 4-5: 1, 10, 50 or 200 candidates; a
 * small one reaches REQ_TRUNCATED) and the call that property 3 compares (bit 6); the rest
 * is a domain name in UTF-8 (arbitrary bytes). Each call runs UAX #9 once per context of
 * §3 and candidate, hundreds of times a label, so that one input makes two calls, not three
 * (issue 24: 45-55 inputs a second before), and controls (a dozen placements more) are
 * checked on names up to CONTROLS_CAP bytes.
 * Properties checked with abort():
 *  1. no crash; the status is OK, the decoder's status at the offset ibidi_utf8_validate
 *     reports, or RFC5893_TOO_LONG at the start of a label inside the input;
 *  2. every finding lies inside the input (offset + length <= len), names a label that
 *     exists (part), a known requirement (code 301-304, a warning with its rule), a
 *     direction LTR or RTL (context), its label's first character, and its detail a
 *     neighbour of the table and a twin no longer than a label;
 *  3. counting without storage (bit 6 set), or without details (clear), gives the same
 *     number as with them;
 *  4. the same bytes read as Bidi classes (mod IBIDI_UNICODE_BC_COUNT): the conditions never
 *     report a bit outside the mask, and grouping over every context ends with OK;
 *  5. the bytes as raw class values (some >= IBIDI_UNICODE_BC_COUNT): grouping ends with OK, or
 *     with RFC5893_CLASS at the first bad value (offset in the label, value the class);
 *     NULL classes break every condition asked for;
 *  6. the bytes as classes: ibidi_rfc5893_rfc3454_rule_ok is RFC 3454 §6 read directly
 *     (no L with R or AL, which must then open and close the label); a finding of
 *     REQ_CONTROLS names a placement with a name, the others placement 0;
 *  7. once per run: the label alphabet (ibidi_rfc5893_label_alphabet) lists, in order,
 *     exactly the classes with code points but BN, each example of its class.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "ibidi/rfc5893.h"

#define F_CAP 64
#define CONTROLS_CAP 24

static void require(int ok)
{
    if (!ok)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 6: RFC 3454 §6 on a class string. */
static int rfc3454_direct(const uint8_t *c, size_t n)
{
    int has_l = 0, has_r = 0;
    for (size_t i = 0; i < n; i++) {
        has_l |= c[i] == IBIDI_UNICODE_BC_L;
        has_r |= c[i] == IBIDI_UNICODE_BC_R || c[i] == IBIDI_UNICODE_BC_AL;
    }
    if (!has_r)
        return 1;
    return !has_l && (c[0] == IBIDI_UNICODE_BC_R || c[0] == IBIDI_UNICODE_BC_AL) &&
           (c[n - 1] == IBIDI_UNICODE_BC_R || c[n - 1] == IBIDI_UNICODE_BC_AL);
}

/* 7 */
static void alphabet_once(void)
{
    static int done;
    static ibidi_rfc5893_alphabet a;
    if (done)
        return;
    done = 1;
    require(ibidi_rfc5893_label_alphabet(NULL, NULL) == IBIDI_E_INVALID_ARGUMENT);
    require(ibidi_rfc5893_label_alphabet(&a, NULL) == IBIDI_OK);
    size_t k = 0;
    for (unsigned c = 0; c < IBIDI_UNICODE_BC_COUNT; c++) {
        if (a.count[c] == 0) {
            require(a.example[c] == 0);
            continue;
        }
        require(ibidi_unicode_bidi_class(a.example[c]) == (ibidi_unicode_bc)c);
        if (c != IBIDI_UNICODE_BC_BN)
            require(k < a.n_classes && a.classes[k++] == c);
    }
    require(k == a.n_classes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    alphabet_once();
    unsigned options = data[0] & 0x0Fu;
    const char *name = (const char *)data + 1;
    const size_t len = size - 1;
    if (len > CONTROLS_CAP)
        options &= ~(unsigned)IBIDI_RFC5893_CONTROLS; /* keep each input fast */
    static const size_t bounds[4] = {1, 10, 50, 200};
    const size_t bound = bounds[data[0] >> 4 & 3u];

    static ibidi_finding f[F_CAP];
    static ibidi_rfc5893_detail d[F_CAP];
    ibidi_findings fs = {f, F_CAP, 0, 0}, fc = {NULL, 0, 0, 0}, fn = {f, F_CAP, 0, 0};
    ibidi_error err;
    const ibidi_rfc5893_name_options no = {options, bound};
    ibidi_status st = ibidi_rfc5893_check_name_utf8(name, len, &no, &fs, d, &err);
    const size_t n = fs.n;
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
    require(fs.errors == 0);
    for (size_t i = 0; i < n && i < F_CAP; i++) {
        size_t pos = f[i].offset;
        uint32_t cp = 0;
        require(f[i].offset <= len && f[i].length <= len - f[i].offset && f[i].length > 0);
        require(f[i].part < labels);
        require(f[i].code >= IBIDI_RFC5893_REQ_GROUPING && f[i].code <= IBIDI_RFC5893_REQ_TRUNCATED &&
                ibidi_rfc5893_requirement_name((ibidi_rfc5893_requirement)f[i].code) != NULL);
        require(f[i].severity == IBIDI_SEVERITY_WARNING && f[i].rule == ibidi_code_message(f[i].code));
        require(f[i].context == IBIDI_DIR_LTR || f[i].context == IBIDI_DIR_RTL);
        require(ibidi_utf8_next(name, len, &pos, &cp, NULL) == IBIDI_OK && cp == f[i].cp &&
                f[i].bidi_class == (int)ibidi_unicode_bidi_class(cp));
        require(d[i].s1 < nn && d[i].s2 < nn);
        require(d[i].twin_len <= IBIDI_RFC5893_MAX_LABEL);
        require((d[i].twin_len > 0) == (f[i].code == IBIDI_RFC5893_REQ_UNIQUENESS));
        if (f[i].code == IBIDI_RFC5893_REQ_CONTROLS)
            require(ibidi_rfc5893_placement_name((ibidi_rfc5893_placement)d[i].placement) != NULL);
        else
            require(d[i].placement == 0);
    }
    if (data[0] & 0x40u) {
        st = ibidi_rfc5893_check_name_utf8(name, len, &no, &fc, d, NULL);
        require(st == IBIDI_OK && fc.n == n);
    } else {
        st = ibidi_rfc5893_check_name_utf8(name, len, &no, &fn, NULL, NULL);
        require(st == IBIDI_OK && fn.n == n);
    }

    /* The bytes as a class string. */
    uint8_t cls[IBIDI_RFC5893_MAX_LABEL];
    size_t m = len < IBIDI_RFC5893_MAX_LABEL ? len : IBIDI_RFC5893_MAX_LABEL;
    for (size_t i = 0; i < m; i++)
        cls[i] = (uint8_t)((uint8_t)name[i] % IBIDI_UNICODE_BC_COUNT);
    const unsigned mask = (unsigned)data[0] >> 2 & IBIDI_RFC5893_ALL_CONDITIONS;
    require((ibidi_rfc5893_conditions(cls, m, mask) & ~mask) == 0);
    require(ibidi_rfc5893_rfc3454_rule_ok(cls, m) == rfc3454_direct(cls, m));
    require(m == 0 || ibidi_rfc5893_rfc3454_rule_ok(NULL, m) == 0);
    require(ibidi_rfc5893_placement_name((ibidi_rfc5893_placement)IBIDI_RFC5893_PLACEMENTS) ==
            NULL);
    ibidi_rfc5893_grouping g;
    if (m <= 12) {
        g.holds = -1;
        st = ibidi_rfc5893_grouping_classes(cls, m, options & ~(unsigned)IBIDI_RFC5893_CONTROLS,
                                            &g, NULL);
        require(st == IBIDI_OK && (g.holds == 0 || g.holds == 1) &&
                (g.holds || g.failed.x == cls));
    }
    require(m == 0 || ibidi_rfc5893_conditions(NULL, m, mask) == mask);
    if (m <= 8) {
        size_t first_bad = m;
        for (size_t i = 0; i < m && first_bad == m; i++)
            if ((uint8_t)name[i] >= IBIDI_UNICODE_BC_COUNT)
                first_bad = i;
        ibidi_error gerr;
        st = ibidi_rfc5893_grouping_classes((const uint8_t *)name, m, IBIDI_RFC5893_ONLY_LTR,
                                            &g, &gerr);
        if (first_bad == m)
            require(st == IBIDI_OK);
        else
            require(st == IBIDI_E_RFC5893_CLASS && gerr.offset == first_bad &&
                    gerr.value == (uint8_t)name[first_bad]);
    }
    return 0;
}
