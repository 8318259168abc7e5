/*
 * Fuzz target for domain name processing (include/ibidi/idna.h): ToASCII and ToUnicode,
 * UTF-8 and code point calls, UTS #46 and IDNA2008 modes.
 *
 * The first byte picks the flags (its bits: CheckHyphens, CheckBidi, CheckJoiners,
 * UseSTD3ASCIIRules, VerifyDnsLength, Transitional, per-label Bidi, and the IDNA2008
 * lookup / registration modes from bits 6-7); the rest is the name, in UTF-8.
 * Properties checked with abort():
 *  1. no crash, and every call ends with a defined status: OK, IDNA_INVALID, a UTF-8
 *     error at the offset ibidi_utf8_validate reports, or IDNA_TOO_LONG; the calls have a
 *     work area, and without one ToUnicode gives the same, but IDNA_WORK_TOO_SMALL where
 *     the name maps to more than the fixed area's 1536 code points (so only above 256
 *     bytes, UTS #46 mapping a byte to at most six, and always when the ToUnicode form,
 *     which mapping does not lengthen, has more than 1536);
 *  2. the UTF-8 and the code point calls agree (status, output, findings);
 *  3. the needed size is reported when the buffer is too small (snprintf contract), and
 *     a call with the exact size gives the same output;
 *  4. findings point into the ToUnicode form (offset <= its length), have a name, the
 *     rule text of their code and the severity of their code (only the W_ codes are
 *     warnings), their counts match what is stored, and the status matches them:
 *     IDNA_INVALID iff at least one finding is an error;
 *  5. ToASCII output is ASCII when the name is valid;
 *  6. ToUnicode(ToASCII(x)) is valid and equals ToUnicode(x) when ToASCII(x) is valid
 *     (IDNA_TOO_LONG when ToASCII(x) is longer than IBIDI_IDNA_MAX_CPS);
 *     ToUnicode is idempotent on valid names (nontransitional);
 *  7. the allocating calls give what the caller-buffer calls give (status, output,
 *     findings), and so does the Bidi Rule alone (ibidi_idna_bidi_rule_utf8 and _alloc),
 *     whose findings are all B1-B6 or its two warnings, and which gives IDNA_TOO_LONG
 *     exactly on names of more than IBIDI_IDNA_MAX_CPS code points;
 *  8. on a name of one label, the Bidi Rule on its Bidi classes
 *     (ibidi_idna_bidi_rule_classes) breaks exactly the conditions the findings name (only
 *     B1 when condition 1 is broken: the calls on names stop there), and
 *     ibidi_idna_is_rtl_label_cp says whether it is a Bidi domain name;
 *  9. the root label helper ibidi_idna_strip_root (check_strip_root), and 10. the whatwg
 *     profile's URL Standard checks (check_url_host), described there.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#define OUT_CAP (IBIDI_IDNA_MAX_CPS * 8 + 16)
#define F_CAP 64

static void require(int ok)
{
    if (!ok)
        abort();
}

static unsigned flags_of(uint8_t b)
{
    unsigned f = 0;
    if (b & 1)
        f |= IBIDI_IDNA_CHECK_HYPHENS;
    if (b & 2)
        f |= IBIDI_IDNA_CHECK_BIDI;
    if (b & 4)
        f |= IBIDI_IDNA_CHECK_JOINERS;
    if (b & 8)
        f |= IBIDI_IDNA_USE_STD3_RULES;
    if (b & 16)
        f |= IBIDI_IDNA_VERIFY_DNS_LENGTH;
    if (b & 32)
        f |= (b & 64) ? IBIDI_IDNA_BIDI_PER_LABEL : IBIDI_IDNA_TRANSITIONAL;
    switch (b >> 6) {
    case 2: f |= IBIDI_IDNA_2008_LOOKUP; break;
    case 3: f |= IBIDI_IDNA_2008_REGISTER; break;
    default: break;
    }
    return f;
}

/* The calls' work area: inputs go up to 4096 bytes, and names that map to more than 1536
 * code points need one (property 1). */
static unsigned char work_area[64 * 1024];

/* Options that give exactly these flags (the profile's own are removed). */
static ibidi_idna_options exact(unsigned flags)
{
    const ibidi_idna_options o = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, work_area,
                                  sizeof work_area};
    return o;
}

typedef struct res {
    ibidi_status st;
    size_t len, nf, nerr;
    ibidi_finding f[F_CAP];
} res;

static char out8[OUT_CAP], out8b[OUT_CAP], out8c[OUT_CAP];
static uint32_t outc[OUT_CAP], cps[IBIDI_IDNA_MAX_CPS * 4];

static void check_findings(const res *r, size_t unicode_len)
{
    size_t errors = 0;
    for (size_t i = 0; i < r->nf && i < F_CAP; i++) {
        const ibidi_finding *f = &r->f[i];
        const int warning =
            f->code == IBIDI_IDNA_W_DIGIT_AFTER_RTL || f->code == IBIDI_IDNA_W_PER_LABEL_BIDI;
        require(f->code >= 1 && f->code <= 99 && ibidi_code_name(f->code) != NULL);
        require(f->rule == ibidi_code_message(f->code));
        require(f->severity == (warning ? IBIDI_SEVERITY_WARNING : IBIDI_SEVERITY_ERROR));
        require(f->offset <= unicode_len);
        if (f->severity == IBIDI_SEVERITY_ERROR)
            errors++;
    }
    require(r->nerr <= r->nf);
    if (r->nf <= F_CAP) {
        require(errors == r->nerr);
        require((r->st == IBIDI_E_IDNA_INVALID) == (errors > 0));
    }
    /* the error count covers the findings not stored too */
    require((r->st == IBIDI_E_IDNA_INVALID) == (r->nerr > 0));
    /* their codes as text (ibidi_findings_codes): "[]" exactly without an error, each
       error code named in it, the size it says, and the same text cut to a smaller buffer */
    const size_t nf = r->nf < F_CAP ? r->nf : F_CAP;
    char t[2048], cut[8];
    ibidi_buf tb = {t, sizeof t - 1, 0}, cb = {cut, sizeof cut, 0};
    require(ibidi_findings_codes(r->f, nf, &tb) == IBIDI_OK);
    const size_t tl = tb.len;
    t[tl] = '\0';
    require(tl < sizeof t && t[0] == '[' && t[tl - 1] == ']');
    require((tl == 2) == (errors == 0));
    for (size_t i = 0; i < nf; i++) {
        if (r->f[i].severity == IBIDI_SEVERITY_ERROR)
            require(strstr(t, ibidi_code_name(r->f[i].code)) != NULL);
        /* every finding has its row in the table of codes, of IDNA, and an order; a
           warning's row says warning (errors may be warnings under other options, not the
           reverse) */
        const ibidi_code_info *ci = ibidi_code_describe(IBIDI_CODE_FINDING, r->f[i].code);
        require(ci && ci->value == r->f[i].code && strcmp(ci->capability, "idna") == 0 &&
                ci->message == r->f[i].rule &&
                ibidi_code_order(IBIDI_CODE_FINDING, r->f[i].code) >= 0);
        require(r->f[i].input_offset == r->f[i].offset && r->f[i].input_length == r->f[i].length);
    }
    if (nf == 0) { /* the table itself, once in a while */
        size_t rows = 0;
        const ibidi_code_info *tab = ibidi_code_table(&rows);
        require(tab && rows > 100 && tab[rows - 1].type == IBIDI_CODE_STATUS);
    }
    /* a buffer too small: the size all the same, nothing claimed written */
    require(ibidi_findings_codes(r->f, nf, &cb) ==
                (tl > sizeof cut ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) &&
            cb.len == tl);
}

static void one(const char *s, size_t len, unsigned flags, int to_ascii, res *r, char *out)
{
    const ibidi_idna_options o = exact(flags);
    ibidi_findings fs = {r->f, F_CAP, 0, 0};
    ibidi_buf b = {out, OUT_CAP, 0};
    r->st = to_ascii ? ibidi_idna_to_ascii_utf8(s, len, &o, &b, &fs, NULL)
                     : ibidi_idna_to_unicode_utf8(s, len, &o, &b, &fs, NULL);
    r->len = b.len;
    r->nf = fs.n;
    r->nerr = fs.errors;
}

/* 10. IBIDI_IDNA_URL_HOST (the whatwg profile), ToASCII: the status is OK or IDNA_INVALID
 * (or IDNA_TOO_LONG past the bound);
 * a valid result is ASCII, not empty and free of forbidden domain code points; an ASCII
 * name gives itself lowercased, valid exactly when it is not empty and has no forbidden
 * domain code point, one finding per such code point. */
static int forbidden_domain_cp(unsigned char c)
{
    return c <= 0x1F || c == 0x7F || (c && strchr(" #%/:<>?@[\\]^|", c) != NULL);
}

static void check_url_host(const char *s, size_t len, size_t n_cps)
{
    static char o[OUT_CAP];
    static ibidi_finding f[F_CAP];
    const ibidi_idna_options w = {IBIDI_IDNA_PROFILE_WHATWG, 0, 0, work_area, sizeof work_area};
    ibidi_findings fs = {f, F_CAP, 0, 0};
    ibidi_buf b = {o, OUT_CAP, 0};
    size_t bad = 0;
    int ascii = 1;
    ibidi_status st = ibidi_idna_to_ascii_utf8(s, len, &w, &b, &fs, NULL);
    const size_t n = b.len;
    if (st == IBIDI_E_IDNA_TOO_LONG) { /* a code point maps to 18 at most (U+FDFA) */
        require(n_cps * 18 > IBIDI_IDNA_MAX_CPS);
        return;
    }
    require(st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID);
    require((st == IBIDI_OK) == (fs.errors == 0));
    if (st == IBIDI_OK) {
        require(n > 0);
        for (size_t i = 0; i < n; i++)
            require((unsigned char)o[i] < 0x80 && !forbidden_domain_cp((unsigned char)o[i]));
    }
    for (size_t i = 0; i < len; i++) {
        ascii &= (unsigned char)s[i] < 0x80;
        bad += forbidden_domain_cp((unsigned char)s[i]);
    }
    if (!ascii)
        return;
    require(n == len && fs.n == bad + (len == 0) && (st == IBIDI_OK) == (fs.n == 0));
    for (size_t i = 0; i < len; i++)
        require(o[i] == ((s[i] >= 'A' && s[i] <= 'Z') ? s[i] + 32 : s[i]));
}

/* 9. ibidi_idna_strip_root: removes nothing or one final full stop after a non-empty
 * label, and ToASCII of the name without it is ToASCII of the name less its final "."
 * (the root label is an empty label at the end, which ToASCII keeps as it is). */
static void check_strip_root(const char *s, size_t len, const ibidi_idna_options *opts)
{
    static char a[OUT_CAP], b[OUT_CAP];
    const size_t k = ibidi_idna_strip_root(s, len);
    require(k == len || k + 1 == len || k + 3 == len);
    if (k == len || k == 0)
        return;
    require(ibidi_idna_strip_root(s, k) <= k);
    ibidi_buf ba = {a, OUT_CAP, 0}, bb = {b, OUT_CAP, 0};
    ibidi_status sa = ibidi_idna_to_ascii_utf8(s, len, opts, &ba, NULL, NULL);
    ibidi_status sb = ibidi_idna_to_ascii_utf8(s, k, opts, &bb, NULL, NULL);
    const size_t na = ba.len, nb = bb.len;
    if (sa == IBIDI_E_IDNA_TOO_LONG || sb == IBIDI_E_IDNA_TOO_LONG)
        return;
    /* (IDNA2008 maps nothing: there U+3002 is a DISALLOWED code point, not a full stop) */
    if (sb == IBIDI_OK && !(opts->add & (IBIDI_IDNA_VERIFY_DNS_LENGTH | IBIDI_IDNA_2008_LOOKUP |
                                         IBIDI_IDNA_2008_REGISTER)))
        require(sa == IBIDI_OK);
    if (sa == IBIDI_OK && sb == IBIDI_OK)
        require(na == nb + 1 && memcmp(a, b, nb) == 0 && a[nb] == '.');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    require(ibidi_idna_work_size() <= sizeof work_area);
    unsigned flags = flags_of(data[0]);
    const ibidi_idna_options opts = exact(flags);
    const char *s = (const char *)data + 1;
    size_t len = size - 1;
    ibidi_error verr;
    size_t n_cps = 0;
    int well_formed = ibidi_utf8_validate(s, len, &n_cps, &verr) == IBIDI_OK;

    static res ru, ra, rc, rx;
    one(s, len, flags, 0, &ru, out8);
    if (!well_formed) {
        ibidi_error e;
        ibidi_buf b = {out8, OUT_CAP, 0};
        require(ibidi_idna_to_unicode_utf8(s, len, &opts, &b, NULL, &e) == verr.status);
        require(e.offset == verr.offset && ru.st == verr.status);
        return 0;
    }
    require(ru.st == IBIDI_OK || ru.st == IBIDI_E_IDNA_INVALID || ru.st == IBIDI_E_IDNA_TOO_LONG);
    if (ru.st == IBIDI_E_IDNA_TOO_LONG)
        return 0;
    check_findings(&ru, ru.len);
    {
        /* 1. without the work area */
        ibidi_idna_options nw = opts;
        ibidi_buf b = {out8c, OUT_CAP, 0};
        nw.work = NULL;
        nw.work_size = 0;
        const ibidi_status st = ibidi_idna_to_unicode_utf8(s, len, &nw, &b, NULL, NULL);
        const size_t nlen = b.len;
        size_t unicode_cps = 0;
        require(ibidi_utf8_validate(out8, ru.len, &unicode_cps, NULL) == IBIDI_OK);
        if (st == IBIDI_E_IDNA_WORK_TOO_SMALL)
            require(len > 256);
        else
            require(st == ru.st && nlen == ru.len && memcmp(out8c, out8, nlen) == 0 &&
                    unicode_cps <= 1536);
    }
    one(s, len, flags, 1, &ra, out8b);
    require(ra.st == IBIDI_OK || ra.st == IBIDI_E_IDNA_INVALID);
    check_findings(&ra, ru.len);
    if (ra.st == IBIDI_OK)
        for (size_t i = 0; i < ra.len; i++)
            require((unsigned char)out8b[i] < 0x80);

    /* 2. the code point calls agree */
    ibidi_buf32 dec = {cps, sizeof cps / sizeof cps[0], 0};
    require(ibidi_utf8_decode(s, len, &dec, NULL) == IBIDI_OK);
    size_t n = dec.len;
    size_t clen, cnf;
    static ibidi_finding cf[F_CAP];
    ibidi_findings cfs = {cf, F_CAP, 0, 0};
    ibidi_buf32 cb = {outc, OUT_CAP, 0};
    ibidi_status cst = ibidi_idna_to_unicode_cp(cps, n, &opts, &cb, &cfs, NULL);
    clen = cb.len;
    cnf = cfs.n;
    require(cst == ru.st && cnf == ru.nf && cfs.errors == ru.nerr);
    ibidi_buf enc = {out8c, OUT_CAP, 0};
    require(ibidi_utf8_encode(outc, clen, &enc, NULL) == IBIDI_OK);
    size_t enc_len = enc.len;
    require(enc_len == ru.len && memcmp(out8c, out8, enc_len) == 0);
    for (size_t i = 0; i < cnf && i < F_CAP; i++)
        require(cf[i].code == ru.f[i].code && cf[i].part == ru.f[i].part &&
                cf[i].cp == ru.f[i].cp);
    cst = ibidi_idna_to_ascii_cp(cps, n, &opts, &cb, &cfs, NULL);
    clen = cb.len;
    cnf = cfs.n;
    require(cst == ra.st && cnf == ra.nf && clen == ra.len);
    for (size_t i = 0; i < clen; i++)
        require(outc[i] == (unsigned char)out8b[i]);

    /* 3. buffer too small: the needed size, then the same output with exactly that size */
    if (ra.len > 0) {
        ibidi_buf b = {out8c, ra.len - 1, 0};
        require(ibidi_idna_to_ascii_utf8(s, len, &opts, &b, NULL, NULL) ==
                IBIDI_E_BUFFER_TOO_SMALL);
        require(b.len == ra.len);
        b.cap = b.len;
        ibidi_status st = ibidi_idna_to_ascii_utf8(s, len, &opts, &b, NULL, NULL);
        require(st == ra.st && b.len == ra.len && memcmp(out8c, out8b, b.len) == 0);
    }

    /* 7. the allocating calls */
    for (int to_ascii = 0; to_ascii < 2; to_ascii++) {
        const res *r = to_ascii ? &ra : &ru;
        const char *want = to_ascii ? out8b : out8;
        ibidi_buf b = {NULL, 0, 0};
        ibidi_findings af = {NULL, 0, 0, 0};
        ibidi_status st = to_ascii ? ibidi_idna_to_ascii_alloc(s, len, &opts, &b, &af, NULL)
                                   : ibidi_idna_to_unicode_alloc(s, len, &opts, &b, &af, NULL);
        if (st == IBIDI_E_NOMEM)
            continue;
        const char *got = b.data;
        const size_t got_len = b.len;
        require(st == r->st && got && got_len == r->len && memcmp(got, want, got_len) == 0 &&
                got[got_len] == '\0');
        require(af.n == r->nf && af.errors == r->nerr && (af.n == 0 || af.items));
        for (size_t i = 0; i < af.n && i < F_CAP; i++)
            require(af.items[i].code == r->f[i].code && af.items[i].offset == r->f[i].offset);
        ibidi_free(b.data);
        ibidi_findings_free(&af);
    }
    if (n_cps > IBIDI_IDNA_MAX_CPS) {
        /* the Bidi Rule alone takes names of up to IBIDI_IDNA_MAX_CPS code points */
        ibidi_findings none = {NULL, 0, 0, 0};
        int bidi = -1;
        require(ibidi_idna_bidi_rule_utf8(s, len, flags, &none, &bidi, NULL) ==
                    IBIDI_E_IDNA_TOO_LONG &&
                none.n == 0 && bidi == 0);
        const ibidi_status st2 = ibidi_idna_bidi_rule_alloc(s, len, flags, &none, NULL, NULL);
        require((st2 == IBIDI_E_IDNA_TOO_LONG || st2 == IBIDI_E_NOMEM) && none.items == NULL);
    } else {
        static ibidi_finding bf[F_CAP];
        ibidi_findings bfs = {bf, F_CAP, 0, 0}, baf = {NULL, 0, 0, 0};
        int bidi = -1, bidi2 = -1;
        ibidi_status st = ibidi_idna_bidi_rule_utf8(s, len, flags, &bfs, &bidi, NULL);
        require(st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID);
        require((st == IBIDI_E_IDNA_INVALID) == (bfs.errors > 0) && (bidi == 0 || bidi == 1));
        for (size_t i = 0; i < bfs.n && i < F_CAP; i++)
            require((bf[i].code >= IBIDI_IDNA_B1 && bf[i].code <= IBIDI_IDNA_B6) ||
                    bf[i].code == IBIDI_IDNA_W_DIGIT_AFTER_RTL ||
                    bf[i].code == IBIDI_IDNA_W_PER_LABEL_BIDI);
        ibidi_status st2 = ibidi_idna_bidi_rule_alloc(s, len, flags, &baf, &bidi2, NULL);
        if (st2 != IBIDI_E_NOMEM) {
            require(st2 == st && bidi2 == bidi && baf.n == bfs.n && baf.errors == bfs.errors);
            for (size_t i = 0; i < baf.n && i < F_CAP; i++)
                require(baf.items[i].code == bf[i].code && baf.items[i].offset == bf[i].offset);
        }
        ibidi_findings_free(&baf);

        /* 8 */
        ibidi_buf32 dec8 = {cps, sizeof cps / sizeof cps[0], 0};
        int one_label = memchr(s, '.', len) == NULL;
        if (one_label && ibidi_utf8_decode(s, len, &dec8, NULL) == IBIDI_OK) {
            size_t ncp = dec8.len;
            static uint8_t cls[sizeof cps / sizeof cps[0]];
            for (size_t i = 0; i < ncp; i++)
                cls[i] = (uint8_t)ibidi_unicode_bidi_class(cps[i]);
            const unsigned broken = ibidi_idna_bidi_rule_classes(cls, ncp);
            const int rtl = ibidi_idna_is_rtl_label_cp(cps, ncp);
            require(rtl == bidi);
            unsigned named = 0;
            for (size_t i = 0; i < bfs.n && i < F_CAP; i++)
                if (bf[i].code >= IBIDI_IDNA_B1 && bf[i].code <= IBIDI_IDNA_B6)
                    named |= IBIDI_IDNA_RULE_COND(bf[i].code - IBIDI_IDNA_B1 + 1);
            if (rtl && bfs.n <= F_CAP)
                require(named == ((broken & IBIDI_IDNA_RULE_COND(1)) ? IBIDI_IDNA_RULE_COND(1)
                                                                      : broken));
        }
    }

    /* 6. ToUnicode(ToASCII(x)) and idempotence */
    if (ra.st == IBIDI_OK) {
        one(out8b, ra.len, flags, 0, &rc, out8c);
        /* (Punycode may make the A-labels longer than the calls take: IBIDI_IDNA_MAX_CPS) */
        if (ra.len > IBIDI_IDNA_MAX_CPS)
            require(rc.st == IBIDI_E_IDNA_TOO_LONG);
        else
            require(rc.st == IBIDI_OK && rc.len == ru.len && memcmp(out8c, out8, ru.len) == 0);
    }
    /* (not with transitional processing: a decoded "xn--" label keeps its deviation
     * characters, which a second pass would map) */
    if (ru.st == IBIDI_OK && !(flags & IBIDI_IDNA_TRANSITIONAL)) {
        memcpy(out8c, out8, ru.len);
        one(out8c, ru.len, flags, 0, &rx, out8b);
        require(rx.st == IBIDI_OK && rx.len == ru.len && memcmp(out8b, out8, ru.len) == 0);
    }

    check_url_host(s, len, n_cps);
    check_strip_root(s, len, &opts);
    return 0;
}
