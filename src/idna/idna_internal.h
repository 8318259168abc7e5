/* Internal interfaces of the IDNA capability (src/idna/): the findings sink shared by the
 * rule checkers, and the per-label checks the processing steps call. Not installed. */
#ifndef IBIDI_IDNA_INTERNAL_H
#define IBIDI_IDNA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "ibidi/idna.h"
#include "ibidi/unicode.h"

/* Sets of Bidi_Class values (IBIDI__BC_BIT) for the Bidi Rule (RFC 5893 §2). */
/* Condition 2: the classes allowed in an RTL label. */
#define IBIDI__BIDI_RULE_RTL_ALLOWED                                                        \
    (IBIDI__BC_BIT(IBIDI_BC_R) | IBIDI__BC_BIT(IBIDI_BC_AL) | IBIDI__BC_BIT(IBIDI_BC_AN) |  \
     IBIDI__BC_BIT(IBIDI_BC_EN) | IBIDI__BC_BIT(IBIDI_BC_ES) | IBIDI__BC_BIT(IBIDI_BC_CS) | \
     IBIDI__BC_BIT(IBIDI_BC_ET) | IBIDI__BC_BIT(IBIDI_BC_ON) | IBIDI__BC_BIT(IBIDI_BC_BN) | \
     IBIDI__BC_BIT(IBIDI_BC_NSM))
/* Condition 3: the classes an RTL label may end with (before trailing NSM). */
#define IBIDI__BIDI_RULE_RTL_END                                                            \
    (IBIDI__BC_BIT(IBIDI_BC_R) | IBIDI__BC_BIT(IBIDI_BC_AL) | IBIDI__BC_BIT(IBIDI_BC_EN) |  \
     IBIDI__BC_BIT(IBIDI_BC_AN))
/* Condition 5: the classes allowed in an LTR label. */
#define IBIDI__BIDI_RULE_LTR_ALLOWED                                                        \
    (IBIDI__BC_BIT(IBIDI_BC_L) | IBIDI__BC_BIT(IBIDI_BC_EN) | IBIDI__BC_BIT(IBIDI_BC_ES) |  \
     IBIDI__BC_BIT(IBIDI_BC_CS) | IBIDI__BC_BIT(IBIDI_BC_ET) | IBIDI__BC_BIT(IBIDI_BC_ON) | \
     IBIDI__BC_BIT(IBIDI_BC_BN) | IBIDI__BC_BIT(IBIDI_BC_NSM))
/* Condition 6: the classes an LTR label may end with (before trailing NSM). */
#define IBIDI__BIDI_RULE_LTR_END (IBIDI__BC_BIT(IBIDI_BC_L) | IBIDI__BC_BIT(IBIDI_BC_EN))

/* Where findings go: the caller's array (the first cap findings are stored) and the
 * counts of all findings and of the errors among them. */
typedef struct ibidi__sink {
    ibidi_idna_finding *arr;
    size_t cap;
    size_t n;        /* findings recorded, also those beyond cap */
    size_t n_errors; /* of which errors (not warnings) */
    size_t first_error_offset;
    uint32_t first_error_value;
} ibidi__sink;

void ibidi__sink_init(ibidi__sink *s, ibidi_idna_finding *arr, size_t cap);
void ibidi__sink_add(ibidi__sink *s, ibidi_idna_code code, uint32_t label, size_t offset,
                     uint32_t value, int bidi_class);

/*
 * One label of a processed name: its code points cps[0..n) and, for each, its offset in
 * the processed name (bytes or code points, as the public call counts) in off[0..n).
 * off[n] is the offset just past the label (used for findings about the label's end).
 */
typedef struct ibidi__label {
    const uint32_t *cps;
    const uint32_t *off; /* n + 1 entries */
    size_t n;
    uint32_t index; /* 0-based label index in the name */
} ibidi__label;

/* RFC 5890 §2.3.1: an LDH character (ASCII letter, digit or hyphen-minus). */
static inline int ibidi__is_ldh(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

/* RFC 5893 §2 (end): an LDH label that starts with an ASCII digit, the kind of label that
 * must not come after an RTL label for the rule's guarantee to hold. */
int ibidi__is_digit_ldh_label(const uint32_t *cps, size_t n);

/* RFC 5892 Appendix A: the code point has a contextual rule (the IANA registry lists the
 * same ones for Unicode 17.0). */
int ibidi__has_context_rule(uint32_t cp);

/* RFC 5893 §1.4: the label contains a character of class R, AL or AN. */
int ibidi__is_rtl_label(const uint32_t *cps, size_t n);

/* RFC 5893 §2: the six conditions on one label of a Bidi domain name; findings B1-B6
 * with the condition's label, offset, code point and Bidi_Class. */
void ibidi__bidi_rule_label(const ibidi__label *l, ibidi__sink *s);

/* RFC 5892 A.1, A.2 for every ZWNJ / ZWJ of the label: findings C1 / C2. */
void ibidi__contextj_label(const ibidi__label *l, ibidi__sink *s);

/* RFC 5892 A.3-A.9 for every CONTEXTO code point of the label with a rule: findings
 * O3-O9. */
void ibidi__contexto_label(const ibidi__label *l, ibidi__sink *s);

#endif
