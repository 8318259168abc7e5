/* ibidi scan --html FILE: one self-contained page (inline CSS and script, nothing fetched)
 * for people to read: the summary, then each collision group with its key as ibidi
 * computed it, and each of its names in logical order beside the same name as the browser
 * itself lays it out in a left-to-right and a right-to-left paragraph, with its validity
 * and findings; filters (two valid names or more, kind, text) hide groups.
 *
 * Names can hold any bytes, so every piece of text goes through put_html: ill-formed UTF-8
 * and the characters HTML forbids in text (controls, noncharacters) never reach the page
 * as they are, and a name's bidi controls and other invisible format characters are shown
 * as visible marks wherever the text is read as characters. Only the paragraphs that show
 * the browser's own layout keep the controls (they are what is being shown), each inside
 * its own paragraph, which no embedding or isolate outlives. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/scan_html.h"
#include "ibidi/utf8.h"

struct scan_html {
    const char *cmd;
    char *path;
    char *input;
    FILE *out;  /* the page */
    FILE *body; /* the groups, until the summary is known */
    int body_errno;
    ibidi_scan_options so;
    size_t n_groups;
    size_t n_kind[SCAN_HTML_KINDS];
    /* the finding codes the groups show, explained once on the page (a sentence for each
       finding would make a large scan's page several times larger) */
    ibidi_code *codes;
    size_t n_codes, codes_cap;
};

static const char *const kind_ids[SCAN_HTML_KINDS] = {"ltr", "rtl", "lgr", "look-ltr",
                                                      "look-rtl"};
static const char *const kind_titles[SCAN_HTML_KINDS] = {
    "left-to-right display collision", "right-to-left display collision",
    "LGR variant collision", "left-to-right look-alike group",
    "right-to-left look-alike group"};

/* ---- Escaping -------------------------------------------------------------------------- */

/* How put_html writes text: as characters to read (the marks below), as the characters
 * the browser lays out, inside a double-quoted attribute value, or in the title (which
 * holds no elements: marks in brackets). */
enum { H_TEXT, H_RENDER, H_ATTR, H_TITLE };

/* The invisible format characters a name may hold, shown as marks in H_TEXT. */
static const char *format_mark(uint32_t cp)
{
    switch (cp) {
    case 0x00AD: return "SHY";
    case 0x061C: return "ALM";
    case 0x180E: return "MVS";
    case 0x200B: return "ZWSP";
    case 0x200C: return "ZWNJ";
    case 0x200D: return "ZWJ";
    case 0x200E: return "LRM";
    case 0x200F: return "RLM";
    case 0x202A: return "LRE";
    case 0x202B: return "RLE";
    case 0x202C: return "PDF";
    case 0x202D: return "LRO";
    case 0x202E: return "RLO";
    case 0x2060: return "WJ";
    case 0x2066: return "LRI";
    case 0x2067: return "RLI";
    case 0x2068: return "FSI";
    case 0x2069: return "PDI";
    case 0xFEFF: return "BOM";
    default: break;
    }
    if ((cp >= 0x2061 && cp <= 0x2064) || (cp >= 0x206A && cp <= 0x206F))
        return "";
    return NULL;
}

/* Characters HTML does not allow in text (HTML Living Standard §13.1.4, 13.2.5): C0
 * controls (the whitespace ones would not show in a name), DEL, C1, noncharacters. */
static int forbidden(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
           (cp & 0xFFFE) == 0xFFFE;
}

static void put_html(FILE *f, const char *s, size_t len, int mode)
{
    size_t pos = 0;
    while (pos < len) {
        size_t at = pos;
        uint32_t cp;
        if (ibidi_utf8_next(s, len, &pos, &cp, NULL) != IBIDI_OK) {
            /* a byte of ill-formed UTF-8: shown as cli_put_escaped writes it */
            pos = at + 1;
            if (mode == H_TEXT)
                fprintf(f, "<span class=\"esc\">\\x%02X</span>", (unsigned char)s[at]);
            else
                fputs("\xEF\xBF\xBD", f); /* U+FFFD */
            continue;
        }
        const char *mark;
        switch (cp) {
        case '&': fputs("&amp;", f); continue;
        case '<': fputs("&lt;", f); continue;
        case '>': fputs("&gt;", f); continue;
        case '"': fputs("&quot;", f); continue;
        default: break;
        }
        if (forbidden(cp)) {
            if (mode != H_TEXT) /* (in the title too: the file name is in the heading) */
                fputs("\xEF\xBF\xBD", f);
            else if (cp < 0x80)
                fprintf(f, "<span class=\"esc\">\\x%02X</span>", (unsigned)cp);
            else
                fprintf(f, "<span class=\"esc\">U+%04X</span>", (unsigned)cp);
        } else if ((mode == H_TEXT || mode == H_TITLE) && (mark = format_mark(cp)) != NULL) {
            if (mode == H_TEXT)
                fprintf(f, "<span class=\"ctl\" title=\"U+%04X\">", (unsigned)cp);
            else
                fputc('[', f);
            if (*mark)
                fputs(mark, f);
            else
                fprintf(f, "U+%04X", (unsigned)cp);
            fputs(mode == H_TEXT ? "</span>" : "]", f);
        } else {
            fwrite(s + at, 1, pos - at, f);
        }
    }
}

/* A name (or an index label) in logical order: its labels from left to right, each in its
 * own isolate so that each reads as it is written, whatever its direction. */
static void put_logical(FILE *f, const char *s, size_t len, const char *cls)
{
    fprintf(f, "<bdo dir=\"ltr\" class=\"%s\">", cls);
    size_t start = 0;
    for (;;) {
        const char *dot = memchr(s + start, '.', len - start);
        size_t end = dot ? (size_t)(dot - s) : len;
        fputs("<bdi>", f);
        put_html(f, s + start, end - start, H_TEXT);
        fputs("</bdi>", f);
        if (!dot)
            break;
        fputc('.', f);
        start = end + 1;
    }
    fputs("</bdo>", f);
}

/* ---- The page -------------------------------------------------------------------------- */

static const char page_style[] =
    "body{font-family:sans-serif;margin:1em 2em;color:#222}\n"
    "h1{font-size:1.4em}h2{font-size:1.1em;margin:0 0 .4em}\n"
    "table{border-collapse:collapse}\n"
    "td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top;text-align:start}\n"
    "th{background:#f2f2f2;font-weight:normal}\n"
    "section.group{border:1px solid #999;border-radius:4px;padding:.6em;margin:1em 0}\n"
    "section.group[hidden]{display:none}\n"
    ".kind{font-weight:bold}.count{color:#555;font-weight:normal}\n"
    ".key,.name{font-size:1.2em}\n"
    ".key{background:#eef;padding:0 .2em}\n"
    "p.shown{margin:0;font-size:1.4em;unicode-bidi:isolate;white-space:pre}\n"
    "td.own{background:#ffd}\n"
    "tr.invalid td.validity{color:#a00}\n"
    ".esc,.ctl{font-size:.7em;border:1px solid #a00;color:#a00;padding:0 .1em;"
    "unicode-bidi:isolate;direction:ltr}\n"
    "#filters{background:#f6f6f6;padding:.5em;margin:1em 0}\n"
    "#filters label{margin-right:1.5em}\n"
    "code{font-size:.95em}\n";

/* The filters: hidden without script, since they need it. */
static const char page_script[] =
    "(function () {\n"
    "  var groups = Array.prototype.slice.call(document.querySelectorAll('section.group'));\n"
    "  var valid = document.getElementById('f-valid'), kind = document.getElementById('f-kind');\n"
    "  var text = document.getElementById('f-text'), count = document.getElementById('f-count');\n"
    "  var texts = groups.map(function (g) {\n"
    "    return Array.prototype.map.call(g.querySelectorAll('.name, .key'), function (e) {\n"
    "      return e.textContent;\n"
    "    }).join('\\n').toLowerCase();\n"
    "  });\n"
    "  function apply() {\n"
    "    var q = text.value.trim().toLowerCase(), n = 0;\n"
    "    groups.forEach(function (g, i) {\n"
    "      var show = (!valid.checked || Number(g.getAttribute('data-valid')) >= 2) &&\n"
    "        (kind.value === '' || g.getAttribute('data-kind') === kind.value) &&\n"
    "        (q === '' || texts[i].indexOf(q) !== -1);\n"
    "      g.hidden = !show;\n"
    "      if (show) n++;\n"
    "    });\n"
    "    count.textContent = n + ' of ' + groups.length + ' groups shown';\n"
    "  }\n"
    "  valid.addEventListener('change', apply);\n"
    "  kind.addEventListener('change', apply);\n"
    "  text.addEventListener('input', apply);\n"
    "  document.getElementById('filters').hidden = false;\n"
    "  apply();\n"
    "})();\n";

scan_html *scan_html_open(const char *cmd, const char *path, const char *tmpdir,
                          const char *input, int input_fd, ibidi_idna_profile profile)
{
    scan_html *h = calloc(1, sizeof *h);
    if (!h || !(h->path = strdup(path)) || !(h->input = strdup(input))) {
        fprintf(stderr, "ibidi %s: out of memory\n", cmd);
        scan_html_free(h);
        return NULL;
    }
    h->cmd = cmd;
    struct stat in_st, out_st;
    if (fstat(input_fd, &in_st) == 0 && S_ISREG(in_st.st_mode) && stat(path, &out_st) == 0 &&
        in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino) {
        fprintf(stderr, "ibidi %s: --html '%s' is the input: it would be overwritten\n", cmd,
                path);
        scan_html_free(h);
        return NULL;
    }
    h->out = fopen(path, "w");
    if (!h->out) {
        fprintf(stderr, "ibidi %s: cannot open '%s' for the HTML report: %s\n", cmd, path,
                strerror(errno));
        scan_html_free(h);
        return NULL;
    }
    /* the groups wait here, unnamed, so nothing is left behind whatever happens */
    size_t n = strlen(tmpdir) + sizeof "/ibidi-html-XXXXXX";
    char *tmpl = malloc(n);
    int fd = -1;
    if (tmpl) {
        snprintf(tmpl, n, "%s/ibidi-html-XXXXXX", tmpdir);
        fd = mkstemp(tmpl);
        if (fd >= 0)
            unlink(tmpl);
    }
    int e = errno;
    free(tmpl);
    if (fd < 0 || !(h->body = fdopen(fd, "w+"))) {
        if (fd >= 0) {
            e = errno;
            close(fd);
        }
        fprintf(stderr,
                "ibidi %s: the HTML report's temporary file in %s: %s (set TMPDIR to another "
                "directory)\n",
                cmd, tmpdir, strerror(e));
        scan_html_free(h);
        return NULL;
    }
    /* every display, whatever --context asked: the page shows both paragraphs */
    h->so.flags = IBIDI_SCAN_LTR | IBIDI_SCAN_RTL;
    h->so.idna.profile = profile;
    return h;
}

void scan_html_free(scan_html *h)
{
    if (!h)
        return;
    if (h->out)
        fclose(h->out);
    if (h->body)
        fclose(h->body);
    free(h->path);
    free(h->input);
    free(h->codes);
    free(h);
}

/* Notes a code for the legend; without memory it only goes without its line there. */
static void note_code(scan_html *h, ibidi_code code)
{
    for (size_t i = 0; i < h->n_codes; i++)
        if (h->codes[i] == code)
            return;
    if (h->n_codes == h->codes_cap) {
        size_t cap = h->codes_cap ? h->codes_cap * 2 : 32;
        ibidi_code *p = realloc(h->codes, cap * sizeof *p);
        if (!p)
            return;
        h->codes = p;
        h->codes_cap = cap;
    }
    h->codes[h->n_codes++] = code;
}

/* One name of a group: a row. Its findings and displays are made again here (groups
 * carry only names and validity); the validity is the group's, which counts the name as
 * the list wrote it (an A-label that is not that of a valid U-label is invalid). */
static void put_name_row(scan_html *h, FILE *f, const ibidi_scan_group *g, size_t j)
{
    const char *name = g->names[j];
    const size_t len = g->name_lens[j];
    const int valid = g->valid[j];
    ibidi_scan_result r;
    ibidi_findings fnd = {NULL, 0, 0, 0};
    const int ok = ibidi_scan_name_alloc(name, len, &h->so, &r, &fnd, NULL) == IBIDI_OK;
    const char *text = r.text.data;

    fprintf(f, "<tr class=\"%s\"><td>", valid ? "valid" : "invalid");
    put_logical(f, name, len, "name");
    fputs("</td><td class=\"validity\">", f);
    if (valid) {
        fputs("valid", f);
    } else {
        fputs("invalid", f);
        if (ok && !r.valid) {
            fputs(" <code>", f);
            put_html(f, text + r.codes.start, r.codes.length, H_TEXT);
            fputs("</code>", f);
        } else if (ok) {
            fputs(" as the list wrote it", f);
        }
    }
    fputs("</td><td class=\"findings\">", f);
    if (!ok) {
        fputs("(out of memory)", f);
    } else if (r.analysis != IBIDI_OK) {
        fprintf(f, "not analysed [%s]", ibidi_status_name(r.analysis));
    } else if (fnd.n == 0) {
        fputs("none", f);
    } else {
        /* as the text output writes them: CODE@OFFSET, (rtl) for a right-to-left
           paragraph's; the code links to its line in the legend */
        for (size_t i = 0; i < fnd.n; i++) {
            const ibidi_finding *x = &fnd.items[i];
            const char *nm = ibidi_code_name(x->code);
            if (nm) {
                note_code(h, x->code);
                fprintf(f, "%s<a href=\"#code-%s\">%s</a>", i ? " " : "", nm, nm);
            } else {
                fputs(i ? " ?" : "?", f);
            }
            fprintf(f, "@%zu%s", x->offset, x->context == IBIDI_DIR_RTL ? "(rtl)" : "");
        }
    }
    fputs("</td>", f);
    /* the browser's own layout of the logical name in each paragraph direction, beside
       ibidi's display for it (data-ibidi: what a reader can compare, and the test does) */
    for (int c = 0; c < 2; c++) {
        const unsigned own =
            g->kind >= SCAN_HTML_LOOK_LTR ? g->kind - SCAN_HTML_LOOK_LTR : g->kind;
        fprintf(f, "<td%s><p dir=\"%s\" class=\"shown\"",
                own == (unsigned)c ? " class=\"own\"" : "", kind_ids[c]);
        if (ok && r.display[c].present) {
            fputs(" data-ibidi=\"", f);
            put_html(f, text + r.display[c].start, r.display[c].length, H_ATTR);
            fputc('"', f);
        }
        fputc('>', f);
        put_html(f, name, len, H_RENDER);
        fputs("</p></td>", f);
    }
    fputs("</tr>\n", f);
    ibidi_free(r.text.data);
    ibidi_findings_free(&fnd);
}

void scan_html_group(scan_html *h, const ibidi_scan_group *g)
{
    FILE *f = h->body;
    const unsigned kind = g->kind < SCAN_HTML_KINDS ? g->kind : SCAN_HTML_VARIANT;
    h->n_groups++;
    h->n_kind[kind]++;
    fprintf(f, "<section class=\"group\" id=\"g%zu\" data-kind=\"%s\" data-valid=\"%zu\"",
            h->n_groups, kind_ids[kind], g->n_valid);
    fputs(" data-key=\"", f);
    put_html(f, g->key, g->key_len, H_ATTR);
    fprintf(f, "\">\n<h2><span class=\"kind\">%s</span> ", kind_titles[kind]);
    if (kind == SCAN_HTML_VARIANT) {
        fputs("index label ", f);
        put_logical(f, g->key, g->key_len, "key");
    } else {
        /* the key is in display order already (a display, or the skeleton of one): laid
           out as it is, left to right */
        fputs(kind >= SCAN_HTML_LOOK_LTR ? "bidi skeleton " : "display ", f);
        fputs("<bdo dir=\"ltr\" class=\"key\">", f);
        put_html(f, g->key, g->key_len, H_TEXT);
        fputs("</bdo>", f);
    }
    fprintf(f, " <span class=\"count\">%zu names, %zu valid</span></h2>\n", g->n, g->n_valid);
    fputs("<table>\n<tr><th>name (logical order)</th><th>validity</th><th>findings</th>"
          "<th>in a left-to-right paragraph</th><th>in a right-to-left paragraph</th></tr>\n",
          f);
    for (size_t j = 0; j < g->n; j++)
        put_name_row(h, f, g, j);
    fputs("</table>\n</section>\n", f);
    if (ferror(f) && !h->body_errno)
        h->body_errno = errno ? errno : EIO;
}

static void put_summary(FILE *f, const scan_html_figures *x)
{
    fputs("<table class=\"summary\">\n", f);
    fprintf(f,
            "<tr><th>names</th><td>%zu (%zu lines, %zu skipped)</td></tr>\n"
            "<tr><th>valid</th><td>%zu</td></tr>\n"
            "<tr><th>invalid</th><td>%zu</td></tr>\n"
            "<tr><th>with findings</th><td>%zu</td></tr>\n"
            "<tr><th>not analysed</th><td>%zu</td></tr>\n"
            "<tr><th>profile</th><td>%s</td></tr>\n",
            x->names, x->lines, x->skipped, x->valid, x->names - x->valid, x->findings,
            x->not_analysed, x->profile);
    if (x->zone)
        fprintf(f, "<tr><th>host names judged</th><td>%zu owner names, their wildcard or "
                   "underscored labels set aside</td></tr>\n",
                x->set_aside);
    for (int c = 0; c < 2; c++)
        if (x->has[c])
            fprintf(f,
                    "<tr><th>%s</th><td>%zu distinct displays, %zu collision groups, %zu "
                    "names in collisions, %zu names displayed as written</td></tr>\n",
                    c ? "right-to-left paragraph" : "left-to-right paragraph", x->counts[c].keys,
                    x->counts[c].groups, x->counts[c].names_in_groups, x->self[c]);
    if (x->has[SCAN_HTML_VARIANT])
        fprintf(f,
                "<tr><th>LGR variants</th><td>%zu distinct index labels, %zu variant groups, "
                "%zu names in variant groups</td></tr>\n",
                x->counts[SCAN_HTML_VARIANT].keys, x->counts[SCAN_HTML_VARIANT].groups,
                x->counts[SCAN_HTML_VARIANT].names_in_groups);
    for (int c = 0; c < 2; c++)
        if (x->has[SCAN_HTML_LOOK_LTR + c])
            fprintf(f,
                    "<tr><th>look-alikes, %s</th><td>%zu distinct bidi skeletons, %zu "
                    "look-alike groups, %zu names in them</td></tr>\n",
                    c ? "right to left" : "left to right",
                    x->counts[SCAN_HTML_LOOK_LTR + c].keys,
                    x->counts[SCAN_HTML_LOOK_LTR + c].groups,
                    x->counts[SCAN_HTML_LOOK_LTR + c].names_in_groups);
    if (x->only_valid)
        fprintf(f,
                "<tr><th>shown</th><td>%zu groups with at least two valid names "
                "(--only-valid)</td></tr>\n",
                x->shown);
    fputs("</table>\n", f);
}

int scan_html_finish(scan_html *h, const scan_html_figures *fig)
{
    FILE *f = h->out;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"ibidi ",
          f);
    fputs(ibidi_version(), f);
    fputs("\">\n<title>ibidi scan: ", f);
    put_html(f, h->input, strlen(h->input), H_TITLE);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>ibidi scan: ", page_style);
    fputs("<bdi>", f);
    put_html(f, h->input, strlen(h->input), H_TEXT);
    fputs("</bdi></h1>\n", f);
    put_summary(f, fig);
    fputs("<p>Each group lists names that a reader cannot tell apart in one paragraph "
          "direction: ibidi's display of them (left to right, as shown), then each name in "
          "logical order (its labels from left to right), its validity and findings, and "
          "the name as this browser lays it out in a left-to-right and a right-to-left "
          "paragraph (the group's own direction highlighted).</p>\n",
          f);
    fputs("<form id=\"filters\" hidden>\n"
          "<label><input type=\"checkbox\" id=\"f-valid\"> only groups with two valid "
          "names or more</label>\n"
          "<label>kind <select id=\"f-kind\"><option value=\"\">all</option>",
          f);
    for (int k = 0; k < SCAN_HTML_KINDS; k++)
        if (fig->has[k])
            fprintf(f, "<option value=\"%s\">%s</option>", kind_ids[k], kind_titles[k]);
    fputs("</select></label>\n"
          "<label>names containing <input type=\"search\" id=\"f-text\"></label>\n"
          "<output id=\"f-count\"></output>\n</form>\n",
          f);
    if (h->n_groups == 0)
        fprintf(f, "<p>No collision groups%s.</p>\n",
                fig->only_valid ? " with two valid names or more" : "");

    /* the groups, from the temporary file */
    int ok = !h->body_errno && fflush(h->body) == 0;
    int e = h->body_errno;
    if (ok && fseek(h->body, 0, SEEK_SET) != 0) {
        ok = 0;
        e = errno;
    }
    char block[65536];
    size_t n;
    while (ok && (n = fread(block, 1, sizeof block, h->body)) > 0)
        fwrite(block, 1, n, f);
    if (ok && ferror(h->body)) {
        ok = 0;
        e = errno;
    }
    if (!ok) {
        fprintf(stderr, "ibidi %s: the HTML report's temporary file: %s\n", h->cmd,
                strerror(e ? e : EIO));
        return 0;
    }
    /* the legend of the codes, after the groups as notes are */
    if (h->n_codes) {
        fputs("<h2 id=\"codes\">The finding codes of these groups</h2>\n<table>\n", f);
        for (size_t i = 0; i < h->n_codes; i++) {
            const char *nm = ibidi_code_name(h->codes[i]), *msg = ibidi_code_message(h->codes[i]);
            fprintf(f, "<tr id=\"code-%s\"><th>%s</th><td>", nm, nm);
            put_html(f, msg, strlen(msg), H_TEXT);
            fputs("</td></tr>\n", f);
        }
        fputs("</table>\n", f);
    }
    fprintf(f, "<script>\n%s</script>\n</body>\n</html>\n", page_script);
    /* a write that failed earlier in the buffer fails again here, with its errno */
    errno = 0;
    int failed = fflush(f) != 0 || ferror(f);
    e = errno;
    if (fclose(f) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    h->out = NULL;
    if (failed) {
        fprintf(stderr, "ibidi %s: error writing the HTML report '%s': %s\n", h->cmd, h->path,
                strerror(e ? e : EIO));
        return 0;
    }
    return 1;
}
