/*
 * ibidi/scan.h: lists of names checked for bidi ambiguity, one name at a time, as
 * `ibidi scan` does it.
 *
 *   - the line reader of a list (one name per line, "#" comments);
 *   - one name's validity under an IDNA profile, its Unicode form, Badami's findings
 *     (ibidi/ambiguity.h) and its display keys in both paragraph directions, with one parse
 *     and one bidi classification shared by the steps.
 *
 * Conventions are those of ibidi/common.h; nothing here allocates but the _alloc call. The
 * calls take ibidi_scan_options (which displays to make, the IDNA processing); a NULL
 * pointer or a zero-initialised record means: no display, the uts46 profile.
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

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_SCAN_H */
