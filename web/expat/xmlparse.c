/*
 * web/expat/xmlparse.c: a small non-validating XML 1.0 parser behind expat's interface
 * (web/expat/expat.h), for the WebAssembly build of the LGR loader. The document is kept
 * until XML_Parse is told it is whole, then read in one pass: the XML declaration, comments,
 * processing instructions, a document type declaration (its internal subset's entity
 * declarations go to the entity handler, which the loader refuses; nothing is expanded or
 * read from outside), elements with their attributes, character data with the five
 * predefined entities and character references, CDATA sections; namespaces as
 * XML_ParserCreateNS reports them ("URI" SEP "local"; xmlns attributes not reported). The
 * input must be well-formed UTF-8 without control characters other than tab, CR and LF.
 * Positions (line from 1, column from 0 in characters, byte index) are those of the token
 * being reported, as expat gives them in its handlers.
 */
#include "expat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct binding {
    char *prefix; /* "" for the default namespace */
    char *uri;    /* "" undeclares the default */
} binding;

typedef struct open_elem {
    char *qname;
    char *name; /* as reported */
    size_t n_bindings_before;
} open_elem;

struct XML_ParserStruct {
    void *ud;
    char sep;
    XML_StartElementHandler on_start;
    XML_EndElementHandler on_end;
    XML_CharacterDataHandler on_text;
    XML_EntityDeclHandler on_entity;
    XML_SkippedEntityHandler on_skipped;
    char *doc;
    size_t len, cap;
    int done;
    enum XML_Error error;
    int stopped;
    /* positions: the current token's byte index; line and column counted up to pos_at */
    size_t cur, pos_at;
    unsigned long line, column;
    binding *bindings;
    size_t n_bindings, cap_bindings;
    open_elem *stack;
    size_t depth, cap_stack;
    char *text;
    size_t text_len, text_cap;
    int external_dtd; /* a DTD not read: undeclared entities are skipped, not errors */
};

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(p, c * size);
    if (q)
        *cap = c;
    return q;
}

static char *dup_n(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
}

XML_Parser XML_ParserCreateNS(const XML_Char *encoding, XML_Char sep)
{
    (void)encoding;
    XML_Parser p = calloc(1, sizeof *p);
    if (p) {
        p->sep = sep;
        p->line = 1;
    }
    return p;
}

void XML_ParserFree(XML_Parser p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n_bindings; i++) {
        free(p->bindings[i].prefix);
        free(p->bindings[i].uri);
    }
    for (size_t i = 0; i < p->depth; i++) {
        free(p->stack[i].qname);
        free(p->stack[i].name);
    }
    free(p->bindings);
    free(p->stack);
    free(p->doc);
    free(p->text);
    free(p);
}

void XML_SetUserData(XML_Parser p, void *ud) { p->ud = ud; }
void XML_SetElementHandler(XML_Parser p, XML_StartElementHandler s, XML_EndElementHandler e)
{
    p->on_start = s;
    p->on_end = e;
}
void XML_SetCharacterDataHandler(XML_Parser p, XML_CharacterDataHandler h) { p->on_text = h; }
void XML_SetEntityDeclHandler(XML_Parser p, XML_EntityDeclHandler h) { p->on_entity = h; }
void XML_SetSkippedEntityHandler(XML_Parser p, XML_SkippedEntityHandler h) { p->on_skipped = h; }
void XML_SetExternalEntityRefHandler(XML_Parser p, XML_ExternalEntityRefHandler h)
{
    (void)p, (void)h; /* external entities are never read */
}
int XML_SetParamEntityParsing(XML_Parser p, enum XML_ParamEntityParsing how)
{
    (void)p;
    return how == XML_PARAM_ENTITY_PARSING_NEVER;
}

enum XML_Status XML_StopParser(XML_Parser p, XML_Bool resumable)
{
    (void)resumable;
    p->stopped = 1;
    return XML_STATUS_OK;
}

enum XML_Error XML_GetErrorCode(XML_Parser p) { return p->error; }

const XML_Char *XML_ErrorString(enum XML_Error code)
{
    switch (code) {
    case XML_ERROR_NONE: return NULL;
    case XML_ERROR_NO_MEMORY: return "out of memory";
    case XML_ERROR_SYNTAX: return "syntax error";
    case XML_ERROR_NO_ELEMENTS: return "no element found";
    case XML_ERROR_INVALID_TOKEN: return "not well-formed (invalid token)";
    case XML_ERROR_UNCLOSED_TOKEN: return "unclosed token";
    case XML_ERROR_PARTIAL_CHAR: return "partial character";
    case XML_ERROR_TAG_MISMATCH: return "mismatched tag";
    case XML_ERROR_DUPLICATE_ATTRIBUTE: return "duplicate attribute";
    case XML_ERROR_JUNK_AFTER_DOC_ELEMENT: return "junk after document element";
    case XML_ERROR_UNDEFINED_ENTITY: return "undefined entity";
    case XML_ERROR_BAD_CHAR_REF: return "reference to invalid character number";
    case XML_ERROR_MISPLACED_XML_PI: return "XML or text declaration not at start of entity";
    case XML_ERROR_UNCLOSED_CDATA_SECTION: return "unclosed CDATA section";
    case XML_ERROR_UNBOUND_PREFIX: return "unbound prefix";
    case XML_ERROR_ABORTED: return "parsing aborted";
    default: return "not well-formed";
    }
}

/* Line and column of p->cur, counted on from where the last count stopped. */
static void count_to(XML_Parser p, size_t at)
{
    if (at < p->pos_at) { /* never goes back in one parse; restart if it must */
        p->pos_at = 0;
        p->line = 1;
        p->column = 0;
    }
    for (size_t i = p->pos_at; i < at && i < p->len; i++) {
        unsigned char c = (unsigned char)p->doc[i];
        if (c == '\n' || (c == '\r' && !(i + 1 < p->len && p->doc[i + 1] == '\n'))) {
            p->line++;
            p->column = 0;
        } else if (c != '\r' && (c & 0xC0) != 0x80) {
            p->column++;
        }
    }
    p->pos_at = at;
}

XML_Size XML_GetCurrentLineNumber(XML_Parser p)
{
    count_to(p, p->cur);
    return p->line;
}
XML_Size XML_GetCurrentColumnNumber(XML_Parser p)
{
    count_to(p, p->cur);
    return p->column;
}
XML_Index XML_GetCurrentByteIndex(XML_Parser p) { return (XML_Index)p->cur; }

/* ---- The reader ------------------------------------------------------------------------ */

typedef struct rd {
    XML_Parser p;
    const char *s;
    size_t n, i;
} rd;

static int fail(rd *r, enum XML_Error e, size_t at)
{
    if (r->p->error == XML_ERROR_NONE) {
        r->p->error = e;
        r->p->cur = at;
    }
    return 0;
}

static int stopped(rd *r)
{
    if (r->p->stopped)
        return fail(r, XML_ERROR_ABORTED, r->p->cur);
    return 1;
}

static int at(const rd *r, const char *lit)
{
    size_t k = strlen(lit);
    return r->n - r->i >= k && memcmp(r->s + r->i, lit, k) == 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void skip_space(rd *r)
{
    while (r->i < r->n && is_space(r->s[r->i]))
        r->i++;
}

static int name_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || c >= 0x80;
}

static int name_char(unsigned char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* A name at r->i: its length (0: none). */
static size_t name_len(const rd *r)
{
    size_t k = r->i;
    /* U+FEFF (EF BB BF) is no name character */
    if (k >= r->n || !name_start((unsigned char)r->s[k]) ||
        (r->n - k >= 3 && memcmp(r->s + k, "\xEF\xBB\xBF", 3) == 0))
        return 0;
    while (k < r->n && name_char((unsigned char)r->s[k]) &&
           !(r->n - k >= 3 && memcmp(r->s + k, "\xEF\xBB\xBF", 3) == 0))
        k++;
    return k - r->i;
}

/* Appends the UTF-8 of cp to the parser's text buffer. */
static int put_text(XML_Parser p, const char *s, size_t n)
{
    char *t = grow(p->text, &p->text_cap, p->text_len + n + 1, 1);
    if (!t)
        return 0;
    p->text = t;
    memcpy(p->text + p->text_len, s, n);
    p->text_len += n;
    return 1;
}

static int put_cp(XML_Parser p, uint32_t cp)
{
    char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        b[0] = (char)(0xF0 | (cp >> 18));
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    return put_text(p, b, n);
}

/* A reference at r->i ('&'), decoded into the text buffer. in_attr: an undeclared entity
 * cannot be skipped there. */
static int reference(rd *r, int in_attr)
{
    const size_t start = r->i;
    r->i++;
    if (r->i < r->n && r->s[r->i] == '#') {
        uint32_t v = 0;
        int hex = 0, digits = 0;
        r->i++;
        if (r->i < r->n && r->s[r->i] == 'x') {
            hex = 1;
            r->i++;
        }
        for (; r->i < r->n && r->s[r->i] != ';'; r->i++, digits++) {
            char c = r->s[r->i];
            unsigned d;
            if (c >= '0' && c <= '9')
                d = (unsigned)(c - '0');
            else if (hex && c >= 'a' && c <= 'f')
                d = (unsigned)(c - 'a' + 10);
            else if (hex && c >= 'A' && c <= 'F')
                d = (unsigned)(c - 'A' + 10);
            else
                return fail(r, XML_ERROR_INVALID_TOKEN, r->i);
            v = v * (hex ? 16u : 10u) + d;
            if (v > 0x10FFFF)
                return fail(r, XML_ERROR_BAD_CHAR_REF, start);
        }
        if (r->i >= r->n || !digits)
            return fail(r, XML_ERROR_INVALID_TOKEN, r->i);
        r->i++;
        if ((v < 0x20 && v != 0x9 && v != 0xA && v != 0xD) || (v >= 0xD800 && v <= 0xDFFF) ||
            v == 0xFFFE || v == 0xFFFF)
            return fail(r, XML_ERROR_BAD_CHAR_REF, start);
        return put_cp(r->p, v) || fail(r, XML_ERROR_NO_MEMORY, start);
    }
    size_t k = name_len(r);
    if (!k || r->i + k >= r->n || r->s[r->i + k] != ';')
        return fail(r, XML_ERROR_INVALID_TOKEN, r->i);
    static const struct {
        const char *name;
        char c;
    } pre[] = {{"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"quot", '"'}, {"apos", '\''}};
    for (size_t e = 0; e < sizeof pre / sizeof pre[0]; e++)
        if (strlen(pre[e].name) == k && memcmp(r->s + r->i, pre[e].name, k) == 0) {
            r->i += k + 1;
            return put_text(r->p, &pre[e].c, 1) || fail(r, XML_ERROR_NO_MEMORY, start);
        }
    if (r->p->external_dtd && !in_attr && r->p->on_skipped) {
        char *nm = dup_n(r->s + r->i, k);
        if (!nm)
            return fail(r, XML_ERROR_NO_MEMORY, start);
        r->p->cur = start;
        r->p->on_skipped(r->p->ud, nm, 0);
        free(nm);
        r->i += k + 1;
        return stopped(r);
    }
    return fail(r, XML_ERROR_UNDEFINED_ENTITY, start);
}

/* A quoted literal at r->i, raw: [*from, *to). */
static int literal(rd *r, size_t *from, size_t *to)
{
    if (r->i >= r->n || (r->s[r->i] != '"' && r->s[r->i] != '\''))
        return fail(r, XML_ERROR_SYNTAX, r->i);
    char q = r->s[r->i++];
    *from = r->i;
    while (r->i < r->n && r->s[r->i] != q)
        r->i++;
    if (r->i >= r->n)
        return fail(r, XML_ERROR_UNCLOSED_TOKEN, *from - 1);
    *to = r->i++;
    return 1;
}

/* Skips to just after `end`. */
static int skip_past(rd *r, const char *end, enum XML_Error e)
{
    const size_t start = r->i;
    while (r->i < r->n && !at(r, end))
        r->i++;
    if (r->i >= r->n)
        return fail(r, e, start);
    r->i += strlen(end);
    return 1;
}

/* A comment at r->i ("<!--"): "--" may only end it (XML 1.0 §2.5). */
static int comment(rd *r)
{
    const size_t start = r->i;
    r->i += 4;
    while (r->i < r->n && !at(r, "--"))
        r->i++;
    if (r->i >= r->n)
        return fail(r, XML_ERROR_UNCLOSED_TOKEN, start);
    if (!at(r, "-->"))
        return fail(r, XML_ERROR_INVALID_TOKEN, r->i + 2);
    r->i += 3;
    return 1;
}

/* <!DOCTYPE ...>: entity declarations go to the handler; the rest is passed over. */
static int doctype(rd *r)
{
    const size_t start = r->i;
    r->i += 9;
    skip_space(r);
    size_t k = name_len(r);
    if (!k)
        return fail(r, XML_ERROR_SYNTAX, r->i);
    r->i += k;
    skip_space(r);
    if (at(r, "SYSTEM") || at(r, "PUBLIC")) {
        int pub = at(r, "PUBLIC");
        size_t a, b;
        r->i += 6;
        skip_space(r);
        if (!literal(r, &a, &b))
            return 0;
        if (pub) {
            skip_space(r);
            if (!literal(r, &a, &b))
                return 0;
        }
        r->p->external_dtd = 1;
        skip_space(r);
    }
    if (r->i < r->n && r->s[r->i] == '[') {
        r->i++;
        for (;;) {
            skip_space(r);
            if (r->i >= r->n)
                return fail(r, XML_ERROR_UNCLOSED_TOKEN, start);
            if (r->s[r->i] == ']') {
                r->i++;
                break;
            }
            if (at(r, "<!--")) {
                if (!comment(r))
                    return 0;
            } else if (at(r, "<?")) {
                if (!skip_past(r, "?>", XML_ERROR_UNCLOSED_TOKEN))
                    return 0;
            } else if (r->s[r->i] == '%') { /* a parameter entity reference: not read */
                r->p->external_dtd = 1;
                if (!skip_past(r, ";", XML_ERROR_INVALID_TOKEN))
                    return 0;
            } else if (at(r, "<!ENTITY")) {
                const size_t decl = r->i;
                int param = 0;
                r->i += 8;
                skip_space(r);
                if (r->i < r->n && r->s[r->i] == '%') {
                    param = 1;
                    r->i++;
                    skip_space(r);
                }
                size_t nk = name_len(r);
                if (!nk)
                    return fail(r, XML_ERROR_SYNTAX, r->i);
                char *nm = dup_n(r->s + r->i, nk);
                char *sys = NULL;
                const char *val = NULL;
                int val_len = 0;
                r->i += nk;
                skip_space(r);
                size_t a = 0, b = 0;
                if (at(r, "SYSTEM") || at(r, "PUBLIC")) {
                    int pub = at(r, "PUBLIC");
                    r->i += 6;
                    skip_space(r);
                    int got = literal(r, &a, &b);
                    if (got && pub) {
                        skip_space(r);
                        got = literal(r, &a, &b);
                    }
                    if (got) {
                        sys = dup_n(r->s + a, b - a);
                        skip_space(r);
                        a = r->i + 1; /* expat: an external one where its declaration ends */
                    }
                } else if (literal(r, &a, &b)) {
                    val = r->s + a;
                    val_len = (int)(b - a);
                }
                if (r->p->error == XML_ERROR_NONE && !sys) {
                    skip_space(r);
                }
                /* the whole declaration is read before it is reported, as expat does */
                if (r->p->error == XML_ERROR_NONE && (r->i >= r->n || r->s[r->i] != '>'))
                    fail(r, XML_ERROR_INVALID_TOKEN, r->i);
                if (!nm || r->p->error != XML_ERROR_NONE) {
                    free(nm);
                    free(sys);
                    return fail(r, XML_ERROR_NO_MEMORY, decl);
                }
                r->p->cur = a ? a - 1 : decl; /* expat: where the literal starts */
                if (r->p->on_entity)
                    r->p->on_entity(r->p->ud, nm, param, val, val_len, NULL, sys, NULL, NULL);
                free(nm);
                free(sys);
                if (!stopped(r) || !skip_past(r, ">", XML_ERROR_UNCLOSED_TOKEN))
                    return 0;
            } else if (at(r, "<!ELEMENT") || at(r, "<!ATTLIST") || at(r, "<!NOTATION")) {
                /* passed over: quotes may hold '>' */
                while (r->i < r->n && r->s[r->i] != '>') {
                    if (r->s[r->i] == '"' || r->s[r->i] == '\'') {
                        size_t a, b;
                        if (!literal(r, &a, &b))
                            return 0;
                    } else {
                        r->i++;
                    }
                }
                if (r->i >= r->n)
                    return fail(r, XML_ERROR_UNCLOSED_TOKEN, start);
                r->i++;
            } else {
                return fail(r, XML_ERROR_SYNTAX, r->i);
            }
        }
        skip_space(r);
    }
    if (r->i >= r->n || r->s[r->i] != '>')
        return fail(r, XML_ERROR_SYNTAX, r->i);
    r->i++;
    return 1;
}

/* The namespace of a prefix ("" the default): NULL when unbound, "" for none. */
static const char *lookup(XML_Parser p, const char *prefix, size_t n)
{
    for (size_t i = p->n_bindings; i-- > 0;)
        if (strlen(p->bindings[i].prefix) == n && memcmp(p->bindings[i].prefix, prefix, n) == 0)
            return p->bindings[i].uri;
    if (n == 3 && memcmp(prefix, "xml", 3) == 0)
        return "http://www.w3.org/XML/1998/namespace";
    return n == 0 ? "" : NULL;
}

/* qname as reported: "uri" sep "local", or the local name without a namespace. */
static char *expand(XML_Parser p, const char *q, int is_attr, int *unbound)
{
    const char *colon = strchr(q, ':');
    const char *uri;
    const char *local = q;
    if (colon) {
        uri = lookup(p, q, (size_t)(colon - q));
        local = colon + 1;
        if (!uri || !*uri) {
            *unbound = 1;
            return NULL;
        }
    } else {
        uri = is_attr ? "" : lookup(p, "", 0);
    }
    size_t ul = strlen(uri), ll = strlen(local);
    char *out = malloc(ul + ll + 2);
    if (!out)
        return NULL;
    if (ul) {
        memcpy(out, uri, ul);
        out[ul] = p->sep;
        memcpy(out + ul + 1, local, ll + 1);
    } else {
        memcpy(out, local, ll + 1);
    }
    return out;
}

static void free_list(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* A start tag at r->i ('<'). */
static int start_tag(rd *r, int *empty)
{
    XML_Parser p = r->p;
    const size_t start = r->i;
    r->i++;
    size_t k = name_len(r);
    if (!k)
        return fail(r, XML_ERROR_INVALID_TOKEN, r->i);
    char *qname = dup_n(r->s + r->i, k);
    r->i += k;
    /* the raw attributes: qname, value pairs */
    char **raw = NULL;
    size_t n_raw = 0, cap_raw = 0;
    const size_t bindings_before = p->n_bindings;
    int ok = qname != NULL;
    for (;;) {
        size_t sp = r->i;
        skip_space(r);
        if (r->i >= r->n) {
            ok = fail(r, XML_ERROR_UNCLOSED_TOKEN, start);
            break;
        }
        if (r->s[r->i] == '>' || at(r, "/>")) {
            *empty = r->s[r->i] == '/';
            r->i += *empty ? 2 : 1;
            break;
        }
        size_t ak = name_len(r);
        if (!ak || sp == r->i) {
            ok = fail(r, XML_ERROR_INVALID_TOKEN, r->i);
            break;
        }
        char *an = dup_n(r->s + r->i, ak);
        r->i += ak;
        skip_space(r);
        if (r->i >= r->n || r->s[r->i] != '=') {
            free(an);
            ok = fail(r, XML_ERROR_INVALID_TOKEN, r->i);
            break;
        }
        r->i++;
        skip_space(r);
        if (r->i >= r->n || (r->s[r->i] != '"' && r->s[r->i] != '\'')) {
            free(an);
            ok = fail(r, XML_ERROR_INVALID_TOKEN, r->i);
            break;
        }
        char q = r->s[r->i++];
        p->text_len = 0;
        /* the literal is read whole first (as expat's tokenizer does): a '<' in it is an
           error before any reference in it is looked at */
        for (size_t j = r->i; ok && j < r->n && r->s[j] != q; j++)
            if (r->s[j] == '<')
                ok = fail(r, XML_ERROR_INVALID_TOKEN, j);
        while (ok && r->i < r->n && r->s[r->i] != q) {
            char c = r->s[r->i];
            if (c == '<')
                ok = fail(r, XML_ERROR_INVALID_TOKEN, r->i);
            else if (c == '&')
                ok = reference(r, 1);
            else if (c == '\r' && r->i + 1 < r->n && r->s[r->i + 1] == '\n') {
                r->i++; /* CR LF: one space, for the LF */
            } else {
                ok = put_text(p, is_space(c) ? " " : &r->s[r->i], 1) ||
                     fail(r, XML_ERROR_NO_MEMORY, r->i);
                r->i++;
            }
        }
        if (ok && r->i >= r->n)
            ok = fail(r, XML_ERROR_UNCLOSED_TOKEN, start);
        if (!ok) {
            free(an);
            break;
        }
        r->i++;
        char *av = dup_n(p->text ? p->text : "", p->text_len);
        char **g = grow(raw, &cap_raw, n_raw + 2, sizeof *raw);
        if (!an || !av || !g) {
            free(an);
            free(av);
            ok = fail(r, XML_ERROR_NO_MEMORY, start);
            break;
        }
        raw = g;
        for (size_t j = 0; j < n_raw; j += 2)
            if (strcmp(raw[j], an) == 0)
                ok = fail(r, XML_ERROR_DUPLICATE_ATTRIBUTE, start);
        raw[n_raw++] = an;
        raw[n_raw++] = av;
        if (!ok)
            break;
        /* xmlns and xmlns:p bind for this element and its content */
        if (strcmp(an, "xmlns") == 0 || strncmp(an, "xmlns:", 6) == 0) {
            binding *b = grow(p->bindings, &p->cap_bindings, p->n_bindings + 1, sizeof *b);
            if (!b) {
                ok = fail(r, XML_ERROR_NO_MEMORY, start);
                break;
            }
            p->bindings = b;
            b[p->n_bindings].prefix = dup_n(an[5] ? an + 6 : "", an[5] ? strlen(an + 6) : 0);
            b[p->n_bindings].uri = dup_n(av, strlen(av));
            p->n_bindings++;
        }
    }
    /* the names as reported */
    char *name = NULL;
    char **atts = NULL;
    size_t n_atts = 0;
    if (ok) {
        int unbound = 0;
        name = expand(p, qname, 0, &unbound);
        atts = calloc(n_raw + 1, sizeof *atts);
        ok = name && atts;
        for (size_t j = 0; ok && j < n_raw; j += 2) {
            if (strcmp(raw[j], "xmlns") == 0 || strncmp(raw[j], "xmlns:", 6) == 0)
                continue;
            char *en = expand(p, raw[j], 1, &unbound);
            if (!en) {
                ok = 0;
                break;
            }
            for (size_t m = 0; m < n_atts; m += 2)
                if (strcmp(atts[m], en) == 0)
                    unbound = 2;
            atts[n_atts++] = en;
            atts[n_atts++] = raw[j + 1];
            raw[j + 1] = NULL;
        }
        if (!ok)
            fail(r, unbound == 1 ? XML_ERROR_UNBOUND_PREFIX : XML_ERROR_NO_MEMORY, start);
        else if (unbound)
            ok = fail(r, unbound == 2 ? XML_ERROR_DUPLICATE_ATTRIBUTE : XML_ERROR_UNBOUND_PREFIX,
                      start);
    }
    if (ok) {
        open_elem *st = grow(p->stack, &p->cap_stack, p->depth + 1, sizeof *st);
        if (!st) {
            ok = fail(r, XML_ERROR_NO_MEMORY, start);
        } else {
            p->stack = st;
            st[p->depth].qname = qname;
            st[p->depth].name = name;
            st[p->depth].n_bindings_before = bindings_before;
            p->depth++;
            qname = name = NULL;
            p->cur = start;
            if (p->on_start)
                p->on_start(p->ud, st[p->depth - 1].name, (const XML_Char **)atts);
            ok = stopped(r);
        }
    }
    p->text_len = 0; /* the buffer held the attributes' values */
    free(qname);
    free(name);
    if (atts)
        free_list(atts, n_atts);
    free_list(raw, n_raw);
    return ok;
}

static int end_elem(rd *r, size_t start)
{
    XML_Parser p = r->p;
    open_elem *e = &p->stack[p->depth - 1];
    p->cur = start;
    if (p->on_end)
        p->on_end(p->ud, e->name);
    while (p->n_bindings > e->n_bindings_before) {
        p->n_bindings--;
        free(p->bindings[p->n_bindings].prefix);
        free(p->bindings[p->n_bindings].uri);
    }
    free(e->qname);
    free(e->name);
    p->depth--;
    return stopped(r);
}

/* Character data gathered in the text buffer, given to the handler. */
static int flush_text(rd *r, size_t start)
{
    XML_Parser p = r->p;
    if (!p->text_len)
        return 1;
    if (p->depth == 0) {
        for (size_t j = 0; j < p->text_len; j++)
            if (!is_space(p->text[j]))
                return fail(r, p->stack ? XML_ERROR_JUNK_AFTER_DOC_ELEMENT : XML_ERROR_SYNTAX,
                            start);
        p->text_len = 0;
        return 1;
    }
    p->cur = start;
    if (p->on_text)
        p->on_text(p->ud, p->text, (int)p->text_len);
    p->text_len = 0;
    return stopped(r);
}

/* Well-formed UTF-8, no control characters but tab, CR, LF: else the first bad byte. */
static size_t check_chars(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) {
            if (c < 0x20 && c != 0x9 && c != 0xA && c != 0xD)
                return i;
            i++;
            continue;
        }
        size_t k;
        uint32_t cp, min;
        if ((c & 0xE0) == 0xC0) {
            k = 1, cp = c & 0x1F, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            k = 2, cp = c & 0x0F, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            k = 3, cp = c & 0x07, min = 0x10000;
        } else {
            return i;
        }
        if (n - i <= k)
            return i;
        for (size_t j = 1; j <= k; j++) {
            if ((s[i + j] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (s[i + j] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE ||
            cp == 0xFFFF)
            return i;
        i += k + 1;
    }
    return n;
}

/* The XML declaration at r->i ("<?xml" and a space): version, then encoding and standalone
 * if given, in that order (XML 1.0 §2.8, §4.3.3). */
static int xml_decl(rd *r)
{
    static const char *const names[] = {"version", "encoding", "standalone"};
    const size_t start = r->i;
    int next = 0;
    r->i += 5;
    for (;;) {
        size_t sp = r->i;
        skip_space(r);
        if (at(r, "?>")) {
            r->i += 2;
            return next > 0 || fail(r, XML_ERROR_XML_DECL, start);
        }
        if (r->i == sp || r->i >= r->n)
            return fail(r, XML_ERROR_XML_DECL, r->i >= r->n ? start : r->i);
        int which = -1;
        for (int k = next; k < 3 && which < 0; k++)
            if (at(r, names[k]))
                which = k;
        if (which < 0 || (next == 0 && which != 0))
            return fail(r, XML_ERROR_XML_DECL, r->i);
        r->i += strlen(names[which]);
        skip_space(r);
        if (r->i >= r->n || r->s[r->i] != '=')
            return fail(r, XML_ERROR_XML_DECL, r->i);
        r->i++;
        skip_space(r);
        size_t a, b;
        if (!literal(r, &a, &b)) {
            r->p->error = XML_ERROR_XML_DECL;
            return 0;
        }
        const char *v = r->s + a;
        const size_t n = b - a;
        int good = n > 0;
        if (which == 0)
            good = n >= 3 && memcmp(v, "1.", 2) == 0;
        for (size_t j = 0; good && j < n; j++)
            good = (v[j] >= '0' && v[j] <= '9') || (which != 0 && ((v[j] >= 'a' && v[j] <= 'z') ||
                    (v[j] >= 'A' && v[j] <= 'Z') || v[j] == '-' || v[j] == '_')) ||
                   v[j] == '.';
        if (which == 2)
            good = (n == 3 && memcmp(v, "yes", 3) == 0) || (n == 2 && memcmp(v, "no", 2) == 0);
        if (which == 1 && good) { /* only what this parser reads: UTF-8 and its ASCII subset */
            char e[16];
            size_t k;
            for (k = 0; k < n && k + 1 < sizeof e; k++)
                e[k] = (char)(v[k] >= 'a' && v[k] <= 'z' ? v[k] - 32 : v[k]);
            e[k] = '\0';
            if (n >= sizeof e || (strcmp(e, "UTF-8") != 0 && strcmp(e, "US-ASCII") != 0))
                return fail(r, XML_ERROR_UNKNOWN_ENCODING, a);
        }
        if (!good)
            return fail(r, XML_ERROR_XML_DECL, a - 1);
        next = which + 1;
    }
}

static int parse_to(rd *rp, int *seen_rootp);

static int parse_doc(XML_Parser p)
{
    rd r = {p, p->doc ? p->doc : "", p->len, 0};
    size_t bad = check_chars((const unsigned char *)r.s, r.n);
    int seen_root = 0;
    if (r.n >= 3 && memcmp(r.s, "\xEF\xBB\xBF", 3) == 0) {
        r.i = 3;
        if (bad < 3)
            bad = check_chars((const unsigned char *)r.s + 3, r.n - 3) + 3;
    }
    /* a bad byte is an error where the parse reaches it, as expat reads: up to it, the
       document is parsed (and its handlers called) as if it ended there */
    if (bad < r.n && r.i <= bad)
        r.n = bad;
    if (!parse_to(&r, &seen_root)) {
        if (bad < p->len && p->error != XML_ERROR_ABORTED &&
            (p->error == XML_ERROR_UNCLOSED_TOKEN || p->error == XML_ERROR_NO_ELEMENTS ||
             p->error == XML_ERROR_UNCLOSED_CDATA_SECTION || p->cur >= bad)) {
            p->error = XML_ERROR_INVALID_TOKEN;
            p->cur = bad;
        }
        return 0;
    }
    if (bad < p->len)
        return fail(&r, XML_ERROR_INVALID_TOKEN, bad);
    return 1;
}

static int parse_to(rd *rp, int *seen_rootp)
{
    rd r = *rp;
    XML_Parser p = r.p;
    int seen_root = 0;
    if (at(&r, "<?xml") && r.i + 5 < r.n && is_space(r.s[r.i + 5]))
        if (!xml_decl(&r))
            return 0;
    size_t text_start = r.i;
    p->text_len = 0;
    while (r.i < r.n) {
        char c = r.s[r.i];
        if (c != '<') {
            if (!p->text_len)
                text_start = r.i;
            if (c == '&') {
                if (p->depth == 0)
                    return fail(&r, XML_ERROR_SYNTAX, r.i);
                if (!reference(&r, 0))
                    return 0;
            } else if (c == '\r') {
                if (!put_text(p, "\n", 1))
                    return fail(&r, XML_ERROR_NO_MEMORY, r.i);
                r.i += r.i + 1 < r.n && r.s[r.i + 1] == '\n' ? 2 : 1;
            } else if (c == ']' && at(&r, "]]>")) {
                return fail(&r, XML_ERROR_INVALID_TOKEN, r.i);
            } else {
                size_t j = r.i;
                while (j < r.n && r.s[j] != '<' && r.s[j] != '&' && r.s[j] != '\r' &&
                       !(r.s[j] == ']' && j + 2 < r.n && r.s[j + 1] == ']' && r.s[j + 2] == '>'))
                    j++;
                if (!put_text(p, r.s + r.i, j - r.i))
                    return fail(&r, XML_ERROR_NO_MEMORY, r.i);
                r.i = j;
            }
            continue;
        }
        if (at(&r, "<![CDATA[")) {
            if (p->depth == 0)
                return fail(&r, XML_ERROR_SYNTAX, r.i);
            if (!p->text_len)
                text_start = r.i;
            size_t a = r.i + 9;
            r.i = a;
            if (!skip_past(&r, "]]>", XML_ERROR_UNCLOSED_CDATA_SECTION)) {
                /* expat hands over what the section holds before it finds it unclosed */
                const size_t at_err = p->cur;
                p->error = XML_ERROR_NONE;
                if (!put_text(p, r.s + a, r.n - a) || !flush_text(&r, text_start))
                    return 0;
                return fail(&r, XML_ERROR_UNCLOSED_CDATA_SECTION, at_err);
            }
            for (size_t j = a; j < r.i - 3; j++)
                if (r.s[j] != '\r' && !put_text(p, r.s + j, 1))
                    return fail(&r, XML_ERROR_NO_MEMORY, j);
                else if (r.s[j] == '\r' && !(j + 1 < r.i - 3 && r.s[j + 1] == '\n') &&
                         !put_text(p, "\n", 1))
                    return fail(&r, XML_ERROR_NO_MEMORY, j);
            continue;
        }
        if (!flush_text(&r, text_start))
            return 0;
        const size_t start = r.i;
        if (at(&r, "<!--")) {
            if (!comment(&r))
                return 0;
        } else if (at(&r, "<?")) {
            if (at(&r, "<?xml") && r.i + 5 < r.n && (is_space(r.s[r.i + 5]) || r.s[r.i + 5] == '?'))
                return fail(&r, XML_ERROR_MISPLACED_XML_PI, r.i);
            r.i += 2; /* the target: a name, then a space or the end */
            size_t k = name_len(&r);
            if (!k)
                return fail(&r, XML_ERROR_INVALID_TOKEN, r.i);
            r.i += k;
            if (!at(&r, "?>") && !(r.i < r.n && is_space(r.s[r.i])))
                return fail(&r, XML_ERROR_INVALID_TOKEN, r.i);
            if (!skip_past(&r, "?>", XML_ERROR_UNCLOSED_TOKEN))
                return 0;
        } else if (at(&r, "<!DOCTYPE")) {
            if (seen_root)
                return fail(&r, XML_ERROR_SYNTAX, r.i);
            if (!doctype(&r))
                return 0;
        } else if (at(&r, "</")) {
            r.i += 2;
            size_t k = name_len(&r);
            if (!k)
                return fail(&r, XML_ERROR_INVALID_TOKEN, r.i);
            if (p->depth == 0)
                return fail(&r, XML_ERROR_INVALID_TOKEN, start);
            const char *q = p->stack[p->depth - 1].qname;
            if (strlen(q) != k || memcmp(q, r.s + r.i, k) != 0)
                return fail(&r, XML_ERROR_TAG_MISMATCH, start + 2);
            r.i += k;
            skip_space(&r);
            if (r.i >= r.n || r.s[r.i] != '>')
                return fail(&r, XML_ERROR_INVALID_TOKEN, r.i);
            r.i++;
            if (!end_elem(&r, start))
                return 0;
        } else {
            if (p->depth == 0 && seen_root)
                return fail(&r, XML_ERROR_JUNK_AFTER_DOC_ELEMENT, start);
            int empty = 0;
            seen_root = 1;
            if (!start_tag(&r, &empty))
                return 0;
            if (empty && !end_elem(&r, start))
                return 0;
        }
        text_start = r.i;
    }
    if (!flush_text(&r, text_start))
        return 0;
    *seen_rootp = seen_root;
    if (!seen_root)
        return fail(&r, XML_ERROR_NO_ELEMENTS, r.n);
    if (p->depth)
        return fail(&r, XML_ERROR_NO_ELEMENTS, r.n);
    return 1;
}

enum XML_Status XML_Parse(XML_Parser p, const char *s, int len, int is_final)
{
    if (p->error != XML_ERROR_NONE || p->done)
        return XML_STATUS_ERROR;
    if (len > 0) {
        char *d = grow(p->doc, &p->cap, p->len + (size_t)len, 1);
        if (!d) {
            p->error = XML_ERROR_NO_MEMORY;
            return XML_STATUS_ERROR;
        }
        p->doc = d;
        memcpy(p->doc + p->len, s, (size_t)len);
        p->len += (size_t)len;
    }
    if (!is_final)
        return XML_STATUS_OK;
    p->done = 1;
    return parse_doc(p) ? XML_STATUS_OK : XML_STATUS_ERROR;
}
