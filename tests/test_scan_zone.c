/*
 * The zone file reader of ibidi/scan.h (ibidi_scan_zone_init, _line, _end) and the
 * detection of a zone file (ibidi_scan_detect_format): each form of RFC 1035 §5.1 a master
 * file may use (CZDS's one record per line, comments, blank lines, $ORIGIN with relative
 * names and "@", $TTL, $INCLUDE and other directives, records that start with a blank,
 * parentheses over lines, quoted strings, escapes), the owners handed over once per run of
 * records, the root dot and the apex, the limits of RFC 1035 §2.3.4, every malformed line
 * with its status and offset (a line that fails changes nothing), the buffer and argument
 * checks, a state that is only data (copied, it goes on the same), the bundled sample
 * (data/samples/zone.txt), and that no call allocates: outside the sanitizer builds this
 * program counts the calls of malloc, calloc and realloc while the reader runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

/* ---- Counting allocations -------------------------------------------------------------- */

#if defined(__SANITIZE_ADDRESS__)
#define T_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T_SANITIZER 1
#endif
#endif

/* volatile: the compiler takes malloc for a function that reads no variable of ours */
static volatile long allocations;
static volatile int counting;

#if !defined(T_SANITIZER) && defined(__GLIBC__)
/* glibc lets a program define the allocator; these count and pass on to glibc's own. */
#define T_COUNTS_ALLOCATIONS 1
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
void *malloc(size_t n)
{
    allocations += counting;
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t size)
{
    allocations += counting;
    return __libc_calloc(n, size);
}
void *realloc(void *p, size_t n)
{
    allocations += counting;
    return __libc_realloc(p, n);
}
void free(void *p) { __libc_free(p); }
#endif

/* ---- Helpers --------------------------------------------------------------------------- */

static char buf[IBIDI_SCAN_ZONE_NAME_MAX];
static ibidi_buf out; /* the name handed over: buf, or another buffer a test gives */
static ibidi_scan_zone_result res;
static ibidi_error err;

/* One line (a C string) through the reader, with a buffer that always suffices. */
static ibidi_status zl(ibidi_scan_zone_state *st, const char *line)
{
    counting = 1;
    out = (ibidi_buf){buf, sizeof buf, 99}; /* len: set by every line */
    ibidi_status s = ibidi_scan_zone_line(st, line, strlen(line), &out, &res, &err);
    counting = 0;
    return s;
}

/* The line starts the records of the owner want (relative: whether the origin completed
 * it), of kind OWNER or APEX. */
static void owner(int line, ibidi_scan_zone_state *st, const char *text, const char *want,
                  int relative, ibidi_scan_zone_kind kind)
{
    ibidi_status s = zl(st, text);
    t_check(s == IBIDI_OK && res.kind == kind &&
                out.len == strlen(want) && memcmp(buf, want, out.len) == 0 &&
                res.relative == relative && err.status == IBIDI_OK,
            __FILE__, line, "'%s': status %s kind %d name '%.*s' relative %d, want owner '%s'",
            text, ibidi_status_name(s), (int)res.kind, (int)out.len, buf, res.relative,
            want);
    t_check(st->has_owner && st->owner_len == strlen(want) &&
                memcmp(st->owner, want, st->owner_len) == 0,
            __FILE__, line, "'%s': the state's owner is not '%s'", text, want);
}
#define OWNER(st, text, want) owner(__LINE__, st, text, want, 0, IBIDI_SCAN_ZONE_OWNER)
#define OWNER_REL(st, text, want) owner(__LINE__, st, text, want, 1, IBIDI_SCAN_ZONE_OWNER)
#define APEX(st, text, want) owner(__LINE__, st, text, want, 0, IBIDI_SCAN_ZONE_APEX)
#define APEX_REL(st, text, want) owner(__LINE__, st, text, want, 1, IBIDI_SCAN_ZONE_APEX)

/* The line is of this kind, hands over no name. */
static void kind(int line, ibidi_scan_zone_state *st, const char *text, ibidi_scan_zone_kind k)
{
    ibidi_status s = zl(st, text);
    t_check(s == IBIDI_OK && res.kind == k && out.len == 0, __FILE__, line,
            "'%s': status %s kind %d name->len %zu, want kind %d", text, ibidi_status_name(s),
            (int)res.kind, out.len, (int)k);
}
#define KIND(st, text, k) kind(__LINE__, st, text, k)

/* The line is malformed: status and offset, and the state is as it was. */
static void malformed(int line, ibidi_scan_zone_state *st, const char *text, ibidi_status want,
                      size_t offset)
{
    static ibidi_scan_zone_state before;
    before = *st;
    ibidi_status s = zl(st, text);
    t_check(s == want && err.status == want && err.offset == offset, __FILE__, line,
            "'%s': status %s at %zu, want %s at %zu", text, ibidi_status_name(s), err.offset,
            ibidi_status_name(want), offset);
    t_check(memcmp(&before, st, sizeof before) == 0, __FILE__, line,
            "'%s': a line that fails changed the state", text);
}
#define BAD(st, text, want, offset) malformed(__LINE__, st, text, want, offset)

static ibidi_scan_zone_state fresh(void)
{
    ibidi_scan_zone_state st;
    memset(&st, 0, sizeof st);
    return st;
}

/* ---- CZDS's form ----------------------------------------------------------------------- */

static void test_czds(void)
{
    ibidi_scan_zone_state st = fresh();
    OWNER(&st, "com.\t172800\tin\tns\ta.gtld-servers.net.", "com");
    KIND(&st, "com.\t172800\tin\tns\tb.gtld-servers.net.", IBIDI_SCAN_ZONE_SAME_OWNER);
    CHECK(res.field.present && res.field.start == 0 && res.field.length == 4,
          "a repeated owner's field");
    OWNER(&st, "example.com.\t172800\tin\tns\ta.iana-servers.net.", "example.com");
    CHECK(res.field.present && res.field.start == 0 && res.field.length == 12,
          "the owner's field: %zu+%zu", res.field.start, res.field.length);
    KIND(&st, "example.com.\t86400\tin\tds\t370 13 2 BE74", IBIDI_SCAN_ZONE_SAME_OWNER);
    /* RFC 4343 §3: the same name in another case is the same owner */
    KIND(&st, "EXAMPLE.Com.\t86400\tin\trrsig\tDS 13 2 86400", IBIDI_SCAN_ZONE_SAME_OWNER);
    OWNER(&st, "xn--4dbrk0ce.com.\t172800\tin\tns\tns1.example.net.", "xn--4dbrk0ce.com");
    /* a name that comes back later is handed over again (the grouping takes it as one) */
    OWNER(&st, "example.com.\t3600\tin\ttxt\t\"again\"", "example.com");
    /* spaces separate fields as well as tabs; a CR ends a CRLF line */
    OWNER(&st, "a.com. 3600 IN A 192.0.2.1\r", "a.com");
    OWNER(&st, "b.com.\r", "b.com");
    KIND(&st, "b.com. 3600 IN A 192.0.2.2 ; a comment after a record", IBIDI_SCAN_ZONE_SAME_OWNER);
    /* an owner alone on its line is still one */
    OWNER(&st, "c.com.", "c.com");
    /* U-labels as UTF-8 pass as they are */
    OWNER(&st, "\xd7\x99\xd7\xa9\xd7\xa8\xd7\x90\xd7\x9c.com.\t3600\tin\tns\tns1.", 
          "\xd7\x99\xd7\xa9\xd7\xa8\xd7\x90\xd7\x9c.com");
    /* the root dot: example.com. is example.com, and "." is the root, the empty name */
    OWNER(&st, ".\t518400\tin\tns\ta.root-servers.net.", "");
    CHECK(st.has_owner && st.owner_len == 0, "the root is an owner");
    KIND(&st, ".\t518400\tin\tns\tb.root-servers.net.", IBIDI_SCAN_ZONE_SAME_OWNER);
    CHECK(ibidi_scan_zone_end(&st, &err) == IBIDI_OK && err.status == IBIDI_OK, "end: ok");
}

/* ---- Comments and blank lines ---------------------------------------------------------- */

static void test_blank(void)
{
    ibidi_scan_zone_state st = fresh();
    KIND(&st, "", IBIDI_SCAN_ZONE_BLANK);
    KIND(&st, "   \t ", IBIDI_SCAN_ZONE_BLANK);
    KIND(&st, "\r", IBIDI_SCAN_ZONE_BLANK);
    KIND(&st, "; a comment", IBIDI_SCAN_ZONE_BLANK);
    KIND(&st, "\t; a comment after a blank", IBIDI_SCAN_ZONE_BLANK);
    KIND(&st, ";", IBIDI_SCAN_ZONE_BLANK);
    CHECK(!st.has_owner, "no owner yet");
    /* ";" in a quoted string is no comment, nor are "(" and ")" a group */
    OWNER(&st, "a.com. TXT \"x ; y ( z\" ; ( a comment", "a.com");
    CHECK(st.parens == 0, "parentheses in quotes and comments: %u", st.parens);
    OWNER(&st, "b.com. TXT \"a \\\" quote ; (\" ok", "b.com");
    CHECK(st.parens == 0, "an escaped quote: %u", st.parens);
    OWNER(&st, "c.com. TXT a\\;b \\( \\)", "c.com");
    CHECK(st.parens == 0, "escaped ; ( ): %u", st.parens);
}

/* ---- $ORIGIN, relative names, "@" ------------------------------------------------------ */

static void test_origin(void)
{
    ibidi_scan_zone_state st = fresh();
    ibidi_status s = zl(&st, "$ORIGIN example.");
    CHECK(s == IBIDI_OK && res.kind == IBIDI_SCAN_ZONE_ORIGIN && out.len == 7 &&
              memcmp(buf, "example", 7) == 0 && !res.relative,
          "$ORIGIN example.: %s kind %d", ibidi_status_name(s), (int)res.kind);
    CHECK(res.field.present && res.field.start == 8 && res.field.length == 8,
          "$ORIGIN's argument");
    CHECK(st.has_origin && st.origin_len == 7 && st.origin_wire == 9, "origin in the state");
    OWNER_REL(&st, "www 3600 IN A 192.0.2.1", "www.example");
    OWNER_REL(&st, "@ 3600 IN NS ns1", "example");
    OWNER_REL(&st, "a.b\t3600\tIN\tA\t192.0.2.2", "a.b.example");
    OWNER(&st, "other.test.\t3600\tIN\tA\t192.0.2.3", "other.test");
    /* a relative $ORIGIN is completed with the one before; directives in any case */
    s = zl(&st, "$origin sub ; a comment");
    CHECK(s == IBIDI_OK && res.kind == IBIDI_SCAN_ZONE_ORIGIN && res.relative &&
              out.len == 11 && memcmp(buf, "sub.example", 11) == 0,
          "relative $ORIGIN: %s '%.*s'", ibidi_status_name(s), (int)out.len, buf);
    OWNER_REL(&st, "www 3600 IN A 192.0.2.1", "www.sub.example");
    /* "@" as $ORIGIN's argument is the origin itself */
    s = zl(&st, "$ORIGIN @");
    CHECK(s == IBIDI_OK && out.len == 11, "$ORIGIN @");
    /* the root as origin */
    s = zl(&st, "$ORIGIN .");
    CHECK(s == IBIDI_OK && res.kind == IBIDI_SCAN_ZONE_ORIGIN && out.len == 0 &&
              st.has_origin && st.origin_len == 0 && st.origin_wire == 1,
          "$ORIGIN .");
    OWNER_REL(&st, "com 172800 IN NS a.gtld-servers.net.", "com");
    KIND(&st, "com. 172800 IN NS b.gtld-servers.net.", IBIDI_SCAN_ZONE_SAME_OWNER);
    APEX_REL(&st, "@ 86400 IN SOA a. b. 1 2 3 4 5", ""); /* the root zone's apex */
    /* the origin given beforehand, with or without its final dot */
    CHECK(ibidi_scan_zone_init(&st, "com", 3, &err) == IBIDI_OK && st.has_origin &&
              st.origin_len == 3 && !st.has_owner,
          "init com");
    OWNER_REL(&st, "example 172800 IN NS a.iana-servers.net.", "example.com");
    CHECK(ibidi_scan_zone_init(&st, "com.", 4, &err) == IBIDI_OK && st.origin_len == 3 &&
              memcmp(st.origin, "com", 3) == 0 && st.origin_wire == 5,
          "init com.");
    CHECK(ibidi_scan_zone_init(&st, NULL, 0, &err) == IBIDI_OK && !st.has_origin, "init none");
    BAD(&st, "www 3600 IN A 192.0.2.1", IBIDI_E_ZONE_NO_ORIGIN, 0);
    BAD(&st, "@ 3600 IN A 192.0.2.1", IBIDI_E_ZONE_NO_ORIGIN, 0);
    BAD(&st, "$ORIGIN sub", IBIDI_E_ZONE_NO_ORIGIN, 8);
    BAD(&st, "$ORIGIN", IBIDI_E_ZONE_DIRECTIVE, 7);
    BAD(&st, "$ORIGIN   ; nothing", IBIDI_E_ZONE_DIRECTIVE, 7);
    BAD(&st, "$ORIGIN a..b.", IBIDI_E_ZONE_NAME, 10);
    BAD(&st, "$ORIGIN com. (", IBIDI_E_ZONE_PAREN, 13);
    CHECK(ibidi_scan_zone_init(&st, "a..b", 4, &err) == IBIDI_E_ZONE_NAME && err.offset == 2 &&
              !st.has_origin,
          "init a..b");
    CHECK(ibidi_scan_zone_init(&st, "\\", 1, &err) == IBIDI_E_ZONE_ESCAPE, "init \\");
    CHECK(ibidi_scan_zone_init(&st, ".", 1, &err) == IBIDI_OK && st.has_origin &&
              st.origin_len == 0,
          "init .");
    CHECK(ibidi_scan_zone_init(NULL, "a", 1, &err) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_zone_init(&st, NULL, 1, &err) == IBIDI_E_INVALID_ARGUMENT,
          "init: arguments");
}

/* ---- $TTL, $INCLUDE, other directives --------------------------------------------------- */

static void test_directives(void)
{
    ibidi_scan_zone_state st = fresh();
    KIND(&st, "$TTL 86400", IBIDI_SCAN_ZONE_TTL);
    CHECK(res.field.start == 5 && res.field.length == 5, "$TTL's value");
    KIND(&st, "$TTL 1h30M ; BIND's units", IBIDI_SCAN_ZONE_TTL);
    KIND(&st, "$ttl\t3600\r", IBIDI_SCAN_ZONE_TTL);
    BAD(&st, "$TTL", IBIDI_E_ZONE_DIRECTIVE, 4);
    BAD(&st, "$TTL ; none", IBIDI_E_ZONE_DIRECTIVE, 4);
    BAD(&st, "$TTL day", IBIDI_E_ZONE_DIRECTIVE, 5);
    BAD(&st, "$TTL 1x", IBIDI_E_ZONE_DIRECTIVE, 5);
    BAD(&st, "$TTL 3600 )", IBIDI_E_ZONE_PAREN, 10);
    BAD(&st, "$TTL 3600 \"open", IBIDI_E_ZONE_QUOTE, 10);
    KIND(&st, "$INCLUDE other.zone", IBIDI_SCAN_ZONE_INCLUDE);
    CHECK(res.field.start == 9 && res.field.length == 10, "$INCLUDE's file");
    KIND(&st, "$INCLUDE \"a file.zone\" sub.example. ; with its origin", IBIDI_SCAN_ZONE_INCLUDE);
    CHECK(res.field.start == 10 && res.field.length == 11, "$INCLUDE's quoted file");
    CHECK(!st.has_origin, "$INCLUDE's origin is not ours");
    BAD(&st, "$INCLUDE", IBIDI_E_ZONE_DIRECTIVE, 8);
    BAD(&st, "$INCLUDE \"open", IBIDI_E_ZONE_QUOTE, 9);
    KIND(&st, "$GENERATE 1-100 host$ A 192.0.2.$", IBIDI_SCAN_ZONE_DIRECTIVE);
    CHECK(res.field.start == 0 && res.field.length == 9, "the directive's word");
    KIND(&st, "$", IBIDI_SCAN_ZONE_DIRECTIVE);
    CHECK(!st.has_owner && st.parens == 0, "directives leave no owner");
}

/* ---- Records of the last owner, parentheses -------------------------------------------- */

static void test_continuation(void)
{
    ibidi_scan_zone_state st = fresh();
    BAD(&st, "\t3600\tIN\tA\t192.0.2.1", IBIDI_E_ZONE_NO_OWNER, 1);
    BAD(&st, "  (", IBIDI_E_ZONE_NO_OWNER, 2);
    OWNER(&st, "a.com.\t3600\tIN\tA\t192.0.2.1", "a.com");
    KIND(&st, "\t3600\tIN\tAAAA\t2001:db8::1", IBIDI_SCAN_ZONE_SAME_OWNER);
    CHECK(!res.field.present, "a left-out owner has no field");
    KIND(&st, " IN TXT \"x\" ; with a comment", IBIDI_SCAN_ZONE_SAME_OWNER);
    CHECK(st.owner_len == 5, "the owner stays");

    /* RFC 1035 §5.1: the SOA of a registry's file, over three lines */
    CHECK(ibidi_scan_zone_init(&st, "example", 7, &err) == IBIDI_OK, "init");
    APEX_REL(&st, "@ IN SOA ns.example. hostmaster.example. (", "example");
    CHECK(st.parens == 1, "one open: %u", st.parens);
    KIND(&st, "2024010101 ; serial, not an owner", IBIDI_SCAN_ZONE_CONTINUED);
    KIND(&st, "", IBIDI_SCAN_ZONE_CONTINUED);
    KIND(&st, "; a comment inside", IBIDI_SCAN_ZONE_CONTINUED);
    KIND(&st, "$TTL 5 ; data, not a directive", IBIDI_SCAN_ZONE_CONTINUED);
    CHECK(st.parens == 1, "still open");
    CHECK(ibidi_scan_zone_end(&st, &err) == IBIDI_E_ZONE_PAREN && err.status == IBIDI_E_ZONE_PAREN,
          "end inside parentheses");
    BAD(&st, "\"open", IBIDI_E_ZONE_QUOTE, 0);
    KIND(&st, "3600 900 604800 86400 )", IBIDI_SCAN_ZONE_CONTINUED);
    CHECK(st.parens == 0, "closed: %u", st.parens);
    CHECK(ibidi_scan_zone_end(&st, &err) == IBIDI_OK, "end");
    OWNER_REL(&st, "www A 192.0.2.1", "www.example");
    /* a record of the last owner may open a group too */
    KIND(&st, "  TXT ( \"a\"", IBIDI_SCAN_ZONE_SAME_OWNER);
    CHECK(st.parens == 1, "opened by a blank-started line");
    KIND(&st, "\"b\" )", IBIDI_SCAN_ZONE_CONTINUED);
    /* nested, and opened and closed on one line */
    OWNER_REL(&st, "x TXT ( ( \"a\" )", "x.example");
    CHECK(st.parens == 1, "nested: %u", st.parens);
    KIND(&st, ")", IBIDI_SCAN_ZONE_CONTINUED);
    OWNER_REL(&st, "y TXT ( \"a\" )", "y.example");
    CHECK(st.parens == 0, "on one line");
    /* the owner's field ends where a group opens */
    OWNER_REL(&st, "z(TXT \"a\")", "z.example");
    CHECK(st.parens == 0 && res.field.length == 1, "z(");
    BAD(&st, "w.example. A 192.0.2.1 )", IBIDI_E_ZONE_PAREN, 23);
    BAD(&st, ") A 192.0.2.1", IBIDI_E_ZONE_PAREN, 0);
    BAD(&st, "(w A 192.0.2.1", IBIDI_E_ZONE_NAME, 0);
    BAD(&st, "  )", IBIDI_E_ZONE_PAREN, 2);
}

/* ---- Escapes --------------------------------------------------------------------------- */

static void test_escapes(void)
{
    ibidi_scan_zone_state st = fresh();
    OWNER(&st, "\\097.com. A 192.0.2.1", "a.com");
    KIND(&st, "A.com. A 192.0.2.2", IBIDI_SCAN_ZONE_SAME_OWNER); /* one name, one spelling */
    KIND(&st, "\\a.\\c\\o\\m. A 192.0.2.2", IBIDI_SCAN_ZONE_SAME_OWNER);
    /* a dot in a label, a backslash: escaped in one way */
    OWNER(&st, "a\\.b.com. A 192.0.2.1", "a\\.b.com");
    OWNER(&st, "a\\046c.com. A 192.0.2.1", "a\\.c.com");
    OWNER(&st, "a\\\\b.com. A 192.0.2.1", "a\\\\b.com");
    OWNER(&st, "a\\092c.com. A 192.0.2.1", "a\\\\c.com");
    /* a label ending with an escaped dot is no absolute name */
    CHECK(ibidi_scan_zone_init(&st, "com", 3, &err) == IBIDI_OK, "init");
    OWNER_REL(&st, "a\\. A 192.0.2.1", "a\\..com");
    /* bytes that show nothing stay \DDD; an escaped blank does not end the field */
    OWNER(&st, "a\\ b.com. A 192.0.2.1", "a\\032b.com");
    OWNER(&st, "a\\009b\\127.com. A 192.0.2.1", "a\\009b\\127.com");
    OWNER(&st, "a\\000.com. A 192.0.2.1", "a\\000.com");
    /* other bytes are themselves: a U-label written as the \DDD of its UTF-8 (BIND's way) */
    OWNER(&st, "\\215\\169\\215\\156\\215\\149\\215\\157.com. A 192.0.2.1",
          "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d.com");
    /* the bytes zone files give a meaning stay escaped, written or not */
    OWNER(&st, "\\@\\$\\;\\(\\)\\\".com. A 192.0.2.1", "\\@\\$\\;\\(\\)\\\".com");
    KIND(&st, "\\064\\036\\059\\040\\041\\034.com. A 192.0.2.2", IBIDI_SCAN_ZONE_SAME_OWNER);
    OWNER(&st, "a\"b@c$d.com. A 192.0.2.1", "a\\\"b\\@c\\$d.com");
    /* "@" inside a name, or escaped, is no origin */
    OWNER(&st, "@a.com. A 192.0.2.1", "\\@a.com");
    OWNER_REL(&st, "\\@ A 192.0.2.1", "\\@.com");
    BAD(&st, "a\\", IBIDI_E_ZONE_ESCAPE, 1);
    BAD(&st, "a\\25.com. A 192.0.2.1", IBIDI_E_ZONE_ESCAPE, 1);
    BAD(&st, "a\\2 A 192.0.2.1", IBIDI_E_ZONE_ESCAPE, 1);
    BAD(&st, "a\\256.com. A 192.0.2.1", IBIDI_E_ZONE_ESCAPE, 1);
    BAD(&st, "a\\999 A 192.0.2.1", IBIDI_E_ZONE_ESCAPE, 1);
    BAD(&st, "a.com. TXT x\\", IBIDI_E_ZONE_ESCAPE, 12);
    BAD(&st, "a.com. TXT \"x\\", IBIDI_E_ZONE_QUOTE, 11);
}

/* ---- RFC 1035 §2.3.4: what DNS can carry ---------------------------------------------- */

static void test_limits(void)
{
    ibidi_scan_zone_state st = fresh();
    char line[2048], want[2048];
    /* a label of 63 octets, then 64 */
    memset(line, 'a', 63);
    strcpy(line + 63, ".com. A 192.0.2.1");
    memset(want, 'a', 63);
    strcpy(want + 63, ".com");
    OWNER(&st, line, want);
    memset(line, 'b', 64);
    strcpy(line + 64, ".com. A 192.0.2.1");
    BAD(&st, line, IBIDI_E_ZONE_NAME, 63);
    BAD(&st, "a..com. A 192.0.2.1", IBIDI_E_ZONE_NAME, 2);
    BAD(&st, ".com. A 192.0.2.1", IBIDI_E_ZONE_NAME, 0);
    BAD(&st, ".. A 192.0.2.1", IBIDI_E_ZONE_NAME, 0);
    /* 255 octets in wire form: 3 labels of 63 and one of 61 (3*64 + 62 + 1); one more is
     * too many */
    size_t n = 0;
    for (int k = 0; k < 4; k++) {
        size_t l = k < 3 ? 63 : 61;
        memset(line + n, 'a' + k, l);
        n += l;
        line[n++] = '.';
    }
    memcpy(want, line, n - 1);
    strcpy(line + n, " A 192.0.2.1");
    want[n - 1] = '\0';
    OWNER(&st, line, want);
    CHECK(out.len == 253, "the longest name of letters: %zu", out.len);
    /* one octet more in the last label (before its dot, at 253) */
    memmove(line + 254, line + 253, strlen(line + 253) + 1);
    line[253] = 'd';
    BAD(&st, line, IBIDI_E_ZONE_NAME, 253);
    /* a relative name that the origin makes too long */
    CHECK(ibidi_scan_zone_init(&st, want, strlen(want), &err) == IBIDI_OK, "init 253");
    BAD(&st, "x A 192.0.2.1", IBIDI_E_ZONE_NAME, 0);
    OWNER_REL(&st, "@ A 192.0.2.1", want);
    /* the longest spelling: every octet a \000, 4 * 250 + 3 dots */
    n = 0;
    for (int k = 0; k < 4; k++) {
        size_t l = k < 3 ? 63 : 61;
        for (size_t i = 0; i < l; i++) {
            memcpy(line + n, "\\000", 4);
            n += 4;
        }
        line[n++] = '.';
    }
    line[n] = '\0';
    memcpy(want, line, n - 1); /* without the root dot */
    want[n - 1] = '\0';
    st = fresh();
    OWNER(&st, line, want);
    CHECK(out.len == n - 1 && n - 1 == 1003 && 1003 <= IBIDI_SCAN_ZONE_NAME_MAX,
          "the longest name handed over: %zu", out.len);
    /* a buffer too small: the size needed, and the state as it was */
    st = fresh();
    ibidi_scan_zone_state before = st;
    char small[16];
    out = (ibidi_buf){small, sizeof small, 0};
    ibidi_status s = ibidi_scan_zone_line(&st, line, strlen(line), &out, &res, &err);
    CHECK(s == IBIDI_E_BUFFER_TOO_SMALL && out.len == 1003 &&
              memcmp(&before, &st, sizeof st) == 0,
          "buffer too small: %s, %zu", ibidi_status_name(s), out.len);
    out = (ibidi_buf){NULL, 0, 0};
    s = ibidi_scan_zone_line(&st, "a.com.", 6, &out, &res, &err);
    CHECK(s == IBIDI_E_BUFFER_TOO_SMALL && out.len == 5 && !st.has_owner,
          "no buffer: the size");
    s = ibidi_scan_zone_line(&st, ".", 1, &out, &res, &err);
    CHECK(s == IBIDI_OK && res.kind == IBIDI_SCAN_ZONE_OWNER && out.len == 0,
          "the root needs no buffer");
    out = (ibidi_buf){small, 4, 0};
    s = ibidi_scan_zone_line(&st, "$ORIGIN example.", 16, &out, &res, &err);
    CHECK(s == IBIDI_E_BUFFER_TOO_SMALL && out.len == 7 && !st.has_origin,
          "$ORIGIN, buffer too small");
}

/* ---- Damaged lines: a NUL, a line over the limit ------------------------------------------ */

/* A line of len bytes (NULs kept) is refused with want at offset, the state as it was. */
static void damaged(int line, ibidi_scan_zone_state *st, const char *text, size_t len,
                    ibidi_status want, size_t offset, const char *what)
{
    static ibidi_scan_zone_state before;
    before = *st;
    out = (ibidi_buf){buf, sizeof buf, 0};
    ibidi_status s = ibidi_scan_zone_line(st, text, len, &out, &res, &err);
    t_check(s == want && err.status == want && err.offset == offset && out.len == 0, __FILE__,
            line, "%s: status %s at %zu, want %s at %zu", what, ibidi_status_name(s),
            err.offset, ibidi_status_name(want), offset);
    t_check(memcmp(&before, st, sizeof before) == 0, __FILE__, line,
            "%s: a line that fails changed the state", what);
}

static void test_damage(void)
{
    static char big[IBIDI_SCAN_LINE_MAX + 2];
    ibidi_scan_zone_state st = fresh();
    OWNER(&st, "a.com. A 192.0.2.1", "a.com");
    /* a NUL anywhere: in the owner, in the data, in a quoted string, in a comment, in a
       line that continues the record, in a directive; a line of NULs (a hole in a file) */
    static const struct {
        const char *text;
        size_t len, at;
    } nul[] = {
        {"b\0c.com. A 192.0.2.1", 18, 1},
        {"b.com. A 192.0\0.2.1", 20, 14},
        {"b.com. TXT \"x\0y\"", 17, 13},
        {"b.com. A 192.0.2.1 ; \0", 22, 21},
        {"\tA 192.0.2.1\0", 13, 12},
        {"$ORIGIN ex\0ample.", 18, 10},
        {"\0\0\0\0", 4, 0},
    };
    for (size_t i = 0; i < sizeof nul / sizeof nul[0]; i++)
        damaged(__LINE__, &st, nul[i].text, nul[i].len, IBIDI_E_ZONE_NUL, nul[i].at, "a NUL");
    /* the line after is read as if the damaged one were not there */
    KIND(&st, "a.com. AAAA 2001:db8::1", IBIDI_SCAN_ZONE_SAME_OWNER);
    /* inside parentheses too, and they stay open */
    OWNER(&st, "b.com. 3600 IN TXT ( \"x\"", "b.com");
    damaged(__LINE__, &st, " 1 2\0 3", 7, IBIDI_E_ZONE_NUL, 4, "a NUL inside ( )");
    CHECK(st.parens == 1, "a NUL inside ( ): still open");
    KIND(&st, " \"y\" )", IBIDI_SCAN_ZONE_CONTINUED);
    /* a line of IBIDI_SCAN_LINE_MAX bytes is read; one byte more is refused at the limit,
       before its bytes are looked at (a NUL after the limit is not reached) */
    memset(big, 'x', sizeof big);
    memcpy(big, "c.com. TXT \"", 12);
    big[IBIDI_SCAN_LINE_MAX - 1] = '"';
    out = (ibidi_buf){buf, sizeof buf, 0};
    CHECK(ibidi_scan_zone_line(&st, big, IBIDI_SCAN_LINE_MAX, &out, &res, &err) == IBIDI_OK &&
              res.kind == IBIDI_SCAN_ZONE_OWNER && out.len == 5,
          "a line of IBIDI_SCAN_LINE_MAX bytes: %s", ibidi_status_name(err.status));
    big[IBIDI_SCAN_LINE_MAX] = '\0';
    damaged(__LINE__, &st, big, IBIDI_SCAN_LINE_MAX + 1, IBIDI_E_SCAN_LINE_TOO_LONG,
            IBIDI_SCAN_LINE_MAX, "a line over the limit");
    CHECK(err.value == 0, "over the limit: the byte at the limit, %u", (unsigned)err.value);
}

/* ---- Arguments, state ------------------------------------------------------------------ */

static void test_arguments(void)
{
    ibidi_scan_zone_state st = fresh();
    out = (ibidi_buf){buf, sizeof buf, 0};
    CHECK(ibidi_scan_zone_line(NULL, "a.", 2, &out, &res, &err) == IBIDI_E_INVALID_ARGUMENT,
          "no state");
    CHECK(ibidi_scan_zone_line(&st, "a.", 2, &out, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "no result");
    CHECK(ibidi_scan_zone_line(&st, NULL, 2, &out, &res, &err) == IBIDI_E_INVALID_ARGUMENT,
          "no line");
    CHECK(ibidi_scan_zone_line(&st, "a.", 2, NULL, &res, &err) == IBIDI_E_INVALID_ARGUMENT,
          "no name record");
    out = (ibidi_buf){NULL, 5, 0};
    CHECK(ibidi_scan_zone_line(&st, "a.", 2, &out, &res, &err) == IBIDI_E_INVALID_ARGUMENT,
          "no buffer with a capacity");
    out = (ibidi_buf){NULL, 0, 0};
    CHECK(ibidi_scan_zone_line(&st, NULL, 0, &out, &res, NULL) == IBIDI_OK &&
              res.kind == IBIDI_SCAN_ZONE_BLANK && out.len == 0,
          "an empty line, no buffer, no error record");
    CHECK(ibidi_scan_zone_end(NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "end: no state");
    /* a line is bytes up to len: what follows is not read */
    out = (ibidi_buf){buf, sizeof buf, 0};
    CHECK(ibidi_scan_zone_line(&st, "a.com.b.net.", 6, &out, &res, &err) == IBIDI_OK &&
              out.len == 5 && memcmp(buf, "a.com", 5) == 0,
          "len bounds the line");

    /* the state is only data: a copy goes on exactly as the original */
    static const char *const lines[] = {
        "$ORIGIN example.", "a A 192.0.2.1", "a A 192.0.2.2", "b TXT ( \"x\"",
        "c.d ; inside",     ")",             "b A 192.0.2.3", "e A 192.0.2.4"};
    ibidi_scan_zone_state one = fresh(), two = fresh();
    char b1[IBIDI_SCAN_ZONE_NAME_MAX], b2[IBIDI_SCAN_ZONE_NAME_MAX];
    int same = 1;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        if (i == 3)
            two = one;
        ibidi_buf n1 = {b1, sizeof b1, 0}, n2 = {b2, sizeof b2, 0};
        if (i < 3) {
            ibidi_scan_zone_line(&one, lines[i], strlen(lines[i]), &n1, &res, NULL);
            continue;
        }
        ibidi_scan_zone_result r1, r2;
        ibidi_status s1 = ibidi_scan_zone_line(&one, lines[i], strlen(lines[i]), &n1, &r1, NULL);
        ibidi_status s2 = ibidi_scan_zone_line(&two, lines[i], strlen(lines[i]), &n2, &r2, NULL);
        same &= s1 == s2 && r1.kind == r2.kind && n1.len == n2.len &&
                memcmp(b1, b2, n1.len) == 0;
    }
    CHECK(same && memcmp(&one, &two, sizeof one) == 0, "a copied state goes on the same");
}

/* ---- Zone file or list ----------------------------------------------------------------- */

#define DETECT(text, want)                                                                     \
    CHECK(ibidi_scan_detect_format(text, strlen(text)) == (want), "detect '%.60s': not %s",   \
          text, (want) == IBIDI_SCAN_FORMAT_ZONE ? "zone" : "names")

static void test_detect(void)
{
    const ibidi_scan_format Z = IBIDI_SCAN_FORMAT_ZONE, N = IBIDI_SCAN_FORMAT_NAMES;
    counting = 1;
    DETECT("", N);
    DETECT("\n\n", N);
    DETECT("example.com\nexample.org\n", N);
    DETECT("example.com.\nexample.org.\n", N);
    DETECT("# a list\nexample.com # comment\n\n  spaced.example  \n", N);
    DETECT("example.com\tvalid\texample.com\texample.com\t\n", N);
    DETECT("com.\t172800\tin\tns\ta.gtld-servers.net.\n", Z);
    DETECT("com.\t172800\tin\tns\ta.gtld-servers.net.", Z); /* one line, no LF */
    DETECT("example.com. IN NS ns1\n", Z);
    DETECT("example.com. NS ns1\n", Z);
    DETECT("example.com. IN 3600 A 192.0.2.1\n", Z);
    DETECT("example.com. 1h IN AAAA 2001:db8::1\n", Z);
    DETECT("example.com. 3600 CLASS1 TYPE65534 \\# 0\n", Z); /* RFC 3597 */
    DETECT("$ORIGIN com.\n", Z);
    DETECT("$TTL 3600\n; comment\n", Z);
    DETECT("; comment\n$INCLUDE x\n", Z);
    DETECT("\t3600 IN A 192.0.2.1\n", Z);
    /* the lines inside parentheses do not vote */
    DETECT("@ IN SOA a. b. (\n1\n2\n3\n4\n5 )\n", Z);
    /* a cut last line does not vote */
    DETECT("example.com. 3600 IN NS a.\nexam", Z);
    DETECT("example\nexample.com. 3600 IN NS a.\nexample.com. 3600 IN NS b.\n", Z);
    DETECT("example\nexample.org\nexample.com. 3600 IN NS a.\n", N);
    DETECT("a b c d\n", N);
    DETECT("$PATH\n", N);
    CHECK(ibidi_scan_detect_format(NULL, 0) == N && ibidi_scan_detect_format(NULL, 5) == N,
          "detect NULL");
    counting = 0;
}

/* ---- The sample ------------------------------------------------------------------------ */

static void test_sample(void)
{
    /* "com" is the apex (its SOA record): the zone, not a name in it */
    static const char *const want[] = {
        "123.com",
        "123.xn--4dbrk0ce.com",
        "2020.com",
        "2020.xn--wgbh1c.com",
        "30.40.xn--pgbs0dh.com",
        "30.xn--pgbs0dh.40.com",
        "40.com",
        "example.com",
        "xn--4dbrk0ce.123.com",
        "xn--4dbrk0ce.com",
        "xn--9dbq2a.com",
        "xn--mgbaam7a8h.com",
        "xn--pgbs0dh.30.40.com",
        "xn--pgbs0dh.com",
        "xn--wgbh1c.2020.com",
        "xn--wgbh1c.com",
    };
    const size_t n_want = sizeof want / sizeof want[0];
    size_t len = 0, n = 0, lines = 0, bad = 0, pos = 0, apex = 0;
    char *text = t_read_file("data/samples/zone.txt", &len);
    if (!CHECK(text != NULL, "cannot read data/samples/zone.txt"))
        return;
    CHECK(ibidi_scan_detect_format(text, len) == IBIDI_SCAN_FORMAT_ZONE, "the sample is a zone");
    ibidi_scan_zone_state st = fresh();
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t e = nl ? (size_t)(nl - text) : len;
        lines++;
        counting = 1;
        out = (ibidi_buf){buf, sizeof buf, 0};
        ibidi_status s = ibidi_scan_zone_line(&st, text + pos, e - pos, &out, &res, &err);
        counting = 0;
        if (s != IBIDI_OK) {
            bad++;
            CHECK(0, "sample line %zu: %s", lines, ibidi_status_name(s));
        } else if (res.kind == IBIDI_SCAN_ZONE_APEX) {
            apex++;
            CHECK(out.len == 3 && memcmp(buf, "com", 3) == 0, "sample line %zu: apex '%.*s'",
                  lines, (int)out.len, buf);
        } else if (res.kind == IBIDI_SCAN_ZONE_OWNER) {
            CHECK(n < n_want && out.len == strlen(want[n]) &&
                      memcmp(buf, want[n], out.len) == 0,
                  "sample line %zu: owner '%.*s', want '%s'", lines, (int)out.len, buf,
                  n < n_want ? want[n] : "none");
            n++;
        }
        pos = e + 1;
    }
    CHECK(n == n_want && bad == 0 && ibidi_scan_zone_end(&st, NULL) == IBIDI_OK,
          "the sample: %zu owners of %zu", n, n_want);
    /* the SOA line and the two NS lines of com that spell the owner out */
    CHECK(apex == 3, "the sample: %zu apex lines, want 3", apex);
    printf("info: data/samples/zone.txt: %zu lines, %zu owners\n", lines, n);
    free(text);
    text = t_read_file("data/samples/names.txt", &len);
    if (CHECK(text != NULL, "cannot read data/samples/names.txt"))
        CHECK(ibidi_scan_detect_format(text, len) == IBIDI_SCAN_FORMAT_NAMES,
              "names.txt is a list");
    free(text);
}

int main(void)
{
    test_czds();
    test_blank();
    test_origin();
    test_directives();
    test_continuation();
    test_escapes();
    test_limits();
    test_damage();
    test_arguments();
    test_detect();
    test_sample();
#if defined(T_COUNTS_ALLOCATIONS)
    CHECK(allocations == 0, "the zone calls allocated %ld times", allocations);
    /* the count works: an allocation while counting is seen */
    counting = 1;
    void *volatile p = malloc(16);
    counting = 0;
    CHECK(allocations == 1, "an allocation is counted: %ld", allocations);
    free(p);
    printf("info: no allocation by the zone calls (malloc, calloc, realloc counted)\n");
#else
    printf("info: sanitizer build: allocations not counted here (tests/test_scan_noalloc.sh)\n");
#endif
    return t_summary();
}
