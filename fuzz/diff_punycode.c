/*
 * Differential fuzz target for Punycode (RFC 3492): ibidi_punycode_encode and
 * ibidi_punycode_decode against libidn2's coder, which is Adam Costello's sample
 * implementation of RFC 3492 Appendix C (independent of ibidi's).
 *
 * libidn2 2.3.3 does not declare its coder in <idn2.h>: it exports _idn2_punycode_encode
 * and _idn2_punycode_decode as compatibility symbols of version IDN2_0.0.0 only (not the
 * default version, so a plain reference does not link); the .symver directives below bind
 * to that version, with the prototypes of libidn2's lib/punycode.h (output_length: the
 * capacity in, the length out). ICU has no public Punycode API, so libidn2 is the one
 * oracle here.
 *
 * Input: the first byte's low bit picks the direction.
 *   0 encode: the rest is code points, a byte below 80 is itself, a byte from 80 up with
 *     the two after it makes ((b & 7F) << 16 | b1 << 8 | b2) mod 110000 (any code point,
 *     surrogates included);
 *   1 decode: the rest is the Punycode string (no "xn--").
 * Compared: success or failure, and the output on success. Encode: ibidi's output when
 * both succeed; both must fail on overflow (§6.4). Decode: the code points.
 *
 * Named exclusions:
 *  idn2-surrogate   encode input holds a surrogate code point: libidn2's encoder rejects
 *                   only the high surrogates D800-DBFF and encodes the low ones, while
 *                   ibidi rejects every surrogate (they are not scalar values, RFC 3492 §1
 *                   codes "Unicode code points", IDNA needs scalar values).
 *  idn2-decode-surrogate  decode output would hold a surrogate: libidn2's decoder accepts
 *                   a delta that inserts one, ibidi's rejects it (IBIDI_E_PUNYCODE_RANGE),
 *                   for the same reason.
 *  idn2-too-long    more than IBIDI_PUNYCODE_MAX_CPS code points in or out: ibidi's bound
 *                   on the quadratic §6 coding (IBIDI_E_PUNYCODE_TOO_LONG), not RFC 3492's.
 *  idn2-basic-only  decode input whose last delimiter is its last byte, after basic code
 *                   points ("abc-", what §6.3 encodes "abc" to): RFC 3492 §6.2 decodes it
 *                   to the basic code points; libidn2 2.3.3 refuses it (BAD_INPUT), as
 *                   IDNA would refuse the A-label (UTS #46 P4, all ASCII after decoding).
 *  idn2-basic-ldh   decode input whose basic part (before the last delimiter) holds a code
 *                   point other than a-z, A-Z, 0-9, "-", "_": RFC 3492 §6.2 copies any
 *                   basic code point (below 80), libidn2 2.3.3's decoder refuses the others
 *                   (BAD_INPUT; found by this target: "a b-3ya", "a.b-3ya", "\1a-3ya").
 *  idn2-underscore-digit  decode input with "_" among the digits (after the last
 *                   delimiter): libidn2 2.3.3 decodes it as a digit (found by this target:
 *                   "ihqwcrb4cv8a8dqg056pqjy____e" inserts U+726F per "_"); RFC 3492 §5
 *                   has only a-z, A-Z, 0-9 as digits, ibidi refuses it (BAD_INPUT).
 *  idn2-empty       decode the empty string: RFC 3492 §6.2 decodes it to no code points (the
 *                   encoder's output for none); libidn2 2.3.3 refuses it (BAD_INPUT).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <idn2.h>

#include "diff_report.h"
#include "ibidi/punycode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libidn2's coder (lib/punycode.h), bound to the exported version of its symbols. */
__asm__(".symver _idn2_punycode_encode, _idn2_punycode_encode@IDN2_0.0.0");
__asm__(".symver _idn2_punycode_decode, _idn2_punycode_decode@IDN2_0.0.0");
int _idn2_punycode_encode(size_t input_length, const uint32_t input[], size_t *output_length,
                          char output[]);
int _idn2_punycode_decode(size_t input_length, const char input[], size_t *output_length,
                          uint32_t output[]);

enum {
    EX_SURROGATE,
    EX_DECODE_SURROGATE,
    EX_TOO_LONG,
    EX_BASIC_ONLY,
    EX_BASIC_LDH,
    EX_UNDERSCORE_DIGIT,
    EX_EMPTY,
    EX_COUNT
};

static diff_exclusion exclusions[EX_COUNT] = {
    [EX_SURROGATE] = {"idn2-surrogate",
                      "libidn2 encodes the low surrogates DC00-DFFF", 0},
    [EX_DECODE_SURROGATE] = {"idn2-decode-surrogate",
                             "libidn2 decodes to surrogate code points", 0},
    [EX_TOO_LONG] = {"idn2-too-long",
                     "beyond IBIDI_PUNYCODE_MAX_CPS code points", 0},
    [EX_BASIC_ONLY] = {"idn2-basic-only",
                       "libidn2 rejects \"abc-\", basic code points only (§6.2: \"abc\")", 0},
    [EX_BASIC_LDH] = {"idn2-basic-ldh",
                      "libidn2 decodes only letters, digits, '-', '_' as basic code points", 0},
    [EX_UNDERSCORE_DIGIT] = {"idn2-underscore-digit",
                             "libidn2 2.3.3 decodes '_' as a digit (RFC 3492 §5: a-z, 0-9)", 0},
    [EX_EMPTY] = {"idn2-empty", "libidn2 refuses to decode \"\" (§6.2: no code points)", 0},
};

static diff_report report = {"diff_punycode", "inputs", 0, 0, 0, exclusions, EX_COUNT, 0};

#define MAX_IN 8192
#define OUT_CAP 65536

static int is_surrogate(uint32_t cp)
{
    return cp >= 0xD800 && cp <= 0xDFFF;
}

static void encode(const uint8_t *p, size_t len, const uint8_t *data, size_t size)
{
    static uint32_t cps[MAX_IN];
    static char out_ibidi[OUT_CAP], out_idn2[OUT_CAP];
    size_t n = 0;
    int surrogate = 0;
    for (size_t i = 0; i < len; n++) {
        if (p[i] < 0x80) {
            cps[n] = p[i++];
        } else {
            uint32_t v = (uint32_t)(p[i] & 0x7F) << 16;
            v |= (uint32_t)(i + 1 < len ? p[i + 1] : 0) << 8;
            v |= (uint32_t)(i + 2 < len ? p[i + 2] : 0);
            cps[n] = v % 0x110000;
            i += 3;
        }
        surrogate |= is_surrogate(cps[n]);
    }
    if (surrogate) {
        diff_exclude(&report, EX_SURROGATE);
        return;
    }
    if (n > IBIDI_PUNYCODE_MAX_CPS) {
        diff_exclude(&report, EX_TOO_LONG);
        return;
    }
    size_t n_idn2 = OUT_CAP;
    ibidi_buf enc = {out_ibidi, OUT_CAP, 0};
    ibidi_status st = ibidi_punycode_encode(cps, n, &enc, NULL);
    size_t n_ibidi = enc.len;
    int rc = _idn2_punycode_encode(n, cps, &n_idn2, out_idn2);
    if (st != IBIDI_OK && st != IBIDI_E_PUNYCODE_OVERFLOW)
        abort(); /* no other failure for scalar values within the bounds */
    report.compared++;
    if ((st == IBIDI_OK) == (rc == IDN2_OK) &&
        (st != IBIDI_OK || (n_ibidi == n_idn2 && memcmp(out_ibidi, out_idn2, n_ibidi) == 0)))
        return;
    diff_dump_cps("encode", cps, n);
    diff_fail(&report, data, size, "encode: ibidi %s \"%.*s\", libidn2 %s \"%.*s\"",
              ibidi_status_name(st), (int)(st == IBIDI_OK ? n_ibidi : 0), out_ibidi,
              idn2_strerror_name(rc), (int)(rc == IDN2_OK ? n_idn2 : 0), out_idn2);
}

static void decode(const uint8_t *p, size_t len, const uint8_t *data, size_t size)
{
    static uint32_t out_ibidi[MAX_IN], out_idn2[MAX_IN];
    size_t last = len;
    if (len == 0) {
        diff_exclude(&report, EX_EMPTY);
        return;
    }
    for (size_t i = 0; i < len; i++)
        if (p[i] == '-')
            last = i;
    for (size_t i = 0; i < last && last < len; i++) {
        uint8_t c = p[i];
        if (c < 0x80 && !((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
                          (c >= 'a' && c <= 'z') || c == '-' || c == '_')) {
            diff_exclude(&report, EX_BASIC_LDH);
            return;
        }
    }
    for (size_t i = last < len ? last + 1 : 0; i < len; i++)
        if (p[i] == '_') {
            diff_exclude(&report, EX_UNDERSCORE_DIGIT);
            return;
        }
    if (len > 1 && last == len - 1) {
        diff_exclude(&report, EX_BASIC_ONLY);
        return;
    }
    size_t n_idn2 = MAX_IN;
    ibidi_buf32 dec = {out_ibidi, MAX_IN, 0};
    ibidi_status st = ibidi_punycode_decode((const char *)p, len, 0, &dec, NULL);
    size_t n_ibidi = dec.len;
    int rc = _idn2_punycode_decode(len, (const char *)p, &n_idn2, out_idn2);
    if (st == IBIDI_E_PUNYCODE_TOO_LONG || (rc == IDN2_OK && n_idn2 > IBIDI_PUNYCODE_MAX_CPS)) {
        diff_exclude(&report, EX_TOO_LONG);
        return;
    }
    if (rc == IDN2_OK) {
        for (size_t i = 0; i < n_idn2; i++)
            if (is_surrogate(out_idn2[i])) {
                diff_exclude(&report, EX_DECODE_SURROGATE);
                return;
            }
    }
    report.compared++;
    if ((st == IBIDI_OK) == (rc == IDN2_OK) &&
        (st != IBIDI_OK ||
         (n_ibidi == n_idn2 && memcmp(out_ibidi, out_idn2, n_ibidi * sizeof *out_ibidi) == 0)))
        return;
    if (st == IBIDI_OK)
        diff_dump_cps("ibidi", out_ibidi, n_ibidi);
    if (rc == IDN2_OK)
        diff_dump_cps("libidn2", out_idn2, n_idn2);
    diff_fail(&report, data, size, "decode \"%.*s\": ibidi %s, libidn2 %s", (int)len,
              (const char *)p, ibidi_status_name(st), idn2_strerror_name(rc));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    diff_begin(&report, 1);
    if (size < 1 || size > MAX_IN) {
        report.unusable++;
        return 0;
    }
    if (data[0] & 1)
        decode(data + 1, size - 1, data, size);
    else
        encode(data + 1, size - 1, data, size);
    return 0;
}
