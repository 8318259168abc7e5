/* ibidi lgr: registry policy as Label Generation Rulesets (RFC 7940): a label's
 * eligibility and disposition with the action that decided it, its variant labels with
 * theirs, its index label, and what an LGR document holds. All of it is the library's
 * (ibidi/lgr.h); this file reads arguments and writes records. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

enum { SUB_CHECK, SUB_VARIANTS, SUB_INDEX, SUB_INFO };

/* The variants one label lists by default in `lgr check` (`lgr variants` lists them all
 * unless --max-variants says otherwise): enough for every label of the root zone LGRs'
 * Arabic and Hebrew scripts, few enough to read. */
#define CHECK_MAX_VARIANTS 1000

typedef struct lgr_opts {
    const char *cmd;
    int sub;
    const char *lgr_path;
    const char *set_path;
    ibidi_lgr *lgr;
    ibidi_lgr *common;
    uint64_t max_variants; /* 0: no bound */
    unsigned flags;        /* IBIDI_LGR_INCLUDE_INVALID */
    int list_variants;
    int json;
} lgr_opts;

/* A code point sequence as UTF-8: escaped on a text line (cli_put_escaped). */
static void put_cps_utf8(FILE *f, const uint32_t *cps, size_t n)
{
    char buf[IBIDI_LGR_MAX_INDEX * 4];
    ibidi_buf enc = {buf, sizeof buf, 0};
    size_t len = ibidi_utf8_encode(cps, n, &enc, NULL) == IBIDI_OK ? enc.len : 0;
    cli_put_escaped(f, buf, len);
}

/* The same as a JSON string member (the one escaping rule of cli.h). */
static void jw_cps(cli_jw *w, const char *key, const uint32_t *cps, size_t n)
{
    char buf[IBIDI_LGR_MAX_INDEX * 4];
    ibidi_buf enc = {buf, sizeof buf, 0};
    size_t len = ibidi_utf8_encode(cps, n, &enc, NULL) == IBIDI_OK ? enc.len : 0;
    cli_jw_str(w, key, buf, len);
}

/* The variant types of the bit set `types`, by name, as a JSON array. */
static void jw_types(cli_jw *w, const char *key, const ibidi_lgr_info *info, uint64_t types)
{
    cli_jw_array(w, key);
    for (size_t i = 0; i < info->n_variant_types && i < 64; i++)
        if (types >> i & 1)
            cli_jw_cstr(w, NULL, info->variant_types[i]);
    cli_jw_close(w);
}

static void text_types(FILE *f, const ibidi_lgr_info *info, uint64_t types)
{
    int first = 1;
    for (size_t i = 0; i < info->n_variant_types && i < 64; i++)
        if (types >> i & 1) {
            if (!first)
                fputc(',', f);
            first = 0;
            fputs(info->variant_types[i], f);
        }
    if (first)
        fputc('-', f);
}

/* ---- Variants ---------------------------------------------------------------------------- */

typedef struct var_out {
    const lgr_opts *o;
    const ibidi_lgr_info *info;
    cli_jw *w; /* the record's JSON writer; NULL for text */
} var_out;

static int put_variant(const ibidi_lgr_variant *v, void *ctx)
{
    var_out *vo = ctx;
    FILE *f = stdout;
    cli_jw *w = vo->w;
    if (w) {
        cli_jw_object(w, NULL);
        jw_cps(w, "label", v->cps, v->n);
        cli_jw_cstr(w, "disposition", v->disposition);
        jw_types(w, "types", vo->info, v->types);
        cli_jw_bool(w, "only_variants", v->only_variants);
        if (v->action != IBIDI_LGR_NO_ACTION)
            cli_jw_uint(w, "action", v->action);
        else /* RFC 7940 §8.3 step 1: out of the repertoire or of its context */
            cli_jw_null(w, "action");
        cli_jw_bool(w, "default_action", v->default_action);
        cli_jw_cstr(w, "rule", v->rule);
        cli_jw_bool(w, "conflict", v->conflict);
        cli_jw_close(w);
    } else {
        fputs("variant\t", f);
        put_cps_utf8(f, v->cps, v->n);
        fprintf(f, "\t%s\t", v->disposition ? v->disposition : "-");
        text_types(f, vo->info, v->types);
        if (v->conflict) /* RFC 7940 §8.4 */
            fputs("\tconflict: listed above with another disposition", f);
        fputc('\n', f);
    }
    return 0;
}

/* The variant list of an eligible label: the JSON members (w) or the text lines (w NULL). */
static ibidi_status put_variants(const lgr_opts *o, cli_jw *w, const uint32_t *cps, size_t n)
{
    const ibidi_lgr_info *info = ibidi_lgr_get_info(o->lgr);
    ibidi_lgr_variant_summary sum;
    var_out vo = {o, info, w};
    if (w)
        cli_jw_array(w, "variants");
    const ibidi_lgr_variant_options vopts = {o->flags, o->max_variants, put_variant, &vo};
    ibidi_status st = ibidi_lgr_variants(o->lgr, cps, n, &vopts, &sum, NULL);
    if (w) {
        cli_jw_close(w);
        cli_jw_uint(w, "variant_estimate", sum.estimate);
        cli_jw_uint(w, "variants_generated", sum.generated);
        cli_jw_uint(w, "variants_listed", sum.reported);
        cli_jw_uint(w, "variants_invalid", sum.invalid);
        cli_jw_uint(w, "variants_duplicate", sum.duplicates);
        cli_jw_uint(w, "variants_conflicting", sum.conflicts);
        cli_jw_bool(w, "variants_cut", sum.cut);
    } else {
        fprintf(stdout,
                "variants\testimate %llu\tgenerated %llu\tlisted %llu\tinvalid %llu"
                "\tduplicate %llu\tconflicting %llu%s\n",
                (unsigned long long)sum.estimate, (unsigned long long)sum.generated,
                (unsigned long long)sum.reported, (unsigned long long)sum.invalid,
                (unsigned long long)sum.duplicates, (unsigned long long)sum.conflicts,
                sum.cut ? "\tcut by --max-variants" : "");
    }
    return st;
}

/* ---- One label --------------------------------------------------------------------------- */

/* The index label (RFC 7940 §8.5) under key: in JSON null and KEY_status when there is
 * none; on a text line "none (STATUS)". */
static void put_index(cli_jw *w, const char *key, const ibidi_lgr *lgr, const uint32_t *cps,
                      size_t n)
{
    uint32_t idx[IBIDI_LGR_MAX_INDEX];
    ibidi_buf32 index = {idx, IBIDI_LGR_MAX_INDEX, 0};
    ibidi_error e;
    ibidi_status st = ibidi_lgr_index_label(lgr, cps, n, &index, &e);
    const size_t m = index.len;
    if (w) {
        char status_key[32];
        if (st == IBIDI_OK) {
            jw_cps(w, key, idx, m);
        } else {
            cli_jw_null(w, key);
            snprintf(status_key, sizeof status_key, "%s_status", key);
            cli_jw_cstr(w, status_key, ibidi_status_name(st));
        }
    } else {
        fprintf(stdout, "%s\t", key);
        if (st == IBIDI_OK)
            put_cps_utf8(stdout, idx, m);
        else
            fprintf(stdout, "none (%s)", ibidi_status_name(st));
        fputc('\n', stdout);
    }
}

static int lgr_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const lgr_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long(o->cmd, itemno, len, o->json);
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
    ibidi_error err;
    ibidi_status st = ibidi_lgr_label_decode(item, len, &dec, &err);
    const size_t n = dec.len;
    if (st != IBIDI_OK) {
        cli_report(o->cmd, itemno, "cannot read the label", &err, "byte");
        cli_fail_record(stdout, o->json, item, len, &err, "byte");
        return CLI_INVALID;
    }
    ibidi_lgr_result r;
    st = ibidi_lgr_check(o->lgr, cps, n, &r, &err);
    if (st != IBIDI_OK) {
        cli_report(o->cmd, itemno, "cannot evaluate the label", &err, "index");
        cli_fail_record(stdout, o->json, item, len, &err, "index");
        return CLI_INVALID;
    }
    FILE *f = stdout;
    /* the record's JSON writer, or NULL for the text lines */
    cli_jw jw, *w = o->json ? &jw : NULL;
    if (w) {
        cli_jw_begin(w, f, CLI_IN_UTF8);
        cli_jw_input(w, "input", item, len);
        jw_cps(w, "label", cps, n);
        cli_jw_bool(w, "eligible", r.eligible);
    } else {
        fputs("label\t", f);
        put_cps_utf8(f, cps, n);
    }
    if (o->sub == SUB_INDEX) {
        if (!w)
            fputc('\n', f);
        if (r.eligible || r.status == IBIDI_E_LGR_INVALID_DISPOSITION) /* §8.1.1 */
            put_index(w, "index", o->lgr, cps, n);
        if (o->common)
            put_index(w, "common_index", o->common, cps, n);
        if (w)
            cli_jw_end(w);
        return r.eligible ? CLI_OK : CLI_INVALID;
    }
    const ibidi_lgr_info *info = ibidi_lgr_get_info(o->lgr);
    if (w) {
        char cp[16];
        if (!r.eligible) {
            cli_jw_object(w, "reason");
            cli_jw_cstr(w, "status", ibidi_status_name(r.status));
            if (r.status != IBIDI_E_LGR_INVALID_DISPOSITION) { /* else: the action below */
                cli_jw_uint(w, "offset", r.offset);
                snprintf(cp, sizeof cp, "U+%04X", (unsigned)r.cp);
                cli_jw_cstr(w, "cp", cp);
                cli_jw_cstr(w, "rule", r.context_rule);
            }
            cli_jw_cstr(w, "message", ibidi_strerror(r.status));
            cli_jw_close(w);
        }
        cli_jw_cstr(w, "disposition", r.disposition);
        if (r.action != IBIDI_LGR_NO_ACTION) {
            cli_jw_object(w, "action");
            cli_jw_uint(w, "index", r.action);
            cli_jw_bool(w, "default", r.default_action);
            cli_jw_cstr(w, "rule", r.rule);
            cli_jw_bool(w, "not_match", r.not_match);
            cli_jw_cstr(w, "comment", r.action_comment);
            cli_jw_close(w);
        } else {
            cli_jw_null(w, "action");
        }
        jw_types(w, "types", info, r.types);
    } else {
        fprintf(f, "\t%s", r.disposition ? r.disposition : "-");
        if (!r.eligible && r.status != IBIDI_E_LGR_INVALID_DISPOSITION) {
            fprintf(f, "\tnot eligible: %s at index %zu (U+%04X)", ibidi_status_name(r.status),
                    r.offset, (unsigned)r.cp);
            if (r.context_rule)
                fprintf(f, ", rule %s", r.context_rule);
        } else {
            if (!r.eligible)
                fprintf(f, "\tnot eligible: %s,", ibidi_status_name(r.status));
            fprintf(f, "\taction %zu%s", r.action, r.default_action ? " (default)" : "");
            if (r.rule)
                fprintf(f, " %s %s", r.not_match ? "not-match" : "match", r.rule);
            if (r.action_comment) {
                fputs(": ", f);
                cli_put_escaped(f, r.action_comment, strlen(r.action_comment));
            }
        }
        fputc('\n', f);
    }
    if (o->common) {
        ibidi_lgr_set_result sr;
        st = ibidi_lgr_set_check(o->lgr, o->common, cps, n, &sr, NULL);
        const int eligible = st == IBIDI_OK && sr.common_eligible;
        const int indexed = st == IBIDI_OK && sr.index_status == IBIDI_OK;
        if (w) {
            cli_jw_object(w, "set");
            cli_jw_bool(w, "common_eligible", eligible);
            if (indexed)
                jw_cps(w, "common_index", sr.index, sr.index_len);
            else
                cli_jw_null(w, "common_index");
            cli_jw_close(w);
        } else {
            fprintf(f, "common\t%s\t", eligible ? "eligible" : "not-eligible");
            if (indexed)
                put_cps_utf8(f, sr.index, sr.index_len);
            else
                fputc('-', f);
            fputc('\n', f);
        }
    }
    /* §8.1.1: a label an action makes invalid keeps its index label, and has no variants
       (§8.2 step 6) */
    if ((r.eligible || r.status == IBIDI_E_LGR_INVALID_DISPOSITION) && info->index_possible)
        put_index(w, "index", o->lgr, cps, n);
    if (r.eligible && o->list_variants)
        put_variants(o, w, cps, n);
    if (w)
        cli_jw_end(w);
    return r.registrable ? CLI_OK : CLI_INVALID;
}

/* ---- lgr info ---------------------------------------------------------------------------- */

static void info_line(const char *key, const char *v)
{
    if (!v)
        return;
    fprintf(stdout, "%s\t", key);
    cli_put_escaped(stdout, v, strlen(v));
    fputc('\n', stdout);
}

static int info_file(const lgr_opts *o, const char *path)
{
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    ibidi_status st = ibidi_lgr_load_file(path, NULL, &lgr, &d);
    FILE *f = stdout;
    if (st != IBIDI_OK) {
        fflush(stdout);
        fprintf(stderr, "ibidi %s: %s:%lu:%lu: %s [%s]\n", o->cmd, path, d.line, d.column,
                d.message, ibidi_status_name(st));
        if (o->json) {
            /* the place in the document, by line and column as well as by byte */
            cli_jw w;
            cli_jw_begin(&w, f, CLI_IN_UTF8);
            cli_jw_cstr(&w, "file", path);
            cli_jw_bool(&w, "valid", 0);
            cli_jw_object(&w, "error");
            cli_jw_cstr(&w, "status", ibidi_status_name(st));
            cli_jw_uint(&w, "line", d.line);
            cli_jw_uint(&w, "column", d.column);
            cli_jw_uint(&w, "offset", d.offset);
            cli_jw_cstr(&w, "message", d.message);
            cli_jw_end(&w);
        } else {
            fputs("file\t", f);
            cli_put_escaped(f, path, strlen(path));
            fprintf(f, "\ninvalid\t%s at line %lu column %lu: ", ibidi_status_name(st), d.line,
                    d.column);
            cli_put_escaped(f, d.message, strlen(d.message));
            fputc('\n', f);
        }
        return st == IBIDI_E_LGR_FILE ? CLI_USAGE : CLI_INVALID;
    }
    const ibidi_lgr_info *i = ibidi_lgr_get_info(lgr);
    if (o->json) {
        cli_jw w;
        cli_jw_begin(&w, f, CLI_IN_UTF8);
        cli_jw_cstr(&w, "file", path);
        cli_jw_bool(&w, "valid", 1);
        cli_jw_cstr(&w, "version", i->version);
        cli_jw_cstr(&w, "version_comment", i->version_comment);
        cli_jw_cstr(&w, "date", i->date);
        cli_jw_cstr(&w, "unicode_version", i->unicode_version);
        cli_jw_cstr(&w, "validity_start", i->validity_start);
        cli_jw_cstr(&w, "validity_end", i->validity_end);
        cli_jw_cstr(&w, "description_type", i->description_type);
        cli_jw_array(&w, "languages");
        for (size_t k = 0; k < i->n_languages; k++)
            cli_jw_cstr(&w, NULL, i->languages[k]);
        cli_jw_close(&w);
        cli_jw_array(&w, "scopes");
        for (size_t k = 0; k < i->n_scopes; k++)
            cli_jw_cstr(&w, NULL, i->scopes[k]);
        cli_jw_close(&w);
        cli_jw_array(&w, "references");
        for (size_t k = 0; k < i->n_references; k++) {
            cli_jw_object(&w, NULL);
            cli_jw_cstr(&w, "id", i->references[k].id);
            cli_jw_cstr(&w, "text", i->references[k].text);
            cli_jw_cstr(&w, "comment", i->references[k].comment);
            cli_jw_close(&w);
        }
        cli_jw_close(&w);
        cli_jw_uint(&w, "code_points", i->n_code_points);
        cli_jw_uint(&w, "sequences", i->n_sequences);
        cli_jw_uint(&w, "ranges", i->n_ranges);
        cli_jw_uint(&w, "variants", i->n_variants);
        cli_jw_uint(&w, "reflexive", i->n_reflexive);
        cli_jw_uint(&w, "classes", i->n_classes);
        cli_jw_uint(&w, "rules", i->n_rules);
        cli_jw_uint(&w, "actions", i->n_actions);
        cli_jw_uint(&w, "tags", i->n_tags);
        cli_jw_array(&w, "variant_types");
        for (size_t k = 0; k < i->n_variant_types; k++)
            cli_jw_cstr(&w, NULL, i->variant_types[k]);
        cli_jw_close(&w);
        cli_jw_bool(&w, "symmetric", i->symmetric);
        cli_jw_bool(&w, "transitive", i->transitive);
        cli_jw_bool(&w, "index_possible", i->index_possible);
        cli_jw_end(&w);
    } else {
        fputs("file\t", f);
        cli_put_escaped(f, path, strlen(path));
        fputc('\n', f);
        info_line("version", i->version);
        info_line("version-comment", i->version_comment);
        info_line("date", i->date);
        for (size_t k = 0; k < i->n_languages; k++)
            info_line("language", i->languages[k]);
        for (size_t k = 0; k < i->n_scopes; k++)
            info_line("scope", i->scopes[k]);
        info_line("unicode-version", i->unicode_version);
        info_line("validity-start", i->validity_start);
        info_line("validity-end", i->validity_end);
        fprintf(f, "references\t%zu\ncode-points\t%zu\nsequences\t%zu\nranges\t%zu\n"
                   "variants\t%zu\nreflexive\t%zu\nclasses\t%zu\nrules\t%zu\nactions\t%zu\n"
                   "tags\t%zu\nvariant-types\t",
                i->n_references, i->n_code_points, i->n_sequences, i->n_ranges, i->n_variants,
                i->n_reflexive, i->n_classes, i->n_rules, i->n_actions, i->n_tags);
        for (size_t k = 0; k < i->n_variant_types; k++)
            fprintf(f, "%s%s", k ? " " : "", i->variant_types[k]);
        fprintf(f, "\nsymmetric\t%s\ntransitive\t%s\nindex-label\t%s\n",
                i->symmetric ? "yes" : "no", i->transitive ? "yes" : "no",
                i->index_possible ? "possible" : "not possible (RFC 7940 §8.5)");
    }
    ibidi_lgr_free(lgr);
    return CLI_OK;
}

/* ---- Arguments ---------------------------------------------------------------------------- */

static int load(const char *cmd, const char *path, ibidi_lgr **out)
{
    ibidi_lgr_diag d;
    ibidi_status st = ibidi_lgr_load_file(path, NULL, out, &d);
    if (st == IBIDI_OK)
        return CLI_OK;
    fflush(stdout);
    fprintf(stderr, "ibidi %s: %s:%lu:%lu: %s [%s]\n", cmd, path, d.line, d.column, d.message,
            ibidi_status_name(st));
    return CLI_USAGE;
}

static int lgr_run(int argc, char **argv)
{
    lgr_opts o;
    memset(&o, 0, sizeof o);
    o.cmd = "lgr";
    if (argc < 2)
        return cli_usage_error("lgr", "which one: check, variants, index or info?");
    static const char *const subs[] = {"check", "variants", "index", "info"};
    static const char *const names[] = {"lgr check", "lgr variants", "lgr index", "lgr info"};
    int sub = 0;
    while (sub < 4 && strcmp(argv[1], subs[sub]) != 0)
        sub++;
    if (sub == 4)
        return cli_usage_error("lgr", "unknown subcommand '%s': check, variants, index or info",
                               argv[1]);
    o.sub = sub;
    o.cmd = names[sub];
    o.list_variants = sub == SUB_CHECK || sub == SUB_VARIANTS;
    o.max_variants = sub == SUB_CHECK ? CHECK_MAX_VARIANTS : 0;
    cli_args a;
    cli_arg x;
    int r;
    cli_args_init(&a, o.cmd, argc, argv, 2);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON: o.json = 1; break;
        case CLI_OPT_LGR: o.lgr_path = x.value; break;
        case CLI_OPT_SET: o.set_path = x.value; break;
        case CLI_OPT_MAX_VARIANTS: {
            unsigned long long m;
            if (cli_args_number(&a, &x, 0, ULLONG_MAX, &m) < 0) /* 0: no bound */
                return CLI_USAGE;
            o.max_variants = m;
            break;
        }
        case CLI_OPT_INCLUDE_INVALID: o.flags |= IBIDI_LGR_INCLUDE_INVALID; break;
        case CLI_OPT_NO_VARIANTS: o.list_variants = 0; break;
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    int i = a.i;
    if (sub == SUB_INFO) {
        if (i >= argc)
            return cli_usage_error(o.cmd, "which LGR file?");
        int worst = CLI_OK;
        for (; i < argc; i++) {
            int rc = info_file(&o, argv[i]);
            if (rc > worst)
                worst = rc;
        }
        return worst;
    }
    if (!o.lgr_path)
        return cli_usage_error(o.cmd, "--lgr FILE is needed: the LGR to apply");
    int rc = load(o.cmd, o.lgr_path, &o.lgr);
    if (rc == CLI_OK && o.set_path)
        rc = load(o.cmd, o.set_path, &o.common);
    if (rc == CLI_OK)
        rc = cli_for_each_item(argc, argv, i, lgr_item, &o);
    ibidi_lgr_free(o.lgr);
    ibidi_lgr_free(o.common);
    return rc;
}

const cli_command cli_cmd_lgr = {
    "lgr",
    "registry policy: a label under a Label Generation Ruleset (RFC 7940)",
    "usage: ibidi lgr check --lgr FILE [--set COMMON] [--json] [--max-variants N]\n"
    "                       [--include-invalid] [--no-variants] [LABEL...]\n"
    "       ibidi lgr variants --lgr FILE [--json] [--max-variants N] [--include-invalid]\n"
    "                       [LABEL...]\n"
    "       ibidi lgr index --lgr FILE [--set COMMON] [--json] [LABEL...]\n"
    "       ibidi lgr info [--json] FILE...\n"
    "\n"
    "Applies a registry's Label Generation Ruleset (RFC 7940 XML) to labels (U-labels or\n"
    "A-labels; one per line on standard input when none are given), as RFC 7940 §8 says:\n"
    "  check     eligibility (repertoire and context rules, and no action that makes the\n"
    "            label invalid), the disposition with the action and rule that decided\n"
    "            it, the index label, and the variant labels with their dispositions (at\n"
    "            most 1000 unless --max-variants says): over every division of the label\n"
    "            into repertoire entries, each variant judged as a label of its own and\n"
    "            listed once (\"conflict\" marks one derived again with another\n"
    "            disposition, an error of the LGR, RFC 7940 §8.4)\n"
    "  variants  the variant labels alone (no bound unless --max-variants says)\n"
    "  index     the index label (RFC 7940 §8.5): labels with the same one are variants\n"
    "            of each other and collide\n"
    "  info      what an LGR document says and holds, and its checks (symmetric and\n"
    "            transitive variants; whether index labels exist)\n"
    "\n"
    "  --lgr FILE          the LGR (for the root zone: an element LGR such as Arabic)\n"
    "  --set COMMON        the common LGR of its set: its index label finds collisions\n"
    "                      with labels of other scripts (root zone procedure)\n"
    "  --max-variants N    generate at most N variant permutations (0: no bound); the\n"
    "                      summary says when the bound cut the list\n"
    "  --include-invalid   also list variants whose disposition is invalid\n"
    "  --no-variants       check: no variant list\n"
    "  --json              one JSON object per label\n"
    "\n"
    "Text output, one record per label: a line \"label LABEL DISPOSITION ...\", then\n"
    "\"common\", \"index\" and \"variant LABEL DISPOSITION TYPES\" lines and a \"variants\"\n"
    "summary line (tab-separated). Exit status: 0 when every label is eligible and\n"
    "neither invalid nor blocked, 1 otherwise, 2 for usage errors or an LGR that cannot be\n"
    "read or is not a valid RFC 7940 document (lgr info: 1 for an invalid document).\n",
    lgr_run, 1,
    NULL,
};
