/* A decision of how to show an identifier (ibidi/show.h) as JSON (ibidi/json.h): the
 * record's fields in a fixed order, nothing decided here. */
#include <stdio.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/json.h"
#include "json/json_internal.h"

static void write(ibidi__out *o, const ibidi_show *r, const char *input, size_t input_len)
{
    char t[192];
    ibidi__out_input(o, input, input_len);
    snprintf(t, sizeof t,
             ",\"kind\":\"%s\",\"policy\":\"%s\",\"context\":\"%s\",\"valid\":%s,\"unicode\":%s",
             ibidi_iri_kind_name(r->kind), ibidi_show_policy_name(r->policy),
             r->context == IBIDI_DIR_RTL ? "rtl" : "ltr", r->valid ? "true" : "false",
             r->unicode ? "true" : "false");
    ibidi__out_str(o, t);
    if (r->error.status != IBIDI_OK) {
        ibidi__out_error(o, r->error.status, r->error.offset);
        ibidi__out_put(o, "}", 1);
        return;
    }
    ibidi__out_text(o, "show", r->text.data, r->text.len);
    ibidi__out_text(o, "form", r->form.data, r->form.len);
    ibidi__out_text(o, "unicode_form", r->unicode_form.data, r->unicode_form.len);
    ibidi__out_str(o, ",\"labels\":[");
    for (size_t i = 0; r->labels && i < r->n_labels; i++) {
        const ibidi_show_label *l = &r->labels[i];
        ibidi__out_str(o, i ? ",{\"label\":" : "{\"label\":");
        ibidi__out_json_string(o, l->unicode.data ? l->unicode.data : "", l->unicode.len);
        ibidi__out_str(o, ",\"shown\":");
        ibidi__out_json_string(o, l->shown.data ? l->shown.data : "", l->shown.len);
        snprintf(t, sizeof t, ",\"as\":\"%s\"", ibidi_show_as_name(l->as));
        ibidi__out_str(o, t);
        ibidi__out_fmt_size(o, "input_offset", l->input.start);
        ibidi__out_fmt_size(o, "input_length", l->input.length);
        ibidi__out_str(o, ",\"reasons\":[");
        for (size_t k = 0; k < l->n_reasons; k++) {
            snprintf(t, sizeof t, "%s%zu", k ? "," : "", l->first_reason + k);
            ibidi__out_str(o, t);
        }
        ibidi__out_str(o, "]}");
    }
    ibidi__out_str(o, "],\"reasons\":[");
    for (size_t i = 0; r->reasons && i < r->n_reasons; i++) {
        if (i)
            ibidi__out_put(o, ",", 1);
        ibidi__out_finding(o, &r->reasons[i], r->unicode_form.data, r->unicode_form.len);
    }
    ibidi__out_str(o, "],\"data_version\":");
    ibidi__out_json_string(o, r->data_version ? r->data_version : "",
                           r->data_version ? strlen(r->data_version) : 0);
    ibidi__out_put(o, "}", 1);
}

ibidi_status ibidi_json_show(const ibidi_show *r, const char *input, size_t input_len,
                             ibidi_buf *out)
{
    if (!r || (!input && input_len) || !out || (!out->data && out->cap))
        return IBIDI_E_INVALID_ARGUMENT;
    ibidi__out o = {out->data, out->cap, 0};
    write(&o, r, input ? input : "", input_len);
    return ibidi__out_done(&o, out);
}
