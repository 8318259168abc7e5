/*
 * ibidi/normalize.h: the Unicode normalization forms NFC, NFD, NFKC and NFKD (UAX #15,
 * Unicode 17.0.0), on UTF-8 and on code points, and the quick check. Conventions are those
 * of ibidi/common.h; nothing here allocates but ibidi_normalize_utf8_alloc. Any input
 * length, including unbounded runs of combining marks, in a fixed area. Stack: under 1 KiB.
 */
#ifndef IBIDI_NORMALIZE_H
#define IBIDI_NORMALIZE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ibidi_normalize_form {
    IBIDI_NORMALIZE_NFC = 0,
    IBIDI_NORMALIZE_NFD = 1,
    IBIDI_NORMALIZE_NFKC = 2,
    IBIDI_NORMALIZE_NFKD = 3
} ibidi_normalize_form;
/* The answer of a quick check (UAX #15 §9). */
typedef enum ibidi_normalize_qc {
    IBIDI_NORMALIZE_YES = 0,
    IBIDI_NORMALIZE_NO = 1,
    IBIDI_NORMALIZE_MAYBE = 2
} ibidi_normalize_qc;

/* Every call takes its input first, then the form (as every ibidi call takes its options
 * after its input), then its outputs. */

/* Normalizes UTF-8 text into out (ibidi/common.h's output record): out->data gets up to
 * out->cap bytes (not NUL-terminated), out->len the size of the complete result, also when
 * it does not fit (IBIDI_E_BUFFER_TOO_SMALL). Ill-formed UTF-8 is an error at its byte
 * offset, and a result above SIZE_MAX bytes IBIDI_E_TOO_LONG; out->len is then 0.
 * IBIDI_E_INVALID_ARGUMENT for a form out of range, src NULL with len, out NULL, or
 * out->data NULL with out->cap. No allocation; any input length, including unbounded runs
 * of combining marks. */
IBIDI_API ibidi_status ibidi_normalize_utf8(const char *src, size_t len,
                                            ibidi_normalize_form form, ibidi_buf *out,
                                            ibidi_error *err);
/* The same for code points (out->cap and out->len count code points); surrogates and
 * values above 10FFFF are errors at their index. */
IBIDI_API ibidi_status ibidi_normalize_cp(const uint32_t *src, size_t len,
                                          ibidi_normalize_form form, ibidi_buf32 *out,
                                          ibidi_error *err);
/* UAX #15 quick check: YES means src is in the form, NO that it is not, MAYBE that only
 * a full check can say. One pass; ASCII and common text take the fast path. The whole
 * input is checked: ill-formed input is an error even after the answer is known. */
IBIDI_API ibidi_status ibidi_normalize_quick_check_utf8(const char *src, size_t len,
                                                        ibidi_normalize_form form,
                                                        ibidi_normalize_qc *result,
                                                        ibidi_error *err);
IBIDI_API ibidi_status ibidi_normalize_quick_check_cp(const uint32_t *src, size_t len,
                                                      ibidi_normalize_form form,
                                                      ibidi_normalize_qc *result,
                                                      ibidi_error *err);
/* Definite answer: *result = 1 if src is in the form, else 0 (quick check first, then a
 * comparison with the normalized text, without allocation). */
IBIDI_API ibidi_status ibidi_normalize_is_normalized_utf8(const char *src, size_t len,
                                                          ibidi_normalize_form form,
                                                          int *result, ibidi_error *err);
/* Allocating convenience wrapper of ibidi_normalize_utf8: out->data gets a NUL-terminated
 * malloc'd string (free with ibidi_free), out->len its length without the terminator;
 * out->cap is not read. After an error out->data is NULL and out->len 0; IBIDI_E_NOMEM
 * when memory runs out, IBIDI_E_INVALID_ARGUMENT for out NULL. */
IBIDI_API ibidi_status ibidi_normalize_utf8_alloc(const char *src, size_t len,
                                                  ibidi_normalize_form form, ibidi_buf *out,
                                                  ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_NORMALIZE_H */
