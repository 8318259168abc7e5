/*
 * Fuzz target for ibidi/verdict.h and ibidi/json.h: the whole verdict on an identifier and
 * its JSON. The first byte picks the options: bits 0-1 the kind (auto, domain, iri, email),
 * bits 2-3 the profile, bit 4 FQDN, bit 5 DUERST2001, bit 6 a registry policy (at most
 * highly restrictive), bit 7 the twin search (off unless set: it costs up to a second);
 * the rest is the input. Properties checked with abort():
 *  1. no crash; the call returns IBIDI_OK with the work area it asks for, and a buffer of
 *     exactly v.needed bytes holds the record (one byte less does not), at any alignment;
 *  2. valid exactly when the reasons are "[]"; an input that is no identifier has no
 *     findings; n_errors counts the error findings, and every error's code is among the
 *     reasons;
 *  3. one answer: a domain name without a policy is valid exactly when ToASCII under the
 *     profile finds no error (ibidi_idna_to_ascii_utf8), an IRI or a mail address exactly
 *     when ibidi_iri_validate says so, with the same reasons;
 *  4. every finding lies within the Unicode form, and its input place within the input;
 *     every label too; the findings come in the order of their capabilities (IDNA, the
 *     component rules, the policy, the look-alikes, the LGR, RFC 5893 §3, the ambiguity);
 *  5. the JSON of the verdict, and of each finding, is one valid JSON value
 *     (tests/json_reader.h) whose "input" reads back as the input; the allocating calls
 *     give the same record and text.
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

static int has(const char *h, size_t hn, const char *n, size_t nn)
{
    for (size_t i = 0; i + nn <= hn; i++)
        if (memcmp(h + i, n, nn) == 0)
            return 1;
    return 0;
}

static int rank(const ibidi_finding *f)
{
    static const char *const caps[] = {"idna", "iri", "uts39", "confusable", "lgr", "rfc5893",
                                       "ambiguity"};
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_FINDING, f->code);
    require(r != NULL);
    for (int i = 0; i < 7; i++)
        if (strcmp(r->capability, caps[i]) == 0)
            return i;
    abort();
}

static void check_json(const char *j, size_t n, const char *input, size_t input_len)
{
    char *bytes = NULL;
    size_t got = 0;
    require(json_parse_record(j, n, "input", "input_hex", &bytes, &got));
    /* the input reads back, from its hex form when it is not UTF-8 */
    require(ibidi_utf8_validate(input, input_len, NULL, NULL) != IBIDI_OK ||
            (got == input_len && memcmp(bytes, input, got) == 0));
    free(bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 2048)
        return 0;
    ibidi_verdict_options o;
    memset(&o, 0, sizeof o);
    o.as = (ibidi_iri_kind)(data[0] & 3u);
    o.profile = (ibidi_idna_profile)((data[0] >> 2) & 3u);
    o.flags = ((data[0] & 0x10u) ? IBIDI_VERDICT_FQDN : 0u) |
              ((data[0] & 0x20u) ? IBIDI_VERDICT_DUERST2001 : 0u) |
              ((data[0] & 0x80u) ? 0u : IBIDI_VERDICT_NO_EXACT);
    o.max_restriction = (data[0] & 0x40u) ? IBIDI_UTS39_HIGHLY_RESTRICTIVE : IBIDI_UTS39_NO_LIMIT;
    const char *s = (const char *)data + 1;
    const size_t len = size - 1;

    /* 1. the work area and the buffer, sized as the calls say */
    const size_t ws = ibidi_verdict_work_size(len, &o);
    require(ws != SIZE_MAX && ws > 0);
    char *work = malloc(ws + 1);
    require(work != NULL);
    o.work = work + 1; /* any alignment */
    o.work_size = ws;
    ibidi_verdict v, w;
    ibidi_status st = ibidi_verdict_make(s, len, &o, NULL, 0, &v);
    require(st == IBIDI_E_BUFFER_TOO_SMALL && v.needed > 0);
    const size_t need = v.needed;
    char *buf = malloc(need + 1);
    require(buf != NULL);
    require(ibidi_verdict_make(s, len, &o, buf + 1, need - 1, &v) == IBIDI_E_BUFFER_TOO_SMALL &&
            v.needed == need);
    require(ibidi_verdict_make(s, len, &o, buf + 1, need, &v) == IBIDI_OK && v.needed == need);
    o.work_size = ws - 1;
    require(ibidi_verdict_make(s, len, &o, buf, need, &w) == IBIDI_E_VERDICT_WORK_TOO_SMALL);
    o.work_size = ws;

    /* 2. the verdict and its reasons */
    require(v.codes.data && v.codes.len >= 2);
    require(v.valid == (v.codes.len == 2));
    require(v.kind != IBIDI_IRI_AS_AUTO);
    if (v.error.status != IBIDI_OK)
        require(!v.valid && v.n_findings == 0);
    size_t errors = 0;
    for (size_t i = 0; i < v.n_findings; i++) {
        const ibidi_finding *f = &v.findings[i];
        if (f->severity == IBIDI_SEVERITY_ERROR) {
            errors++;
            const char *name = ibidi_code_name(f->code);
            require(name && has(v.codes.data, v.codes.len, name, strlen(name)));
        }
        /* 4. places and order */
        require(f->offset <= v.unicode.len && f->length <= v.unicode.len - f->offset);
        require(f->input_offset <= v.input_len && f->input_length <= v.input_len - f->input_offset);
        require(i == 0 || rank(&v.findings[i - 1]) <= rank(f));
        require(f->rule == ibidi_code_message(f->code));
    }
    require(errors == v.n_errors);
    for (size_t i = 0; i < v.n_labels; i++) {
        const ibidi_verdict_label *l = &v.labels[i];
        require(l->unicode.start <= v.unicode.len && l->unicode.length <= v.unicode.len - l->unicode.start);
        require(l->input.start <= v.input_len && l->input.length <= v.input_len - l->input.start);
    }

    /* 3. one answer */
    if (v.error.status == IBIDI_OK && o.max_restriction == IBIDI_UTS39_NO_LIMIT) {
        if (v.kind == IBIDI_IRI_AS_DOMAIN) {
            const ibidi_idna_options io = {o.profile, 0, 0, NULL, 0};
            ibidi_buf out = {NULL, 0, 0};
            ibidi_findings fs = {NULL, 0, 0, 0};
            const ibidi_status a = ibidi_idna_to_ascii_alloc(s, v.input_len, &io, &out, &fs, NULL);
            require(a == IBIDI_OK || a == IBIDI_E_IDNA_INVALID);
            require(v.valid == (a == IBIDI_OK));
            char t[2048];
            ibidi_buf codes = {t, sizeof t, 0};
            require(ibidi_findings_codes(fs.items, fs.n, &codes) == IBIDI_OK);
            require(codes.len == v.codes.len && memcmp(t, v.codes.data, codes.len) == 0);
            ibidi_free(out.data);
            ibidi_findings_free(&fs);
        } else if (!(o.flags & IBIDI_VERDICT_DUERST2001)) {
            const ibidi_iri_options io = {v.kind, 0, {o.profile, 0, 0, NULL, 0}};
            ibidi_buf codes = {NULL, 0, 0};
            const ibidi_status a = ibidi_iri_validate_alloc(s, len, &io, &codes, NULL);
            require(a == IBIDI_OK || a == IBIDI_E_IDENT_INVALID);
            require(v.valid == (a == IBIDI_OK));
            require(codes.len == v.codes.len && memcmp(codes.data, v.codes.data, codes.len) == 0);
            ibidi_free(codes.data);
        }
    }

    /* 5. JSON, of the record and of each finding; the allocating calls */
    ibidi_buf j = {NULL, 0, 0};
    require(ibidi_json_verdict_alloc(&v, s, len, &j) == IBIDI_OK && j.data[j.len] == '\0');
    check_json(j.data, j.len, s, len);
    ibidi_buf small = {j.data, j.len - 1, 0};
    require(ibidi_json_verdict(&v, s, len, &small) == IBIDI_E_BUFFER_TOO_SMALL && small.len == j.len);
    for (size_t i = 0; i < v.n_findings && i < 8; i++) {
        char t[4096];
        ibidi_buf fb = {t, sizeof t, 0};
        if (ibidi_json_finding(&v.findings[i], v.unicode.data, v.unicode.len, &fb) == IBIDI_OK) {
            char *b = NULL;
            size_t n = 0;
            require(json_parse_record(t, fb.len, "code", NULL, &b, &n));
            free(b);
        }
    }
    {
        char t[64];
        ibidi_buf sb = {t, sizeof t, 0};
        const ibidi_status js = ibidi_json_string(s, len, &sb);
        require(js == IBIDI_OK || js == IBIDI_E_BUFFER_TOO_SMALL);
        require(sb.len >= 2);
    }
    ibidi_verdict a;
    o.work = NULL;
    o.work_size = 0;
    require(ibidi_verdict_make_alloc(s, len, &o, &a) == IBIDI_OK);
    require(a.valid == v.valid && a.n_findings == v.n_findings && a.codes.len == v.codes.len &&
            memcmp(a.codes.data, v.codes.data, a.codes.len) == 0);
    ibidi_buf k = {NULL, 0, 0};
    require(ibidi_json_verdict_alloc(&a, s, len, &k) == IBIDI_OK && k.len == j.len &&
            memcmp(k.data, j.data, j.len) == 0);
    ibidi_free(k.data);
    ibidi_verdict_free(&a);
    require(a.allocated == NULL && a.n_findings == 0);
    ibidi_free(j.data);
    free(buf);
    free(work);
    return 0;
}
