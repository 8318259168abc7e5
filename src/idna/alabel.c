/*
 * The A-label fast path of UTS #46 ToASCII and ToUnicode (§4.2, §4.3): a UTF-8 name of
 * ASCII letters, digits, hyphens and full stops, some of whose labels are A-labels
 * ("xn--5dbqzzl.example"), as zone files and the DNS hold names, that yields no finding.
 *
 * What the general path (src/idna/process.c) learns from each step is read off in one
 * pass per label:
 *   - Map (§4 step 1) lowercases ASCII letters and changes nothing else here: any other
 *     byte (non-ASCII, or ASCII other than letters, digits, "-" and ".") leaves the path;
 *   - Normalize (step 2) leaves an ASCII name as it is;
 *   - Break (step 3) splits at ".": an empty label (the root label among them) leaves;
 *   - Convert (step 4): an "xn--" label is decoded (RFC 3492 §6.2) by
 *     ibidi__punycode_decode_lane, which returns 0 wherever the canonical decoding of
 *     step 4.2 would fail (so would the general path: P4) or give ASCII only (step 4.3);
 *     another label with "--" in positions 3 and 4 leaves (criteria 2, 4);
 *   - the validity criteria (§4.1) of a decoded label: 1 (NFC) by the quick check of
 *     UAX #15 §9, "yes" for every code point with combining classes in order; 2, 3 and 4
 *     on the decoded code points; 5 holds (a decoded code point is >= U+0080 or was a
 *     basic code point of the label, never "."); 6 by the General_Category of the first
 *     code point; 7 by one UTS #46 status lookup per code point (valid, or a deviation:
 *     a decoded label is not mapped, so deviations stay valid in transitional processing
 *     too); 8 holds because ZWNJ and ZWJ leave the path (RFC 5892 A.1, A.2 would decide);
 *   - criterion 9 (RFC 5893 §2) on the Bidi classes, on every label of a Bidi domain name
 *     (§1.4), and the warning of §2 on a label starting with a digit after an RTL label;
 *   - ToASCII (§4.2 step 3): a decoded label is the canonical encoding of its code points
 *     (the decoder accepts nothing else), so re-encoding it gives the label's bytes back:
 *     ToASCII's output is the lowercased name. Step 4 (VerifyDnsLength): a label over 63
 *     octets or a name over 253 leaves the path.
 * Whenever the general path would report anything, or the output does not fit, the path
 * returns 0 and the general path redoes the name and reports it; so every check may be
 * stricter than the rule, never looser. tests/test_idna_api.c compares the UTF-8 calls,
 * which take this path, with the code point calls, which do not.
 */
#include <string.h>

#include "ibidi/idna.h"
#include "idna/idna_internal.h"
#include "idna/punycode_internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

/* RFC 1034 §3.1: 253 octets for a name without its root label; longer names leave. */
#define ALABEL_MAX 253
#define ZWNJ 0x200Cu
#define ZWJ 0x200Du
#define NON_ASCII (1u << 31) /* above the Bidi_Class bits of a label's class set */

/* UTS #46 §4 step 1 on ASCII: a-z, 0-9, "-" and "." map to themselves, A-Z to a-z; 0 for
 * every other byte (a table: punycode mixes letters and digits at random, and a branch on
 * the kind of byte would be mispredicted every few bytes). */
#define LOW(c) [(c) - 'a' + 'A'] = (c), [c] = (c)
#define SELF(c) [c] = (c)
static const unsigned char map_ascii[256] = {
    SELF('-'), SELF('.'), SELF('0'), SELF('1'), SELF('2'), SELF('3'), SELF('4'), SELF('5'),
    SELF('6'), SELF('7'), SELF('8'), SELF('9'), LOW('a'),  LOW('b'),  LOW('c'),  LOW('d'),
    LOW('e'),  LOW('f'),  LOW('g'),  LOW('h'),  LOW('i'),  LOW('j'),  LOW('k'),  LOW('l'),
    LOW('m'),  LOW('n'),  LOW('o'),  LOW('p'),  LOW('q'),  LOW('r'),  LOW('s'),  LOW('t'),
    LOW('u'),  LOW('v'),  LOW('w'),  LOW('x'),  LOW('y'),  LOW('z')};
#undef LOW
#undef SELF

/* UTS #46 §4.1 criteria 1, 6, 7 and 8 on the decoded label l[0..n), with the Bidi class of
 * each code point into cls; returns the label's class set (IBIDI__BC_BIT, NON_ASCII), or 0
 * when a criterion may fail. */
static unsigned check_decoded(const uint32_t *l, size_t n, uint8_t *cls)
{
    unsigned bits = 0, last_ccc = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t cp = l[i];
        if (cp < 0x80) { /* a basic code point: a-z, 0-9 or "-" (the path's input) */
            cls[i] = (uint8_t)ibidi__bc(cp);
            bits |= IBIDI__BC_BIT(cls[i]);
            last_ccc = 0;
            continue;
        }
        /* criterion 7: valid or deviation (nontransitional for a decoded label); criterion
         * 8: a joiner needs RFC 5892 A.1 / A.2, which the general path applies */
        const unsigned st = ibidi__uts46_rec[ibidi__trie(ibidi__uts46_s1, ibidi__uts46_s2,
                                                         ibidi__uts46_s3, IBIDI__UTS46_SH1,
                                                         IBIDI__UTS46_SH2, cp)].status & 7u;
        if (st != IBIDI_UNICODE_UTS46_VALID &&
            (st != IBIDI_UNICODE_UTS46_DEVIATION || cp == ZWNJ || cp == ZWJ))
            return 0;
        const ibidi__props *p = ibidi__props_of(cp);
        /* criterion 1: UAX #15 §9 quick check "yes" (NFC_Quick_Check=Yes, combining
         * classes in canonical order), so NFC leaves the label as it is */
        const unsigned ccc = IBIDI__NI_CCC(p->norm);
        if (IBIDI__NI_NFC_QC(p->norm) != IBIDI_NORMALIZE_YES || (ccc && ccc < last_ccc))
            return 0;
        last_ccc = ccc;
        /* criterion 6: the label does not begin with a combining mark */
        if (i == 0 && (p->gc == IBIDI_UNICODE_GC_MN || p->gc == IBIDI_UNICODE_GC_MC ||
                       p->gc == IBIDI_UNICODE_GC_ME))
            return 0;
        cls[i] = p->bc;
        bits |= IBIDI__BC_BIT(p->bc) | NON_ASCII;
    }
    return bits;
}

int ibidi__idna_alabel_lane(const char *name, size_t len, unsigned flags, int to_ascii,
                            char *out, size_t cap, size_t *out_len)
{
    const unsigned char *s = (const unsigned char *)name;
    unsigned char buf[ALABEL_MAX];
    unsigned char *lc = buf;               /* the name after Map: ToASCII's output */
    uint32_t cps[ALABEL_MAX];              /* the labels after Convert, "." between */
    uint8_t cls[ALABEL_MAX];               /* the Bidi class of each */
    uint8_t lab_end[ALABEL_MAX / 2 + 1];   /* where each label ends in cps */
    unsigned lab_bits[ALABEL_MAX / 2 + 1]; /* its class set, with NON_ASCII */
    size_t nl = 0, n = 0, a = 0;
    unsigned seen = 0;
    int decoded = 0;
    const int hyphens = (flags & IBIDI_IDNA_CHECK_HYPHENS) != 0;
    if (len == 0 || len > ALABEL_MAX ||
        (flags & (IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER)) ||
        (to_ascii && (flags & IBIDI_IDNA_URL_HOST))) /* the URL Standard's ASCII carve-out */
        return 0;
    if (to_ascii) { /* the output is the name after Map; written where it goes */
        if (len > cap)
            return 0;
        lc = (unsigned char *)out;
    }
    while (a <= len) {
        size_t e = a;
        for (; e < len && s[e] != '.'; e++) /* Map (§4 step 1), up to the next full stop */
            if (!(lc[e] = map_ascii[s[e]]))
                return 0;
        const size_t m = e - a;
        unsigned bits = 0;
        if (m == 0 || m > 63) /* an empty label (step 3), a long one (§4.2 step 4) */
            return 0;
        if (m >= 4 && lc[a + 2] == '-' && lc[a + 3] == '-') {
            if (lc[a] != 'x' || lc[a + 1] != 'n') /* criteria 2, 4 */
                return 0;
            /* step 4: an A-label, decoded (RFC 3492 §6.2); its code points cannot be more
             * than the bytes of its Punycode */
            const size_t got = ibidi__punycode_decode_lane((const char *)lc + a + 4, m - 4,
                                                           cps + n, ALABEL_MAX - n);
            if (!got)
                return 0;
            const uint32_t *l = cps + n;
            if (got >= 4 && l[2] == '-' && l[3] == '-') /* criteria 2, 4 on the U-label */
                return 0;
            if (hyphens && (l[0] == '-' || l[got - 1] == '-')) /* criterion 3 */
                return 0;
            if (!(bits = check_decoded(l, got, cls + n)))
                return 0;
            n += got;
            decoded = 1;
        } else {
            if (hyphens && (lc[a] == '-' || lc[e - 1] == '-')) /* criterion 3 */
                return 0;
            for (size_t i = a; i < e; i++, n++) {
                cps[n] = lc[i];
                cls[n] = (uint8_t)ibidi__bc(lc[i]);
                bits |= IBIDI__BC_BIT(cls[n]);
            }
        }
        lab_end[nl] = (uint8_t)n;
        lab_bits[nl++] = bits;
        seen |= bits;
        if (e == len)
            break;
        lc[e] = '.';
        cps[n] = '.';
        cls[n++] = (uint8_t)IBIDI_UNICODE_BC_CS;
        a = e + 1;
    }
    if (!decoded) /* no A-label: the other paths' name */
        return 0;
    const unsigned rtl_bits = IBIDI__BC_BIT(IBIDI_UNICODE_BC_R) |
                              IBIDI__BC_BIT(IBIDI_UNICODE_BC_AL) |
                              IBIDI__BC_BIT(IBIDI_UNICODE_BC_AN);
    const int check_bidi = (flags & IBIDI_IDNA_CHECK_BIDI) && (seen & rtl_bits); /* §1.4 */
    int seen_rtl = 0;
    for (size_t li = 0, b = 0; li < nl; li++) {
        const size_t e = lab_end[li];
        if (check_bidi && ibidi__rule_classes(cls + b, e - b, IBIDI__RULE_STOP, NULL, NULL))
            return 0; /* criterion 9 (or, label by label, the warning) */
        /* RFC 5893 §2: a label of ASCII starting with a digit after an RTL label */
        if (seen_rtl && !(lab_bits[li] & NON_ASCII) && cps[b] - '0' < 10u)
            return 0;
        seen_rtl |= (lab_bits[li] & rtl_bits) != 0;
        b = e + 1;
    }
    if (to_ascii) { /* §4.2 step 3: each A-label re-encodes to itself */
        *out_len = len;
        return 1;
    }
    /* §4.3: the labels after Convert */
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (cap - o < 4) {
            char b[4];
            const size_t k = ibidi__utf8_put(b, cps[i]);
            if (k > cap - o)
                return 0;
            memcpy(out + o, b, k);
            o += k;
        } else {
            o += ibidi__utf8_put(out + o, cps[i]);
        }
    }
    *out_len = o;
    return 1;
}
