/* ibidi bidi: the Unicode Bidirectional Algorithm (UAX #9) on text lines: resolved levels,
 * visual order, visual runs and the text as displayed. The machine formats of levels and
 * order are those of BidiCharacterTest.txt (fields 3 and 4), so that other tools can
 * compare with them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ibidi/utf8.h"

typedef enum bidi_input {
    IN_UTF8,
    IN_HEX,
    IN_CLASSES,
    IN_NOTATION,       /* A-Z right-to-left letters of class R */
    IN_NOTATION_ARABIC /* A-Z right-to-left letters of class AL */
} bidi_input;

typedef enum bidi_output { OUT_VISUAL, OUT_LEVELS, OUT_ORDER, OUT_RUNS, OUT_JSON } bidi_output;

typedef struct bidi_opts {
    ibidi_dir dir;
    const char *dir_name;
    bidi_input in;
    bidi_output out;
} bidi_opts;

/* The buffers of one item, all of n entries; the CLI may allocate, the library does not. */
typedef struct bidi_item {
    size_t n;
    uint32_t *cps;         /* the code points (not for utf8 and classes input) */
    uint8_t *classes;      /* the Bidi_Class of each code point */
    uint8_t *levels;       /* resolved levels, after L1 per paragraph */
    size_t *order;         /* visual-to-logical map per paragraph, global indices */
    ibidi_bidi_run *runs;  /* visual runs per paragraph, global starts */
    size_t n_runs;
    size_t *para;          /* paragraphs: start, end, level (3 entries each) */
    size_t n_para;
    void *work;            /* the work area, only for inputs above IBIDI_BIDI_SMALL */
    size_t work_size;
    char *visual;          /* the visual line in the notation of the input */
    size_t visual_len;
    ibidi_bidi_info info;
    ibidi_error fail; /* why the item failed, for its record */
    int fail_index;   /* its offset counts code points, not bytes */
} bidi_item;

static void item_free(bidi_item *it)
{
    free(it->cps);
    free(it->classes);
    free(it->levels);
    free(it->order);
    free(it->runs);
    free(it->para);
    free(it->work);
    free(it->visual);
}

static int no_memory(bidi_item *it, size_t itemno)
{
    it->fail = (ibidi_error){IBIDI_E_NOMEM, 0, 0};
    fprintf(stderr, "ibidi bidi: item %zu: out of memory\n", itemno);
    return CLI_INVALID;
}

/* Allocates the per-code-point arrays (cps may already be set) and, for long inputs, the
 * work area of ibidi_bidi_work_size(n) bytes. */
static int item_alloc(bidi_item *it, size_t itemno)
{
    size_t n = it->n ? it->n : 1;
    it->work_size = ibidi_bidi_work_size(it->n);
    if (it->work_size == SIZE_MAX || n > SIZE_MAX / 3 / sizeof(size_t)) {
        it->fail = (ibidi_error){IBIDI_E_TOO_LONG, 0, 0};
        fprintf(stderr, "ibidi bidi: item %zu: %zu code points: longer than the algorithm accepts\n",
                itemno, it->n);
        return CLI_INVALID;
    }
    if (!it->classes)
        it->classes = malloc(n);
    it->levels = malloc(n);
    it->order = malloc(n * sizeof *it->order);
    it->runs = malloc(n * sizeof *it->runs);
    it->para = malloc(3 * n * sizeof *it->para);
    if (it->work_size)
        it->work = malloc(it->work_size);
    if (!it->classes || !it->levels || !it->order || !it->runs || !it->para ||
        (it->work_size && !it->work))
        return no_memory(it, itemno);
    return CLI_OK;
}

static int is_space(char c) { return c == ' ' || c == '\t'; }

/* The next space-separated token of s at or after *i: returns its length (0 at the end),
 * *start gets its offset and *i moves past it. */
static size_t next_token(const char *s, size_t len, size_t *i, size_t *start)
{
    while (*i < len && is_space(s[*i]))
        (*i)++;
    *start = *i;
    while (*i < len && !is_space(s[*i]))
        (*i)++;
    return *i - *start;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reports a bad token of hex or classes input, naming it, with its byte offset. */
static void report_token(bidi_item *it, size_t itemno, const char *what, const char *tok,
                         size_t tlen, ibidi_error *err)
{
    it->fail = *err;
    char buf[96];
    snprintf(buf, sizeof buf, "%s '%.*s'", what, (int)(tlen > 40 ? 40 : tlen), tok);
    cli_report("bidi", itemno, buf, err, "byte");
}

/* --input hex: "05D0 0028 0061" (field 0 of BidiCharacterTest.txt) or "U+05D0 U+0028". */
static int parse_hex(const char *s, size_t len, bidi_item *it, size_t itemno)
{
    it->cps = malloc((len / 2 + 1) * sizeof *it->cps);
    if (!it->cps)
        return no_memory(it, itemno);
    size_t n = 0, i = 0, start, tlen;
    while ((tlen = next_token(s, len, &i, &start)) > 0) {
        const char *tok = s + start;
        ibidi_error err = {IBIDI_OK, start, 0};
        uint32_t cp = 0;
        if (!cli_parse_u_notation(tok, tlen, &cp)) {
            /* Bare hex digits: 1 to 6 of them, or more when the leading ones are zeros. */
            size_t k = 0, sig = 0;
            for (; k < tlen; k++) {
                int d = hex_digit(tok[k]);
                if (d < 0)
                    break;
                if (cp || d)
                    sig++;
                if (sig > 6)
                    break;
                cp = cp * 16 + (uint32_t)d;
            }
            if (k < tlen) {
                err.status = sig > 6 ? IBIDI_E_CP_TOO_LARGE : IBIDI_E_CP_SYNTAX;
                err.value = sig > 6 ? 0xFFFFFFFFu : (uint32_t)(unsigned char)tok[k];
                report_token(it, itemno, "hex code point", tok, tlen, &err);
                return CLI_INVALID;
            }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF)
            err.status = IBIDI_E_CP_SURROGATE;
        else if (cp > 0x10FFFF)
            err.status = IBIDI_E_CP_TOO_LARGE;
        if (err.status != IBIDI_OK) {
            err.value = cp;
            report_token(it, itemno, "hex code point", tok, tlen, &err);
            return CLI_INVALID;
        }
        it->cps[n++] = cp;
    }
    it->n = n;
    return CLI_OK;
}

/* --input classes: "L RLE R PDF" (the input field of BidiTest.txt). */
static int parse_classes(const char *s, size_t len, bidi_item *it, size_t itemno)
{
    it->classes = malloc(len / 2 + 1);
    if (!it->classes)
        return no_memory(it, itemno);
    size_t n = 0, i = 0, start, tlen;
    while ((tlen = next_token(s, len, &i, &start)) > 0) {
        int bc = ibidi_unicode_bidi_class_from_name(s + start, tlen);
        if (bc < 0) {
            it->fail = (ibidi_error){IBIDI_E_CLASS_NAME, start, 0};
            fflush(stdout);
            fprintf(stderr,
                    "ibidi bidi: item %zu: '%.*s' is not a Bidi_Class name (L, R, AL, EN, ES, "
                    "ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, "
                    "PDI) at byte %zu\n",
                    itemno, (int)(tlen > 40 ? 40 : tlen), s + start, start);
            return CLI_INVALID;
        }
        it->classes[n++] = (uint8_t)bc;
    }
    it->n = n;
    return CLI_OK;
}

/* --input notation / notation-arabic: one code point per ASCII character. */
static int parse_notation(const char *s, size_t len, bidi_item *it, bidi_input in,
                          size_t itemno)
{
    it->cps = malloc((len ? len : 1) * sizeof *it->cps);
    if (!it->cps)
        return no_memory(it, itemno);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            it->fail = (ibidi_error){IBIDI_E_NOTATION_SYNTAX, i, c};
            fflush(stdout);
            fprintf(stderr,
                    "ibidi bidi: item %zu: Bidi Notation is ASCII only (A-Z right-to-left, "
                    "a-z left-to-right, 0-9 European digits): byte %02X at byte %zu\n",
                    itemno, c, i);
            return CLI_INVALID;
        }
        it->cps[i] = (c >= 'A' && c <= 'Z') ? cli_notation_cp((char)c, in == IN_NOTATION_ARABIC) : c;
    }
    it->n = len;
    return CLI_OK;
}

/* Per paragraph (P1): its level (P2-P3 or HL1), L1 for it as one line, L2 order and runs. */
static int layout(bidi_item *it, const bidi_opts *o, size_t itemno)
{
    ibidi_error err = {IBIDI_OK, 0, 0};
    it->n_runs = 0;
    it->n_para = 0;
    for (size_t at = 0; at < it->n;) {
        ibidi_bidi_para para = {0, 0, 0};
        if (ibidi_bidi_paragraph(it->classes, it->n, at, o->dir, &para, &err) != IBIDI_OK) {
            it->fail = err;
            it->fail_index = 1;
            cli_report("bidi", itemno, "paragraph", &err, "index");
            return CLI_INVALID;
        }
        const size_t s = para.start, e = para.end;
        const uint8_t lvl = para.level;
        if (s > at || e <= at || e > it->n) { /* the paragraph holds the index asked for */
            fprintf(stderr, "ibidi bidi: item %zu: bad paragraph bounds %zu-%zu at index %zu\n",
                    itemno, s, e, at);
            return CLI_INVALID;
        }
        const ibidi_bidi_line line = {it->levels, it->classes, it->n, s, e, lvl};
        ibidi_bidi_run_list runs = {it->runs + it->n_runs, it->n - it->n_runs, 0};
        if (ibidi_bidi_line_levels(&line, it->levels + s, &err) != IBIDI_OK ||
            ibidi_bidi_reorder(it->levels + s, e - s, it->order + s, NULL, &err) != IBIDI_OK ||
            ibidi_bidi_runs(it->levels + s, e - s, &runs, &err) != IBIDI_OK) {
            it->fail = err;
            it->fail_index = 1;
            cli_report("bidi", itemno, "layout", &err, "index");
            return CLI_INVALID;
        }
        for (size_t v = s; v < e; v++)
            it->order[v] += s;
        for (size_t r = it->n_runs; r < it->n_runs + runs.n; r++)
            it->runs[r].start += s;
        it->n_runs += runs.n;
        it->para[3 * it->n_para] = s;
        it->para[3 * it->n_para + 1] = e;
        it->para[3 * it->n_para + 2] = lvl;
        it->n_para++;
        at = e;
    }
    return CLI_OK;
}

/* The visual line as text of the input's own notation. */
static int make_visual(const char *item, size_t len, bidi_item *it, const bidi_opts *o,
                       size_t itemno)
{
    ibidi_error err = {IBIDI_OK, 0, 0};
    size_t n = it->n;
    const ibidi_bidi_options vo = {o->dir, 0, it->work, it->work_size};
    if (o->in == IN_UTF8) {
        /* L4 may change the UTF-8 length of a character: ask again with the size needed. */
        ibidi_buf vis = {NULL, len + 16, 0};
        for (;;) {
            vis.data = it->visual = malloc(vis.cap);
            if (!it->visual)
                return no_memory(it, itemno);
            ibidi_status st = ibidi_bidi_visual_utf8(item, len, &vo, &vis, NULL, &err);
            if (st == IBIDI_OK)
                break;
            free(it->visual);
            it->visual = NULL;
            if (st != IBIDI_E_BUFFER_TOO_SMALL || vis.len <= vis.cap) {
                it->fail = err;
                cli_report("bidi", itemno, "visual", &err, "byte");
                return CLI_INVALID;
            }
            vis.cap = vis.len;
        }
        it->visual_len = vis.len;
        return CLI_OK;
    }
    if (o->in == IN_CLASSES) {
        /* Class names in visual order: each paragraph reordered as one line (L2), its
         * separator kept at its end as ibidi_bidi_visual_* do. */
        it->visual = malloc(4 * n + 1);
        if (!it->visual)
            return no_memory(it, itemno);
        size_t *tmp = malloc((n ? n : 1) * sizeof *tmp);
        if (!tmp)
            return no_memory(it, itemno);
        size_t pos = 0;
        for (size_t p = 0; p < it->n_para; p++) {
            size_t s = it->para[3 * p], e = it->para[3 * p + 1];
            size_t body = e > s && it->classes[e - 1] == IBIDI_UNICODE_BC_B ? e - 1 : e;
            if (ibidi_bidi_reorder(it->levels + s, body - s, tmp, NULL, &err) != IBIDI_OK) {
                free(tmp);
                it->fail = err;
                it->fail_index = 1;
                cli_report("bidi", itemno, "visual", &err, "index");
                return CLI_INVALID;
            }
            for (size_t v = s; v < e; v++) {
                size_t l = v < body ? s + tmp[v - s] : v;
                const char *name = ibidi_unicode_bidi_class_name((ibidi_unicode_bc)it->classes[l]);
                size_t nl = strlen(name);
                if (pos)
                    it->visual[pos++] = ' ';
                memcpy(it->visual + pos, name, nl);
                pos += nl;
            }
        }
        free(tmp);
        it->visual_len = pos;
        return CLI_OK;
    }
    uint32_t *vis = malloc((n ? n : 1) * sizeof *vis);
    if (!vis)
        return no_memory(it, itemno);
    ibidi_buf32 vb = {vis, n, 0};
    if (ibidi_bidi_visual_cp(it->cps, n, &vo, &vb, NULL, &err) != IBIDI_OK) {
        free(vis);
        it->fail = err;
        it->fail_index = 1;
        cli_report("bidi", itemno, "visual", &err, "index");
        return CLI_INVALID;
    }
    it->visual = malloc(7 * vb.len + 1);
    if (!it->visual) {
        free(vis);
        return no_memory(it, itemno);
    }
    size_t pos = 0;
    for (size_t v = 0; v < vb.len; v++) {
        uint32_t cp = vis[v];
        if (o->in == IN_HEX) {
            pos += (size_t)snprintf(it->visual + pos, 8, v ? " %04X" : "%04X", (unsigned)cp);
        } else {
            /* Back to the notation: the right-to-left letters are A-Z again; mirrored
             * brackets of ASCII are ASCII. */
            int ch = cli_notation_char(cp, o->in == IN_NOTATION_ARABIC);
            it->visual[pos++] = ch >= 0 ? (char)ch : '?'; /* '?': not reachable from ASCII */
        }
    }
    free(vis);
    it->visual_len = pos;
    return CLI_OK;
}

static void print_levels(const bidi_item *it)
{
    for (size_t i = 0; i < it->n; i++) {
        if (i)
            fputc(' ', stdout);
        /* X9: removed characters print as 'x', as in the conformance files. */
        if (ibidi_bidi_class_removed((ibidi_unicode_bc)it->classes[i]))
            fputc('x', stdout);
        else
            printf("%u", (unsigned)it->levels[i]);
    }
}

static void print_order(const bidi_item *it, const char *sep)
{
    int first = 1;
    for (size_t v = 0; v < it->n; v++) {
        size_t l = it->order[v];
        if (ibidi_bidi_class_removed((ibidi_unicode_bc)it->classes[l]))
            continue;
        printf("%s%zu", first ? "" : sep, l);
        first = 0;
    }
}

static void print_json(const char *item, size_t len, const bidi_item *it, const bidi_opts *o)
{
    cli_jw w;
    cli_jw_begin(&w, stdout, CLI_IN_UTF8);
    cli_jw_input(&w, "input", item, len);
    cli_jw_cstr(&w, "dir", o->dir_name);
    cli_jw_uint(&w, "paragraph_level", it->info.para_level);
    cli_jw_array(&w, "levels");
    for (size_t i = 0; i < it->n; i++) {
        if (ibidi_bidi_class_removed((ibidi_unicode_bc)it->classes[i]))
            cli_jw_null(&w, NULL); /* X9: removed */
        else
            cli_jw_uint(&w, NULL, it->levels[i]);
    }
    cli_jw_close(&w);
    cli_jw_array(&w, "order");
    for (size_t v = 0; v < it->n; v++)
        if (!ibidi_bidi_class_removed((ibidi_unicode_bc)it->classes[it->order[v]]))
            cli_jw_uint(&w, NULL, it->order[v]);
    cli_jw_close(&w);
    cli_jw_str(&w, "visual", it->visual, it->visual_len);
    cli_jw_array(&w, "runs");
    for (size_t r = 0; r < it->n_runs; r++) {
        cli_jw_object(&w, NULL);
        cli_jw_uint(&w, "start", it->runs[r].start);
        cli_jw_uint(&w, "length", it->runs[r].length);
        cli_jw_uint(&w, "level", it->runs[r].level);
        cli_jw_close(&w);
    }
    cli_jw_close(&w);
    cli_jw_array(&w, "paragraphs");
    for (size_t p = 0; p < it->n_para; p++) {
        cli_jw_object(&w, NULL);
        cli_jw_uint(&w, "start", it->para[3 * p]);
        cli_jw_uint(&w, "end", it->para[3 * p + 1]);
        cli_jw_uint(&w, "level", it->para[3 * p + 2]);
        cli_jw_close(&w);
    }
    cli_jw_end(&w);
}

static int bidi_item_run(const char *item, size_t len, size_t itemno, void *ctx)
{
    const bidi_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("bidi", itemno, len, o->out == OUT_JSON);
    bidi_item it;
    ibidi_error err = {IBIDI_OK, 0, 0};
    int rc = CLI_OK;
    memset(&it, 0, sizeof it);
    ibidi_bidi_options bo = {o->dir, 0, NULL, 0};
    ibidi_bidi_result r;
    memset(&r, 0, sizeof r);

    /* Read the input into code points or classes, then resolve P1-I2 and L1. */
    switch (o->in) {
    case IN_UTF8:
        if (ibidi_utf8_validate(item, len, &it.n, &err) != IBIDI_OK) {
            it.fail = err;
            cli_report("bidi", itemno, "text", &err, "byte");
            rc = CLI_INVALID;
            break;
        }
        if ((rc = item_alloc(&it, itemno)) != CLI_OK)
            break;
        bo.work = it.work;
        bo.work_size = it.work_size;
        r.levels = it.levels;
        r.classes = it.classes;
        r.cap = it.n ? it.n : 1;
        if (ibidi_bidi_resolve_utf8(item, len, &bo, &r, &err) != IBIDI_OK) {
            it.fail = err;
            cli_report("bidi", itemno, "text", &err, "byte");
            rc = CLI_INVALID;
        }
        break;
    case IN_HEX:
    case IN_NOTATION:
    case IN_NOTATION_ARABIC:
        rc = o->in == IN_HEX ? parse_hex(item, len, &it, itemno)
                             : parse_notation(item, len, &it, o->in, itemno);
        if (rc != CLI_OK || (rc = item_alloc(&it, itemno)) != CLI_OK)
            break;
        bo.work = it.work;
        bo.work_size = it.work_size;
        r.levels = it.levels;
        r.classes = it.classes;
        r.cap = it.n;
        if (ibidi_bidi_resolve_cp(it.cps, it.n, &bo, &r, &err) != IBIDI_OK) {
            it.fail = err;
            it.fail_index = 1;
            cli_report("bidi", itemno, "code points", &err, "index");
            rc = CLI_INVALID;
        }
        break;
    case IN_CLASSES:
        if ((rc = parse_classes(item, len, &it, itemno)) != CLI_OK ||
            (rc = item_alloc(&it, itemno)) != CLI_OK)
            break;
        bo.work = it.work;
        bo.work_size = it.work_size;
        r.levels = it.levels;
        r.cap = it.n;
        if (ibidi_bidi_resolve_classes(it.classes, it.n, &bo, &r, &err) != IBIDI_OK) {
            it.fail = err;
            it.fail_index = 1;
            cli_report("bidi", itemno, "classes", &err, "index");
            rc = CLI_INVALID;
        }
        break;
    }
    it.info = r.info;
    if (rc == CLI_OK)
        rc = layout(&it, o, itemno);
    if (rc == CLI_OK && (o->out == OUT_VISUAL || o->out == OUT_JSON))
        rc = make_visual(item, len, &it, o, itemno);
    if (rc == CLI_OK) {
        switch (o->out) {
        case OUT_VISUAL:
            cli_put_visual(stdout, it.visual, it.visual_len, CLI_IN_UTF8);
            break;
        case OUT_LEVELS:
            print_levels(&it);
            break;
        case OUT_ORDER:
            print_order(&it, " ");
            break;
        case OUT_RUNS:
            for (size_t r = 0; r < it.n_runs; r++)
                printf("%s%zu-%zu:%c%u", r ? " " : "", it.runs[r].start,
                       it.runs[r].start + it.runs[r].length - 1,
                       it.runs[r].level & 1 ? 'R' : 'L', (unsigned)it.runs[r].level);
            break;
        case OUT_JSON:
            print_json(item, len, &it, o);
            break;
        }
        if (o->out != OUT_JSON)
            fputc('\n', stdout);
    } else {
        /* every item one record: this one says why it failed */
        if (it.fail.status == IBIDI_OK)
            it.fail.status = IBIDI_E_INVALID_ARGUMENT;
        cli_fail_record(stdout, o->out == OUT_JSON, item, len, &it.fail,
                        it.fail_index ? "index" : "byte");
    }
    item_free(&it);
    return rc;
}

static int bidi_run(int argc, char **argv)
{
    static const char *const dir_names[] = {"ltr", "rtl", "auto"};
    static const ibidi_dir dir_values[] = {IBIDI_DIR_LTR, IBIDI_DIR_RTL, IBIDI_DIR_AUTO};
    bidi_opts o = {IBIDI_DIR_LTR, "ltr", IN_UTF8, OUT_VISUAL};
    cli_args a;
    cli_arg x;
    int r;
    cli_args_init(&a, "bidi", argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_DIR: /* ltr rtl auto */
            o.dir = dir_values[x.pick];
            o.dir_name = dir_names[x.pick];
            break;
        case CLI_OPT_INPUT: o.in = (bidi_input)x.pick; break;    /* the order of bidi_input */
        case CLI_OPT_OUTPUT: o.out = (bidi_output)x.pick; break; /* of bidi_output */
        case CLI_OPT_JSON: o.out = OUT_JSON; break; /* --json, as every command takes it */
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    return cli_for_each_item(argc, argv, a.i, bidi_item_run, &o);
}

const cli_command cli_cmd_bidi = {
    "bidi",
    "display order of text: the Unicode Bidirectional Algorithm (UAX #9)",
    "usage: ibidi bidi [--dir ltr|rtl|auto] [--input utf8|hex|classes|notation|notation-arabic]\n"
    "                  [--output visual|levels|order|runs|json] [--json] [TEXT ...]\n"
    "\n"
    "Runs the Unicode Bidirectional Algorithm (UAX #9, Unicode 17.0) on each TEXT, or on\n"
    "each line of standard input, and prints one result line per item. Each paragraph\n"
    "(P1: text up to a paragraph separator) is laid out as one line.\n"
    "\n"
    "  --dir D      paragraph direction: ltr (default: a left-to-right context), rtl,\n"
    "               or auto (P2-P3: the first strong character; ltr if there is none)\n"
    "  --input I    how TEXT is written:\n"
    "     utf8             the text itself (default)\n"
    "     hex              code points in hexadecimal separated by spaces, as field 0 of\n"
    "                      BidiCharacterTest.txt (05D0 0028 0061); U+05D0 also accepted\n"
    "     classes          Bidi_Class names separated by spaces, as in BidiTest.txt\n"
    "                      (L RLE R PDF); each stands for a character of that class\n"
    "     notation         Bidi Notation: A-Z right-to-left letters (class R, Hebrew\n"
    "                      U+05D0..U+05E9), a-z left-to-right letters, 0-9 European\n"
    "                      digits; every other ASCII character is itself (- is ES,\n"
    "                      % ET, brackets pair)\n"
    "     notation-arabic  the same with A-Z of class AL (Arabic U+0621..U+063A)\n"
    "  --output O   what to print for each item:\n"
    "     visual   the text in display order, left to right, with mirrored glyphs (L4),\n"
    "              written as the input was: text, hex code points, class names or\n"
    "              Bidi Notation (default)\n"
    "     levels   the resolved level of each character, separated by spaces, x for\n"
    "              characters removed by X9 (as field 3 of BidiCharacterTest.txt)\n"
    "     order    the logical indices (from 0) in visual order, separated by spaces,\n"
    "              without characters removed by X9 (as field 4 of BidiCharacterTest.txt)\n"
    "     runs     the visual runs, left to right, separated by spaces, each written\n"
    "              START-END:DLEVEL: START and END the first and last logical index of\n"
    "              the run (inclusive), D the direction (L for an even level, shown left\n"
    "              to right; R for an odd level, shown right to left), LEVEL its level;\n"
    "              e.g. 0-2:L0 3-5:R1\n"
    "     json     one JSON object per line (also --json): input, dir, paragraph_level,\n"
    "              levels (null for characters removed by X9), order, visual, runs\n"
    "              (start, length, level) and paragraphs (start, end exclusive, level)\n"
    "\n"
    "Text of several paragraphs: levels, order and runs of the paragraphs follow one\n"
    "another with indices counted from the start of the item; the visual text keeps\n"
    "each paragraph separator at the end of its paragraph.\n"
    "\n"
    "Examples: ibidi bidi --input notation 123ABC            prints 123CBA\n"
    "          ibidi bidi --input notation --dir rtl ABC.abc  prints abc.CBA\n"
    "\n"
    "Exit status: 0 when every item was read, 1 when some was not (ill-formed UTF-8,\n"
    "bad hex code point, unknown class name, non-ASCII Bidi Notation), 2 for a usage\n"
    "error.\n",
    bidi_run,
    0,
    NULL,
};
