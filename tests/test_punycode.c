/*
 * Punycode (RFC 3492): ibidi_punycode_encode, ibidi_punycode_decode.
 *
 *  - the sample strings A-S of RFC 3492 §7.1 in both directions: the encoder writes the
 *    basic code points as they are and the digits in lower case, so it must give the RFC's
 *    string exactly except for sample I, whose upper-case "D" is a mixed-case annotation
 *    (Appendix A) that the encoder does not write; decoding accepts the RFC's spelling and
 *    any case of the digits, and IBIDI_PUNYCODE_CANONICAL only the encoder's;
 *  - decoding errors with status, offset and value: bad digits, non-basic code points
 *    before the delimiter, truncated integers, overflow of i, w and n (§6.4), values that
 *    are surrogates or above 10FFFF, built with an integer writer written below;
 *  - non-canonical input accepted without IBIDI_PUNYCODE_CANONICAL and rejected with it;
 *  - encoding errors (surrogates, values above 10FFFF, a delta beyond 2^32, which valid
 *    input of a few thousand code points reaches);
 *  - the buffer contract (size needed reported, also for the decoder), empty input, bad
 *    arguments;
 *  - round trips of pseudo-random strings (fixed seed; short and long, every plane), and
 *    decoding of pseudo-random digit strings: what decodes re-encodes to the input;
 *  - the bound on the encoder's length (ibidi__punycode_bound) on those strings and on
 *    labels of the largest deltas;
 *  - the decoder of the A-label fast path (ibidi__punycode_decode_lane), which skips the
 *    re-encoding of RFC 5891 §5.4: against the canonical decoder on every string of up to
 *    7 bytes of an alphabet of digits, delimiters, an upper-case digit and a non-ASCII
 *    byte, on pseudo-random ones and on encodings of pseudo-random code points.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/idna.h"
#include "idna/punycode_internal.h"
#include "testlib.h"

/* ------------------------------------------------------------------ RFC 3492 §7.1 */

typedef struct sample {
    const char *name;
    uint32_t cps[48]; /* ends at the first 0 (no sample holds U+0000) */
    const char *puny; /* as printed in the RFC, without the ACE prefix */
} sample;

static const sample samples[] = {
    /* (A) Arabic (Egyptian) */
    {"A",
     {0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648,
      0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F},
     "egbpdaj6bu4bxfgehfvwxn"},
    /* (B) Chinese (simplified) */
    {"B", {0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587},
     "ihqwcrb4cv8a8dqg056pqjye"},
    /* (C) Chinese (traditional) */
    {"C", {0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587},
     "ihqwctvzc91f659drss3x8bo0yb"},
    /* (D) Czech */
    {"D",
     {0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B, 0x006E,
      0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073, 0x006B, 0x0079},
     "Proprostnemluvesky-uyb24dma41a"},
    /* (E) Hebrew */
    {"E",
     {0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0,
      0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA},
     "4dbcagdahymbxekheh6e0a7fei0b"},
    /* (F) Hindi (Devanagari) */
    {"F",
     {0x092F, 0x0939, 0x0932, 0x094B, 0x0917, 0x0939, 0x093F, 0x0928, 0x094D, 0x0926,
      0x0940, 0x0915, 0x094D, 0x092F, 0x094B, 0x0902, 0x0928, 0x0939, 0x0940, 0x0902,
      0x092C, 0x094B, 0x0932, 0x0938, 0x0915, 0x0924, 0x0947, 0x0939, 0x0948, 0x0902},
     "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
    /* (G) Japanese (kanji and hiragana) */
    {"G",
     {0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71, 0x3057,
      0x3066, 0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B},
     "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
    /* (H) Korean (Hangul syllables) */
    {"H",
     {0xC138, 0xACC4, 0xC758, 0xBAA8, 0xB4E0, 0xC0AC, 0xB78C, 0xB4E4, 0xC774, 0xD55C, 0xAD6D,
      0xC5B4, 0xB97C, 0xC774, 0xD574, 0xD55C, 0xB2E4, 0xBA74, 0xC5BC, 0xB9C8, 0xB098, 0xC88B,
      0xC744, 0xAE4C},
     "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
    /* (I) Russian (Cyrillic); the "D" is a mixed-case annotation (RFC 3492 Appendix A) */
    {"I",
     {0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D,
      0x0438, 0x043D, 0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442,
      0x043F, 0x043E, 0x0440, 0x0443, 0x0441, 0x0441, 0x043A, 0x0438},
     "b1abfaaepdrnnbgefbaDotcwatmq2g4l"},
    /* (J) Spanish */
    {"J",
     {0x0050, 0x006F, 0x0072, 0x0071, 0x0075, 0x00E9, 0x006E, 0x006F, 0x0070, 0x0075,
      0x0065, 0x0064, 0x0065, 0x006E, 0x0073, 0x0069, 0x006D, 0x0070, 0x006C, 0x0065,
      0x006D, 0x0065, 0x006E, 0x0074, 0x0065, 0x0068, 0x0061, 0x0062, 0x006C, 0x0061,
      0x0072, 0x0065, 0x006E, 0x0045, 0x0073, 0x0070, 0x0061, 0x00F1, 0x006F, 0x006C},
     "PorqunopuedensimplementehablarenEspaol-fmd56a"},
    /* (K) Vietnamese */
    {"K",
     {0x0054, 0x1EA1, 0x0069, 0x0073, 0x0061, 0x006F, 0x0068, 0x1ECD, 0x006B, 0x0068,
      0x00F4, 0x006E, 0x0067, 0x0074, 0x0068, 0x1EC3, 0x0063, 0x0068, 0x1EC9, 0x006E,
      0x00F3, 0x0069, 0x0074, 0x0069, 0x1EBF, 0x006E, 0x0067, 0x0056, 0x0069, 0x1EC7,
      0x0074},
     "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
    /* (L) 3<nen>B<gumi><kinpachi><sensei> */
    {"L", {0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F},
     "3B-ww4c5e180e575a65lsy2b"},
    /* (M) <amuro><namie>-with-SUPER-MONKEYS */
    {"M",
     {0x5B89, 0x5BA4, 0x5948, 0x7F8E, 0x6075, 0x002D, 0x0077, 0x0069, 0x0074, 0x0068,
      0x002D, 0x0053, 0x0055, 0x0050, 0x0045, 0x0052, 0x002D, 0x004D, 0x004F, 0x004E,
      0x004B, 0x0045, 0x0059, 0x0053},
     "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
    /* (N) Hello-Another-Way-<sorezore><no><basho> */
    {"N",
     {0x0048, 0x0065, 0x006C, 0x006C, 0x006F, 0x002D, 0x0041, 0x006E, 0x006F, 0x0074,
      0x0068, 0x0065, 0x0072, 0x002D, 0x0057, 0x0061, 0x0079, 0x002D, 0x305D, 0x308C,
      0x305E, 0x308C, 0x306E, 0x5834, 0x6240},
     "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
    /* (O) <hitotsu><yane><no><shita>2 */
    {"O", {0x3072, 0x3068, 0x3064, 0x5C4B, 0x6839, 0x306E, 0x4E0B, 0x0032},
     "2-u9tlzr9756bt3uc0v"},
    /* (P) Maji<de>Koi<suru>5<byou><mae> */
    {"P",
     {0x004D, 0x0061, 0x006A, 0x0069, 0x3067, 0x004B, 0x006F, 0x0069, 0x3059, 0x308B,
      0x0035, 0x79D2, 0x524D},
     "MajiKoi5-783gue6qz075azm5e"},
    /* (Q) <pafii>de<runba> */
    {"Q", {0x30D1, 0x30D5, 0x30A3, 0x30FC, 0x0064, 0x0065, 0x30EB, 0x30F3, 0x30D0},
     "de-jg4avhby1noc0d"},
    /* (R) <sono><supiido><de> */
    {"R", {0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067}, "d9juau41awczczp"},
    /* (S) -> $1.00 <- (ASCII only) */
    {"S",
     {0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C,
      0x002D},
     "-> $1.00 <--"},
};
#define N_SAMPLES (sizeof samples / sizeof samples[0])

/* ------------------------------------------------------------------ helpers */

static size_t sample_len(const sample *s)
{
    size_t n = 0;
    while (n < 48 && s->cps[n])
        n++;
    return n;
}

/* Where the digits of a Punycode string start: after the last delimiter, if any. */
static size_t digits_start(const char *s, size_t len)
{
    size_t d = len;
    while (d > 0 && s[d - 1] != '-')
        d--;
    return d;
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}
static char upper(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

/* Copies s with its digits (not its basic code points) in the case given. */
static void digits_case(const char *s, size_t len, char *out, int up)
{
    size_t d = digits_start(s, len);
    memcpy(out, s, len);
    for (size_t i = d; i < len; i++)
        out[i] = up ? upper(s[i]) : lower(s[i]);
}

static int ci_equal(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (lower(a[i]) != lower(b[i]))
            return 0;
    return 1;
}

/* RFC 3492 §3.3: writes q as a generalized variable-length integer for the given bias
 * (tmin 1, tmax 26, base 36); returns its length. Used to build inputs the encoder never
 * writes. */
static size_t put_vli(uint32_t q, uint32_t bias, char *out)
{
    static const char dig[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    size_t len = 0;
    for (uint32_t k = 36;; k += 36) {
        uint32_t t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
        if (q < t)
            break;
        out[len++] = dig[t + (q - t) % (36 - t)];
        q = (q - t) / (36 - t);
    }
    out[len++] = dig[q];
    return len;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t rnd(void) { return t_xorshift64s(&rng_state); }

/* ------------------------------------------------------------------ samples */

static void test_samples(void)
{
    char enc[128], alt[128];
    uint32_t dec[64];
    ibidi_buf ob;
    ibidi_buf32 ob32;
    for (size_t k = 0; k < N_SAMPLES; k++) {
        const sample *S = &samples[k];
        size_t n = sample_len(S), plen = strlen(S->puny), len = (size_t)-1, m = (size_t)-1;
        char canon[128];
        ibidi_error e;
        ibidi_status st;
        digits_case(S->puny, plen, canon, 0); /* the encoder's spelling */

        /* encode: exactly the canonical form, the RFC's string modulo case */
        ob = (ibidi_buf){enc, sizeof enc, 0};
        st = ibidi_punycode_encode(S->cps, n, &ob, &e);
        len = ob.len;
        CHECK(st == IBIDI_OK && e.status == IBIDI_OK, "%s: encode status %d", S->name, st);
        CHECK(len == plen && memcmp(enc, canon, plen) == 0, "%s: encode gives %.*s, want %s",
              S->name, (int)len, enc, canon);
        CHECK(len == plen && ci_equal(enc, S->puny, plen), "%s: encode vs RFC", S->name);
        CHECK((memcmp(canon, S->puny, plen) == 0) == (S->name[0] != 'I'),
              "%s: only sample I has upper-case digits", S->name);
        CHECK(ibidi__punycode_is_basic_only(enc, len) == (S->name[0] == 'S'),
              "%s: is_basic_only", S->name);

        /* encode: size needed with no buffer and with one byte too few */
        ob = (ibidi_buf){NULL, 0, (size_t)-1};
        st = ibidi_punycode_encode(S->cps, n, &ob, &e);
        len = ob.len;
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && len == plen && e.status == st,
              "%s: encode preflight %d %zu", S->name, st, len);
        ob = (ibidi_buf){enc, plen - 1, (size_t)-1};
        st = ibidi_punycode_encode(S->cps, n, &ob, NULL);
        len = ob.len;
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && len == plen, "%s: encode cap-1", S->name);
        ob = (ibidi_buf){enc, plen, 0};
        st = ibidi_punycode_encode(S->cps, n, &ob, NULL);
        len = ob.len;
        CHECK(st == IBIDI_OK && len == plen && memcmp(enc, canon, plen) == 0,
              "%s: encode exact cap", S->name);

        /* decode the RFC's string and the canonical one */
        ob32 = (ibidi_buf32){dec, 64, 0};
        st = ibidi_punycode_decode(S->puny, plen, 0, &ob32, &e);
        m = ob32.len;
        CHECK(st == IBIDI_OK && m == n && memcmp(dec, S->cps, n * 4) == 0,
              "%s: decode RFC string: status %d, %zu code points", S->name, st, m);
        ob32 = (ibidi_buf32){dec, 64, 0};
        st = ibidi_punycode_decode(canon, plen, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
        m = ob32.len;
        CHECK(st == IBIDI_OK && m == n && memcmp(dec, S->cps, n * 4) == 0,
              "%s: canonical decode status %d", S->name, st);
        ob32 = (ibidi_buf32){dec, 64, 0};
        st = ibidi_punycode_decode(S->puny, plen, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
        m = ob32.len;
        if (S->name[0] == 'I')
            CHECK(st == IBIDI_E_PUNYCODE_NOT_CANONICAL && e.offset == 19 && e.value == 'D',
                  "I: canonical decode of the RFC string: %d at %zu", st, e.offset);
        else
            CHECK(st == IBIDI_OK, "%s: canonical decode of the RFC string: %d", S->name, st);

        /* digits in upper case: same code points; not canonical */
        digits_case(S->puny, plen, alt, 1);
        size_t d = digits_start(alt, plen), first_letter = plen;
        for (size_t i = d; i < plen && first_letter == plen; i++)
            if (alt[i] >= 'A' && alt[i] <= 'Z')
                first_letter = i;
        ob32 = (ibidi_buf32){dec, 64, 0};
        st = ibidi_punycode_decode(alt, plen, 0, &ob32, &e);
        m = ob32.len;
        CHECK(st == IBIDI_OK && m == n && memcmp(dec, S->cps, n * 4) == 0,
              "%s: decode upper-case digits: %d", S->name, st);
        ob32 = (ibidi_buf32){dec, 64, 0};
        st = ibidi_punycode_decode(alt, plen, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
        m = ob32.len;
        if (first_letter < plen)
            CHECK(st == IBIDI_E_PUNYCODE_NOT_CANONICAL && e.offset == first_letter &&
                      e.value == (unsigned char)alt[first_letter],
                  "%s: upper-case digits canonical: %d at %zu", S->name, st, e.offset);
        else
            CHECK(st == IBIDI_OK, "%s: no letter among the digits: %d", S->name, st);

        /* decode: size needed */
        ob32 = (ibidi_buf32){NULL, 0, (size_t)-1};
        st = ibidi_punycode_decode(S->puny, plen, 0, &ob32, &e);
        m = ob32.len;
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && m == n && e.status == st,
              "%s: decode preflight %d %zu", S->name, st, m);
        ob32 = (ibidi_buf32){dec, n - 1, (size_t)-1};
        st = ibidi_punycode_decode(canon, plen, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
        m = ob32.len;
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && m == n, "%s: decode cap-1 %d %zu", S->name, st,
              m);
        ob32 = (ibidi_buf32){dec, n, 0};
        st = ibidi_punycode_decode(canon, plen, IBIDI_PUNYCODE_CANONICAL, &ob32, NULL);
        m = ob32.len;
        CHECK(st == IBIDI_OK && m == n && memcmp(dec, S->cps, n * 4) == 0,
              "%s: decode exact cap", S->name);
    }
}

/* ------------------------------------------------------------------ decoding errors */

typedef struct dcase {
    const char *in;
    unsigned flags;
    ibidi_status st;
    size_t offset;
    uint32_t value;
} dcase;

#define C IBIDI_PUNYCODE_CANONICAL
static const dcase dcases[] = {
    /* valid */
    {"", 0, IBIDI_OK, 0, 0},
    {"", C, IBIDI_OK, 0, 0},
    {"abc-", C, IBIDI_OK, 0, 0},
    {"--", C, IBIDI_OK, 0, 0},      /* "-": one basic code point */
    {"a", C, IBIDI_OK, 0, 0},       /* U+0080 */
    /* truncated inside an integer (§6.2 "fail if there was none to consume") */
    {"b", 0, IBIDI_E_PUNYCODE_TRUNCATED, 1, 0},
    {"abc-9", 0, IBIDI_E_PUNYCODE_TRUNCATED, 5, 0},
    {"egbpdaj6bu4bxfgehfvwx9", 0, IBIDI_E_PUNYCODE_TRUNCATED, 22, 0},
    {"9", C, IBIDI_E_PUNYCODE_TRUNCATED, 1, 0},
    /* not a digit (§5) */
    {"ab$c", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 2, '$'},
    {"a-b\xC3\xA9", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 3, 0xC3},
    {"egbpdaj6bu4bx.gehfvwxn", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 13, '.'},
    {"a b", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 1, ' '},
    {"ab_", C, IBIDI_E_PUNYCODE_BAD_INPUT, 2, '_'},
    /* non-basic code point before the last delimiter (§6.2) */
    {"\xC3\xA9-abc", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 0, 0xC3},
    {"a\x80" "b-c", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 1, 0x80},
    {"ab\xFF-", C, IBIDI_E_PUNYCODE_BAD_INPUT, 2, 0xFF},
    /* §6.4 overflow: runs of "9" (digit 35, never below a threshold): i + digit * w
     * passes 2^32 at the eighth digit (35 * (1 + 35 + 35^2 + 35^2*10 + ... ) with the
     * weights 1, 35, 1225, 12250, ... of bias 72) */
    {"9999999", 0, IBIDI_E_PUNYCODE_TRUNCATED, 7, 0},
    {"99999999", 0, IBIDI_E_PUNYCODE_OVERFLOW, 7, '9'},
    {"999999999999999999999999", C, IBIDI_E_PUNYCODE_OVERFLOW, 7, '9'},
    {"abc-99999999", 0, IBIDI_E_PUNYCODE_OVERFLOW, 11, '9'},
    /* "z" (25) is below the threshold 26 from the third digit on, so a run of "z" is a
     * series of short deltas; n grows until the delta starting at offset 22 reaches a
     * surrogate, U+DEF3 */
    {"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
     0, IBIDI_E_PUNYCODE_RANGE, 22, 0xDEF3},
    /* a leading delimiter (no basic code point before it): §6.2 consumes the delimiter
     * only after basic code points, so it is read as a digit, in both modes */
    {"-", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 0, '-'},
    {"-", C, IBIDI_E_PUNYCODE_BAD_INPUT, 0, '-'},
    {"-egbpdaj6bu4bxfgehfvwxn", 0, IBIDI_E_PUNYCODE_BAD_INPUT, 0, '-'},
    {"-egbpdaj6bu4bxfgehfvwxn", C, IBIDI_E_PUNYCODE_BAD_INPUT, 0, '-'},
    {"--a", 0, IBIDI_OK, 0, 0}, /* "-" before the last delimiter: a basic code point */
    /* not canonical: accepted without the flag, rejected with it */
    {"IHQWCRB4CV8A8DQG056PQJYE", 0, IBIDI_OK, 0, 0},
    {"IHQWCRB4CV8A8DQG056PQJYE", C, IBIDI_E_PUNYCODE_NOT_CANONICAL, 0, 'I'},
    {"ihqwcrb4cv8a8dqG056pqjye", C, IBIDI_E_PUNYCODE_NOT_CANONICAL, 15, 'G'},
    {"MajiKoi5-783gue6qz075azM5e", C, IBIDI_E_PUNYCODE_NOT_CANONICAL, 23, 'M'},
    {"majikoi5-783gue6qz075azm5e", C, IBIDI_OK, 0, 0}, /* basic code points: any case */
    /* validity before canonical form: an invalid input is reported as invalid */
    {"a-A$", C, IBIDI_E_PUNYCODE_BAD_INPUT, 3, '$'},
    {"a-9", C, IBIDI_E_PUNYCODE_TRUNCATED, 3, 0},
};
#undef C

static void test_decode_cases(void)
{
    uint32_t out[256];
    for (size_t k = 0; k < sizeof dcases / sizeof dcases[0]; k++) {
        const dcase *D = &dcases[k];
        ibidi_error e = {IBIDI_E_NOMEM, 99, 99};
        size_t len = strlen(D->in);
        ibidi_buf32 ob32 = {out, 256, 0};
        ibidi_status st = ibidi_punycode_decode(D->in, len, D->flags, &ob32, &e);
        CHECK(st == D->st && e.status == st && e.offset == D->offset && e.value == D->value,
              "case %zu \"%s\" flags %u: status %d offset %zu value %X, want %d %zu %X", k,
              D->in, D->flags, st, e.offset, (unsigned)e.value, D->st, D->offset,
              (unsigned)D->value);
    }
    /* "a": the smallest delta gives U+0080. A delta can never insert a basic code point
     * (§6.2: n starts at 0x80 and only grows; it cannot wrap because of the overflow
     * check), so that form of non-canonical input cannot be written. */
    uint32_t cp = 0;
    ibidi_buf32 one = {&cp, 1, 0};
    CHECK(ibidi_punycode_decode("a", 1, 0, &one, NULL) == IBIDI_OK && one.len == 1 &&
              cp == 0x80,
          "\"a\" decodes to U+0080");
}

/* Range and overflow of n, built from single deltas: "<basic>-<vli>" inserts one code point
 * n = 0x80 + i div (nb + 1). */
static ibidi_status decode_one_delta(const char *basic, uint32_t i, uint32_t *cp, size_t *at,
                                     ibidi_error *e)
{
    char buf[64];
    uint32_t out[64];
    size_t nb = strlen(basic), len = 0, m = 0;
    ibidi_buf32 ob32;
    memcpy(buf, basic, nb);
    len = nb;
    if (nb)
        buf[len++] = '-';
    *at = len;
    len += put_vli(i, 72, buf + len);
    ob32 = (ibidi_buf32){out, 64, 0};
    ibidi_status st = ibidi_punycode_decode(buf, len, IBIDI_PUNYCODE_CANONICAL, &ob32, e);
    m = ob32.len;
    if (st == IBIDI_OK) {
        for (size_t k = 0; k < m; k++)
            if (out[k] >= 0x80)
                *cp = out[k];
    }
    return st;
}

static void test_decode_range(void)
{
    static const struct {
        uint32_t cp;
        ibidi_status st;
    } cases[] = {
        {0x80, IBIDI_OK},           {0xD7FF, IBIDI_OK},
        {0xD800, IBIDI_E_PUNYCODE_RANGE}, {0xDBFF, IBIDI_E_PUNYCODE_RANGE},
        {0xDC00, IBIDI_E_PUNYCODE_RANGE}, {0xDFFF, IBIDI_E_PUNYCODE_RANGE},
        {0xE000, IBIDI_OK},         {0xFFFF, IBIDI_OK},
        {0x10000, IBIDI_OK},        {0x10FFFF, IBIDI_OK},
        {0x110000, IBIDI_E_PUNYCODE_RANGE}, {0x7FFFFFFF, IBIDI_E_PUNYCODE_RANGE},
    };
    static const char *const basics[] = {"", "a", "ab-c"};
    for (size_t b = 0; b < 3; b++) {
        uint32_t L = (uint32_t)strlen(basics[b]) + 1;
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            uint32_t i = (cases[k].cp - 0x80) * L; /* inserted at position 0 */
            if ((uint64_t)(cases[k].cp - 0x80) * L > UINT32_MAX)
                continue;
            uint32_t cp = 0;
            size_t at = 0;
            ibidi_error e;
            ibidi_status st = decode_one_delta(basics[b], i, &cp, &at, &e);
            if (cases[k].st == IBIDI_OK)
                CHECK(st == IBIDI_OK && cp == cases[k].cp, "U+%X after \"%s\": %d",
                      (unsigned)cases[k].cp, basics[b], st);
            else
                CHECK(st == cases[k].st && e.offset == at && e.value == cases[k].cp,
                      "%X after \"%s\": %d at %zu value %X", (unsigned)cases[k].cp, basics[b],
                      st, e.offset, (unsigned)e.value);
        }
        /* §6.4: n + i div (length + 1) above 2^32 - 1 is an overflow, not a range error */
        uint32_t i = UINT32_MAX - (UINT32_MAX % L); /* i div L = (2^32 - 1) div L */
        uint32_t cp = 0;
        size_t at = 0;
        ibidi_error e;
        ibidi_status st = decode_one_delta(basics[b], i, &cp, &at, &e);
        if (L == 1)
            CHECK(st == IBIDI_E_PUNYCODE_OVERFLOW && e.offset == at,
                  "n overflow: %d at %zu", st, e.offset);
        else
            CHECK(st == IBIDI_E_PUNYCODE_RANGE && e.offset == at, "n large: %d", st);
    }
    /* i itself beyond 2^32: the eighth "9" of a run (see dcases); and a later delta whose
     * i + digit * w passes 2^32 after a first one */
    {
        char buf[64];
        size_t len = put_vli(0, 72, buf); /* U+0080, then bias 0 */
        for (int k = 0; k < 12; k++)
            buf[len++] = '9';
        ibidi_error e;
        ibidi_status st = ibidi_punycode_decode(buf, len, 0, &(ibidi_buf32){NULL, 0, 0}, &e);
        CHECK(st == IBIDI_E_PUNYCODE_OVERFLOW && e.offset < len && e.value == '9',
              "second delta overflow: %d at %zu", st, e.offset);
    }
}

/* ------------------------------------------------------------------ encoding errors */

static void test_encode_errors(void)
{
    char out[64];
    size_t len;
    ibidi_buf ob;
    ibidi_buf32 ob32;
    ibidi_error e;
    ibidi_status st;
    const uint32_t sur[] = {'a', 0x4E2D, 0xDFFF, 0x110000};
    ob = (ibidi_buf){out, sizeof out, 0};
    st = ibidi_punycode_encode(sur, 4, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_CP_SURROGATE && e.offset == 2 && e.value == 0xDFFF, "surrogate %d", st);
    const uint32_t big[] = {'a', 0x4E2D, 0x110000, 0xD800};
    ob = (ibidi_buf){out, sizeof out, 0};
    st = ibidi_punycode_encode(big, 4, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_CP_TOO_LARGE && e.offset == 2 && e.value == 0x110000, "too large %d",
          st);
    const uint32_t big2[] = {0xFFFFFFFF};
    ob = (ibidi_buf){NULL, 0, 0};
    st = ibidi_punycode_encode(big2, 1, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_CP_TOO_LARGE && e.offset == 0 && e.value == 0xFFFFFFFF, "FFFFFFFF");
    const uint32_t d800[] = {0xD800};
    ob = (ibidi_buf){NULL, 0, 0};
    st = ibidi_punycode_encode(d800, 1, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_CP_SURROGATE && e.offset == 0, "D800 %d", st);

    /* §6.4: valid input reaches a delta beyond 2^32 - 1. With h basic code points before
     * U+10FFFF its delta is (10FFFF - 80) * (h + 1) + h: 3800 fit, 4000 do not (within
     * IBIDI_PUNYCODE_MAX_CPS, so the overflow, not the length, is what fails). */
    enum { NB = 4000 };
    uint32_t *cps = malloc((NB + 2) * sizeof *cps);
    char *enc = malloc(NB * 2 + 64);
    uint32_t *dec = malloc((NB + 2) * sizeof *dec);
    if (!cps || !enc || !dec) {
        CHECK(0, "out of memory");
        free(cps), free(enc), free(dec);
        return;
    }
    for (size_t i = 0; i < NB; i++)
        cps[i] = 'a';
    cps[NB] = 0x10FFFF;
    ob = (ibidi_buf){enc, NB * 2 + 64, 0};
    st = ibidi_punycode_encode(cps, NB + 1, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_PUNYCODE_OVERFLOW && e.offset == NB && e.value == 0x10FFFF,
          "encode overflow: %d at %zu", st, e.offset);
    cps[3800] = 0x10FFFF;
    ob = (ibidi_buf){enc, NB * 2 + 64, 0};
    st = ibidi_punycode_encode(cps, 3801, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_OK, "3800 basic + 10FFFF: %d", st);
    size_t m = 0;
    ob32 = (ibidi_buf32){dec, NB + 2, 0};
    st = ibidi_punycode_decode(enc, len, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
    m = ob32.len;
    CHECK(st == IBIDI_OK && m == 3801 && dec[3800] == 0x10FFFF && dec[0] == 'a',
          "3800 basic + 10FFFF round trip: %d", st);
    /* the same through non-basic code points: 4000 x U+0080, then U+10FFFF */
    for (size_t i = 0; i < 4000; i++)
        cps[i] = 0x80;
    cps[4000] = 0x10FFFF;
    ob = (ibidi_buf){enc, NB * 2 + 64, 0};
    st = ibidi_punycode_encode(cps, 4001, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_PUNYCODE_OVERFLOW && e.offset == 4000, "overflow after U+0080: %d", st);
    /* the preflight reports the overflow too */
    ob = (ibidi_buf){NULL, 0, 0};
    st = ibidi_punycode_encode(cps, 4001, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_PUNYCODE_OVERFLOW, "overflow in preflight: %d", st);
    free(cps), free(enc), free(dec);
}

/* ------------------------------------------------------------------ length bound */

/* IBIDI_PUNYCODE_MAX_CPS: exactly the bound passes, one more code point gives
 * IBIDI_E_PUNYCODE_TOO_LONG, in both directions (no time is measured: the status says that
 * the quadratic passes were not run). */
static void test_length_bound(void)
{
    enum { MAX = IBIDI_PUNYCODE_MAX_CPS, BIG = 100000 };
    uint32_t *cps = malloc((BIG + 1) * sizeof *cps), *dec = malloc((MAX + 2) * sizeof *dec);
    char *enc = malloc(8 * (BIG + 1));
    if (!cps || !dec || !enc) {
        CHECK(0, "out of memory");
        free(cps), free(enc), free(dec);
        return;
    }
    /* distinct non-basic code points, the encoder's worst case (one pass each) */
    for (size_t i = 0; i <= BIG; i++)
        cps[i] = 0x4E00 + (uint32_t)(i % 0x5000) + (i % 3 == 0 ? 0 : 0x10000);
    size_t len = 0, m = 0;
    ibidi_buf ob;
    ibidi_buf32 ob32;
    ibidi_error e;
    ob = (ibidi_buf){enc, 8 * (BIG + 1), 0};
    ibidi_status st = ibidi_punycode_encode(cps, MAX, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_OK && len > MAX, "encode %d code points: %d", MAX, st);
    ob32 = (ibidi_buf32){dec, MAX + 2, 0};
    st = ibidi_punycode_decode(enc, len, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
    m = ob32.len;
    CHECK(st == IBIDI_OK && m == MAX && memcmp(dec, cps, MAX * sizeof *cps) == 0,
          "decode %d code points: %d", MAX, st);
    ob = (ibidi_buf){enc, 8 * (BIG + 1), 0};
    st = ibidi_punycode_encode(cps, MAX + 1, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_PUNYCODE_TOO_LONG && e.status == st && e.offset == MAX &&
              e.value == cps[MAX] && len == 0,
          "encode %d code points: %d offset %zu", MAX + 1, st, e.offset);
    ob = (ibidi_buf){NULL, 0, 0};
    st = ibidi_punycode_encode(cps, BIG, &ob, &e);
    len = ob.len;
    CHECK(st == IBIDI_E_PUNYCODE_TOO_LONG, "encode %d code points: %d", BIG, st);
    /* decoding: MAX + 1 basic code points, and MAX basic code points and one delta */
    memset(enc, 'a', MAX + 1);
    enc[MAX + 1] = '-';
    ob32 = (ibidi_buf32){dec, MAX + 2, 0};
    st = ibidi_punycode_decode(enc, MAX + 2, 0, &ob32, &e);
    m = ob32.len;
    CHECK(st == IBIDI_E_PUNYCODE_TOO_LONG && e.offset == MAX && e.value == 'a',
          "decode %d basic code points: %d offset %zu", MAX + 1, st, e.offset);
    ob32 = (ibidi_buf32){dec, MAX + 2, 0};
    st = ibidi_punycode_decode(enc + 1, MAX + 1, 0, &ob32, &e);
    m = ob32.len;
    CHECK(st == IBIDI_OK && m == MAX, "decode %d basic code points: %d", MAX, st);
    enc[MAX + 1] = 'a'; /* "aaa...a-a": U+0080 after MAX basic code points */
    enc[MAX] = '-';
    ob32 = (ibidi_buf32){NULL, 0, 0};
    st = ibidi_punycode_decode(enc, MAX + 2, 0, &ob32, &e);
    m = ob32.len;
    CHECK(st == IBIDI_E_PUNYCODE_TOO_LONG && e.offset == MAX + 1 && e.value == 'a',
          "decode %d basic + 1: %d offset %zu", MAX, st, e.offset);
    /* a long run of one-digit deltas ("a": delta 0, U+0080 each time) stops at the bound
     * too, at the digit that would code the first code point beyond it */
    memset(enc, 'a', BIG);
    ob32 = (ibidi_buf32){dec, MAX + 2, 0};
    st = ibidi_punycode_decode(enc, BIG, 0, &ob32, &e);
    m = ob32.len;
    CHECK(st == IBIDI_E_PUNYCODE_TOO_LONG && e.offset == MAX && e.value == 'a',
          "decode %d digits: %d offset %zu", BIG, st, e.offset);
    free(cps), free(enc), free(dec);
}

/* ------------------------------------------------------------------ contract */

static void test_contract(void)
{
    char out[8];
    uint32_t cps[8];
    ibidi_buf ob = {NULL, 0, 99};
    ibidi_buf32 ob32 = {NULL, 0, 99};
    ibidi_error e;
    ibidi_status st;
    st = ibidi_punycode_encode(NULL, 0, &ob, &e);
    CHECK(st == IBIDI_OK && ob.len == 0 && e.status == IBIDI_OK, "encode empty");
    st = ibidi_punycode_decode(NULL, 0, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
    CHECK(st == IBIDI_OK && ob32.len == 0 && e.status == IBIDI_OK, "decode empty");
    ob = (ibidi_buf){out, 8, 0};
    st = ibidi_punycode_encode(NULL, 1, &ob, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.status == st, "encode NULL input");
    ob = (ibidi_buf){NULL, 8, 0};
    st = ibidi_punycode_encode(cps, 0, &ob, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "encode NULL output");
    st = ibidi_punycode_encode(cps, 0, NULL, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.status == st, "encode without an output record");
    ob32 = (ibidi_buf32){cps, 8, 0};
    st = ibidi_punycode_decode(NULL, 1, 0, &ob32, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "decode NULL input");
    ob32 = (ibidi_buf32){NULL, 8, 0};
    st = ibidi_punycode_decode("a", 1, 0, &ob32, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "decode NULL output");
    st = ibidi_punycode_decode("a", 1, 0, NULL, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.status == st, "decode without an output record");
    /* err may be NULL */
    const uint32_t a[] = {0xE9};
    ob = (ibidi_buf){out, 8, 0};
    CHECK(ibidi_punycode_encode(a, 1, &ob, NULL) == IBIDI_OK && ob.len == 3 &&
              memcmp(out, "9ca", 3) == 0,
          "encode without err");
    ob32 = (ibidi_buf32){cps, 8, 0};
    CHECK(ibidi_punycode_decode("9ca", 3, IBIDI_PUNYCODE_CANONICAL, &ob32, NULL) == IBIDI_OK &&
              ob32.len == 1 && cps[0] == 0xE9,
          "decode without err");
    /* an ASCII-only string: basic code points and a delimiter */
    const uint32_t abc[] = {'a', 'B', '-'};
    ob = (ibidi_buf){out, 8, 0};
    st = ibidi_punycode_encode(abc, 3, &ob, &e);
    CHECK(st == IBIDI_OK && ob.len == 4 && memcmp(out, "aB--", 4) == 0, "encode ASCII");
    CHECK(ibidi__punycode_is_basic_only(out, ob.len) && ibidi__punycode_is_basic_only("", 0) &&
              !ibidi__punycode_is_basic_only("9a", 2),
          "is_basic_only");
    /* a buffer too small in the basic part and in the digits */
    ob = (ibidi_buf){out, 2, 0};
    st = ibidi_punycode_encode(abc, 3, &ob, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && ob.len == 4 && e.status == st, "encode cap 2");
    ob32 = (ibidi_buf32){cps, 3, 0};
    st = ibidi_punycode_decode("aB---", 5, 0, &ob32, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && ob32.len == 4, "decode basic cap: %d %zu", st,
          ob32.len);
    /* errors after the buffer is full are still found, and the size is then 0 */
    ob32 = (ibidi_buf32){cps, 2, 99};
    st = ibidi_punycode_decode("abcd-a9", 7, 0, &ob32, &e);
    CHECK(st == IBIDI_E_PUNYCODE_TRUNCATED && e.offset == 7 && ob32.len == 0,
          "error past the cap: %d", st);
    /* a non-canonical encoding still gives its size */
    ob32 = (ibidi_buf32){NULL, 0, 0};
    st = ibidi_punycode_decode("a-9A", 4, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
    CHECK(st == IBIDI_E_PUNYCODE_NOT_CANONICAL && ob32.len == 2,
          "not canonical before too small: %d", st);
}

/* ------------------------------------------------------------------ round trips */

static uint32_t random_cp(uint32_t kind)
{
    uint32_t c;
    switch (kind % 8) {
    case 0: /* ASCII, delimiter and digits included */
        return rnd() % 0x80;
    case 1:
        return "abz09-AZ"[rnd() % 8];
    case 2: /* Latin-1 .. Arabic */
        return 0x80 + rnd() % 0x700;
    case 3: /* a small alphabet: many repeats */
        return 0x4E00 + rnd() % 8;
    case 4: /* the BMP without surrogates */
        c = 0x80 + rnd() % (0x10000 - 0x80);
        return c >= 0xD800 && c <= 0xDFFF ? c + 0x800 : c;
    case 5: /* any plane */
        c = rnd() % 0x110000;
        return c >= 0xD800 && c <= 0xDFFF ? 0x10FFFF : c;
    case 6: /* the edges */
        return (const uint32_t[]){0x7F, 0x80, 0x81, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF,
                                  0xFFFD, 0x1F600, 0xE0001, 0x10FFFE}[rnd() % 12];
    default: /* supplementary planes only */
        return 0x10000 + rnd() % 0x100000;
    }
}

static void test_round_trips(void)
{
    enum { MAXN = 3000 };
    uint32_t *cps = malloc(MAXN * sizeof *cps), *dec = malloc(MAXN * sizeof *dec);
    char *enc = malloc(MAXN * 12 + 16), *alt = malloc(MAXN * 12 + 16);
    long fails = 0, done = 0;
    if (!cps || !dec || !enc || !alt) {
        CHECK(0, "out of memory");
        free(cps), free(dec), free(enc), free(alt);
        return;
    }
    for (int iter = 0; iter < 6000; iter++) {
        size_t n = iter < 5000 ? rnd() % 64 : iter < 5950 ? 64 + rnd() % 600 : 1000 + rnd() % 2000;
        uint32_t mix = rnd(); /* which kinds of code points this string uses */
        int nb = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t kind = (mix >> (4 * (rnd() % 4))) & 7;
            cps[i] = random_cp(kind);
            nb += cps[i] < 0x80;
        }
        size_t len = 0, need = 0, m = 0;
        ibidi_buf ob;
        ibidi_buf32 ob32;
        ibidi_error e;
        ob = (ibidi_buf){NULL, 0, 0};
        ibidi_status st = ibidi_punycode_encode(cps, n, &ob, &e);
        need = ob.len;
        int ok = st == (need ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK);
        ob = (ibidi_buf){enc, MAXN * 12 + 16, 0};
        st = ibidi_punycode_encode(cps, n, &ob, &e);
        len = ob.len;
        ok = ok && st == IBIDI_OK && len == need;
        /* the output: the basic code points in order, a delimiter, lower-case digits */
        size_t j = 0;
        for (size_t i = 0; ok && i < n; i++)
            if (cps[i] < 0x80)
                ok = enc[j++] == (char)cps[i];
        if (ok && nb)
            ok = enc[j++] == '-';
        for (; ok && j < len; j++)
            ok = (enc[j] >= 'a' && enc[j] <= 'z') || (enc[j] >= '0' && enc[j] <= '9');
        ok = ok && ibidi__punycode_is_basic_only(enc, len) == ((size_t)nb == n);
        /* the bound on the length (n <= 63) holds */
        ok = ok && (n > 63 ? ibidi__punycode_bound(cps, n) == SIZE_MAX
                           : ibidi__punycode_bound(cps, n) >= len);
        /* back, canonically */
        ob32 = (ibidi_buf32){dec, MAXN, 0};
        st = ibidi_punycode_decode(enc, len, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
        m = ob32.len;
        ok = ok && st == IBIDI_OK && m == n && (n == 0 || memcmp(dec, cps, n * 4) == 0);
        /* digits in upper case: the same code points, not canonical if a letter changed */
        digits_case(enc, len, alt, 1);
        ob32 = (ibidi_buf32){dec, MAXN, 0};
        st = ibidi_punycode_decode(alt, len, 0, &ob32, &e);
        m = ob32.len;
        ok = ok && st == IBIDI_OK && m == n && (n == 0 || memcmp(dec, cps, n * 4) == 0);
        ob32 = (ibidi_buf32){dec, MAXN, 0};
        st = ibidi_punycode_decode(alt, len, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
        m = ob32.len;
        ok = ok && st == (memcmp(alt, enc, len) ? IBIDI_E_PUNYCODE_NOT_CANONICAL : IBIDI_OK);
        /* a buffer one code point short */
        if (n > 0) {
            ob32 = (ibidi_buf32){dec, n - 1, 0};
            st = ibidi_punycode_decode(enc, len, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
            m = ob32.len;
            ok = ok && st == IBIDI_E_BUFFER_TOO_SMALL && m == n;
        }
        if (!ok && fails++ < 5)
            CHECK(0, "round trip %d (n %zu) failed: status %d at %zu", iter, n, st, e.offset);
        done++;
    }
    if (!fails)
        t_pass_n(done);
    printf("info: %ld pseudo-random round trips\n", done);
    free(cps), free(dec), free(enc), free(alt);
}

/* Pseudo-random digit strings with and without delimiters: what decodes must re-encode to
 * the input with its digits in lower case (a leading lone delimiter does not decode);
 * canonical decoding accepts exactly the inputs that are already in that form. */
static void test_random_decodes(void)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCZ-";
    char in[80], norm[80], enc[1024];
    uint32_t dec[96];
    long fails = 0, decoded = 0, done = 0;
    for (int iter = 0; iter < 40000; iter++) {
        size_t len = rnd() % 24 + (iter % 10 == 0 ? rnd() % 48 : 0);
        for (size_t i = 0; i < len; i++)
            in[i] = alphabet[rnd() % (iter % 3 ? 36 : sizeof alphabet - 1)];
        ibidi_error e;
        ibidi_buf32 ob32 = {dec, 96, 0};
        ibidi_status st = ibidi_punycode_decode(in, len, 0, &ob32, &e);
        ob32 = (ibidi_buf32){dec, 96, 0};
        ibidi_status sc = ibidi_punycode_decode(in, len, IBIDI_PUNYCODE_CANONICAL, &ob32, &e);
        size_t m = ob32.len, elen = 0;
        int ok = 1;
        if (st == IBIDI_OK) {
            decoded++;
            digits_case(in, len, norm, 0);
            ibidi_buf ob = {enc, sizeof enc, 0};
            ok = digits_start(in, len) != 1 &&
                 ibidi_punycode_encode(dec, m, &ob, NULL) == IBIDI_OK && ob.len == len &&
                 memcmp(enc, norm, ob.len) == 0;
            elen = ob.len;
            ok = ok && sc == (elen == len && memcmp(in, enc, len) == 0
                                  ? IBIDI_OK
                                  : IBIDI_E_PUNYCODE_NOT_CANONICAL);
        } else {
            ok = sc == st; /* validity is decided first */
            ok = ok && (st == IBIDI_E_PUNYCODE_BAD_INPUT || st == IBIDI_E_PUNYCODE_TRUNCATED ||
                        st == IBIDI_E_PUNYCODE_OVERFLOW || st == IBIDI_E_PUNYCODE_RANGE);
            ok = ok && e.status == sc && e.offset <= len;
        }
        if (!ok && fails++ < 5)
            CHECK(0, "random decode %d \"%.*s\": status %d / %d", iter, (int)len, in, st, sc);
        done++;
    }
    if (!fails)
        t_pass_n(done);
    printf("info: %ld pseudo-random decodes, %ld valid\n", done, decoded);
}


/* ------------------------------------------------------------------ the fast path's decoder */

/* ibidi__punycode_decode_lane on s[0..len) against the canonical decoder: it succeeds
 * exactly when canonical decoding does with no more than cap code points, not all basic,
 * with the same code points. Returns 1 when they agree; *lane_ok says whether it decoded. */
static int lane_agrees(const char *s, size_t len, size_t cap, int *lane_ok)
{
    uint32_t want[128], got[128];
    ibidi_buf32 wb = {want, 128, 0};
    const ibidi_status sc = ibidi_punycode_decode(s, len, IBIDI_PUNYCODE_CANONICAL, &wb, NULL);
    const size_t m = wb.len;
    const size_t n = ibidi__punycode_decode_lane(s, len, got, cap);
    const int expect = sc == IBIDI_OK && m <= cap && !ibidi__punycode_is_basic_only(s, len);
    *lane_ok = n != 0;
    if (!expect)
        return n == 0;
    return n == m && memcmp(got, want, m * sizeof *got) == 0;
}

static void test_lane_decoder(void)
{
    static const char alphabet[] = "a9bz-A\x80"; /* digits 0, 35, 1, 25; upper case; non-ASCII */
    const size_t k = sizeof alphabet - 1;
    char in[1024];
    long fails = 0, done = 0, decoded = 0;
    int ok;
    /* every string of up to 7 bytes over the alphabet */
    for (size_t len = 0; len <= 7; len++) {
        size_t total = 1;
        for (size_t i = 0; i < len; i++)
            total *= k;
        for (size_t v = 0; v < total; v++) {
            size_t x = v;
            for (size_t i = 0; i < len; i++, x /= k)
                in[i] = alphabet[x % k];
            if (!lane_agrees(in, len, 128, &ok) && fails++ < 5)
                CHECK(0, "lane decoder on \"%.*s\"", (int)len, in);
            decoded += ok;
            done++;
        }
    }
    /* pseudo-random strings (overflow among them: long runs of high digits), and the
     * encodings of pseudo-random code points, each with a cap at, above and below size */
    static const char wide[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCZ-";
    uint32_t cps[60];
    for (int iter = 0; iter < 40000; iter++) {
        size_t len = 0;
        if (iter % 2) {
            len = rnd() % 30 + (iter % 10 == 1 ? rnd() % 60 : 0);
            for (size_t i = 0; i < len; i++)
                in[i] = wide[rnd() % (iter % 3 ? 36 : sizeof wide - 1)];
        } else {
            const size_t n = rnd() % 60;
            const uint32_t mix = rnd();
            for (size_t i = 0; i < n; i++)
                cps[i] = random_cp((mix >> (4 * (rnd() % 4))) & 7);
            ibidi_buf ob = {in, sizeof in, 0};
            if (ibidi_punycode_encode(cps, n, &ob, NULL) != IBIDI_OK)
                continue;
            len = ob.len;
        }
        for (size_t cap = 0; cap < 3; cap++) {
            size_t c = cap == 0 ? 128 : cap == 1 ? len : len / 2;
            if (!lane_agrees(in, len, c, &ok) && fails++ < 5)
                CHECK(0, "lane decoder on \"%.*s\" cap %zu", (int)len, in, c);
            decoded += ok;
            done++;
        }
    }
    /* the lane's own refusals where the canonical decoder succeeds */
    CHECK(ibidi__punycode_decode_lane("abc-", 4, (uint32_t[8]){0}, 8) == 0 &&
              ibidi_punycode_decode("abc-", 4, IBIDI_PUNYCODE_CANONICAL,
                                    &(ibidi_buf32){cps, 60, 0}, NULL) == IBIDI_OK,
          "basic code points only: the lane refuses (UTS #46 §4 step 4.3)");
    CHECK(ibidi__punycode_decode_lane("", 0, (uint32_t[8]){0}, 8) == 0, "empty: refused");
    CHECK(ibidi__punycode_decode_lane("ab-9", 4, (uint32_t[8]){0}, 8) == 0,
          "a truncated integer: refused");
    CHECK(ibidi__punycode_decode_lane("99999999999a", 12, (uint32_t[8]){0}, 8) == 0,
          "overflow (RFC 3492 §6.4): refused");
    CHECK(ibidi__punycode_decode_lane("-5dbqzzl", 8, (uint32_t[8]){0}, 8) == 0,
          "a leading delimiter: refused (not canonical)");
    CHECK(ibidi__punycode_decode_lane("5DBQZZL", 7, (uint32_t[8]){0}, 8) == 0,
          "upper-case digits: refused (not canonical)");
    CHECK(ibidi__punycode_decode_lane("5dbqzzl", 7, (uint32_t[8]){0}, 8) == 5,
          "a Hebrew word: decoded");
    if (!fails)
        t_pass_n(done);
    printf("info: %ld strings through the fast path's decoder, %ld decoded\n", done, decoded);
}

/* ibidi__punycode_bound on the labels that make the largest deltas: the bound is at least
 * the length, and proves the 63 octets of an A-label (RFC 5891 §4.2) for a label of eight
 * letters of one script block (Arabic from hamza to yeh). */
static void test_encode_bound(void)
{
    static char enc[1024];
    uint32_t cps[64];
    size_t tried = 0, under = 0;
    for (size_t n = 1; n <= 63; n++)
        for (int kind = 0; kind < 6; kind++) {
            for (size_t i = 0; i < n; i++) {
                switch (kind) {
                case 0: cps[i] = 0x10FFFF; break;                            /* one, repeated */
                case 1: cps[i] = i % 2 ? 0x10FFFF : 0x80; break;             /* the extremes */
                case 2: cps[i] = 0x10FFFF - (uint32_t)i * 0x4000; break;     /* descending */
                case 3: cps[i] = i % 3 ? 'a' : 0x10FFFF - (uint32_t)i; break; /* mostly basic */
                case 4: cps[i] = 0x80 + (uint32_t)i; break;                  /* ascending */
                default: cps[i] = (uint32_t)(i * 0x11111u % 0x10FF7Fu) + 0x80; /* spread */
                }
                if (cps[i] >= 0xD800 && cps[i] <= 0xDFFF)
                    cps[i] = 0xE000;
            }
            ibidi_buf ob = {enc, sizeof enc, 0};
            if (ibidi_punycode_encode(cps, n, &ob, NULL) != IBIDI_OK) {
                under++;
                continue;
            }
            tried++;
            under += ibidi__punycode_bound(cps, n) < ob.len;
        }
    CHECK(under == 0 && tried == 63 * 6, "the bound holds on %zu labels (%zu under)", tried,
          under);
    for (size_t i = 0; i < 8; i++)
        cps[i] = i % 2 ? 0x621 : 0x64A;
    CHECK(ibidi__punycode_bound(cps, 8) + 4 <= 63, "eight Arabic letters: %zu octets at most",
          ibidi__punycode_bound(cps, 8) + 4);
    cps[8] = 0x10FFFF;
    CHECK(ibidi__punycode_bound(cps, 64) == SIZE_MAX, "64 code points: no bound");
    uint32_t basic[3] = {'a', 'b', 'c'};
    CHECK(ibidi__punycode_bound(basic, 3) == 4 && ibidi__punycode_bound(basic, 0) == 0,
          "basic code points: themselves and the delimiter");
}

int main(void)
{
    test_samples();
    test_decode_cases();
    test_decode_range();
    test_encode_errors();
    test_length_bound();
    test_contract();
    test_round_trips();
    test_encode_bound();
    test_random_decodes();
    test_lane_decoder();
    return t_summary();
}
