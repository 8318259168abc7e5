/*
 * ibidi/scan.h: lists of names checked for bidi ambiguity, one name at a time, as
 * `ibidi scan` does it.
 *
 *   - the line reader of a list (one name per line, "#" comments);
 *   - the line reader of a zone file (RFC 1035 §5.1 master files, as ICANN's CZDS delivers
 *     zones): the owner name of each run of records, with a small state the caller keeps
 *     from line to line; and the call that tells a zone file from a list by its first lines;
 *   - one name's validity under an IDNA profile, its Unicode form, Badami's findings
 *     (ibidi/ambiguity.h) and its display keys in both paragraph directions, with one parse
 *     and one bidi classification shared by the steps;
 *   - the collision groups of a whole list: names that share a key (a display, an LGR
 *     index label), found in memory under a limit, with sorted runs on disk beyond it;
 *   - a few candidates to register checked against an existing list of any size.
 *
 * Conventions are those of ibidi/common.h. Nothing here allocates but the _alloc call, the
 * collision groups (ibidi_scan_groups) and the index of candidates (ibidi_scan_against),
 * whose job it is. The per-name calls take
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
#include "lgr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack, in bytes, of every call of this header (ibidi_scan_line: under 1 KiB). */
#define IBIDI_SCAN_STACK 31744
/* ... and of the zone file calls (ibidi_scan_zone_*, ibidi_scan_detect_format). */
#define IBIDI_SCAN_ZONE_STACK 2048

/* ---- Lists of names ------------------------------------------------------------------- */

/* The longest line of a list or a zone file a reader needs to keep, in bytes (1 MiB): a
 * name has at most 253 octets, and a record's data at most 65535 (RFC 1035 §3.2.1), four
 * characters each at most when escaped, under 263 KiB in all. A longer line is damage, or
 * no list (a binary file): ibidi_scan_zone_line refuses it (IBIDI_E_SCAN_LINE_TOO_LONG,
 * offset IBIDI_SCAN_LINE_MAX), and `ibidi scan` keeps no more of any line, so that one
 * line without an LF never takes the memory of the whole input. */
#define IBIDI_SCAN_LINE_MAX 1048576

/*
 * One line of a list of names (one name per line, U-labels or A-labels): the name is the
 * text before the first "#" (a comment), without the spaces, tabs and CRs around it (so
 * a CRLF line ending goes too). Returns 1 and sets *start and *name_len (byte offset and
 * length in line) when the line holds a name, 0 for a blank or comment-only line. line
 * should not hold LF.
 */
IBIDI_API int ibidi_scan_line(const char *line, size_t len, size_t *start, size_t *name_len);

/* ---- Zone files (RFC 1035 §5.1 master files) ------------------------------------------ */

/*
 * A zone file holds one resource record per line (`name TTL class type rdata`, fields
 * separated by spaces or tabs), as ICANN's CZDS delivers zones: fully qualified owner
 * names (ending with "."), in A-labels, sorted, so that the records of one name follow
 * each other. A registry's own master file may use all of RFC 1035 §5.1, which the reader
 * follows: ";" comments (not inside a quoted string), blank lines, $ORIGIN (relative owner
 * names get the origin appended; "@" alone is the origin), $TTL, $INCLUDE (reported, not
 * followed), a line that starts with a blank continues the last owner, and parentheses
 * make one record of several lines (its owner is on the first).
 *
 * The names handed over (owners and origins) are absolute, without the root label's dot
 * ("example.com." is "example.com"; the root itself is the empty name), in one spelling
 * whatever the file wrote (RFC 1035 §5.1 escapes: "\X" is the character X, "\DDD" the byte
 * of decimal value DDD): every escaped byte is written as itself, except those that zone
 * files give a meaning or that show nothing, which stay escaped in one way only: "\X" for
 * . \ " ( ) ; @ $ (so "\." is a dot inside a label, not a separator), and "\DDD" with
 * three digits for the bytes 00..20 (controls and the space) and 7F. So "\097.com." and
 * "a.com." are the same name "a.com", a U-label that a file wrote as \DDD escapes of its
 * UTF-8 bytes (as BIND writes bytes above 7F) is handed over as UTF-8, a label's dot is
 * never taken for a separator, and a name handed over, written in a zone file with a final
 * dot, reads back as itself. A name is refused (IBIDI_E_ZONE_NAME) when DNS cannot carry
 * it: an empty label, a label over 63 octets, over 255 octets in all (RFC 1035 §2.3.4).
 */

/* The most bytes of a name handed over: 255 octets of wire form, a byte of a label taking
 * at most 4 ("\DDD"), fit in 1003 bytes. A buffer of this size never gets
 * IBIDI_E_BUFFER_TOO_SMALL. */
#define IBIDI_SCAN_ZONE_NAME_MAX 1024

/* What the reader keeps from one line to the next: zero-initialise it (no origin) or set it
 * with ibidi_scan_zone_init before the first line, then pass it to every line of the file
 * in order. Owned by the caller; no pointer inside, so it may be copied. The fields are for
 * reading (the calls alone change them). */
typedef struct ibidi_scan_zone_state {
    char origin[IBIDI_SCAN_ZONE_NAME_MAX]; /* the origin, as names are handed over */
    size_t origin_len;
    size_t origin_wire; /* its length in wire form (octets, with the root's) */
    int has_origin;     /* 0 before any $ORIGIN (and without one given to _init) */
    char owner[IBIDI_SCAN_ZONE_NAME_MAX]; /* the last owner name */
    size_t owner_len;
    int has_owner;
    unsigned parens; /* parentheses open at the end of the last line: the next lines
                        continue a record */
    char apex[IBIDI_SCAN_ZONE_NAME_MAX]; /* the zone's apex: the owner of its SOA record */
    size_t apex_len;
    int has_apex;
} ibidi_scan_zone_state;

/* What a line of a zone file holds. */
typedef enum ibidi_scan_zone_kind {
    IBIDI_SCAN_ZONE_BLANK = 0,      /* nothing: blank, or only a comment */
    IBIDI_SCAN_ZONE_OWNER = 1,      /* a record whose owner differs from the last one: the
                                       name is handed over */
    IBIDI_SCAN_ZONE_SAME_OWNER = 2, /* a record of the last owner: its name written again
                                       (equal to it under ASCII case folding, RFC 4343 §3),
                                       or left out (the line starts with a blank) */
    IBIDI_SCAN_ZONE_CONTINUED = 3,  /* a line inside parentheses: the rest of a record */
    IBIDI_SCAN_ZONE_ORIGIN = 4,     /* $ORIGIN: the origin is now the name handed over */
    IBIDI_SCAN_ZONE_TTL = 5,        /* $TTL (RFC 2308 §4): field holds the value */
    IBIDI_SCAN_ZONE_INCLUDE = 6,    /* $INCLUDE: field holds the file name, not followed
                                       (a reader of one stream cannot open other files) */
    IBIDI_SCAN_ZONE_DIRECTIVE = 7,  /* another "$" word (BIND's $GENERATE...): field holds
                                       the word; not read */
    IBIDI_SCAN_ZONE_APEX = 8        /* a record of the zone's apex: the owner of a SOA record
                                       (RFC 1035 §5.2: the zone's top node), there or again
                                       later, as an AXFR dump ends with the SOA record too.
                                       The apex is the zone itself, not a name registered in
                                       it: the name is handed over (buf) for the caller to
                                       know it, and is no name of the list */
} ibidi_scan_zone_kind;

typedef struct ibidi_scan_zone_result {
    ibidi_scan_zone_kind kind;
    int relative;    /* OWNER, ORIGIN: 1 when the origin completed the name as written (a
                        relative name, or "@") */
    ibidi_span field; /* in line: the owner as written (OWNER, SAME_OWNER when written), the
                         argument of $ORIGIN, $TTL or $INCLUDE, the word of another directive */
} ibidi_scan_zone_result;

/*
 * Sets st to the start of a file whose origin is known beforehand (as a server knows a
 * zone's name from its configuration): origin is a name as a zone file writes it, taken as
 * absolute with or without its final dot; NULL with len 0 means no origin (a zeroed state).
 * Returns IBIDI_OK, or the status of a name the reader refuses (st is then zeroed), or
 * IBIDI_E_INVALID_ARGUMENT. Stack: IBIDI_SCAN_ZONE_STACK.
 */
IBIDI_API ibidi_status ibidi_scan_zone_init(ibidi_scan_zone_state *st, const char *origin,
                                            size_t len, ibidi_error *err);

/*
 * One line of a zone file (without its LF; a CR at its end is a blank): what it holds in
 * res, and when it starts the records of a new owner (IBIDI_SCAN_ZONE_OWNER) or sets the
 * origin (IBIDI_SCAN_ZONE_ORIGIN), the name in name->data (name->len bytes, not
 * terminated; name->len is 0 for every other line, malformed ones included).
 * A record's owner is the first field of a line that starts outside parentheses with
 * neither a blank, ";" nor "$". An owner equal to the last one is IBIDI_SCAN_ZONE_SAME_OWNER
 * and not handed over: in a sorted zone the records of one name follow each other, so each
 * name comes once (a name that comes back later is handed over again). The owner of a SOA
 * record is the zone's apex (IBIDI_SCAN_ZONE_APEX, kept in st): its records, at the top of
 * the file and again wherever they come back, are never a name of the list; a SOA record
 * whose owner already had records handed over makes the apex from then on.
 * Returns IBIDI_OK; for a malformed line its status, with err->offset the byte of the line
 * where the problem is and err->value that byte:
 *   IBIDI_E_ZONE_QUOTE     a quoted string not closed on its line
 *   IBIDI_E_ZONE_PAREN     ")" without "(", or a directive with parentheses
 *   IBIDI_E_ZONE_ESCAPE    "\" at the end of the line, "\DDD" not three digits or above 255
 *   IBIDI_E_ZONE_NAME      an owner or $ORIGIN name DNS cannot carry (see above)
 *   IBIDI_E_ZONE_DIRECTIVE $ORIGIN or $INCLUDE without its name, $TTL without a TTL
 *   IBIDI_E_ZONE_NO_ORIGIN a relative name or "@" and no origin
 *   IBIDI_E_ZONE_NO_OWNER  a record line that starts with a blank before any owner
 *   IBIDI_E_ZONE_NUL       a NUL byte in the line (a master file is text; a zero octet
 *                          is written \000), err->offset the first one
 *   IBIDI_E_SCAN_LINE_TOO_LONG  a line over IBIDI_SCAN_LINE_MAX bytes (err->offset is
 *                          IBIDI_SCAN_LINE_MAX), read no further;
 * IBIDI_E_BUFFER_TOO_SMALL when the name does not fit in name->cap bytes (name->len holds
 * its size; never with IBIDI_SCAN_ZONE_NAME_MAX); IBIDI_E_INVALID_ARGUMENT (name NULL among
 * others). A line that fails changes nothing in st, so the next line is read as if it were
 * not there. No allocation. Stack: IBIDI_SCAN_ZONE_STACK.
 */
IBIDI_API ibidi_status ibidi_scan_zone_line(ibidi_scan_zone_state *st, const char *line,
                                            size_t len, ibidi_buf *name,
                                            ibidi_scan_zone_result *res, ibidi_error *err);

/* At the end of the file: IBIDI_E_ZONE_PAREN when a "(" is still open (its record never
 * ended), else IBIDI_OK. Stack: IBIDI_SCAN_ZONE_STACK. */
IBIDI_API ibidi_status ibidi_scan_zone_end(const ibidi_scan_zone_state *st, ibidi_error *err);

/* What an input holds. */
typedef enum ibidi_scan_format {
    IBIDI_SCAN_FORMAT_NAMES = 0, /* a list of names, one per line (ibidi_scan_line) */
    IBIDI_SCAN_FORMAT_ZONE = 1   /* a zone file (ibidi_scan_zone_line) */
} ibidi_scan_format;

/*
 * Tells a zone file from a list of names by the first bytes of an input (any amount; the
 * text after its last LF counts only when there is no LF at all). Each line votes: a
 * directive ($ORIGIN, $TTL, $INCLUDE, $GENERATE) or a record (an owner unless the line
 * starts with a blank, up to two fields that are a TTL or a class, then a record type: a
 * mnemonic such as A, NS, DS, RRSIG or TYPEnnn, RFC 3597 §5) for a zone; any other line
 * for a list; blank lines, comments ("#", ";") and the lines inside parentheses do not
 * vote. A zone file when its votes are more, else (an empty input too) a list.
 * Stack: IBIDI_SCAN_ZONE_STACK.
 */
IBIDI_API ibidi_scan_format ibidi_scan_detect_format(const char *text, size_t len);

/* ---- One name of a list (ibidi scan) ---------------------------------------------------- */

#define IBIDI_SCAN_LTR 0x1u /* make the display in a left-to-right paragraph */
#define IBIDI_SCAN_RTL 0x2u /* ... and in a right-to-left one */
/* The name is a zone file's owner name, a DNS name that need not be a host name: the labels
 * DNS gives another use are set aside (ibidi_scan_result.set_aside): a first label "*" (a
 * wildcard, RFC 4592 §2.1.1), and every label up to the last one that starts with "_"
 * (underscored names, RFC 8552 §1.1: _dmarc, SRV's _443._tcp, and the labels below one,
 * such as DKIM's selector in selector._domainkey), when a label follows them. Such labels
 * are no host name labels (RFC 5890 §2.3.1 puts them outside IDNA), so the name is judged
 * by the host name after them. Without this flag they are labels like any other: "*" and
 * "_" break the rules of a domain name. A "\" in the name escapes the next byte, as zone
 * files write a dot inside a label (ibidi_scan_zone_line). */
#define IBIDI_SCAN_OWNER 0x4u
/* Make the bidi skeleton (UTS #39 §4, ibidi/confusable.h) of the form in each paragraph
 * direction asked (IBIDI_SCAN_LTR, IBIDI_SCAN_RTL): names with equal skeletons there look
 * alike (ibidi_scan_result.skeleton). */
#define IBIDI_SCAN_SKELETON 0x8u

/* How ibidi_scan_name runs. A NULL pointer, or a zero-initialised record: no display, the
 * uts46 profile. */
typedef struct ibidi_scan_options {
    unsigned flags;          /* IBIDI_SCAN_LTR, IBIDI_SCAN_RTL, IBIDI_SCAN_OWNER,
                                IBIDI_SCAN_SKELETON */
    ibidi_idna_options idna; /* ToUnicode, validity (ToASCII of the name) and the analysis;
                                its work area is IDNA's (names that map to over 1536 code
                                points, none of up to 253 bytes) */
    const ibidi_lgr *lgr;    /* a registry's LGR, or NULL: the first label's disposition
                                and index label (step 5) */
} ibidi_scan_options;

/* What ibidi_scan_name finds. The spans are byte ranges of text.data; a part that was not
 * made has present 0. The caller's buffer travels in the record (text), so that the calls
 * keep to six parameters. */
typedef struct ibidi_scan_result {
    ibidi_buf text;      /* in: the caller's buffer for the text parts (data, cap); out: len,
                            the bytes they take (ibidi_scan_name_alloc allocates data) */
    int valid;           /* 1: the name is a valid domain name under the profile */
    ibidi_status status; /* IBIDI_OK when valid, else the reason (see ibidi_scan_name) */
    ibidi_span unicode;  /* the ToUnicode form, the form that is compared */
    ibidi_span codes;    /* "[]" when valid, else e.g. "[B1, V6]" or "[DOMAIN_CHAR]" */
    ibidi_span display[2]; /* the visual form: [0] left-to-right, [1] right-to-left */
    ibidi_status analysis; /* ibidi_ambiguity_analyze's status on the form: IBIDI_OK when the
                              analysis ran, else why it did not (step 3) */
    unsigned self_display; /* IBIDI_SCAN_LTR, IBIDI_SCAN_RTL: the contexts (of those asked)
                              where the display is the form itself and no other form can
                              display alike (see step 4), so that the name can be in no
                              collision group of that context */
    size_t set_aside;    /* IBIDI_SCAN_OWNER: the bytes at the start of the name that were
                            set aside (the labels with their dots, e.g. 10 for
                            "_dmarc._x.example"); everything above is of the rest of the
                            name, the host name. 0 otherwise */
    size_t n_findings;   /* the findings the analysis made (0 when it did not run) */
    unsigned self_displayed; /* the contexts where the name counts as displaying as itself
                                in a scan's summary: self_display, but none for a name
                                whose labels were set aside (its host name, not the name,
                                is what displays as itself) */
    const char *lgr_disposition; /* opts->lgr: the first label's disposition (RFC 7940
                                    §8.3), "invalid" when it is not eligible or cannot be
                                    read; NULL without an LGR */
    ibidi_span skeleton[2]; /* IBIDI_SCAN_SKELETON: the form's bidi skeleton in a
                               left-to-right [0] and a right-to-left [1] paragraph (those
                               asked), when the form is a domain name */
    ibidi_span lgr_index;  /* its index label (§8.5), the key of its variant set, when its
                              code points are in the repertoire, in their contexts (an
                              action that makes it "invalid" does not take it away,
                              §8.1.1), and the LGR has index labels */
} ibidi_scan_result;

/*
 * Everything that `ibidi scan` needs for one name of a list (a U-label or A-label domain
 * name), with one parse and one bidi classification shared by the steps:
 *   0. A final full stop is the root label, set aside: "example.com." is the name
 *      "example.com" (lists and zone files write names fully qualified).
 *   1. UTS #46 ToUnicode with opts->idna: the form. When ToUnicode gives none (e.g.
 *      IBIDI_E_IDNA_TOO_LONG), the name itself stands in.
 *   2. Validity: the name is valid exactly when ToASCII under opts->idna finds no error
 *      in it (ibidi_idna_to_ascii_utf8, as `ibidi to-ascii` and the verdict of
 *      ibidi/verdict.h decide it: one answer for a profile, the URL Standard's ASCII fast
 *      path under whatwg included). Reasons (status, codes): the decoder's status for
 *      ill-formed UTF-8 (nothing else is made); ToUnicode's own status when it gives no
 *      form; ToASCII's error codes and IBIDI_E_IDNA_INVALID when the name is invalid.
 *   3. Badami's analysis of the form (ibidi_ambiguity_analyze as a domain name, without
 *      the twin search): its findings to *findings (may be NULL), its status in
 *      res->analysis. IBIDI_OK says the analysis ran (no findings then means none were
 *      found); any other status says it did not run and why (IBIDI_E_AMBIG_CONTROL: a bidi
 *      control, B or S; the parser's status: no domain name; the decoder's;
 *      IBIDI_E_AMBIG_TOO_LONG), and *findings is then empty: not "without findings".
 *   4. The display keys: the visual form (as ibidi_display_utf8 IBIDI_DISPLAY_FORM_VISUAL)
 *      in the contexts that opts->flags ask (IBIDI_SCAN_LTR, IBIDI_SCAN_RTL), made when
 *      the form parses as a domain name. Most names of a zone take a short path here: a
 *      form of ASCII letters, digits, hyphens and dots displays as itself in a left-to-
 *      right paragraph, and in a right-to-left one too when it starts with a letter and
 *      has only digits after its last letter (every character resolves to L, UAX #9 W7,
 *      N1). Such a display is the unicode span itself (no copy), and res->self_display
 *      says so: no other form can display alike (a display reorders the form's code
 *      points, mirroring only brackets; src/scan/scan.c gives the argument). Such a form
 *      whose labels start with a letter and end with a letter or digit has no finding
 *      either (only strong left-to-right labels, every digit after a letter: none of
 *      Badami's cases), so its analysis is not run (res->analysis IBIDI_OK, no
 *      findings). tests/test_scan.c checks both against the full path, on every form of
 *      up to six characters over a, b, 1, 2, hyphen and dot among others.
 *   5. With opts->lgr, the form's first label (the label a registry registers) under the
 *      LGR (RFC 7940 §8): its disposition and, when eligible, its index label, which
 *      ibidi_scan_groups_add_displays adds as a third kind of key (names with one variant
 *      set collide).
 * With IBIDI_SCAN_OWNER, the labels set aside (res->set_aside bytes) take part in none of
 * these steps: they run on the rest of the name, and the findings' offsets count in its
 * form. The name must be well-formed UTF-8 as a whole.
 * Forms over IBIDI_AMBIGUITY_MAX_BYTES bytes (no DNS name is that long) get no analysis
 * (res->analysis IBIDI_E_AMBIG_TOO_LONG) and no display; their validity is step 2's, as
 * for any name (a long ASCII name is valid under whatwg, which does not VerifyDnsLength).
 * The text parts go to res->text.data (unicode, codes, displays, the index label, in that
 * order), whose
 * capacity the caller sets in res->text.cap (data may be NULL with cap 0); res->text.len
 * gets the bytes they take. The call reads those two fields of res and sets all the
 * others. Returns IBIDI_OK whatever the name is; IBIDI_E_BUFFER_TOO_SMALL when
 * res->text.cap < res->text.len (res is filled all the same, with the spans a large enough
 * buffer would get); IBIDI_E_IDNA_WORK_TOO_SMALL when the name maps to more code points
 * than IDNA's fixed area holds (over 1536; no name of up to 253 bytes does) and
 * opts->idna has no work area: its validity needs one (res is filled, with that status
 * as its reason; run again with a work area, as ibidi_scan_name_alloc does);
 * IBIDI_E_INVALID_ARGUMENT (res NULL, data NULL with a capacity, unknown flags or IDNA
 * profile). No allocation. Stack: IBIDI_SCAN_STACK.
 */
IBIDI_API ibidi_status ibidi_scan_name(const char *name, size_t len,
                                       const ibidi_scan_options *opts, ibidi_scan_result *res,
                                       ibidi_findings *findings, ibidi_error *err);

/* Allocating convenience: the text parts in res->text.data, allocated and NUL-terminated
 * (release with ibidi_free; res->text.cap is ignored), and every finding in
 * findings->items, allocated (release with ibidi_findings_free; its cap is ignored; none
 * when the analysis failed), and IDNA's work area when a name needs one and opts gives
 * none. One run for nearly every name. After an error res->text.data
 * and findings->items are NULL. */
IBIDI_API ibidi_status ibidi_scan_name_alloc(const char *name, size_t len,
                                             const ibidi_scan_options *opts,
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
 * it writes; adders, below, take a lock per shard for many records). finish, and
 * everything before it, must not run at the same time as an add; finish sorts and walks
 * the shards that never spilled on up to options->threads threads (its own, started and
 * joined within the call), and merges those that spilled one at a time. After finish the
 * object is read-only: ibidi_scan_groups_each (any number of times, also at once),
 * _counts and _get_stats.
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
#define IBIDI_SCAN_GROUPS_MAX_THREADS 64

typedef struct ibidi_scan_groups ibidi_scan_groups;

/* A NULL pointer, or a zero-initialised record: 1 GiB, $TMPDIR (or /tmp), one kind, one
 * thread. */
typedef struct ibidi_scan_groups_options {
    size_t memory;        /* the limit in bytes (0: IBIDI_SCAN_GROUPS_DEFAULT_MEMORY); at
                             least IBIDI_SCAN_GROUPS_MIN_MEMORY */
    const char *temp_dir; /* where the temporary file goes (NULL: $TMPDIR when set and not
                             empty, else /tmp); copied */
    unsigned kinds;       /* kinds of keys, 1 to IBIDI_SCAN_GROUPS_MAX_KINDS (0: 1) */
    unsigned threads;     /* threads finish may run, the caller's among them, 1 to
                             IBIDI_SCAN_GROUPS_MAX_THREADS (0: 1) */
} ibidi_scan_groups_options;

/* Makes an empty object. IBIDI_E_INVALID_ARGUMENT, IBIDI_E_NOMEM; *out NULL then. */
IBIDI_API ibidi_status ibidi_scan_groups_create(const ibidi_scan_groups_options *opts,
                                                ibidi_scan_groups **out, ibidi_error *err);

/* One add: a name under a key of a kind. Keys and names are bytes, compared as bytes (NULL
 * with length 0 is the empty string), each at most UINT32_MAX bytes. A record, so that the
 * call keeps to six parameters. */
typedef struct ibidi_scan_groups_entry {
    unsigned kind; /* 0 to kinds - 1 */
    const char *key;
    size_t key_len;
    const char *name;
    size_t name_len;
    int valid; /* the name's validity (0 or 1), as groups report it */
} ibidi_scan_groups_entry;

/* Adds the entry e (its key and name are copied). IBIDI_E_INVALID_ARGUMENT for e NULL, a
 * kind out of range or a NULL pointer with a length; IBIDI_E_TOO_LONG for a key or name over
 * UINT32_MAX bytes. Thread-safe; may write a run (IBIDI_E_TEMP_FILE). */
IBIDI_API ibidi_status ibidi_scan_groups_add(ibidi_scan_groups *g,
                                             const ibidi_scan_groups_entry *e,
                                             ibidi_error *err);

/* The display keys of one name as ibidi_scan_name found them, as `ibidi scan` adds them:
 * res, with the text it points into (res->text.data), and the name and len it was given
 * (IBIDI_E_INVALID_ARGUMENT when res holds parts but no text). Each display it made
 * goes under its context's kind (0 left-to-right, 1 right-to-left: g needs two kinds or
 * more), with the name's Unicode form as the name (the name as given when it has none)
 * and res->valid; a display res->self_display marks is left out, since no other name can
 * share it. A name with labels set aside (res->set_aside, IBIDI_SCAN_OWNER) goes in as its
 * host name, whose form and displays res holds: "_dmarc.example" and "example" are one
 * name of the groups (one registrant's), and a host name that owns no record of its own
 * is compared all the same. With an LGR (res->lgr_index present), the index label goes
 * under kind 2 (g needs three kinds then), so that the names of one variant set collide.
 * With bidi skeletons (IBIDI_SCAN_SKELETON: res->skeleton), each goes under kind 3
 * (left to right) or 4 (right to left; g needs five kinds then), every name's, those
 * that display as themselves too: the names of one key there look alike (UTS #39 §4),
 * display twins among them. *added (may be NULL) gets IBIDI_SCAN_LTR and IBIDI_SCAN_RTL
 * for the displays added, IBIDI_SCAN_LGR_KEY for the index label, and
 * IBIDI_SCAN_LOOK_KEY_LTR and _RTL for the skeletons. Thread-safe, and its errors, as
 * ibidi_scan_groups_add. */
#define IBIDI_SCAN_LGR_KEY 0x4u
#define IBIDI_SCAN_LOOK_KEY_LTR 0x8u
#define IBIDI_SCAN_LOOK_KEY_RTL 0x10u
IBIDI_API ibidi_status ibidi_scan_groups_add_displays(ibidi_scan_groups *g, const char *name,
                                                      size_t len, const ibidi_scan_result *res,
                                                      unsigned *added, ibidi_error *err);

/*
 * The entries one name's result contributes to the groups, listed without a groups object:
 * exactly what ibidi_scan_groups_add_displays adds for it (which makes its adds from this
 * list, so that the two cannot disagree), for a caller that groups elsewhere (a cluster's
 * shuffle on kind and key, Python's ibidi.dask). The rule, one entry per key in kind
 * order:
 *   kind 0, 1  the display in a left-to-right (0) or right-to-left (1) paragraph, when
 *              made, except where res->self_display says the name displays as itself and
 *              no other name can (no group of that kind can hold it);
 *   kind 2     the LGR index label (res->lgr_index), when present;
 *   kind 3, 4  the bidi skeleton left to right (3) or right to left (4), when made
 *              (IBIDI_SCAN_SKELETON), every name's, those that display as themselves too;
 * each with the name's Unicode form as the name (the name as given, name and len, when
 * it has none; the host name's for labels set aside) and res->valid. A group is then a
 * key of a kind with two or more distinct names, valid where any of its entries is.
 * kinds is the number of kinds the groups take (ibidi_scan_groups_options.kinds): at
 * least 2, 3 or more when res holds an index label, 5 or more when it holds a skeleton
 * (IBIDI_E_INVALID_ARGUMENT otherwise, as ibidi_scan_groups_add_displays refuses such a
 * result). The entries point into res->text.data and name; out has room for
 * IBIDI_SCAN_ENTRIES_MAX of them; *n gets how many there are (0 on error).
 * IBIDI_E_INVALID_ARGUMENT: out, n or res NULL, name NULL with a length, res holding parts
 * but no text. No allocation. Stack: IBIDI_SCAN_GROUPS_STACK.
 */
#define IBIDI_SCAN_ENTRIES_MAX 5
IBIDI_API ibidi_status ibidi_scan_entries(const char *name, size_t len,
                                          const ibidi_scan_result *res, unsigned kinds,
                                          ibidi_scan_groups_entry *out, size_t *n);

/* Adders: a thread's own way into g, for many adds. An adder holds its records in a
 * buffer of its own and puts them into the shards a lock per shard at a time when the
 * buffer is full or flushed, where ibidi_scan_groups_add takes a lock for every record
 * (whose cache lines then move between the threads' cores at every add). The buffers come
 * out of g's memory limit (a sixteenth of it for all adders, up to 256 KiB each); an adder
 * made when that is spent holds nothing and adds at once. An adder is used by one thread
 * at a time; several adders, and plain adds, may run at once. Flush an adder before
 * finish: finish fails with IBIDI_E_INVALID_ARGUMENT while one holds records, and after one
 * was freed holding records (the groups would miss them). The adds' errors are those of
 * ibidi_scan_groups_add, reported by the add or the flush that met them. */
typedef struct ibidi_scan_groups_adder ibidi_scan_groups_adder;

/* A new adder of g (before finish). IBIDI_E_INVALID_ARGUMENT, IBIDI_E_NOMEM. */
IBIDI_API ibidi_status ibidi_scan_groups_adder_create(ibidi_scan_groups *g,
                                                      ibidi_scan_groups_adder **out,
                                                      ibidi_error *err);
/* ibidi_scan_groups_add and _add_displays through the adder. */
IBIDI_API ibidi_status ibidi_scan_groups_adder_add(ibidi_scan_groups_adder *a,
                                                   const ibidi_scan_groups_entry *e,
                                                   ibidi_error *err);
IBIDI_API ibidi_status ibidi_scan_groups_adder_add_displays(ibidi_scan_groups_adder *a,
                                                            const char *name, size_t len,
                                                            const ibidi_scan_result *res,
                                                            unsigned *added, ibidi_error *err);
/* Puts what the adder holds into g. */
IBIDI_API ibidi_status ibidi_scan_groups_adder_flush(ibidi_scan_groups_adder *a,
                                                     ibidi_error *err);
/* Frees the adder (NULL: nothing), flushed or not (see above). */
IBIDI_API void ibidi_scan_groups_adder_free(ibidi_scan_groups_adder *a);

/* ---- A scan's summary ------------------------------------------------------------------- */

/* The counts of a scan's summary, as `ibidi scan` prints them and Python's Scanner gives
 * them: the library's rules, so that every client counts alike. */
typedef struct ibidi_scan_counts {
    size_t names;          /* names judged */
    size_t valid, invalid;
    size_t with_findings;  /* names with at least one of Badami's findings */
    size_t not_analysed;   /* names whose analysis did not run (res->analysis) */
    size_t set_aside;      /* zone owners judged by their host names (IBIDI_SCAN_OWNER) */
    size_t self_displayed[2]; /* names that display as themselves, counted and not compared
                                 (res->self_displayed), by context */
} ibidi_scan_counts;

/* Counts one name's result into c. Stack: IBIDI_SCAN_GROUPS_STACK. */
IBIDI_API void ibidi_scan_counts_add(ibidi_scan_counts *c, const ibidi_scan_result *res);
/* Adds the counts of src (a worker's) into dst (the whole scan's). */
IBIDI_API void ibidi_scan_counts_merge(ibidi_scan_counts *dst, const ibidi_scan_counts *src);

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

/* ---- Candidates against an existing list (registration-time checks) ----------------- */

/*
 * Which of a few names to be registered (the candidates) collide with the names already
 * there (the existing list, a zone of any size), as `ibidi scan --against` asks. The
 * candidates go into an index in memory (the object allocates: their texts and up to
 * about 400 bytes each, a 64-byte record and four entries of a hash table kept at most half
 * full, whatever the existing list); each existing name is then looked up once,
 * as it streams by, and never stored unless it collides. A collision has its reasons, as
 * bits:
 *   IBIDI_SCAN_WHY_SAME  the same Unicode form: the name is already there (an A-label and
 *                        its U-label are one name); forms are compared as bytes, so a
 *                        name whose displays are the name itself is found too;
 *   IBIDI_SCAN_WHY_LTR   the same display in a left-to-right paragraph (key 0);
 *   IBIDI_SCAN_WHY_RTL   the same display in a right-to-left paragraph (key 1);
 *   IBIDI_SCAN_WHY_LGR   the same LGR index label (key 2): variants under an LGR;
 *   IBIDI_SCAN_WHY_LOOK_LTR  the same bidi skeleton in a left-to-right paragraph (key 3):
 *                        the names look alike there though their displays differ (UTS #39
 *                        §4; not given with IBIDI_SCAN_WHY_SAME or _LTR, which say more);
 *   IBIDI_SCAN_WHY_LOOK_RTL  the same in a right-to-left paragraph (key 4; not with _SAME
 *                        or _RTL).
 * A key is compared only with the keys of its kind, as bytes.
 *
 * The calls, in this order: _create; _add for every candidate (its index is the number of
 * adds before it); then _lookup and _record for every existing name (from any number of
 * threads at once); _finish; then _collisions for each candidate; _free. _lookup is
 * read-only and allocation-free; _record takes a lock (collisions are rare, so threads
 * seldom wait) and copies the existing name. _finish also finds the candidates that
 * collide with each other (each such collision has the other's index in `peer`), merges
 * the collisions of one candidate with names of one Unicode form (their reasons and
 * validity joined: a list may hold a name as an A-label and as its U-label) and orders a
 * candidate's collisions by the seq the caller gave with each existing name (its line
 * number, say), then the peers by index: the same result whatever the threads did.
 * Errors: IBIDI_E_NOMEM; IBIDI_E_INVALID_ARGUMENT (a NULL pointer with a length, a call
 * out of turn, a candidate index out of range); IBIDI_E_TOO_LONG (over UINT32_MAX - 1
 * candidates, or a text over UINT32_MAX bytes). Stack: IBIDI_SCAN_AGAINST_STACK for every
 * call.
 */
#define IBIDI_SCAN_AGAINST_STACK 4096
#define IBIDI_SCAN_WHY_SAME 0x1u
#define IBIDI_SCAN_WHY_LTR 0x2u
#define IBIDI_SCAN_WHY_RTL 0x4u
#define IBIDI_SCAN_WHY_LGR 0x8u
#define IBIDI_SCAN_WHY_LOOK_LTR 0x10u
#define IBIDI_SCAN_WHY_LOOK_RTL 0x20u
#define IBIDI_SCAN_AGAINST_KEYS 5 /* the keys of a name: LTR display, RTL display, LGR index,
                                     LTR bidi skeleton, RTL bidi skeleton */
#define IBIDI_SCAN_NO_PEER ((size_t)-1)

typedef struct ibidi_scan_against ibidi_scan_against;

/* One name, candidate or existing, as the index compares it. NULL with length 0 is the
 * empty string, except for a key: a NULL key is no key of that kind (not made, say). */
typedef struct ibidi_scan_keys {
    const char *name; /* the name as written (what the collisions report) */
    size_t name_len;
    const char *form; /* its Unicode form (ibidi_scan_result.unicode; the name when none) */
    size_t form_len;
    int valid; /* its validity (ibidi_scan_result.valid), reported */
    const char *key[IBIDI_SCAN_AGAINST_KEYS]; /* [0] ltr display, [1] rtl, [2] index label,
                                                 [3] ltr bidi skeleton, [4] rtl */
    size_t key_len[IBIDI_SCAN_AGAINST_KEYS];
} ibidi_scan_keys;

/* A candidate an existing name collides with. */
typedef struct ibidi_scan_hit {
    size_t candidate; /* its index */
    unsigned why;     /* IBIDI_SCAN_WHY_* bits */
} ibidi_scan_hit;

/* One collision of a candidate, valid until _free. */
typedef struct ibidi_scan_collision {
    unsigned why;     /* IBIDI_SCAN_WHY_* bits */
    int valid;        /* the other name's validity */
    size_t peer;      /* another candidate's index, or IBIDI_SCAN_NO_PEER: an existing name */
    uint64_t seq;     /* the seq _record had (the first, after a merge); a peer: 0 */
    const char *name; /* the other name as written (the first, after a merge) */
    size_t name_len;
    const char *form; /* its Unicode form */
    size_t form_len;
} ibidi_scan_collision;

/* An empty index. IBIDI_E_INVALID_ARGUMENT, IBIDI_E_NOMEM; *out NULL then. */
IBIDI_API ibidi_status ibidi_scan_against_create(ibidi_scan_against **out, ibidi_error *err);

/* Adds a candidate (its texts are copied); *index (may be NULL) gets its index. Not
 * thread-safe: every add comes before the lookups (IBIDI_E_INVALID_ARGUMENT after a
 * _record or _finish). */
IBIDI_API ibidi_status ibidi_scan_against_add(ibidi_scan_against *a, const ibidi_scan_keys *k,
                                              size_t *index, ibidi_error *err);

/*
 * The candidates the existing name k collides with, each once with all its reasons, in
 * index order, to hits (cap of them); *n gets how many there are. IBIDI_E_BUFFER_TOO_SMALL
 * when cap < *n (hits then holds the first cap). k->name and k->valid are not used.
 * Thread-safe, no allocation.
 */
IBIDI_API ibidi_status ibidi_scan_against_lookup(const ibidi_scan_against *a,
                                                 const ibidi_scan_keys *k, ibidi_scan_hit *hits,
                                                 size_t cap, size_t *n, ibidi_error *err);

/* Keeps the collisions of the existing name k (name, form, valid) with the n candidates of
 * hits (as _lookup gave them; the caller may leave some out), under seq. Thread-safe. */
IBIDI_API ibidi_status ibidi_scan_against_record(ibidi_scan_against *a, const ibidi_scan_keys *k,
                                                 uint64_t seq, const ibidi_scan_hit *hits,
                                                 size_t n, ibidi_error *err);

/* Ends the lookups: the peers, the merges, the order (see above). A second call does
 * nothing. After an error every later call returns it. */
IBIDI_API ibidi_status ibidi_scan_against_finish(ibidi_scan_against *a, ibidi_error *err);

/* After finish: the collisions of a candidate, the existing names first (by seq), then the
 * peers (by index); *items is NULL when *n is 0. */
IBIDI_API ibidi_status ibidi_scan_against_collisions(const ibidi_scan_against *a,
                                                     size_t candidate,
                                                     const ibidi_scan_collision **items,
                                                     size_t *n, ibidi_error *err);

/* The number of candidates added. */
IBIDI_API size_t ibidi_scan_against_count(const ibidi_scan_against *a);

/* Releases everything. NULL is allowed. */
IBIDI_API void ibidi_scan_against_free(ibidi_scan_against *a);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_SCAN_H */
