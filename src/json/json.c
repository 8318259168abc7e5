/*
 * JSON of the library's records (include/ibidi/json.h): a string literal, a finding with
 * the same fields wherever one is written, and a verdict, so that the command and the SQL
 * functions give one JSON for one record. RFC 8259: strings are UTF-8 with '"',
 * '\', the C0 controls and DEL escaped; a byte of ill-formed UTF-8 becomes U+FFFD (a
 * caller that must keep it writes the bytes in hex beside, as the command's "input_hex").
 * Nothing is allocated; the output goes to an ibidi_buf, as snprintf sizes it.
 */
#include <stdio.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/json.h"
#include "json/json_internal.h"
#include "ibidi/ambiguity.h"
#include "ibidi/confusable.h"
#include "ibidi/iri.h"
#include "ibidi/lgr.h"
#include "ibidi/show.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/uts39.h"

void ibidi__out_put(ibidi__out *o, const char *s, size_t n)
{
    if (o->len <= o->cap && n <= o->cap - o->len)
        memcpy(o->data + o->len, s, n);
    o->len += n;
}

void ibidi__out_str(ibidi__out *o, const char *s) { ibidi__out_put(o, s, strlen(s)); }

void ibidi__out_fmt_size(ibidi__out *o, const char *key, size_t v)
{
    char t[64];
    const int n = snprintf(t, sizeof t, ",\"%s\":%zu", key, v);
    ibidi__out_put(o, t, (size_t)n);
}

void ibidi__out_json_string(ibidi__out *o, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0, run = 0; /* bytes copied as they are, from i - run */
    ibidi__out_put(o, "\"", 1);
    while (i < len) {
        const unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            size_t at = i;
            uint32_t cp;
            if (ibidi_utf8_next(s, len, &i, &cp, NULL) == IBIDI_OK) {
                run += i - at;
                continue;
            }
            ibidi__out_put(o, s + at - run, run);
            ibidi__out_put(o, "\xEF\xBF\xBD", 3); /* U+FFFD REPLACEMENT CHARACTER */
            run = 0;
            i = at + 1;
            continue;
        }
        const char *e = NULL;
        char u[6] = {'\\', 'u', '0', '0', 0, 0};
        switch (c) {
        case '"': e = "\\\""; break;
        case '\\': e = "\\\\"; break;
        case '\n': e = "\\n"; break;
        case '\r': e = "\\r"; break;
        case '\t': e = "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7F) {
                u[4] = hex[c >> 4];
                u[5] = hex[c & 15];
            }
        }
        if (e || u[4]) {
            ibidi__out_put(o, s + i - run, run);
            ibidi__out_put(o, e ? e : u, e ? strlen(e) : 6);
            run = 0;
        } else {
            run++;
        }
        i++;
    }
    ibidi__out_put(o, s + i - run, run);
    ibidi__out_put(o, "\"", 1);
}

void ibidi__out_input(ibidi__out *o, const char *input, size_t input_len)
{
    ibidi__out_str(o, "{\"input\":");
    ibidi__out_json_string(o, input, input_len);
    if (ibidi_utf8_validate(input, input_len, NULL, NULL) != IBIDI_OK) {
        static const char hex[] = "0123456789abcdef";
        ibidi__out_str(o, ",\"input_hex\":\"");
        for (size_t i = 0; i < input_len; i++) {
            const char h[2] = {hex[(unsigned char)input[i] >> 4], hex[input[i] & 15]};
            ibidi__out_put(o, h, 2);
        }
        ibidi__out_put(o, "\"", 1);
    }
}

void ibidi__out_text(ibidi__out *o, const char *key, const char *data, size_t len)
{
    if (!data)
        return;
    ibidi__out_str(o, ",\"");
    ibidi__out_str(o, key);
    ibidi__out_str(o, "\":");
    ibidi__out_json_string(o, data, len);
}

void ibidi__out_error(ibidi__out *o, ibidi_status st, size_t offset)
{
    const char *name = ibidi_status_name(st), *m = ibidi_strerror(st);
    char t[96];
    snprintf(t, sizeof t, ",\"error\":{\"status\":\"%s\",\"offset\":%zu,\"message\":",
             name ? name : "?", offset);
    ibidi__out_str(o, t);
    ibidi__out_json_string(o, m, strlen(m));
    ibidi__out_put(o, "}", 1);
}

ibidi_status ibidi__out_done(const ibidi__out *o, ibidi_buf *out)
{
    out->len = o->len;
    return o->len > o->cap ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK;
}

ibidi_status ibidi_json_string(const char *s, size_t len, ibidi_buf *out)
{
    if ((!s && len) || !out || (!out->data && out->cap))
        return IBIDI_E_INVALID_ARGUMENT;
    ibidi__out o = {out->data, out->cap, 0};
    ibidi__out_json_string(&o, s, len);
    return ibidi__out_done(&o, out);
}

/* What a finding's part counts: the labels of a domain name (IDNA, the script policy, the
 * LGR, RFC 5893 §3) or the components of an identifier (its rules, the ambiguity). */
static const char *part_key(const ibidi_finding *x)
{
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_FINDING, x->code);
    return r && (strcmp(r->capability, "iri") == 0 || strcmp(r->capability, "ambiguity") == 0)
               ? "component"
               : "label";
}

/* A finding's detail by its meaning: the key and the value as JSON (a name, a code point,
 * a number), into t; 0 when the finding has none. */
static int detail_json(const ibidi_finding *x, const char **key, char *t, size_t cap)
{
    const char *name = NULL;
    if (x->detail == 0 && x->code != IBIDI_SHOW_PROTECTED_SKELETON &&
        x->code != IBIDI_SHOW_PROTECTED_BIDI_SKELETON) /* an index, the first 0 */
        return 0;
    switch (x->code) {
    case IBIDI_IRI_HOST_BIDI_RULE:
        *key = "condition";
        name = ibidi_code_name(x->detail);
        break;
    case IBIDI_AMBIGUITY_NUMBER_SEPARATOR: *key = "expression"; break;
    case IBIDI_IDNA_A4_2: *key = "root_label"; break;
    case IBIDI_UTS39_RESTRICTION_LEVEL:
        *key = "restriction";
        name = ibidi_uts39_level_name((ibidi_uts39_level)x->detail);
        break;
    case IBIDI_UTS39_MIXED_NUMBERS:
        *key = "zero";
        snprintf(t, cap, "\"U+%04X\"", (unsigned)x->detail);
        return 1;
    case IBIDI_LGR_INELIGIBLE:
        *key = "status";
        name = ibidi_status_name((ibidi_status)x->detail);
        break;
    case IBIDI_LGR_NOT_REGISTRABLE: *key = "action"; break;
    case IBIDI_SHOW_MARK_SCRIPT:
    case IBIDI_SHOW_SCRIPT_NOT_ALLOWED:
        *key = "script";
        name = ibidi_unicode_script_name((ibidi_unicode_sc)x->detail);
        break;
    case IBIDI_SHOW_PROTECTED_SKELETON:
    case IBIDI_SHOW_PROTECTED_BIDI_SKELETON: *key = "protected"; break;
    case IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE:
        *key = "lookalike";
        snprintf(t, cap, "\"U+%04X\"", (unsigned)x->detail);
        return 1;
    case IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE:
        *key = "script";
        name = ibidi_unicode_script_name((ibidi_unicode_sc)x->detail);
        break;
    case IBIDI_CONFUSABLE_RESTRICTED_CHARACTER: { /* the Identifier_Type names */
        size_t at = 0;
        *key = "identifier_type";
        t[at++] = '"';
        for (unsigned b = 0; b < 16 && at + 24 < cap; b++) {
            const char *n = (unsigned)x->detail >> b & 1 ? ibidi_confusable_type_name(1u << b)
                                                         : NULL;
            if (n)
                at += (size_t)snprintf(t + at, cap - at, "%s%s", at > 1 ? " " : "", n);
        }
        snprintf(t + at, cap - at, "\"");
        return 1;
    }
    default: *key = "detail"; break;
    }
    if (name)
        snprintf(t, cap, "\"%s\"", name);
    else
        snprintf(t, cap, "%d", x->detail);
    return 1;
}

void ibidi__out_finding(ibidi__out *o, const ibidi_finding *x, const char *text, size_t text_len)
{
    char t[96];
    const char *key = NULL, *name = ibidi_code_name(x->code);
    snprintf(t, sizeof t, "{\"code\":\"%s\",\"severity\":\"%s\"", name ? name : "?",
             x->severity == IBIDI_SEVERITY_ERROR ? "error" : "warning");
    ibidi__out_str(o, t);
    if (x->part != IBIDI_NO_PART)
        ibidi__out_fmt_size(o, part_key(x), x->part);
    ibidi__out_fmt_size(o, "offset", x->offset);
    ibidi__out_fmt_size(o, "length", x->length);
    if (x->input_offset != x->offset || x->input_length != x->length) {
        ibidi__out_fmt_size(o, "input_offset", x->input_offset);
        ibidi__out_fmt_size(o, "input_length", x->input_length);
    }
    if (x->cp) {
        snprintf(t, sizeof t, ",\"cp\":\"U+%04X\"", (unsigned)x->cp);
        ibidi__out_str(o, t);
    }
    if (x->bidi_class >= 0) {
        const char *bc = ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class);
        snprintf(t, sizeof t, ",\"bidi_class\":\"%s\"", bc ? bc : "?");
        ibidi__out_str(o, t);
    }
    ibidi__out_str(o, x->context == IBIDI_DIR_RTL ? ",\"context\":\"rtl\"" : ",\"context\":\"ltr\"");
    char d[48];
    if (detail_json(x, &key, d, sizeof d)) {
        snprintf(t, sizeof t, ",\"%s\":%s", key, d);
        ibidi__out_str(o, t);
    }
    if (text && x->offset <= text_len && x->length <= text_len - x->offset) {
        ibidi__out_str(o, ",\"text\":");
        ibidi__out_json_string(o, text + x->offset, x->length);
    }
    ibidi__out_str(o, ",\"message\":");
    const char *m = ibidi_code_message(x->code);
    ibidi__out_json_string(o, m, strlen(m));
    ibidi__out_put(o, "}", 1);
}

ibidi_status ibidi_json_finding(const ibidi_finding *f, const char *text, size_t text_len,
                                ibidi_buf *out)
{
    if (!f || (!text && text_len) || !out || (!out->data && out->cap))
        return IBIDI_E_INVALID_ARGUMENT;
    ibidi__out o = {out->data, out->cap, 0};
    ibidi__out_finding(&o, f, text, text_len);
    return ibidi__out_done(&o, out);
}
