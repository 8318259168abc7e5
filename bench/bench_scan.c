/*
 * Speed of `ibidi scan` (ibidi/scan.h and the calls it builds on): names per second
 * for the whole per-name pipeline of the scan on one core, step by step, and the peak
 * memory. No other library checks lists of names for bidi collisions, so the figures
 * stand alone (ICU's uspoof_areBidiConfusable, from ICU 74, compares two whole strings;
 * it is not timed here).
 *
 * Per name, as the scan does it:
 *   to-unicode  ibidi_idna_to_unicode_utf8 (profile uts46): the form names are compared on
 *   validate    ibidi_iri_validate of that form as a domain name (codes as text)
 *   analyze     ibidi_ambiguity_analyze without the twin search (Badami's findings, both
 *               contexts)
 *   display     ibidi_display_utf8 IBIDI_DISPLAY_FORM_VISUAL, left-to-right and right-to-left
 *   groups      the display keys into the collision groups (ibidi_scan_groups_add, then
 *               _finish and the walk of the groups), as the scan does it
 *   full        all of it, name after name: ibidi_scan_name (which parses each form once
 *               and classifies it once for both displays) and the groups
 * Workloads: data/samples/names.txt (the bundled sample, repeated), and 200000 names
 * generated from it with numbered labels (a number label in front of every fourth name,
 * "nN." in front of the others).
 *
 * Given the path of the ibidi command as argument 1 (make bench does), it first writes a
 * generated zone file (the mix of the names registries hold: 89% ASCII, 8% U-labels, 3%
 * A-labels, Arabic and Hebrew; 2M names, or IBIDI_BENCH_ZONE_NAMES) and runs `ibidi scan
 * --tsv` over it with 1 and 2 threads: names per second, names per CPU second, peak memory
 * (ru_maxrss of the child), and the time a .com-size zone (160M names) would take on two
 * cores at that rate (IBIDI_BENCH_ZONE_FILE keeps the zone in that file); and the ratio of
 * the scan's time to a floor measured on the same file in the same run: the file read and
 * split into owner names by the scan's zone reader alone, one thread. With
 * IBIDI_BENCH_BASELINE=PATH another build of the command runs on the same file,
 * interleaved with this one, one thread: the rate of a change against the commit before. Then it runs
 * `ibidi scan --tsv` over the generated list with 1 and 2 threads, output to /dev/null,
 * and reports its rate and peak memory (ru_maxrss of the child); then with 2 threads and
 * --memory 256M (the list fits: the same as the default) and 1M (runs are written to a
 * temporary file and merged). The collision groups' own peak (ibidi_scan_groups_get_stats)
 * is printed for the generated list, in memory and with a limit of 1 MiB.
 * Figures are the best of several passes (clock_gettime(CLOCK_MONOTONIC)).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ibidi.h"

#define SAMPLE "data/samples/names.txt"
#define N_GEN 200000
#define CAP 1024

typedef struct list {
    char **s;
    size_t *len;
    size_t n, cap;
} list;

static void add(list *l, const char *s, size_t n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->s = realloc(l->s, l->cap * sizeof *l->s);
        l->len = realloc(l->len, l->cap * sizeof *l->len);
        if (!l->s || !l->len) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    l->s[l->n] = malloc(n + 1);
    if (!l->s[l->n]) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    memcpy(l->s[l->n], s, n);
    l->s[l->n][n] = '\0';
    l->len[l->n++] = n;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile size_t sink;

/* ---- The steps ------------------------------------------------------------------------ */

static unsigned flags;
/* The same flags as IDNA options: exactly these, whatever the profile adds. */
static ibidi_idna_options idna_opts;

typedef struct prepared {
    list uform;      /* Unicode forms */
    list disp[2];    /* displays (empty when none) */
} prepared;

enum { STEP_UNICODE, STEP_VALIDATE, STEP_ANALYZE, STEP_DISPLAY, STEP_GROUPS, STEP_FULL, N_STEPS };
static const char *const step_names[N_STEPS] = {"to-unicode", "validate", "analyze",
                                                "display x2", "groups", "full"};

static size_t one_unicode(const char *s, size_t n, char *out)
{
    ibidi_buf b = {out, CAP, 0};
    ibidi_status st = ibidi_idna_to_unicode_utf8(s, n, &idna_opts, &b, NULL, NULL);
    return (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) && b.len <= CAP ? b.len : (size_t)-1;
}

static int one_validate(const char *u, size_t ul)
{
    char codes[256];
    ibidi_buf cb = {codes, sizeof codes, 0};
    const ibidi_iri_options o = {IBIDI_IRI_AS_DOMAIN, 0, idna_opts};
    return ibidi_iri_validate(u, ul, &o, &cb, NULL) == IBIDI_OK;
}

/* The analysis's work area for forms over 256 bytes (the benchmark runs one thread). */
static unsigned char ambig_work[1 << 17];

static size_t one_analyze(const char *u, size_t ul)
{
    ibidi_finding f[64];
    ibidi_findings fs = {f, 64, 0, 0};
    const ibidi_ambiguity_options o = {.as = IBIDI_IRI_AS_DOMAIN, .flags = IBIDI_AMBIGUITY_RTL,
                                       .idna = idna_opts, .work = ambig_work,
                                       .work_size = sizeof ambig_work};
    ibidi_ambiguity_analyze(u, ul, &o, &fs, NULL);
    return fs.n;
}

static size_t one_display(const char *u, size_t ul, int rtl, char *out)
{
    ibidi_buf b = {out, CAP, 0};
    const ibidi_display_options o = {.as = IBIDI_IRI_AS_DOMAIN,
                                     .context = rtl ? IBIDI_DIR_RTL : IBIDI_DIR_LTR};
    ibidi_status st = ibidi_display_utf8(u, ul, &o, &b, NULL);
    return st == IBIDI_OK ? b.len : (size_t)-1;
}

static int count_group(const ibidi_scan_group *g, void *ctx)
{
    *(size_t *)ctx += g->n;
    return 0;
}

/* The groups of a pass (two kinds: the contexts); memory 0 is the default limit. Its
 * finish and walk belong to the pass's time. */
static ibidi_scan_groups *groups_new(size_t memory)
{
    ibidi_scan_groups *g = NULL;
    const ibidi_scan_groups_options o = {memory, NULL, 2, 0};
    if (ibidi_scan_groups_create(&o, &g, NULL) != IBIDI_OK) {
        fprintf(stderr, "bench_scan: cannot make the collision groups\n");
        exit(1);
    }
    return g;
}

static size_t groups_end(ibidi_scan_groups *g, ibidi_scan_groups_stats *st)
{
    size_t names = 0;
    if (ibidi_scan_groups_finish(g, NULL) != IBIDI_OK ||
        ibidi_scan_groups_each(g, count_group, &names, NULL) != IBIDI_OK) {
        fprintf(stderr, "bench_scan: the collision groups failed\n");
        exit(1);
    }
    if (st)
        ibidi_scan_groups_get_stats(g, st);
    ibidi_scan_groups_free(g);
    return names;
}

/* One pass of a step over the list; returns the seconds taken. */
static double pass(int step, const list *l, const prepared *p)
{
    char u[CAP + 1], d[2][CAP + 1], sbuf[8 * CAP];
    ibidi_finding sf[64];
    ibidi_scan_groups *g = NULL;
    size_t acc = 0;
    double t0 = now();
    if (step == STEP_GROUPS || step == STEP_FULL)
        g = groups_new(0);
    for (size_t i = 0; i < l->n; i++) {
        switch (step) {
        case STEP_UNICODE: acc += one_unicode(l->s[i], l->len[i], u); break;
        case STEP_VALIDATE:
            acc += (size_t)one_validate(p->uform.s[i], p->uform.len[i]);
            break;
        case STEP_ANALYZE: acc += one_analyze(p->uform.s[i], p->uform.len[i]); break;
        case STEP_DISPLAY:
            acc += one_display(p->uform.s[i], p->uform.len[i], 0, d[0]);
            acc += one_display(p->uform.s[i], p->uform.len[i], 1, d[1]);
            break;
        case STEP_GROUPS:
            for (unsigned c = 0; c < 2; c++)
                if (p->disp[c].len[i]) {
                    const ibidi_scan_groups_entry e = {c, p->disp[c].s[i], p->disp[c].len[i],
                                                       p->uform.s[i], p->uform.len[i], 1};
                    ibidi_scan_groups_add(g, &e, NULL);
                }
            break;
        default: {
            ibidi_scan_result r;
            ibidi_findings sfs = {sf, 64, 0, 0};
            const ibidi_scan_options so = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL, idna_opts, NULL};
            r.text = (ibidi_buf){sbuf, sizeof sbuf, 0};
            if (ibidi_scan_name(l->s[i], l->len[i], &so, &r, &sfs, NULL) != IBIDI_OK)
                break;
            const char *name = r.unicode.present ? sbuf + r.unicode.start : l->s[i];
            size_t nl = r.unicode.present ? r.unicode.length : l->len[i];
            /* the analysis's findings count only when it ran (as r.n_findings did) */
            acc += (size_t)r.valid + (r.analysis == IBIDI_OK ? sfs.n : 0);
            for (unsigned c = 0; c < 2; c++)
                if (r.display[c].present) {
                    const ibidi_scan_groups_entry e = {c, sbuf + r.display[c].start,
                                                       r.display[c].length, name, nl, r.valid};
                    ibidi_scan_groups_add(g, &e, NULL);
                }
        }
        }
    }
    if (g)
        acc += groups_end(g, NULL);
    double el = now() - t0;
    sink += acc;
    return el;
}

static void prepare(const list *l, prepared *p)
{
    char u[CAP + 1], d[CAP + 1];
    memset(p, 0, sizeof *p);
    for (size_t i = 0; i < l->n; i++) {
        size_t ul = one_unicode(l->s[i], l->len[i], u);
        const char *name = u;
        if (ul == (size_t)-1) {
            name = l->s[i];
            ul = l->len[i];
        }
        add(&p->uform, name, ul);
        for (int c = 0; c < 2; c++) {
            size_t dl = one_display(name, ul, c, d);
            add(&p->disp[c], d, dl == (size_t)-1 ? 0 : dl);
        }
    }
}

static void free_list(list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    free(l->len);
    memset(l, 0, sizeof *l);
}

/* The collision groups alone over the generated list's displays: adds per second, and
 * the groups' own peak memory, in memory and with a limit of 1 MiB (runs written). */
static void measure_groups(const list *l)
{
    prepared p;
    prepare(l, &p);
    for (int k = 0; k < 2; k++) {
        const size_t memory = k ? (size_t)1 << 20 : 0;
        ibidi_scan_groups_stats st;
        double best = 1e30;
        for (int r = 0; r < 3; r++) {
            ibidi_scan_groups *g = groups_new(memory);
            double t0 = now();
            for (size_t i = 0; i < l->n; i++)
                for (unsigned c = 0; c < 2; c++)
                    if (p.disp[c].len[i]) {
                        const ibidi_scan_groups_entry e = {c, p.disp[c].s[i], p.disp[c].len[i],
                                                           p.uform.s[i], p.uform.len[i], 1};
                        ibidi_scan_groups_add(g, &e, NULL);
                    }
            sink += groups_end(g, &st);
            double el = now() - t0;
            if (el < best)
                best = el;
        }
        printf("  collision groups, %s: %.0f names/s (adds, finish and walk, one thread), "
               "peak %.1f MB, %zu runs, %.1f MB written\n",
               k ? "--memory 1M" : "in memory", (double)l->n / best,
               (double)st.memory_peak / 1048576.0, st.runs, (double)st.temp_bytes / 1048576.0);
    }
    free_list(&p.uform);
    free_list(&p.disp[0]);
    free_list(&p.disp[1]);
}

/* Names per second of each step: the best of `passes` passes of `reps` runs over l. */
static void measure(const char *what, const list *l, int reps, int passes)
{
    prepared p;
    prepare(l, &p);
    printf("  %-10s %7zu", what, l->n);
    for (int s = 0; s < N_STEPS; s++) {
        double best = 1e30;
        for (int k = 0; k < passes; k++) {
            double el = 0;
            for (int r = 0; r < reps; r++)
                el += pass(s, l, &p);
            if (el < best)
                best = el;
        }
        printf(" %11.0f", (double)l->n * reps / best);
    }
    printf("\n");
    free_list(&p.uform);
    free_list(&p.disp[0]);
    free_list(&p.disp[1]);
}

/* ---- The command ---------------------------------------------------------------------- */

/* Runs `ibidi scan --tsv --threads K [--memory M] FILE` with output to /dev/null; *kb gets
 * the peak resident memory of the command. Returns the seconds taken, or -1. */
/* How run_cli runs the command besides: --look-alike-groups, and standard output to a file
 * (NULL: /dev/null). */
typedef struct run_extra {
    int look;
    const char *out;
} run_extra;

static double run_cli_x(const char *ibidi, const char *file, int threads, const char *memory,
                        const run_extra *x, long *kb, double *cpu)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    double t0 = now();
    pid_t helper = fork();
    if (helper < 0)
        return -1;
    if (helper == 0) {
        /* a helper process of its own, so that RUSAGE_CHILDREN is this one run's */
        close(fd[0]);
        pid_t pid = fork();
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            int to = x && x->out ? open(x->out, O_WRONLY | O_CREAT | O_TRUNC, 0600) : null;
            if (null >= 0 && to >= 0) {
                dup2(to, 1);
                dup2(null, 2);
            }
            char nthreads[16];
            snprintf(nthreads, sizeof nthreads, "%d", threads);
            const char *look = x && x->look ? "--look-alike-groups" : "--tsv"; /* --tsv twice: none */
            if (memory)
                execl(ibidi, ibidi, "scan", "--tsv", look, "--threads", nthreads, "--memory",
                      memory, file, (char *)NULL);
            else
                execl(ibidi, ibidi, "scan", "--tsv", look, "--threads", nthreads, file,
                      (char *)NULL);
            _exit(127);
        }
        int status = 0;
        long res[2] = {-1, 0}; /* peak KB, CPU microseconds */
        if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
            WEXITSTATUS(status) <= 1) {
            struct rusage ru;
            if (getrusage(RUSAGE_CHILDREN, &ru) == 0) {
                res[0] = ru.ru_maxrss;
                res[1] = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000L +
                         ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
            }
        }
        if (write(fd[1], res, sizeof res) != (ssize_t)sizeof res)
            _exit(1);
        _exit(0);
    }
    close(fd[1]);
    long res[2] = {-1, 0};
    if (read(fd[0], res, sizeof res) != (ssize_t)sizeof res)
        res[0] = -1;
    const long maxrss = res[0];
    if (cpu)
        *cpu = (double)res[1] * 1e-6;
    close(fd[0]);
    waitpid(helper, NULL, 0);
    double el = now() - t0;
    *kb = maxrss;
    return maxrss < 0 ? -1 : el;
}

static double run_cli(const char *ibidi, const char *file, int threads, const char *memory,
                      long *kb, double *cpu)
{
    return run_cli_x(ibidi, file, threads, memory, NULL, kb, cpu);
}

/* The i-th generated name: a number label in front of every fourth sample name, "nI." in
 * front of the others. Returns its length, 0 if it does not fit. */
static int generate(const list *sample, size_t i, char *out, size_t cap)
{
    const char *s = sample->s[i % sample->n];
    int k = i % 4 == 0 ? snprintf(out, cap, "%zu.%s", i, s) : snprintf(out, cap, "n%zu.%s", i, s);
    return k > 0 && (size_t)k < cap ? k : 0;
}

/* ---- A generated zone ------------------------------------------------------------------ */

/* What a registry scans: a zone file as ICANN's CZDS delivers it (its SOA record first,
 * then two NS records per owner, fully qualified, lower case), with the mix measured on real lists: 89% ASCII
 * names (one in eight with digits, one in sixteen with a hyphen), 8% U-labels and 3%
 * A-labels, Arabic (three in five) and Hebrew, one in ten with digits. Deterministic: the
 * i-th name depends on i alone. */
static const char *const syllables[] = {
    "ka",  "ro",  "tel",  "shop", "net",  "mar", "lin", "go",   "best", "data", "sun", "vi",
    "on",  "ex",  "pro",  "max",  "zen",  "al",  "tri", "web",  "city", "bank", "art", "home",
    "top", "my",  "app",  "blue", "star", "pay", "food", "car", "news", "life", "tech", "one"};
#define N_SYL (sizeof syllables / sizeof syllables[0])

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

typedef struct zone_mix {
    size_t ascii, ulabel, alabel;
} zone_mix;

/* The owner name of the i-th name (without the root's dot) into out; its length. */
static size_t zone_name(uint64_t i, char *out, zone_mix *mix)
{
    static const uint32_t arabic[] = {0x627, 0x628, 0x62A, 0x62B, 0x62C, 0x62D, 0x62E,
                                      0x62F, 0x630, 0x631, 0x632, 0x633, 0x634, 0x635,
                                      0x636, 0x637, 0x638, 0x639, 0x63A, 0x641, 0x642,
                                      0x643, 0x644, 0x645, 0x646, 0x647, 0x648, 0x64A};
    const uint64_t h = mix64(i + 1);
    const unsigned kind = (unsigned)(h % 100);
    size_t n = 0;
    if (kind < 89) {
        /* syllables: one from the hash, then the digits of i in base N_SYL (unique) */
        uint64_t x = i;
        n += (size_t)sprintf(out + n, "%s", syllables[(h >> 8) % N_SYL]);
        if ((h >> 16) % 16 == 0)
            out[n++] = '-';
        do {
            n += (size_t)sprintf(out + n, "%s", syllables[x % N_SYL]);
            x /= N_SYL;
        } while (x);
        if ((h >> 24) % 8 == 0)
            n += (size_t)sprintf(out + n, "%u", (unsigned)((h >> 32) % 1000));
        mix->ascii++;
    } else {
        /* letters: two from the hash, then the digits of i in base 28 or 27 (unique) */
        const int he = (h >> 8) % 5 >= 3;
        const uint32_t base = he ? 27u : 28u;
        uint64_t x = i;
        char u[256];
        size_t k = 0;
        for (int j = 0; j < 2; j++) {
            const uint32_t d = (uint32_t)((h >> (16 + 8 * j)) % base);
            k += ibidi_utf8_encode_cp(he ? 0x5D0 + d : arabic[d], u + k);
        }
        do {
            const uint32_t d = (uint32_t)(x % base);
            k += ibidi_utf8_encode_cp(he ? 0x5D0 + d : arabic[d], u + k);
            x /= base;
        } while (x);
        if ((h >> 40) % 10 == 0)
            k += (size_t)sprintf(u + k, "%u", (unsigned)((h >> 44) % 100));
        ibidi_buf ab = {out, 200, 0};
        if (kind >= 97 && ibidi_idna_to_ascii_utf8(u, k, &idna_opts, &ab, NULL, NULL) == IBIDI_OK) {
            n = ab.len;
            mix->alabel++;
        } else {
            memcpy(out, u, k);
            n = k;
            mix->ulabel++;
        }
    }
    memcpy(out + n, ".com", 4);
    return n + 4;
}

/* Writes a zone of n names to path. */
static int write_zone(const char *path, uint64_t n, zone_mix *mix)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    static char fbuf[1 << 20];
    setvbuf(f, fbuf, _IOFBF, sizeof fbuf);
    /* CZDS's files start with the zone's SOA record (RFC 1035 §5.2: at the top of the
       zone), whose owner, the apex, is the zone and no name of it */
    fputs("$ORIGIN com.\ncom.\t900\tin\tsoa\ta.gtld-servers.net. nstld.verisign-grs.com. "
          "1700000000 1800 900 604800 86400\n", f);
    for (uint64_t i = 0; i < n; i++) {
        char name[512];
        const size_t k = zone_name(i, name, mix);
        const unsigned dns = (unsigned)(mix64(i) % 97);
        fprintf(f, "%.*s.\t172800\tin\tns\tns1.dns%u.net.\n%.*s.\t172800\tin\tns\tns2.dns%u.net.\n",
                (int)k, name, dns, (int)k, name, dns);
    }
    return fclose(f) == 0;
}

/* The floor of a scan: the same file read (1 MiB blocks) and split into owner names by
 * the scan's own zone reader (ibidi_scan_zone_line, as the command's reader calls it), on
 * one thread, judging nothing. Returns the seconds it took; *names gets the owners. */
static double zone_floor(const char *path, uint64_t *names)
{
    static char block[1 << 20], line[1 << 16];
    char name[IBIDI_SCAN_ZONE_NAME_MAX];
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    ibidi_scan_zone_state st;
    memset(&st, 0, sizeof st);
    size_t have = 0, got;
    uint64_t owners = 0;
    const double t0 = now();
    while ((got = fread(block, 1, sizeof block, f)) > 0) {
        size_t pos = 0;
        while (pos < got) {
            const char *nl = memchr(block + pos, '\n', got - pos);
            const size_t end = nl ? (size_t)(nl - block) : got;
            const size_t n = end - pos;
            if (have + n < sizeof line) {
                memcpy(line + have, block + pos, n);
                have += n;
            }
            pos = end + (nl != NULL);
            if (!nl)
                break; /* the line goes on in the next block */
            ibidi_buf nb = {name, sizeof name, 0};
            ibidi_scan_zone_result res;
            if (ibidi_scan_zone_line(&st, line, have, &nb, &res, NULL) == IBIDI_OK &&
                res.kind == IBIDI_SCAN_ZONE_OWNER)
                owners++;
            have = 0;
        }
    }
    const double el = now() - t0;
    fclose(f);
    *names = owners;
    return el;
}

/* `ibidi scan --tsv` over a generated zone of n names, 1 and 2 threads: names per second
 * (per core: per second of CPU the command took), peak memory, and what a .com-size zone
 * (160M names) would take on two cores at that rate. */
static void measure_zone(const char *ibidi, uint64_t n)
{
    char tmp[] = "/tmp/ibidi_bench_zone_XXXXXX";
    /* IBIDI_BENCH_ZONE_FILE: the zone is written there and kept (to profile a scan of it) */
    const char *keep = getenv("IBIDI_BENCH_ZONE_FILE");
    const char *path = keep && *keep ? keep : tmp;
    if (path == tmp) {
        int fd = mkstemp(tmp);
        if (fd < 0) {
            fprintf(stderr, "bench_scan: cannot write a temporary file\n");
            return;
        }
        close(fd);
    }
    zone_mix mix = {0, 0, 0};
    double t0 = now();
    if (!write_zone(path, n, &mix)) {
        fprintf(stderr, "bench_scan: cannot write %s\n", path);
        if (path == tmp)
            remove(path);
        return;
    }
    struct stat sb;
    const double mb = stat(path, &sb) == 0 ? (double)sb.st_size / 1048576.0 : 0;
    printf("ibidi scan --tsv over a generated zone: %llu names (%.1f%% ASCII, %.1f%% U-labels, "
           "%.1f%% A-labels; Arabic and Hebrew), 2 NS records each, %.0f MB, written in %.1f s; "
           "output to /dev/null\n",
           (unsigned long long)n, 100.0 * (double)mix.ascii / (double)n,
           100.0 * (double)mix.ulabel / (double)n, 100.0 * (double)mix.alabel / (double)n, mb,
           now() - t0);
    const int passes = n > 5000000 ? 1 : 3;
    double rate2 = 0, rate1 = 0;
    long kb2 = -1;
    /* the floor, measured in this run on this file: the ratio of the scan to it moves far
       less from one machine to another than names per second do */
    double floor_best = 1e30;
    uint64_t owners = 0;
    for (int k = 0; k < passes + 4; k++) { /* short runs: more of them for the best */
        const double el = zone_floor(path, &owners);
        if (el > 0 && el < floor_best)
            floor_best = el;
    }
    const double floor_rate = floor_best < 1e30 ? (double)owners / floor_best : 0;
    for (int t = 1; t <= 2; t++) {
        double best = 1e30, cpu_best = 0;
        long kb = -1;
        for (int k = 0; k < passes; k++) {
            long m;
            double cpu;
            double el = run_cli(ibidi, path, t, NULL, &m, &cpu);
            if (el > 0 && el < best) {
                best = el;
                kb = m;
                cpu_best = cpu;
            }
        }
        if (kb < 0) {
            printf("  could not run %s\n", ibidi);
            break;
        }
        const double rate = (double)n / best;
        printf("  %d thread%s %9.0f names/s (%.2f s), %9.0f names per CPU second (goal: >= 2M "
               "per core), peak memory %.1f MB\n",
               t, t > 1 ? "s" : " ", rate, best, cpu_best > 0 ? (double)n / cpu_best : 0,
               (double)kb / 1024.0);
        if (t == 1)
            rate1 = rate;
        if (t == 2) {
            rate2 = rate;
            kb2 = kb;
        }
    }
    if (floor_rate > 0 && rate1 > 0)
        printf("  ratio to the floor (the file read and split by the zone reader alone, 1 "
               "thread: %.0f names/s): the scan takes %.2fx the floor's time on 1 thread, "
               "%.2fx on 2\n",
               floor_rate, floor_rate / rate1, rate2 > 0 ? floor_rate / rate2 : 0);
    /* IBIDI_BENCH_BASELINE: another build of the command (the commit before a change),
       run on the same file interleaved with this one, 1 thread: the change's effect */
    const char *base = getenv("IBIDI_BENCH_BASELINE");
    if (base && *base) {
        double best_new = 1e30, best_old = 1e30;
        for (int k = 0; k < passes + 2; k++) {
            long m;
            const double a = run_cli(ibidi, path, 1, NULL, &m, NULL);
            const double b = run_cli(base, path, 1, NULL, &m, NULL);
            if (a > 0 && a < best_new)
                best_new = a;
            if (b > 0 && b < best_old)
                best_old = b;
        }
        if (best_new < 1e30 && best_old < 1e30)
            printf("  beside %s (interleaved, 1 thread, best of %d): %.0f names/s against "
                   "%.0f, %.3fx its rate\n",
                   base, passes + 2, (double)n / best_new, (double)n / best_old,
                   best_old / best_new);
    }
    if (rate2 > 0)
        printf("  projection for a 160M-name zone on 2 cores: %.0f s (goal: within 90 s); "
               "memory stays under --memory (default 1 GiB) and the read and write buffers: "
               "%.1f MB measured at %llu names (goal: at most 4 GiB)\n",
               160e6 / rate2, (double)kb2 / 1024.0, (unsigned long long)n);
    if (path == tmp)
        remove(path);
}

/* ---- A host list ---------------------------------------------------------------------- */

/* The i-th host of a list as researchers scan them (certificate logs, passive DNS): 2 to 4
 * labels, about 20% with a right-to-left label in A-labels and 40% with a label that
 * starts with a digit; deterministic. */
static size_t host_name(uint64_t i, char *out)
{
    static const char *const subs[] = {"www", "mail", "api", "cdn", "m", "shop", "static"};
    static const char *const tlds[] = {"com", "net", "org", "de", "io", "ru", "co.uk", "fr"};
    const uint64_t h = mix64(i + 7);
    size_t n = 0;
    /* 0 to 2 labels in front */
    const unsigned nsub = (unsigned)(h % 3);
    for (unsigned k = 0; k < nsub; k++)
        n += (size_t)sprintf(out + n, "%s.", subs[(h >> (8 + 4 * k)) % 7]);
    const unsigned kind = (unsigned)((h >> 20) % 100);
    if (kind < 20) { /* a right-to-left label, as its A-label */
        char u[256];
        uint64_t j = i;
        size_t k = 0;
        for (int d = 0; d < 3 || j; d++, j /= 27)
            k += ibidi_utf8_encode_cp(0x5D0 + (uint32_t)(j % 27), u + k);
        ibidi_buf ab = {out + n, 200, 0};
        if (ibidi_idna_to_ascii_utf8(u, k, &idna_opts, &ab, NULL, NULL) == IBIDI_OK)
            n += ab.len;
    } else {
        uint64_t x = i;
        if (kind < 60) /* a label that starts with a digit: 24news, 1and1 */
            n += (size_t)sprintf(out + n, "%u", (unsigned)((h >> 28) % 100));
        do {
            n += (size_t)sprintf(out + n, "%s", syllables[x % N_SYL]);
            x /= N_SYL;
        } while (x);
    }
    n += (size_t)sprintf(out + n, ".%s", tlds[(h >> 40) % 8]);
    return n;
}

/* The runs of the measures below that compare two scans, each the best of: the machines
 * this runs on vary by a third from second to second. */
#define LOOK_RUNS 5

/* `ibidi scan --tsv` over a generated host list of n names, 1 thread, beside the bench's
 * zone of as many names (interleaved, best of LOOK_RUNS), as it is and with
 * --look-alike-groups on both: names per CPU second of each, and their ratio (goal: the
 * host list at least 0.7x the zone's). */
static void measure_hosts(const char *ibidi, uint64_t n)
{
    char hosts[] = "/tmp/ibidi_bench_hosts_XXXXXX", zone[] = "/tmp/ibidi_bench_hzone_XXXXXX";
    int fh = mkstemp(hosts), fz = mkstemp(zone);
    /* IBIDI_BENCH_HOSTS_FILE: the host list is copied there too (to profile a scan of it) */
    const char *keep = getenv("IBIDI_BENCH_HOSTS_FILE");
    zone_mix mix = {0, 0, 0};
    FILE *f = fh >= 0 ? fdopen(fh, "w") : NULL;
    if (!f || fz < 0 || (close(fz), !write_zone(zone, n, &mix))) {
        fprintf(stderr, "bench_scan: cannot write a temporary file\n");
        if (f)
            fclose(f);
        remove(hosts);
        remove(zone);
        return;
    }
    size_t rtl = 0, digit = 0;
    for (uint64_t i = 0; i < n; i++) {
        char name[512];
        const size_t k = host_name(i, name);
        rtl += strstr(name, "xn--") != NULL;
        int d = name[0] >= '0' && name[0] <= '9';
        for (size_t j = 1; j < k && !d; j++)
            d = name[j - 1] == '.' && name[j] >= '0' && name[j] <= '9';
        digit += (size_t)d;
        fprintf(f, "%.*s\n", (int)k, name);
    }
    if (fclose(f) != 0) {
        remove(hosts);
        remove(zone);
        return;
    }
    /* IBIDI_BENCH_HOSTS_ZONE_FILE: the zone it is compared with, the same way */
    const char *keep_zone = getenv("IBIDI_BENCH_HOSTS_ZONE_FILE");
    for (int k = 0; k < 2; k++) {
        const char *to = k ? keep_zone : keep, *from = k ? zone : hosts;
        if (!to || !*to)
            continue;
        FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
        char b[1 << 16];
        size_t got;
        while (in && out && (got = fread(b, 1, sizeof b, in)) > 0)
            fwrite(b, 1, got, out);
        if (in)
            fclose(in);
        if (out)
            fclose(out);
    }
    /* the scans as they are, and with the look-alike groups (the confusables, UTS #39)
       on both */
    double cpu_h = 1e30, cpu_z = 1e30, cpu_hl = 1e30, cpu_zl = 1e30;
    const run_extra look = {1, NULL};
    for (int k = 0; k < LOOK_RUNS; k++) {
        long m;
        double c;
        if (run_cli(ibidi, hosts, 1, NULL, &m, &c) > 0 && c > 0 && c < cpu_h)
            cpu_h = c;
        if (run_cli(ibidi, zone, 1, NULL, &m, &c) > 0 && c > 0 && c < cpu_z)
            cpu_z = c;
        if (run_cli_x(ibidi, hosts, 1, NULL, &look, &m, &c) > 0 && c > 0 && c < cpu_hl)
            cpu_hl = c;
        if (run_cli_x(ibidi, zone, 1, NULL, &look, &m, &c) > 0 && c > 0 && c < cpu_zl)
            cpu_zl = c;
    }
    remove(hosts);
    remove(zone);
    if (cpu_h >= 1e30 || cpu_z >= 1e30 || cpu_hl >= 1e30 || cpu_zl >= 1e30) {
        printf("  could not run %s\n", ibidi);
        return;
    }
    printf("ibidi scan --tsv over a generated host list: %llu names of 2-4 labels (%.0f%% with "
           "a right-to-left A-label, %.0f%% with a label that starts with a digit), 1 thread, "
           "beside the bench's zone of as many names (interleaved, best of %d):\n"
           "  %.0f names per CPU second against %.0f: %.2fx the zone's rate (goal: >= 0.7x)\n"
           "  with --look-alike-groups on both: %.0f against %.0f: %.2fx (goal: >= 0.7x)\n",
           (unsigned long long)n, 100.0 * (double)rtl / (double)n,
           100.0 * (double)digit / (double)n, LOOK_RUNS, (double)n / cpu_h, (double)n / cpu_z,
           cpu_z / cpu_h, (double)n / cpu_hl, (double)n / cpu_zl, cpu_zl / cpu_hl);
}

/* ---- Look-alikes in a zone ------------------------------------------------------------- */

/* The planted pairs: a Latin name of the letters l and o (the bits of j, 12 of them) and
 * its look-alike, of Cyrillic о for o (Latin/Cyrillic), of Hebrew vav for l and samekh for
 * o in reverse order (Latin/Hebrew: the right-to-left run shows them reversed), or of the
 * Arabic-Indic digits one for l and five for o (Arabic digits/Latin letters); both names
 * in one look-alike group left to right is a pair found. */
#define N_PLANTED 300
static void planted(unsigned j, char *latin, char *other)
{
    static const char *const cyr_o = "\320\276", *vav = "\327\225", *samekh = "\327\241",
                             *ar1 = "\331\241", *ar5 = "\331\245";
    const unsigned kind = j % 3, bits = j / 3 + 1;
    char *a = latin, *b = other;
    for (int k = 11; k >= 0; k--)
        *a++ = (bits >> k) & 1u ? 'l' : 'o';
    for (int k = 11; k >= 0; k--) {
        const int l = kind == 1 ? (bits >> (11 - k)) & 1u : (bits >> k) & 1u; /* reversed */
        const char *c = kind == 0 ? (l ? "l" : cyr_o) : kind == 1 ? (l ? vav : samekh)
                                                                : (l ? ar1 : ar5);
        b += sprintf(b, "%s", c);
    }
    strcpy(a, ".com");
    strcpy(b, ".com");
}

/* `ibidi scan --tsv --look-alike-groups` over the generated zone with the planted pairs, 2
 * threads, beside the scan without it (interleaved, best of LOOK_RUNS): the rates, their
 * ratio (goal: at least 0.8), the peak memory, and the planted pairs found (goal: all). */
static void measure_look_alike(const char *ibidi, uint64_t n)
{
    char path[] = "/tmp/ibidi_bench_look_XXXXXX", out[] = "/tmp/ibidi_bench_lookout_XXXXXX";
    int fd = mkstemp(path), fo = mkstemp(out);
    zone_mix mix = {0, 0, 0};
    if (fd < 0 || fo < 0 || (close(fd), close(fo), !write_zone(path, n, &mix))) {
        fprintf(stderr, "bench_scan: cannot write a temporary file\n");
        return;
    }
    FILE *f = fopen(path, "a");
    for (unsigned j = 0; f && j < N_PLANTED; j++) {
        char a[128], b[128];
        planted(j, a, b);
        fprintf(f, "%s.\t172800\tin\tns\tns1.dns1.net.\n%s.\t172800\tin\tns\tns1.dns1.net.\n", a,
                b);
    }
    if (!f || fclose(f) != 0) {
        remove(path);
        remove(out);
        return;
    }
    /* both timed with their output to /dev/null (a file written by one alone would be
       timed in it); the pairs are read from one more run's output, not timed */
    double best_plain = 1e30, best_look = 1e30;
    long kb_plain = -1, kb_look = -1;
    for (int k = 0; k < LOOK_RUNS; k++) {
        long m;
        const run_extra x = {1, NULL};
        double a = run_cli(ibidi, path, 2, NULL, &m, NULL);
        if (a > 0 && a < best_plain) {
            best_plain = a;
            kb_plain = m;
        }
        double b = run_cli_x(ibidi, path, 2, NULL, &x, &m, NULL);
        if (b > 0 && b < best_look) {
            best_look = b;
            kb_look = m;
        }
    }
    {
        long m;
        const run_extra x = {1, out};
        run_cli_x(ibidi, path, 2, NULL, &x, &m, NULL);
    }
    /* the pairs found: both names in one left-to-right look-alike group */
    size_t found = 0;
    FILE *r = fopen(out, "r");
    static char line[1 << 16], names[(1 << 16) + 2];
    static unsigned char got[N_PLANTED];
    memset(got, 0, sizeof got);
    while (r && fgets(line, sizeof line, r)) {
        if (strncmp(line, "look-alike-collision\tltr\t", 25) != 0)
            continue;
        const char *t = strchr(line + 25, '\t');
        if (!t)
            continue;
        snprintf(names, sizeof names, ",%s", t + 1);
        names[strcspn(names, "\n")] = ',';
        for (unsigned j = 0; j < N_PLANTED; j++) {
            char a[128], b[128], ka[132], kb2[132];
            planted(j, a, b);
            snprintf(ka, sizeof ka, ",%s,", a);
            snprintf(kb2, sizeof kb2, ",%s,", b);
            if (!got[j] && strstr(names, ka) && strstr(names, kb2)) {
                got[j] = 1;
                found++;
            }
        }
    }
    if (r)
        fclose(r);
    remove(path);
    remove(out);
    if (best_plain >= 1e30 || best_look >= 1e30) {
        printf("  could not run %s\n", ibidi);
        return;
    }
    const double total = (double)(n + 2 * N_PLANTED);
    printf("ibidi scan --tsv --look-alike-groups over the generated zone with %d planted homoglyph "
           "pairs (Latin/Cyrillic, Latin/Hebrew, Arabic digits/Latin letters), 2 threads, "
           "beside the scan without it (interleaved, best of %d, output to /dev/null):\n"
           "  %.0f names/s against %.0f: %.2fx the rate without look-alikes (goal: >= 0.8x); "
           "peak memory %.1f MB against %.1f (goal for a 160M-name zone: at most 4 GiB, "
           "under --memory); planted pairs found: %zu of %d (goal: all)\n",
           N_PLANTED, LOOK_RUNS, total / best_look, total / best_plain, best_plain / best_look,
           (double)kb_look / 1024.0, (double)kb_plain / 1024.0, found, N_PLANTED);
}

int main(int argc, char **argv)
{
    flags = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    idna_opts = (ibidi_idna_options){IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0};
    FILE *f = fopen(SAMPLE, "rb");
    if (!f) {
        fprintf(stderr, "bench_scan: cannot open %s (run from the repository root)\n", SAMPLE);
        return 1;
    }
    list sample = {0}, gen = {0};
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(line), start, len;
        if (n && line[n - 1] == '\n')
            line[--n] = '\0';
        if (ibidi_scan_line(line, n, &start, &len))
            add(&sample, line + start, len);
    }
    fclose(f);
    if (!sample.n)
        return 1;
    /* The command first, while this process is small: a child's peak memory counts what
     * it had before exec, a copy of this process. IBIDI_BENCH_ZONE_NAMES sets the size of
     * the generated zone (default 2M). */
    if (argc > 1) {
        const char *zn = getenv("IBIDI_BENCH_ZONE_NAMES");
        const unsigned long long nz = zn && *zn ? strtoull(zn, NULL, 10) : 2000000ull;
        if (nz) {
            measure_zone(argv[1], nz);
            measure_look_alike(argv[1], nz);
            measure_hosts(argv[1], nz);
        }
    }
    if (argc > 1) {
        char path[] = "/tmp/ibidi_bench_scan_XXXXXX";
        int fd = mkstemp(path);
        FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!out) {
            fprintf(stderr, "bench_scan: cannot write a temporary file\n");
            return 1;
        }
        for (size_t i = 0; i < N_GEN; i++)
            if (generate(&sample, i, line, sizeof line))
                fprintf(out, "%s\n", line);
        fclose(out);
        printf("ibidi scan --tsv over %d generated names (output to /dev/null):\n", N_GEN);
        static const struct {
            int threads;
            const char *memory;
        } runs[] = {{1, NULL}, {2, NULL}, {2, "256M"}, {2, "1M"}};
        for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
            const int t = runs[r].threads;
            double best = 1e30;
            long kb = -1;
            char what[64];
            snprintf(what, sizeof what, "%d thread%s%s%s", t, t > 1 ? "s" : "",
                     runs[r].memory ? ", --memory " : "", runs[r].memory ? runs[r].memory : "");
            for (int k = 0; k < 3; k++) {
                long m;
                double el = run_cli(argv[1], path, t, runs[r].memory, &m, NULL);
                if (el > 0 && el < best) {
                    best = el;
                    kb = m;
                }
            }
            if (kb < 0)
                printf("  %-24s could not run %s\n", what, argv[1]);
            else
                printf("  %-24s %9.0f names/s, peak memory %.1f MB\n", what,
                       (double)N_GEN / best, (double)kb / 1024.0);
        }
        remove(path);
    }
    for (size_t i = 0; i < N_GEN; i++) {
        int k = generate(&sample, i, line, sizeof line);
        if (k)
            add(&gen, line, (size_t)k);
    }

    printf("ibidi scan pipeline, one core, profile uts46: names per second (best of passes)\n");
    printf("  %-10s %7s", "workload", "names");
    for (int s = 0; s < N_STEPS; s++)
        printf(" %11s", step_names[s]);
    printf("\n");
    measure("sample", &sample, 100, 5);
    measure("generated", &gen, 1, 3);
    measure_groups(&gen);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("  peak memory of this process (ru_maxrss): %.1f MB (the lists, their Unicode forms "
           "and displays, the collision groups of %zu names)\n",
           (double)ru.ru_maxrss / 1024.0, gen.n);

    free_list(&sample);
    free_list(&gen);
    return 0;
}
