/*
 * ibidi/utf8.h: strict UTF-8 (Unicode 17.0 §3.9, Table 3-7): validation, decoding and
 * encoding, every error with its byte offset. Conventions are those of ibidi/common.h;
 * nothing here allocates. Stack: under 1 KiB.
 */
#ifndef IBIDI_UTF8_H
#define IBIDI_UTF8_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Checks that s[0..len) is well-formed UTF-8 (Unicode §3.9, Table 3-7). On success
 * *n_cps (may be NULL) gets the number of code points. On failure err->offset is the
 * byte offset where the ill-formed sequence starts. ASCII runs take a fast path. */
IBIDI_API ibidi_status ibidi_utf8_validate(const char *s, size_t len, size_t *n_cps,
                                           ibidi_error *err);
/* Decodes one code point at byte offset *pos and advances *pos past it. */
IBIDI_API ibidi_status ibidi_utf8_next(const char *s, size_t len, size_t *pos, uint32_t *cp,
                                       ibidi_error *err);
/* Decodes the whole string into out (ibidi/common.h's output record): out->data gets up to
 * out->cap code points, out->len the number of code points of the whole string, also when
 * they do not fit (IBIDI_E_BUFFER_TOO_SMALL). Ill-formed UTF-8 is an error at its byte
 * offset (out->len is then not set). out must not be NULL; out->data may be NULL with
 * out->cap 0 (IBIDI_E_INVALID_ARGUMENT otherwise). */
IBIDI_API ibidi_status ibidi_utf8_decode(const char *s, size_t len, ibidi_buf32 *out,
                                         ibidi_error *err);
/* Encodes n code points into out (out->len: the bytes of the whole result, also when they do
 * not fit; not NUL-terminated); surrogates and values above 10FFFF are errors at their
 * index (out->len is then not set). out as for ibidi_utf8_decode. */
IBIDI_API ibidi_status ibidi_utf8_encode(const uint32_t *cps, size_t n, ibidi_buf *out,
                                         ibidi_error *err);
/* Encodes one code point into out, returns 1-4, or 0 for a surrogate or a value above 10FFFF. */
IBIDI_API size_t ibidi_utf8_encode_cp(uint32_t cp, char out[4]);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_UTF8_H */
