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

/* Normalizes UTF-8 text into dst (cap bytes). *out_len gets the size of the complete
 * result. Ill-formed UTF-8 is an error at its byte offset. No allocation; any input
 * length, including unbounded runs of combining marks. */
IBIDI_API ibidi_status ibidi_normalize_utf8(ibidi_normalize_form form, const char *src,
                                            size_t len, char *dst, size_t cap, size_t *out_len,
                                            ibidi_error *err);
/* The same for code points; surrogates and values above 10FFFF are errors at their index. */
IBIDI_API ibidi_status ibidi_normalize_cp(ibidi_normalize_form form, const uint32_t *src,
                                          size_t len, uint32_t *dst, size_t cap, size_t *out_len,
                                          ibidi_error *err);
/* UAX #15 quick check: YES means src is in the form, NO that it is not, MAYBE that only
 * a full check can say. One pass; ASCII and common text take the fast path. The whole
 * input is checked: ill-formed input is an error even after the answer is known. */
IBIDI_API ibidi_status ibidi_normalize_quick_check_utf8(ibidi_normalize_form form,
                                                        const char *src, size_t len,
                                                        ibidi_normalize_qc *result,
                                                        ibidi_error *err);
IBIDI_API ibidi_status ibidi_normalize_quick_check_cp(ibidi_normalize_form form,
                                                      const uint32_t *src, size_t len,
                                                      ibidi_normalize_qc *result,
                                                      ibidi_error *err);
/* Definite answer: *result = 1 if src is in the form, else 0 (quick check first, then a
 * comparison with the normalized text, without allocation). */
IBIDI_API ibidi_status ibidi_normalize_is_normalized_utf8(ibidi_normalize_form form,
                                                          const char *src, size_t len,
                                                          int *result, ibidi_error *err);
/* Allocating convenience wrapper: *out gets a NUL-terminated malloc'd string (free with
 * ibidi_free), *out_len (may be NULL) its length without the terminator. */
IBIDI_API ibidi_status ibidi_normalize_utf8_alloc(ibidi_normalize_form form,
                                                  const char *src, size_t len, char **out,
                                                  size_t *out_len, ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_NORMALIZE_H */
