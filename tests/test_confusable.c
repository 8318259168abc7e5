/* UTS #39 §4 and §3.1 (ibidi/confusable.h) against the data files themselves and against
 * the peer vectors of ../shared/lookalike (skipped when absent):
 *   1. every mapping of security/confusables.txt: the prototype is the target in NFD, and
 *      skeleton(source) = skeleton(target);
 *   2. Identifier_Status and Identifier_Type of every code point as the files list them;
 *   3. the standard's and ICU's examples, the issue's bidi example;
 *   4. the skeleton, bidi skeleton and confusable-pair rows of uts39-skeleton-confusable.tsv;
 *   5. errors: ill-formed input, bounds, buffer sizes;
 *   6. whole-script confusables against the search as the standard states it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confusable/confusable_internal.h"
#include "ibidi.h"
#include "testlib.h"

#define SEC "data/ucd/17.0.0/security/"
#define PEER "../shared/lookalike/uts39-skeleton-confusable.tsv"

/* Hex code points separated by blanks, up to cap; returns the count. */
static size_t parse_cps(const char *s, uint32_t *out, size_t cap)
{
    size_t n = 0;
    char *end;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        unsigned long v = strtoul(s, &end, 16);
        if (end == s)
            break;
        if (n < cap)
            out[n] = (uint32_t)v;
        n++;
        s = end;
    }
    return n;
}

static int same32(const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
{
    return an == bn && (an == 0 || memcmp(a, b, an * sizeof *a) == 0);
}

/* 1. confusables.txt */
static void test_mappings(void)
{
    char *text = t_read_file(SEC "confusables.txt", NULL);
    if (!CHECK(text != NULL, "%s can be read", SEC "confusables.txt"))
        return;
    size_t lines = 0, bad_proto = 0, bad_skel = 0, decomposed = 0, unstable = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !strchr(line, ';'))
            continue;
        uint32_t src = (uint32_t)strtoul(line, NULL, 16);
        const char *t = strchr(line, ';') + 1;
        uint32_t target[64], nfd[256], proto[64], s1[512], s2[512];
        size_t nt = parse_cps(t, target, 64);
        lines++;
        ibidi_buf32 b = {nfd, 256, 0};
        ibidi_normalize_cp(target, nt, IBIDI_NORMALIZE_NFD, &b, NULL);
        size_t np = ibidi_confusable_prototype(src, proto, 64);
        if (!same32(proto, np, nfd, b.len) && bad_proto++ < 5)
            CHECK(0, "prototype of U+%04X is not NFD of its target", (unsigned)src);
        ibidi_buf32 k1 = {s1, 512, 0}, k2 = {s2, 512, 0};
        ibidi_status a = ibidi_confusable_skeleton_cp(&src, 1, &k1, NULL);
        ibidi_status c = ibidi_confusable_skeleton_cp(target, nt, &k2, NULL);
        if (a == IBIDI_OK && c == IBIDI_OK && same32(s1, k1.len, s2, k2.len))
            continue;
        /* Two kinds of line cannot give equal skeletons under §4, which maps once, after
           NFD: a source that NFD decomposes (skeleton() never looks its own line up: ȧ
           reads as a + dot above, its target å as a + ring), and a target whose NFD holds
           characters that have prototypes of their own (the Hangul syllables of
           parenthesized Korean decompose to jamo, which map again). Each is counted; any
           other difference fails. */
        uint32_t d[8];
        ibidi_buf32 db = {d, 8, 0};
        ibidi_normalize_cp(&src, 1, IBIDI_NORMALIZE_NFD, &db, NULL);
        int remapped = 0;
        for (size_t i = 0; i < b.len; i++)
            remapped |= ibidi_confusable_prototype(nfd[i], NULL, 0) != 0;
        if (a == IBIDI_OK && c == IBIDI_OK && !(db.len == 1 && d[0] == src)) {
            decomposed++;
            continue;
        }
        if (a == IBIDI_OK && c == IBIDI_OK && remapped) {
            unstable++;
            continue;
        }
        if (bad_skel++ < 5)
            CHECK(0, "skeleton(U+%04X) differs from the skeleton of its target (%d %d)",
                  (unsigned)src, a, c);
    }
    CHECK(lines == 6565, "confusables.txt: %zu mappings, the file says 6565", lines);
    CHECK(bad_proto == 0, "%zu prototypes differ from NFD(target)", bad_proto);
    CHECK(bad_skel == 0, "%zu mappings: skeleton(source) != skeleton(target)", bad_skel);
    printf("compared %zu mappings of confusables.txt: every prototype is NFD(target); "
           "skeleton(source) = skeleton(target) for %zu, and for the other %zu as §4 says: "
           "%zu sources NFD decomposes, %zu targets that map again after NFD\n",
           lines, lines - decomposed - unstable, decomposed + unstable, decomposed, unstable);
    free(text);
}

/* 2. IdentifierStatus.txt, IdentifierType.txt, every code point */
static void test_identifier_data(void)
{
    static const char *const names[] = {"Not_Character", "Deprecated",  "Default_Ignorable",
                                        "Not_NFKC",      "Not_XID",     "Exclusion",
                                        "Obsolete",      "Technical",   "Uncommon_Use",
                                        "Limited_Use",   "Inclusion",   "Recommended"};
    unsigned *type = calloc(0x110000, sizeof *type);
    unsigned char *allowed = calloc(0x110000, 1);
    char *st = t_read_file(SEC "IdentifierStatus.txt", NULL);
    char *ty = t_read_file(SEC "IdentifierType.txt", NULL);
    if (!CHECK(type && allowed && st && ty, "the identifier files can be read")) {
        free(type), free(allowed), free(st), free(ty);
        return;
    }
    for (uint32_t c = 0; c < 0x110000; c++)
        type[c] = IBIDI_CONFUSABLE_TYPE_NOT_CHARACTER; /* @missing */
    for (char *line = strtok(st, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !strchr(line, ';'))
            continue;
        char *end;
        unsigned long lo = strtoul(line, &end, 16), hi = lo;
        if (end[0] == '.')
            hi = strtoul(end + 2, NULL, 16);
        if (strstr(line, "Allowed"))
            for (unsigned long c = lo; c <= hi; c++)
                allowed[c] = 1;
    }
    for (char *line = strtok(ty, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !strchr(line, ';'))
            continue;
        char *end;
        unsigned long lo = strtoul(line, &end, 16), hi = lo;
        if (end[0] == '.')
            hi = strtoul(end + 2, NULL, 16);
        char field[256];
        const char *semi = strchr(line, ';') + 1, *hash = strchr(semi, '#');
        size_t fl = hash ? (size_t)(hash - semi) : strlen(semi);
        if (fl >= sizeof field)
            fl = sizeof field - 1;
        memcpy(field, semi, fl);
        field[fl] = 0;
        unsigned bits = 0;
        for (char *tok = strtok_r(field, " \t", &end); tok; tok = strtok_r(NULL, " \t", &end))
            for (unsigned i = 0; i < 12; i++)
                if (strcmp(tok, names[i]) == 0)
                    bits |= 1u << i;
        for (unsigned long c = lo; c <= hi; c++)
            type[c] = bits;
    }
    size_t bad = 0, n_allowed = 0;
    for (uint32_t c = 0; c < 0x110000; c++) {
        n_allowed += allowed[c];
        if ((ibidi_confusable_identifier_type(c) != type[c] ||
             ibidi_confusable_identifier_allowed(c) != allowed[c]) &&
            bad++ < 5)
            CHECK(0, "U+%04X: type %x allowed %d, the files say %x %d", (unsigned)c,
                  ibidi_confusable_identifier_type(c), ibidi_confusable_identifier_allowed(c),
                  type[c], allowed[c]);
    }
    CHECK(bad == 0, "%zu code points differ from IdentifierStatus.txt / IdentifierType.txt", bad);
    CHECK(n_allowed == 33791, "%zu Allowed code points, the file says 33791", n_allowed);
    CHECK(ibidi_confusable_identifier_type(0x110000) == IBIDI_CONFUSABLE_TYPE_NOT_CHARACTER &&
              !ibidi_confusable_identifier_allowed(0xFFFFFFFF),
          "above 10FFFF: Not_Character, Restricted");
    for (unsigned i = 0; i < 12; i++)
        CHECK(strcmp(ibidi_confusable_type_name(1u << i), names[i]) == 0, "type name %u", i);
    CHECK(ibidi_confusable_type_name(3) == NULL, "no name for two bits");
    printf("compared 1114112 code points with IdentifierStatus.txt and IdentifierType.txt\n");
    free(type), free(allowed), free(st), free(ty);
}

static void skel_is(int bidi, ibidi_dir dir, const char *in, const char *want, int line)
{
    char out[1024];
    ibidi_buf b = {out, sizeof out, 0};
    ibidi_status st = bidi ? ibidi_confusable_bidi_skeleton_utf8(in, strlen(in), dir, &b, NULL)
                           : ibidi_confusable_skeleton_utf8(in, strlen(in), &b, NULL);
    t_check(st == IBIDI_OK && b.len == strlen(want) && memcmp(out, want, b.len) == 0, __FILE__,
            line, "%s(%s): %.*s (status %d), want %s", bidi ? "bidiSkeleton" : "skeleton", in,
            (int)b.len, out, st, want);
}

/* 3. examples */
static void test_examples(void)
{
    skel_is(0, IBIDI_DIR_LTR, "pаypal.com", "paypal.corn", __LINE__); /* U+0430, m -> rn */
    skel_is(0, IBIDI_DIR_LTR, "paypal.com", "paypal.corn", __LINE__);
    /* the issue's example: samekh samekh vav shows as vav samekh samekh in a left-to-right
       paragraph, and looks like loo; the plain skeleton reads ool */
    skel_is(0, IBIDI_DIR_LTR, "ססו.com", "ool.corn", __LINE__);
    skel_is(1, IBIDI_DIR_LTR, "ססו.com", "loo.corn", __LINE__);
    skel_is(1, IBIDI_DIR_LTR, "loo.com", "loo.corn", __LINE__);
    skel_is(1, IBIDI_DIR_RTL, "ססו.com", "corn.loo", __LINE__);
    /* UTS #39 §4: default ignorables go (U+200C in the Persian word of UTS #55 §5.1.3) */
    skel_is(0, IBIDI_DIR_LTR, "به\u200cروز", "بoروز", __LINE__);
    /* L3: the point stays after its base in a right-to-left run; L4: "<" mirrored at an odd
       level (ICU's testBidiSkeleton) */
    skel_is(1, IBIDI_DIR_LTR, "A1<\u05e9\u05c2", "Al<\u05e9\u0307", __LINE__);
    skel_is(1, IBIDI_DIR_RTL, "A1<\u05e9\u05c2", "\u05e9\u0307>Al", __LINE__);
    /* the final NFD sorts non-starters that prototypes bring next to others: U+0618 ARABIC
       SMALL FATHA (ccc 30) maps to U+0301 (230), which must follow U+0316 (220) */
    skel_is(0, IBIDI_DIR_LTR, "a\u0618\u0316", "a\u0316\u0301", __LINE__);
    skel_is(0, IBIDI_DIR_LTR, "", "", __LINE__);
    uint32_t p[IBIDI_CONFUSABLE_MAX_PROTOTYPE];
    CHECK(ibidi_confusable_prototype(0xFDFA, p, IBIDI_CONFUSABLE_MAX_PROTOTYPE) ==
              IBIDI_CONFUSABLE_MAX_PROTOTYPE,
          "U+FDFA has the longest prototype");
    CHECK(ibidi_confusable_prototype('a', p, 4) == 0, "a is its own prototype");
    CHECK(ibidi_confusable_identifier_allowed('a') &&
              ibidi_confusable_identifier_type(0x05D0) == IBIDI_CONFUSABLE_TYPE_RECOMMENDED,
          "a is Allowed, alef Recommended");
}

/* The look-alike findings of a name: "CODE@offset:detail" joined by spaces. */
static void findings_are(const char *name, const char *want, int line)
{
    ibidi_finding items[16];
    ibidi_findings f = {items, 16, 0, 0};
    char got[512];
    size_t at = 0;
    got[0] = 0;
    ibidi_status st = ibidi_confusable_check_utf8(name, strlen(name), &f, NULL);
    for (size_t i = 0; i < f.n && i < 16; i++)
        at += (size_t)snprintf(got + at, sizeof got - at, "%s%s@%zu:%X", i ? " " : "",
                               ibidi_code_name(items[i].code), items[i].offset,
                               (unsigned)items[i].detail);
    t_check(st == IBIDI_OK && f.errors == 0 && strcmp(got, want) == 0, __FILE__, line,
            "look-alikes of %s: [%s], want [%s]", name, got, want);
}

static void test_check(void)
{
    /* §4 mixed-script: U+0430 among Latin letters looks like a (detail 61) */
    findings_are("pаypal.com", "MIXED_SCRIPT_CONFUSABLE@1:61", __LINE__);
    /* §4 whole-script: samekh samekh vav all look like Latin letters (Latn is script 0x..) */
    char want[64];
    snprintf(want, sizeof want, "WHOLE_SCRIPT_CONFUSABLE@0:%X",
             (unsigned)ibidi_unicode_script_from_name("Latn", 4));
    findings_are("ססו.com", want, __LINE__);
    /* §3.1: U+01C3 is Restricted (Identifier_Type Technical) */
    snprintf(want, sizeof want, "RESTRICTED_CHARACTER@0:%X", IBIDI_CONFUSABLE_TYPE_TECHNICAL);
    findings_are("ǃkung.com", want, __LINE__);
    findings_are("example.com", "", __LINE__);
    findings_are("", "", __LINE__);
    /* digits and hyphens go with any script */
    findings_are("123-45", "", __LINE__);
    uint32_t set[16];
    size_t n = ibidi_confusable_set(0x0430, set, 16);
    int has_a = 0;
    for (size_t i = 0; i < n && i < 16; i++)
        has_a |= set[i] == 'a';
    CHECK(n >= 2 && has_a, "U+0430's confusable set holds a (%zu members)", n);
    CHECK(ibidi_confusable_set('!', set, 16) == 4 && set[1] == 0x01C3 &&
              ibidi_confusable_set(0x05E9, set, 16) == 0,
          "! looks like U+01C3 and two more; shin like nothing");
    ibidi_findings f = {NULL, 0, 0, 0};
    CHECK(ibidi_confusable_check_utf8("a\xff", 2, &f, NULL) == IBIDI_E_UTF8_INVALID_BYTE,
          "ill-formed UTF-8");
}

/* 4. peer vectors */
typedef struct row {
    char *f[20];
    int n;
} row;

/* The skeleton (dir < 0) or bidi skeleton of s into out; 0 on success. */
static int key_of(const char *s, int dir, char *out, size_t cap, size_t *len)
{
    ibidi_buf b = {out, cap, 0};
    ibidi_status st = dir < 0 ? ibidi_confusable_skeleton_utf8(s, strlen(s), &b, NULL)
                              : ibidi_confusable_bidi_skeleton_utf8(s, strlen(s),
                                                                    (ibidi_dir)dir, &b, NULL);
    *len = b.len;
    return st == IBIDI_OK ? 0 : -1;
}

static void test_peer_vectors(void)
{
    char *text = t_read_file(PEER, NULL);
    if (!text) {
        printf("skipped: %s is not there (peer vectors)\n", PEER);
        return;
    }
    size_t skel = 0, bidi = 0, pairs = 0, others = 0, peer_def = 0, levels = 0,
           levels_profile = 0, numerics = 0;
    int first = 1;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (first) { /* the header */
            first = 0;
            continue;
        }
        row r = {{0}, 0};
        for (char *p = line; r.n < 20;) {
            r.f[r.n++] = p;
            char *tab = strchr(p, '\t');
            if (!tab)
                break;
            *tab = 0;
            p = tab + 1;
        }
        if (r.n < 18)
            continue;
        const char *id = r.f[0], *api = r.f[4], *params = r.f[5], *in1 = r.f[6], *in2 = r.f[8],
                   *want = r.f[10], *computed = r.f[16];
        int dir = -1;
        if (strstr(params, "UBIDI_RTL"))
            dir = IBIDI_DIR_RTL;
        else if (strstr(params, "UBIDI_LTR") || strstr(params, "LEFT_TO_RIGHT"))
            dir = IBIDI_DIR_LTR;
        char k1[1024], k2[1024];
        size_t l1, l2;
        if (strstr(api, "keleton") && !strstr(api, "IsConfusable")) {
            int is_bidi = strstr(api, "Bidi") != NULL;
            if (key_of(in1, is_bidi ? dir : -1, k1, sizeof k1, &l1) != 0) {
                CHECK(0, "%s: no skeleton of %s", id, in1);
                continue;
            }
            /* computed_u17 is UTS #39's skeleton with Unicode 17.0.0 data; a peer whose own
               skeleton leaves out steps of §4 (its params say which) expects its own */
            const char *std = strncmp(computed, "skeleton=", 9) == 0 ? computed + 9 : want;
            CHECK(l1 == strlen(std) && memcmp(k1, std, l1) == 0, "%s: %s(%s) = %.*s, want %s",
                  id, is_bidi ? "bidiSkeleton" : "skeleton", in1, (int)l1, k1, std);
            if (strcmp(std, want) != 0) {
                peer_def++;
                CHECK(strstr(params, "no default-ignorable removal") != NULL,
                      "%s: expects %s, the standard gives %s, and says not why", id, want, std);
            }
            is_bidi ? bidi++ : skel++;
            continue;
        }
        if (strstr(api, "RESTRICTION_LEVEL") && !*in2) { /* UTS #39 §5.2 (ibidi/uts39.h) */
            static const char *const icu[] = {
                "USPOOF_ASCII", "USPOOF_SINGLE_SCRIPT_RESTRICTIVE", "USPOOF_HIGHLY_RESTRICTIVE",
                "USPOOF_MODERATELY_RESTRICTIVE", "USPOOF_MINIMALLY_RESTRICTIVE",
                "USPOOF_UNRESTRICTIVE"};
            int want_level = -1;
            for (int k = 0; k < 6; k++)
                if (strcmp(want, icu[k]) == 0)
                    want_level = k + 1; /* IBIDI_UTS39_ASCII_ONLY is 1 */
            if (want_level < 0) {
                others++;
                continue;
            }
            ibidi_uts39_level lv = IBIDI_UTS39_NO_LIMIT;
            ibidi_uts39_level_utf8(in1, strlen(in1), &lv, NULL);
            /* ICU's checker takes its allowed set (Identifier_Status Allowed, plus U+303C
               here): a Common character outside it, such as U+2665 BLACK HEART SUIT, makes
               ICU's level unrestrictive; ibidi's Identifier Profile is the script part of
               the General Security Profile (uts39.h), under which a Common character goes
               with every script. Such rows are counted and their level not compared. */
            int restricted_common = 0;
            size_t pos = 0;
            uint32_t cp;
            while (pos < strlen(in1) &&
                   ibidi_utf8_next(in1, strlen(in1), &pos, &cp, NULL) == IBIDI_OK)
                restricted_common |= !ibidi_confusable_identifier_allowed(cp) && cp != 0x303C &&
                                     ibidi_unicode_script(cp) == IBIDI_UNICODE_SC_ZYYY;
            if (restricted_common) {
                levels_profile++;
                CHECK(want_level == IBIDI_UTS39_UNRESTRICTED, "%s: ICU's level %s", id, want);
            } else {
                CHECK((int)lv == want_level, "%s: level of %s is %s, ICU %s", id, in1,
                      ibidi_uts39_level_name(lv), want);
                levels++;
            }
            continue;
        }
        if (strstr(api, "getCheckResultNumerics") && !*in2) { /* UTS #39 §5.3 */
            /* ICU lists the zero of each decimal system; mixed when there are two or more */
            const char *open = strchr(want, '[');
            size_t zeros = 0, wp = open ? (size_t)(open - want) + 1 : strlen(want);
            uint32_t cp;
            while (wp < strlen(want) && want[wp] != ']' &&
                   ibidi_utf8_next(want, strlen(want), &wp, &cp, NULL) == IBIDI_OK)
                zeros++;
            int mixed = -1;
            ibidi_uts39_mixed_numbers_utf8(in1, strlen(in1), &mixed, NULL, NULL);
            CHECK(mixed == (zeros > 1), "%s: mixed numbers of %s: %d, ICU %zu zeros", id, in1,
                  mixed, zeros);
            numerics++;
            continue;
        }
        if (*in2 && (strstr(api, "onfusable") || strstr(api, "IsConfusable"))) {
            const int yes = !(strcmp(want, "0") == 0 || strcmp(want, "false") == 0 ||
                              strncmp(want, "not", 3) == 0);
            const int is_bidi = strstr(api, "Bidi") != NULL || strstr(api, "direction") != NULL;
            char a[512], b[512];
            /* uspoof.h's user-name examples put "@" before each name */
            const char *at = strchr(params, '@') || strchr(want, '@') ? "@" : "";
            snprintf(a, sizeof a, "%s%s", at, in1);
            snprintf(b, sizeof b, "%s%s", at, in2);
            int dirs[2] = {is_bidi ? dir : -1, -2}, nd = 1;
            if (strstr(api, "LTR and RTL")) { /* both directions, each pair compared alike */
                dirs[0] = IBIDI_DIR_LTR;
                dirs[1] = IBIDI_DIR_RTL;
                nd = 2;
            }
            for (int d = 0; d < nd; d++) {
                if (key_of(a, dirs[d], k1, sizeof k1, &l1) || key_of(b, dirs[d], k2, sizeof k2, &l2)) {
                    CHECK(0, "%s: no skeleton", id);
                    continue;
                }
                const int eq = l1 == l2 && memcmp(k1, k2, l1) == 0;
                CHECK(eq == yes, "%s: %s and %s %s (%.*s / %.*s)", id, a, b,
                      eq ? "are confusable" : "are not confusable", (int)l1, k1, (int)l2, k2);
            }
            pairs++;
            continue;
        }
        others++;
    }
    printf("peer vectors: %zu skeleton rows, %zu bidi skeleton rows, %zu confusable pairs "
           "compared (%zu rows expect the peer's own skeleton, without default-ignorable "
           "removal: they are checked against the standard's); %zu restriction levels compared "
           "and %zu not (ICU's allowed set restricts a Common character ibidi's Identifier "
           "Profile lets through), %zu mixed-numbers rows compared; %zu rows of other checks "
           "(invisible characters, hidden overlays, script sets, whole-script confusables by "
           "script set, library-specific APIs) are not compared by this test\n",
           skel, bidi, pairs, peer_def, levels, levels_profile, numerics, others);
    CHECK(levels >= 13 && numerics == 13, "restriction and numerics rows read (%zu %zu)", levels,
          numerics);
    CHECK(skel >= 37 && bidi >= 5 && pairs >= 17, "the peer file was read (%zu %zu %zu)", skel,
          bidi, pairs);
    free(text);
}

/* 5. errors and bounds */
static void test_errors(void)
{
    char out[64];
    ibidi_buf b = {out, sizeof out, 0};
    ibidi_error e;
    CHECK(ibidi_confusable_skeleton_utf8("a\xff", 2, &b, &e) == IBIDI_E_UTF8_INVALID_BYTE &&
              e.offset == 1 && b.len == 0,
          "ill-formed UTF-8 at its byte");
    uint32_t sur[2] = {'a', 0xD800}, o32[8];
    ibidi_buf32 b32 = {o32, 8, 0};
    CHECK(ibidi_confusable_skeleton_cp(sur, 2, &b32, &e) == IBIDI_E_CP_SURROGATE &&
              e.offset == 1,
          "a surrogate at its index");
    /* the size of the whole result also when it does not fit */
    ibidi_buf small = {out, 3, 0};
    CHECK(ibidi_confusable_skeleton_utf8("paypal.com", 10, &small, &e) ==
                  IBIDI_E_BUFFER_TOO_SMALL &&
              small.len == 11,
          "too small: len %zu", small.len);
    ibidi_buf none = {NULL, 0, 0};
    CHECK(ibidi_confusable_bidi_skeleton_utf8("ססו", 6, IBIDI_DIR_LTR, &none, NULL) ==
                  IBIDI_E_BUFFER_TOO_SMALL &&
              none.len == 3,
          "sizing with no buffer: %zu", none.len);
    /* sizing counts UTF-8 bytes, not code points (shin has no prototype: 2 bytes) */
    none.len = 0;
    CHECK(ibidi_confusable_skeleton_utf8("ש", 2, &none, NULL) == IBIDI_E_BUFFER_TOO_SMALL &&
              none.len == 2,
          "sizing a UTF-8 skeleton: %zu bytes", none.len);
    CHECK(ibidi_confusable_bidi_skeleton_utf8("a", 1, IBIDI_DIR_AUTO, &b, &e) ==
              IBIDI_E_INVALID_ARGUMENT,
          "a direction other than LTR and RTL is refused");
    CHECK(ibidi_confusable_skeleton_utf8(NULL, 1, &b, &e) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_confusable_skeleton_utf8("a", 1, NULL, &e) == IBIDI_E_INVALID_ARGUMENT,
          "NULL arguments");
    /* a combining sequence over the bound */
    static uint32_t marks[IBIDI_CONFUSABLE_MAX_SEQUENCE + 2];
    marks[0] = 'a';
    for (size_t i = 1; i < sizeof marks / sizeof marks[0]; i++)
        marks[i] = 0x0316;
    CHECK(ibidi_confusable_skeleton_cp(marks, sizeof marks / sizeof marks[0], &b32, &e) ==
                  IBIDI_E_TOO_LONG &&
              e.offset == 0,
          "a combining sequence over IBIDI_CONFUSABLE_MAX_SEQUENCE");
    CHECK(ibidi_confusable_skeleton_cp(marks, IBIDI_CONFUSABLE_MAX_SEQUENCE, &b32, &e) ==
              IBIDI_E_BUFFER_TOO_SMALL,
          "a combining sequence at the bound is taken");
    static uint32_t longtext[IBIDI_CONFUSABLE_MAX_BIDI + 1];
    for (size_t i = 0; i < sizeof longtext / sizeof longtext[0]; i++)
        longtext[i] = 'a';
    CHECK(ibidi_confusable_bidi_skeleton_cp(longtext, IBIDI_CONFUSABLE_MAX_BIDI + 1,
                                            IBIDI_DIR_LTR, &b32, &e) == IBIDI_E_TOO_LONG,
          "a bidi skeleton over IBIDI_CONFUSABLE_MAX_BIDI code points");
}

/* The ASCII short cut of the bidi skeleton (a text whose display is itself) gives what the
 * full path does: every text of up to four characters from an alphabet of each bidi class
 * ASCII has (L, EN, CS, ES, ET, ON with a mirrored pair, WS, S, B, BN) and the text's
 * code points (the _cp call takes no short cut), in both directions; then longer host-name
 * shapes, where the short cut is taken in a right-to-left paragraph too. */
static int same_ascii_bidi_skeleton(const char *s, size_t n, ibidi_dir dir)
{
    uint32_t cps[64], k32[256];
    char k8[256];
    for (size_t i = 0; i < n; i++)
        cps[i] = (unsigned char)s[i];
    ibidi_buf b8 = {k8, sizeof k8, 0};
    ibidi_buf32 b32 = {k32, 256, 0};
    if (ibidi_confusable_bidi_skeleton_utf8(s, n, dir, &b8, NULL) != IBIDI_OK ||
        ibidi_confusable_bidi_skeleton_cp(cps, n, dir, &b32, NULL) != IBIDI_OK)
        return 0;
    char back[1024];
    ibidi_buf bb = {back, sizeof back, 0};
    return ibidi_utf8_encode(k32, b32.len, &bb, NULL) == IBIDI_OK && bb.len == b8.len &&
           memcmp(back, k8, bb.len) == 0;
}

static void test_ascii_short_cut(void)
{
    static const char alphabet[] = "aZl01.-+#( \t\n\x01";
    const size_t na = sizeof alphabet - 1;
    size_t tried = 0, bad = 0;
    for (size_t len = 0; len <= 4; len++) {
        size_t total = 1;
        for (size_t i = 0; i < len; i++)
            total *= na;
        for (size_t x = 0; x < total; x++) {
            char s[4];
            size_t y = x;
            for (size_t i = 0; i < len; i++, y /= na)
                s[i] = alphabet[y % na];
            for (int d = 0; d < 2; d++, tried++)
                if (!same_ascii_bidi_skeleton(s, len, d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR) &&
                    bad++ < 5)
                    CHECK(0, "bidi skeleton of %.*s (%s): the short cut differs", (int)len, s,
                          d ? "rtl" : "ltr");
        }
    }
    static const char *const hosts[] = {"shop.com",    "x1.y2",     "a-b-c.d-e", "l0l.c0m",
                                        "rn.m1-1.org", "a..b",      "a.1",       "z9.9",
                                        "1a.com",      "a.com-",    "a.com.",    "A.B"};
    for (size_t i = 0; i < sizeof hosts / sizeof hosts[0]; i++)
        for (int d = 0; d < 2; d++, tried++)
            if (!same_ascii_bidi_skeleton(hosts[i], strlen(hosts[i]),
                                          d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR) && bad++ < 10)
                CHECK(0, "bidi skeleton of %s (%s): the short cut differs", hosts[i],
                      d ? "rtl" : "ltr");
    CHECK(bad == 0, "%zu of %zu ASCII texts: the short cut differs from UAX #9's order", bad,
          tried);
}

/* The skeleton of UTF-8 text takes a short way for text of code points below U+0800 each
 * its own NFD and a starter (ibidi__conf_low_skel); the code point call always takes the
 * general way. Both must agree: every code point below U+0800 alone, between two others
 * (a, a mark, a Hebrew letter), and every pair of a sample that holds marks, letters with
 * decompositions and prototypes of several characters. */
static int same_ways(const uint32_t *cps, size_t n)
{
    char u8[64], a[256];
    uint32_t b32[128];
    ibidi_buf in = {u8, sizeof u8, 0};
    if (ibidi_utf8_encode(cps, n, &in, NULL) != IBIDI_OK)
        return 0;
    ibidi_buf ob = {a, sizeof a, 0};
    ibidi_buf32 o32 = {b32, 128, 0};
    if (ibidi_confusable_skeleton_utf8(u8, in.len, &ob, NULL) != IBIDI_OK ||
        ibidi_confusable_skeleton_cp(cps, n, &o32, NULL) != IBIDI_OK)
        return 0;
    char back[512];
    ibidi_buf bb = {back, sizeof back, 0};
    return ibidi_utf8_encode(b32, o32.len, &bb, NULL) == IBIDI_OK && bb.len == ob.len &&
           memcmp(back, a, ob.len) == 0;
}

static void test_short_way(void)
{
    size_t tried = 0, bad = 0;
    static const uint32_t around[] = {'a', 0x0301, 0x05D0, 0x0627, 0x0654};
    for (uint32_t c = 0; c < 0x800; c++) {
        uint32_t one[1] = {c};
        tried++;
        if (!same_ways(one, 1) && bad++ < 5)
            CHECK(0, "skeleton of U+%04X: the UTF-8 short way differs", (unsigned)c);
        for (size_t k = 0; k < sizeof around / sizeof around[0]; k++) {
            uint32_t three[3] = {around[k], c, around[(k + 1) % 5]};
            tried++;
            if (!same_ways(three, 3) && bad++ < 10)
                CHECK(0, "skeleton of U+%04X U+%04X U+%04X: the short way differs",
                      (unsigned)three[0], (unsigned)c, (unsigned)three[2]);
        }
    }
    static const uint32_t sample[] = {'a',    'm',    '1',    '%',    0x00E9, 0x0301, 0x0316,
                                      0x05D5, 0x05E1, 0x05B0, 0x0627, 0x0622, 0x0654, 0x0660,
                                      0x0665, 0x0430, 0x03BF, 0x00AD, 0x07C0, 0x0800, 0xFB20};
    const size_t ns = sizeof sample / sizeof sample[0];
    for (size_t i = 0; i < ns; i++)
        for (size_t j = 0; j < ns; j++) {
            uint32_t two[2] = {sample[i], sample[j]};
            tried++;
            if (!same_ways(two, 2) && bad++ < 15)
                CHECK(0, "skeleton of U+%04X U+%04X: the short way differs",
                      (unsigned)two[0], (unsigned)two[1]);
        }
    CHECK(bad == 0, "%zu of %zu texts: the UTF-8 short way differs from the general one", bad,
          tried);
}

/* ---- Look-alike forms ----------------------------------------------------------------- */

/* What a run of ibidi_confusable_forms_utf8 saw: every form checked against the public
 * bidi skeleton of the name, and kept (up to a bound) for the other checks. */
#define MAX_SEEN 4096
typedef struct seen {
    const char *name;
    ibidi_dir dir;
    char skel[1024];
    size_t skel_len, n, bad, dup, calls;
    char *forms[MAX_SEEN];
    size_t stop_after; /* 0: never stop */
} seen;

static int same_skeleton(const char *a, size_t an, ibidi_dir dir, const char *sk, size_t skn)
{
    char b[1024];
    ibidi_buf out = {b, sizeof b, 0};
    return ibidi_confusable_bidi_skeleton_utf8(a, an, dir, &out, NULL) == IBIDI_OK &&
           out.len == skn && memcmp(b, sk, skn) == 0;
}

static int on_form(const ibidi_confusable_form *f, void *ctx)
{
    seen *x = ctx;
    x->calls++;
    int ok = same_skeleton(f->text, f->len, x->dir, x->skel, x->skel_len) &&
             !(f->len == strlen(x->name) && memcmp(f->text, x->name, f->len) == 0) &&
             f->n_changes >= 1;
    for (size_t i = 0; ok && i < f->n_changes; i++) {
        uint32_t set[128];
        size_t n = ibidi_confusable_set(f->from[i], set, 128), in = 0;
        for (size_t j = 0; j < n && j < 128; j++)
            in |= set[j] == f->to[i];
        ok = f->from[i] != f->to[i] && in && ibidi_confusable_identifier_allowed(f->to[i]);
    }
    if (!ok && x->bad++ < 3)
        CHECK(0, "form %.*s of %s (%s): not a look-alike", (int)f->len, f->text, x->name,
              x->dir == IBIDI_DIR_RTL ? "rtl" : "ltr");
    for (size_t i = 0; i < x->n && i < MAX_SEEN; i++)
        if (strlen(x->forms[i]) == f->len && memcmp(x->forms[i], f->text, f->len) == 0)
            x->dup++;
    if (x->n < MAX_SEEN) {
        x->forms[x->n] = malloc(f->len + 1);
        memcpy(x->forms[x->n], f->text, f->len);
        x->forms[x->n][f->len] = '\0';
    }
    x->n++;
    return x->stop_after && x->calls >= x->stop_after;
}

static void seen_init(seen *x, const char *name, ibidi_dir dir)
{
    memset(x, 0, sizeof *x);
    x->name = name;
    x->dir = dir;
    ibidi_buf out = {x->skel, sizeof x->skel, 0};
    ibidi_confusable_bidi_skeleton_utf8(name, strlen(name), dir, &out, NULL);
    x->skel_len = out.len;
}

static void seen_free(seen *x)
{
    for (size_t i = 0; i < x->n && i < MAX_SEEN; i++)
        free(x->forms[i]);
}

static int seen_has(const seen *x, const char *form)
{
    for (size_t i = 0; i < x->n && i < MAX_SEEN; i++)
        if (strcmp(x->forms[i], form) == 0)
            return 1;
    return 0;
}

/* Every text of length n over alphabet a (na code points) whose bidi skeleton in dir is
 * name's, name and its display twins aside: what the forms with up to n changes must be
 * (each glyph of such a text is the name's or a replacement, the alphabet). Returns the
 * number found, each checked to be among x's forms; *missing counts those that are not. */
static size_t brute_force(const seen *x, const uint32_t *a, size_t na, size_t n,
                          size_t *missing)
{
    size_t total = 1, found = 0;
    for (size_t i = 0; i < n; i++)
        total *= na;
    for (size_t t = 0; t < total; t++) {
        uint32_t cps[8];
        char u[64];
        size_t y = t;
        for (size_t i = 0; i < n; i++, y /= na)
            cps[i] = a[y % na];
        ibidi_buf ub = {u, sizeof u - 1, 0};
        if (ibidi_utf8_encode(cps, n, &ub, NULL) != IBIDI_OK)
            continue;
        u[ub.len] = '\0';
        if (strcmp(u, x->name) == 0 || !same_skeleton(u, ub.len, x->dir, x->skel, x->skel_len))
            continue;
        /* a display twin of the name shows its glyphs: not a form */
        char d1[256], d2[256];
        ibidi_display_options dop = {0};
        dop.context = x->dir;
        ibidi_buf b1 = {d1, sizeof d1, 0}, b2 = {d2, sizeof d2, 0};
        if (ibidi_display_utf8(u, ub.len, &dop, &b1, NULL) == IBIDI_OK &&
            ibidi_display_utf8(x->name, strlen(x->name), &dop, &b2, NULL) == IBIDI_OK &&
            b1.len == b2.len && memcmp(d1, d2, b1.len) == 0)
            continue;
        found++;
        if (!seen_has(x, u) && (*missing)++ < 3)
            CHECK(0, "brute force: %s is a look-alike of %s (%s) the forms missed", u, x->name,
                  x->dir == IBIDI_DIR_RTL ? "rtl" : "ltr");
    }
    return found;
}

static void test_forms(void)
{
    static const char *const names[] = {
        "loo.com", "paypal.com", "\327\231\327\251\327\250\327\220\327\234.com", /* ישראל.com */
        "a1-b.example", "\331\205\330\253\330\247\331\204.123", /* مثال.123 */
        "x.y", "lo\342\200\215o.com" /* a ZERO WIDTH JOINER, set aside and put back */};
    size_t total = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        for (int d = 0; d < 2; d++) {
            seen x;
            seen_init(&x, names[i], d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR);
            ibidi_confusable_forms_options o = {x.dir, IBIDI_CONFUSABLE_FORMS_PVALID, 2, 200000,
                                                on_form, &x};
            ibidi_confusable_forms_stats st;
            ibidi_error e;
            CHECK(ibidi_confusable_forms_utf8(names[i], strlen(names[i]), &o, &st, &e) ==
                          IBIDI_OK &&
                      st.forms == x.calls && x.bad == 0 && x.dup == 0 && st.displays > 0,
                  "forms of %s (%s): %zu forms, %zu bad, %zu twice", names[i],
                  d ? "rtl" : "ltr", x.calls, x.bad, x.dup);
            total += x.calls;
            seen_free(&x);
        }
    printf("info: look-alike forms: %zu checked against the bidi skeleton\n", total);

    /* ססו.com (samekh samekh vav) is found for loo.com left to right, with 3 changes */
    {
        seen x;
        seen_init(&x, "loo.com", IBIDI_DIR_LTR);
        ibidi_confusable_forms_options o = {IBIDI_DIR_LTR, IBIDI_CONFUSABLE_FORMS_PVALID, 3, 0,
                                            on_form, &x};
        ibidi_confusable_forms_stats st;
        CHECK(ibidi_confusable_forms_utf8("loo.com", 7, &o, &st, NULL) == IBIDI_OK &&
                  seen_has(&x, "\327\241\327\241\327\225.com") && !st.truncated,
              "loo.com: samekh samekh vav .com among %zu forms", x.n);
        CHECK(!seen_has(&x, "Ioo.com"), "PVALID: no capital I");
        seen_free(&x);
    }

    /* completeness on small texts: a brute force over every text of the alphabet the forms
       can use (the name's glyphs and their replacements) */
    {
        static const char *const small[] = {"lo", "o\327\225", "l1"}; /* lo, oו, l1 */
        for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
            for (int d = 0; d < 2; d++) {
                seen x;
                seen_init(&x, small[i], d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR);
                ibidi_confusable_forms_options o = {x.dir, IBIDI_CONFUSABLE_FORMS_PVALID, 2,
                                                    SIZE_MAX, on_form, &x};
                ibidi_confusable_forms_utf8(small[i], strlen(small[i]), &o, NULL, NULL);
                /* the alphabet: the name's code points and every replacement of each */
                uint32_t a[256], cps[8];
                size_t na = 0;
                ibidi_buf32 cb = {cps, 8, 0};
                ibidi_utf8_decode(small[i], strlen(small[i]), &cb, NULL);
                for (size_t j = 0; j < cb.len; j++) {
                    uint32_t set[128];
                    size_t n = ibidi_confusable_set(cps[j], set, 128);
                    if (n == 0)
                        set[n++] = cps[j];
                    for (size_t k = 0; k < n && na < 256; k++) {
                        int have = 0;
                        for (size_t q = 0; q < na; q++)
                            have |= a[q] == set[k];
                        if (!have && (set[k] == cps[j] ||
                                      (ibidi_confusable_identifier_allowed(set[k]) &&
                                       ibidi_idna_property_of(set[k]) == IBIDI_IDNA_PVALID &&
                                       !ibidi_unicode_bidi_mirrored(set[k]))))
                            a[na++] = set[k];
                    }
                }
                size_t missing = 0;
                const size_t want = brute_force(&x, a, na, cb.len, &missing);
                CHECK(missing == 0 && want == x.n,
                      "%s (%s): the brute force finds %zu look-alikes over %zu characters, "
                      "the forms %zu, %zu missed",
                      small[i], d ? "rtl" : "ltr", want, na, x.n, missing);
                seen_free(&x);
            }
    }

    /* the bound, the callback's stop, marks, errors */
    {
        seen x;
        seen_init(&x, "paypal.com", IBIDI_DIR_LTR);
        ibidi_confusable_forms_options o = {IBIDI_DIR_LTR, 0, 2, 10, on_form, &x};
        ibidi_confusable_forms_stats st;
        CHECK(ibidi_confusable_forms_utf8("paypal.com", 10, &o, &st, NULL) == IBIDI_OK &&
                  st.truncated && st.candidates <= 10 && st.displays <= 10,
              "max_candidates cuts the search (%zu displays, %zu candidates)", st.displays,
              st.candidates);
        seen_free(&x);
        seen_init(&x, "paypal.com", IBIDI_DIR_LTR);
        x.stop_after = 3;
        o.max_candidates = 0;
        CHECK(ibidi_confusable_forms_utf8("paypal.com", 10, &o, &st, NULL) == IBIDI_OK &&
                  st.stopped && x.calls == 3 && st.forms == 3,
              "the callback stops the search");
        seen_free(&x);
        CHECK(ibidi_confusable_forms_utf8("e\314\201.com", 7, NULL, &st, NULL) == IBIDI_OK &&
                  st.forms == 0 && st.displays == 0,
              "a name with a combining mark has no forms");
        CHECK(ibidi_confusable_forms_utf8("lo\0o", 4, NULL, &st, NULL) == IBIDI_OK &&
                  st.forms == 0 && st.displays == 0,
              "a text with a control the skeleton keeps has no forms");
        ibidi_error e;
        CHECK(ibidi_confusable_forms_utf8("a\342\200\217b", 5, NULL, &st, &e) ==
                      IBIDI_E_AMBIG_CONTROL && e.offset == 1,
              "a bidi control is refused at its offset");
        CHECK(ibidi_confusable_forms_utf8("a\377", 2, NULL, &st, &e) ==
                  IBIDI_E_UTF8_INVALID_BYTE && e.offset == 1,
              "ill-formed UTF-8");
        char longname[300];
        memset(longname, 'a', sizeof longname);
        CHECK(ibidi_confusable_forms_utf8(longname, sizeof longname, NULL, &st, &e) ==
                      IBIDI_E_TWINS_TOO_LONG && e.offset == IBIDI_AMBIGUITY_TWINS_MAX,
              "too long");
        ibidi_confusable_forms_options bad = {(ibidi_dir)7, 0, 0, 0, NULL, NULL};
        CHECK(ibidi_confusable_forms_utf8("a", 1, &bad, &st, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "unknown context");
        bad.context = IBIDI_DIR_LTR;
        bad.flags = 0x2;
        CHECK(ibidi_confusable_forms_utf8("a", 1, &bad, &st, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "unknown flags");
        bad.flags = 0;
        bad.max_changes = IBIDI_CONFUSABLE_MAX_CHANGES + 1;
        CHECK(ibidi_confusable_forms_utf8("a", 1, &bad, &st, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "too many changes");
        CHECK(ibidi_confusable_forms_utf8(NULL, 0, NULL, &st, NULL) == IBIDI_OK && st.forms == 0,
              "the empty text");
    }
    /* the sets the forms read fit their buffer */
    {
        uint32_t set[1024];
        size_t most = 0;
        for (uint32_t c = 0; c < 0x110000; c++) {
            size_t n = ibidi_confusable_set(c, set, 1024);
            if (n > most)
                most = n;
        }
        CHECK(most <= 128, "the largest confusable set has %zu members (the forms hold 128)",
              most);
    }
}

/* ---- Chromium's top-domain vectors ------------------------------------------------------ */

#define CHROMIUM "../shared/lookalike/chromium-skeleton-topdomain.tsv"

/* Why Chromium's answer may differ from UTS #39's, each told from the row itself:
 * Chromium strips diacritics before its skeleton (a mark in the input's NFD), compares the
 * registrable domain of a host (more labels in the input than in the expected domain),
 * looks skeletons up without separators (an input without dots for a domain with them),
 * and maps more characters than confusables.txt (an ASCII skeleton expected where UTS #39
 * leaves a non-ASCII character: its dashes, 丅, ł). */
enum { AGREE, DIACRITICS, REGISTRABLE, SEPARATORS, EXTRA_MAPPINGS, UNEXPLAINED, N_WHY };
static const char *const why_names[N_WHY] = {
    "agree", "diacritics stripped first", "registrable domain compared",
    "separators dropped", "Chromium's own mappings to ASCII", "unexplained"};

static int has_mark(const char *s)
{
    uint32_t cps[256];
    char nfd[1024];
    ibidi_buf b = {nfd, sizeof nfd, 0};
    if (ibidi_normalize_utf8(s, strlen(s), IBIDI_NORMALIZE_NFD, &b, NULL) != IBIDI_OK)
        return 0;
    ibidi_buf32 d = {cps, 256, 0};
    if (ibidi_utf8_decode(nfd, b.len, &d, NULL) != IBIDI_OK)
        return 0;
    for (size_t i = 0; i < d.len && i < 256; i++)
        if (ibidi_unicode_general_category(cps[i]) == IBIDI_UNICODE_GC_MN)
            return 1;
    return 0;
}

static size_t labels(const char *s)
{
    size_t n = *s != 0;
    for (; *s; s++)
        n += *s == '.';
    return n;
}

static int non_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 1;
    return 0;
}

/* The skeleton of s (UTF-8, NUL-terminated into out). */
static size_t skel_of(const char *s, char *out, size_t cap)
{
    ibidi_buf b = {out, cap - 1, 0};
    if (ibidi_confusable_skeleton_utf8(s, strlen(s), &b, NULL) != IBIDI_OK)
        return 0;
    out[b.len] = 0;
    return b.len;
}

/* A name and its --protect keys (ibidi_scan_name with skeletons, as `ibidi scan` makes
 * them). */
static int keys_of(const char *name, ibidi_scan_result *r, ibidi_scan_keys *k)
{
    const ibidi_scan_options so = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_SKELETON,
                                   {0, 0, 0, NULL, 0}, NULL};
    if (ibidi_scan_name_alloc(name, strlen(name), &so, r, NULL, NULL) != IBIDI_OK)
        return 0;
    const char *t = r->text.data;
    memset(k, 0, sizeof *k);
    k->name = name;
    k->name_len = strlen(name);
    k->form = r->unicode.present ? t + r->unicode.start : name;
    k->form_len = r->unicode.present ? r->unicode.length : strlen(name);
    k->valid = r->valid;
    for (int c = 0; c < 2; c++) {
        if (r->display[c].present) {
            k->key[c] = t + r->display[c].start;
            k->key_len[c] = r->display[c].length;
        }
        if (r->skeleton[c].present) {
            k->key[3 + c] = t + r->skeleton[c].start;
            k->key_len[3 + c] = r->skeleton[c].length;
        }
    }
    return 1;
}

static void test_chromium_top_domains(void)
{
    char *text = t_read_file(CHROMIUM, NULL);
    if (!text) {
        printf("skipped: %s is not there (peer vectors)\n", CHROMIUM);
        return;
    }
    row rows[128];
    size_t nr = 0;
    for (char *line = strtok(text, "\n"); line && nr < 128; line = strtok(NULL, "\n")) {
        row *r = &rows[nr];
        r->n = 0;
        for (char *p = line; r->n < 20;) {
            r->f[r->n++] = p;
            char *tab = strchr(p, '\t');
            if (!tab)
                break;
            *tab = 0;
            p = tab + 1;
        }
        if (r->n >= 7 && strcmp(r->f[0], "id") != 0)
            nr++;
    }
    /* the test top-domain list, indexed as `ibidi scan --protect` indexes it */
    const char *top[64];
    ibidi_scan_result tr[64];
    size_t nt = 0;
    ibidi_scan_against *a = NULL;
    CHECK(ibidi_scan_against_create(&a, NULL) == IBIDI_OK, "chromium: index");
    for (size_t i = 0; i < nr && nt < 64; i++) {
        if (strcmp(rows[i].f[1], "top_domains/idn_test_domains.skeletons") != 0)
            continue;
        ibidi_scan_keys k;
        if (keys_of(rows[i].f[3], &tr[nt], &k) &&
            ibidi_scan_against_add(a, &k, NULL, NULL) == IBIDI_OK)
            top[nt++] = rows[i].f[3];
    }
    size_t count[N_WHY] = {0}, compared = 0;
    for (size_t i = 0; i < nr; i++) {
        const row *r = &rows[i];
        const char *id = r->f[0], *test = r->f[1], *in = r->f[3], *want = r->f[6];
        int why = UNEXPLAINED;
        char got[1024] = "";
        if (strcmp(test, "GetSimilarTopDomain") == 0) {
            /* the top domains the host looks or displays like, itself aside */
            ibidi_scan_result res;
            ibidi_scan_keys k;
            ibidi_scan_hit hits[8];
            size_t n = 0;
            if (keys_of(in, &res, &k) &&
                ibidi_scan_against_lookup(a, &k, hits, 8, &n, NULL) == IBIDI_OK)
                for (size_t h = 0; h < n; h++)
                    if (!(hits[h].why & IBIDI_SCAN_WHY_SAME))
                        snprintf(got, sizeof got, "%s", top[hits[h].candidate]);
            ibidi_free(res.text.data);
            if (strcmp(got, want) == 0)
                why = AGREE;
            else if (has_mark(in))
                why = DIACRITICS;
            else if (*want && labels(in) > labels(want))
                why = REGISTRABLE;
            else if (*want) {
                char a1[1024], a2[1024];
                const size_t l1 = skel_of(in, a1, sizeof a1);
                skel_of(want, a2, sizeof a2);
                if (non_ascii(a1, l1) && !non_ascii(a2, strlen(a2)))
                    why = EXTRA_MAPPINGS;
            }
        } else if (strcmp(test, "Skeletons") == 0 || strcmp(test, "MultipleSkeletons") == 0) {
            /* Chromium's skeleton, or one of its set */
            const size_t gl = skel_of(in, got, sizeof got);
            const char *w = want;
            int member = 0;
            while (*w && !member) {
                const size_t wl = strcspn(w, "|");
                member = wl == gl && memcmp(w, got, gl) == 0;
                w += wl + (w[wl] == '|');
            }
            if (member)
                why = AGREE;
            else if (non_ascii(got, gl) && !non_ascii(want, strlen(want)))
                why = EXTRA_MAPPINGS;
        } else if (strcmp(test, "LookupSkeletonInTopDomains") == 0) {
            /* the top domain whose skeleton the input is */
            char sk[1024];
            skel_of(want, sk, sizeof sk);
            if (strcmp(sk, in) == 0)
                why = AGREE;
            else if (!strchr(in, '.') && strchr(sk, '.'))
                why = SEPARATORS;
            snprintf(got, sizeof got, "%s", sk);
        } else {
            continue; /* other calls of Chromium's (deviation characters, edit distance,
                         word lists): no UTS #39 question */
        }
        compared++;
        count[why]++;
        if (why != AGREE)
            printf("info: chromium %s %s(%s): Chromium %s, ibidi %s (%s)\n", id, test, in,
                   *want ? want : "none", *got ? got : "none", why_names[why]);
    }
    printf("info: Chromium's top-domain vectors: %zu compared against %zu test top domains:",
           compared, nt);
    for (int w = 0; w < N_WHY; w++)
        printf(" %zu %s%s", count[w], why_names[w], w + 1 < N_WHY ? "," : "\n");
    CHECK(nt == 38 && compared >= 30, "chromium: %zu top domains, %zu rows", nt, compared);
    CHECK(count[UNEXPLAINED] == 0, "chromium: %zu rows differ for no stated reason",
          count[UNEXPLAINED]);
    CHECK(count[AGREE] > 0, "chromium: rows agree (%zu of %zu)", count[AGREE], compared);
    ibidi_scan_against_free(a);
    for (size_t i = 0; i < nt; i++)
        ibidi_free(tr[i].text.data);
    free(text);
}

/* The bidi skeleton splits paragraphs with a test of the code point itself (UAX #9 P1):
 * it holds exactly the code points of Bidi_Class B. */
static void test_paragraph_separators(void)
{
    size_t wrong = 0, b = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        const int is_b = ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_B;
        b += (size_t)is_b;
        wrong += (size_t)(is_b != ibidi__confusable_paragraph_separator(cp));
    }
    CHECK(wrong == 0 && b == 7, "paragraph separators: %zu code points wrong, %zu of class B",
          wrong, b);
}

/* 2b. The invariants UTS #39's own tools check on Identifier_Type and Identifier_Status
 * (../shared/lookalike/uts39-security-invariants.tsv, from unicodetools'
 * SecurityInvariantTest.txt), over every code point: our tables against the UCD files
 * vendored beside them. Each statement of the peer file is matched to its check by id;
 * one the file has and this test does not know fails. */
#define INVARIANTS "../shared/lookalike/uts39-security-invariants.tsv"
static void test_security_invariants(void)
{
    char *peer = t_read_file(INVARIANTS, NULL);
    if (!peer) {
        printf("skipped: %s is not there (peer vectors)\n", INVARIANTS);
        return;
    }
    unsigned char *ws = t_ucd_property("PropList.txt", "White_Space", NULL);
    unsigned char *dep = t_ucd_property("PropList.txt", "Deprecated", NULL);
    unsigned char *xid = t_ucd_property("DerivedCoreProperties.txt", "XID_Continue", NULL);
    unsigned char *nfkc_no = t_ucd_property("DerivedNormalizationProps.txt", "NFKC_QC", "N");
    if (!CHECK(ws && dep && xid && nfkc_no, "the UCD property files can be read")) {
        free(ws), free(dep), free(xid), free(nfkc_no), free(peer);
        return;
    }
    size_t wrong[9] = {0}, n_ws = 0, n_dep = 0, n_xid = 0, n_nfkc = 0;
    for (uint32_t c = 0; c < 0x110000; c++) {
        n_ws += ws[c], n_dep += dep[c], n_xid += xid[c], n_nfkc += nfkc_no[c];
        const unsigned t = ibidi_confusable_identifier_type(c);
        const ibidi_unicode_gc gc = ibidi_unicode_general_category(c);
        const int di = ibidi_unicode_default_ignorable(c);
        const int cn = gc == IBIDI_UNICODE_GC_CN;
        /* inv-01 Not_Character = [gc=Cn gc=Co gc=Cs gc=Cc - White_Space] */
        const int not_char = (cn || gc == IBIDI_UNICODE_GC_CO || gc == IBIDI_UNICODE_GC_CS ||
                              gc == IBIDI_UNICODE_GC_CC) &&
                             !ws[c];
        wrong[1] += !!(t & IBIDI_CONFUSABLE_TYPE_NOT_CHARACTER) != not_char;
        /* inv-02 Deprecated = Deprecated */
        wrong[2] += !!(t & IBIDI_CONFUSABLE_TYPE_DEPRECATED) != dep[c];
        /* inv-03 Default_Ignorable = [Default_Ignorable_Code_Point - gc=Cn - Deprecated] */
        wrong[3] += !!(t & IBIDI_CONFUSABLE_TYPE_DEFAULT_IGNORABLE) != (di && !cn && !dep[c]);
        /* inv-04 Not_NFKC = [NFKC_QC=No - Deprecated - Default_Ignorable_Code_Point] */
        wrong[4] += !!(t & IBIDI_CONFUSABLE_TYPE_NOT_NFKC) != (nfkc_no[c] && !dep[c] && !di);
        /* inv-05 Strongly_Restricted (a definition; inv-06 uses it) */
        const int strong = (t & (IBIDI_CONFUSABLE_TYPE_NOT_CHARACTER |
                                 IBIDI_CONFUSABLE_TYPE_DEPRECATED |
                                 IBIDI_CONFUSABLE_TYPE_DEFAULT_IGNORABLE |
                                 IBIDI_CONFUSABLE_TYPE_NOT_NFKC)) != 0;
        /* inv-06 Not_XID = [^XID_Continue - Strongly_Restricted - Inclusion] */
        wrong[6] += !!(t & IBIDI_CONFUSABLE_TYPE_NOT_XID) !=
                    (!xid[c] && !strong && !(t & IBIDI_CONFUSABLE_TYPE_INCLUSION));
        /* inv-07 Exclusion and Limited_Use are disjoint */
        wrong[7] += (t & IBIDI_CONFUSABLE_TYPE_EXCLUSION) &&
                    (t & IBIDI_CONFUSABLE_TYPE_LIMITED_USE);
        /* inv-08 Allowed = [Inclusion Recommended] */
        const unsigned allowed_types =
            IBIDI_CONFUSABLE_TYPE_INCLUSION | IBIDI_CONFUSABLE_TYPE_RECOMMENDED;
        wrong[8] += ibidi_confusable_identifier_allowed(c) != ((t & allowed_types) != 0);
    }
    size_t rows = 0;
    for (char *line = strtok(peer, "\n"); line; line = strtok(NULL, "\n")) {
        unsigned id;
        if (sscanf(line, "inv-%u", &id) != 1)
            continue;
        rows++;
        if (!CHECK(id >= 1 && id <= 8, "%s: a statement this test does not check", line))
            continue;
        CHECK(wrong[id] == 0, "inv-%02u: %zu code points break it", id, wrong[id]);
    }
    CHECK(rows == 8, "the 8 statements of %s read (%zu)", INVARIANTS, rows);
    /* the properties were read (PropList.txt and the derived files of 17.0.0) */
    CHECK(n_ws == 25 && n_dep == 15 && n_xid > 140000 && n_nfkc > 4000,
          "UCD properties read: White_Space %zu, Deprecated %zu, XID_Continue %zu, NFKC_QC=N %zu",
          n_ws, n_dep, n_xid, n_nfkc);
    printf("UTS #39 security invariants (%s): %zu statements, every code point checked\n",
           INVARIANTS, rows);
    free(ws), free(dep), free(xid), free(nfkc_no), free(peer);
}

/* 6. UTS #39 §4 whole-script confusables: ibidi__confusable_whole_script, which first
 * narrows the scripts by every letter's look-alike scripts, against the search as the
 * standard states it (the candidates from the first letter's confusable set, in its order,
 * each tried on every letter), on random labels of each script's letters with common
 * characters among them. */
static int ws_has(const uint64_t *set, unsigned sc)
{
    return sc < IBIDI_UNICODE_SC_COUNT && (int)(set[sc / 64] >> (sc % 64) & 1u);
}

static ibidi_unicode_sc ws_reference(const uint32_t *cps, const uint8_t *letter, size_t n,
                                     ibidi_unicode_sc main)
{
    size_t first = 0;
    while (first < n && !letter[first])
        first++;
    if (first == n)
        return 0;
    ibidi_unicode_sc cand[64];
    size_t nc = 0;
    uint64_t alive[3] = {0, 0, 0};
    const uint16_t g = ibidi__trie(ibidi__confset_s1, ibidi__confset_s2, ibidi__confset_s3,
                                   IBIDI__CONF_SH1, IBIDI__CONF_SH2, cps[first]);
    for (uint32_t i = g ? ibidi__confset_off[g] : 0;
         g && i < ibidi__confset_off[g + 1] && i - ibidi__confset_off[g] < 64; i++) {
        const unsigned sc = ibidi__confset_script[i] & 0xFFu;
        if (sc == IBIDI__CONFSET_SEVERAL || sc == (unsigned)main ||
            sc >= IBIDI_UNICODE_SC_COUNT || sc == IBIDI_UNICODE_SC_ZYYY ||
            sc == IBIDI_UNICODE_SC_ZINH || !ibidi_uts39_recommended_script((ibidi_unicode_sc)sc))
            continue;
        cand[nc++] = (ibidi_unicode_sc)sc;
        alive[sc / 64] |= UINT64_C(1) << (sc % 64);
    }
    for (size_t i = 0; i < n && nc; i++) {
        if (!letter[i])
            continue;
        const uint16_t k = ibidi__trie(ibidi__conflook_s1, ibidi__conflook_s2,
                                       ibidi__conflook_s3, IBIDI__CONF_SH1, IBIDI__CONF_SH2,
                                       cps[i]);
        uint64_t any = 0;
        for (unsigned w = 0; w < 3; w++)
            any |= alive[w] &= ibidi__conflook_sets[3 * (size_t)k + w];
        if (!any)
            return 0;
    }
    for (size_t c = 0; c < nc; c++)
        if (ws_has(alive, (unsigned)cand[c]))
            return cand[c];
    return 0;
}

static uint32_t ws_rng(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

static void test_whole_script(void)
{
    enum { PER = 1024 };
    static uint32_t by[IBIDI_UNICODE_SC_COUNT][PER], commons[PER];
    static size_t nby[IBIDI_UNICODE_SC_COUNT];
    size_t ncom = 0, same = 0, found = 0;
    for (uint32_t cp = 0; cp < 0x32000; cp++) { /* Allowed letters by script, and commons */
        const uint32_t v = ibidi__confusable_class(cp);
        const unsigned sc = IBIDI__CLASS_SCRIPT(v);
        if (!(v & IBIDI__CLASS_ALLOWED))
            continue;
        if (sc == IBIDI__CLASS_NO_SCRIPT) {
            if (ncom < PER)
                commons[ncom++] = cp;
        } else if (sc < IBIDI_UNICODE_SC_COUNT && nby[sc] < PER) {
            by[sc][nby[sc]++] = cp;
        }
    }
    uint32_t x = 0x2545F491u;
    for (unsigned sc = 0; sc < IBIDI_UNICODE_SC_COUNT; sc++) {
        for (int t = 0; nby[sc] && t < 2000; t++) {
            uint32_t cps[16];
            uint8_t letter[16];
            /* short labels often: each letter must have a look-alike, few long ones do */
            const size_t n = t % 3 ? 1 + ws_rng(&x) % 3 : 1 + ws_rng(&x) % 16;
            for (size_t i = 0; i < n; i++) {
                const int common = ncom && ws_rng(&x) % 6 == 0;
                cps[i] = common ? commons[ws_rng(&x) % ncom] : by[sc][ws_rng(&x) % nby[sc]];
                letter[i] = (uint8_t)!common;
                if (ws_rng(&x) % 50 == 0)
                    letter[i] ^= 1u;
            }
            for (int m = 0; m < 3; m++) {
                const ibidi_unicode_sc main =
                    m == 0 ? (ibidi_unicode_sc)sc
                    : m == 1 ? (ibidi_unicode_sc)(ws_rng(&x) % IBIDI_UNICODE_SC_COUNT)
                             : IBIDI_UNICODE_SC_LATN;
                const ibidi_unicode_sc want = ws_reference(cps, letter, n, main);
                const ibidi_unicode_sc got = ibidi__confusable_whole_script(cps, letter, n, main);
                found += want != 0;
                if (got == want)
                    same++;
                else
                    CHECK(0, "whole-script of U+%04X... (%zu, main %d): %d, not %d",
                          (unsigned)cps[0], n, (int)main, (int)got, (int)want);
            }
        }
    }
    CHECK(found > 1000, "only %zu labels with a whole-script confusable", found);
    printf("info: whole-script confusables: %zu labels compared, %zu with one\n", same, found);
    t_pass_n((long)same);
}

int main(void)
{
    test_paragraph_separators();
    test_mappings();
    test_identifier_data();
    test_security_invariants();
    test_examples();
    test_check();
    test_peer_vectors();
    test_ascii_short_cut();
    test_short_way();
    test_forms();
    test_chromium_top_domains();
    test_errors();
    test_whole_script();
    return t_summary();
}
