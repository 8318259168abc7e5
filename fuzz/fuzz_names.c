/*
 * Fuzz target for the name lookups and the small calls on numbers (include/ibidi/common.h,
 * unicode.h, idna.h, iri.h, display.h): the reverse lookups parse text from outside, and
 * every name function takes any integer a binding passes.
 *
 * The input is a name (arbitrary bytes); its first four bytes, little-endian, are also
 * read as an integer. Properties checked with abort():
 *  1. ibidi_code_from_name gives -1 or the code whose name is exactly the input;
 *     ibidi_unicode_bidi_class_from_name and ibidi_unicode_script_from_name -1 or a value (the
 *     input is one of its aliases);
 *  2. the name of each value read back gives the value again (codes, classes, scripts);
 *  3. every name function returns NULL or a non-empty string for any integer, and
 *     ibidi_strerror never NULL;
 *  4. the work sizes: ibidi_bidi_work_size grows with n; ibidi_display_work_size is 0 up
 *     to IBIDI_DISPLAY_SMALL bytes and grows with the length; ibidi_idna_work_size is
 *     fixed and non-zero;
 *  5. ibidi_idna_options_flags: the profile's flags with add set and remove cleared, ~0u
 *     for an unknown profile.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int is_name(const char *n, const char *s, size_t len)
{
    return n != NULL && strlen(n) == len && memcmp(n, s, len) == 0;
}

static void name_ok(const char *n)
{
    require(n == NULL || n[0] != '\0');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    uint32_t v = 0;
    for (size_t i = 0; i < 4 && i < size; i++)
        v |= (uint32_t)data[i] << (8 * i);
    const int iv = (int)v;

    /* 1, 2 */
    ibidi_code c = ibidi_code_from_name(s, size);
    require(c == -1 || is_name(ibidi_code_name(c), s, size));
    if (c != -1)
        require(ibidi_code_message(c) != NULL);
    const char *cn = ibidi_code_name(iv);
    if (cn)
        require(ibidi_code_from_name(cn, strlen(cn)) == iv);
    require(ibidi_code_message(iv) != NULL);

    int bc = ibidi_unicode_bidi_class_from_name(s, size);
    require(bc == -1 || (bc >= 0 && bc < IBIDI_UNICODE_BC_COUNT));
    const char *bn =
        ibidi_unicode_bidi_class_name((ibidi_unicode_bc)(v % (IBIDI_UNICODE_BC_COUNT + 2)));
    if (bn)
        require(ibidi_unicode_bidi_class_from_name(bn, strlen(bn)) ==
                (int)(v % (IBIDI_UNICODE_BC_COUNT + 2)));
    if (bc != -1) /* the input is its short name or its long one */
        require(ibidi_unicode_bidi_class_name((ibidi_unicode_bc)bc) != NULL);

    int sc = ibidi_unicode_script_from_name(s, size);
    require(sc == -1 || (sc >= 0 && sc < IBIDI_UNICODE_SC_COUNT));
    if (sc != -1) /* its short or long name, or another alias (Qaac for Copt) */
        require(ibidi_unicode_script_name((ibidi_unicode_sc)sc) != NULL);
    const ibidi_unicode_sc vs = (ibidi_unicode_sc)(v % (IBIDI_UNICODE_SC_COUNT + 2));
    const char *sn = ibidi_unicode_script_name(vs), *sl = ibidi_unicode_script_long_name(vs);
    require((sn == NULL) == (sl == NULL));
    if (sn) {
        require(ibidi_unicode_script_from_name(sn, strlen(sn)) == (int)vs);
        require(ibidi_unicode_script_from_name(sl, strlen(sl)) == (int)vs);
    }

    /* 3: any integer, as a binding may pass one */
    name_ok(ibidi_unicode_bidi_class_name((ibidi_unicode_bc)iv));
    name_ok(ibidi_unicode_gc_name((ibidi_unicode_gc)iv));
    name_ok(ibidi_unicode_script_name((ibidi_unicode_sc)iv));
    name_ok(ibidi_unicode_script_long_name((ibidi_unicode_sc)iv));
    name_ok(ibidi_unicode_joining_type_name((ibidi_unicode_jt)iv));
    name_ok(ibidi_unicode_bracket_type_name((ibidi_unicode_bpt)iv));
    name_ok(ibidi_unicode_decomposition_type_name((ibidi_unicode_dt)iv));
    name_ok(ibidi_unicode_uts46_status_name((ibidi_unicode_uts46)iv));
    name_ok(ibidi_idna_profile_name((ibidi_idna_profile)iv));
    name_ok(ibidi_idna_property_name((ibidi_idna_property)iv));
    name_ok(ibidi_iri_kind_name((ibidi_iri_kind)iv));
    name_ok(ibidi_iri_component_kind_name((ibidi_iri_component_kind)iv));
    name_ok(ibidi_display_form_name((ibidi_display_form)iv));
    name_ok(ibidi_display_repr_name((ibidi_display_repr)iv));
    name_ok(ibidi_code_name(iv));
    name_ok(ibidi_status_name((ibidi_status)iv));
    require(ibidi_strerror((ibidi_status)iv) != NULL);
    require(ibidi_version() != NULL && ibidi_unicode_version() != NULL);

    /* 4 */
    const size_t n = v & 0xFFFFFu;
    require(ibidi_bidi_work_size(n) <= ibidi_bidi_work_size(n + 1));
    const size_t d = ibidi_display_work_size(n, 0);
    if (n <= IBIDI_DISPLAY_SMALL)
        require(d == 0);
    require(d <= ibidi_display_work_size(n + 1, 0) || ibidi_display_work_size(n + 1, 0) == 0);
    require(ibidi_display_work_size(n, 0) <= ibidi_display_work_size(n, 16) ||
            n + 16 <= IBIDI_DISPLAY_SMALL);
    require(ibidi_idna_work_size() > 0 && ibidi_idna_work_size() == ibidi_idna_work_size());

    /* 5 */
    ibidi_idna_options o = {(ibidi_idna_profile)(data[0 % (size ? size : 1)] & 7u), 0, 0,
                            NULL, 0};
    if (size == 0)
        o.profile = IBIDI_IDNA_PROFILE_UTS46;
    o.add = size > 1 ? data[1] : 0;
    o.remove = size > 2 ? data[2] : 0;
    const unsigned f = ibidi_idna_options_flags(&o);
    if (ibidi_idna_profile_name(o.profile) == NULL)
        require(f == ~0u);
    else
        require(f == ((ibidi_idna_profile_flags(o.profile) | o.add) & ~o.remove));
    require(ibidi_idna_options_flags(NULL) ==
            ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46));
    return 0;
}
