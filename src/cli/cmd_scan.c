/* ibidi scan: a list of domain names, one per line, or the owner names of a zone file
 * (either may be gzip-compressed), checked for bidi ambiguity as a whole. Each name gets
 * its validity under an IDNA profile, Badami's findings and its display in a left-to-right
 * and a right-to-left paragraph; then the collision groups: distinct names
 * (compared in their Unicode form, so an A-label and its U-label are one name) that show
 * the same glyphs. The input streams through in batches that worker threads process while
 * the main thread reads and writes the records in input order. The workers give each
 * name's keys to the library's collision groups (ibidi_scan_groups, ibidi/scan.h), which
 * keep memory under --memory with sorted runs in a temporary file; at the end this file
 * only prints the groups it walks and the summary. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "cli/cli.h"
#include "cli/scan_against.h"
#include "cli/scan_html.h"
#include "ibidi/utf8.h"

static const char cmd_name[] = "scan";

enum { FMT_TEXT = 0, FMT_JSON = 1, FMT_TSV = 2 };
/* What the input holds (--format): told from its first lines, a list, a zone file. */
enum { IN_AUTO = 0, IN_NAMES = 1, IN_ZONE = 2 }; /* the order of --format's values */
enum { CTX_LTR = 0, CTX_RTL = 1, N_CTX = 2 };
/* The kinds of keys of the collision groups: a display per context, then --lgr's index
 * labels. */
/* ... then, with --look-alike-groups, the bidi skeletons per context (UTS #39 §4). */
enum { KIND_VARIANT = N_CTX, KIND_LOOK = N_CTX + 1, N_KINDS = N_CTX + 1 + N_CTX };
_Static_assert((int)KIND_VARIANT == (int)SCAN_HTML_VARIANT &&
                   (int)KIND_LOOK == (int)SCAN_HTML_LOOK_LTR && (int)N_KINDS == (int)SCAN_HTML_KINDS,
               "scan_html.h numbers the kinds as this file does");
static const char *const ctx_names[N_CTX] = {"ltr", "rtl"};

/* A batch holds this many lines, or about this many bytes, whichever comes first: enough
 * that handing batches between threads costs little (512 lines cost a tenth of a
 * two-thread scan of a zone in locks and wake-ups). */
#define BATCH_LINES 4096
#define BATCH_BYTES (1u << 20)
#define MAX_THREADS 256

typedef struct scan_opts {
    int ctx[N_CTX]; /* contexts asked */
    ibidi_idna_profile profile;
    int format;
    int threads;
    const char *file; /* NULL or "-": standard input */
    int in_format;    /* IN_AUTO, IN_NAMES, IN_ZONE */
    const char *origin; /* --origin: a zone file's origin before any $ORIGIN */
    ibidi_lgr *lgr;   /* --lgr: each name's first label under this LGR (RFC 7940) */
    size_t memory;    /* --memory: the collision groups' limit */
    ibidi_scan_groups *groups; /* the workers add every name's keys here */
    int only_valid;   /* --only-valid: show the groups with at least two valid names */
    size_t shown;     /* the groups shown (all of them without --only-valid) */
    cli_against *against; /* --against: the input is the existing list (scan_against.c) */
    cli_against *protect; /* --protect: the names each name is looked up against */
    int look;             /* --look-alike-groups: names with one bidi skeleton */
    const char *html_path; /* --html: the report as a page, beside the output */
    scan_html *html;
} scan_opts;

/* ---- Growable buffers ------------------------------------------------------------------ */

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

static int buf_reserve(buf *b, size_t extra)
{
    if (b->len + extra <= b->cap)
        return 1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p)
        return 0;
    b->p = p;
    b->cap = cap;
    return 1;
}

static int buf_add(buf *b, const char *s, size_t n)
{
    if (!buf_reserve(b, n))
        return 0;
    if (n)
        memcpy(b->p + b->len, s, n);
    b->len += n;
    return 1;
}

/* ---- Batches --------------------------------------------------------------------------- */

/* Text records, put together in the batch's buffer (a stream's calls, one per part, cost
 * more than the bytes). JSON and TSV records go through the command's writers (cli_jw,
 * cli_tsv) into the batch's memory stream instead. */
typedef struct rec {
    buf b;
    int failed; /* the buffer could not grow */
} rec;

static void rec_add(rec *r, const char *s, size_t n)
{
    if (!buf_add(&r->b, s, n))
        r->failed = 1;
}

static inline void rec_str(rec *r, const char *s) { rec_add(r, s, strlen(s)); }

static void rec_escaped(rec *r, const char *s, size_t n)
{
    /* cli_escape writes at most 4 bytes per byte */
    if (n <= (SIZE_MAX - r->b.len) / 4 && buf_reserve(&r->b, 4 * n))
        r->b.len += cli_escape(r->b.p + r->b.len, s, n);
    else
        r->failed = 1;
}

typedef struct batch {
    /* input: the lines, without their LF */
    buf text;
    size_t *line_off, *line_len;
    size_t n_lines, lines_cap, first_lineno;
    int names_given; /* a zone file: each line is the owner name the zone reader found on
                        the input line, or empty when it found none */
    /* results */
    cli_out out; /* the formatted records: JSON and TSV, in memory (cli_out) */
    rec orec; /* ... text, put together in place */
    size_t n_skipped;
    size_t n_look_alikes; /* --protect: names that look like a protected name */
    ibidi_scan_counts counts; /* the library's counts of the names (ibidi_scan_counts_add) */
    ibidi_status failed; /* IBIDI_E_NOMEM, or the collision groups' status */
    uint32_t failed_value; /* its ibidi_error value (IBIDI_E_TEMP_FILE: the errno) */
    int done;   /* processed (guarded by the pipeline's mutex) */
} batch;

static void batch_free(batch *b)
{
    free(b->text.p);
    free(b->line_off);
    free(b->line_len);
    free(b->out.data);
    free(b->orec.b.p);
}

/* ---- Reading lines in blocks ----------------------------------------------------------- */

/* Messages about the lines of a zone file that go to standard error; the rest are counted. */
#define MAX_ZONE_REPORTS 20

/* The input is read in blocks of its bytes, and through zlib's inflate when it starts with
 * gzip's magic bytes (RFC 1952 §2.3.1), from a file and from standard input alike; every
 * other input passes through as it is. The reader counts the bytes of the input itself
 * (zlib's gzoffset cannot tell a pipe's), so that a stream that breaks is reported at its
 * byte of the compressed input, and the lines before it only are handed over. */
enum { IN_UNKNOWN = 0, IN_PLAIN = 1, IN_GZIP = 2 };
/* Why the input ended badly (reader.error). */
enum { READ_OK = 0, READ_ERRNO = 1, READ_GZIP = 2 };

typedef struct reader {
    int fd;
    int mode; /* IN_UNKNOWN until the first bytes are read, then IN_PLAIN or IN_GZIP */
    z_stream z;
    int z_ready;    /* inflateInit2 succeeded (inflateEnd at the end) */
    int member_end; /* a gzip member ended: what follows starts another, or ends the input */
    unsigned char in[1u << 17]; /* the input's bytes, in[in_pos..in_len) not yet used */
    size_t in_pos, in_len;
    int in_eof;
    uint64_t in_off; /* the offset in the input of in[0] */
    char block[65536]; /* the bytes handed to the lines (decompressed) */
    size_t pos, len;
    int eof;
    /* the input ended badly: READ_ERRNO (error_errno) or READ_GZIP; error_at is its byte
       (of the compressed input), error_text what broke. A break found while a block still
       had bytes to hand over waits (pending) until they are. */
    int error, pending;
    int error_errno;
    uint64_t error_at;
    char error_text[160];
    size_t lineno;
    size_t line_bytes; /* the bytes of the line being read, past the limit too */
    uint64_t bytes; /* bytes of the input (compressed, when it is) read so far, for the
                       progress bar */
    /* a zone file: the reader's state from line to line, the name it hands over, and the
       lines it could not read */
    int zone;
    const char *what; /* the input in messages: the file name or "standard input" */
    ibidi_scan_zone_state zs;
    char name[IBIDI_SCAN_ZONE_NAME_MAX];
    size_t malformed, reports;
} reader;

static void reader_break(reader *r, int why, uint64_t at, int eno, const char *text)
{
    r->pending = why;
    r->error_at = at;
    r->error_errno = eno;
    snprintf(r->error_text, sizeof r->error_text, "%s", text);
}

/* Reads more of the input after in[in_pos..in_len), moving those bytes to the front. */
static void read_more(reader *r)
{
    if (r->in_pos > 0) {
        memmove(r->in, r->in + r->in_pos, r->in_len - r->in_pos);
        r->in_off += r->in_pos;
        r->in_len -= r->in_pos;
        r->in_pos = 0;
    }
    for (;;) {
        ssize_t n = read(r->fd, r->in + r->in_len, sizeof r->in - r->in_len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            reader_break(r, READ_ERRNO, r->in_off + r->in_len, errno, strerror(errno));
            r->in_eof = 1;
        } else if (n == 0) {
            r->in_eof = 1;
        } else {
            r->in_len += (size_t)n;
        }
        break;
    }
    r->bytes = r->in_off + r->in_len;
}

/* At least k bytes of input at in_pos, unless it ends first. */
static size_t have(reader *r, size_t k)
{
    while (r->in_len - r->in_pos < k && !r->in_eof && !r->pending)
        read_more(r);
    return r->in_len - r->in_pos;
}

static int gzip_magic(const reader *r)
{
    return r->in[r->in_pos] == 0x1f && r->in[r->in_pos + 1] == 0x8b;
}

/* Inflates into block[len..]: returns 0 when nothing more comes (the end, or a break). */
static int inflate_more(reader *r)
{
    if (r->member_end) {
        /* gzip -d's rule: zero bytes after a member (a tape's padding) are no data; any
           other byte must start another member (RFC 1952 §2.2: members one after the
           other), else the input is no gzip stream there */
        while (have(r, 1) && r->in[r->in_pos] == 0)
            r->in_pos++;
        if (r->in_pos == r->in_len)
            return 0; /* the end (or a read error, pending) */
        if (have(r, 2) < 2 || !gzip_magic(r)) {
            reader_break(r, READ_GZIP, r->in_off + r->in_pos, 0,
                         "bytes after a gzip member that start no other");
            return 0;
        }
        inflateReset(&r->z);
        r->member_end = 0;
    }
    if (r->in_pos == r->in_len && !r->in_eof)
        read_more(r);
    r->z.next_in = r->in + r->in_pos;
    r->z.avail_in = (uInt)(r->in_len - r->in_pos);
    r->z.next_out = (unsigned char *)r->block + r->len;
    r->z.avail_out = (uInt)(sizeof r->block - r->len);
    const int ret = inflate(&r->z, Z_NO_FLUSH);
    const size_t used = (r->in_len - r->in_pos) - r->z.avail_in;
    r->in_pos += used;
    r->len = sizeof r->block - r->z.avail_out;
    if (ret == Z_STREAM_END) {
        r->member_end = 1;
        return 1;
    }
    if (ret == Z_OK || ret == Z_BUF_ERROR) {
        if (r->in_pos == r->in_len && r->in_eof && !r->pending && r->z.avail_out > 0) {
            /* the input ended inside a member: a stream cut short */
            reader_break(r, READ_GZIP, r->in_off + r->in_pos, 0,
                         "the stream ends before its end (truncated)");
            return 0;
        }
        return !r->pending;
    }
    if (ret == Z_MEM_ERROR) {
        reader_break(r, READ_ERRNO, r->in_off + r->in_pos, ENOMEM, strerror(ENOMEM));
        return 0;
    }
    /* Z_DATA_ERROR, Z_NEED_DICT: zlib's words for what it found ("invalid block type",
       "incorrect data check": the CRC-32 of a member that does not match) */
    char why[sizeof r->error_text];
    snprintf(why, sizeof why, "the stream is corrupt (%s)",
             r->z.msg ? r->z.msg : ret == Z_NEED_DICT ? "a preset dictionary" : "zlib");
    reader_break(r, READ_GZIP, r->in_off + r->in_pos, 0, why);
    return 0;
}

/* The next block of (decompressed) input, as full as the input allows; at the end, or at
 * a break once the bytes before it were handed over, len 0 and eof (error set for a
 * break). */
static void reader_fill(reader *r)
{
    r->pos = 0;
    r->len = 0;
    if (r->pending) { /* the bytes before the break are all handed over */
        r->error = r->pending;
        r->eof = 1;
        return;
    }
    if (r->mode == IN_UNKNOWN) {
        r->mode = have(r, 2) >= 2 && gzip_magic(r) ? IN_GZIP : IN_PLAIN;
        if (r->mode == IN_GZIP) { /* 15 + 16: a window of up to 32 KiB, gzip's wrapper */
            memset(&r->z, 0, sizeof r->z);
            if (inflateInit2(&r->z, 15 + 16) != Z_OK)
                reader_break(r, READ_ERRNO, 0, ENOMEM, strerror(ENOMEM));
            else
                r->z_ready = 1;
        }
    }
    while (r->len < sizeof r->block && !r->pending) {
        if (r->mode == IN_GZIP) {
            if (!inflate_more(r))
                break;
            continue;
        }
        if (!have(r, 1))
            break;
        size_t n = r->in_len - r->in_pos;
        if (n > sizeof r->block - r->len)
            n = sizeof r->block - r->len;
        memcpy(r->block + r->len, r->in + r->in_pos, n);
        r->in_pos += n;
        r->len += n;
    }
    if (r->len == 0) {
        r->error = r->pending;
        r->eof = 1;
    }
}

/* Starts a message about a zone file's line, "ibidi scan: FILE:LINE", and returns 1; 0
 * once enough were shown (the others are counted all the same). */
static int zone_report_start(reader *r, size_t lineno)
{
    if (r->reports++ >= MAX_ZONE_REPORTS)
        return 0;
    fprintf(stderr, "ibidi %s: %s:%zu", cmd_name, r->what, lineno);
    return 1;
}

/* A zone file: the line start..end of b becomes the owner name the zone reader hands over
 * (the records of one name after the first, directives, comments: an empty line). Lines it
 * cannot read are reported and count as malformed; $INCLUDE and other directives, whose
 * names are not read, are reported. Returns 0 without memory. */
static int zone_line(reader *r, batch *b, size_t start, const char *line, size_t len)
{
    const size_t lineno = r->lineno + 1;
    ibidi_scan_zone_result res;
    ibidi_buf owner = {r->name, sizeof r->name, 0};
    ibidi_error e;
    ibidi_status st = ibidi_scan_zone_line(&r->zs, len ? line : "", len, &owner, &res, &e);
    if (st != IBIDI_OK) {
        r->malformed++;
        if (zone_report_start(r, lineno))
            fprintf(stderr, ":%zu: %s [%s]\n", e.offset + 1, ibidi_strerror(st),
                    ibidi_status_name(st));
    } else if ((res.kind == IBIDI_SCAN_ZONE_INCLUDE || res.kind == IBIDI_SCAN_ZONE_DIRECTIVE) &&
               zone_report_start(r, lineno)) {
        fputs(res.kind == IBIDI_SCAN_ZONE_INCLUDE ? ": $INCLUDE " : ": ", stderr);
        cli_put_escaped(stderr, line + res.field.start, res.field.length);
        fputs(res.kind == IBIDI_SCAN_ZONE_INCLUDE
                  ? " not followed: the names of that file are not scanned\n"
                  : " not read: the names it makes are not scanned\n",
              stderr);
    }
    b->text.len = start;
    if (st == IBIDI_OK && res.kind == IBIDI_SCAN_ZONE_OWNER)
        return buf_add(&b->text, r->name, owner.len);
    return 1;
}

static int batch_push_line(batch *b, size_t start)
{
    if (b->n_lines == b->lines_cap) {
        size_t cap = b->lines_cap ? b->lines_cap * 2 : 256;
        size_t *o = realloc(b->line_off, cap * sizeof *o);
        if (!o)
            return 0;
        b->line_off = o;
        size_t *l = realloc(b->line_len, cap * sizeof *l);
        if (!l)
            return 0;
        b->line_len = l;
        b->lines_cap = cap;
    }
    b->line_off[b->n_lines] = start;
    b->line_len[b->n_lines] = b->text.len - start;
    b->n_lines++;
    return 1;
}

/* A line over IBIDI_SCAN_LINE_MAX (ibidi/scan.h), of a list or a zone file: reported and
 * counted as a line that could not be read, as the zone reader's refusals are. */
static void line_too_long(reader *r)
{
    r->malformed++;
    if (zone_report_start(r, r->lineno + 1))
        fprintf(stderr, ":%zu: %s [%s]\n", (size_t)IBIDI_SCAN_LINE_MAX + 1,
                ibidi_strerror(IBIDI_E_SCAN_LINE_TOO_LONG),
                ibidi_status_name(IBIDI_E_SCAN_LINE_TOO_LONG));
}

/* Ends the line gathered in b from start: a line too long takes its place as an empty one
 * (no name; the lines after it keep their numbers). Returns 0 without memory. */
static int end_line(reader *r, batch *b, size_t start)
{
    if (r->line_bytes > IBIDI_SCAN_LINE_MAX) {
        line_too_long(r);
        b->text.len = start;
    } else if (r->zone && !zone_line(r, b, start, b->text.p + start, b->text.len - start)) {
        return 0;
    }
    if (!batch_push_line(b, start))
        return 0;
    r->lineno++;
    r->line_bytes = 0;
    return 1;
}

/* Fills b with the next lines. A line never spans two batches. Returns 0 without memory. */
static int read_batch(reader *r, batch *b)
{
    size_t start = 0;
    int partial = 0;
    b->n_lines = 0;
    b->text.len = 0;
    b->first_lineno = r->lineno + 1;
    b->names_given = r->zone;
    while (b->n_lines < BATCH_LINES && (partial || b->text.len < BATCH_BYTES)) {
        if (r->pos == r->len) {
            if (!r->eof)
                reader_fill(r);
            if (r->len == 0) {
                /* the last line has no LF: a line all the same, unless the input broke in
                   it: its end is lost, and a name cut short is no name of the input */
                if (partial && !r->error) {
                    if (!end_line(r, b, start))
                        return 0;
                } else if (partial) {
                    b->text.len = start;
                }
                break;
            }
        }
        const char *p = r->block + r->pos;
        const char *nl = memchr(p, '\n', r->len - r->pos);
        size_t take = nl ? (size_t)(nl - p) : r->len - r->pos;
        if (r->zone && nl && !partial) {
            /* a whole zone line in the block (under the limit): read where it is, only its
               name is kept */
            r->pos += take + 1;
            if (!zone_line(r, b, start, p, take) || !batch_push_line(b, start))
                return 0;
            r->lineno++;
            start = b->text.len;
            continue;
        }
        /* past the limit a line is read no further than its LF: what was kept of it goes,
           so one line without an LF never takes the memory of the whole input */
        if (r->line_bytes <= IBIDI_SCAN_LINE_MAX)
            r->line_bytes += take;
        if (r->line_bytes > IBIDI_SCAN_LINE_MAX)
            b->text.len = start;
        else if (!buf_add(&b->text, p, take))
            return 0;
        r->pos += take;
        if (nl) {
            r->pos++;
            if (!end_line(r, b, start))
                return 0;
            start = b->text.len;
            partial = 0;
        } else if (take) {
            partial = 1;
        }
    }
    return 1;
}

/* ---- Output helpers -------------------------------------------------------------------- */

/* ---- Per-name work --------------------------------------------------------------------- */

/* One worker's results for the name at hand: in the worker's own buffers, which hold the
 * results of nearly every name; the library allocates for the others. */
#define WORKER_TEXT 4096
#define WORKER_FINDINGS 32
typedef struct worker {
    const scan_opts *o;
    const char *text; /* ibidi_scan_name's text parts: own_text, or alloc_text */
    ibidi_scan_result r;
    ibidi_findings fnd; /* items: own_items, or allocated */
    size_t n_fnd;       /* the findings of the last name */
    char *alloc_text;
    ibidi_finding *alloc_items;
    int wrap; /* cli_wrap_on(), for the visual forms of text records */
    ibidi_scan_hit *prot; /* --protect: the protected names the name looks like */
    size_t n_prot;
    ibidi_scan_hit prot_small[8];
    ibidi_scan_groups_adder *adder; /* this thread's way into the groups (flushed a batch) */
    char own_text[WORKER_TEXT];
    ibidi_finding own_items[WORKER_FINDINGS];
} worker;

/* The last name's allocated results. */
static void worker_release(worker *w)
{
    if (w->prot != w->prot_small)
        free(w->prot);
    w->prot = w->prot_small;
    w->n_prot = 0;
    ibidi_free(w->alloc_text);
    w->alloc_text = NULL;
    if (w->alloc_items) {
        ibidi_findings f = {w->alloc_items, 0, 0, 0};
        ibidi_findings_free(&f);
        w->alloc_items = NULL;
    }
}

static void worker_free(worker *w)
{
    worker_release(w);
    ibidi_scan_groups_adder_free(w->adder);
    w->adder = NULL;
}

/* ibidi_scan_name for one name, the last name's results released. */
static ibidi_status scan_one(worker *w, const char *name, size_t len)
{
    /* a zone file's owner names: their wildcard and underscored labels are set aside */
    /* --protect: the bidi skeletons too, looked up among the protected names' */
    const ibidi_scan_options so = {(w->o->ctx[CTX_LTR] ? IBIDI_SCAN_LTR : 0u) |
                                       (w->o->ctx[CTX_RTL] ? IBIDI_SCAN_RTL : 0u) |
                                       (w->o->in_format == IN_ZONE ? IBIDI_SCAN_OWNER : 0u) |
                                       (w->o->protect || w->o->look ? IBIDI_SCAN_SKELETON
                                                                    : 0u),
                                   {w->o->profile, 0, 0, NULL, 0}, w->o->lgr};
    worker_release(w);
    w->fnd = (ibidi_findings){w->own_items, WORKER_FINDINGS, 0, 0};
    w->r.text = (ibidi_buf){w->own_text, sizeof w->own_text, 0};
    ibidi_status st = ibidi_scan_name(name, len, &so, &w->r, &w->fnd, NULL);
    w->text = w->own_text;
    if (st == IBIDI_E_BUFFER_TOO_SMALL || st == IBIDI_E_IDNA_WORK_TOO_SMALL ||
        (st == IBIDI_OK && w->fnd.n > WORKER_FINDINGS)) {
        /* more than the buffers hold, or a name that needs IDNA's work area: the
           allocating call, once */
        ibidi_findings f = {NULL, 0, 0, 0};
        st = ibidi_scan_name_alloc(name, len, &so, &w->r, &f, NULL);
        if (st != IBIDI_OK)
            return st;
        w->text = w->alloc_text = w->r.text.data;
        w->fnd = f;
        w->alloc_items = f.items;
    } else if (st != IBIDI_OK) {
        return st;
    }
    w->n_fnd = w->r.analysis == IBIDI_OK ? w->fnd.n : 0;
    return IBIDI_OK;
}

/* Opens a TSV field whose text the caller then writes in parts (a list joined by commas):
 * the separation is cli_tsv's, and each part's data goes out by its escaping rule,
 * cli_out_escaped. */
static void tsv_open_field(cli_tsv *t) { cli_tsv_field(t); }

/* The summary's TSV fields: KEY=N, or PREFIX_KEY=N with a prefix, and KEY=WORD (ASCII,
 * nothing to escape). */
static void tsv_count(cli_tsv *t, const char *prefix, const char *key, size_t v)
{
    char f[96];
    snprintf(f, sizeof f, "%s%s%s=%zu", prefix ? prefix : "", prefix ? "_" : "", key, v);
    cli_tsv_cstr(t, f);
}

static void tsv_word(cli_tsv *t, const char *key, const char *v)
{
    char f[96];
    snprintf(f, sizeof f, "%s=%s", key, v);
    cli_tsv_cstr(t, f);
}

/* The finding codes without repeats, in the order found, separated by sep (ASCII words:
 * nothing to escape). */
static void put_finding_codes(cli_out *f, const worker *w, size_t n, const char *sep)
{
    int first = 1;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < i && w->fnd.items[j].code != w->fnd.items[i].code)
            j++;
        if (j < i)
            continue;
        const char *nm = ibidi_code_name(w->fnd.items[i].code);
        if (!first)
            cli_out_str(f, sep);
        cli_out_str(f, nm ? nm : "?");
        first = 0;
    }
}

/* A name's JSON record (cli_jw): {"type":"name","name":...,"line":N}. */
static void put_json_name(const worker *w, cli_out *out, const char *name, size_t len,
                          size_t lineno)
{
    const scan_opts *o = w->o;
    const ibidi_scan_result *r = &w->r;
    const char *p = w->text;
    cli_jw jw;
    cli_jw_begin_out(&jw, out, CLI_IN_UTF8);
    cli_jw_cstr(&jw, "type", "name");
    cli_jw_input(&jw, "name", name, len); /* and name_hex, as the one escaping rule says */
    if (r->set_aside) /* the name's labels before its host name */
        cli_jw_str(&jw, "set_aside", name, r->set_aside);
    cli_jw_bool(&jw, "valid", r->valid);
    cli_jw_findings(&jw, "findings", w->fnd.items, w->n_fnd, NULL, 0);
    cli_jw_object(&jw, "display");
    for (int c = 0; c < N_CTX; c++) {
        if (!o->ctx[c])
            continue;
        if (r->display[c].present)
            cli_jw_str(&jw, ctx_names[c], p + r->display[c].start, r->display[c].length);
        else
            cli_jw_null(&jw, ctx_names[c]);
    }
    cli_jw_close(&jw);
    cli_jw_str(&jw, "codes", p + r->codes.start, r->codes.length);
    if (r->unicode.present)
        cli_jw_str(&jw, "unicode", p + r->unicode.start, r->unicode.length);
    if (r->analysis != IBIDI_OK)
        cli_jw_cstr(&jw, "analysis", ibidi_status_name(r->analysis));
    if (o->lgr) {
        cli_jw_object(&jw, "lgr");
        cli_jw_cstr(&jw, "disposition", r->lgr_disposition ? r->lgr_disposition : "invalid");
        if (r->lgr_index.present && r->lgr_index.length)
            cli_jw_str(&jw, "index", p + r->lgr_index.start, r->lgr_index.length);
        else
            cli_jw_null(&jw, "index");
        cli_jw_close(&jw);
    }
    if (o->protect) { /* [{"name": PROTECTED, "why": [...]}] */
        cli_jw_array(&jw, "looks_like");
        for (size_t i = 0; i < w->n_prot; i++) {
            size_t pl;
            const char *pn = cli_against_name(o->protect, w->prot[i].candidate, &pl);
            cli_jw_object(&jw, NULL);
            cli_jw_input(&jw, "name", pn, pl);
            cli_jw_array(&jw, "why");
            for (unsigned b = 0; cli_against_why_name(b); b++)
                if (w->prot[i].why & (1u << b))
                    cli_jw_cstr(&jw, NULL, cli_against_why_name(b));
            cli_jw_close(&jw);
            cli_jw_close(&jw);
        }
        cli_jw_close(&jw);
    }
    cli_jw_uint(&jw, "line", lineno);
    cli_jw_end(&jw);
}

/* A name's TSV line (cli_tsv): NAME, VALIDITY, a display per context, FINDINGS, and with
 * --lgr DISPOSITION and INDEX. */
static void put_tsv_name(const worker *w, cli_out *out, const char *name, size_t len)
{
    const scan_opts *o = w->o;
    const ibidi_scan_result *r = &w->r;
    const char *p = w->text;
    const int has_uform = r->unicode.present;
    const char *u = has_uform ? p + r->unicode.start : name;
    const size_t ulen = has_uform ? r->unicode.length : len;
    const int as_written =
        has_uform && !r->set_aside && ulen == len && memcmp(u, name, len) == 0;
    cli_tsv tsv;
    cli_tsv_begin_out(&tsv, out, CLI_IN_UTF8);
    /* the name escaped, at out->data + at (the first field: no tab before it): a display
       that is the name as written is copied from there rather than escaped again (most
       names of a zone) */
    const size_t at = out->len;
    cli_tsv_str(&tsv, name, len);
    const size_t esc_len = out->len - at;
    if (r->valid) {
        cli_tsv_word(&tsv, "valid");
    } else { /* "invalid CODES": one field */
        tsv_open_field(&tsv);
        cli_out_put(out, "invalid ", 8);
        cli_out_escaped(out, p + r->codes.start, r->codes.length);
    }
    for (int c = 0; c < N_CTX; c++) { /* a column per context, empty when not asked */
        if (as_written && (r->self_display & (1u << c))) {
            tsv_open_field(&tsv); /* the display is the name as written */
            cli_out_again(out, at, esc_len);
        }
        else if (r->display[c].present)
            cli_tsv_str(&tsv, p + r->display[c].start, r->display[c].length);
        else
            cli_tsv_cstr(&tsv, NULL);
    }
    /* FINDINGS: set-aside:LABELS, then not-analysed:STATUS or the codes, joined by ',' */
    tsv_open_field(&tsv);
    if (r->set_aside) {
        cli_out_str(out, "set-aside:");
        cli_out_escaped(out, name, r->set_aside);
        if (r->analysis != IBIDI_OK || w->n_fnd)
            cli_out_char(out, ',');
    }
    if (r->analysis != IBIDI_OK) {
        cli_out_str(out, "not-analysed:");
        cli_out_str(out, ibidi_status_name(r->analysis));
    } else {
        put_finding_codes(out, w, w->n_fnd, ",");
    }
    if (o->lgr) {
        cli_tsv_cstr(&tsv, r->lgr_disposition ? r->lgr_disposition : "invalid");
        if (r->lgr_index.present)
            cli_tsv_str(&tsv, p + r->lgr_index.start, r->lgr_index.length);
        else
            cli_tsv_cstr(&tsv, NULL);
    }
    if (o->protect) { /* LOOKS-LIKE: PROTECTED:why+why, joined by ',' */
        tsv_open_field(&tsv);
        for (size_t i = 0; i < w->n_prot; i++) {
            size_t pl;
            const char *pn = cli_against_name(o->protect, w->prot[i].candidate, &pl);
            if (i)
                cli_out_char(out, ',');
            cli_out_escaped(out, pn, pl);
            char why[CLI_WHY_TEXT_MAX];
            cli_out_char(out, ':');
            cli_out_str(out, cli_against_why_text(w->prot[i].why, "+", why));
        }
    }
    cli_tsv_end(&tsv);
}

/* A name's text line, put together in the batch's buffer: NAME (FORM): valid|invalid CODES;
 * ltr DISPLAY; rtl DISPLAY; findings ...; lgr .... */
static void put_text_name(const worker *w, rec *rb, const char *name, size_t len)
{
    const scan_opts *o = w->o;
    const ibidi_scan_result *r = &w->r;
    const char *p = w->text;
    const int has_uform = r->unicode.present;
    const char *u = has_uform ? p + r->unicode.start : name;
    const size_t ulen = has_uform ? r->unicode.length : len;
    const size_t n_fnd = w->n_fnd;
    rec_escaped(rb, name, len);
    if (r->set_aside) {
        rec_str(rb, " (host ");
        rec_escaped(rb, u, ulen);
        rec_str(rb, ")");
    } else if (has_uform && !(ulen == len && memcmp(u, name, len) == 0)) {
        rec_str(rb, " (");
        rec_escaped(rb, u, ulen);
        rec_str(rb, ")");
    }
    rec_str(rb, r->valid ? ": valid" : ": invalid ");
    if (!r->valid)
        rec_add(rb, p + r->codes.start, r->codes.length);
    for (int c = 0; c < N_CTX; c++) {
        if (!o->ctx[c])
            continue;
        rec_str(rb, "; ");
        rec_str(rb, ctx_names[c]);
        rec_str(rb, " ");
        if (!r->display[c].present) {
            rec_str(rb, "(none)");
            continue;
        }
        /* LRO ... PDF, as cli_put_visual writes visual-order text */
        if (w->wrap)
            rec_str(rb, "\xE2\x80\xAD");
        rec_escaped(rb, p + r->display[c].start, r->display[c].length);
        if (w->wrap)
            rec_str(rb, "\xE2\x80\xAC");
    }
    if (n_fnd) {
        rec_str(rb, "; findings ");
        for (size_t i = 0; i < n_fnd; i++) {
            const char *nm = ibidi_code_name(w->fnd.items[i].code);
            char at[48];
            rec_str(rb, i ? " " : "");
            rec_str(rb, nm ? nm : "?");
            snprintf(at, sizeof at, "@%zu", w->fnd.items[i].offset);
            rec_str(rb, at);
            if (o->ctx[CTX_RTL] && w->fnd.items[i].context == IBIDI_DIR_RTL)
                rec_str(rb, "(rtl)");
        }
    }
    if (r->analysis != IBIDI_OK) {
        rec_str(rb, "; not analysed [");
        rec_str(rb, ibidi_status_name(r->analysis));
        rec_str(rb, "]");
    }
    if (o->lgr) {
        rec_str(rb, "; lgr ");
        rec_str(rb, r->lgr_disposition ? r->lgr_disposition : "invalid");
        if (r->lgr_index.present && r->lgr_index.length) {
            rec_str(rb, " index ");
            rec_escaped(rb, p + r->lgr_index.start, r->lgr_index.length);
        }
    }
    for (size_t i = 0; i < w->n_prot; i++) { /* --protect */
        size_t pl;
        const char *pn = cli_against_name(o->protect, w->prot[i].candidate, &pl);
        rec_str(rb, i ? ", " : "; looks like ");
        rec_escaped(rb, pn, pl);
        char why[CLI_WHY_TEXT_MAX];
        rec_str(rb, " [");
        rec_str(rb, cli_against_why_text(w->prot[i].why, " ", why));
        rec_str(rb, "]");
    }
    rec_str(rb, "\n");
}

static void process_name(worker *w, batch *b, cli_out *out, const char *name, size_t len,
                         size_t lineno)
{
    const scan_opts *o = w->o;

    if (scan_one(w, name, len) != IBIDI_OK)
        goto nomem;
    /* the summary's counts, by the library's rules */
    ibidi_scan_counts_add(&b->counts, &w->r);
    /* --protect: the protected names it looks like (UTS #39 §4) or displays like */
    if (o->protect) {
        w->n_prot = cli_protect_match(o->protect, name, len, w->text, &w->r, w->prot_small,
                                      sizeof w->prot_small / sizeof w->prot_small[0], &w->prot);
        if (w->n_prot == (size_t)-1) {
            w->n_prot = 0;
            goto nomem;
        }
        b->n_look_alikes += w->n_prot > 0;
    }

    /* the keys into the collision groups, from this thread: the displays that other names
       may share and, with --lgr, the first label's index label (the library's choice);
       its locks are per shard of keys, so workers seldom wait for each other */
    {
        ibidi_error e;
        /* the skeletons made for --protect alone make no groups */
        ibidi_scan_result keys = w->r;
        if (!o->look)
            keys.skeleton[0].present = keys.skeleton[1].present = 0;
        ibidi_status st = IBIDI_OK;
        if (!w->adder)
            st = ibidi_scan_groups_adder_create(o->groups, &w->adder, &e);
        if (st == IBIDI_OK)
            st = ibidi_scan_groups_adder_add_displays(w->adder, name, len, &keys, NULL, &e);
        if (st != IBIDI_OK) {
            b->failed = st;
            b->failed_value = e.value;
            return;
        }
    }

    /* the record: JSON and TSV through the writers into the batch's memory, text into the
       batch's buffer */
    if (o->format == FMT_JSON) {
        put_json_name(w, out, name, len, lineno);
    } else if (o->format == FMT_TSV) {
        put_tsv_name(w, out, name, len);
    } else {
        put_text_name(w, &b->orec, name, len);
        if (b->orec.failed)
            goto nomem;
    }
    return;
nomem:
    b->failed = IBIDI_E_NOMEM;
}

static void process_batch(worker *w, batch *b)
{
    b->n_skipped = 0;
    b->n_look_alikes = 0;
    memset(&b->counts, 0, sizeof b->counts);
    b->failed = IBIDI_OK;
    b->out.len = 0; /* the memory stays for the next batch */
    b->out.failed = 0;
    b->orec.b.len = 0;
    b->orec.failed = 0;
    cli_out *out = &b->out;
    for (size_t i = 0; i < b->n_lines && !b->failed; i++) {
        size_t start, len;
        /* a batch of empty names only has no text (arithmetic on NULL is undefined) */
        const char *line = b->text.p ? b->text.p + b->line_off[i] : "";
        if (b->names_given) { /* the zone reader's name, or none */
            start = 0;
            len = b->line_len[i];
        } else if (!ibidi_scan_line(line, b->line_len[i], &start, &len)) {
            len = 0;
        }
        if (!len) {
            b->n_skipped++;
            continue;
        }
        if (w->o->against) { /* an existing name: looked up, no record of its own */
            int valid;
            b->counts.names++;
            if (!cli_against_existing(w->o->against, line + start, len, b->names_given,
                                      b->first_lineno + i, &valid))
                b->failed = IBIDI_E_NOMEM;
            if (valid)
                b->counts.valid++;
            else
                b->counts.invalid++;
            continue;
        }
        process_name(w, b, out, line + start, len, b->first_lineno + i);
    }
    if (out->failed && !b->failed)
        b->failed = IBIDI_E_NOMEM;
    /* the batch's keys are in the groups before it is done: finish comes after the last */
    ibidi_error e;
    if (w->adder && !b->failed && ibidi_scan_groups_adder_flush(w->adder, &e) != IBIDI_OK) {
        b->failed = e.status;
        b->failed_value = e.value;
    }
}

/* ---- Collision groups ----------------------------------------------------------------- */

/* One group as the library walks them (by kind: the contexts, then --lgr's variant sets;
 * by display or index bytes; the names by their bytes). */
static int print_group(const ibidi_scan_group *g, void *ctx)
{
    scan_opts *o = ctx;
    /* --only-valid: a registry acts on a collision only when two names of it can be
       registered; groups of invalid names (refused anyway) are left out */
    if (o->only_valid && g->n_valid < 2)
        return 0;
    o->shown++;
    if (o->html)
        scan_html_group(o->html, g);
    const int variant = g->kind == KIND_VARIANT, look = g->kind >= KIND_LOOK;
    const char *ctx_name =
        variant ? "lgr" : ctx_names[look ? g->kind - KIND_LOOK : g->kind];
    if (o->format == FMT_JSON) {
        cli_jw jw;
        cli_jw_begin(&jw, stdout, CLI_IN_UTF8);
        cli_jw_cstr(&jw, "type",
                    variant ? "variant_collision" : look ? "look_alike_collision" : "collision");
        if (!variant)
            cli_jw_cstr(&jw, "context", ctx_name);
        cli_jw_str(&jw, variant ? "index" : look ? "skeleton" : "display", g->key, g->key_len);
        cli_jw_array(&jw, "names");
        for (size_t j = 0; j < g->n; j++)
            cli_jw_str(&jw, NULL, g->names[j], g->name_lens[j]);
        cli_jw_close(&jw);
        cli_jw_uint(&jw, "valid_names", g->n_valid);
        cli_jw_end(&jw);
    } else if (o->format == FMT_TSV) {
        cli_tsv tsv;
        cli_tsv_begin(&tsv, stdout, CLI_IN_UTF8);
        cli_tsv_cstr(&tsv, variant ? "variant-collision"
                           : look  ? "look-alike-collision"
                                   : "collision");
        cli_tsv_cstr(&tsv, ctx_name);
        cli_tsv_str(&tsv, g->key, g->key_len);
        /* NAMES: one field, the names joined by ',' (a group has two at least) */
        cli_tsv_str(&tsv, g->names[0], g->name_lens[0]);
        for (size_t j = 1; j < g->n; j++) {
            putchar(',');
            cli_put_escaped(stdout, g->names[j], g->name_lens[j]);
        }
        cli_tsv_end(&tsv);
    } else {
        if (variant) {
            fputs("variant collision: index ", stdout);
            cli_put_escaped(stdout, g->key, g->key_len);
            printf(" is shared by %zu names (%zu valid):", g->n, g->n_valid);
        } else if (look) {
            printf("look-alike collision %s: skeleton ", ctx_name);
            cli_put_escaped(stdout, g->key, g->key_len);
            printf(" is shared by %zu names (%zu valid):", g->n, g->n_valid);
        } else {
            printf("collision %s: ", ctx_name);
            cli_put_escaped(stdout, g->key, g->key_len);
            printf(" is shown for %zu names (%zu valid):", g->n, g->n_valid);
        }
        for (size_t j = 0; j < g->n; j++) {
            fputs(j ? ", " : " ", stdout);
            cli_put_escaped(stdout, g->names[j], g->name_lens[j]);
        }
        putchar('\n');
    }
    return 0;
}

/* ---- The scan -------------------------------------------------------------------------- */

typedef struct totals {
    size_t skipped, lines;
    size_t look_alikes; /* --protect: names that look like a protected name */
    ibidi_scan_counts c; /* the library's counts of the names, merged from every batch */
} totals;

typedef struct scan_state {
    const scan_opts *o;
    ibidi_scan_group_counts counts[N_KINDS]; /* the contexts, then --lgr's variant sets */
    totals tot;
    ibidi_status failed; /* as batch.failed */
    uint32_t failed_value;
    /* progress */
    int progress;
    double t0, last;
    uint64_t size; /* input size when known, else 0 */
    reader *r;
} scan_state;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void put_groups_memory(const scan_state *s, const char *end);

static void show_progress(scan_state *s, int final)
{
    double t = now();
    if (!final && t - s->last < 0.2)
        return;
    s->last = t;
    double rate = t > s->t0 ? (double)s->tot.c.names / (t - s->t0) : 0;
    if (final) {
        fputs("\r\033[K", stderr);
        return;
    }
    if (s->size) {
        double frac = (double)s->r->bytes / (double)s->size;
        if (frac > 1)
            frac = 1;
        int fill = (int)(frac * 30);
        fputs("\r[", stderr);
        for (int i = 0; i < 30; i++)
            fputc(i < fill ? '#' : '.', stderr);
        fprintf(stderr, "] %3d%% ", (int)(frac * 100));
    } else {
        fputs("\r", stderr);
    }
    fprintf(stderr, "reading: %zu names, %.0f names/s, ", s->tot.c.names, rate);
    put_groups_memory(s, "\033[K");
}

/* The memory the collision groups hold (it grows with the list, up to --memory; the runs
 * written past it wait in the temporary file), then end. */
static void put_groups_memory(const scan_state *s, const char *end)
{
    ibidi_scan_groups_stats gs;
    ibidi_scan_groups_get_stats(s->o->groups, &gs);
    fprintf(stderr, "groups %.1f MB", (double)gs.memory / 1048576.0);
    if (gs.runs)
        fprintf(stderr, ", %zu runs (%.0f MB) on disk", gs.runs,
                (double)gs.temp_bytes / 1048576.0);
    fputs(end, stderr);
    fflush(stderr);
}

/* The phase after the reading: the merges of the collision groups' runs, in one call. */
static void show_merging(const scan_state *s)
{
    fprintf(stderr, "\rmerging the collision groups: %zu names read, ", s->tot.c.names);
    put_groups_memory(s, "...\033[K");
}

/* The main thread's part: the batch's records in order, and its counts. */
static void consume(scan_state *s, batch *b)
{
    if (b->failed) {
        s->failed = b->failed;
        s->failed_value = b->failed_value;
        return;
    }
    if (b->out.len)
        fwrite(b->out.data, 1, b->out.len, stdout);
    if (b->orec.b.len)
        fwrite(b->orec.b.p, 1, b->orec.b.len, stdout);
    s->tot.lines += b->n_lines;
    s->tot.skipped += b->n_skipped;
    s->tot.look_alikes += b->n_look_alikes;
    ibidi_scan_counts_merge(&s->tot.c, &b->counts);
    if (s->progress)
        show_progress(s, 0);
}

typedef struct pipeline {
    pthread_mutex_t mu;
    pthread_cond_t work_cv, done_cv;
    batch *slots;
    size_t n_slots;
    size_t filled, taken; /* sequence numbers: batches filled by the reader, taken by workers */
    int finished;
    const scan_opts *o;
} pipeline;

static void *worker_main(void *arg)
{
    pipeline *p = arg;
    worker w;
    memset(&w, 0, sizeof w);
    w.o = p->o;
    w.wrap = cli_wrap_on();
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (p->taken == p->filled && !p->finished)
            pthread_cond_wait(&p->work_cv, &p->mu);
        if (p->taken == p->filled)
            break;
        batch *b = &p->slots[p->taken++ % p->n_slots];
        pthread_mutex_unlock(&p->mu);
        process_batch(&w, b);
        pthread_mutex_lock(&p->mu);
        b->done = 1;
        pthread_cond_broadcast(&p->done_cv);
    }
    pthread_mutex_unlock(&p->mu);
    worker_free(&w);
    return NULL;
}

/* One thread: read, process, consume in turn. */
static void scan_serial(scan_state *s, reader *r)
{
    worker w;
    batch b;
    memset(&w, 0, sizeof w);
    memset(&b, 0, sizeof b);
    w.o = s->o;
    w.wrap = cli_wrap_on();
    while (!s->failed) {
        if (!read_batch(r, &b)) {
            s->failed = IBIDI_E_NOMEM;
            break;
        }
        if (b.n_lines == 0)
            break;
        process_batch(&w, &b);
        consume(s, &b);
    }
    batch_free(&b);
    worker_free(&w);
}

/* K workers process batches while this thread reads the next ones and consumes finished
 * ones in input order. At most n_slots batches are in flight. */
static void scan_threads(scan_state *s, reader *r, int k)
{
    pipeline p;
    pthread_t tid[MAX_THREADS];
    int started = 0;
    memset(&p, 0, sizeof p);
    p.o = s->o;
    p.n_slots = (size_t)k * 2 + 2;
    p.slots = calloc(p.n_slots, sizeof *p.slots);
    if (!p.slots) {
        s->failed = IBIDI_E_NOMEM;
        return;
    }
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.work_cv, NULL);
    pthread_cond_init(&p.done_cv, NULL);
    for (; started < k; started++)
        if (pthread_create(&tid[started], NULL, worker_main, &p) != 0)
            break;
    if (started == 0) {
        s->failed = IBIDI_E_NOMEM;
    } else {
        size_t consumed = 0, filled = 0;
        int eof = 0;
        for (;;) {
            /* read while a slot is free */
            while (!eof && !s->failed && filled - consumed < p.n_slots) {
                batch *b = &p.slots[filled % p.n_slots];
                b->done = 0;
                if (!read_batch(r, b)) {
                    s->failed = IBIDI_E_NOMEM;
                    break;
                }
                if (b->n_lines == 0) {
                    eof = 1;
                    break;
                }
                filled++;
                pthread_mutex_lock(&p.mu);
                p.filled = filled;
                pthread_cond_signal(&p.work_cv);
                pthread_mutex_unlock(&p.mu);
            }
            if (consumed == filled)
                break;
            batch *b = &p.slots[consumed % p.n_slots];
            pthread_mutex_lock(&p.mu);
            while (!b->done)
                pthread_cond_wait(&p.done_cv, &p.mu);
            pthread_mutex_unlock(&p.mu);
            if (!s->failed)
                consume(s, b);
            consumed++;
            if (s->failed)
                eof = 1; /* stop reading; finish what is in flight */
        }
    }
    pthread_mutex_lock(&p.mu);
    p.finished = 1;
    pthread_cond_broadcast(&p.work_cv);
    pthread_mutex_unlock(&p.mu);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    for (size_t i = 0; i < p.n_slots; i++)
        batch_free(&p.slots[i]);
    free(p.slots);
    pthread_mutex_destroy(&p.mu);
    pthread_cond_destroy(&p.work_cv);
    pthread_cond_destroy(&p.done_cv);
}

static void print_summary(const scan_state *s)
{
    const scan_opts *o = s->o;
    const ibidi_scan_counts *t = &s->tot.c;
    const size_t lines = s->tot.lines, skipped = s->tot.skipped, invalid = t->invalid;
    if (o->format == FMT_JSON) {
        cli_jw jw;
        cli_jw_begin(&jw, stdout, CLI_IN_UTF8);
        cli_jw_cstr(&jw, "type", "summary");
        cli_jw_cstr(&jw, "profile", ibidi_idna_profile_name(o->profile));
        cli_jw_uint(&jw, "lines", lines);
        cli_jw_uint(&jw, "names", t->names);
        cli_jw_uint(&jw, "skipped", skipped);
        cli_jw_uint(&jw, "valid", t->valid);
        cli_jw_uint(&jw, "invalid", invalid);
        cli_jw_uint(&jw, "with_findings", t->with_findings);
        cli_jw_uint(&jw, "not_analysed", t->not_analysed);
        if (o->in_format == IN_ZONE)
            cli_jw_uint(&jw, "set_aside", t->set_aside);
        for (int c = 0; c < N_CTX; c++) {
            if (!o->ctx[c])
                continue;
            cli_jw_object(&jw, ctx_names[c]);
            cli_jw_uint(&jw, "display_keys", s->counts[c].keys);
            cli_jw_uint(&jw, "collision_groups", s->counts[c].groups);
            cli_jw_uint(&jw, "names_in_collisions", s->counts[c].names_in_groups);
            cli_jw_uint(&jw, "self_displayed", t->self_displayed[c]);
            cli_jw_close(&jw);
        }
        if (o->lgr) {
            cli_jw_object(&jw, "lgr");
            cli_jw_uint(&jw, "index_labels", s->counts[KIND_VARIANT].keys);
            cli_jw_uint(&jw, "variant_groups", s->counts[KIND_VARIANT].groups);
            cli_jw_uint(&jw, "names_in_variant_groups", s->counts[KIND_VARIANT].names_in_groups);
            cli_jw_close(&jw);
        }
        for (int c = 0; o->look && c < N_CTX; c++) {
            if (!o->ctx[c])
                continue;
            cli_jw_object(&jw, c ? "look_alike_rtl" : "look_alike_ltr");
            cli_jw_uint(&jw, "skeletons", s->counts[KIND_LOOK + c].keys);
            cli_jw_uint(&jw, "groups", s->counts[KIND_LOOK + c].groups);
            cli_jw_uint(&jw, "names_in_groups", s->counts[KIND_LOOK + c].names_in_groups);
            cli_jw_close(&jw);
        }
        if (o->only_valid)
            cli_jw_uint(&jw, "groups_shown", o->shown);
        if (o->protect)
            cli_jw_uint(&jw, "look_alikes_of_protected", s->tot.look_alikes);
        cli_jw_end(&jw);
    } else if (o->format == FMT_TSV) {
        /* summary, then a key=value field per figure */
        cli_tsv tsv;
        cli_tsv_begin(&tsv, stdout, CLI_IN_UTF8);
        cli_tsv_cstr(&tsv, "summary");
        tsv_word(&tsv, "profile", ibidi_idna_profile_name(o->profile));
        tsv_count(&tsv, NULL, "lines", lines);
        tsv_count(&tsv, NULL, "names", t->names);
        tsv_count(&tsv, NULL, "skipped", skipped);
        tsv_count(&tsv, NULL, "valid", t->valid);
        tsv_count(&tsv, NULL, "invalid", invalid);
        tsv_count(&tsv, NULL, "with_findings", t->with_findings);
        tsv_count(&tsv, NULL, "not_analysed", t->not_analysed);
        if (o->in_format == IN_ZONE)
            tsv_count(&tsv, NULL, "set_aside", t->set_aside);
        for (int c = 0; c < N_CTX; c++) {
            if (!o->ctx[c])
                continue;
            tsv_count(&tsv, ctx_names[c], "display_keys", s->counts[c].keys);
            tsv_count(&tsv, ctx_names[c], "collision_groups", s->counts[c].groups);
            tsv_count(&tsv, ctx_names[c], "names_in_collisions", s->counts[c].names_in_groups);
            tsv_count(&tsv, ctx_names[c], "self_displayed", t->self_displayed[c]);
        }
        if (o->lgr) {
            tsv_count(&tsv, "lgr", "index_labels", s->counts[KIND_VARIANT].keys);
            tsv_count(&tsv, "lgr", "variant_groups", s->counts[KIND_VARIANT].groups);
            tsv_count(&tsv, "lgr", "names_in_variant_groups",
                      s->counts[KIND_VARIANT].names_in_groups);
        }
        for (int c = 0; o->look && c < N_CTX; c++) {
            if (!o->ctx[c])
                continue;
            const char *lk = c ? "look_alike_rtl" : "look_alike_ltr";
            tsv_count(&tsv, lk, "skeletons", s->counts[KIND_LOOK + c].keys);
            tsv_count(&tsv, lk, "groups", s->counts[KIND_LOOK + c].groups);
            tsv_count(&tsv, lk, "names_in_groups", s->counts[KIND_LOOK + c].names_in_groups);
        }
        if (o->only_valid)
            tsv_count(&tsv, NULL, "groups_shown", o->shown);
        if (o->protect)
            tsv_count(&tsv, NULL, "look_alikes_of_protected", s->tot.look_alikes);
        cli_tsv_end(&tsv);
    } else {
        printf("summary: %zu names (%zu lines, %zu skipped), %zu valid, %zu invalid, "
               "%zu with findings, %zu not analysed (profile %s)\n",
               t->names, lines, skipped, t->valid, invalid, t->with_findings, t->not_analysed,
               ibidi_idna_profile_name(o->profile));
        if (o->in_format == IN_ZONE)
            printf("summary: %zu owner names judged by their host names (wildcard or "
                   "underscored labels set aside)\n",
                   t->set_aside);
        for (int c = 0; c < N_CTX; c++)
            if (o->ctx[c])
                printf("summary %s: %zu distinct displays, %zu collision groups, "
                       "%zu names in collisions, %zu names displayed as written\n",
                       ctx_names[c], s->counts[c].keys, s->counts[c].groups,
                       s->counts[c].names_in_groups, t->self_displayed[c]);
        if (o->lgr)
            printf("summary lgr: %zu distinct index labels, %zu variant groups, "
                   "%zu names in variant groups\n",
                   s->counts[KIND_VARIANT].keys, s->counts[KIND_VARIANT].groups,
                   s->counts[KIND_VARIANT].names_in_groups);
        for (int c = 0; o->look && c < N_CTX; c++)
            if (o->ctx[c])
                printf("summary look-alike %s: %zu distinct bidi skeletons, %zu look-alike "
                       "groups, %zu names in them\n",
                       ctx_names[c], s->counts[KIND_LOOK + c].keys,
                       s->counts[KIND_LOOK + c].groups,
                       s->counts[KIND_LOOK + c].names_in_groups);
        if (o->only_valid)
            printf("summary: %zu groups with at least two valid names shown (--only-valid)\n",
                   o->shown);
        if (o->protect)
            printf("summary: %zu names look like a protected name (--protect)\n",
                   s->tot.look_alikes);
    }
}

/* --html: the page gets the summary's figures. */
static int html_finish(const scan_state *s)
{
    const scan_opts *o = s->o;
    scan_html_figures fig;
    memset(&fig, 0, sizeof fig);
    fig.profile = ibidi_idna_profile_name(o->profile);
    fig.lines = s->tot.lines;
    fig.names = s->tot.c.names;
    fig.skipped = s->tot.skipped;
    fig.valid = s->tot.c.valid;
    fig.findings = s->tot.c.with_findings;
    fig.not_analysed = s->tot.c.not_analysed;
    fig.zone = o->in_format == IN_ZONE;
    fig.set_aside = s->tot.c.set_aside;
    for (int k = 0; k < SCAN_HTML_KINDS; k++) {
        fig.has[k] = k == KIND_VARIANT ? o->lgr != NULL
                     : k >= KIND_LOOK  ? o->look && o->ctx[k - KIND_LOOK]
                                       : o->ctx[k];
        fig.counts[k] = s->counts[k];
    }
    for (int c = 0; c < N_CTX; c++)
        fig.self[c] = s->tot.c.self_displayed[c];
    fig.only_valid = o->only_valid;
    fig.shown = o->shown;
    return scan_html_finish(o->html, &fig);
}

/* n bytes in words for a message: B, KB, MB or GB (powers of 1024, as --memory reads). */
static const char *bytes_text(char *out, size_t cap, uint64_t n)
{
    static const char *const unit[] = {"B", "KB", "MB", "GB", "TB"};
    double v = (double)n;
    unsigned u = 0;
    while (v >= 1024 && u + 1 < sizeof unit / sizeof unit[0]) {
        v /= 1024;
        u++;
    }
    snprintf(out, cap, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
    return out;
}

/* Why the scan stopped: the library's status, in words. The records of the lines before
 * are out; no groups nor summary follow (the exit status is 2). A file system that filled
 * up is told with the space the runs needed: what they took when it filled, what was free
 * there, and, the input's size known, about what the whole input needs (its share read so
 * far; the merges of finish may write more). */
static void report_failure(const scan_state *s, const char *tmpdir)
{
    const ibidi_status st = s->failed;
    const int eno = (int)s->failed_value;
    if (st == IBIDI_E_TEMP_FILE) {
        fprintf(stderr, "ibidi %s: the collision groups' temporary file in %s: %s", cmd_name,
                tmpdir, strerror(eno));
        int full = eno == ENOSPC || eno == EFBIG;
#ifdef EDQUOT
        full = full || eno == EDQUOT;
#endif
        if (full) {
            char a[32], b[32], c[32];
            ibidi_scan_groups_stats gs;
            struct statvfs v;
            ibidi_scan_groups_get_stats(s->o->groups, &gs);
            fprintf(stderr, ": the runs needed %s there when it filled",
                    bytes_text(a, sizeof a, gs.temp_bytes));
            if (statvfs(tmpdir, &v) == 0)
                fprintf(stderr, ", %s free",
                        bytes_text(b, sizeof b, (uint64_t)v.f_bavail * (uint64_t)v.f_frsize));
            if (s->size && s->r->bytes && s->r->bytes < s->size)
                fprintf(stderr, ", about %s for the whole input",
                        bytes_text(c, sizeof c,
                                   (uint64_t)((double)gs.temp_bytes * (double)s->size /
                                              (double)s->r->bytes)));
            fputs("; set TMPDIR to a directory with more room, or give --memory more", stderr);
        } else {
            fputs("; set TMPDIR to another directory", stderr);
        }
        fprintf(stderr, "; the records of the first %zu lines are written, no groups nor "
                        "summary [TEMP_FILE]\n",
                s->tot.lines);
    } else if (st == IBIDI_E_NOMEM) {
        fprintf(stderr, "ibidi %s: out of memory; the records of the first %zu lines are "
                        "written, no groups nor summary\n",
                cmd_name, s->tot.lines);
    } else {
        fprintf(stderr, "ibidi %s: %s [%s]\n", cmd_name, ibidi_strerror(st),
                ibidi_status_name(st));
    }
}

/* --memory: bytes, or a number with K, M or G (powers of 1024, either case). */
static int parse_size(const char *v, size_t *out)
{
    unsigned shift = 0;
    char *end;
    if (*v < '0' || *v > '9')
        return 0;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (errno)
        return 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    default: break;
    }
    if (*end || n > (unsigned long long)(SIZE_MAX >> shift))
        return 0;
    *out = (size_t)n << shift;
    return 1;
}

static int default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > 64 ? 64 : (int)n;
}

/* The names of --protect's list, gathered (cli_read_names). */
typedef struct name_list {
    char **v;
    size_t n, cap;
} name_list;

static int gather_name(void *ctx, const char *name, size_t len, size_t line)
{
    name_list *l = ctx;
    (void)line;
    if (l->n == l->cap) {
        char **p = realloc(l->v, (l->cap ? 2 * l->cap : 64) * sizeof *p);
        if (!p)
            return 0;
        l->v = p;
        l->cap = l->cap ? 2 * l->cap : 64;
    }
    if (!(l->v[l->n] = malloc(len + 1)))
        return 0;
    memcpy(l->v[l->n], name, len);
    l->v[l->n++][len] = '\0';
    return 1;
}

/* --protect FILE: its names (a list: '#' comments, blank lines skipped), scanned and
 * indexed as --against's candidates are. NULL after a message; *rc the exit status. */
static cli_against *protect_start(const cli_against_opts *po, const char *path, int *rc)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "ibidi %s: cannot open '%s': %s\n", cmd_name, path, strerror(errno));
        *rc = CLI_USAGE;
        return NULL;
    }
    name_list l = {NULL, 0, 0};
    int read_error = 0;
    const int ok = cli_read_names(f, gather_name, &l, &read_error);
    fclose(f);
    cli_against *a = NULL;
    if (!ok) {
        fprintf(stderr, "ibidi %s: out of memory\n", cmd_name);
        *rc = CLI_INVALID;
    } else if (read_error) {
        fprintf(stderr, "ibidi %s: error reading '%s'\n", cmd_name, path);
        *rc = CLI_USAGE;
    } else if (l.n == 0) {
        *rc = cli_usage_error(cmd_name, "--protect '%s': no name in it", path);
    } else {
        a = cli_against_start(po, l.v, l.n, rc);
    }
    for (size_t i = 0; i < l.n; i++)
        free(l.v[i]);
    free(l.v);
    return a;
}

static int run_scan(int argc, char **argv)
{
    scan_opts o;
    memset(&o, 0, sizeof o);
    o.ctx[CTX_LTR] = o.ctx[CTX_RTL] = 1;
    o.profile = IBIDI_IDNA_PROFILE_UTS46;
    o.threads = default_threads();
    o.memory = IBIDI_SCAN_GROUPS_DEFAULT_MEMORY;
    const char *lgr_path = NULL, *against = NULL, *protect = NULL;
    /* the arguments that are no option, moved to the front of argv (each to a place the
       loop has passed) */
    char **items = argv;
    size_t n_items = 0;
    cli_args a;
    cli_arg x;
    int got;
    cli_format fmt = CLI_FMT_TEXT;
    cli_args_init(&a, cmd_name, argc, argv, 1);
    while ((got = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON:
        case CLI_OPT_TSV:
            if (cli_args_format(&a, &x, &fmt) < 0)
                return CLI_USAGE;
            o.format = fmt == CLI_FMT_JSON ? FMT_JSON : FMT_TSV;
            break;
        case CLI_OPT_CONTEXT: /* ltr rtl both */
            o.ctx[CTX_LTR] = x.pick != 1;
            o.ctx[CTX_RTL] = x.pick != 0;
            break;
        case CLI_OPT_PROFILE: o.profile = (ibidi_idna_profile)x.pick; break;
        case CLI_OPT_THREADS: {
            unsigned long long k;
            if (cli_args_number(&a, &x, 1, MAX_THREADS, &k) < 0)
                return CLI_USAGE;
            o.threads = (int)k;
            break;
        }
        case CLI_OPT_MEMORY:
            if (!parse_size(x.value, &o.memory))
                return cli_usage_error(cmd_name,
                                       "--memory needs a size in bytes, or with K, M or G "
                                       "(e.g. 512M), not '%s'",
                                       x.value);
            if (o.memory < IBIDI_SCAN_GROUPS_MIN_MEMORY)
                return cli_usage_error(cmd_name, "--memory needs at least 64K, not '%s'",
                                       x.value);
            break;
        case CLI_OPT_HTML:
            if (strcmp(x.value, "-") == 0 || !*x.value)
                return cli_usage_error(cmd_name, "--html needs a file name (standard output "
                                                 "has the records)");
            o.html_path = x.value;
            break;
        case CLI_OPT_ONLY_VALID: o.only_valid = 1; break;
        case CLI_OPT_LGR: lgr_path = x.value; break;
        case CLI_OPT_FORMAT: o.in_format = x.pick; break; /* auto names zone */
        case CLI_OPT_ORIGIN: o.origin = x.value; break;
        case CLI_OPT_AGAINST: against = x.value; break;
        case CLI_OPT_PROTECT: protect = x.value; break;
        case CLI_OPT_LOOK_ALIKE_GROUPS: o.look = 1; break;
        default: break;
        }
    }
    if (got < 0)
        return CLI_USAGE;
    for (int i = a.i; i < argc; i++)
        items[n_items++] = argv[i];
    /* --against: the input is the existing list, the arguments are the candidates */
    if (against && strcmp(against, "-") == 0 && n_items == 0)
        return cli_usage_error(cmd_name, "--against -: the candidates cannot come from "
                                         "standard input too; give them as arguments");
    /* the page shows collision groups, which a check against a list does not make */
    if (against && o.html_path)
        return cli_usage_error(cmd_name, "--html and --against: choose one");
    /* the protected names are looked up by every name of a scan, not by candidates */
    if (against && protect)
        return cli_usage_error(cmd_name, "--protect and --against: choose one");
    if (!against && n_items > 1)
        return cli_usage_error(cmd_name, "one input only ('%s' and '%s')", items[0], items[1]);
    o.file = against ? against : n_items ? items[0] : NULL;

    /* the origin is read as the zone reader reads names, so a bad one is refused now */
    ibidi_scan_zone_state origin_state;
    if (o.origin) {
        ibidi_error e;
        if (ibidi_scan_zone_init(&origin_state, o.origin, strlen(o.origin), &e) != IBIDI_OK)
            return cli_usage_error(cmd_name, "--origin '%s': %s [%s]", o.origin,
                                   ibidi_strerror(e.status), ibidi_status_name(e.status));
    }
    if (lgr_path) {
        ibidi_lgr_diag d;
        ibidi_status st = ibidi_lgr_load_file(lgr_path, NULL, &o.lgr, &d);
        if (st != IBIDI_OK) {
            fprintf(stderr, "ibidi %s: %s:%lu:%lu: %s [%s]\n", cmd_name, lgr_path, d.line,
                    d.column, d.message, ibidi_status_name(st));
            return CLI_USAGE;
        }
    }
    if (against) {
        const cli_against_opts ao = {o.format == FMT_JSON, o.format == FMT_TSV, o.ctx[CTX_LTR],
                                     o.ctx[CTX_RTL], o.profile, o.lgr, o.only_valid};
        int arc;
        o.against = cli_against_start(&ao, items, n_items, &arc);
        if (!o.against) {
            ibidi_lgr_free(o.lgr);
            return arc;
        }
    }
    if (protect) {
        /* the protected names, indexed as --against indexes candidates (no LGR: a variant
           of a brand is a registry's matter, not a look-alike) */
        const cli_against_opts po = {0, 0, o.ctx[CTX_LTR], o.ctx[CTX_RTL], o.profile, NULL, 0};
        int prc = CLI_USAGE;
        if (!(o.protect = protect_start(&po, protect, &prc))) {
            ibidi_lgr_free(o.lgr);
            return prc;
        }
    }
    /* the file, or a copy of standard input's descriptor (the reader closes what it reads) */
    int from_file = o.file && strcmp(o.file, "-") != 0;
    int fd = from_file ? open(o.file, O_RDONLY) : dup(STDIN_FILENO);
    struct stat sb;
    if (fd >= 0 && fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        close(fd);
        fd = -1;
        errno = EISDIR;
    }
    if (fd < 0) {
        if (from_file)
            fprintf(stderr, "ibidi %s: cannot open '%s': %s\n", cmd_name, o.file,
                    strerror(errno));
        else
            fprintf(stderr, "ibidi %s: cannot read standard input: %s\n", cmd_name,
                    strerror(errno));
        ibidi_lgr_free(o.lgr);
        cli_against_free(o.against);
        cli_against_free(o.protect);
        return CLI_USAGE;
    }

    /* the collision groups: the runs go to $TMPDIR (named here, for the messages) */
    const char *tmpdir = getenv("TMPDIR");
    if (!tmpdir || !*tmpdir)
        tmpdir = "/tmp";
    /* --html: the file is opened now, so that a path that cannot be written fails at once,
       not after the scan */
    if (o.html_path &&
        !(o.html = scan_html_open(cmd_name, o.html_path, tmpdir,
                                  from_file ? o.file : "standard input", fd, o.profile))) {
        close(fd);
        ibidi_lgr_free(o.lgr);
        cli_against_free(o.against);
        cli_against_free(o.protect);
        return CLI_USAGE;
    }
    /* finish runs on the scan's threads too, up to what the library takes */
    const unsigned finish_threads = o.threads < IBIDI_SCAN_GROUPS_MAX_THREADS
                                        ? (unsigned)o.threads
                                        : IBIDI_SCAN_GROUPS_MAX_THREADS;
    const ibidi_scan_groups_options go = {o.memory, tmpdir, N_KINDS, finish_threads};
    scan_state s;
    memset(&s, 0, sizeof s);
    s.o = &o;
    reader *r = calloc(1, sizeof *r);
    if (!r || ibidi_scan_groups_create(&go, &o.groups, NULL) != IBIDI_OK) {
        close(fd);
        free(r);
        ibidi_lgr_free(o.lgr);
        cli_against_free(o.against);
        cli_against_free(o.protect);
        scan_html_free(o.html);
        fprintf(stderr, "ibidi %s: out of memory\n", cmd_name);
        return CLI_USAGE;
    }
    r->fd = fd;
    r->what = from_file ? o.file : "standard input";
    s.r = r;
    s.progress = isatty(2);
    s.t0 = s.last = now();
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode))
        s.size = (uint64_t)sb.st_size;
    /* --format auto: the first block (decompressed) says what the input holds */
    if (o.in_format == IN_AUTO) {
        reader_fill(r);
        o.in_format = ibidi_scan_detect_format(r->block, r->len) == IBIDI_SCAN_FORMAT_ZONE
                          ? IN_ZONE
                          : IN_NAMES;
    }
    r->zone = o.in_format == IN_ZONE;
    if (r->zone && o.origin)
        r->zs = origin_state;

    if (o.threads <= 1)
        scan_serial(&s, r);
    else
        scan_threads(&s, r, o.threads);

    if (s.progress)
        show_progress(&s, 1);
    int rc = CLI_OK;
    /* the input broke off (a read error, a gzip stream cut short or corrupt): the records
       of the lines before it are out; groups and a summary of a part would pass for the
       whole input's, so there are none, and the exit status is 2 */
    if (r->error) {
        if (r->error == READ_GZIP)
            fprintf(stderr,
                    "ibidi %s: %s: gzip stream broken at byte %llu of the compressed input: "
                    "%s; the records of its first %zu lines are written, no groups nor "
                    "summary [%s]\n",
                    cmd_name, r->what, (unsigned long long)r->error_at, r->error_text,
                    s.tot.lines, ibidi_status_name(IBIDI_E_SCAN_GZIP));
        else
            fprintf(stderr,
                    "ibidi %s: error reading %s at byte %llu: %s; the records of its first "
                    "%zu lines are written, no groups nor summary\n",
                    cmd_name, r->what, (unsigned long long)r->error_at, r->error_text,
                    s.tot.lines);
    }
    if (!s.failed && !r->error) {
        ibidi_error e;
        /* RFC 1035 §5.1: a record whose "(" is never closed did not end */
        if (r->zone && ibidi_scan_zone_end(&r->zs, &e) != IBIDI_OK) {
            r->malformed++;
            if (r->reports++ < MAX_ZONE_REPORTS)
                fprintf(stderr, "ibidi %s: %s: at the end: %s [%s]\n", cmd_name, r->what,
                        ibidi_strerror(e.status), ibidi_status_name(e.status));
        }
        if (r->malformed) {
            fprintf(stderr, "ibidi %s: %zu line%s of the %s could not be read%s\n", cmd_name,
                    r->malformed, r->malformed == 1 ? "" : "s", r->zone ? "zone file" : "list",
                    r->reports > MAX_ZONE_REPORTS ? " (the first ones are shown above)" : "");
            rc = CLI_INVALID;
        }
    }
    if (o.against) {
        if (s.failed)
            report_failure(&s, tmpdir);
        const cli_against_totals at = {s.tot.lines, s.tot.c.names, s.tot.skipped, s.tot.c.valid,
                                       r->malformed, r->error, s.failed != IBIDI_OK};
        rc = cli_against_report(o.against, &at);
        goto end;
    }
    if (!s.failed && !r->error) {
        if (s.progress)
            show_merging(&s);
        ibidi_error e;
        ibidi_status st = ibidi_scan_groups_finish(o.groups, &e);
        if (st == IBIDI_OK)
            st = ibidi_scan_groups_each(o.groups, print_group, &o, &e);
        for (unsigned k = 0; st == IBIDI_OK && k < N_KINDS; k++)
            st = ibidi_scan_groups_counts(o.groups, k, &s.counts[k]);
        if (s.progress)
            fputs("\r\033[K", stderr);
        if (st != IBIDI_OK) {
            s.failed = st;
            s.failed_value = e.value;
        }
    }
    if (s.failed)
        report_failure(&s, tmpdir);
    else if (!r->error)
        print_summary(&s);
end:;
    /* a report that could not be written: as standard output that could not be (main.c) */
    const int html_failed = o.html && !s.failed && !r->error && !html_finish(&s);
    double elapsed = now() - s.t0;
    fprintf(stderr, "ibidi %s: %zu names in %.3f s (%.0f names/s, %d thread%s)\n", cmd_name,
            s.tot.c.names, elapsed, elapsed > 0 ? (double)s.tot.c.names / elapsed : 0.0, o.threads,
            o.threads == 1 ? "" : "s");
    if (s.tot.c.valid != s.tot.c.names && !o.against)
        rc = CLI_INVALID;
    if (s.tot.look_alikes) /* --protect: a name that looks like a protected one */
        rc = CLI_INVALID;
    /* collisions make the exit status 1: those shown, under --only-valid */
    for (int k = 0; k < N_KINDS; k++)
        if (o.only_valid ? o.shown > 0 : s.counts[k].groups > 0)
            rc = CLI_INVALID;
    /* a scan that did not reach its end (its input broke off, its temporary file or memory
       failed) answers for no list: 2, whatever its names were */
    if (s.failed || r->error)
        rc = CLI_USAGE;
    ibidi_scan_groups_free(o.groups);
    cli_against_free(o.against);
    cli_against_free(o.protect);
    ibidi_lgr_free(o.lgr);
    scan_html_free(o.html);
    if (r->z_ready)
        inflateEnd(&r->z);
    close(r->fd);
    free(r);
    return html_failed ? CLI_INVALID : rc;
}

const cli_command cli_cmd_scan = {
    "scan",
    "names of a list or a zone file: validity, bidi findings, displays, collisions",
    "usage: ibidi scan [--format auto|names|zone] [--origin NAME] [--context ltr|rtl|both]\n"
    "                  [--profile P] [--json|--tsv] [--threads K] [--memory SIZE]\n"
    "                  [--lgr FILE] [--only-valid] [--html FILE] [--protect LIST]\n"
    "                  [--look-alike-groups] [FILE|-]\n"
    "       ibidi scan --against EXISTING [OPTION...] [CANDIDATE...]\n"
    "\n"
    "Reads domain names, one per line (U-labels or A-labels; '#' starts a comment; blank\n"
    "lines are skipped), or the owner names of a zone file, from FILE or standard input\n"
    "(either may be gzip-compressed), and reports for each name whether it is valid under\n"
    "the IDNA profile (with the reasons, as IdnaTestV2 codes), Badami's bidi ambiguity\n"
    "findings, and how it displays in a left-to-right paragraph and a right-to-left one.\n"
    "Names are compared in their Unicode form (an A-label and its U-label are one name).\n"
    "Then it lists the collision groups: distinct names that display alike in a context.\n"
    "Names displayed as written (ASCII ones no other name can display like) are counted\n"
    "(summary: self_displayed), not compared (display_keys: the other displays).\n"
    "\n"
    "  --format F    auto (default: told from its first lines), names (a list) or zone\n"
    "                (an RFC 1035 master file, as ICANN's CZDS delivers zones)\n"
    "  --origin NAME a zone file's origin before its first $ORIGIN; ignored for a list\n"
    "  --context C   ltr, rtl or both (default): the displays and collisions to compute\n"
    "  --profile P   uts46 (default), whatwg, idna2008-lookup, idna2008-register\n"
    "  --threads K   worker threads (default: one per online processor)\n"
    "  --memory SIZE the most memory the collision groups take: bytes, or with K, M or G\n"
    "                (default 1G, at least 64K); past it, sorted runs go to a temporary\n"
    "                file in $TMPDIR (or /tmp), about the list's size, merged at the end\n"
    "  --lgr FILE    also judge each name's first label under this LGR (RFC 7940): its\n"
    "                disposition and index label, and the variant collision groups\n"
    "                (first labels with the same index label)\n"
    "  --only-valid  only the groups with two valid names or more (exit status too);\n"
    "                with --against, only the collisions with valid names\n"
    "  --against EXISTING  registration checks: EXISTING, read as FILE is, holds the\n"
    "                names there; each CANDIDATE (none: each line of standard input) gets\n"
    "                one record, in order, of the names it collides with and why (same,\n"
    "                ltr, rtl, look-ltr, look-rtl: look alike, lgr), other candidates\n"
    "                marked (JSON {\"type\": \"candidate\",\n"
    "                \"collisions\": [...], ...}; TSV candidate TAB NAME TAB VALIDITY TAB N\n"
    "                TAB COLLISIONS), then a summary\n"
    "  --look-alike-groups  also the look-alike groups: names with one UTS #39 bidi\n"
    "                skeleton in a context (pаypal.com and paypal.com; samekh samekh vav\n"
    "                .com and loo.com left to right), display twins among them (JSON\n"
    "                {\"type\": \"look_alike_collision\", \"context\", \"skeleton\",\n"
    "                \"names\"}; TSV look-alike-collision TAB CONTEXT TAB SKELETON TAB\n"
    "                NAMES); every name is compared, so the scan takes about a fifth\n"
    "                longer\n"
    "  --protect LIST  names to protect (brands, top domains; one per line): each name's\n"
    "                record also says which of them it looks like in a context (UTS #39\n"
    "                bidi skeletons: look-ltr, look-rtl) or displays like (ltr, rtl), the\n"
    "                protected name itself aside (text: looks like NAME [WHY]; JSON\n"
    "                \"looks_like\": [{\"name\", \"why\"}]; TSV a last column NAME:WHY+WHY,...);\n"
    "                any makes the exit status 1\n",
    run_scan,
    0,
    "  --html FILE   also the report as one HTML page: the summary, then each group's\n"
    "                names as the browser shows them in both directions, with filters\n"
    "  --json        one JSON object per line: {\"type\": \"name\", \"name\", \"valid\",\n"
    "                \"findings\", \"display\", \"codes\", ...} per name, then\n"
    "                {\"type\": \"collision\", \"context\", \"display\", \"names\"} per group,\n"
    "                then {\"type\": \"summary\", ...}\n"
    "  --tsv         NAME TAB valid|invalid CODES TAB DISPLAY-LTR TAB DISPLAY-RTL TAB FINDINGS\n"
    "                per name, then collision TAB CONTEXT TAB DISPLAY TAB NAMES (comma-\n"
    "                separated), then summary TAB key=value ...\n"
    "With --lgr, a name's record gives its disposition and index label (JSON \"lgr\"; TSV\n"
    "DISPOSITION TAB INDEX), and the variant groups follow (JSON {\"type\":\n"
    "\"variant_collision\", \"index\", \"names\"}; TSV variant-collision TAB lgr TAB INDEX\n"
    "TAB NAMES).\n"
    "\n"
    "A zone file gives each owner name once per run of its records (ibidi(1) says how);\n"
    "a line it cannot read (a NUL byte in it: ZONE_NUL) goes to standard error with its\n"
    "line, column and status, and makes the exit status 1, as a line of a list or a zone\n"
    "over 1 MiB does (SCAN_LINE_TOO_LONG: not kept). $INCLUDE is reported, never followed\n"
    "(so no loop of includes). Records keep the input's line numbers. An owner's wildcard\n"
    "label (*.) and its labels up to the last underscored one (_dmarc., _443._tcp.,\n"
    "sel._domainkey.) are set aside: the host name after them is judged and grouped\n"
    "(JSON \"set_aside\"; TSV set-aside:LABELS first in FINDINGS; summary set_aside).\n"
    "Ill-formed UTF-8 gives an invalid record with the decoder's status as code. A final\n"
    "root dot is set aside (example.com. is example.com). A name the analysis cannot take\n"
    "(a bidi control, say) says \"not analysed [STATUS]\" (TSV: not-analysed:STATUS;\n"
    "JSON: \"analysis\"), counted apart, never as a name without findings.\n"
    "Output escapes as the README says (\"name_hex\" in JSON for ill-formed bytes). A\n"
    "progress bar goes to standard error when it is a terminal; the time taken always does.\n"
    "\n"
    "A scan that cannot reach the end of its input stops with the records of the lines\n"
    "before, no groups nor summary, and exit status 2: a gzip stream cut short or corrupt\n"
    "(SCAN_GZIP, at its byte of the compressed input), a read error, the temporary file's\n"
    "directory full (named, with the space the runs needed) or unusable, no memory.\n"
    "Standard output closed early (| head) ends the command at once, without a word.\n"
    "\n"
    "Exit status: 0 when every name is valid and no names collide (--against: every\n"
    "candidate), 1 otherwise, 2 for a usage error, an input that cannot be opened or read\n"
    "to its end, a temporary file that cannot be written (an --html FILE that cannot be\n"
    "opened).\n",
};
