/* Zone files (ibidi/scan.h): the owner names of an RFC 1035 §5.1 master file, read one line
 * at a time with a state the caller keeps, and the call that tells a zone file from a list
 * of names. Only what finding the owners needs is read: the fields of a record after its
 * owner are skipped, but their quotes, escapes, comments and parentheses are followed, as
 * they decide where the next owner is. No allocation, no state of its own. */
#include <limits.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "common/internal.h"
#include "ibidi/scan.h"

#define LABEL_MAX 63 /* RFC 1035 §2.3.4: labels are 63 octets or less */
#define WIRE_MAX 255 /* RFC 1035 §2.3.4: names are 255 octets or less (wire form) */

/* RFC 1035 §5.1: fields are separated by blanks (spaces, tabs). A CR is the end of a CRLF
 * line, and an LF the end of any line, should a caller leave one in. */
static int is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static unsigned char ascii_lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* Equal under ASCII case folding (RFC 4343 §3: DNS compares names so); other bytes, those
 * of U-labels included, as they are. */
static int same_name(const char *a, size_t al, const char *b, size_t bl)
{
    if (al != bl)
        return 0;
    for (size_t i = 0; i < al; i++)
        if (ascii_lower((unsigned char)a[i]) != ascii_lower((unsigned char)b[i]))
            return 0;
    return 1;
}

static int word_is(const char *s, size_t n, const char *w)
{
    size_t wl = strlen(w);
    if (n != wl)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (ascii_lower((unsigned char)s[i]) != ascii_lower((unsigned char)w[i]))
            return 0;
    return 1;
}

/* What a byte is to the reader of a line (RFC 1035 §5.1), looked up in one step: most
 * bytes of a zone file are none of these. */
enum { Z_BLANK = 1, Z_GROUP = 2, Z_QUOTE = 4, Z_ESCAPE = 8 };
static const unsigned char zone_byte[256] = {
    [' '] = Z_BLANK, ['\t'] = Z_BLANK, ['\r'] = Z_BLANK, ['\n'] = Z_BLANK,
    [';'] = Z_GROUP, ['('] = Z_GROUP, [')'] = Z_GROUP, ['"'] = Z_QUOTE, ['\\'] = Z_ESCAPE};

#if defined(__SSE2__)
/* 16 bytes from s at once: bits of the blanks, and of the bytes that zone_byte gives
 * another meaning (; ( ) " \), as _mm_movemask_epi8 numbers them. */
static void zone_masks16(const char *s, unsigned *blank, unsigned *other)
{
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    const __m128i b = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
    const __m128i o = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(';')), _mm_cmpeq_epi8(v, _mm_set1_epi8('('))),
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(')')),
                                  _mm_cmpeq_epi8(v, _mm_set1_epi8('"'))),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
    *blank = (unsigned)_mm_movemask_epi8(b);
    *other = (unsigned)_mm_movemask_epi8(o);
}
#endif

/* The end of a field that starts at i: RFC 1035 §5.1, blanks separate fields, ";" starts a
 * comment, "(" and ")" group lines, and "\" makes the next byte an ordinary one. */
static size_t field_end(const char *s, size_t len, size_t i)
{
#if defined(__SSE2__)
    /* 16 bytes at a time up to the first byte that is not ordinary (a quote is, here) */
    while (len - i >= 16) {
        unsigned blank, other;
        zone_masks16(s + i, &blank, &other);
        const unsigned stop = blank | other;
        if (stop) {
            i += (size_t)__builtin_ctz(stop);
            break;
        }
        i += 16;
    }
#endif
    while (i < len) {
        const unsigned k = zone_byte[(unsigned char)s[i]];
        if (k & (Z_BLANK | Z_GROUP))
            break;
        i += k == Z_ESCAPE && i + 1 < len ? 2 : 1;
    }
    return i;
}

static size_t skip_blanks(const char *s, size_t len, size_t i)
{
    while (i < len && is_blank((unsigned char)s[i]))
        i++;
    return i;
}

/* ---- Names ----------------------------------------------------------------------------- */

/* A name being read, in the one spelling of ibidi/scan.h. */
typedef struct name_buf {
    char b[IBIDI_SCAN_ZONE_NAME_MAX];
    size_t len;
    size_t wire;  /* octets of wire form of the labels read (1 + length each) */
    size_t label; /* octets of the label being read */
} name_buf;

/* The bytes RFC 1035 §5.1 gives a meaning in a zone file: a name that holds them has them
 * escaped, so that it means what the file meant and reads back as itself. */
static int is_special(unsigned char c)
{
    return c == '.' || c == '\\' || c == '"' || c == '(' || c == ')' || c == ';' || c == '@' ||
           c == '$';
}

/* An octet that a name holds as itself: neither special, nor one that shows nothing
 * (00..20, 7F). The ASCII ones that are not, as bits: 00..20 " $ ( ) . ; below 64,
 * @ \ DEL above. */
static int is_plain(unsigned char c)
{
    static const uint64_t lo = (((uint64_t)1 << 33) - 1) | (uint64_t)1 << '"' |
                               (uint64_t)1 << '$' | (uint64_t)1 << '(' | (uint64_t)1 << ')' |
                               (uint64_t)1 << '.' | (uint64_t)1 << ';';
    static const uint64_t hi = (uint64_t)1 << ('@' - 64) | (uint64_t)1 << ('\\' - 64) |
                               (uint64_t)1 << (0x7f - 64);
    return c >= 0x80 || !(((c < 64 ? lo >> c : hi >> (c - 64))) & 1u);
}

/* One octet of a label: a special byte as "\X", the bytes that show nothing (00..20, 7F)
 * as \DDD, so that no name holds a control or a blank; every other byte as itself. */
static void put_octet(name_buf *n, unsigned char c)
{
    if (is_special(c)) {
        n->b[n->len++] = '\\';
        n->b[n->len++] = (char)c;
    } else if (c <= 0x20 || c == 0x7f) {
        n->b[n->len++] = '\\';
        n->b[n->len++] = (char)('0' + c / 100);
        n->b[n->len++] = (char)('0' + c / 10 % 10);
        n->b[n->len++] = (char)('0' + c % 10);
    } else {
        n->b[n->len++] = (char)c;
    }
}

/* Reads the name written in s[b..e) into n. RFC 1035 §5.1: "@" alone is the current origin;
 * a name that does not end with an unescaped dot is relative and gets the origin appended
 * (with absolute set, as for an origin given to ibidi_scan_zone_init, it is taken as
 * absolute); "\X" is the byte X, "\DDD" the byte of decimal value DDD. *relative says
 * whether the origin completed it. */
static ibidi_status read_name(const char *s, size_t b, size_t e, const ibidi_scan_zone_state *st,
                              int absolute, name_buf *n, int *relative, ibidi_error *err)
{
    n->len = n->wire = n->label = 0;
    *relative = 0;
    if (!absolute && e - b == 1 && s[b] == '@') {
        if (!st->has_origin)
            return ibidi__fail(err, IBIDI_E_ZONE_NO_ORIGIN, b, '@');
        memcpy(n->b, st->origin, st->origin_len);
        n->len = st->origin_len;
        n->wire = st->origin_wire;
        *relative = 1;
        return IBIDI_OK;
    }
    if (e - b == 1 && s[b] == '.') { /* the root */
        n->wire = 1;
        return IBIDI_OK;
    }
    int ends_with_dot = 0;
    for (size_t i = b; i < e;) {
        const size_t at = i;
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') { /* RFC 1035 §5.1 escapes */
            if (i + 1 >= e)
                return ibidi__fail(err, IBIDI_E_ZONE_ESCAPE, i, c);
            unsigned char d = (unsigned char)s[i + 1];
            if (is_digit(d)) {
                if (i + 3 >= e || !is_digit((unsigned char)s[i + 2]) ||
                    !is_digit((unsigned char)s[i + 3]))
                    return ibidi__fail(err, IBIDI_E_ZONE_ESCAPE, i, c);
                unsigned v = (unsigned)(d - '0') * 100u +
                             (unsigned)((unsigned char)s[i + 2] - '0') * 10u +
                             (unsigned)((unsigned char)s[i + 3] - '0');
                if (v > 255)
                    return ibidi__fail(err, IBIDI_E_ZONE_ESCAPE, i, c);
                c = (unsigned char)v;
                i += 4;
            } else {
                c = d;
                i += 2;
            }
        } else if (c == '.') { /* a separator: the label ends */
            if (n->label == 0) /* RFC 1035 §2.3.4: only the root label is empty */
                return ibidi__fail(err, IBIDI_E_ZONE_NAME, i, c);
            n->wire += 1 + n->label;
            n->label = 0;
            i++;
            if (i == e)
                ends_with_dot = 1;
            else
                n->b[n->len++] = '.';
            continue;
        } else {
            if (is_plain(c)) {
                /* a run of octets written as themselves (nearly every name is only these):
                   copied at once, as far as the limits below let the octets in; the octet
                   that breaks one takes the path below, which refuses it */
                size_t r = i + 1;
                while (r < e && is_plain((unsigned char)s[r]))
                    r++;
                const size_t lim = WIRE_MAX < n->wire + 2 ? 0 : WIRE_MAX - n->wire - 2;
                const size_t most = lim < LABEL_MAX ? lim : LABEL_MAX;
                const size_t room = most > n->label ? most - n->label : 0;
                const size_t take = r - i < room ? r - i : room;
                if (take) {
                    memcpy(n->b + n->len, s + i, take);
                    n->len += take;
                    n->label += take;
                    i += take;
                    continue;
                }
            }
            i++;
        }
        /* RFC 1035 §2.3.4: a label of up to 63 octets, a name of up to 255 with the root's */
        if (n->label == LABEL_MAX || n->wire + 1 + (n->label + 1) + 1 > WIRE_MAX)
            return ibidi__fail(err, IBIDI_E_ZONE_NAME, at, (unsigned char)s[at]);
        n->label++;
        put_octet(n, c);
    }
    if (n->label) {
        n->wire += 1 + n->label;
        n->label = 0;
    }
    if (ends_with_dot || absolute) {
        n->wire += 1; /* the root label */
        return IBIDI_OK;
    }
    /* RFC 1035 §5.1: a relative name is completed with the current origin */
    if (!st->has_origin)
        return ibidi__fail(err, IBIDI_E_ZONE_NO_ORIGIN, b, (unsigned char)s[b]);
    if (n->wire + st->origin_wire > WIRE_MAX)
        return ibidi__fail(err, IBIDI_E_ZONE_NAME, b, (unsigned char)s[b]);
    if (st->origin_len) {
        n->b[n->len++] = '.';
        memcpy(n->b + n->len, st->origin, st->origin_len);
        n->len += st->origin_len;
    }
    n->wire += st->origin_wire;
    *relative = 1;
    return IBIDI_OK;
}

/* The origin is now the name read into n (RFC 1035 §5.1 $ORIGIN, or the one given). */
static void set_origin(ibidi_scan_zone_state *st, const name_buf *n)
{
    memcpy(st->origin, n->b, n->len);
    st->origin_len = n->len;
    st->origin_wire = n->wire;
    st->has_origin = 1;
}

/* ---- The fields after the owner -------------------------------------------------------- */

/* The rest of a line from i (RFC 1035 §5.1): ";" starts a comment to the end of the line
 * (not inside quotes), a quoted string ends with the next unescaped quote on the same line,
 * "\" makes the next byte ordinary, "(" and ")" open and close a group of lines (*parens,
 * updated). *data says whether a field was found, *first_paren where the first
 * parenthesis is (SIZE_MAX: none). */
static ibidi_status scan_rest(const char *s, size_t len, size_t i, unsigned *parens, int *data,
                              size_t *first_paren, ibidi_error *err)
{
    *data = 0;
    *first_paren = SIZE_MAX;
    while (i < len) {
#if defined(__SSE2__)
        /* 16 bytes at a time while they hold only fields and blanks */
        while (len - i >= 16) {
            unsigned blank, other;
            zone_masks16(s + i, &blank, &other);
            const unsigned upto = other ? (other & (0u - other)) - 1u : 0xFFFFu;
            if (upto & ~blank)
                *data = 1; /* a field among the bytes passed */
            if (other) {
                i += (size_t)__builtin_ctz(other);
                break;
            }
            i += 16;
        }
        if (i >= len)
            break;
#endif
        unsigned char c = (unsigned char)s[i];
        if (!zone_byte[c]) {
            /* an ordinary field (the TTL, class, type, most data): to its end at once */
            *data = 1;
            i++;
            while (i < len && !zone_byte[(unsigned char)s[i]])
                i++;
        } else if (is_blank(c)) {
            i++;
        } else if (c == ';') {
            break;
        } else if (c == '(' || c == ')') {
            if (*first_paren == SIZE_MAX)
                *first_paren = i;
            if (c == ')' && *parens == 0)
                return ibidi__fail(err, IBIDI_E_ZONE_PAREN, i, c);
            if (c == '(' && *parens == UINT_MAX)
                return ibidi__fail(err, IBIDI_E_ZONE_PAREN, i, c);
            *parens = c == '(' ? *parens + 1 : *parens - 1;
            i++;
        } else if (c == '"') {
            const size_t q = i++;
            *data = 1;
            for (;;) {
                if (i >= len)
                    return ibidi__fail(err, IBIDI_E_ZONE_QUOTE, q, '"');
                if (s[i] == '"')
                    break;
                i += s[i] == '\\' ? 2 : 1;
            }
            i++;
        } else if (c == '\\') {
            if (i + 1 >= len)
                return ibidi__fail(err, IBIDI_E_ZONE_ESCAPE, i, c);
            *data = 1;
            i += 2;
        } else {
            *data = 1;
            i++;
        }
    }
    return IBIDI_OK;
}

/* ---- Directives ------------------------------------------------------------------------ */

/* A TTL: a decimal number (RFC 1035 §3.2.1, RFC 2308 §4), or the units BIND also reads
 * (1h30m: w, d, h, m, s, each after digits). */
static int is_ttl(const char *s, size_t n)
{
    if (n == 0 || !is_digit((unsigned char)s[0]))
        return 0;
    for (size_t i = 1; i < n; i++) {
        unsigned char c = ascii_lower((unsigned char)s[i]);
        if (is_digit(c))
            continue;
        if (!(c == 'w' || c == 'd' || c == 'h' || c == 'm' || c == 's') ||
            !is_digit((unsigned char)s[i - 1]))
            return 0;
    }
    return 1;
}

/* The name to the caller's buffer; its size also when it does not fit. */
/* The bytes of a name into the caller's buffer. */
static ibidi_status hand_over_bytes(const char *b, size_t n, ibidi_buf *out, ibidi_error *err)
{
    out->len = n;
    if (n > out->cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    if (n)
        memcpy(out->data, b, n);
    return IBIDI_OK;
}

static ibidi_status hand_over(const name_buf *n, ibidi_buf *out, ibidi_error *err)
{
    return hand_over_bytes(n->b, n->len, out, err);
}

static int is_soa(const char *s, size_t len, size_t i);

static ibidi_status directive(ibidi_scan_zone_state *st, const char *s, size_t len,
                              ibidi_buf *out, ibidi_scan_zone_result *res, ibidi_error *err)
{
    const size_t we = field_end(s, len, 0);
    const size_t a = skip_blanks(s, len, we);
    const int has_arg = a < len && s[a] != ';' && s[a] != '(' && s[a] != ')';
    size_t ae = a;
    ibidi_status status;
    name_buf n;
    int rel = 0, data;
    unsigned parens = 0;
    size_t first_paren;

    if (word_is(s, we, "$ORIGIN"))
        res->kind = IBIDI_SCAN_ZONE_ORIGIN;
    else if (word_is(s, we, "$TTL"))
        res->kind = IBIDI_SCAN_ZONE_TTL;
    else if (word_is(s, we, "$INCLUDE"))
        res->kind = IBIDI_SCAN_ZONE_INCLUDE;
    else { /* not RFC 1035's: reported with its word, not read */
        res->kind = IBIDI_SCAN_ZONE_DIRECTIVE;
        res->field = (ibidi_span){0, we, 1};
        return ibidi__ok(err);
    }
    /* RFC 1035 §5.1: $ORIGIN <domain-name>, $INCLUDE <file-name> [<domain-name>];
     * RFC 2308 §4: $TTL <TTL> */
    if (!has_arg)
        return ibidi__fail(err, IBIDI_E_ZONE_DIRECTIVE, we, 0);
    if (res->kind == IBIDI_SCAN_ZONE_INCLUDE && s[a] == '"') { /* a file name in quotes */
        ae = a + 1;
        while (ae < len && s[ae] != '"')
            ae += s[ae] == '\\' ? 2 : 1;
        if (ae >= len)
            return ibidi__fail(err, IBIDI_E_ZONE_QUOTE, a, '"');
        res->field = (ibidi_span){a + 1, ae - a - 1, 1};
        ae++;
    } else {
        ae = field_end(s, len, a);
        res->field = (ibidi_span){a, ae - a, 1};
    }
    if (res->kind == IBIDI_SCAN_ZONE_TTL && !is_ttl(s + a, ae - a))
        return ibidi__fail(err, IBIDI_E_ZONE_DIRECTIVE, a, (unsigned char)s[a]);
    /* a directive is one line: parentheses would make the next lines part of nothing */
    status = scan_rest(s, len, ae, &parens, &data, &first_paren, err);
    if (status != IBIDI_OK)
        return status;
    if (first_paren != SIZE_MAX)
        return ibidi__fail(err, IBIDI_E_ZONE_PAREN, first_paren,
                           (unsigned char)s[first_paren]);
    if (res->kind != IBIDI_SCAN_ZONE_ORIGIN)
        return ibidi__ok(err);
    /* RFC 1035 §5.1: a relative $ORIGIN is completed with the origin before it */
    status = read_name(s, a, ae, st, 0, &n, &rel, err);
    if (status != IBIDI_OK)
        return status;
    res->relative = rel;
    status = hand_over(&n, out, err);
    if (status != IBIDI_OK)
        return status;
    set_origin(st, &n);
    return ibidi__ok(err);
}

/* ---- Entry points ---------------------------------------------------------------------- */

ibidi_status ibidi_scan_zone_init(ibidi_scan_zone_state *st, const char *origin, size_t len,
                                  ibidi_error *err)
{
    name_buf n;
    int rel;
    if (!st || (!origin && len))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(st, 0, sizeof *st);
    if (len == 0)
        return ibidi__ok(err);
    ibidi_status status = read_name(origin, 0, len, st, 1, &n, &rel, err);
    if (status != IBIDI_OK)
        return status;
    set_origin(st, &n);
    return ibidi__ok(err);
}

/* The name handed over goes to `name` (ibidi/common.h's output buffer record); its len is 0
 * for every line that hands over none. */
ibidi_status ibidi_scan_zone_line(ibidi_scan_zone_state *st, const char *line, size_t len,
                                  ibidi_buf *name, ibidi_scan_zone_result *res, ibidi_error *err)
{
    unsigned parens;
    int data, rel = 0;
    size_t first_paren;
    ibidi_status status;
    name_buf n;

    if (!st || !res || (!line && len) || !name || (!name->data && name->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    name->len = 0;
    res->kind = IBIDI_SCAN_ZONE_BLANK;
    /* Before anything is read: a line over the limit is no record (ibidi/scan.h), and a
     * NUL is no text, so a damaged file is reported, never read as names. A NUL inside a
     * quoted string or a comment too: what a tool that stops at a NUL would read differs
     * from what the file holds. */
    if (len > IBIDI_SCAN_LINE_MAX)
        return ibidi__fail(err, IBIDI_E_SCAN_LINE_TOO_LONG, IBIDI_SCAN_LINE_MAX,
                           (unsigned char)line[IBIDI_SCAN_LINE_MAX]);
    if (len) {
        const char *nul = memchr(line, '\0', len);
        if (nul)
            return ibidi__fail(err, IBIDI_E_ZONE_NUL, (size_t)(nul - line), 0);
    }
    parens = st->parens;
    if (parens) { /* RFC 1035 §5.1: inside parentheses a line continues the record */
        status = scan_rest(line, len, 0, &parens, &data, &first_paren, err);
        if (status != IBIDI_OK)
            return status;
        res->kind = IBIDI_SCAN_ZONE_CONTINUED;
        st->parens = parens;
        return ibidi__ok(err);
    }
    if (len == 0 || line[0] == ';')
        return ibidi__ok(err);
    if (is_blank((unsigned char)line[0])) {
        /* RFC 1035 §5.1: a record whose line starts with a blank has the last stated owner */
        status = scan_rest(line, len, 0, &parens, &data, &first_paren, err);
        if (status != IBIDI_OK)
            return status;
        if (!data && first_paren == SIZE_MAX)
            return ibidi__ok(err); /* blanks and perhaps a comment */
        if (!st->has_owner) {
            const size_t f = skip_blanks(line, len, 0); /* a field or "(" is there */
            return ibidi__fail(err, IBIDI_E_ZONE_NO_OWNER, f, (unsigned char)line[f]);
        }
        res->kind = IBIDI_SCAN_ZONE_SAME_OWNER;
        st->parens = parens;
        return ibidi__ok(err);
    }
    if (line[0] == '$') /* RFC 1035 §5.1 control entries */
        return directive(st, line, len, name, res, err);

    /* RFC 1035 §5.1: <domain-name> [<TTL>] [<class>] <type> <RDATA>, the owner first */
    if (line[0] == ')')
        return ibidi__fail(err, IBIDI_E_ZONE_PAREN, 0, ')');
    const size_t e = field_end(line, len, 0);
    if (e == 0) /* "(" where the owner should be */
        return ibidi__fail(err, IBIDI_E_ZONE_NAME, 0, (unsigned char)line[0]);
    /* The last owner written again as it was handed over, with its final dot (how a sorted
     * zone writes the records of one name): that spelling reads back as the owner itself
     * (ibidi/scan.h), so it is not read again. */
    const int again = st->has_owner && e == st->owner_len + 1 && line[e - 1] == '.' &&
                      memcmp(line, st->owner, st->owner_len) == 0;
    if (!again) {
        status = read_name(line, 0, e, st, 0, &n, &rel, err);
        if (status != IBIDI_OK)
            return status;
    }
    status = scan_rest(line, len, e, &parens, &data, &first_paren, err);
    if (status != IBIDI_OK)
        return status;
    res->field = (ibidi_span){0, e, 1};
    const char *own = again ? st->owner : n.b;
    const size_t own_len = again ? st->owner_len : n.len;
    /* RFC 1035 §5.2: the SOA record names the zone's top node, which is the zone itself and
     * no name registered in it (an AXFR dump writes it first and last) */
    const int new_apex = !st->has_apex && is_soa(line, len, e);
    if (new_apex || (st->has_apex && same_name(own, own_len, st->apex, st->apex_len))) {
        res->kind = IBIDI_SCAN_ZONE_APEX;
        res->relative = rel;
        status = hand_over_bytes(own, own_len, name, err);
        if (status != IBIDI_OK)
            return status; /* st as it was: the apex is kept only with its name handed over */
        if (new_apex) {
            memcpy(st->apex, own, own_len);
            st->apex_len = own_len;
            st->has_apex = 1;
        }
        if (own != st->owner)
            memcpy(st->owner, own, own_len);
        st->owner_len = own_len;
        st->has_owner = 1;
        st->parens = parens;
        return ibidi__ok(err);
    }
    if (again || (st->has_owner && same_name(n.b, n.len, st->owner, st->owner_len))) {
        /* a sorted zone writes its records of one name one after the other */
        res->kind = IBIDI_SCAN_ZONE_SAME_OWNER;
        st->parens = parens;
        return ibidi__ok(err);
    }
    res->kind = IBIDI_SCAN_ZONE_OWNER;
    res->relative = rel;
    status = hand_over(&n, name, err);
    if (status != IBIDI_OK)
        return status;
    memcpy(st->owner, n.b, n.len);
    st->owner_len = n.len;
    st->has_owner = 1;
    st->parens = parens;
    return ibidi__ok(err);
}

ibidi_status ibidi_scan_zone_end(const ibidi_scan_zone_state *st, ibidi_error *err)
{
    if (!st)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    /* RFC 1035 §5.1: a "(" must be closed: its record never ended */
    if (st->parens)
        return ibidi__fail(err, IBIDI_E_ZONE_PAREN, 0, '(');
    return ibidi__ok(err);
}

/* ---- Zone file or list of names -------------------------------------------------------- */

/* The record types by mnemonic (IANA's DNS parameters registry), in upper case. */
static const char *const rr_types[] = {
    "A",      "NS",       "MD",     "MF",         "CNAME",  "SOA",      "MB",     "MG",
    "MR",     "NULL",     "WKS",    "PTR",        "HINFO",  "MINFO",    "MX",     "TXT",
    "RP",     "AFSDB",    "X25",    "ISDN",       "RT",     "NSAP",     "NSAP-PTR", "SIG",
    "KEY",    "PX",       "GPOS",   "AAAA",       "LOC",    "NXT",      "EID",    "NIMLOC",
    "SRV",    "ATMA",     "NAPTR",  "KX",         "CERT",   "A6",       "DNAME",  "SINK",
    "OPT",    "APL",      "DS",     "SSHFP",      "IPSECKEY", "RRSIG",  "NSEC",   "DNSKEY",
    "DHCID",  "NSEC3",    "NSEC3PARAM", "TLSA",   "SMIMEA", "HIP",      "NINFO",  "RKEY",
    "TALINK", "CDS",      "CDNSKEY", "OPENPGPKEY", "CSYNC", "ZONEMD",   "SVCB",   "HTTPS",
    "DSYNC",  "SPF",      "UINFO",  "UID",        "GID",    "UNSPEC",   "NID",    "L32",
    "L64",    "LP",       "EUI48",  "EUI64",      "TKEY",   "TSIG",     "URI",    "CAA",
    "AVC",    "DOA",      "AMTRELAY", "RESINFO",  "WALLET", "TA",       "DLV",
};

/* RFC 3597 §5: TYPEnnn and CLASSnnn name any type and class by number. */
static int is_generic(const char *s, size_t n, const char *prefix)
{
    size_t p = strlen(prefix);
    if (n <= p || !word_is(s, p, prefix))
        return 0;
    for (size_t i = p; i < n; i++)
        if (!is_digit((unsigned char)s[i]))
            return 0;
    return 1;
}

static int is_type(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof rr_types / sizeof rr_types[0]; i++)
        if (word_is(s, n, rr_types[i]))
            return 1;
    return is_generic(s, n, "TYPE");
}

/* RFC 1035 §3.2.4 classes: IN, CS, CH, HS. */
static int is_class(const char *s, size_t n)
{
    return word_is(s, n, "IN") || word_is(s, n, "CH") || word_is(s, n, "HS") ||
           word_is(s, n, "CS") || is_generic(s, n, "CLASS");
}

/* +1: a line of a zone file, -1: of a list, 0: no vote. *parens follows the groups. */
static int vote(const char *s, size_t len, unsigned *parens)
{
    int data;
    size_t first_paren, i, e;
    unsigned open = *parens;
    if (open) {
        if (scan_rest(s, len, 0, &open, &data, &first_paren, NULL) != IBIDI_OK)
            open = 0;
        *parens = open;
        return 0;
    }
    i = skip_blanks(s, len, 0);
    if (i == len || s[i] == ';' || s[i] == '#')
        return 0;
    if (i == 0 && s[0] == '$') {
        e = field_end(s, len, 0);
        return word_is(s, e, "$ORIGIN") || word_is(s, e, "$TTL") ||
                       word_is(s, e, "$INCLUDE") || word_is(s, e, "$GENERATE")
                   ? 1
                   : -1;
    }
    if (i == 0) /* the owner */
        i = skip_blanks(s, len, field_end(s, len, 0));
    int v = -1;
    for (int k = 0; k < 3 && i < len; k++) { /* [<TTL>] [<class>] <type>, either order */
        e = field_end(s, len, i);
        if (is_type(s + i, e - i)) {
            v = 1;
            break;
        }
        if (k == 2 || !(is_ttl(s + i, e - i) || is_class(s + i, e - i)))
            break;
        i = skip_blanks(s, len, e);
    }
    if (scan_rest(s, len, i, &open, &data, &first_paren, NULL) == IBIDI_OK)
        *parens = open;
    return v;
}

/* Is the record of the line, whose owner ends at i, a SOA record? RFC 1035 §5.1: after the
 * owner up to two fields that are a TTL or a class, then the type. */
static int is_soa(const char *s, size_t len, size_t i)
{
    i = skip_blanks(s, len, i);
    for (int k = 0; k < 3 && i < len; k++) {
        /* a TTL, a class or a type is a short plain word: a byte loop finds its end (the
           type of every record line is looked at here, so this stays cheap) */
        size_t e = i;
        while (e < len && s[e] != ' ' && s[e] != '\t' && s[e] != ';' && s[e] != '(' &&
               s[e] != ')' && s[e] != '"')
            e++;
        const size_t n = e - i;
        if (n == 3 && ascii_lower((unsigned char)s[i]) == 's' &&
            ascii_lower((unsigned char)s[i + 1]) == 'o' &&
            ascii_lower((unsigned char)s[i + 2]) == 'a')
            return 1;
        /* RFC 1035 §5.1: [<TTL>] [<class>] <type>, in either order: a TTL starts with a
           digit, a class is two letters or CLASSn; any other word is the type */
        if (k == 2 || !(is_digit((unsigned char)s[i]) ? is_ttl(s + i, n)
                        : (n == 2 || n > 5) && is_class(s + i, n)))
            return 0;
        i = skip_blanks(s, len, e);
    }
    return 0;
}

ibidi_scan_format ibidi_scan_detect_format(const char *text, size_t len)
{
    size_t end = len, b = 0;
    long zone = 0, names = 0;
    unsigned parens = 0;
    if (!text)
        return IBIDI_SCAN_FORMAT_NAMES;
    /* whole lines only: the last one may be cut where the caller's bytes end */
    while (end > 0 && text[end - 1] != '\n')
        end--;
    if (end == 0)
        end = len;
    while (b < end) {
        const char *nl = memchr(text + b, '\n', end - b);
        size_t e = nl ? (size_t)(nl - text) : end;
        int v = vote(text + b, e - b, &parens);
        zone += v > 0;
        names += v < 0;
        b = e + 1;
    }
    return zone > names ? IBIDI_SCAN_FORMAT_ZONE : IBIDI_SCAN_FORMAT_NAMES;
}
