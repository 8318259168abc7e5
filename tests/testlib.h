/* Tiny test harness shared by the test programs: counted checks and the summary line
 * "N passed, N failed" that tests/run.sh adds up. Test code only; never linked into the
 * library. */
#ifndef IBIDI_TESTLIB_H
#define IBIDI_TESTLIB_H

#include <stddef.h>
#include <stdint.h>

/* Records one check. On failure prints "file:line: message" (the first 50 failures of
 * a program are printed, the rest only counted). Returns ok. */
int t_check(int ok, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
#define CHECK(cond, ...) t_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* Adds n passed checks at once (for exhaustive loops that count their own comparisons). */
void t_pass_n(long n);
/* Prints "<n> passed, <m> failed" and returns the process exit status (0 when none failed). */
int t_summary(void);

/* The value of a hexadecimal digit (0-9, a-f, A-F), or -1 for any other character. */
int t_hex_digit(int c);

/* Fixed-seed generators, so that every run tests the same cases: xorshift32 and
 * xorshift64* (its high 32 bits); each advances *state and returns the next value. */
uint32_t t_xorshift32(uint32_t *state);
uint32_t t_xorshift64s(uint64_t *state);

/* One code point of each Bidi_Class, the first in code point order, into rep (indexed by
 * class, IBIDI_UNICODE_BC_COUNT entries). Returns how many classes were found. */
size_t t_class_representatives(uint32_t *rep);

/* Path of a vendored data file: "data/ucd/17.0.0/" + rel (tests run from the repository
 * root; IBIDI_DATA_DIR overrides the folder). The result is valid until the next call. */
const char *t_data_path(const char *rel);
/* Reads a whole file into a malloc'd NUL-terminated buffer; *len gets its size. NULL on error. */
char *t_read_file(const char *path, size_t *len);
/* The code points a property of a vendored UCD file (t_data_path(rel), PropList.txt's
 * form: "range ; name" or, with value, "range ; name ; value") holds: 1 each in a
 * malloc'd array of 0x110000 bytes, or NULL when the file cannot be read. */
unsigned char *t_ucd_property(const char *rel, const char *name, const char *value);
/* head, then unit count times, then tail, into out (NUL-terminated, cut at cap - 1 bytes):
 * long inputs for the bounds. Returns the length written. */
size_t t_repeat(char *out, size_t cap, const char *head, const char *unit, int count,
                const char *tail);

/* Bidi Notation (the seeds' examples): A-Z are right-to-left letters, Hebrew U+05D0 + i
 * (class R), or with arabic Arabic U+0621 + i (class AL); Duerst 2001's entities &lrm;
 * &rlm; &lre; &rle; &pdf; &lro; &rlo; &lri; &rli; &fsi; &pdi; &alm; are those controls;
 * everything else is itself. t_notation writes UTF-8 into a buffer of its own (valid until
 * the next call with the same slot 0..3) and sets *len; t_to_notation does the reverse
 * (characters it has no letter for stay UTF-8). */
const char *t_notation(int slot, const char *notation, int arabic, size_t *len);
const char *t_to_notation(int slot, const char *utf8, size_t len, int arabic);

/* The identifier calls with the options as separate words, as most tests were written:
 * check bits (IBIDI_IRI_DUERST2001, IBIDI_IRI_STRICT, IBIDI_IDNA_BIDI_PER_LABEL), exact
 * IDNA flags. The options record itself is tested in test_iri_check.c and test_iri_uri.c. */
#include "ibidi/iri.h"
static inline ibidi_iri_options t_iri_opts(ibidi_iri_kind as, unsigned flags, unsigned idna)
{
    const ibidi_iri_options o = {as, flags & ~(unsigned)IBIDI_IDNA_BIDI_PER_LABEL,
                                 {IBIDI_IDNA_PROFILE_UTS46,
                                  idna | (flags & IBIDI_IDNA_BIDI_PER_LABEL),
                                  ~(idna | (flags & IBIDI_IDNA_BIDI_PER_LABEL)), NULL, 0}};
    return o;
}
/* ibidi_iri_parse into the array c of cap components; *n gets their number (also when cap
 * is too small), as the parse's record says it. */
static inline ibidi_status t_iri_parse(const char *s, size_t len, ibidi_iri_kind as,
                                       ibidi_iri_component *c, size_t cap, size_t *n,
                                       ibidi_iri_info *info, ibidi_error *err)
{
    ibidi_iri_components r = {c, cap, 0};
    const ibidi_status st = ibidi_iri_parse(s, len, as, &r, info, err);
    *n = r.n;
    return st;
}
static inline ibidi_status t_iri_check(const char *s, size_t len, const ibidi_iri_component *c,
                                       size_t n, unsigned options, ibidi_findings *f,
                                       ibidi_error *err)
{
    const ibidi_iri_options o = t_iri_opts(IBIDI_IRI_AS_AUTO, options, 0);
    const ibidi_iri_components r = {(ibidi_iri_component *)c, n, n}; /* read only */
    return ibidi_iri_check(s, len, &r, &o, f, err);
}
static inline ibidi_status t_iri_validate(const char *s, size_t len, ibidi_iri_kind as,
                                          unsigned idna_flags, unsigned check_options,
                                          char *codes, size_t cap, size_t *codes_len,
                                          ibidi_error *err)
{
    const ibidi_iri_options o = t_iri_opts(as, check_options, idna_flags);
    ibidi_buf b = {codes, cap, 0};
    const ibidi_status st = ibidi_iri_validate(s, len, &o, &b, err);
    if (codes_len)
        *codes_len = b.len;
    return st;
}
static inline ibidi_status t_iri_to_uri(const char *s, size_t len, unsigned options,
                                        unsigned idna_flags, char *out, size_t cap,
                                        size_t *out_len, ibidi_error *err)
{
    const ibidi_iri_options o = t_iri_opts(IBIDI_IRI_AS_IRI, options, idna_flags);
    ibidi_buf b = {out, cap, 0};
    const ibidi_status st = ibidi_iri_to_uri(s, len, &o, &b, err);
    if (out_len)
        *out_len = b.len;
    return st;
}
static inline ibidi_status t_iri_from_uri(const char *s, size_t len, unsigned options, char *out,
                                          size_t cap, size_t *out_len, ibidi_error *err)
{
    const ibidi_iri_options o = t_iri_opts(IBIDI_IRI_AS_IRI, options, 0);
    ibidi_buf b = {out, cap, 0};
    const ibidi_status st = ibidi_iri_from_uri(s, len, &o, &b, err);
    if (out_len)
        *out_len = b.len;
    return st;
}

/* The ambiguity calls with the options as separate words, as most tests were written: exact
 * IDNA flags, the twin search's bound with the old meaning of 0 (no bound), and for the
 * analysis a work area of the harness's own, large enough for any input (the options
 * record itself is tested in test_ambiguity.c and test_twins.c). */
#include "ibidi/ambiguity.h"
ibidi_status t_ambig_analyze(const char *s, size_t len, ibidi_iri_kind as, unsigned flags,
                             unsigned idna, size_t max_candidates, ibidi_findings *f,
                             ibidi_error *err);
/* The twin search with its options as separate words (max_candidates 0: no bound), as the
 * twin tests were written; the options record itself is tested in test_twins.c. */
static inline ibidi_status t_twins_utf8(const char *s, size_t len, ibidi_dir context,
                                        size_t max_candidates, ibidi_ambiguity_twin_utf8_fn fn,
                                        void *ctx, ibidi_ambiguity_twin_stats *st, ibidi_error *err)
{
    const ibidi_ambiguity_options o = {.context = context,
                                       .max_candidates = max_candidates ? max_candidates : SIZE_MAX,
                                       .twin_utf8_fn = fn,
                                       .twin_ctx = ctx};
    return ibidi_ambiguity_twins_utf8(s, len, &o, st, err);
}
static inline ibidi_status t_twins_cp(const uint32_t *t, size_t n, ibidi_dir context,
                                      size_t max_candidates, ibidi_ambiguity_twin_fn fn, void *ctx,
                                      ibidi_ambiguity_twin_stats *st, ibidi_error *err)
{
    const ibidi_ambiguity_options o = {.context = context,
                                       .max_candidates = max_candidates ? max_candidates : SIZE_MAX,
                                       .twin_fn = fn,
                                       .twin_ctx = ctx};
    return ibidi_ambiguity_twins_cp(t, n, &o, st, err);
}
/* The display calls with their inputs as separate words, as most display tests were
 * written; the options record itself is tested in test_display.c. */
#include "ibidi/display.h"
/* comps and n_comps as the record *rec (read only), or NULL when comps is NULL with no
 * count: the call parses; rec must outlive the options. */
static inline ibidi_display_options t_display_opts(const ibidi_iri_component *comps,
                                                   size_t n_comps, ibidi_iri_components *rec,
                                                   ibidi_dir context, void *work,
                                                   size_t work_size)
{
    *rec = (ibidi_iri_components){(ibidi_iri_component *)comps, n_comps, n_comps};
    ibidi_display_options o = {IBIDI_IRI_AS_AUTO, comps || n_comps ? rec : NULL, context,
                               IBIDI_DISPLAY_FORM_VISUAL, IBIDI_DISPLAY_REPR_LOGICAL,
                               IBIDI_DISPLAY_REPR_LOGICAL, NULL, 0, NULL, 0, work, work_size};
    return o;
}
static inline ibidi_status t_display_layout(const char *s, size_t len,
                                            const ibidi_iri_component *comps, size_t n_comps,
                                            ibidi_dir context, uint8_t *levels, size_t *v2l,
                                            size_t *offsets, size_t cap, size_t *n_cps,
                                            ibidi_display_span *spans, size_t scap,
                                            size_t *n_spans, void *work, size_t work_size,
                                            ibidi_error *err)
{
    ibidi_iri_components rec;
    const ibidi_display_options o =
        t_display_opts(comps, n_comps, &rec, context, work, work_size);
    ibidi_display_layout_result r = {levels, v2l, offsets, cap, 0, spans, scap, 0};
    ibidi_status st = ibidi_display_layout(s, len, &o, &r, err);
    if (n_cps)
        *n_cps = r.n;
    if (n_spans)
        *n_spans = r.n_spans;
    return st;
}
static inline ibidi_status t_display_form(const char *s, size_t len,
                                          const ibidi_iri_component *comps, size_t n_comps,
                                          ibidi_display_form form, ibidi_dir context, char *out,
                                          size_t cap, size_t *out_len, void *work,
                                          size_t work_size, ibidi_error *err)
{
    ibidi_iri_components rec;
    ibidi_display_options o = t_display_opts(comps, n_comps, &rec, context, work, work_size);
    o.form = form;
    ibidi_buf b = {out, cap, 0};
    const ibidi_status st = ibidi_display_utf8(s, len, &o, &b, err);
    if (out_len)
        *out_len = b.len;
    return st;
}
static inline ibidi_status t_display_utf8(const char *s, size_t len, ibidi_iri_kind as,
                                          ibidi_display_form form, ibidi_dir context, char *out,
                                          size_t cap, size_t *out_len, void *work,
                                          size_t work_size, ibidi_error *err)
{
    ibidi_iri_components rec;
    ibidi_display_options o = t_display_opts(NULL, 0, &rec, context, work, work_size);
    o.as = as;
    o.form = form;
    ibidi_buf b = {out, cap, 0};
    const ibidi_status st = ibidi_display_utf8(s, len, &o, &b, err);
    if (out_len)
        *out_len = b.len;
    return st;
}
static inline ibidi_status t_display_prove(const char *s, size_t len,
                                           const ibidi_iri_component *comps, size_t n_comps,
                                           ibidi_display_form form, ibidi_dir para,
                                           const char *before, size_t before_len,
                                           const char *after, size_t after_len,
                                           ibidi_display_proof *proof, void *work,
                                           size_t work_size, ibidi_error *err)
{
    ibidi_iri_components rec;
    ibidi_display_options o = t_display_opts(comps, n_comps, &rec, para, work, work_size);
    o.form = form;
    o.before = before;
    o.before_len = before_len;
    o.after = after;
    o.after_len = after_len;
    return ibidi_display_prove(s, len, &o, proof, err);
}
static inline ibidi_status t_display_needs_embedding(const char *s, size_t len,
                                                     const ibidi_iri_component *comps,
                                                     size_t n_comps, ibidi_dir para,
                                                     const char *before, size_t before_len,
                                                     const char *after, size_t after_len,
                                                     int *needed, void *work, size_t work_size,
                                                     ibidi_error *err)
{
    ibidi_iri_components rec;
    ibidi_display_options o = t_display_opts(comps, n_comps, &rec, para, work, work_size);
    o.before = before;
    o.before_len = before_len;
    o.after = after;
    o.after_len = after_len;
    return ibidi_display_needs_embedding(s, len, &o, needed, err);
}
static inline ibidi_status t_display_convert(const char *s, size_t len, ibidi_iri_kind as,
                                             ibidi_display_repr from, ibidi_display_repr to,
                                             ibidi_dir context, char *out, size_t cap,
                                             size_t *out_len, void *work, size_t work_size,
                                             ibidi_error *err)
{
    ibidi_iri_components rec;
    ibidi_display_options o = t_display_opts(NULL, 0, &rec, context, work, work_size);
    o.as = as;
    o.from = from;
    o.to = to;
    ibidi_buf b = {out, cap, 0};
    const ibidi_status st = ibidi_display_convert(s, len, &o, &b, err);
    if (out_len)
        *out_len = b.len;
    return st;
}

#endif
