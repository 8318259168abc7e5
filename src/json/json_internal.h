/* The JSON writer's own pieces (src/json/), shared by its files: text appended to the
 * caller's buffer as far as it fits, and counted all the same, as snprintf does. */
#ifndef IBIDI_JSON_INTERNAL_H
#define IBIDI_JSON_INTERNAL_H

#include <stddef.h>

#include "ibidi/common.h"

typedef struct ibidi__out {
    char *data;
    size_t cap;
    size_t len; /* every byte asked for, stored or not */
} ibidi__out;

void ibidi__out_put(ibidi__out *o, const char *s, size_t n);
void ibidi__out_str(ibidi__out *o, const char *s);
/* ,"key":v */
void ibidi__out_fmt_size(ibidi__out *o, const char *key, size_t v);
/* A JSON string literal of UTF-8 text (ill-formed bytes as U+FFFD). */
void ibidi__out_json_string(ibidi__out *o, const char *s, size_t len);
/* A finding as its JSON object (ibidi_json_finding). */
void ibidi__out_finding(ibidi__out *o, const ibidi_finding *x, const char *text, size_t text_len);
/* {"input": the input, and "input_hex" with its bytes when it is not well-formed UTF-8 */
void ibidi__out_input(ibidi__out *o, const char *input, size_t input_len);
/* ,"key": a text of a record, when present */
void ibidi__out_text(ibidi__out *o, const char *key, const char *data, size_t len);
/* ,"error":{"status", "offset", "message"} of a status */
void ibidi__out_error(ibidi__out *o, ibidi_status st, size_t offset);
/* The length into out, and IBIDI_E_BUFFER_TOO_SMALL when it did not fit. */
ibidi_status ibidi__out_done(const ibidi__out *o, ibidi_buf *out);

#endif
