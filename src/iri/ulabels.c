/*
 * An identifier as users see it (RFC 5894 §4.2: the U-label is what is displayed; an
 * A-label is for the protocol): the host of a domain name, IRI or mail address with its
 * "xn--" labels shown as U-labels, as ibidi_iri_unicode_form documents. The whole host
 * goes through UTS #46 ToUnicode (the form `ibidi scan` compares names in).
 */
#include <string.h>

#include "common/internal.h"
#include "ibidi/idna.h"
#include "ibidi/iri.h"

/* Does s[a..b) start with "xn--" (any case: RFC 5890 §2.3.2.1)? */
static int is_xn(const char *s, size_t a, size_t b)
{
    return b - a >= 4 && (s[a] | 0x20) == 'x' && (s[a + 1] | 0x20) == 'n' && s[a + 2] == '-' &&
           s[a + 3] == '-';
}

ibidi_status ibidi_iri_unicode_form(const char *s, size_t len, const ibidi_iri_options *opts,
                                    ibidi_buf *form, ibidi_error *err)
{
    static const ibidi_iri_options defaults = {IBIDI_IRI_AS_AUTO, 0,
                                               {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    const ibidi_iri_options *o = opts ? opts : &defaults;
    char *const out = form ? form->data : NULL;
    const size_t cap = form ? form->cap : 0;
    if (form)
        form->len = 0;
    if ((s == NULL && len > 0) || (out == NULL && cap > 0))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_iri_info info;
    ibidi_status st = ibidi_iri_parse(s, len, o->as, NULL, &info, err);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL)
        return st;
    const size_t hs = info.host.start, he = info.host.start + info.host.length;
    int any_xn = 0;
    if (info.host.present && info.host_kind == IBIDI_IRI_COMP_LABEL)
        for (size_t a = hs; a < he && !any_xn;) {
            size_t b = a;
            while (b < he && s[b] != '.')
                b++;
            any_xn = is_xn(s, a, b);
            a = b + 1;
        }
    /* The host, a DNS name of at most 253 octets (a root dot more), through ToUnicode: its
     * output is what users see even when it breaks rules (UTS #46 §4.3 keeps a label it
     * cannot decode as it is written). A first call sizes it (and says whether ToUnicode
     * runs at all), a second writes it in place, between the parts around the host. */
    ibidi_buf size = {NULL, 0, 0};
    int use_u = 0;
    if (any_xn && he - hs <= IBIDI_IRI_DOMAIN_MAX_OCTETS + 1) {
        const ibidi_status ust =
            ibidi_idna_to_unicode_utf8(s + hs, he - hs, &o->idna, &size, NULL, NULL);
        use_u = ust == IBIDI_OK || ust == IBIDI_E_IDNA_INVALID ||
                ust == IBIDI_E_BUFFER_TOO_SMALL;
    }
    const size_t ul = size.len;
    const size_t need = use_u ? len - (he - hs) + ul : len;
    if (form)
        form->len = need;
    if (need > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    if (need == 0) /* "xn--" alone decodes to nothing: out may be NULL */
        return ibidi__ok(err);
    if (!use_u) {
        if (len)
            memcpy(out, s, len);
        return ibidi__ok(err);
    }
    memcpy(out, s, hs);
    ibidi_buf host = {out + hs, ul, 0};
    (void)ibidi_idna_to_unicode_utf8(s + hs, he - hs, &o->idna, &host, NULL,
                                     NULL); /* the same run: the same ul bytes */
    memcpy(out + hs + ul, s + he, len - he);
    return ibidi__ok(err);
}
