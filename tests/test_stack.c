/*
 * The stack each public entry point uses (issue 18): every header states a worst case
 * (IBIDI_*_STACK, for gcc -O2 on x86-64), and no entry point needs more than 32 KiB for
 * identifiers of up to 253 bytes. Each entry point runs here on the worst inputs of its
 * bound (names of 253 bytes that map to the most code points, or that hold the most
 * labels; IRIs of 253 bytes with the most components; bidi texts of IBIDI_BIDI_SMALL code
 * points with brackets, isolates and explicit embeddings; the twin search at its bound;
 * the options that take other paths) in two ways:
 *
 *   (a) painted: on a thread whose stack (1 MiB, allocated here) is filled with a pattern
 *       before the thread starts. The thread notes where its own frame is, makes the
 *       call, and the deepest byte no longer holding the pattern tells how much stack the
 *       call used. Each case runs with two patterns (a byte the call writes may equal
 *       one of them) and the larger depth counts. It must not exceed the stated figure
 *       (times the allowance below for other builds). The figures are printed as `info:`
 *       lines.
 *   (b) exact: in a child process (fork), on a thread whose stack is the allowance plus
 *       the thread's start-up overhead, with inaccessible pages right below it. An
 *       overflow kills the child (SIGSEGV; under ASan, its stack-overflow report), which
 *       shows here as a failed check naming the entry point.
 *
 * The start-up overhead is measured the same way as (a): a thread whose whole stack is
 * painted makes a trivial call; the bytes from the top of its stack down to the deepest
 * one written are the C library's thread record and TLS (glibc keeps them at the top of a
 * stack the caller gives), the thread start functions, this file's thread function and
 * the trivial call. Counting that call twice (here and in the figure) errs on the side of
 * more stack.
 */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ibidi.h"
#include "ibidi/rfc5893.h"
#include "testlib.h"

/* ---- Builds and their allowances ------------------------------------------------------ */

#if defined(__SANITIZE_ADDRESS__)
#define T_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T_ASAN 1
#endif
#endif

/* The stated figures are gcc -O2 on x86-64 (SSE2 paths, the default). Other builds run the
 * same code with other frames, so the checks allow more, as measured on this suite:
 *   - ASan (`make sanitize`, -O1): about 3 KiB more under every call, whatever it does
 *     (the painted depth of the calls that use almost none: the instrumented thread start
 *     and the first interceptors), and red zones and unshared slots in the frames: the
 *     deep calls grow by 3 to 7 KiB (the display calls from 32 to 36 KiB, the bidi
 *     engine from 17.7 to 22.5 KiB), under 1.25 times. Allowance: 5/4 of the figure plus
 *     8 KiB;
 *   - another compiler, or the portable loops of `make check-nosimd`: clang lays frames
 *     out differently and the portable loops keep other locals. Allowance: 5/4 of the
 *     figure plus 2 KiB.
 * These are bounds on the build, not on the library: the gcc -O2 figures are the ones
 * checked exactly. */
#if defined(T_ASAN)
#define ALLOW_NUM 5
#define ALLOW_DEN 4
#define ALLOW_ADD 8192
#define BUILD_NAME "ASan"
#elif !defined(__GNUC__) || defined(__clang__) || !defined(__OPTIMIZE__) || !defined(__SSE2__)
#define ALLOW_NUM 5
#define ALLOW_DEN 4
#define ALLOW_ADD 2048
#define BUILD_NAME "other"
#else
#define ALLOW_NUM 1
#define ALLOW_DEN 1
#define ALLOW_ADD 0
#define BUILD_NAME "gcc"
#endif

static size_t allowance(size_t stated)
{
    return stated / ALLOW_DEN * ALLOW_NUM + ALLOW_ADD;
}

/* ---- Threads on stacks of our own ----------------------------------------------------- */

typedef int (*call_fn)(void);

typedef struct job {
    call_fn fn;
    int ok;
    unsigned char *top; /* the thread function's frame, when it makes the call */
} job;

static void *thread_main(void *p)
{
    job *j = p;
    volatile unsigned char here = 0;
    j->top = (unsigned char *)&here;
    j->ok = j->fn();
    return NULL;
}

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

#define PAINT_STACK ((size_t)1 << 20)

/* Runs fn on a thread whose stack of PAINT_STACK bytes is filled with `pattern`; *depth
 * gets the bytes used below the thread function's frame, *from_top those used from the
 * top of the stack (the start-up overhead included). Returns fn's result, -1 when the
 * thread could not run. */
static int run_painted(call_fn fn, unsigned char pattern, size_t *depth, size_t *from_top)
{
    const size_t pg = page_size();
    unsigned char *map = mmap(NULL, PAINT_STACK + pg, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    pthread_attr_t attr;
    pthread_t th;
    job j = {fn, -1, NULL};
    unsigned char *lo, *q;
    if (map == MAP_FAILED)
        return -1;
    lo = map + pg;
    mprotect(map, pg, PROT_NONE);
    memset(lo, pattern, PAINT_STACK);
    pthread_attr_init(&attr);
    if (pthread_attr_setstack(&attr, lo, PAINT_STACK) != 0 ||
        pthread_create(&th, &attr, thread_main, &j) != 0) {
        pthread_attr_destroy(&attr);
        munmap(map, PAINT_STACK + pg);
        return -1;
    }
    pthread_join(th, NULL);
    pthread_attr_destroy(&attr);
    for (q = lo; q < lo + PAINT_STACK && *q == pattern; q++)
        ;
    *depth = j.top != NULL && j.top > q ? (size_t)(j.top - q) : 0;
    *from_top = (size_t)(lo + PAINT_STACK - q);
    munmap(map, PAINT_STACK + pg);
    return j.ok;
}

/* Both patterns: the larger depth. */
static int measure(call_fn fn, size_t *depth, size_t *from_top)
{
    size_t d1 = 0, d2 = 0, t1 = 0, t2 = 0;
    int ok1 = run_painted(fn, 0xA5, &d1, &t1);
    int ok2 = run_painted(fn, 0x5A, &d2, &t2);
    *depth = d1 > d2 ? d1 : d2;
    *from_top = t1 > t2 ? t1 : t2;
    return ok1 == 1 && ok2 == 1;
}

/* Runs fn in a child process on a thread with exactly `bytes` of stack (16-byte aligned
 * top) and inaccessible memory below them. The thread's stack as the C library sees it
 * may reach further down (it must be at least PTHREAD_STACK_MIN), but everything under
 * the `bytes` is unmapped for access. Returns 1 when the child ran fn and fn said 1. */
static int run_exact(call_fn fn, size_t bytes)
{
    pid_t pid;
    int status = 0;
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        const size_t pg = page_size();
        const size_t guard = (size_t)256 << 10; /* wider than any frame: no jump over it */
        size_t min = PTHREAD_STACK_MIN, span, total;
        unsigned char *map, *lo, *top, *base;
        pthread_attr_t attr;
        pthread_t th;
        job j = {fn, -1, NULL};
        bytes = (bytes + 15u) & ~(size_t)15u;
        span = bytes > min ? bytes : min;
        total = guard + span + 2 * pg;
        map = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (map == MAP_FAILED)
            _exit(4);
        lo = map + guard + span - bytes; /* page aligned when guard and span are... */
        lo = (unsigned char *)(((uintptr_t)lo + pg - 1) & ~(uintptr_t)(pg - 1));
        top = lo + bytes;
        base = top - span; /* what the C library is told: at least PTHREAD_STACK_MIN */
        if (base < map || mprotect(lo, (size_t)(top - lo) + pg, PROT_READ | PROT_WRITE) != 0)
            _exit(4);
        pthread_attr_init(&attr);
        if (pthread_attr_setstack(&attr, base, span) != 0 ||
            pthread_create(&th, &attr, thread_main, &j) != 0)
            _exit(5);
        pthread_join(th, NULL);
        _exit(j.ok == 1 ? 0 : 3);
    }
    if (waitpid(pid, &status, 0) != pid)
        return 0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* ---- Inputs (static: nothing of theirs on the measured stack) ------------------------- */

#define NAME_MAX_BYTES 253
static char fdfa[256];     /* 84 U+FDFA + "a": 253 bytes that map to 1513 code points */
static size_t fdfa_len;
static uint32_t fdfa_cp[128];
static size_t fdfa_n;
static char dots[256];     /* "a.a. ... a": 253 bytes, 127 labels */
static size_t dots_len;
static char rtl_dom[256];  /* right-to-left, number and left-to-right labels, 253 bytes */
static size_t rtl_dom_len;
static char mixed_dom[256]; /* labels of up to 63 octets, Arabic and Hebrew and digits */
static size_t mixed_dom_len;
static char xn_dom[256];   /* A-labels: ToUnicode decodes them */
static size_t xn_dom_len;
static char iri_q[256];    /* "a:?=&=& ...": the most components in 253 bytes */
static size_t iri_q_len;
static char iri_rtl[256];  /* an IRI with right-to-left host, path, query and fragment */
static size_t iri_rtl_len;
static char mail[256];     /* a mail address with a right-to-left local part and domain */
static size_t mail_len;
static char uri[256];      /* percent-encoded, "xn--" host: URI to IRI */
static size_t uri_len;
static char ctx_before[64], ctx_after[64];
static size_t ctx_before_len, ctx_after_len;

#define BIDI_N IBIDI_BIDI_SMALL
static uint32_t bidi_cp[BIDI_N]; /* brackets, isolates, embeddings, numbers */
static char bidi_utf8[BIDI_N * 4];
static size_t bidi_utf8_len;
static uint8_t bidi_cls[BIDI_N];
static uint32_t deep_cp[BIDI_N]; /* embeddings nested beyond the maximum depth */
static uint8_t lev_out[BIDI_N], cls_out[BIDI_N];
static size_t v2l_out[BIDI_N], l2v_out[BIDI_N], offs_out[BIDI_N];
static ibidi_bidi_run runs_out[BIDI_N];
static uint32_t cp_out[8192];
static char out[16384];
static char *alloc_out;
static ibidi_finding items[512];
static ibidi_iri_component comps[NAME_MAX_BYTES + 2];
static size_t n_comps;
static ibidi_iri_component iri_comps[NAME_MAX_BYTES + 2];
static size_t n_iri_comps;
static ibidi_display_span spans_out[1024];
static ibidi_rfc5893_detail rfc_d[64];
static char twins_text[IBIDI_AMBIGUITY_TWINS_MAX * 4];
static size_t twins_text_len;
static uint32_t twins_cp[IBIDI_AMBIGUITY_TWINS_MAX];
static size_t twins_n;
static char scan_buf[8192];
static char many[1024]; /* "http://\xD7\x90.com/b/b/..." : 500 components, past the stack's */
static size_t many_len;
static unsigned char idna_work[65536]; /* at least ibidi_idna_work_size() */
static unsigned char amb_work[1 << 17]; /* at least ibidi_ambiguity_work_size(1024, EXACT) */
static char long_form[256]; /* A-labels of under 253 bytes whose form has over 256 */
static size_t long_form_len;
static char *lgr_sample, *lgr_deep; /* an LGR document; rules nested to the depth limit */
static size_t lgr_sample_len, lgr_deep_len;

static size_t put(char *b, size_t at, const char *s)
{
    size_t l = strlen(s);
    memcpy(b + at, s, l);
    return at + l;
}

/* Repeats the pieces in turn while they fit in cap bytes; then pads with `pad`. */
static size_t fill(char *b, size_t cap, const char *const *pieces, size_t np, const char *pad)
{
    size_t at = 0, k = 0;
    for (;;) {
        const char *p = pieces[k % np];
        if (at + strlen(p) > cap)
            break;
        at = put(b, at, p);
        k++;
    }
    while (at + strlen(pad) <= cap)
        at = put(b, at, pad);
    b[at] = '\0';
    return at;
}

static void zone_inputs(void);
static void make_inputs(void)
{
    size_t at = 0;
    zone_inputs();
    /* lgr.h: the sample LGR, and rules nested 63 deep (lgr, rules, rule, 60 choices) */
    lgr_sample = t_read_file("data/samples/lgr/toy-hebrew-arabic.xml", &lgr_sample_len);
    lgr_deep = malloc(4096);
    if (lgr_deep) {
        size_t n = (size_t)sprintf(lgr_deep, "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\">"
                                             "<data/><rules><rule name=\"r\">");
        for (int i = 0; i < 60; i++)
            n += (size_t)sprintf(lgr_deep + n, "<choice>");
        n += (size_t)sprintf(lgr_deep + n, "<any/>");
        for (int i = 0; i < 60; i++)
            n += (size_t)sprintf(lgr_deep + n, "</choice>");
        lgr_deep_len = n + (size_t)sprintf(lgr_deep + n, "</rule></rules></lgr>");
    }
    for (int i = 0; i < 84; i++)
        at = put(fdfa, at, "\xEF\xB7\xBA");
    fdfa_len = put(fdfa, at, "a");
    for (int i = 0; i < 84; i++)
        fdfa_cp[i] = 0xFDFA;
    fdfa_cp[84] = 'a';
    fdfa_n = 85;

    at = 0;
    for (int i = 0; i < 126; i++)
        at = put(dots, at, "a.");
    dots_len = put(dots, at, "a");

    {
        static const char *const p[] = {"\xD7\x90\xD7\x91.", "12.", "ab.", "\xD8\xA8\x31.",
                                         "3-4.", "\xD7\x92\xD7\x93.", "\xD9\xA3\xD9\xA4.", "c\xD9\xA1."};
        rtl_dom_len = fill(rtl_dom, NAME_MAX_BYTES - 1, p, 8, "1");
        rtl_dom[rtl_dom_len++] = 'a';
        rtl_dom[rtl_dom_len] = '\0';
    }
    at = 0;
    for (int i = 0; i < 31; i++) /* 62 bytes of Arabic */
        at = put(mixed_dom, at, "\xD8\xA8");
    at = put(mixed_dom, at, "1.");
    for (int i = 0; i < 31; i++)
        at = put(mixed_dom, at, "\xD7\x90");
    at = put(mixed_dom, at, "2.");
    for (int i = 0; i < 62; i++)
        at = put(mixed_dom, at, "a");
    at = put(mixed_dom, at, "3.");
    for (int i = 0; i < 29; i++)
        at = put(mixed_dom, at, "\xD8\xA8");
    mixed_dom_len = put(mixed_dom, at, "\xD9\xA1");
    {
        static const char *const p[] = {"xn--4db.", "xn--mgb.", "xn--bcher-kva.", "123.",
                                        "xn--ngbc5azd."};
        xn_dom_len = fill(xn_dom, NAME_MAX_BYTES - 1, p, 5, "a");
        xn_dom[xn_dom_len++] = 'a';
        xn_dom[xn_dom_len] = '\0';
    }
    {
        static const char *const p[] = {"=&"};
        at = put(iri_q, 0, "a:?");
        iri_q_len = at + fill(iri_q + at, NAME_MAX_BYTES - at, p, 1, "=");
    }
    {
        static const char *const p[] = {"/\xD7\x90\xD7\x91", "/1.\xD7\x92", "?\xD7\x93=1",
                                        "&a=\xD8\xA8", "/x.y", "/(\xD7\x94)"};
        at = put(iri_rtl, 0, "http://\xD7\x90\xD7\x91.\xD8\xA8\xD8\xA9.123.com");
        iri_rtl_len = at + fill(iri_rtl + at, NAME_MAX_BYTES - at - 6, p, 6, "/");
        iri_rtl_len = put(iri_rtl, iri_rtl_len, "#\xD7\x95" "12");
        iri_rtl[iri_rtl_len] = '\0';
    }
    {
        static const char *const p[] = {"\xD7\x90\xD7\x91.", "1."};
        at = fill(mail, 60, p, 2, "a");
        at = put(mail, at, "@");
        static const char *const q[] = {"\xD7\x92\xD7\x93.", "12.", "\xD8\xA8\xD8\xA9."};
        mail_len = at + fill(mail + at, NAME_MAX_BYTES - at - 3, q, 3, "a");
        mail_len = put(mail, mail_len, "com");
    }
    {
        static const char *const p[] = {"/%D7%90%D7%91", "/%31.x", "?%D8%A8=%D7%93"};
        at = put(uri, 0, "http://xn--4db.xn--mgb.com");
        uri_len = at + fill(uri + at, NAME_MAX_BYTES - at, p, 3, "/");
    }
    {
        static const char *const p[] = {"/b"};
        at = put(many, 0, "http://\xD7\x90\xD7\x91.com");
        many_len = at + fill(many + at, sizeof many - 1 - at, p, 1, "/");
    }
    {
        /* labels of 20 CJK ideographs (60 bytes of UTF-8, about 30 as an A-label) */
        char u[1024];
        size_t at2 = 0;
        for (int l = 0; l < 8; l++) {
            for (int i = 0; i < 20; i++)
                at2 = put(u, at2, "\xE4\xB8\x80");
            u[at2++] = '.';
        }
        at2 = put(u, at2, "com");
        ibidi_buf lf = {long_form, sizeof long_form - 1, 0};
        ibidi_idna_to_ascii_utf8(u, at2, NULL, &lf, NULL, NULL);
        long_form_len = lf.len;
    }
    ctx_before_len = (size_t)(put(ctx_before, 0, "\xD7\x90\xD7\x91 (1) ") - 0);
    ctx_after_len = (size_t)(put(ctx_after, 0, " 2 \xD7\x92 [x]"));

    /* Bidi text: every kind of explicit formatting and bracket, and numbers. */
    {
        static const uint32_t unit[] = {
            0x05D0, '(', 'a', '[', '1', ']', ')', 0x202B, 'b', 0x2067, 0x05D1, '2', 0x2069,
            0x202C, 0x202E, '{', 0x0628, '}', 0x202C, 0x2068, 'c', ',', '3', 0x2069,
            0x202A, 0x0661, '.', 0x0662, 0x202C, 0x202D, '<', 0x05D2, '>', 0x202C, ' ',
            0x0300, 0x2066, '-', '4', '%', 0x2069, 0x200F, 0x061C, '\t', 0x05D3};
        size_t nu = sizeof unit / sizeof unit[0];
        for (size_t i = 0; i < BIDI_N; i++)
            bidi_cp[i] = unit[i % nu];
        ibidi_buf enc = {bidi_utf8, sizeof bidi_utf8, 0};
        ibidi_utf8_encode(bidi_cp, BIDI_N, &enc, NULL);
        bidi_utf8_len = enc.len;
        for (size_t i = 0; i < BIDI_N; i++)
            bidi_cls[i] = (uint8_t)ibidi_unicode_bidi_class(bidi_cp[i]);
        for (size_t i = 0; i < BIDI_N; i++)
            deep_cp[i] = i < 400 ? (i % 2 ? 0x202B : 0x2067) : (i % 3 ? 0x05D0 : '(');
    }
    {
        /* the twin search at its bound: letters of both directions, numbers, separators,
         * marks and brackets, so that many levels are possible */
        static const char *const p[] = {"\xD7\x90", "1", ".", "a", "\xD8\xA8", "2", "-", "(",
                                        "\xD9\xA1", ")", "\xCC\x81", "/", "3", "+"};
        size_t k = 0;
        twins_text_len = 0;
        twins_n = 0;
        while (twins_n < IBIDI_AMBIGUITY_TWINS_MAX) {
            twins_text_len = put(twins_text, twins_text_len, p[k++ % 14]);
            twins_n++;
        }
        ibidi_buf32 dec = {twins_cp, IBIDI_AMBIGUITY_TWINS_MAX, 0};
        ibidi_utf8_decode(twins_text, twins_text_len, &dec, NULL);
        twins_n = dec.len;
    }
    {
        ibidi_iri_components rec = {comps, sizeof comps / sizeof comps[0], 0};
        ibidi_iri_parse(rtl_dom, rtl_dom_len, IBIDI_IRI_AS_DOMAIN, &rec, NULL, NULL);
        n_comps = rec.n;
        rec = (ibidi_iri_components){iri_comps, sizeof iri_comps / sizeof iri_comps[0], 0};
        ibidi_iri_parse(iri_q, iri_q_len, IBIDI_IRI_AS_IRI, &rec, NULL, NULL);
        n_iri_comps = rec.n;
    }
}

/* ---- The calls -------------------------------------------------------------------------- */

static int st_ok(ibidi_status st)
{
    return st == IBIDI_OK;
}
#define FIND(arr) {arr, sizeof arr / sizeof arr[0], 0, 0}
static ibidi_findings findings(void)
{
    ibidi_findings f = FIND(items);
    return f;
}

static int trivial(void)
{
    return 1;
}

/* common.h */
static int c_version(void)
{
    return ibidi_version() != NULL && ibidi_unicode_version() != NULL;
}
static int c_strerror(void)
{
    return ibidi_strerror(IBIDI_E_UTF8_SURROGATE) != NULL &&
           ibidi_status_name(IBIDI_E_IDNA_INVALID) != NULL;
}
static int c_codes(void)
{
    return ibidi_code_name(IBIDI_IDNA_B1) != NULL && ibidi_code_message(IBIDI_AMBIGUITY_REC_II) &&
           ibidi_code_from_name("SAME_AUTHORITY", 14) == IBIDI_AMBIGUITY_SAME_AUTHORITY;
}
static int c_free(void)
{
    ibidi_findings f = {malloc(4 * sizeof(ibidi_finding)), 4, 1, 0};
    ibidi_findings_free(&f);
    ibidi_free(malloc(100));
    return f.items == NULL;
}

/* unicode.h */
static int c_props(void)
{
    ibidi_unicode_sc sc[8];
    uint32_t m[IBIDI_UNICODE_MAX_DECOMPOSITION];
    ibidi_unicode_dt dt;
    unsigned acc = 0;
    for (uint32_t cp = 0x0600; cp < 0x0700; cp++) {
        acc += ibidi_unicode_bidi_class(cp) + ibidi_unicode_general_category(cp) +
               ibidi_unicode_combining_class(cp) + (unsigned)ibidi_unicode_bidi_mirrored(cp) +
               ibidi_unicode_mirroring_glyph(cp) + ibidi_unicode_bracket_type(cp) +
               ibidi_unicode_paired_bracket(cp) + (unsigned)ibidi_unicode_script(cp) +
               (unsigned)ibidi_unicode_script_extensions(cp, sc, 8) +
               ibidi_unicode_joining_type(cp) + (unsigned)ibidi_unicode_default_ignorable(cp) +
               (unsigned)ibidi_unicode_noncharacter(cp) + (unsigned)ibidi_unicode_bidi_control(cp) +
               (unsigned)ibidi_unicode_assigned(cp) +
               (unsigned)ibidi_unicode_decomposition(cp, m, IBIDI_UNICODE_MAX_DECOMPOSITION, &dt) +
               ibidi_unicode_compose(cp, 0x0654) + ibidi_unicode_uts46_status(cp) +
               (unsigned)ibidi_unicode_uts46_mapping(cp, m, IBIDI_UNICODE_MAX_UTS46_MAPPING) +
               ibidi_unicode_uts46_idna2008(cp);
    }
    acc += (unsigned)ibidi_unicode_decomposition(0xAC01, m, IBIDI_UNICODE_MAX_DECOMPOSITION, &dt);
    acc += (unsigned)ibidi_unicode_uts46_mapping(0xFDFA, m, IBIDI_UNICODE_MAX_UTS46_MAPPING);
    return acc > 0;
}
static int c_cp_name(void)
{
    char n[IBIDI_UNICODE_MAX_NAME];
    return ibidi_unicode_name(0xFDFA, n, sizeof n) > 0 &&
           ibidi_unicode_name(0xAC01, n, sizeof n) > 0 &&
           ibidi_unicode_name(0x4E00, n, sizeof n) > 0;
}
static int c_value_names(void)
{
    return ibidi_unicode_bidi_class_name(IBIDI_UNICODE_BC_AL) &&
           ibidi_unicode_gc_name(IBIDI_UNICODE_GC_MN) &&
           ibidi_unicode_script_name(IBIDI_UNICODE_SC_ARAB) &&
           ibidi_unicode_script_long_name(IBIDI_UNICODE_SC_ARAB) &&
           ibidi_unicode_joining_type_name(IBIDI_UNICODE_JT_D) &&
           ibidi_unicode_bracket_type_name(IBIDI_UNICODE_BPT_OPEN) &&
           ibidi_unicode_decomposition_type_name(IBIDI_UNICODE_DT_FONT) &&
           ibidi_unicode_uts46_status_name(IBIDI_UNICODE_UTS46_MAPPED) &&
           ibidi_unicode_bidi_class_from_name("Arabic_Letter", 13) == IBIDI_UNICODE_BC_AL &&
           ibidi_unicode_script_from_name("Hebrew", 6) == IBIDI_UNICODE_SC_HEBR;
}
static int c_utf8(void)
{
    size_t n = 0, pos = 0;
    uint32_t cp;
    char b[4];
    ibidi_buf32 dec = {cp_out, 8192, 0};
    ibidi_buf enc = {out, sizeof out, 0};
    return st_ok(ibidi_utf8_validate(bidi_utf8, bidi_utf8_len, &n, NULL)) &&
           st_ok(ibidi_utf8_next(bidi_utf8, bidi_utf8_len, &pos, &cp, NULL)) &&
           st_ok(ibidi_utf8_decode(bidi_utf8, bidi_utf8_len, &dec, NULL)) &&
           st_ok(ibidi_utf8_encode(cp_out, dec.len, &enc, NULL)) &&
           ibidi_utf8_encode_cp(0x10FFFF, b) == 4;
}
static int c_normalize(void)
{
    static const ibidi_normalize_form forms[] = {IBIDI_NORMALIZE_NFC, IBIDI_NORMALIZE_NFD, IBIDI_NORMALIZE_NFKC, IBIDI_NORMALIZE_NFKD};
    for (int f = 0; f < 4; f++) {
        ibidi_buf o = {out, sizeof out, 0};
        ibidi_buf32 o32 = {cp_out, 8192, 0};
        ibidi_normalize_qc qc;
        int is = 0;
        if (!st_ok(ibidi_normalize_utf8(fdfa, fdfa_len, forms[f], &o, NULL)) ||
            !st_ok(ibidi_normalize_utf8(bidi_utf8, bidi_utf8_len, forms[f], &o, NULL)) ||
            !st_ok(ibidi_normalize_cp(bidi_cp, BIDI_N, forms[f], &o32, NULL)) ||
            !st_ok(ibidi_normalize_quick_check_utf8(bidi_utf8, bidi_utf8_len, forms[f], &qc, NULL)) ||
            !st_ok(ibidi_normalize_quick_check_cp(bidi_cp, BIDI_N, forms[f], &qc, NULL)) ||
            !st_ok(ibidi_normalize_is_normalized_utf8(bidi_utf8, bidi_utf8_len, forms[f], &is, NULL)))
            return 0;
    }
    return 1;
}
static int c_normalize_alloc(void)
{
    ibidi_buf res = {NULL, 0, 0};
    int ok = st_ok(ibidi_normalize_utf8_alloc(fdfa, fdfa_len, IBIDI_NORMALIZE_NFKC, &res, NULL));
    ibidi_free(res.data);
    return ok;
}

/* punycode.h */
static int c_punycode(void)
{
    ibidi_buf enc = {out, sizeof out, 0};
    ibidi_buf32 dec = {cp_out, 8192, 0};
    return st_ok(ibidi_punycode_encode(bidi_cp, 64, &enc, NULL)) &&
           st_ok(ibidi_punycode_decode(out, enc.len, IBIDI_PUNYCODE_CANONICAL, &dec, NULL)) &&
           st_ok(ibidi_punycode_encode(fdfa_cp, fdfa_n, &enc, NULL));
}

/* bidi.h */
static int c_bidi_resolve_utf8(void)
{
    static uint8_t weak[BIDI_N], types[BIDI_N];
    const ibidi_bidi_options autod = {IBIDI_DIR_AUTO, 0, NULL, 0}, rtl = {IBIDI_DIR_RTL, 0, NULL, 0};
    ibidi_bidi_result all = {lev_out, cls_out, weak, types, offs_out, BIDI_N, 0, {0}};
    ibidi_bidi_result lev = {.levels = lev_out, .cap = BIDI_N};
    return st_ok(ibidi_bidi_resolve_utf8(bidi_utf8, bidi_utf8_len, &autod, &all, NULL)) &&
           st_ok(ibidi_bidi_resolve_utf8(bidi_utf8, bidi_utf8_len, &rtl, &lev, NULL));
}
static int c_bidi_resolve_cp(void)
{
    static uint8_t weak[BIDI_N];
    const ibidi_bidi_options ltr = {IBIDI_DIR_LTR, 0, NULL, 0}, rtl = {IBIDI_DIR_RTL, 0, NULL, 0},
                             autod = {IBIDI_DIR_AUTO, 0, NULL, 0};
    ibidi_bidi_result r1 = {.levels = lev_out, .classes = cls_out, .weak = weak, .cap = BIDI_N};
    ibidi_bidi_result r2 = {.levels = lev_out, .cap = BIDI_N};
    return st_ok(ibidi_bidi_resolve_cp(bidi_cp, BIDI_N, &ltr, &r1, NULL)) &&
           st_ok(ibidi_bidi_resolve_cp(deep_cp, BIDI_N, &rtl, &r2, NULL)) &&
           st_ok(ibidi_bidi_resolve_cp(bidi_cp, 60, &autod, &r2, NULL));
}
static int c_bidi_resolve_classes(void)
{
    static uint8_t types[BIDI_N];
    const ibidi_bidi_options o = {IBIDI_DIR_AUTO_RTL, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = lev_out, .types = types, .cap = BIDI_N};
    return st_ok(ibidi_bidi_resolve_classes(bidi_cls, BIDI_N, &o, &r, NULL));
}
static int c_bidi_lines(void)
{
    ibidi_bidi_para para;
    ibidi_bidi_result r = {.levels = lev_out, .classes = cls_out, .cap = BIDI_N};
    const ibidi_bidi_line line = {lev_out, cls_out, BIDI_N, 100, 900, 0};
    ibidi_bidi_run_list runs = {runs_out, BIDI_N, 0};
    ibidi_bidi_resolve_cp(bidi_cp, BIDI_N, NULL, &r, NULL);
    return ibidi_bidi_class_removed(IBIDI_UNICODE_BC_BN) &&
           st_ok(ibidi_bidi_paragraph(cls_out, BIDI_N, 500, IBIDI_DIR_AUTO, &para, NULL)) &&
           st_ok(ibidi_bidi_line_levels(&line, lev_out + 100, NULL)) &&
           st_ok(ibidi_bidi_reorder(lev_out, BIDI_N, v2l_out, l2v_out, NULL)) &&
           st_ok(ibidi_bidi_runs(lev_out, BIDI_N, &runs, NULL)) && ibidi_bidi_mirror('(', 1) == ')';
}
static int c_bidi_reorder_deep(void)
{
    for (size_t i = 0; i < BIDI_N; i++)
        lev_out[i] = (uint8_t)(i < 512 ? (i % 127) : (126 - i % 127));
    return st_ok(ibidi_bidi_reorder(lev_out, BIDI_N, v2l_out, l2v_out, NULL));
}
static int c_bidi_visual(void)
{
    ibidi_buf o = {out, sizeof out, 0};
    ibidi_buf32 o32 = {cp_out, 8192, 0};
    ibidi_bidi_info info;
    const ibidi_bidi_options autod = {IBIDI_DIR_AUTO, 0, NULL, 0},
                             rtl = {IBIDI_DIR_RTL, IBIDI_BIDI_REMOVE_CONTROLS, NULL, 0};
    return st_ok(ibidi_bidi_visual_utf8(bidi_utf8, bidi_utf8_len, &autod, &o, &info, NULL)) &&
           st_ok(ibidi_bidi_visual_utf8(bidi_utf8, bidi_utf8_len, &rtl, &o, NULL, NULL)) &&
           st_ok(ibidi_bidi_visual_cp(bidi_cp, BIDI_N, NULL, &o32, &info, NULL));
}
static int c_bidi_visual_alloc(void)
{
    ibidi_buf a = {NULL, 0, 0};
    const ibidi_bidi_options rtl = {IBIDI_DIR_RTL, 0, NULL, 0};
    int ok = st_ok(ibidi_bidi_visual_utf8_alloc(bidi_utf8, bidi_utf8_len, &rtl, &a, NULL));
    ibidi_free(a.data);
    ibidi_bidi_result r;
    ok = ok && st_ok(ibidi_bidi_resolve_utf8_alloc(bidi_utf8, bidi_utf8_len, &rtl,
                                                   IBIDI_BIDI_WANT_CLASSES | IBIDI_BIDI_WANT_WEAK |
                                                       IBIDI_BIDI_WANT_TYPES |
                                                       IBIDI_BIDI_WANT_OFFSETS,
                                                   &r, NULL));
    ibidi_bidi_result_free(&r);
    alloc_out = NULL;
    ibidi_free(alloc_out);
    return ok && ibidi_bidi_work_size(5000) > 0;
}

/* idna.h */
static int idna_ok(ibidi_status st)
{
    return st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID;
}
static const char *idna_names[] = {fdfa, dots, rtl_dom, mixed_dom, xn_dom};
static const size_t *idna_lens[] = {&fdfa_len, &dots_len, &rtl_dom_len, &mixed_dom_len,
                                    &xn_dom_len};
static int c_idna_small(void)
{
    return ibidi_idna_property_of(0x05D0) == IBIDI_IDNA_PVALID &&
           ibidi_idna_property_name(IBIDI_IDNA_CONTEXTJ) &&
           ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_WHATWG) != 0 &&
           ibidi_idna_profile_name(IBIDI_IDNA_PROFILE_UTS46) && ibidi_idna_work_size() > 0 &&
           ibidi_idna_options_flags(NULL) != 0 && ibidi_idna_is_rtl_label_cp(fdfa_cp, fdfa_n) &&
           ibidi_idna_bidi_rule_classes(bidi_cls, 63) != 0;
}
/* Every name of the set through ToASCII or ToUnicode with the options o. */
static int idna_utf8_all(int to_ascii, const ibidi_idna_options *o)
{
    for (size_t k = 0; k < 5; k++) {
        ibidi_buf b = {out, sizeof out, 0};
        ibidi_findings f = findings();
        ibidi_status st =
            to_ascii ? ibidi_idna_to_ascii_utf8(idna_names[k], *idna_lens[k], o, &b, &f, NULL)
                     : ibidi_idna_to_unicode_utf8(idna_names[k], *idna_lens[k], o, &b, &f, NULL);
        if (!idna_ok(st))
            return 0;
    }
    return 1;
}
static int idna_profile_all(int to_ascii, ibidi_idna_profile prof)
{
    const ibidi_idna_options o = {prof, 0, 0, NULL, 0};
    return idna_utf8_all(to_ascii, &o);
}
static int c_idna_to_ascii_utf8(void)
{
    return idna_profile_all(1, IBIDI_IDNA_PROFILE_UTS46) &&
           idna_profile_all(1, IBIDI_IDNA_PROFILE_WHATWG) &&
           idna_profile_all(1, IBIDI_IDNA_PROFILE_IDNA2008_REGISTER);
}
static int c_idna_to_unicode_utf8(void)
{
    return idna_profile_all(0, IBIDI_IDNA_PROFILE_UTS46) &&
           idna_profile_all(0, IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP);
}
/* With a work area IDNA's fixed area stays off the stack (the exact analysis validates
 * twins so under the twin search). */
static int c_idna_work(void)
{
    const ibidi_idna_options o = {IBIDI_IDNA_PROFILE_UTS46, 0, 0, idna_work, sizeof idna_work};
    return idna_utf8_all(0, &o) && idna_utf8_all(1, &o);
}
static int c_idna_cp(void)
{
    ibidi_buf32 b = {cp_out, 8192, 0};
    ibidi_findings f = findings();
    return idna_ok(ibidi_idna_to_ascii_cp(fdfa_cp, fdfa_n, NULL, &b, &f, NULL)) &&
           idna_ok(ibidi_idna_to_unicode_cp(fdfa_cp, fdfa_n, NULL, &b, &f, NULL));
}
static int c_idna_alloc(void)
{
    ibidi_buf b = {NULL, 0, 0};
    ibidi_findings f = {NULL, 0, 0, 0};
    int ok = idna_ok(ibidi_idna_to_ascii_alloc(fdfa, fdfa_len, NULL, &b, &f, NULL));
    ibidi_free(b.data);
    ibidi_findings_free(&f);
    ok = ok && idna_ok(ibidi_idna_to_unicode_alloc(xn_dom, xn_dom_len, NULL, &b, &f, NULL));
    ibidi_free(b.data);
    ibidi_findings_free(&f);
    return ok;
}
static int c_idna_bidi_rule(void)
{
    ibidi_findings f = findings();
    int is = 0;
    return idna_ok(ibidi_idna_bidi_rule_utf8(rtl_dom, rtl_dom_len, 0, &f, &is, NULL)) &&
           idna_ok(ibidi_idna_bidi_rule_utf8(mixed_dom, mixed_dom_len, IBIDI_IDNA_BIDI_PER_LABEL,
                                             &f, &is, NULL)) &&
           idna_ok(ibidi_idna_bidi_rule_utf8(fdfa, fdfa_len, 0, &f, &is, NULL));
}

/* iri.h */
static int c_ident_parse(void)
{
    ibidi_iri_info info;
    ibidi_iri_components rec = {comps, 255, 0};
    static const ibidi_iri_kind kinds[] = {IBIDI_IRI_AS_AUTO, IBIDI_IRI_AS_IRI};
    for (int k = 0; k < 2; k++)
        if (!st_ok(ibidi_iri_parse(iri_rtl, iri_rtl_len, kinds[k], &rec, &info, NULL)) ||
            !st_ok(ibidi_iri_parse(iri_q, iri_q_len, kinds[k], &rec, &info, NULL)))
            return 0;
    return st_ok(ibidi_iri_parse(rtl_dom, rtl_dom_len, IBIDI_IRI_AS_DOMAIN, &rec, &info, NULL)) &&
           st_ok(ibidi_iri_parse(mail, mail_len, IBIDI_IRI_AS_EMAIL, &rec, &info, NULL)) &&
           ibidi_iri_component_kind_name(IBIDI_IRI_COMP_LABEL) && ibidi_iri_kind_name(IBIDI_IRI_AS_IRI);
}
static int check_ok(ibidi_status st)
{
    return st == IBIDI_OK || st == IBIDI_E_IDENT_INVALID;
}
static int check_one(const char *s, size_t len, ibidi_iri_kind as)
{
    static ibidi_iri_component c[NAME_MAX_BYTES + 2];
    ibidi_iri_components rec = {c, NAME_MAX_BYTES + 2, 0};
    ibidi_iri_info info;
    ibidi_findings f = findings();
    if (!st_ok(ibidi_iri_parse(s, len, as, &rec, &info, NULL)))
        return 0;
    const ibidi_iri_options strict = {IBIDI_IRI_AS_AUTO, IBIDI_IRI_DUERST2001,
                                      {IBIDI_IDNA_PROFILE_UTS46, IBIDI_IDNA_BIDI_PER_LABEL, 0,
                                       NULL, 0}};
    ibidi_findings all = {NULL, 0, 0, 0};
    int ok = check_ok(ibidi_iri_check(s, len, &rec, NULL, &f, NULL)) &&
             check_ok(ibidi_iri_check(s, len, &rec, &strict, &f, NULL));
    ibidi_iri_components pc = {NULL, 0, 0};
    ibidi_iri_options kind = {as, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    ok = ok && st_ok(ibidi_iri_parse_alloc(s, len, as, &pc, &info, NULL)) &&
         check_ok(ibidi_iri_check_alloc(s, len, &kind, &all, NULL));
    ibidi_free(pc.items);
    ibidi_findings_free(&all);
    return ok;
}
static int c_ident_check(void)
{
    return check_one(rtl_dom, rtl_dom_len, IBIDI_IRI_AS_DOMAIN) &&
           check_one(mixed_dom, mixed_dom_len, IBIDI_IRI_AS_DOMAIN) &&
           check_one(iri_rtl, iri_rtl_len, IBIDI_IRI_AS_IRI) &&
           check_one(mail, mail_len, IBIDI_IRI_AS_EMAIL);
}
static int c_percent(void)
{
    ibidi_buf b = {out, sizeof out, 0};
    return st_ok(ibidi_iri_percent_encode_component(fdfa, fdfa_len, &b, NULL));
}
static int uri_ok(ibidi_status st)
{
    return st == IBIDI_OK || st == IBIDI_E_IRI_HOST_IDNA || st == IBIDI_E_BUFFER_TOO_SMALL;
}
/* The host through ToASCII (the name of most code points), and the paths of a buffer too
 * small: IDNA asked again into a scratch buffer, the copy for IBIDI_IRI_ENCODE_ASCII. */
static int c_iri_to_uri(void)
{
    static char iri[300];
    size_t at = put(iri, 0, "http://");
    ibidi_buf b = {out, sizeof out, 0}, b30 = {out, 30, 0}, b4 = {out, 4, 0}, b10 = {out, 10, 0};
    const ibidi_iri_options enc = {IBIDI_IRI_AS_IRI, IBIDI_IRI_ENCODE_ASCII,
                                   {IBIDI_IDNA_PROFILE_UTS46, 0, ~0u, NULL, 0}};
    memcpy(iri + at, fdfa, fdfa_len - 7);
    at += fdfa_len - 7;
    int ok = uri_ok(ibidi_iri_to_uri(iri_rtl, iri_rtl_len, NULL, &b, NULL)) &&
             uri_ok(ibidi_iri_to_uri(iri_rtl, iri_rtl_len, NULL, &b30, NULL)) &&
             uri_ok(ibidi_iri_to_uri("a:<\xD7\x90>", 6, &enc, &b4, NULL)) &&
             uri_ok(ibidi_iri_to_uri(iri, at, NULL, &b, NULL)) &&
             uri_ok(ibidi_iri_to_uri(iri, at, NULL, &b10, NULL));
    ibidi_buf a = {NULL, 0, 0};
    ibidi_status st = ibidi_iri_to_uri_alloc(iri_rtl, iri_rtl_len, NULL, &a, NULL);
    ibidi_free(a.data);
    return ok && uri_ok(st);
}
static int c_uri_to_iri(void)
{
    ibidi_buf b = {out, sizeof out, 0}, a = {NULL, 0, 0};
    const ibidi_iri_options u = {IBIDI_IRI_AS_IRI, IBIDI_IRI_HOST_TO_UNICODE,
                                 {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}},
                            k = {IBIDI_IRI_AS_IRI, IBIDI_IRI_KEEP_UNSAFE,
                                 {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    int ok = st_ok(ibidi_iri_from_uri(uri, uri_len, &u, &b, NULL)) &&
             st_ok(ibidi_iri_from_uri(uri, uri_len, &k, &b, NULL)) &&
             st_ok(ibidi_iri_from_uri_alloc(uri, uri_len, &u, &a, NULL));
    ibidi_free(a.data);
    return ok;
}

static int c_unicode_form(void)
{
    /* A-labels in an IRI's host; and a host whose other labels map the most (U+FDFA,
     * 18 code points each: three labels of 20) beside an A-label */
    static const char xn[] = "http://xn--4dbcd.xn--4dbcd.example/xn--4dbcd";
    static char heavy[256];
    size_t hl = 0;
    ibidi_buf b = {out, sizeof out, 0};
    for (int l = 0; l < 3; l++) {
        for (int k = 0; k < 20; k++)
            hl += (size_t)snprintf(heavy + hl, sizeof heavy - hl, "\xEF\xB7\xBA");
        heavy[hl++] = '.';
    }
    hl += (size_t)snprintf(heavy + hl, sizeof heavy - hl, "xn--4dbcd");
    const ibidi_iri_options d = {IBIDI_IRI_AS_DOMAIN, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    return st_ok(ibidi_iri_unicode_form(xn, sizeof xn - 1, NULL, &b, NULL)) &&
           b.len != sizeof xn - 1 && st_ok(ibidi_iri_unicode_form(heavy, hl, &d, &b, NULL));
}

/* display.h */
static const char *disp_s[] = {rtl_dom, iri_rtl, iri_q, mail, mixed_dom, dots};
static const size_t *disp_len[] = {&rtl_dom_len, &iri_rtl_len, &iri_q_len, &mail_len,
                                   &mixed_dom_len, &dots_len};
static const ibidi_iri_kind disp_as[] = {IBIDI_IRI_AS_DOMAIN, IBIDI_IRI_AS_IRI, IBIDI_IRI_AS_IRI,
                                           IBIDI_IRI_AS_EMAIL, IBIDI_IRI_AS_DOMAIN,
                                           IBIDI_IRI_AS_DOMAIN};
#define N_DISP 6
static ibidi_iri_components parse_disp(int k, ibidi_iri_component *c)
{
    ibidi_iri_components rec = {c, NAME_MAX_BYTES + 2, 0};
    ibidi_iri_parse(disp_s[k], *disp_len[k], disp_as[k], &rec, NULL, NULL);
    return rec;
}
static int c_display_small(void)
{
    return ibidi_display_work_size(253, 0) == 0 && ibidi_display_form_name(IBIDI_DISPLAY_FORM_HTML) &&
           ibidi_display_repr_name(IBIDI_DISPLAY_REPR_VISUAL);
}
static int c_display_layout(void)
{
    for (int k = 0; k < N_DISP; k++) {
        const ibidi_iri_components rec = parse_disp(k, comps);
        for (int d = 0; d < 2; d++) {
            ibidi_display_options o = {.comps = &rec,
                                       .context = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR};
            ibidi_display_layout_result r = {lev_out, v2l_out, offs_out, BIDI_N, 0,
                                             spans_out, 1024, 0};
            if (!st_ok(ibidi_display_layout(disp_s[k], *disp_len[k], &o, &r, NULL)))
                return 0;
            o.comps = NULL; /* parsed by the call */
            o.as = disp_as[k];
            if (!st_ok(ibidi_display_layout(disp_s[k], *disp_len[k], &o, &r, NULL)))
                return 0;
        }
    }
    return 1;
}
static int c_display_layout_alloc(void)
{
    ibidi_display_layout_result r;
    const ibidi_display_options o = {.as = IBIDI_IRI_AS_IRI, .context = IBIDI_DIR_RTL};
    int ok = st_ok(ibidi_display_layout_alloc(iri_rtl, iri_rtl_len, &o, &r, NULL));
    ibidi_display_layout_free(&r);
    return ok;
}
static int c_display_utf8(void)
{
    for (int k = 0; k < N_DISP; k++) {
        const ibidi_iri_components rec = parse_disp(k, comps);
        for (int f = IBIDI_DISPLAY_FORM_VISUAL; f <= IBIDI_DISPLAY_FORM_HTML_SPAN; f++)
            for (int d = 0; d < 2; d++) {
                ibidi_buf b = {out, sizeof out, 0};
                ibidi_display_options o = {.comps = &rec,
                                           .context = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR,
                                           .form = (ibidi_display_form)f};
                if (!st_ok(ibidi_display_utf8(disp_s[k], *disp_len[k], &o, &b, NULL)))
                    return 0;
                o.comps = NULL;
                o.as = disp_as[k];
                if (!st_ok(ibidi_display_utf8(disp_s[k], *disp_len[k], &o, &b, NULL)))
                    return 0;
            }
    }
    return 1;
}
static int c_display_utf8_alloc(void)
{
    ibidi_buf a = {NULL, 0, 0};
    const ibidi_display_options o = {.as = IBIDI_IRI_AS_IRI, .form = IBIDI_DISPLAY_FORM_MARKS,
                                     .context = IBIDI_DIR_RTL};
    int ok = st_ok(ibidi_display_utf8_alloc(iri_rtl, iri_rtl_len, &o, &a, NULL));
    ibidi_free(a.data);
    return ok;
}
/* The proofs and the embedding test take context text: the identifier and the context
 * together up to IBIDI_DISPLAY_SMALL bytes need no work area. */
static size_t ctx_room(size_t len)
{
    return len + ctx_before_len + ctx_after_len <= IBIDI_DISPLAY_SMALL;
}
static ibidi_display_options ctx_opts(const ibidi_iri_components *rec, int with_ctx, int d)
{
    ibidi_display_options o = {.comps = rec,
                               .context = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR,
                               .before = ctx_before, .before_len = with_ctx ? ctx_before_len : 0,
                               .after = ctx_after, .after_len = with_ctx ? ctx_after_len : 0};
    return o;
}
static int c_display_prove(void)
{
    for (int k = 0; k < N_DISP; k++) {
        const ibidi_iri_components rec = parse_disp(k, comps);
        int with_ctx = ctx_room(*disp_len[k]);
        for (int f = IBIDI_DISPLAY_FORM_MARKS; f <= IBIDI_DISPLAY_FORM_HTML_SPAN; f++)
            for (int d = 0; d < 2; d++) {
                ibidi_display_proof p;
                ibidi_display_options o = ctx_opts(&rec, with_ctx, d);
                o.form = (ibidi_display_form)f;
                if (!st_ok(ibidi_display_prove(disp_s[k], *disp_len[k], &o, &p, NULL)))
                    return 0;
            }
    }
    return 1;
}
static int c_display_needs_embedding(void)
{
    for (int k = 0; k < N_DISP; k++) {
        const ibidi_iri_components rec = parse_disp(k, comps);
        int with_ctx = ctx_room(*disp_len[k]);
        for (int d = 0; d < 2; d++) {
            int needed = 0;
            const ibidi_display_options o = ctx_opts(&rec, with_ctx, d);
            if (!st_ok(ibidi_display_needs_embedding(disp_s[k], *disp_len[k], &o, &needed,
                                                     NULL)))
                return 0;
        }
    }
    return 1;
}
static int c_convert(void)
{
    for (int k = 0; k < N_DISP; k++)
        for (int from = 0; from < 3; from++)
            for (int to = 0; to < 3; to++)
                for (int d = 0; d < 2; d++) {
                    /* the other forms come from the logical one */
                    static char form[16384];
                    ibidi_buf fb = {form, sizeof form, 0}, b = {out, sizeof out, 0};
                    ibidi_display_options o = {.as = disp_as[k],
                                               .context = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR,
                                               .from = IBIDI_DISPLAY_REPR_LOGICAL,
                                               .to = (ibidi_display_repr)from};
                    const ibidi_status fst =
                        ibidi_display_convert(disp_s[k], *disp_len[k], &o, &fb, NULL);
                    /* an identifier that breaks Duerst's restriction 1 has no other form, and
                     * one whose visual form would not read back has none */
                    if (fst == IBIDI_E_CONVERT_RESTRICTION || fst == IBIDI_E_CONVERT_ROUND_TRIP)
                        continue;
                    if (!st_ok(fst))
                        return 0;
                    o.from = (ibidi_display_repr)from;
                    o.to = (ibidi_display_repr)to;
                    ibidi_status st = ibidi_display_convert(form, fb.len, &o, &b, NULL);
                    /* the textual form of one whose visual form would not read back has no
                     * visual form either */
                    if (st != IBIDI_OK && st != IBIDI_E_CONVERT_ROUND_TRIP &&
                        st != IBIDI_E_CONVERT_RESTRICTION && st != IBIDI_E_DISPLAY_WORK_TOO_SMALL)
                        return 0;
                }
    const ibidi_display_options o = {.as = IBIDI_IRI_AS_IRI, .to = IBIDI_DISPLAY_REPR_TEXTUAL,
                                     .context = IBIDI_DIR_RTL};
    /* iri_rtl breaks Duerst's restriction 1 ("(\xD7\x94)" does not start right-to-left) */
    static const char kept[] = "http://\xD7\x90\xD7\x91.com/\xD7\x92\xD7\x93/x?\xD7\x94=1";
    ibidi_buf a = {NULL, 0, 0};
    int ok = ibidi_display_convert_alloc(iri_rtl, iri_rtl_len, &o, &a, NULL) ==
             IBIDI_E_CONVERT_RESTRICTION;
    ibidi_free(a.data);
    ok = ok && st_ok(ibidi_display_convert_alloc(kept, sizeof kept - 1, &o, &a, NULL));
    ibidi_free(a.data);
    return ok;
}

/* confusable.h: the skeletons of names of 253 bytes, right-to-left and mixed, every code
 * point mapping to many, and the longest text a bidi skeleton takes */
static int c_confusable(void)
{
    static const char *const names[] = {dots, rtl_dom, mixed_dom, fdfa};
    static const size_t *const lens[] = {&dots_len, &rtl_dom_len, &mixed_dom_len, &fdfa_len};
    static uint32_t longest[IBIDI_CONFUSABLE_MAX_BIDI];
    static char out[8192]; /* static: the test's buffers are not the calls' stack */
    static uint32_t out32[2048];
    int ok = 1;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        ibidi_buf b = {out, sizeof out, 0};
        ok = ok && st_ok(ibidi_confusable_skeleton_utf8(names[k], *lens[k], &b, NULL));
        b.len = 0;
        ok = ok && st_ok(ibidi_confusable_bidi_skeleton_utf8(names[k], *lens[k], IBIDI_DIR_RTL,
                                                             &b, NULL));
    }
    for (size_t i = 0; i < IBIDI_CONFUSABLE_MAX_BIDI; i++)
        longest[i] = i % 3 ? 0x05D0 + (uint32_t)(i % 27) : 0x0316;
    ibidi_buf32 b32 = {out32, 2048, 0};
    ok = ok && st_ok(ibidi_confusable_bidi_skeleton_cp(longest, IBIDI_CONFUSABLE_MAX_BIDI,
                                                       IBIDI_DIR_LTR, &b32, NULL));
    b32.len = 0;
    ok = ok && st_ok(ibidi_confusable_skeleton_cp(fdfa_cp, fdfa_n, &b32, NULL));
    uint32_t p[IBIDI_CONFUSABLE_MAX_PROTOTYPE];
    return ok && ibidi_confusable_prototype(0xFDFA, p, IBIDI_CONFUSABLE_MAX_PROTOTYPE) == 18 &&
           ibidi_confusable_identifier_allowed('a') && ibidi_confusable_identifier_type('a') &&
           ibidi_confusable_type_name(IBIDI_CONFUSABLE_TYPE_RECOMMENDED) != NULL;
}

/* uts39.h: names of 253 bytes with the most labels, right-to-left and mixed labels with
 * digits, every code point mapping to many (the level is read as the name goes) */
static int c_uts39(void)
{
    static const char *const names[] = {dots, rtl_dom, mixed_dom, fdfa};
    const size_t *const lens[] = {&dots_len, &rtl_dom_len, &mixed_dom_len, &fdfa_len};
    int ok = 1;
    for (int k = 0; k < 4; k++) {
        ibidi_uts39_level l;
        int m;
        size_t off;
        ibidi_findings f = findings();
        const ibidi_uts39_options single = {IBIDI_UTS39_ASCII_ONLY, 0};
        const ibidi_uts39_options whole = {IBIDI_UTS39_SINGLE_SCRIPT, IBIDI_UTS39_WHOLE_NAME};
        ibidi_status st = ibidi_uts39_check_utf8(names[k], *lens[k], &single, &l, &f, NULL);
        ok = ok && (st == IBIDI_OK || st == IBIDI_E_UTS39_INVALID);
        st = ibidi_uts39_check_utf8(names[k], *lens[k], &whole, &l, &f, NULL);
        ok = ok && (st == IBIDI_OK || st == IBIDI_E_UTS39_INVALID);
        ibidi_findings a = {NULL, 0, 0, 0};
        st = ibidi_uts39_check_alloc(names[k], *lens[k], &single, &l, &a, NULL);
        ok = ok && (st == IBIDI_OK || st == IBIDI_E_UTS39_INVALID);
        ibidi_findings_free(&a);
        ok = ok && st_ok(ibidi_uts39_level_utf8(names[k], *lens[k], &l, NULL)) &&
             st_ok(ibidi_uts39_mixed_numbers_utf8(names[k], *lens[k], &m, &off, NULL));
    }
    ibidi_uts39_level l;
    int m;
    ibidi_findings f = findings();
    return ok && st_ok(ibidi_uts39_level_cp(fdfa_cp, fdfa_n, &l, NULL)) &&
           st_ok(ibidi_uts39_mixed_numbers_cp(fdfa_cp, fdfa_n, &m, NULL, NULL)) &&
           st_ok(ibidi_uts39_check_cp(fdfa_cp, fdfa_n, NULL, &l, &f, NULL)) &&
           ibidi_uts39_digit(0x1D7E1, NULL) == 9 &&
           ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_ARAB) &&
           ibidi_uts39_level_from_name("unrestricted", 12) == IBIDI_UTS39_UNRESTRICTED &&
           ibidi_uts39_level_name(IBIDI_UTS39_SINGLE_SCRIPT) != NULL;
}

/* ambiguity.h */
static int c_ambig_small(void)
{
    unsigned cat = 0;
    size_t s = 0, n = 0;
    return ibidi_ambiguity_label_category_cp(fdfa_cp, fdfa_n) == IBIDI_AMBIGUITY_LABEL_MIXED &&
           st_ok(ibidi_ambiguity_label_category_utf8(rtl_dom, rtl_dom_len, &cat, NULL)) &&
           ibidi_ambiguity_label_category_name(IBIDI_AMBIGUITY_LABEL_RTL) &&
           ibidi_ambiguity_label_category_text(IBIDI_AMBIGUITY_LABEL_LTR |
                                               IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX) &&
           ibidi_ambiguity_code_is_exact(IBIDI_AMBIGUITY_VALID_TWIN) &&
           ibidi_scan_line(" a.b # c", 8, &s, &n) == 1;
}
static const char *amb_s[] = {rtl_dom, iri_rtl, mail, mixed_dom, dots, iri_q};
static const size_t *amb_len[] = {&rtl_dom_len, &iri_rtl_len, &mail_len, &mixed_dom_len,
                                  &dots_len, &iri_q_len};
static const ibidi_iri_kind amb_as[] = {IBIDI_IRI_AS_DOMAIN, IBIDI_IRI_AS_IRI,
                                          IBIDI_IRI_AS_EMAIL, IBIDI_IRI_AS_DOMAIN,
                                          IBIDI_IRI_AS_DOMAIN, IBIDI_IRI_AS_AUTO};
static int c_ambiguity_analyze(void)
{
    /* identifiers of up to 253 bytes: on the stack, no work area */
    for (int k = 0; k < 6; k++) {
        ibidi_findings f = findings();
        const ibidi_ambiguity_options rtl = {.as = amb_as[k], .flags = IBIDI_AMBIGUITY_RTL};
        const ibidi_ambiguity_options text = {.as = amb_as[k], .flags = IBIDI_AMBIGUITY_TEXT};
        if (!st_ok(ibidi_ambiguity_analyze(amb_s[k], *amb_len[k], &rtl, &f, NULL)) ||
            !st_ok(ibidi_ambiguity_analyze(amb_s[k], *amb_len[k], &text, &f, NULL)))
            return 0;
    }
    /* longer ones in the work area, and the allocating call */
    {
        ibidi_findings f = findings(), a;
        const ibidi_ambiguity_options o = {.as = IBIDI_IRI_AS_IRI, .flags = IBIDI_AMBIGUITY_RTL,
                                           .work = amb_work, .work_size = sizeof amb_work};
        int ok = st_ok(ibidi_ambiguity_analyze(many, many_len, &o, &f, NULL)) &&
                 st_ok(ibidi_ambiguity_analyze_alloc(many, many_len, NULL, &a, NULL));
        ibidi_findings_free(&a);
        return ok;
    }
}
/* The exact findings on short identifiers (the search is exponential in what it cannot
 * prune) whose twins are many and valid: every twin gets validated; and on identifiers of
 * 253 bytes, the search cut by a bound. */
static int c_ambiguity_exact(void)
{
    static const char *const ids[] = {"123.\xD7\x90\xD7\x91\xD7\x92.com",
                                      "http://www.\xD7\x90\xD7\x91.com/123/\xD7\x92\xD7\x93/",
                                      "\xD7\x90\x31\x32@\xD7\x91\xD7\x92.123.com",
                                      "\xD7\x90\xD7\x91.1-2.3\xD9\xA4.\xD7\x92"};
    static const ibidi_iri_kind as[] = {IBIDI_IRI_AS_DOMAIN, IBIDI_IRI_AS_IRI,
                                          IBIDI_IRI_AS_EMAIL, IBIDI_IRI_AS_DOMAIN};
    for (int k = 0; k < 4; k++) {
        ibidi_findings f = findings();
        const ibidi_ambiguity_options o = {.as = as[k],
                                           .flags = IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_RTL,
                                           .work = amb_work,
                                           .work_size = sizeof amb_work};
        if (!st_ok(ibidi_ambiguity_analyze(ids[k], strlen(ids[k]), &o, &f, NULL)))
            return 0;
    }
    for (int k = 0; k < 6; k++) {
        ibidi_findings f = findings();
        const ibidi_ambiguity_options o = {.as = amb_as[k],
                                           .flags = IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_RTL,
                                           .max_candidates = 2000,
                                           .idna = {IBIDI_IDNA_PROFILE_WHATWG, 0, 0, NULL, 0},
                                           .work = amb_work,
                                           .work_size = sizeof amb_work};
        if (!st_ok(ibidi_ambiguity_analyze(amb_s[k], *amb_len[k], &o, &f, NULL)))
            return 0;
    }
    {
        ibidi_findings a;
        const ibidi_ambiguity_options o = {.as = IBIDI_IRI_AS_DOMAIN,
                                           .flags = IBIDI_AMBIGUITY_EXACT};
        int ok = st_ok(ibidi_ambiguity_analyze_alloc(ids[0], strlen(ids[0]), &o, &a, NULL));
        ibidi_findings_free(&a);
        return ok;
    }
}
static int count_twin(const char *t, size_t len, void *ctx)
{
    (void)t;
    (void)len;
    return ++*(size_t *)ctx >= 2000; /* enough leaves: the depth is reached */
}
static int count_twin_cp(const uint32_t *t, size_t n, void *ctx)
{
    (void)t;
    (void)n;
    return ++*(size_t *)ctx >= 2000;
}
static int c_twins(void)
{
    size_t count = 0;
    ibidi_ambiguity_twin_stats st;
    const ibidi_ambiguity_options ltr = {.context = IBIDI_DIR_LTR, .max_candidates = 20000,
                                         .twin_utf8_fn = count_twin, .twin_ctx = &count};
    const ibidi_ambiguity_options rtl = {.context = IBIDI_DIR_RTL, .max_candidates = 20000,
                                         .twin_fn = count_twin_cp, .twin_ctx = &count};
    return st_ok(ibidi_ambiguity_twins_utf8(twins_text, twins_text_len, &ltr, &st, NULL)) &&
           st_ok(ibidi_ambiguity_twins_cp(twins_cp, twins_n, &rtl, &st, NULL));
}
/* The look-alike forms: the twin search's worst text (its bound), and a name whose every
 * glyph has replacements, one change and two, in both directions. */
static int count_form(const ibidi_confusable_form *f, void *ctx)
{
    (void)f;
    ++*(size_t *)ctx;
    return 0;
}
static int c_confusable_forms(void)
{
    size_t count = 0;
    ibidi_confusable_forms_stats st;
    int ok = 1;
    for (int d = 0; d < 2; d++) {
        const ibidi_confusable_forms_options o = {d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, 0, 2, 2000,
                                                  count_form, &count};
        ok = ok &&
             st_ok(ibidi_confusable_forms_utf8(twins_text, twins_text_len, &o, &st, NULL)) &&
             st_ok(ibidi_confusable_forms_utf8("loo.l0o.ooo", 11, &o, &st, NULL));
    }
    return ok && count > 0;
}
static int c_ident_validate(void)
{
    const unsigned flags = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    char iri[300];
    size_t at = put(iri, 0, "http://");
    memcpy(iri + at, fdfa, fdfa_len - 7);
    at += fdfa_len - 7;
    for (int k = 0; k < 6; k++) {
        ibidi_buf b = {out, sizeof out, 0};
        const ibidi_iri_options o = {amb_as[k], IBIDI_IRI_DUERST2001,
                                     {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0}};
        ibidi_status st = ibidi_iri_validate(amb_s[k], *amb_len[k], &o, &b, NULL);
        if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID)
            return 0;
    }
    {
        ibidi_buf b = {out, sizeof out, 0};
        const ibidi_iri_options o = {IBIDI_IRI_AS_IRI, 0,
                                     {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0}};
        ibidi_status st = ibidi_iri_validate(iri, at, &o, &b, NULL);
        if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID)
            return 0;
    }
    {
        /* more components than the stack holds: in the IDNA work area, which ToASCII
         * then uses; and the allocating call, which gives one */
        ibidi_buf b = {out, sizeof out, 0}, codes = {NULL, 0, 0};
        const ibidi_iri_options o = {IBIDI_IRI_AS_IRI, 0,
                                     {IBIDI_IDNA_PROFILE_UTS46, 0, 0, idna_work,
                                      sizeof idna_work}};
        ibidi_status st = ibidi_iri_validate(many, many_len, &o, &b, NULL);
        if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID)
            return 0;
        st = ibidi_iri_validate(rtl_dom, rtl_dom_len, &o, &b, NULL);
        if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID)
            return 0;
        st = ibidi_iri_validate_alloc(many, many_len, NULL, &codes, NULL);
        ibidi_free(codes.data);
        return st == IBIDI_OK || st == IBIDI_E_IDENT_INVALID;
    }
}
static int c_scan_name(void)
{
    /* names of 253 bytes: on the stack, no work area */
    for (int k = 0; k < 5; k++) {
        ibidi_findings f = findings();
        ibidi_scan_result r;
        const ibidi_scan_options o = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_SKELETON,
                                      {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};
        r.text = (ibidi_buf){scan_buf, sizeof scan_buf, 0};
        if (!st_ok(ibidi_scan_name(idna_names[k], *idna_lens[k], &o, &r, &f, NULL)))
            return 0;
    }
    /* a name of A-labels whose Unicode form is longer than a domain name; and the
     * allocating call */
    {
        ibidi_findings f = findings(), a;
        ibidi_scan_result r, ra;
        const ibidi_scan_options o = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_SKELETON,
                                      {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};
        r.text = (ibidi_buf){scan_buf, sizeof scan_buf, 0};
        int ok = st_ok(ibidi_scan_name(long_form, long_form_len, &o, &r, &f, NULL)) &&
                 r.unicode.length > 256 &&
                 st_ok(ibidi_scan_name_alloc(long_form, long_form_len, NULL, &ra, &a, NULL));
        ibidi_free(ra.text.data);
        ibidi_findings_free(&a);
        return ok;
    }
}

/* The collision groups: every call, with the smallest limit so that runs are written and
 * merged (in several passes) on the measured stack, and a callback. */
static int count_group(const ibidi_scan_group *g, void *ctx)
{
    *(size_t *)ctx += g->n;
    return 0;
}
static int c_scan_groups(void)
{
    ibidi_scan_groups *g = NULL;
    const ibidi_scan_groups_options o = {IBIDI_SCAN_GROUPS_MIN_MEMORY, NULL, 3, 0};
    ibidi_scan_groups_stats st;
    ibidi_scan_group_counts c;
    size_t names = 0;
    if (!st_ok(ibidi_scan_groups_create(&o, &g, NULL)))
        return 0;
    int ok = 1;
    for (unsigned i = 0; i < 6000 && ok; i++) {
        char key[32], name[32];
        int kl = snprintf(key, sizeof key, "key%u.example", i / 3);
        int nl = snprintf(name, sizeof name, "name%u.example", i);
        const ibidi_scan_groups_entry e = {(i / 6) % 3, key, (size_t)kl, name, (size_t)nl, 1};
        ok = st_ok(ibidi_scan_groups_add(g, &e, NULL));
    }
    /* and through an adder: its buffer fills (flushes that write runs) and is flushed */
    ibidi_scan_groups_adder *a = NULL;
    ok = ok && st_ok(ibidi_scan_groups_adder_create(g, &a, NULL));
    for (unsigned i = 0; i < 3000 && ok; i++) {
        char key[32], name[32];
        int kl = snprintf(key, sizeof key, "key%u.example", i / 3);
        int nl = snprintf(name, sizeof name, "adder%u.example", i);
        const ibidi_scan_groups_entry e = {(i / 6) % 3, key, (size_t)kl, name, (size_t)nl, 1};
        ok = st_ok(ibidi_scan_groups_adder_add(a, &e, NULL));
    }
    ok = ok && st_ok(ibidi_scan_groups_adder_flush(a, NULL));
    ibidi_scan_groups_adder_free(a);
    /* a name's displays as ibidi_scan_name gives them: "ab.1" in buf, both displays made
       ("ab.1" left-to-right, as itself; "1.ab" right-to-left) */
    {
        static char sbuf[] = "ab.1[]ab.11.ab";
        ibidi_scan_result sr;
        unsigned added = 0;
        memset(&sr, 0, sizeof sr);
        sr.text = (ibidi_buf){sbuf, sizeof sbuf - 1, sizeof sbuf - 1};
        sr.valid = 1;
        sr.unicode = (ibidi_span){0, 4, 1};
        sr.codes = (ibidi_span){4, 2, 1};
        sr.display[0] = (ibidi_span){6, 4, 1};
        sr.display[1] = (ibidi_span){10, 4, 1};
        sr.self_display = IBIDI_SCAN_LTR;
        ok = ok && st_ok(ibidi_scan_groups_add_displays(g, "ab.1", 4, &sr, &added, NULL)) &&
             added == IBIDI_SCAN_RTL;
    }
    ok = ok && st_ok(ibidi_scan_groups_finish(g, NULL)) &&
         st_ok(ibidi_scan_groups_each(g, count_group, &names, NULL)) &&
         st_ok(ibidi_scan_groups_counts(g, 0, &c));
    ibidi_scan_groups_get_stats(g, &st);
    ibidi_scan_groups_free(g);
    return ok && names == 9000 && st.runs > 4;
}

/* The candidates against an existing list: every call, with candidates that share keys (so
 * that lookups find several, bisect and sort, and finish finds peers and merges). */
static int c_scan_against(void)
{
    ibidi_scan_against *a = NULL;
    ibidi_scan_hit hits[64];
    const ibidi_scan_collision *col;
    size_t n = 0, m = 0;
    if (!st_ok(ibidi_scan_against_create(&a, NULL)))
        return 0;
    int ok = 1;
    for (unsigned i = 0; i < 200 && ok; i++) {
        char name[32], key[3][16];
        ibidi_scan_keys k;
        memset(&k, 0, sizeof k);
        k.name = k.form = name;
        k.name_len = k.form_len = (size_t)snprintf(name, sizeof name, "name%u.example", i % 150);
        for (int j = 0; j < 3; j++) {
            k.key[j] = key[j];
            k.key_len[j] = (size_t)snprintf(key[j], sizeof key[j], "k%d.%u", j, i % (7u + (unsigned)j));
        }
        k.valid = 1;
        ok = i < 40 ? st_ok(ibidi_scan_against_add(a, &k, NULL, NULL))
                    : st_ok(ibidi_scan_against_lookup(a, &k, hits, 64, &n, NULL)) &&
                          st_ok(ibidi_scan_against_record(a, &k, i, hits, n, NULL));
    }
    ok = ok && st_ok(ibidi_scan_against_finish(a, NULL)) &&
         st_ok(ibidi_scan_against_collisions(a, 3, &col, &m, NULL)) &&
         ibidi_scan_against_count(a) == 40;
    ibidi_scan_against_free(a);
    return ok && m > 10;
}

/* scan.h: zone files. The state is static, as the other cases' outputs are: the figure is
 * the calls'. The worst lines: the longest spelling (every octet a \DDD), a relative name
 * the longest origin completes, a relative $ORIGIN, a record with quotes and parentheses. */
static ibidi_scan_zone_state zone_st;
static char zone_buf[IBIDI_SCAN_ZONE_NAME_MAX];
static char zone_esc[1100], zone_origin[300];
static size_t zone_esc_len, zone_origin_len;
static void zone_inputs(void)
{
    zone_esc_len = zone_origin_len = 0;
    for (int k = 0; k < 4; k++) {
        size_t l = k < 3 ? 63 : 61;
        for (size_t i = 0; i < l; i++) {
            memcpy(zone_esc + zone_esc_len, "\\000", 4);
            zone_esc_len += 4;
            zone_origin[zone_origin_len++] = (char)('a' + k);
        }
        zone_esc[zone_esc_len++] = '.';
        zone_origin[zone_origin_len++] = '.';
    }
    zone_origin_len -= 2 + 1; /* room for a relative "x." before it: 251 octets, no dot */
}
static int c_zone_init(void)
{
    return st_ok(ibidi_scan_zone_init(&zone_st, zone_origin, zone_origin_len, NULL)) &&
           st_ok(ibidi_scan_zone_init(&zone_st, zone_esc, zone_esc_len, NULL));
}
static int c_zone_line(void)
{
    static const char *const lines[] = {"x A 192.0.2.1", "@ A 192.0.2.1",
                                        "y TXT ( \"a ; b\" \\( ; c", "\"d\" )",
                                        "$ORIGIN y", "$INCLUDE \"f\" g", "\t3600 IN A 192.0.2.1"};
    ibidi_scan_zone_result r;
    ibidi_buf name = {zone_buf, sizeof zone_buf, 0};
    int ok = st_ok(ibidi_scan_zone_init(&zone_st, zone_origin, zone_origin_len, NULL));
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        ok &= st_ok(ibidi_scan_zone_line(&zone_st, lines[i], strlen(lines[i]), &name, &r, NULL));
    return ok && st_ok(ibidi_scan_zone_line(&zone_st, zone_esc, zone_esc_len, &name, &r, NULL)) &&
           name.len == 1003;
}
static int c_zone_end(void) { return st_ok(ibidi_scan_zone_end(&zone_st, NULL)); }
static int c_detect_format(void)
{
    static const char text[] = "; a zone\n$ORIGIN com.\n@ IN SOA a. b. (\n1 2 3 4 5 )\n"
                               "example 3600 IN CLASS1 TYPE65534 \\# 0\nexample.com. 1h NS a.\n";
    return ibidi_scan_detect_format(text, sizeof text - 1) == IBIDI_SCAN_FORMAT_ZONE &&
           ibidi_scan_detect_format(zone_esc, zone_esc_len) == IBIDI_SCAN_FORMAT_NAMES;
}

/* common.h: the codes of findings as text, with more distinct codes than are listed */
static int c_findings_codes(void)
{
    static ibidi_finding f[80];
    char t[64];
    for (int i = 0; i < 80; i++) {
        f[i].code = (ibidi_code)(1 + i % 70);
        f[i].severity = IBIDI_SEVERITY_ERROR;
    }
    ibidi_buf out = {t, sizeof t, 0};
    return ibidi_findings_codes(f, 80, &out) == IBIDI_E_BUFFER_TOO_SMALL && out.len > sizeof t &&
           ibidi_code_describe(IBIDI_CODE_STATUS, IBIDI_E_ZONE_NAME) != NULL &&
           ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_IDNA_B1) > 0;
}

/* rfc5893.h */
static int c_rfc5893_small(void)
{
    size_t n = 0;
    return ibidi_rfc5893_conditions(bidi_cls, 63, IBIDI_RFC5893_ALL_CONDITIONS) != 0 &&
           ibidi_rfc5893_rfc3454_rule_ok(bidi_cls, 1) && ibidi_rfc5893_delimiters(&n) != NULL &&
           ibidi_rfc5893_neighbours(&n) != NULL &&
           ibidi_rfc5893_placement_name(IBIDI_RFC5893_PLACE_INNER) &&
           ibidi_rfc5893_requirement_name(IBIDI_RFC5893_REQ_UNIQUENESS);
}
static int c_rfc5893_run(void)
{
    static const uint8_t x[] = {IBIDI_UNICODE_BC_R,  IBIDI_UNICODE_BC_EN,  IBIDI_UNICODE_BC_CS,
                                IBIDI_UNICODE_BC_EN, IBIDI_UNICODE_BC_NSM, IBIDI_UNICODE_BC_AL};
    static const uint8_t s1[] = {IBIDI_UNICODE_BC_L, IBIDI_UNICODE_BC_EN};
    ibidi_rfc5893_case c = {s1,
                            2,
                            IBIDI_UNICODE_BC_CS,
                            x,
                            6,
                            IBIDI_UNICODE_BC_ON,
                            s1,
                            2,
                            IBIDI_DIR_RTL,
                            IBIDI_UNICODE_BC_RLO,
                            IBIDI_RFC5893_PLACE_AROUND};
    static ibidi_rfc5893_display disp;
    unsigned broken = 0;
    return st_ok(ibidi_rfc5893_run(&c, &broken, &disp, NULL));
}
static int c_rfc5893_grouping(void)
{
    static const uint8_t x[] = {IBIDI_UNICODE_BC_R,  IBIDI_UNICODE_BC_EN,  IBIDI_UNICODE_BC_CS,
                                IBIDI_UNICODE_BC_EN, IBIDI_UNICODE_BC_NSM, IBIDI_UNICODE_BC_AL,
                                IBIDI_UNICODE_BC_AN, IBIDI_UNICODE_BC_R};
    ibidi_rfc5893_grouping g;
    return st_ok(ibidi_rfc5893_grouping_classes(x, 8, IBIDI_RFC5893_CONTROLS, &g, NULL));
}
static int c_rfc5893_check_name(void)
{
    static const char name[] = "\xD7\x90" "1-2\xD7\x91.123.\xD8\xA8\xD9\xA1\xD9\xA2.ab1";
    const ibidi_rfc5893_name_options controls = {IBIDI_RFC5893_CONTROLS, 20000};
    const ibidi_rfc5893_name_options plain = {0, 2000};
    ibidi_findings f = findings();
    if (!st_ok(ibidi_rfc5893_check_name_utf8(name, sizeof name - 1, &controls, &f, rfc_d,
                                             NULL)))
        return 0;
    f = findings();
    if (!st_ok(ibidi_rfc5893_check_name_utf8(rtl_dom, 40, &plain, &f, rfc_d, NULL)))
        return 0;
    /* a label of 63 characters, the twin search at its bound */
    f = findings();
    return st_ok(ibidi_rfc5893_check_name_utf8(mixed_dom, 126, &plain, &f, rfc_d, NULL));
}

/* lgr.h. Loading allocates, and its stack is expat's and the loader's handlers': the loader
 * recurses nowhere (its element stack, the walk of the rule graph and the operands of the
 * class operations are on the heap), and expat keeps open elements in its own heap stack,
 * so the depth of a document does not deepen the call. The case loads the sample LGR
 * (every construct: meta, ranges, sequences, variants, tags, classes by tag, property
 * and set operation, context rules, forward references, actions), one with rules nested
 * to the default limit (63 levels), and a document that is refused (the diagnostic's
 * formatting), then reads the info and frees. */
static int c_lgr_load(void)
{
    ibidi_lgr *lgr = NULL, *deep = NULL, *refused = NULL;
    ibidi_lgr_diag d;
    static const char bad_doc[] = "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data>"
                                  "<char cp=\"0061\" when=\"nope\"/></data></lgr>";
    if (!lgr_sample || !lgr_deep ||
        !st_ok(ibidi_lgr_load(lgr_sample, lgr_sample_len, NULL, &lgr, &d)))
        return 0;
    const ibidi_lgr_info *in = ibidi_lgr_get_info(lgr);
    int ok = in != NULL && in->n_rules == 6 && in->index_possible &&
             st_ok(ibidi_lgr_load(lgr_deep, lgr_deep_len, NULL, &deep, &d)) &&
             ibidi_lgr_load(bad_doc, sizeof bad_doc - 1, NULL, &refused, &d) ==
                 IBIDI_E_LGR_REFERENCE &&
             refused == NULL;
    ibidi_lgr_free(lgr);
    ibidi_lgr_free(deep);
    return ok;
}

/* Evaluation on loaded LGRs (loaded by the first, unmeasured call): 63-code-point labels
 * whose every code point has variants, through every call, on the sample LGR and on one
 * whose whole-label rule nests 60 choices deep. */
static ibidi_lgr *eval_sample, *eval_deep;

static int count_variants(const ibidi_lgr_variant *v, void *ctx)
{
    (void)v;
    ++*(int *)ctx;
    return 0;
}

static int c_lgr_eval(void)
{
    if (!eval_sample) {
        static char doc[4096];
        size_t n = (size_t)sprintf(doc, "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data>"
                                        "<char cp=\"0061\"><var cp=\"0062\"/></char>"
                                        "<char cp=\"0062\"><var cp=\"0061\"/></char>"
                                        "</data><rules><rule name=\"r\">");
        for (int i = 0; i < 60; i++)
            n += (size_t)sprintf(doc + n, "<choice>");
        n += (size_t)sprintf(doc + n, "<char cp=\"0062\"/>");
        for (int i = 0; i < 60; i++)
            n += (size_t)sprintf(doc + n, "</choice>");
        n += (size_t)sprintf(doc + n, "</rule><action disp=\"invalid\" match=\"r\"/></rules></lgr>");
        if (!lgr_sample || ibidi_lgr_load(lgr_sample, lgr_sample_len, NULL, &eval_sample, NULL) ||
            ibidi_lgr_load(doc, n, NULL, &eval_deep, NULL))
            return 0;
    }
    uint32_t kaf_alef[IBIDI_LGR_MAX_LABEL], a[IBIDI_LGR_MAX_LABEL], idx[IBIDI_LGR_MAX_INDEX];
    for (int i = 0; i < IBIDI_LGR_MAX_LABEL; i++) {
        kaf_alef[i] = i % 2 ? 0x0627 : 0x0643;
        a[i] = 'a';
    }
    const ibidi_lgr *lgrs[2] = {eval_sample, eval_deep};
    const uint32_t *labels[2] = {kaf_alef, a};
    int ok = 1;
    for (int k = 0; k < 2; k++) {
        ibidi_lgr_result r;
        ibidi_lgr_variant_summary sum;
        ibidi_lgr_set_result sr;
        uint64_t est = 0;
        int seen = 0;
        ok &= st_ok(ibidi_lgr_check(lgrs[k], labels[k], IBIDI_LGR_MAX_LABEL, &r, NULL)) &&
              r.eligible;
        ok &= st_ok(ibidi_lgr_variant_estimate(lgrs[k], labels[k], IBIDI_LGR_MAX_LABEL, &est,
                                               NULL));
        const ibidi_lgr_variant_options vo = {IBIDI_LGR_INCLUDE_INVALID, 200, count_variants,
                                              &seen};
        ibidi_buf32 index = {idx, IBIDI_LGR_MAX_INDEX, 0};
        ok &= st_ok(ibidi_lgr_variants(lgrs[k], labels[k], IBIDI_LGR_MAX_LABEL, &vo, &sum,
                                       NULL)) &&
              seen == 200;
        ok &= st_ok(ibidi_lgr_index_label(lgrs[k], labels[k], IBIDI_LGR_MAX_LABEL, &index,
                                          NULL));
        ok &= st_ok(ibidi_lgr_set_check(lgrs[k], lgrs[k], labels[k], IBIDI_LGR_MAX_LABEL, &sr,
                                        NULL));
    }
    static const char ulabel[] = "\xd9\x83\xd8\xa7\xd9\x83\xd8\xa7-\xd9\x83\xd8\xa7";
    char out[256];
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    ibidi_buf index8 = {out, sizeof out, 0};
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
    ibidi_lgr_result r;
    ok &= st_ok(ibidi_lgr_check_utf8(eval_sample, ulabel, sizeof ulabel - 1, &r, NULL));
    ok &= st_ok(ibidi_lgr_index_label_utf8(eval_sample, ulabel, sizeof ulabel - 1, &index8,
                                           NULL));
    ok &= st_ok(ibidi_lgr_label_decode("xn--mgbh0a", 10, &dec, NULL));
    return ok;
}

/* verdict.h and json.h: the whole verdict on the worst names (a long RTL domain name, one of
 * 127 labels, one that maps far, an IRI), with the twin search, and its JSON */
static int c_verdict(void)
{
    static const char *const names[] = {rtl_dom, dots, fdfa, mixed_dom, iri_q};
    const size_t *const lens[] = {&rtl_dom_len, &dots_len, &fdfa_len, &mixed_dom_len, &iri_q_len};
    static char buf[1 << 20];
    int ok = 1;
    for (int k = 0; k < 5; k++) {
        ibidi_verdict_options o;
        memset(&o, 0, sizeof o);
        o.max_restriction = IBIDI_UTS39_SINGLE_SCRIPT;
        o.flags = k == 1 ? IBIDI_VERDICT_NO_EXACT : 0u; /* 127 labels: the twin search is long */
        const size_t ws = ibidi_verdict_work_size(*lens[k], &o);
        void *work = malloc(ws);
        if (!work)
            return 0;
        o.work = work;
        o.work_size = ws;
        ibidi_verdict v;
        ok = ok && st_ok(ibidi_verdict_make(names[k], *lens[k], &o, buf, sizeof buf, &v));
        static char j[1 << 14];
        ibidi_buf jb = {j, sizeof j, 0};
        const ibidi_status js = ibidi_json_verdict(&v, names[k], *lens[k], &jb);
        ok = ok && (js == IBIDI_OK || js == IBIDI_E_BUFFER_TOO_SMALL);
        if (v.n_findings) {
            jb.len = 0;
            ok = ok && st_ok(ibidi_json_finding(&v.findings[0], v.unicode.data, v.unicode.len, &jb));
        }
        free(work);
    }
    char q[32];
    ibidi_buf qb = {q, sizeof q, 0};
    return ok && st_ok(ibidi_json_string("a\"b", 3, &qb));
}
static int c_verdict_alloc(void)
{
    ibidi_verdict v;
    ibidi_verdict_options o;
    memset(&o, 0, sizeof o);
    ibidi_buf j = {NULL, 0, 0};
    int ok = st_ok(ibidi_verdict_make_alloc(rtl_dom, rtl_dom_len, &o, &v)) &&
             st_ok(ibidi_json_verdict_alloc(&v, rtl_dom, rtl_dom_len, &j));
    ibidi_free(j.data);
    ibidi_verdict_free(&v);
    return ok;
}

/* show.h and json.h: the decision of how to show the worst names (a long RTL domain name,
 * one of 127 labels, one that maps far, an IRI) under the default policy, with the twin
 * search and protected names, and its JSON */
static int c_show(void)
{
    static const char *const names[] = {rtl_dom, dots, fdfa, mixed_dom, iri_q};
    const size_t *const lens[] = {&rtl_dom_len, &dots_len, &fdfa_len, &mixed_dom_len, &iri_q_len};
    static const char *const protect[] = {"paypal.com", "xn--mgbh0fb.xn--kgbechtv"};
    static char buf[1 << 20];
    ibidi_show_protected *p = NULL;
    int ok = st_ok(ibidi_show_protect_create(protect, NULL, 2, &p, NULL));
    for (int k = 0; k < 5 && ok; k++) {
        ibidi_show_options o;
        memset(&o, 0, sizeof o);
        o.protect = p;
        o.context = k % 2 ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        const size_t ws = ibidi_show_work_size(*lens[k], &o);
        void *work = malloc(ws);
        if (!work)
            return 0;
        o.work = work;
        o.work_size = ws;
        ibidi_show r;
        ok = ok && st_ok(ibidi_show_make(names[k], *lens[k], &o, buf, sizeof buf, &r));
        static char j[1 << 16];
        ibidi_buf jb = {j, sizeof j, 0};
        const ibidi_status js = ibidi_json_show(&r, names[k], *lens[k], &jb);
        ok = ok && (js == IBIDI_OK || js == IBIDI_E_BUFFER_TOO_SMALL);
        free(work);
    }
    ibidi_show_protect_free(p);
    return ok;
}
static int c_show_alloc(void)
{
    ibidi_show r;
    ibidi_buf j = {NULL, 0, 0};
    int ok = st_ok(ibidi_show_make_alloc(rtl_dom, rtl_dom_len, NULL, &r)) &&
             st_ok(ibidi_json_show_alloc(&r, rtl_dom, rtl_dom_len, &j));
    ibidi_free(j.data);
    ibidi_show_free(&r);
    return ok;
}

/* ---- The table ------------------------------------------------------------------------ */

typedef struct scase {
    const char *name; /* the entry points it calls */
    size_t stated;    /* their header's figure */
    call_fn fn;
} scase;

static const scase cases[] = {
    {"ibidi_version, ibidi_unicode_version", IBIDI_COMMON_STACK, c_version},
    {"ibidi_strerror, ibidi_status_name", IBIDI_COMMON_STACK, c_strerror},
    {"ibidi_code_name, _message, _from_name", IBIDI_COMMON_STACK, c_codes},
    {"ibidi_findings_codes ibidi_code_describe ibidi_code_order", IBIDI_COMMON_STACK,
     c_findings_codes},
    {"ibidi_findings_free, ibidi_free", IBIDI_COMMON_STACK, c_free},
    {"ibidi_unicode_* properties", IBIDI_UNICODE_STACK, c_props},
    {"ibidi_unicode_name", IBIDI_UNICODE_STACK, c_cp_name},
    {"ibidi_*_name, ibidi_*_from_name (unicode.h)", IBIDI_UNICODE_STACK, c_value_names},
    {"ibidi_utf8_*", IBIDI_UNICODE_STACK, c_utf8},
    {"ibidi_normalize_utf8, _cp, _quick_check_*, _is_normalized_utf8", IBIDI_UNICODE_STACK,
     c_normalize},
    {"ibidi_normalize_utf8_alloc", IBIDI_UNICODE_STACK, c_normalize_alloc},
    {"ibidi_punycode_encode, _decode", IBIDI_PUNYCODE_STACK, c_punycode},
    {"ibidi_bidi_resolve_utf8", IBIDI_BIDI_RESOLVE_STACK, c_bidi_resolve_utf8},
    {"ibidi_bidi_resolve_cp", IBIDI_BIDI_RESOLVE_STACK, c_bidi_resolve_cp},
    {"ibidi_bidi_resolve_classes", IBIDI_BIDI_RESOLVE_STACK, c_bidi_resolve_classes},
    {"ibidi_bidi_paragraph, _line_levels, _reorder, _runs, _mirror", IBIDI_BIDI_RESOLVE_STACK,
     c_bidi_lines},
    {"ibidi_bidi_reorder (many levels)", IBIDI_BIDI_RESOLVE_STACK, c_bidi_reorder_deep},
    {"ibidi_bidi_visual_utf8, _cp", IBIDI_BIDI_STACK, c_bidi_visual},
    {"ibidi_bidi_visual_utf8_alloc, ibidi_bidi_work_size", IBIDI_BIDI_STACK, c_bidi_visual_alloc},
    {"ibidi_idna_property_of ... ibidi_idna_bidi_rule_classes", IBIDI_IDNA_STACK, c_idna_small},
    {"ibidi_idna_to_ascii_utf8", IBIDI_IDNA_STACK, c_idna_to_ascii_utf8},
    {"ibidi_idna_to_unicode_utf8", IBIDI_IDNA_STACK, c_idna_to_unicode_utf8},
    {"ibidi_idna_to_ascii_cp, _to_unicode_cp", IBIDI_IDNA_STACK, c_idna_cp},
    {"ibidi_idna_to_ascii_utf8, _to_unicode_utf8 (work area)", IBIDI_IDNA_WORK_STACK,
     c_idna_work},
    {"ibidi_idna_to_ascii_alloc, _to_unicode_alloc", IBIDI_IDNA_STACK, c_idna_alloc},
    {"ibidi_idna_bidi_rule_utf8", IBIDI_IDNA_STACK, c_idna_bidi_rule},
    {"ibidi_iri_parse, _kind names", IBIDI_IRI_PARSE_STACK, c_ident_parse},
    {"ibidi_iri_check", IBIDI_IRI_PARSE_STACK, c_ident_check},
    {"ibidi_iri_percent_encode_component", IBIDI_IRI_PARSE_STACK, c_percent},
    {"ibidi_iri_to_uri", IBIDI_IRI_STACK, c_iri_to_uri},
    {"ibidi_iri_from_uri", IBIDI_IRI_STACK, c_uri_to_iri},
    {"ibidi_iri_unicode_form", IBIDI_IRI_STACK, c_unicode_form},
    {"ibidi_display_work_size, ibidi_display_form_name, ibidi_display_repr_name", IBIDI_DISPLAY_STACK,
     c_display_small},
    {"ibidi_display_layout", IBIDI_DISPLAY_STACK, c_display_layout},
    {"ibidi_display_layout_alloc, _free", IBIDI_DISPLAY_STACK, c_display_layout_alloc},
    {"ibidi_display_utf8", IBIDI_DISPLAY_STACK, c_display_utf8},
    {"ibidi_display_utf8_alloc", IBIDI_DISPLAY_STACK, c_display_utf8_alloc},
    {"ibidi_display_prove", IBIDI_DISPLAY_STACK, c_display_prove},
    {"ibidi_display_needs_embedding", IBIDI_DISPLAY_STACK, c_display_needs_embedding},
    {"ibidi_display_convert, _convert_alloc", IBIDI_DISPLAY_STACK, c_convert},
    {"ibidi_ambiguity_label_category_*, ibidi_scan_line ...", IBIDI_COMMON_STACK, c_ambig_small},
    {"ibidi_ambiguity_analyze, _alloc", IBIDI_AMBIGUITY_ANALYZE_STACK, c_ambiguity_analyze},
    {"ibidi_ambiguity_analyze, _alloc (IBIDI_AMBIGUITY_EXACT)", IBIDI_AMBIGUITY_ANALYZE_STACK,
     c_ambiguity_exact},
    {"ibidi_ambiguity_twins_utf8, _cp", IBIDI_AMBIGUITY_TWINS_STACK, c_twins},
    {"ibidi_iri_validate", IBIDI_IRI_STACK, c_ident_validate},
    {"ibidi_scan_name, _alloc", IBIDI_SCAN_STACK, c_scan_name},
    {"ibidi_scan_groups_create, _add, _add_displays, _adder_*, _finish, _each, _counts, "
     "_get_stats, _free",
     IBIDI_SCAN_GROUPS_STACK, c_scan_groups},
    {"ibidi_scan_against_create, _add, _lookup, _record, _finish, _collisions, _count, _free",
     IBIDI_SCAN_AGAINST_STACK, c_scan_against},
    {"ibidi_scan_zone_init", IBIDI_SCAN_ZONE_STACK, c_zone_init},
    {"ibidi_scan_zone_line", IBIDI_SCAN_ZONE_STACK, c_zone_line},
    {"ibidi_scan_zone_end", IBIDI_SCAN_ZONE_STACK, c_zone_end},
    {"ibidi_scan_detect_format", IBIDI_SCAN_ZONE_STACK, c_detect_format},
    {"ibidi_rfc5893_conditions ... _requirement_name", IBIDI_RFC5893_STACK, c_rfc5893_small},
    {"ibidi_rfc5893_run", IBIDI_RFC5893_STACK, c_rfc5893_run},
    {"ibidi_rfc5893_grouping_classes", IBIDI_RFC5893_STACK, c_rfc5893_grouping},
    {"ibidi_rfc5893_check_name_utf8", IBIDI_RFC5893_NAME_STACK, c_rfc5893_check_name},
    {"ibidi_uts39_check_utf8, _cp, _alloc, _level_*, _mixed_numbers_* ...", IBIDI_UTS39_STACK,
     c_uts39},
    {"ibidi_confusable_skeleton_*, _bidi_skeleton_*, _prototype, _identifier_*",
     IBIDI_CONFUSABLE_STACK, c_confusable},
    {"ibidi_confusable_forms_utf8", IBIDI_CONFUSABLE_FORMS_STACK, c_confusable_forms},
    {"ibidi_lgr_load, _get_info, _free", IBIDI_LGR_STACK, c_lgr_load},
    {"ibidi_verdict_make, _work_size, ibidi_json_verdict, _finding, _string", IBIDI_VERDICT_STACK,
     c_verdict},
    {"ibidi_verdict_make_alloc, _free, ibidi_json_verdict_alloc", IBIDI_VERDICT_STACK,
     c_verdict_alloc},
    {"ibidi_show_make, _work_size, _protect_create, _free, ibidi_json_show", IBIDI_SHOW_STACK,
     c_show},
    {"ibidi_show_make_alloc, _free, ibidi_json_show_alloc", IBIDI_SHOW_STACK, c_show_alloc},
    {"ibidi_lgr_check(_utf8), _variants, _variant_estimate, _index_label(_utf8), _set_check, "
     "_label_decode",
     IBIDI_LGR_STACK, c_lgr_eval},
};

int main(int argc, char **argv)
{
    const size_t n = sizeof cases / sizeof cases[0];
    size_t overhead = 0, depth = 0, most = 0;
    /* `test_stack NAME` runs only the cases whose name holds NAME */
    const char *only = argc > 1 ? argv[1] : NULL;
    make_inputs();
    /* Every call once before measuring: the dynamic linker binds the C library's functions
     * on their first call (lazily, with its own use of the stack), and that is not the
     * library's. */
    for (size_t i = 0; i < n; i++)
        if (!only || strstr(cases[i].name, only))
            (void)cases[i].fn();
    CHECK(measure(trivial, &depth, &overhead), "a painted thread runs");
    printf("info: build %s: allowance %d/%d of the stated figures + %d bytes; thread start-up "
           "%zu bytes\n",
           BUILD_NAME, ALLOW_NUM, ALLOW_DEN, ALLOW_ADD, overhead);
    CHECK(IBIDI_STACK_MAX == 32768, "the library's bound is 32 KiB");
    CHECK(ibidi_idna_work_size() <= sizeof idna_work &&
              ibidi_ambiguity_work_size(IBIDI_AMBIGUITY_MAX_BYTES, IBIDI_AMBIGUITY_EXACT) <=
                  sizeof amb_work &&
              long_form_len > 0 &&
              long_form_len <= NAME_MAX_BYTES,
          "the work areas of the cases are large enough");
    /* The exact runs catch an overflow: the bidi engine (about 18 KiB) on 8 KiB dies (under
     * ASan with its stack-overflow report on the child's standard error). */
    if (!only)
        CHECK(!run_exact(c_bidi_resolve_cp, 8192 + overhead), "an overflow goes unnoticed");
    for (size_t i = 0; i < n; i++) {
        const scase *c = &cases[i];
        size_t used = 0, top = 0;
        if (only && !strstr(c->name, only))
            continue;
        CHECK(c->stated <= IBIDI_STACK_MAX, "%s: states %zu bytes, above the bound", c->name,
              c->stated);
        CHECK(measure(c->fn, &used, &top), "%s: the calls gave what they should", c->name);
        printf("info: %-64s %6zu of %6zu bytes\n", c->name, used, c->stated);
        CHECK(used <= allowance(c->stated), "%s: used %zu bytes, more than %zu (%zu stated)",
              c->name, used, allowance(c->stated), c->stated);
        if (used > most)
            most = used;
        CHECK(run_exact(c->fn, allowance(c->stated) + overhead),
              "%s: overflows a stack of %zu bytes (+ %zu start-up)", c->name,
              allowance(c->stated), overhead);
    }
    printf("info: deepest %zu bytes\n", most);
    return t_summary();
}
