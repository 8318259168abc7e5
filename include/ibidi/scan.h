/*
 * ibidi/scan.h: lists of names checked for bidi ambiguity, one name at a time, as
 * `ibidi scan` does it.
 *
 *   - the line reader of a list (one name per line, "#" comments);
 *   - one name's validity under an IDNA profile, its Unicode form, Badami's findings
 *     (ibidi/ambiguity.h) and its display keys in both paragraph directions, with one parse
 *     and one bidi classification shared by the steps;
 *   - the collision groups of a whole list: names that share a key (a display, an LGR
 *     index label), found in memory under a limit, with sorted runs on disk beyond it.
 *
 * Conventions are those of ibidi/common.h. Nothing here allocates but the _alloc call and
 * the collision groups (ibidi_scan_groups), whose job it is. The per-name calls take
 * ibidi_scan_options (which displays to make, the IDNA processing); a NULL pointer or a
 * zero-initialised record means: no display, the uts46 profile.
 *
 * Stack (gcc -O2, x86-64; IBIDI_STACK_MAX, ibidi/common.h): IBIDI_SCAN_STACK, for every
 * name. No work area is needed: the steps run one after the other, each returning before
 * the next; and a Unicode form of over 256 bytes (a name of up to 253 bytes can have one of
 * up to 1024: A-labels decode to more bytes, some characters map to several) is no domain
 * name (253 octets, and a root label separator), so it is never split into components nor
 * analysed beyond its decoding.
 */
#ifndef IBIDI_SCAN_H
#define IBIDI_SCAN_H

#include "common.h"
#include "idna.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack, in bytes, of every call of this header (ibidi_scan_line: under 1 KiB). */
#define IBIDI_SCAN_STACK 31744

/* ---- Lists of names ------------------------------------------------------------------- */

/*
 * One line of a list of names (one name per line, U-labels or A-labels): the name is the
 * text before the first "#" (a comment), without the spaces, tabs and CRs around it (so
 * a CRLF line ending goes too). Returns 1 and sets *start and *name_len (byte offset and
 * length in line) when the line holds a name, 0 for a blank or comment-only line. line
 * should not hold LF.
 */
IBIDI_API int ibidi_scan_line(const char *line, size_t len, size_t *start, size_t *name_len);

/* ---- One name of a list (ibidi scan) ---------------------------------------------------- */

#define IBIDI_SCAN_LTR 0x1u /* make the display in a left-to-right paragraph */
#define IBIDI_SCAN_RTL 0x2u /* ... and in a right-to-left one */

/* How ibidi_scan_name runs. A NULL pointer, or a zero-initialised record: no display, the
 * uts46 profile. */
typedef struct ibidi_scan_options {
    unsigned flags;          /* IBIDI_SCAN_LTR, IBIDI_SCAN_RTL */
    ibidi_idna_options idna; /* ToUnicode, validity (ToASCII of the form's host) and the
                                analysis; its work area is IDNA's (names that map to over
                                1536 code points, none of up to 253 bytes) */
} ibidi_scan_options;

/* What ibidi_scan_name finds. The spans are byte ranges of the caller's buffer; a part
 * that was not made has present 0. */
typedef struct ibidi_scan_result {
    int valid;           /* 1: the name is a valid domain name under the profile */
    ibidi_status status; /* IBIDI_OK when valid, else the reason (see ibidi_scan_name) */
    ibidi_span unicode;  /* the ToUnicode form, the form that is compared */
    ibidi_span codes;    /* "[]" when valid, else e.g. "[B1, V6]" or "[DOMAIN_CHAR]" */
    ibidi_span display[2]; /* the visual form: [0] left-to-right, [1] right-to-left */
    ibidi_status analysis; /* ibidi_ambig_analyze's status on the form: IBIDI_OK when the
                              analysis ran, else why it did not (step 3) */
    size_t needed;       /* the bytes the text parts take in the buffer */
} ibidi_scan_result;

/*
 * Everything that `ibidi scan` needs for one name of a list (a U-label or A-label domain
 * name), with one parse and one bidi classification shared by the steps:
 *   1. UTS #46 ToUnicode with opts->idna: the form. When ToUnicode gives none (e.g.
 *      IBIDI_E_IDNA_TOO_LONG), the name itself stands in.
 *   2. Validity: ibidi_iri_validate of the form as a domain name. The name is valid when
 *      both ToUnicode and that pass. Reasons (status, codes): the decoder's status for
 *      ill-formed UTF-8 (nothing else is made); ToUnicode's own status when it gives no
 *      form; ibidi_iri_validate's codes and IBIDI_E_IDENT_INVALID when the form is
 *      invalid; ToUnicode's error codes and IBIDI_E_IDNA_INVALID when the form is valid but
 *      the name as written is not (an A-label that is not that of a valid U-label).
 *   3. Badami's analysis of the form (ibidi_ambig_analyze as a domain name, without
 *      the twin search): its findings to *findings (may be NULL), its status in
 *      res->analysis. IBIDI_OK says the analysis ran (no findings then means none were
 *      found); any other status says it did not run and why (IBIDI_E_AMBIG_CONTROL: a bidi
 *      control, B or S; the parser's status: no domain name; the decoder's;
 *      IBIDI_E_AMBIG_TOO_LONG), and *findings is then empty: not "without findings".
 *   4. The display keys: the visual form (as ibidi_display_utf8 IBIDI_DISPLAY_FORM_VISUAL)
 *      in the contexts that opts->flags ask (IBIDI_SCAN_LTR, IBIDI_SCAN_RTL), made when
 *      the form parses as a domain name.
 * Forms over IBIDI_AMBIG_MAX_BYTES bytes (no domain name is that long) get the status
 * and codes IBIDI_E_AMBIG_TOO_LONG and no analysis or display.
 * The text parts go to buf (unicode, codes, displays, in that order); res->needed gets the
 * bytes they take. Returns IBIDI_OK whatever the name is; IBIDI_E_BUFFER_TOO_SMALL when
 * cap < res->needed (res is filled all the same, with the spans a large enough buffer
 * would get); IBIDI_E_INVALID_ARGUMENT (unknown flags or IDNA profile). No allocation.
 * Stack: IBIDI_SCAN_STACK.
 */
IBIDI_API ibidi_status ibidi_scan_name(const char *name, size_t len,
                                       const ibidi_scan_options *opts, char *buf, size_t cap,
                                       ibidi_scan_result *res, ibidi_findings *findings,
                                       ibidi_error *err);

/* Allocating convenience: the text parts in *buf, NUL-terminated (release with
 * ibidi_free), and every finding in findings->items, allocated (release with
 * ibidi_findings_free; its cap is ignored; none when the analysis failed). One run for
 * nearly every name. After an error *buf and findings->items are NULL. */
IBIDI_API ibidi_status ibidi_scan_name_alloc(const char *name, size_t len,
                                             const ibidi_scan_options *opts, char **buf,
                                             ibidi_scan_result *res, ibidi_findings *findings,
                                             ibidi_error *err);

/* ---- Collision groups of a list ---------------------------------------------------------- */

/*
 * The names of a list that share a key: for `ibidi scan`, the names (Unicode forms) that
 * display alike in a left-to-right paragraph (one kind of key), in a right-to-left one
 * (another kind) and whose first labels share an LGR index label (a third). A group is
 * every key of a kind with at least two distinct names.
 *
 * Memory. The object allocates, and stays under a limit whatever the number of names: the
 * keys and names it is given are kept in memory up to half the limit (in shards, one per
 * range of a 64-bit hash of the kind and key); a shard that fills up is sorted and written
 * as a run to a temporary file. ibidi_scan_groups_finish merges each shard's runs (k-way,
 * by hash, comparing the kinds, keys and names exactly where hashes are equal, so a hash
 * collision costs time but never joins two keys; runs are first merged into longer ones
 * while there are too many to read at once), keeps the names of the keys that have two
 * or more, and sorts those in printed order the same way. The limit holds for the
 * object's own buffers, to within one key or name larger than a buffer (a record is
 * never split) and one group's names while it is passed to the callback. A name is
 * stored once with a key that is the name itself (the display of most names).
 * The temporary file is created only when something must be written (a scan that fits in
 * memory writes nothing), in the directory given, and removed from it at once: it
 * disappears when the object is freed, on every path, and when the process dies. It holds
 * about the list's keys and names (times the merge passes, rarely more than two); a
 * directory on a tmpfs holds them in memory.
 *
 * Threads. ibidi_scan_groups_add may be called from any number of threads at once (each
 * shard has its own lock, so threads rarely wait; a shard that spills holds its lock while
 * it writes). finish, and everything before it, must not run at the same time as an add;
 * after finish the object is read-only: ibidi_scan_groups_each (any number of times,
 * also at once), _counts and _get_stats.
 *
 * A name added several times under one key counts once; it is valid when any of its adds
 * said so (a list may hold a name as an A-label and as its U-label, only one of them well
 * written). Errors: IBIDI_E_NOMEM, IBIDI_E_TEMP_FILE (err->value: the errno), and
 * IBIDI_E_INVALID_ARGUMENT (a kind out of range, a NULL pointer with a length, a limit
 * below IBIDI_SCAN_GROUPS_MIN_MEMORY, a call out of turn). After an error in add or finish
 * the groups would be incomplete: every later add, finish and each returns the same status;
 * free the object. Stack: IBIDI_SCAN_GROUPS_STACK for every call (and the callback's
 * own below each).
 */
#define IBIDI_SCAN_GROUPS_STACK 4096
#define IBIDI_SCAN_GROUPS_DEFAULT_MEMORY ((size_t)1 << 30) /* 1 GiB */
#define IBIDI_SCAN_GROUPS_MIN_MEMORY ((size_t)1 << 16)     /* 64 KiB */
#define IBIDI_SCAN_GROUPS_MAX_KINDS 256

typedef struct ibidi_scan_groups ibidi_scan_groups;

/* A NULL pointer, or a zero-initialised record: 1 GiB, $TMPDIR (or /tmp), one kind. */
typedef struct ibidi_scan_groups_options {
    size_t memory;        /* the limit in bytes (0: IBIDI_SCAN_GROUPS_DEFAULT_MEMORY); at
                             least IBIDI_SCAN_GROUPS_MIN_MEMORY */
    const char *temp_dir; /* where the temporary file goes (NULL: $TMPDIR when set and not
                             empty, else /tmp); copied */
    unsigned kinds;       /* kinds of keys, 1 to IBIDI_SCAN_GROUPS_MAX_KINDS (0: 1) */
} ibidi_scan_groups_options;

/* Makes an empty object. IBIDI_E_INVALID_ARGUMENT, IBIDI_E_NOMEM; *out NULL then. */
IBIDI_API ibidi_status ibidi_scan_groups_create(const ibidi_scan_groups_options *opts,
                                                ibidi_scan_groups **out, ibidi_error *err);

/* Adds a name under a key of a kind (0 to kinds - 1); valid (0 or 1) is the name's
 * validity, as groups report it. Keys and names are bytes, compared as bytes (NULL with
 * length 0 is the empty string), each at most UINT32_MAX bytes (else IBIDI_E_TOO_LONG).
 * Thread-safe; may write a run (IBIDI_E_TEMP_FILE). */
IBIDI_API ibidi_status ibidi_scan_groups_add(ibidi_scan_groups *g, unsigned kind,
                                             const char *key, size_t key_len,
                                             const char *name, size_t name_len, int valid,
                                             ibidi_error *err);

/* Ends the adds and finds the groups (the merges: on a large list, most of the work after
 * the adds). A second call does nothing. */
IBIDI_API ibidi_status ibidi_scan_groups_finish(ibidi_scan_groups *g, ibidi_error *err);

/* One collision group, valid during the callback only. */
typedef struct ibidi_scan_group {
    unsigned kind;
    const char *key;
    size_t key_len;
    size_t n;                     /* distinct names, at least 2 */
    const char *const *names;     /* in byte order (memcmp, the shorter first) */
    const size_t *name_lens;
    const unsigned char *valid;   /* 1 for each valid name */
    size_t n_valid;
} ibidi_scan_group;

/* Receives one group; returns 0 to go on, non-zero to stop. */
typedef int (*ibidi_scan_group_fn)(const ibidi_scan_group *group, void *ctx);

/* After finish: every group in a stable order, the order `ibidi scan` prints: by kind, then
 * by key bytes (memcmp, the shorter first). IBIDI_E_INVALID_ARGUMENT before finish. */
IBIDI_API ibidi_status ibidi_scan_groups_each(const ibidi_scan_groups *g,
                                              ibidi_scan_group_fn fn, void *ctx,
                                              ibidi_error *err);

/* The figures of one kind, after finish (IBIDI_E_INVALID_ARGUMENT before, after a finish
 * that failed, or for a kind out of range). */
typedef struct ibidi_scan_group_counts {
    size_t keys;            /* distinct keys */
    size_t groups;          /* keys with two or more distinct names */
    size_t names_in_groups; /* the names of those groups */
} ibidi_scan_group_counts;

IBIDI_API ibidi_status ibidi_scan_groups_counts(const ibidi_scan_groups *g, unsigned kind,
                                                ibidi_scan_group_counts *out);

/* What the object holds and has written, at any time (also while threads add). */
typedef struct ibidi_scan_groups_stats {
    size_t memory;        /* bytes of buffers held now */
    size_t memory_peak;   /* the most held at once */
    size_t runs;          /* sorted runs written to the temporary file (merge passes too) */
    uint64_t temp_bytes;  /* bytes taken in the temporary file */
    uint64_t adds;        /* calls of ibidi_scan_groups_add that succeeded */
} ibidi_scan_groups_stats;

IBIDI_API void ibidi_scan_groups_get_stats(const ibidi_scan_groups *g,
                                           ibidi_scan_groups_stats *out);

/* Releases everything and closes (so removes) the temporary file. NULL is allowed. */
IBIDI_API void ibidi_scan_groups_free(ibidi_scan_groups *g);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_SCAN_H */
