/*
 * Fuzz target for UTS #39 confusable detection (include/ibidi/confusable.h): the input is
 * UTF-8 text. Properties checked with abort():
 *  1. no crash; ill-formed input and the bounds give the documented statuses;
 *  2. the UTF-8 and code point calls agree (skeleton, and the bidi skeleton in both
 *     directions), status and result;
 *  3. snprintf contract: a size query (no buffer) reports the length the full call writes;
 *  4. the skeleton is in NFD (UTS #39 §4 ends with NFD), and holds no default ignorable;
 *  5. a text whose code points are all left-to-right letters has the same bidi skeleton in
 *     a left-to-right paragraph as its skeleton;
 *  6. per code point: a prototype of at most IBIDI_CONFUSABLE_MAX_PROTOTYPE code points;
 *     at least one Identifier_Type, each with a name; Identifier_Status Allowed only with
 *     the types Recommended or Inclusion (UTS #39 §3.1, Table 1); a confusable set in code
 *     point order that holds the code point;
 *  7. the look-alike findings: warnings of the three codes, within the input, a
 *     RESTRICTED_CHARACTER exactly on each character that is not Allowed;
 *  8. the look-alike forms (ibidi_confusable_forms_utf8, a small bound): each other than
 *     the input, with its bidi skeleton in that direction, and 1 or 2 changes from one
 *     member of a confusable set to another; the counts agree with the callback's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

static void require(int ok)
{
    if (!ok)
        abort();
}

#define CAP 8192

typedef struct form_check {
    const char *s;
    size_t len, calls;
    ibidi_dir dir;
    const char *skel;
    size_t skel_len;
} form_check;

static int check_form(const ibidi_confusable_form *f, void *ctx)
{
    form_check *c = ctx;
    static char sk[16 * CAP];
    ibidi_buf b = {sk, sizeof sk, 0};
    c->calls++;
    require(!(f->len == c->len && memcmp(f->text, c->s, f->len) == 0));
    require(f->n_changes >= 1 && f->n_changes <= 2);
    for (size_t i = 0; i < f->n_changes; i++) {
        uint32_t set[128];
        size_t n = ibidi_confusable_set(f->from[i], set, 128), in = 0;
        for (size_t j = 0; j < n && j < 128; j++)
            in |= set[j] == f->to[i];
        require(in && f->from[i] != f->to[i]);
    }
    require(ibidi_confusable_bidi_skeleton_utf8(f->text, f->len, c->dir, &b, NULL) ==
                IBIDI_OK &&
            b.len == c->skel_len && memcmp(sk, c->skel, b.len) == 0);
    return 0;
}

/* Property 8. */
static void forms(const char *s, size_t size)
{
    static char skel[16 * CAP];
    for (int d = 0; d < 2; d++) {
        const ibidi_dir dir = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        ibidi_buf b = {skel, sizeof skel, 0};
        if (ibidi_confusable_bidi_skeleton_utf8(s, size, dir, &b, NULL) != IBIDI_OK)
            continue;
        form_check c = {s, size, 0, dir, skel, b.len};
        const ibidi_confusable_forms_options o = {dir, (unsigned)(size & 1), 2, 300,
                                                  check_form, &c};
        ibidi_confusable_forms_stats st;
        ibidi_status fs = ibidi_confusable_forms_utf8(s, size, &o, &st, NULL);
        require(fs == IBIDI_OK || fs == IBIDI_E_AMBIG_CONTROL || fs == IBIDI_E_TWINS_TOO_LONG);
        if (fs == IBIDI_OK)
            require(st.forms == c.calls && st.candidates <= 300 + st.displays &&
                    st.displays <= 300);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint32_t cps[CAP], out32[4 * CAP], nfd[8 * CAP];
    static char out[16 * CAP];
    const char *s = (const char *)data;
    if (size > CAP)
        return 0;
    ibidi_buf32 dec = {cps, CAP, 0};
    int ok8 = ibidi_utf8_decode(s, size, &dec, NULL) == IBIDI_OK;
    if (ok8)
        forms(s, size);
    for (size_t i = 0; ok8 && i < dec.len; i++) { /* property 6 */
        uint32_t p[IBIDI_CONFUSABLE_MAX_PROTOTYPE];
        require(ibidi_confusable_prototype(cps[i], p, IBIDI_CONFUSABLE_MAX_PROTOTYPE) <=
                IBIDI_CONFUSABLE_MAX_PROTOTYPE);
        const unsigned t = ibidi_confusable_identifier_type(cps[i]);
        require(t != 0);
        for (unsigned b = 0; b < 16; b++)
            require(!(t >> b & 1) || ibidi_confusable_type_name(1u << b) != NULL);
        const unsigned keep =
            IBIDI_CONFUSABLE_TYPE_RECOMMENDED | IBIDI_CONFUSABLE_TYPE_INCLUSION;
        require(!ibidi_confusable_identifier_allowed(cps[i]) || (t & ~keep) == 0);
        uint32_t set[64];
        size_t ns = ibidi_confusable_set(cps[i], set, 64), found = 0;
        for (size_t k = 0; k < ns && k < 64; k++) {
            require(k == 0 || set[k - 1] < set[k]);
            found += set[k] == cps[i];
        }
        require(ns == 0 || ns > 64 || found == 1);
    }
    /* property 7 */
    static ibidi_finding items[CAP];
    ibidi_findings fs = {items, CAP, 0, 0};
    ibidi_status cs = ibidi_confusable_check_utf8(s, size, &fs, NULL);
    require(ok8 ? cs == IBIDI_OK : cs != IBIDI_OK);
    if (ok8) {
        size_t restricted = 0, expected = 0;
        require(fs.errors == 0 && fs.n <= CAP);
        for (size_t i = 0; i < fs.n; i++) {
            const ibidi_finding *f = &items[i];
            require(f->severity == IBIDI_SEVERITY_WARNING && f->offset + f->length <= size);
            require(f->code == IBIDI_CONFUSABLE_RESTRICTED_CHARACTER ||
                    f->code == IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE ||
                    f->code == IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE);
            restricted += f->code == IBIDI_CONFUSABLE_RESTRICTED_CHARACTER;
        }
        for (size_t i = 0; i < dec.len; i++)
            expected += cps[i] != '.' && !ibidi_confusable_identifier_allowed(cps[i]);
        require(restricted == expected);
    }
    for (int mode = 0; mode < 3; mode++) {
        const ibidi_dir dir = mode == 2 ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        ibidi_buf b = {out, sizeof out, 0};
        ibidi_buf32 b32 = {out32, 4 * CAP, 0};
        ibidi_error e;
        ibidi_status st, st32;
        if (mode == 0) {
            st = ibidi_confusable_skeleton_utf8(s, size, &b, &e);
            st32 = ok8 ? ibidi_confusable_skeleton_cp(cps, dec.len, &b32, NULL) : st;
        } else {
            st = ibidi_confusable_bidi_skeleton_utf8(s, size, dir, &b, &e);
            st32 = ok8 ? ibidi_confusable_bidi_skeleton_cp(cps, dec.len, dir, &b32, NULL) : st;
        }
        if (st != IBIDI_OK) { /* property 1 */
            require(!ok8 || st == IBIDI_E_TOO_LONG);
            require(b.len == 0 && st32 == st);
            continue;
        }
        /* property 2 */
        require(st32 == IBIDI_OK);
        static char enc[16 * CAP];
        ibidi_buf eb = {enc, sizeof enc, 0};
        require(ibidi_utf8_encode(out32, b32.len, &eb, NULL) == IBIDI_OK);
        require(eb.len == b.len && memcmp(enc, out, b.len) == 0);
        /* property 3 */
        ibidi_buf none = {NULL, 0, 0};
        ibidi_status sq = mode == 0 ? ibidi_confusable_skeleton_utf8(s, size, &none, NULL)
                                    : ibidi_confusable_bidi_skeleton_utf8(s, size, dir, &none,
                                                                          NULL);
        require((b.len == 0 && sq == IBIDI_OK) || (sq == IBIDI_E_BUFFER_TOO_SMALL &&
                                                     none.len == b.len));
        /* property 4 */
        ibidi_buf32 n = {nfd, 8 * CAP, 0};
        require(ibidi_normalize_cp(out32, b32.len, IBIDI_NORMALIZE_NFD, &n, NULL) == IBIDI_OK);
        require(n.len == b32.len && memcmp(nfd, out32, n.len * sizeof *nfd) == 0);
        for (size_t i = 0; i < b32.len; i++)
            require(!ibidi_unicode_default_ignorable(out32[i]));
        /* property 5 */
        if (mode == 1) {
            int all_l = 1;
            for (size_t i = 0; i < dec.len && all_l; i++)
                all_l = ibidi_unicode_bidi_class(cps[i]) == IBIDI_UNICODE_BC_L;
            if (all_l) {
                static char plain[16 * CAP];
                ibidi_buf pb = {plain, sizeof plain, 0};
                require(ibidi_confusable_skeleton_utf8(s, size, &pb, NULL) == IBIDI_OK);
                require(pb.len == b.len && memcmp(plain, out, b.len) == 0);
            }
        }
    }
    return 0;
}
