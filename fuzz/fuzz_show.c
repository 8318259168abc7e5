/*
 * Fuzz target for ibidi/show.h and its JSON (ibidi/json.h): the decision of how to show an
 * identifier. The first byte picks the options: bits 0-1 the kind (auto, domain, iri,
 * email), bits 2-3 the policy, bit 4 a right-to-left paragraph, bit 5 protected names, bit
 * 6 no twin search (it costs up to a second), bit 7 the whatwg profile; the rest is the
 * input. Properties checked with abort():
 *  1. no crash; the call returns IBIDI_OK with the work area it asks for (one byte less:
 *     IBIDI_E_SHOW_WORK_TOO_SMALL), and a buffer of exactly r.needed bytes holds the record
 *     (one byte less does not), at any alignment;
 *  2. the decision holds together: a label with a reason, or any label when the whole name
 *     has one (but for the component rules of an IRI's other parts), is not shown in
 *     Unicode; every label not shown in Unicode is shown in
 *     printable ASCII; r.unicode says that no label is shown otherwise; an invalid name
 *     shows no label in Unicode; a domain name's text is its labels joined by full stops;
 *     an input that is no identifier shows nothing and has no labels;
 *  3. one answer: a domain name is valid exactly when ToASCII under the policy's profile
 *     (and its Bidi Rule per label, for Chromium) finds no error;
 *  4. every reason lies within the host's Unicode form, and its input place within the
 *     input; the labels' reasons are theirs;
 *  5. the JSON is one valid JSON value whose "input" reads back; the allocating calls give
 *     the same record and text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/json_reader.h"
#include "ibidi.h"

static void require(int ok)
{
    if (!ok)
        abort();
}

static int printable(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x21 || (unsigned char)s[i] > 0x7E)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const protect[] = {"paypal.com", "loo.com", "xn--mgbh0fb.xn--kgbechtv"};
    if (size < 1 || size > 2048)
        return 0;
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    o.as = (ibidi_iri_kind)(data[0] & 3u);
    o.policy = (ibidi_show_policy)((data[0] >> 2) & 3u);
    require(ibidi_show_policy_name(o.policy) != NULL &&
            ibidi_show_policy_from_name(ibidi_show_policy_name(o.policy),
                                        strlen(ibidi_show_policy_name(o.policy))) == (int)o.policy);
    o.context = (data[0] & 0x10u) ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    o.remove = (data[0] & 0x40u) ? IBIDI_SHOW_CHECK_TWINS : 0u;
    o.profile = (data[0] & 0x80u) ? IBIDI_IDNA_PROFILE_WHATWG : IBIDI_IDNA_PROFILE_UTS46;
    ibidi_show_protected *p = NULL;
    if (data[0] & 0x20u) {
        require(ibidi_show_protect_create(protect, NULL, 3, &p, NULL) == IBIDI_OK);
        require(ibidi_show_protect_count(p) == 3);
        size_t nl = 0;
        require(ibidi_show_protect_name(p, 0, &nl) && nl == strlen(protect[0]));
        require(ibidi_show_protect_name(p, 3, &nl) == NULL);
        o.protect = p;
    }
    size_t ntld = 0;
    require(ibidi_show_tlds(&ntld) != NULL && ntld > 0);
    const char *s = (const char *)data + 1;
    const size_t len = size - 1;

    /* 1. the work area and the buffer, sized as the calls say */
    const size_t ws = ibidi_show_work_size(len, &o);
    require(ws != SIZE_MAX && ws > 0);
    char *work = malloc(ws + 1);
    require(work != NULL);
    o.work = work + 1; /* any alignment */
    o.work_size = ws;
    ibidi_show r, w;
    require(ibidi_show_make(s, len, &o, NULL, 0, &r) == IBIDI_E_BUFFER_TOO_SMALL && r.needed);
    const size_t need = r.needed;
    char *buf = malloc(need + 1);
    require(buf != NULL);
    require(ibidi_show_make(s, len, &o, buf + 1, need - 1, &r) == IBIDI_E_BUFFER_TOO_SMALL &&
            r.needed == need);
    require(ibidi_show_make(s, len, &o, buf + 1, need, &r) == IBIDI_OK && r.needed == need);
    o.work_size = ws - 1;
    require(ibidi_show_make(s, len, &o, buf, need, &w) == IBIDI_E_SHOW_WORK_TOO_SMALL);
    o.work_size = ws;

    /* 2. the decision */
    require(r.kind != IBIDI_IRI_AS_AUTO);
    if (r.error.status != IBIDI_OK) {
        require(!r.valid && !r.unicode && !r.text.data && r.n_reasons == 0);
    } else {
        require(r.text.data != NULL);
        size_t named = 0, shown_other = 0, at = r.host.start;
        for (size_t i = 0; i < r.n_reasons; i++) { /* the component rules change no label */
            const ibidi_code_info *c = ibidi_code_describe(IBIDI_CODE_FINDING, r.reasons[i].code);
            require(c != NULL);
            named += r.reasons[i].part == IBIDI_NO_PART && strcmp(c->capability, "iri") != 0;
        }
        for (size_t k = 0; k < r.n_labels; k++) {
            const ibidi_show_label *l = &r.labels[k];
            require(ibidi_show_as_name(l->as) != NULL);
            require(l->shown.data || !l->shown.len);
            if (l->as == IBIDI_SHOW_AS_UNICODE)
                require(r.valid && !l->n_reasons && !named);
            else
                require(printable(l->shown.data, l->shown.len) || (l->as == IBIDI_SHOW_AS_ASCII && !l->shown.len));
            shown_other += l->as == IBIDI_SHOW_AS_A_LABEL || l->as == IBIDI_SHOW_AS_ENCODED;
            for (size_t i = l->first_reason; i < l->first_reason + l->n_reasons; i++)
                require(i < r.n_reasons && r.reasons[i].part == k);
            /* 2. the text is the labels joined */
            if (r.kind == IBIDI_IRI_AS_DOMAIN) {
                require(at - r.host.start + l->shown.len <= r.text.len);
                require(memcmp(r.text.data + at - r.host.start, l->shown.data, l->shown.len) == 0);
                at += l->shown.len + 1;
            }
        }
        if (r.valid)
            require(r.unicode == (shown_other == 0));
        else
            require(!r.unicode);
        /* 4. places */
        for (size_t i = 0; i < r.n_reasons; i++) {
            const ibidi_finding *f = &r.reasons[i];
            require(f->rule == ibidi_code_message(f->code) && ibidi_code_name(f->code));
            require(f->part == IBIDI_NO_PART || f->part < r.n_labels);
            if (r.unicode_form.data)
                require(f->offset <= r.unicode_form.len &&
                        f->length <= r.unicode_form.len - f->offset);
            require(f->input_offset <= len && f->input_length <= len - f->input_offset);
        }
        /* 3. one answer */
        if (r.kind == IBIDI_IRI_AS_DOMAIN) {
            ibidi_idna_options io = {o.profile, 0, 0, NULL, 0};
            if (ibidi_show_policy_checks(o.policy) & IBIDI_SHOW_URL_HOST)
                io.profile = IBIDI_IDNA_PROFILE_WHATWG;
            if (ibidi_show_policy_checks(o.policy) & IBIDI_SHOW_BIDI_PER_LABEL)
                io.add = IBIDI_IDNA_BIDI_PER_LABEL;
            ibidi_buf out = {NULL, 0, 0};
            const size_t n = ibidi_idna_strip_root(s, len);
            const ibidi_status a = ibidi_idna_to_ascii_alloc(s, n, &io, &out, NULL, NULL);
            require(a == IBIDI_OK || a == IBIDI_E_IDNA_INVALID);
            require(r.valid == (a == IBIDI_OK));
            ibidi_free(out.data);
        }
    }

    /* 5. JSON; the allocating calls */
    ibidi_buf j = {NULL, 0, 0};
    require(ibidi_json_show_alloc(&r, s, len, &j) == IBIDI_OK && j.data[j.len] == '\0');
    char *bytes = NULL;
    size_t got = 0;
    require(json_parse_record(j.data, j.len, "input", "input_hex", &bytes, &got));
    require(ibidi_utf8_validate(s, len, NULL, NULL) != IBIDI_OK ||
            (got == len && memcmp(bytes, s, got) == 0));
    free(bytes);
    ibidi_buf small = {j.data, j.len - 1, 0};
    require(ibidi_json_show(&r, s, len, &small) == IBIDI_E_BUFFER_TOO_SMALL && small.len == j.len);
    ibidi_show a;
    o.work = NULL;
    o.work_size = 0;
    require(ibidi_show_make_alloc(s, len, &o, &a) == IBIDI_OK);
    ibidi_buf k = {NULL, 0, 0};
    require(ibidi_json_show_alloc(&a, s, len, &k) == IBIDI_OK && k.len == j.len &&
            memcmp(k.data, j.data, j.len) == 0);
    ibidi_free(k.data);
    ibidi_show_free(&a);
    require(a.allocated == NULL && a.n_reasons == 0);
    ibidi_free(j.data);
    ibidi_show_protect_free(p);
    free(buf);
    free(work);
    return 0;
}
