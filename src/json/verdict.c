/* A verdict (ibidi/verdict.h) as JSON (ibidi/json.h): the record's fields in a fixed order,
 * nothing computed but what the record's own fields say. */
#include <stdio.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/ambiguity.h"
#include "ibidi/json.h"
#include "ibidi/utf8.h"
#include "json/json_internal.h"

static void ran(ibidi__out *o, const char *key, const char *verb, int done, ibidi_status st)
{
    char t[64];
    snprintf(t, sizeof t, ",\"%s\":{\"%s\":%s", key, verb, done ? "true" : "false");
    ibidi__out_str(o, t);
    if (!done)
        ibidi__out_error(o, st, 0);
    ibidi__out_put(o, "}", 1);
}

static void cstring(ibidi__out *o, const char *s)
{
    if (s)
        ibidi__out_json_string(o, s, strlen(s));
    else
        ibidi__out_str(o, "null");
}

static void lgr(ibidi__out *o, const ibidi_verdict_lgr *g)
{
    char t[160];
    ibidi__out_str(o, ",\"lgr\":{\"label\":");
    ibidi__out_json_string(o, g->label.data ? g->label.data : "", g->label.len);
    if (g->status != IBIDI_OK) {
        ibidi__out_error(o, g->status, g->error_offset);
        ibidi__out_put(o, "}", 1);
        return;
    }
    const ibidi_lgr_result *r = &g->result;
    ibidi__out_str(o, r->eligible ? ",\"eligible\":true" : ",\"eligible\":false");
    ibidi__out_str(o, r->registrable ? ",\"registrable\":true" : ",\"registrable\":false");
    ibidi__out_str(o, ",\"disposition\":");
    cstring(o, r->disposition);
    if (!r->eligible && r->status != IBIDI_E_LGR_INVALID_DISPOSITION) {
        snprintf(t, sizeof t, ",\"reason\":{\"status\":\"%s\",\"offset\":%zu,\"cp\":\"U+%04X\"",
                 ibidi_status_name(r->status), r->offset, (unsigned)r->cp);
        ibidi__out_str(o, t);
        ibidi__out_str(o, ",\"rule\":");
        cstring(o, r->context_rule);
        ibidi__out_put(o, "}", 1);
    } else {
        if (!r->eligible) { /* §8.1.1: the action that made it invalid follows */
            snprintf(t, sizeof t, ",\"reason\":{\"status\":\"%s\"}", ibidi_status_name(r->status));
            ibidi__out_str(o, t);
        }
        snprintf(t, sizeof t, ",\"action\":%zu,\"default_action\":%s", r->action,
                 r->default_action ? "true" : "false");
        ibidi__out_str(o, t);
        ibidi__out_str(o, ",\"rule\":");
        cstring(o, r->rule);
        ibidi__out_str(o, ",\"index\":");
        if (g->index.data)
            ibidi__out_json_string(o, g->index.data, g->index.len);
        else
            ibidi__out_str(o, "null");
    }
    ibidi__out_put(o, "}", 1);
}

static const char *profile_name(int p)
{
    return p < IBIDI_VERDICT_PER_LABEL ? ibidi_idna_profile_name((ibidi_idna_profile)p)
                                       : "bidi-per-label";
}

static void write(ibidi__out *o, const ibidi_verdict *v, const char *input, size_t input_len)
{
    const int domain = v->kind == IBIDI_IRI_AS_DOMAIN;
    char t[160];
    ibidi__out_input(o, input, input_len);
    snprintf(t, sizeof t, ",\"kind\":\"%s\",\"profile\":\"%s\",\"valid\":%s",
             ibidi_iri_kind_name(v->kind), ibidi_idna_profile_name(v->profile),
             v->valid ? "true" : "false");
    ibidi__out_str(o, t);
    if (v->fqdn)
        ibidi__out_str(o, ",\"fqdn\":true");
    ibidi__out_str(o, ",\"status\":");
    ibidi__out_json_string(o, v->codes.data ? v->codes.data : "", v->codes.len);
    if (v->error.status != IBIDI_OK) {
        ibidi__out_error(o, v->error.status, v->error.offset);
        ibidi__out_put(o, "}", 1);
        return;
    }
    ibidi__out_text(o, "a_label", v->ascii.data, v->ascii.len);
    ibidi__out_text(o, "unicode", v->unicode.data, v->unicode.len);
    ibidi__out_str(o, ",\"findings\":[");
    for (size_t i = 0; i < v->n_findings; i++) {
        if (i)
            ibidi__out_put(o, ",", 1);
        ibidi__out_finding(o, &v->findings[i], v->unicode.data, v->unicode.len);
    }
    ibidi__out_put(o, "]", 1);
    if (v->ran & IBIDI_VERDICT_RAN_POLICY) {
        snprintf(t, sizeof t, ",\"restriction\":\"%s\"", ibidi_uts39_level_name(v->restriction));
        ibidi__out_str(o, t);
        if (v->max_restriction != IBIDI_UTS39_NO_LIMIT) {
            snprintf(t, sizeof t, ",\"max_restriction\":\"%s\"",
                     ibidi_uts39_level_name(v->max_restriction));
            ibidi__out_str(o, t);
        }
    }
    ibidi__out_str(o, ",\"labels\":[");
    for (size_t i = 0; i < v->n_labels; i++) {
        const ibidi_verdict_label *l = &v->labels[i];
        const unsigned c = l->category;
        ibidi__out_str(o, i ? ",{\"label\":" : "{\"label\":");
        ibidi__out_json_string(o, v->unicode.data + l->unicode.start, l->unicode.length);
        ibidi__out_fmt_size(o, "offset", l->unicode.start);
        ibidi__out_fmt_size(o, "input_offset", l->input.start);
        ibidi__out_fmt_size(o, "input_length", l->input.length);
        if (v->ran & IBIDI_VERDICT_RAN_POLICY) {
            snprintf(t, sizeof t, ",\"restriction\":\"%s\"",
                     ibidi_uts39_level_name(l->restriction));
            ibidi__out_str(o, t);
        }
        const char *ct = ibidi_ambiguity_label_category_text(c);
        snprintf(t, sizeof t, ",\"category\":\"%s\"}", ct ? ct : "?");
        ibidi__out_str(o, t);
    }
    ibidi__out_put(o, "]", 1);
    if (v->n_labels)
        ibidi__out_str(o, v->bidi_domain_name ? ",\"bidi_domain_name\":true"
                                              : ",\"bidi_domain_name\":false");
    if (domain) {
        ibidi__out_str(o, ",\"profiles\":[");
        for (int p = 0; p < IBIDI_VERDICT_PROFILES; p++) {
            const ibidi_verdict_profile *vp = &v->profiles[p];
            snprintf(t, sizeof t, "%s{\"profile\":\"%s\",\"valid\":%s", p ? "," : "",
                     profile_name(p), vp->valid ? "true" : "false");
            ibidi__out_str(o, t);
            if (vp->codes.data) {
                ibidi__out_str(o, ",\"status\":");
                ibidi__out_json_string(o, vp->codes.data, vp->codes.len);
            } else {
                ibidi__out_error(o, vp->status, vp->error_offset);
            }
            ibidi__out_put(o, "}", 1);
        }
        ibidi__out_put(o, "]", 1);
    }
    if (v->lgr.run)
        lgr(o, &v->lgr);
    if (domain)
        ran(o, "rfc5893", "checked", (v->ran & IBIDI_VERDICT_RAN_RFC5893) != 0,
            v->rfc5893_status);
    ran(o, "ambiguity", "analysed", (v->ran & IBIDI_VERDICT_RAN_AMBIGUITY) != 0,
        v->ambiguity_status);
    if (v->ran & IBIDI_VERDICT_RAN_DISPLAY) {
        ibidi__out_str(o, ",\"display\":{\"ltr\":");
        ibidi__out_json_string(o, v->display[0].data, v->display[0].len);
        ibidi__out_str(o, ",\"rtl\":");
        ibidi__out_json_string(o, v->display[1].data, v->display[1].len);
        ibidi__out_put(o, "}", 1);
    }
    if (v->ran & IBIDI_VERDICT_RAN_CONFUSABLE) { /* UTS #39 §4 */
        ibidi__out_str(o, ",\"skeleton\":");
        ibidi__out_json_string(o, v->skeleton.data, v->skeleton.len);
        ibidi__out_str(o, ",\"bidi_skeleton\":{\"ltr\":");
        ibidi__out_json_string(o, v->bidi_skeleton[0].data, v->bidi_skeleton[0].len);
        ibidi__out_str(o, ",\"rtl\":");
        ibidi__out_json_string(o, v->bidi_skeleton[1].data, v->bidi_skeleton[1].len);
        ibidi__out_put(o, "}", 1);
    }
    ibidi__out_put(o, "}", 1);
}

ibidi_status ibidi_json_verdict(const ibidi_verdict *v, const char *input, size_t input_len,
                                ibidi_buf *out)
{
    if (!v || (!input && input_len) || !out || (!out->data && out->cap))
        return IBIDI_E_INVALID_ARGUMENT;
    ibidi__out o = {out->data, out->cap, 0};
    write(&o, v, input ? input : "", input_len);
    return ibidi__out_done(&o, out);
}
