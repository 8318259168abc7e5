/*
 * ibidi/json.h: the library's records as JSON (RFC 8259), written once, so that `ibidi
 * check --json`, every other command's findings and the SQL function ibidi_check give the
 * same text for the same record.
 *
 * Strings are UTF-8 with '"', '\', the C0 controls and DEL escaped; a byte of ill-formed
 * UTF-8 becomes U+FFFD (ibidi_json_verdict then also writes the input's bytes in hex, as
 * "input_hex", so that they are never lost). Offsets and lengths are bytes. Conventions are
 * those of ibidi/common.h: the text goes to an ibidi_buf, whose len gets the size the
 * whole text needs (IBIDI_E_BUFFER_TOO_SMALL when it does not fit); nothing is allocated
 * but by the _alloc call. Stack: IBIDI_JSON_STACK.
 */
#ifndef IBIDI_JSON_H
#define IBIDI_JSON_H

#include "common.h"
#include "show.h"
#include "verdict.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IBIDI_JSON_STACK 1024

/* A JSON string literal of s[0..len), quotes included. */
IBIDI_API ibidi_status ibidi_json_string(const char *s, size_t len, ibidi_buf *out);

/*
 * One finding as a JSON object, with the same fields for every code: "code", "severity"
 * ("error" or "warning"), "label" (the label it concerns: IDNA, the script policy, the
 * LGR, RFC 5893 §3) or "component" (the identifier rules, the ambiguity analysis) unless
 * it concerns no part, "offset", "length", "input_offset" and "input_length" (only where
 * they differ from offset and length: a verdict's finding in a label that an A-label
 * wrote), "cp" ("U+05D0", when there is one), "bidi_class" (when there is one), "context"
 * ("ltr", "rtl"), the detail by its meaning ("condition" of HOST_BIDI_RULE, "expression" of
 * NUMBER_SEPARATOR, "root_label" of A4_2, "restriction" of RESTRICTION_LEVEL, "zero" of
 * MIXED_NUMBERS, "status" of LGR_INELIGIBLE, "action" of LGR_NOT_REGISTRABLE, "detail"
 * otherwise; only when not 0), "text" (text[offset, offset + length), when text is given
 * and holds it), "message" (ibidi_code_message).
 */
IBIDI_API ibidi_status ibidi_json_finding(const ibidi_finding *f, const char *text,
                                          size_t text_len, ibidi_buf *out);

/*
 * A verdict (ibidi/verdict.h) as one JSON object, what `ibidi check --json` prints for an
 * item: "input" (input[0..input_len), the text as the caller has it; "input_hex" too when
 * it is not well-formed UTF-8), "kind", "profile", "valid", "fqdn" (true when the root
 * label was set aside), "status" (the reasons, "[B1]"), then either "error" ({"status",
 * "offset", "message"}: no identifier) or: "a_label" (domain names), "unicode", "findings"
 * (every finding, ibidi_json_finding, "text" from the Unicode form), "restriction" and
 * "max_restriction" (when the policy ran; the second only under a policy), "labels"
 * ([{"label", "offset", "input_offset", "input_length", "restriction", "category"}]),
 * "bidi_domain_name" (when there are labels), "profiles" (domain names: [{"profile",
 * "valid", "status" or "error"}]), "lgr" (when an LGR was given), "rfc5893" (domain names:
 * {"checked", "error"}), "ambiguity" ({"analysed", "error"}) and "display" ({"ltr",
 * "rtl"}, when made).
 */
IBIDI_API ibidi_status ibidi_json_verdict(const ibidi_verdict *v, const char *input,
                                          size_t input_len, ibidi_buf *out);
/* Allocating convenience: the text in out->data, NUL-terminated (release with ibidi_free). */
IBIDI_API ibidi_status ibidi_json_verdict_alloc(const ibidi_verdict *v, const char *input,
                                                size_t input_len, ibidi_buf *out);

/*
 * A decision of how to show an identifier (ibidi/show.h) as one JSON object, what `ibidi
 * show --json` prints for an item: "input" ("input_hex" too when it is not well-formed
 * UTF-8), "kind", "policy", "context", "valid", "unicode" (every label shown in Unicode),
 * then either "error" (no identifier: {"status", "offset", "message"}) or "show" (the
 * string to show), "form" (its presentation form, when made), "unicode_form" (the
 * identifier's, its host in U-labels),
 * "labels" ([{"label" (U-label), "shown", "as", "input_offset", "input_length",
 * "reasons" (their indices in "reasons")}]), "reasons" (every reason,
 * ibidi_json_finding, "text" from the identifier's Unicode form), "data_version".
 */
IBIDI_API ibidi_status ibidi_json_show(const ibidi_show *r, const char *input, size_t input_len,
                                       ibidi_buf *out);
/* Allocating convenience: the text in out->data, NUL-terminated (release with ibidi_free). */
IBIDI_API ibidi_status ibidi_json_show_alloc(const ibidi_show *r, const char *input,
                                             size_t input_len, ibidi_buf *out);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_JSON_H */
