/* ibidi props: the character properties of code points, as the library sees them. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "ibidi/utf8.h"

typedef struct props_opts {
    int json;
    int printed; /* text blocks are separated by blank lines */
    cli_jw w;    /* JSON: the item's record, open while its code points are written */
} props_opts;

/* Code point label of Unicode §4.8 (Table 4-8) for code points without a name. */
static const char *label_kind(uint32_t cp)
{
    ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
    if (ibidi_unicode_noncharacter(cp))
        return "noncharacter";
    switch (gc) {
    case IBIDI_UNICODE_GC_CC: return "control";
    case IBIDI_UNICODE_GC_CO: return "private-use";
    case IBIDI_UNICODE_GC_CS: return "surrogate";
    case IBIDI_UNICODE_GC_CN: return "reserved";
    default: return NULL;
    }
}

/* The character itself is shown only where a terminal can show it alone: marks on a
 * dotted circle (U+25CC), no controls, separators, format characters or unassigned. */
static size_t display_form(uint32_t cp, char *buf)
{
    ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
    size_t n = 0;
    if (gc == IBIDI_UNICODE_GC_CC || gc == IBIDI_UNICODE_GC_CF || gc == IBIDI_UNICODE_GC_CS ||
        gc == IBIDI_UNICODE_GC_CN || gc == IBIDI_UNICODE_GC_CO || gc == IBIDI_UNICODE_GC_ZL ||
        gc == IBIDI_UNICODE_GC_ZP)
        return 0;
    if (gc == IBIDI_UNICODE_GC_MN || gc == IBIDI_UNICODE_GC_ME || gc == IBIDI_UNICODE_GC_MC)
        n = ibidi_utf8_encode_cp(0x25CC, buf);
    return n + ibidi_utf8_encode_cp(cp, buf + n);
}

static void print_text(uint32_t cp)
{
    char name[IBIDI_UNICODE_MAX_NAME + 1], shown[8];
    size_t nlen = ibidi_unicode_name(cp, name, IBIDI_UNICODE_MAX_NAME);
    uint32_t map[IBIDI_UNICODE_MAX_UTS46_MAPPING], dm[IBIDI_UNICODE_MAX_DECOMPOSITION];
    ibidi_unicode_sc scx[64];
    ibidi_unicode_dt dt;
    size_t nd = ibidi_unicode_decomposition(cp, dm, IBIDI_UNICODE_MAX_DECOMPOSITION, &dt);
    size_t nscx = ibidi_unicode_script_extensions(cp, scx, 64);
    size_t nshown = display_form(cp, shown);
    ibidi_unicode_uts46 st = ibidi_unicode_uts46_status(cp);
    size_t nmap = ibidi_unicode_uts46_mapping(cp, map, IBIDI_UNICODE_MAX_UTS46_MAPPING);
    ibidi_unicode_idna2008 i8 = ibidi_unicode_uts46_idna2008(cp);

    cli_put_cp(stdout, cp);
    if (nlen)
        printf(" %.*s\n", (int)nlen, name);
    else
        printf(" <%s-%04X>\n", label_kind(cp) ? label_kind(cp) : "unnamed", (unsigned)cp);
    if (nshown)
        printf("  %-28s %.*s\n", "character", (int)nshown, shown);
    printf("  %-28s %s\n", "General_Category",
           ibidi_unicode_gc_name(ibidi_unicode_general_category(cp)));
    printf("  %-28s %s\n", "Bidi_Class",
           ibidi_unicode_bidi_class_name(ibidi_unicode_bidi_class(cp)));
    printf("  %-28s %u\n", "Canonical_Combining_Class",
           (unsigned)ibidi_unicode_combining_class(cp));
    printf("  %-28s %s (%s)\n", "Script", ibidi_unicode_script_name(ibidi_unicode_script(cp)),
           ibidi_unicode_script_long_name(ibidi_unicode_script(cp)));
    printf("  %-28s", "Script_Extensions");
    for (size_t i = 0; i < nscx && i < 64; i++)
        printf(" %s", ibidi_unicode_script_name(scx[i]));
    printf("\n  %-28s %s\n", "Joining_Type",
           ibidi_unicode_joining_type_name(ibidi_unicode_joining_type(cp)));
    printf("  %-28s %s\n", "Bidi_Mirrored", ibidi_unicode_bidi_mirrored(cp) ? "Yes" : "No");
    printf("  %-28s ", "Bidi_Mirroring_Glyph");
    if (ibidi_unicode_mirroring_glyph(cp) != cp)
        cli_put_cp(stdout, ibidi_unicode_mirroring_glyph(cp));
    else
        fputs("none", stdout);
    printf("\n  %-28s %s\n", "Bidi_Paired_Bracket_Type",
           ibidi_unicode_bracket_type_name(ibidi_unicode_bracket_type(cp)));
    printf("  %-28s ", "Bidi_Paired_Bracket");
    if (ibidi_unicode_paired_bracket(cp) != cp)
        cli_put_cp(stdout, ibidi_unicode_paired_bracket(cp));
    else
        fputs("none", stdout);
    printf("\n  %-28s ", "Decomposition");
    if (nd) {
        printf("<%s> ", ibidi_unicode_decomposition_type_name(dt));
        cli_put_cps(stdout, dm, nd);
    } else {
        fputs("none", stdout);
    }
    printf("\n  %-28s %s\n", "Default_Ignorable_Code_Point",
           ibidi_unicode_default_ignorable(cp) ? "Yes" : "No");
    printf("  %-28s %s\n", "Noncharacter_Code_Point",
           ibidi_unicode_noncharacter(cp) ? "Yes" : "No");
    printf("  %-28s %s", "UTS46", ibidi_unicode_uts46_status_name(st));
    if (st == IBIDI_UNICODE_UTS46_MAPPED || st == IBIDI_UNICODE_UTS46_DEVIATION) {
        fputs(" -> ", stdout);
        if (nmap)
            cli_put_cps(stdout, map, nmap);
        else
            fputs("(nothing)", stdout);
    }
    if (i8 != IBIDI_UNICODE_UTS46_IDNA2008_NONE)
        printf(" (%s)", i8 == IBIDI_UNICODE_UTS46_IDNA2008_NV8 ? "NV8" : "XV8");
    fputc('\n', stdout);
    printf("  %-28s %s\n", "IDNA2008 (RFC 5892)",
           ibidi_idna_property_name(ibidi_idna_property_of(cp)));
}

/* A code point as a JSON string, "U+XXXX" (cli_put_cp's form). */
static void json_cp(cli_jw *w, const char *key, uint32_t v)
{
    char u[16];
    snprintf(u, sizeof u, "U+%04X", (unsigned)v);
    cli_jw_cstr(w, key, u);
}

/* The same, or null when v is cp itself (no mirroring glyph, no paired bracket). */
static void json_cp_or_null(cli_jw *w, const char *key, uint32_t v, uint32_t cp)
{
    if (v == cp)
        cli_jw_null(w, key);
    else
        json_cp(w, key, v);
}

static void json_cp_array(cli_jw *w, const char *key, const uint32_t *cps, size_t n)
{
    cli_jw_array(w, key);
    for (size_t i = 0; i < n; i++)
        json_cp(w, NULL, cps[i]);
    cli_jw_close(w);
}

/* One code point: an object in the record's "code_points" array. */
static void print_json(cli_jw *w, uint32_t cp)
{
    char name[IBIDI_UNICODE_MAX_NAME + 1], utf8[4], label[48];
    size_t nlen = ibidi_unicode_name(cp, name, IBIDI_UNICODE_MAX_NAME);
    size_t nutf8 = ibidi_utf8_encode_cp(cp, utf8);
    uint32_t map[IBIDI_UNICODE_MAX_UTS46_MAPPING], dm[IBIDI_UNICODE_MAX_DECOMPOSITION];
    ibidi_unicode_sc scx[64];
    ibidi_unicode_dt dt;
    size_t nd = ibidi_unicode_decomposition(cp, dm, IBIDI_UNICODE_MAX_DECOMPOSITION, &dt);
    size_t nscx = ibidi_unicode_script_extensions(cp, scx, 64);
    ibidi_unicode_uts46 st = ibidi_unicode_uts46_status(cp);
    size_t nmap = ibidi_unicode_uts46_mapping(cp, map, IBIDI_UNICODE_MAX_UTS46_MAPPING);
    ibidi_unicode_idna2008 i8 = ibidi_unicode_uts46_idna2008(cp);

    cli_jw_object(w, NULL);
    json_cp(w, "cp", cp);
    if (nutf8)
        cli_jw_str(w, "char", utf8, nutf8);
    else
        cli_jw_null(w, "char");
    cli_jw_str(w, "name", name, nlen);
    if (nlen) {
        cli_jw_null(w, "label");
    } else {
        /* the code point label of Unicode §4.8, as the text block writes it */
        snprintf(label, sizeof label, "<%s-%04X>", label_kind(cp) ? label_kind(cp) : "unnamed",
                 (unsigned)cp);
        cli_jw_cstr(w, "label", label);
    }
    cli_jw_cstr(w, "gc", ibidi_unicode_gc_name(ibidi_unicode_general_category(cp)));
    cli_jw_cstr(w, "bc", ibidi_unicode_bidi_class_name(ibidi_unicode_bidi_class(cp)));
    cli_jw_uint(w, "ccc", ibidi_unicode_combining_class(cp));
    cli_jw_cstr(w, "sc", ibidi_unicode_script_name(ibidi_unicode_script(cp)));
    cli_jw_array(w, "scx");
    for (size_t i = 0; i < nscx && i < 64; i++)
        cli_jw_cstr(w, NULL, ibidi_unicode_script_name(scx[i]));
    cli_jw_close(w);
    cli_jw_cstr(w, "jt", ibidi_unicode_joining_type_name(ibidi_unicode_joining_type(cp)));
    cli_jw_bool(w, "bidi_mirrored", ibidi_unicode_bidi_mirrored(cp));
    json_cp_or_null(w, "mirroring_glyph", ibidi_unicode_mirroring_glyph(cp), cp);
    cli_jw_cstr(w, "bpt", ibidi_unicode_bracket_type_name(ibidi_unicode_bracket_type(cp)));
    json_cp_or_null(w, "bpb", ibidi_unicode_paired_bracket(cp), cp);
    cli_jw_cstr(w, "dt", nd ? ibidi_unicode_decomposition_type_name(dt) : "none");
    json_cp_array(w, "dm", dm, nd);
    cli_jw_bool(w, "default_ignorable", ibidi_unicode_default_ignorable(cp));
    cli_jw_bool(w, "noncharacter", ibidi_unicode_noncharacter(cp));
    cli_jw_bool(w, "assigned", ibidi_unicode_assigned(cp));
    cli_jw_object(w, "uts46");
    cli_jw_cstr(w, "status", ibidi_unicode_uts46_status_name(st));
    json_cp_array(w, "mapping", map, nmap);
    cli_jw_cstr(w, "idna2008", i8 == IBIDI_UNICODE_UTS46_IDNA2008_NV8   ? "NV8"
                               : i8 == IBIDI_UNICODE_UTS46_IDNA2008_XV8 ? "XV8"
                                                                        : NULL);
    cli_jw_close(w);
    cli_jw_cstr(w, "rfc5892", ibidi_idna_property_name(ibidi_idna_property_of(cp)));
    cli_jw_close(w);
}

static void show(props_opts *o, uint32_t cp)
{
    if (o->json) {
        print_json(&o->w, cp);
        return;
    }
    if (o->printed)
        fputc('\n', stdout);
    o->printed = 1;
    print_text(cp);
}

static int props_one(props_opts *o, const char *item, size_t len, size_t itemno,
                     ibidi_error *err);

/* One record per item: in JSON {"input":...,"code_points":[...]} (or the error), in text
 * the blocks of its code points (or the error line). */
static int props_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    props_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("props", itemno, len, o->json);
    ibidi_error err = {IBIDI_OK, 0, 0};
    if (o->json) {
        /* the code points are checked before any is written, so a record is whole */
        cli_jw_begin(&o->w, stdout, CLI_IN_UTF8);
        cli_jw_input(&o->w, "input", item, len);
        cli_jw_array(&o->w, "code_points");
    }
    const int rc = props_one(o, item, len, itemno, &err);
    if (o->json) {
        cli_jw_close(&o->w); /* code_points: empty for an item not understood */
        if (rc != CLI_OK)
            cli_jw_error(&o->w, &err);
        cli_jw_end(&o->w);
    } else if (rc != CLI_OK) {
        if (o->printed)
            fputc('\n', stdout);
        o->printed = 1;
        cli_text_error(stdout, &err, err.status == IBIDI_E_CP_SYNTAX ||
                                         err.status == IBIDI_E_CP_TOO_LARGE ||
                                         err.status == IBIDI_OK
                                     ? NULL
                                     : "byte");
    }
    return rc;
}

static int props_one(props_opts *o, const char *item, size_t len, size_t itemno,
                     ibidi_error *errp)
{
    uint32_t lo, hi;
    const char *dots = len > 4 ? strstr(item, "..") : NULL;
    ibidi_error *const err = errp;

    if (len == 0) {
        err->status = IBIDI_E_CP_SYNTAX;
        fflush(stdout);
        fprintf(stderr,
                "ibidi props: item %zu: empty: give a character, U+XXXX or U+XXXX..U+YYYY\n",
                itemno);
        return CLI_INVALID;
    }
    /* U+XXXX..U+YYYY: an inclusive range. */
    if (dots && dots < item + len && cli_parse_u_notation(item, (size_t)(dots - item), &lo) &&
        cli_parse_u_notation(dots + 2, len - (size_t)(dots + 2 - item), &hi)) {
        if (lo > hi) { /* U+0669..U+0660: the same range, written the other way round */
            const uint32_t t = lo;
            lo = hi;
            hi = t;
        }
        if (lo > 0x10FFFF || hi > 0x10FFFF) {
            err->status = IBIDI_E_CP_TOO_LARGE;
            err->value = hi;
            cli_report("props", itemno, "range", err, NULL);
            return CLI_INVALID;
        }
        for (uint32_t cp = lo;; cp++) {
            show(o, cp);
            if (cp == hi)
                break;
        }
        return CLI_OK;
    }
    if (cli_parse_u_notation(item, len, &lo)) {
        if (lo > 0x10FFFF) {
            err->status = IBIDI_E_CP_TOO_LARGE;
            err->value = lo;
            cli_report("props", itemno, "code point", err, NULL);
            return CLI_INVALID;
        }
        show(o, lo);
        return CLI_OK;
    }
    if ((item[0] == 'U' || item[0] == 'u') && len > 1 && item[1] == '+') {
        err->status = IBIDI_E_CP_SYNTAX;
        cli_report("props", itemno, "code point", err, NULL);
        return CLI_INVALID;
    }
    /* Anything else is text: every code point of it, after checking the whole item. */
    if (ibidi_utf8_validate(item, len, NULL, err) != IBIDI_OK) {
        cli_report("props", itemno, "text", err, "byte");
        return CLI_INVALID;
    }
    for (size_t pos = 0; pos < len;) {
        uint32_t cp;
        ibidi_utf8_next(item, len, &pos, &cp, NULL);
        show(o, cp);
    }
    return CLI_OK;
}

static int props_run(int argc, char **argv)
{
    props_opts o = {0};
    cli_args a;
    cli_arg x;
    int r;
    cli_args_init(&a, "props", argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0)
        if (x.id == CLI_OPT_JSON)
            o.json = 1;
    if (r < 0)
        return CLI_USAGE;
    return cli_for_each_item(argc, argv, a.i, props_item, &o);
}

const cli_command cli_cmd_props = {
    "props",
    "the Unicode 17.0 properties of characters",
    "usage: ibidi props [--json] [CHAR | U+XXXX | U+XXXX..U+YYYY | TEXT ...]\n"
    "\n"
    "Prints, for each code point, its name, General_Category, Bidi_Class,\n"
    "Canonical_Combining_Class, Script and Script_Extensions, Joining_Type, mirroring\n"
    "glyph and bracket data, decomposition, Default_Ignorable_Code_Point,\n"
    "Noncharacter_Code_Point, UTS #46 status and mapping, and the RFC 5892 derived\n"
    "property. An item is a code point (U+05D0), an inclusive range (U+0600..U+0605,\n"
    "either way round) or text, whose every code point is shown. Without items, one item\n"
    "per line is read from standard input. An item not understood gives the line\n"
    "\"error: STATUS\" (at byte N for text) in its place.\n"
    "\n"
    "  --json   one JSON object per item and line (JSON Lines): {\"input\", \"code_points\":\n"
    "           [one object per code point]}, or for an item not understood {\"input\",\n"
    "           \"code_points\": [], \"error\": {\"status\", \"offset\", \"message\"}}\n"
    "\n"
    "Exit status: 0 when every item was understood, 1 otherwise (ill-formed UTF-8,\n"
    "value above U+10FFFF), 2 for a usage error.\n",
    props_run, 0,
    NULL,
};
