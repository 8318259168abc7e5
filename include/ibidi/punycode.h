/*
 * ibidi/punycode.h: Punycode (RFC 3492), the encoding of A-labels, with the overflow checks
 * of §6.4. Whole strings: no "xn--" prefix and no label splitting (ibidi/idna.h does both).
 * Conventions are those of ibidi/common.h; nothing here allocates. Stack:
 * IBIDI_PUNYCODE_STACK.
 */
#ifndef IBIDI_PUNYCODE_H
#define IBIDI_PUNYCODE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Decoding option: accept only the encoding the encoder produces (lower-case digits, no
 * basic code point inserted by a delta). A-labels must be canonical (RFC 5891 §5.4:
 * decode, re-encode, compare). A delimiter without basic code points before it is refused
 * without the option too (BAD_INPUT: RFC 3492 §6.2 reads it as a digit). */
#define IBIDI_PUNYCODE_CANONICAL 1u

/* Longest string, in code points, that the calls encode or decode: far beyond a DNS label
 * (63 octets, RFC 1034 §3.1) and beyond any label of IBIDI_IDNA_MAX_CPS code points, and a
 * bound on their time (RFC 3492 §6's insertion coding is quadratic in the length: 4096
 * code points take milliseconds, 100000 take seconds). Longer input to the encoder, or
 * input that decodes to more, gives IBIDI_E_PUNYCODE_TOO_LONG; nothing is truncated. */
#define IBIDI_PUNYCODE_MAX_CPS 4096

/* Worst-case stack of both calls, in bytes (gcc -O2, x86-64). */
#define IBIDI_PUNYCODE_STACK 1024

/* Encodes code points as Punycode (without the "xn--" prefix) into out (ibidi/common.h's
 * output record): out->data gets up to out->cap bytes (not NUL-terminated), out->len the
 * length of the whole encoding, also when it does not fit (IBIDI_E_BUFFER_TOO_SMALL), and 0
 * after any other error. Errors: IBIDI_E_CP_SURROGATE, IBIDI_E_CP_TOO_LARGE (offset =
 * index), IBIDI_E_PUNYCODE_OVERFLOW (RFC 3492 §6.4), IBIDI_E_PUNYCODE_TOO_LONG (n above
 * IBIDI_PUNYCODE_MAX_CPS, checked first: offset = the first index beyond it),
 * IBIDI_E_BUFFER_TOO_SMALL, IBIDI_E_INVALID_ARGUMENT (cps NULL with n, out NULL, or
 * out->data NULL with out->cap). */
IBIDI_API ibidi_status ibidi_punycode_encode(const uint32_t *cps, size_t n, ibidi_buf *out,
                                             ibidi_error *err);
/* Decodes Punycode (without the "xn--" prefix) into out: out->data gets up to out->cap code
 * points, out->len the number of code points of the whole decoding, also when they do not
 * fit (IBIDI_E_BUFFER_TOO_SMALL) or the encoding is not canonical; 0 after the other
 * errors. Errors name the byte offset: IBIDI_E_PUNYCODE_BAD_INPUT, _TRUNCATED, _OVERFLOW,
 * _RANGE, _NOT_CANONICAL (with IBIDI_PUNYCODE_CANONICAL), IBIDI_E_PUNYCODE_TOO_LONG (more
 * than IBIDI_PUNYCODE_MAX_CPS code points: offset = where the first one beyond it is
 * coded), IBIDI_E_BUFFER_TOO_SMALL, IBIDI_E_INVALID_ARGUMENT (s NULL with len, out NULL,
 * or out->data NULL with out->cap). */
IBIDI_API ibidi_status ibidi_punycode_decode(const char *s, size_t len, unsigned flags,
                                             ibidi_buf32 *out, ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_PUNYCODE_H */
