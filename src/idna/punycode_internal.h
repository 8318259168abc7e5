/* Internal helpers around Punycode (RFC 3492) for the IDNA processing code. The codec
 * itself is the public ibidi_punycode_encode / ibidi_punycode_decode (ibidi/idna.h).
 * Not installed. */
#ifndef IBIDI_PUNYCODE_INTERNAL_H
#define IBIDI_PUNYCODE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/idna.h"

/* RFC 3492 §6.2: whether Punycode input that decodes without error decodes to basic (ASCII)
 * code points only, which is so exactly when it has no delta: it is empty or ends with the
 * delimiter. Answers UTS #46 §4 step 4's "contains only ASCII" without decoding (the input
 * must still be decoded to know that it is valid). */
static inline int ibidi__punycode_is_basic_only(const char *s, size_t len)
{
    return len == 0 || s[len - 1] == '-';
}

/* RFC 3492 §6.2 on the lower-case Punycode of an A-label, for the A-label fast path of
 * UTS #46: the code points decoded into out (at most cap), or 0 where that path falls
 * back (see src/idna/punycode.c). Succeeds exactly where ibidi_punycode_decode with
 * IBIDI_PUNYCODE_CANONICAL succeeds with some non-basic code point and no more than cap
 * code points, with the same output. */
size_t ibidi__punycode_decode_lane(const char *s, size_t len, uint32_t *out, size_t cap);

/* RFC 3492 §6.3: a bound on the length of ibidi_punycode_encode's output for cps[0..n)
 * (scalar values), found in one pass without encoding, or SIZE_MAX for more than 63 code
 * points. Encoding such a label cannot fail. At least the true length; close enough for
 * the labels of one script that RFC 5891 §4.2's 63 octets are proved without encoding. */
size_t ibidi__punycode_bound(const uint32_t *cps, size_t n);

#endif
