/*
 * How to show an identifier (ibidi/show.h): the policies, the checks no other capability
 * makes, and the decision, label by label, built on the calls that make the verdict's
 * findings (IDNA's ToASCII and ToUnicode, the script policy, the look-alikes, Badami's
 * analysis and the twin search, the display).
 *
 * The record's parts go to the caller's buffer as the verdict's do (common/arena.h): the
 * labels and then the reasons from the bottom, the texts from the top. The steps' state
 * is in the work area (work_layout), so that the frames here stay small while IDNA, the
 * twin search and the display run below them.
 */
#include <string.h>

#include "common/arena.h"
#include "common/internal.h"
#include "confusable/confusable_internal.h"
#include "display/display_internal.h"
#include "ibidi/ambiguity.h"
#include "ibidi/confusable.h"
#include "ibidi/display.h"
#include "ibidi/normalize.h"
#include "ibidi/punycode.h"
#include "ibidi/show.h"
#include "ibidi/utf8.h"
#include "ambiguity/ambiguity_internal.h"
#include "idna/idna_internal.h"
#include "show/show_internal.h"
#include "unicode/utf8_internal.h"
#include "uts39/uts39_internal.h"

/* ---- Policies --------------------------------------------------------------------------- */

#define LABEL_CHECKS                                                                          \
    (IBIDI_SHOW_CHECK_IDENTIFIER_STATUS | IBIDI_SHOW_CHECK_RESTRICTION |                      \
     IBIDI_SHOW_CHECK_MIXED_NUMBERS | IBIDI_SHOW_CHECK_MIXED_SCRIPT |                         \
     IBIDI_SHOW_CHECK_WHOLE_SCRIPT | IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN |                    \
     IBIDI_SHOW_CHECK_MARKS | IBIDI_SHOW_CHECK_DIGIT_LOOKALIKE |                              \
     IBIDI_SHOW_CHECK_NON_ASCII_LATIN | IBIDI_SHOW_CHECK_DEVIATION | IBIDI_SHOW_CHECK_SCRIPTS | \
     IBIDI_SHOW_CHECK_IDNA2008)

/* Each policy's checks. The default has every check of the three browsers' and the bidi
 * ones (the Bidi Rule across labels is IDNA's, in the validity); the presets have the
 * checks their sources make (docs/show.md lists what each leaves out). */
unsigned ibidi_show_policy_checks(ibidi_show_policy policy)
{
    switch (policy) {
    case IBIDI_SHOW_POLICY_DEFAULT:
        return LABEL_CHECKS | IBIDI_SHOW_CHECK_TWINS | IBIDI_SHOW_CHECK_PROTECTED |
               IBIDI_SHOW_CHECK_PROTECTED_BIDI | IBIDI_SHOW_REMOVE_DIACRITICS;
    case IBIDI_SHOW_POLICY_CHROMIUM: /* idn_spoof_checker.cc: ICU's checks at the highly
                                        restrictive level, then its own, per label; the
                                        top domains' skeletons without diacritics */
        return IBIDI_SHOW_CHECK_IDENTIFIER_STATUS | IBIDI_SHOW_CHECK_RESTRICTION |
               IBIDI_SHOW_CHECK_MIXED_NUMBERS | IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN |
               IBIDI_SHOW_CHECK_MARKS | IBIDI_SHOW_CHECK_DIGIT_LOOKALIKE |
               IBIDI_SHOW_CHECK_NON_ASCII_LATIN | IBIDI_SHOW_CHECK_DEVIATION |
               IBIDI_SHOW_CHECK_IDNA2008 | IBIDI_SHOW_CHECK_PROTECTED |
               IBIDI_SHOW_REMOVE_DIACRITICS | IBIDI_SHOW_BIDI_PER_LABEL;
    case IBIDI_SHOW_POLICY_FIREFOX: /* nsIDNService.cpp, IsLabelSafe, per label; its block
                                       list of punctuation as IDNA2008's exclusions */
        return IBIDI_SHOW_CHECK_IDENTIFIER_STATUS | IBIDI_SHOW_ALLOW_LIMITED_USE |
               IBIDI_SHOW_CHECK_RESTRICTION | IBIDI_SHOW_CHECK_MIXED_NUMBERS |
               IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN | IBIDI_SHOW_CHECK_MARKS |
               IBIDI_SHOW_CHECK_DIGIT_LOOKALIKE | IBIDI_SHOW_DIGITS_WITH_ASCII |
               IBIDI_SHOW_CHECK_IDNA2008;
    case IBIDI_SHOW_POLICY_WEBKIT: /* URLHelpers.cpp, mapHostName: the whole host, the URL
                                      Standard's hosts, scripts rather than characters */
        return IBIDI_SHOW_CHECK_IDENTIFIER_STATUS | IBIDI_SHOW_ALLOW_LIMITED_USE |
               IBIDI_SHOW_CHECK_SCRIPTS | IBIDI_SHOW_CHECK_MIXED_SCRIPT | IBIDI_SHOW_MIXED_ADJACENT |
               IBIDI_SHOW_CHECK_MARKS | IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN |
               IBIDI_SHOW_WHOLE_NAME | IBIDI_SHOW_URL_HOST;
    }
    return 0;
}

static const char *const policy_names[] = {"default", "chromium", "firefox", "webkit"};

const char *ibidi_show_policy_name(ibidi_show_policy policy)
{
    return (unsigned)policy < 4 ? policy_names[policy] : NULL;
}

int ibidi_show_policy_from_name(const char *name, size_t len)
{
    for (int i = 0; name && i < 4; i++)
        if (strlen(policy_names[i]) == len && memcmp(policy_names[i], name, len) == 0)
            return i;
    return -1;
}

const char *ibidi_show_as_name(ibidi_show_as as)
{
    static const char *const names[] = {"ascii", "unicode", "a-label", "encoded"};
    return (unsigned)as < 4 ? names[as] : NULL;
}

/* ---- The work area ---------------------------------------------------------------------- */

/* The Unicode and ASCII forms of a host of up to IBIDI_SHOW_MAX_BYTES bytes: UTS #46 maps a
 * byte to at most 18 bytes (U+FDFA); past that the host is refused as too long. */
#define FORM_MAX (18 * IBIDI_SHOW_MAX_BYTES)
/* The labels of a host: at most one a byte, and the root's. */
#define LABELS_MAX (IBIDI_SHOW_MAX_BYTES / 2 + 2)
/* The components of an identifier (ibidi_iri_parse: len + 2 always suffice). */
#define COMPS_MAX (IBIDI_SHOW_MAX_BYTES + 2)
/* A label's code points, and its NFD (a code point decomposes to at most 4 canonically in
 * the labels IDNA lets through; the marks check reads 4 each). */
#define LABEL_CPS_MAX 256

typedef struct lspan {
    size_t u, u_len; /* the label in the Unicode form */
    size_t a, a_len; /* in the ASCII form */
    size_t in, in_len; /* in the input */
    size_t t, t_len;   /* in the text shown */
} lspan;

typedef struct work {
    char *uform, *aform, *text, *scratch; /* FORM_MAX each; text: the string shown */
    lspan *spans;                        /* LABELS_MAX */
    uint32_t *cps;                       /* a label's code points (LABEL_CPS_MAX), then the
                                            marks on one base (LABEL_CPS_MAX) */
    size_t *at;                          /* each code point's byte offset in the label, and
                                            the label's length after the last */
    size_t *first, *count;               /* each label's reasons (LABELS_MAX) */
    ibidi_iri_component *comps;          /* the text's labels, for the display, or an IRI's or
                                            a mail address's components (COMPS_MAX) */
    char *whole;                         /* the identifier's Unicode form (FORM_MAX) */
    uint8_t *hidden;                     /* a label's reasons hide it (LABELS_MAX) */
    void *shared;                        /* IDNA's, the twin search's or the display's */
    size_t shared_size;
    size_t total;
} work;

static size_t ambiguity_work(size_t len, unsigned checks)
{
    (void)len;
    return (checks & IBIDI_SHOW_CHECK_TWINS)
               ? ibidi_ambiguity_work_size(IBIDI_SHOW_MAX_BYTES, IBIDI_AMBIGUITY_EXACT |
                                                                       IBIDI_AMBIGUITY_RTL)
               : 0;
}

/* The area IDNA, the ambiguity analysis and the display take in turn. */
static size_t shared_work(size_t len, unsigned checks)
{
    size_t shared = ibidi_idna_work_size();
    const size_t amb = ambiguity_work(len, checks);
    const size_t disp = ibidi_display_work_size(IBIDI_SHOW_MAX_BYTES, 0);
    if (amb > shared)
        shared = amb;
    if (disp != SIZE_MAX && disp > shared)
        shared = disp;
    return shared;
}

static void work_layout(work *w, char *base, size_t shared)
{
    size_t at = 0;
    char **texts[4] = {&w->uform, &w->aform, &w->text, &w->scratch};
    for (int i = 0; i < 4; i++) {
        *texts[i] = base ? base + at : NULL;
        at += ibidi__arena_round(FORM_MAX);
    }
    w->spans = base ? (lspan *)(void *)(base + at) : NULL;
    at += ibidi__arena_round(LABELS_MAX * sizeof(lspan));
    w->cps = base ? (uint32_t *)(void *)(base + at) : NULL;
    at += ibidi__arena_round(2 * LABEL_CPS_MAX * sizeof(uint32_t));
    w->at = base ? (size_t *)(void *)(base + at) : NULL;
    at += ibidi__arena_round((LABEL_CPS_MAX + 1) * sizeof(size_t));
    w->first = base ? (size_t *)(void *)(base + at) : NULL;
    at += ibidi__arena_round(LABELS_MAX * sizeof(size_t));
    w->count = base ? (size_t *)(void *)(base + at) : NULL;
    at += ibidi__arena_round(LABELS_MAX * sizeof(size_t));
    w->hidden = base ? (uint8_t *)(base + at) : NULL;
    at += ibidi__arena_round(LABELS_MAX);
    w->comps = base ? (ibidi_iri_component *)(void *)(base + at) : NULL;
    at += ibidi__arena_round(COMPS_MAX * sizeof(ibidi_iri_component));
    w->whole = base ? base + at : NULL;
    at += ibidi__arena_round(FORM_MAX);
    w->shared = base ? base + at : NULL;
    w->shared_size = shared;
    at += ibidi__arena_round(shared);
    w->total = at + IBIDI__ARENA_ALIGN - 1;
}

static unsigned effective_checks(const ibidi_show_options *o)
{
    return (ibidi_show_policy_checks(o->policy) | o->add) & ~o->remove;
}

size_t ibidi_show_work_size(size_t len, const ibidi_show_options *opts)
{
    static const ibidi_show_options zero;
    const ibidi_show_options *o = opts ? opts : &zero;
    if ((unsigned)o->policy > IBIDI_SHOW_POLICY_WEBKIT)
        return SIZE_MAX;
    work w;
    work_layout(&w, NULL, shared_work(len, effective_checks(o)));
    return w.total;
}

/* ---- The built-in top-level domains ---------------------------------------------------- */

/* Country-code top-level domains and IDN ccTLDs whose registries write the country's
 * script (IANA's root zone database names each IDN ccTLD's script; the ASCII ccTLDs are
 * the same countries'), under which a label of that script is not judged a whole-script
 * confusable: ѕсоре.рф is Russian, not a Latin look-alike. */
#define CYRL IBIDI_UNICODE_SC_CYRL
#define GREK IBIDI_UNICODE_SC_GREK
static const ibidi_show_tld builtin_tlds[] = {
    {"ru", CYRL}, {"su", CYRL}, {"рф", CYRL}, {"by", CYRL}, {"бел", CYRL}, {"bg", CYRL},
    {"бг", CYRL}, {"kz", CYRL}, {"қаз", CYRL}, {"ua", CYRL}, {"укр", CYRL}, {"mk", CYRL},
    {"мкд", CYRL}, {"rs", CYRL}, {"срб", CYRL}, {"mn", CYRL}, {"мон", CYRL}, {"kg", CYRL},
    {"tj", CYRL}, {"gr", GREK}, {"ελ", GREK}, {"cy", GREK}, {"ευ", GREK},
    {"il", IBIDI_UNICODE_SC_HEBR}, {"ישראל", IBIDI_UNICODE_SC_HEBR},
    {"am", IBIDI_UNICODE_SC_ARMN}, {"հայ", IBIDI_UNICODE_SC_ARMN},
    {"ge", IBIDI_UNICODE_SC_GEOR}, {"გე", IBIDI_UNICODE_SC_GEOR},
    {"th", IBIDI_UNICODE_SC_THAI}, {"ไทย", IBIDI_UNICODE_SC_THAI},
    {"la", IBIDI_UNICODE_SC_LAOO}, {"ລາວ", IBIDI_UNICODE_SC_LAOO},
    {"et", IBIDI_UNICODE_SC_ETHI}, {"er", IBIDI_UNICODE_SC_ETHI},
    {"ኢትዮጵያ", IBIDI_UNICODE_SC_ETHI}, {"mm", IBIDI_UNICODE_SC_MYMR},
    {"မြန်မာ", IBIDI_UNICODE_SC_MYMR}, {"in", IBIDI_UNICODE_SC_DEVA},
    {"भारत", IBIDI_UNICODE_SC_DEVA}, {"भारतम्", IBIDI_UNICODE_SC_DEVA},
    {"np", IBIDI_UNICODE_SC_DEVA}, {"bd", IBIDI_UNICODE_SC_BENG},
    {"বাংলা", IBIDI_UNICODE_SC_BENG}, {"ভারত", IBIDI_UNICODE_SC_BENG},
    {"lk", IBIDI_UNICODE_SC_SINH}, {"ලංකා", IBIDI_UNICODE_SC_SINH},
    {"இலங்கை", IBIDI_UNICODE_SC_TAML}, {"இந்தியா", IBIDI_UNICODE_SC_TAML},
    {"kh", IBIDI_UNICODE_SC_KHMR}, {"mv", IBIDI_UNICODE_SC_THAA},
    {"kr", IBIDI_UNICODE_SC_HANG}, {"한국", IBIDI_UNICODE_SC_HANG},
    {"eg", IBIDI_UNICODE_SC_ARAB}, {"مصر", IBIDI_UNICODE_SC_ARAB},
    {"sa", IBIDI_UNICODE_SC_ARAB}, {"السعودية", IBIDI_UNICODE_SC_ARAB},
    {"ae", IBIDI_UNICODE_SC_ARAB}, {"امارات", IBIDI_UNICODE_SC_ARAB},
    {"ir", IBIDI_UNICODE_SC_ARAB}, {"ایران", IBIDI_UNICODE_SC_ARAB},
    {"ma", IBIDI_UNICODE_SC_ARAB}, {"المغرب", IBIDI_UNICODE_SC_ARAB},
    {"qa", IBIDI_UNICODE_SC_ARAB}, {"قطر", IBIDI_UNICODE_SC_ARAB},
    {"jo", IBIDI_UNICODE_SC_ARAB}, {"الاردن", IBIDI_UNICODE_SC_ARAB},
    {"pk", IBIDI_UNICODE_SC_ARAB}, {"پاکستان", IBIDI_UNICODE_SC_ARAB},
};
#undef CYRL
#undef GREK

const ibidi_show_tld *ibidi_show_tlds(size_t *n)
{
    if (n)
        *n = sizeof builtin_tlds / sizeof builtin_tlds[0];
    return builtin_tlds;
}

/* ---- One decision ------------------------------------------------------------------------ */

typedef struct run {
    const char *s; /* the input */
    size_t len;
    const ibidi_show_options *o;
    unsigned checks;
    ibidi_show *r;
    ibidi__arena a;
    work w;
    ibidi_idna_options idna;
    /* the host */
    size_t host, host_len; /* in the input, the root label set aside */
    int root;              /* a root label was set aside */
    size_t ulen, alen, n;  /* the forms' lengths, the labels */
    int same_labels;       /* the input's labels are the forms' (no join or split) */
    int valid_forms;       /* the Unicode form was made */
    int ascii_deferred;    /* the ASCII form is still to make (see ensure_ascii) */
    ibidi_show_label *labels; /* in the caller's buffer, or NULL when it is too small */
    int name_hidden;       /* a reason on the whole name */
    int bidi;              /* the Unicode form holds R, AL or AN */
    size_t label;          /* the label the sink is on */
    size_t n_cps;          /* its code points (the work area's cps) */
    size_t whole_len;      /* the identifier's Unicode form, in the work area's whole */
    ibidi_unicode_sc label_script; /* its main script (0 when none) */
} run;

static void append_reason(run *r, const ibidi_finding *f)
{
    ibidi_finding *p = ibidi__arena_bottom(&r->a, ibidi__arena_round(sizeof *f));
    if (p)
        *p = *f;
    r->r->n_reasons++;
}

/* Whether a label's text in the input is its text in the Unicode form, byte for byte. */
static int same_text(const run *r, const lspan *sp)
{
    return r->same_labels && sp->in_len == sp->u_len &&
           memcmp(r->s + sp->in, r->w.uform + sp->u, sp->u_len) == 0;
}

/* A reason into the record: its place in the input follows from the label's; its offset
 * comes in the host's Unicode form. */
static void put_reason(run *r, const ibidi_finding *x, size_t part)
{
    ibidi_finding f = *x;
    f.rule = ibidi_code_message(f.code);
    f.part = part;
    if (part == IBIDI_NO_PART || part >= r->n) {
        f.input_offset = r->host;
        f.input_length = r->host_len;
    } else {
        const lspan *sp = &r->w.spans[part];
        if (same_text(r, sp) && f.offset >= sp->u && f.offset + f.length <= sp->u + sp->u_len) {
            f.input_offset = sp->in + (f.offset - sp->u);
            f.input_length = f.length;
        } else {
            f.input_offset = sp->in;
            f.input_length = sp->in_len;
        }
        r->w.hidden[part] = 1;
        if (!r->w.count[part])
            r->w.first[part] = r->r->n_reasons;
        r->w.count[part]++;
    }
    if (part == IBIDI_NO_PART)
        r->name_hidden = 1;
    f.offset += r->host; /* the host's place in the identifier's Unicode form */
    append_reason(r, &f);
}

/* A finding of our own on the current label: code points i..i+k of the label (k 0: the
 * whole label), which the work area's offsets turn into bytes of the Unicode form. */
static void put_own(run *r, ibidi_code code, size_t i, size_t k, uint32_t cp, int detail)
{
    ibidi_finding f;
    memset(&f, 0, sizeof f);
    f.code = code;
    f.severity = IBIDI_SEVERITY_WARNING;
    f.offset = r->w.spans[r->label].u + (k ? r->w.at[i] : 0);
    f.length = k ? r->w.at[i + k] - r->w.at[i] : r->w.spans[r->label].u_len;
    f.cp = cp;
    f.bidi_class = cp ? (int)ibidi_unicode_bidi_class(cp) : -1;
    f.context = r->o->context;
    f.detail = detail;
    put_reason(r, &f, r->label);
}

/* The sink of the script policy's and the look-alikes' calls on one label: the checks the
 * policy has, each finding moved to the label's place in the Unicode form. */
static int tld_script(const run *r, ibidi_unicode_sc sc);

static int has_script(uint32_t cp, ibidi_unicode_sc sc, int *common);

static void label_sink(void *ctx, const ibidi_finding *x)
{
    run *r = ctx;
    const unsigned c = r->checks;
    switch (x->code) {
    case IBIDI_UTS39_RESTRICTION_LEVEL:
        if (!(c & IBIDI_SHOW_CHECK_RESTRICTION))
            return;
        break;
    case IBIDI_UTS39_MIXED_NUMBERS:
        if (!(c & IBIDI_SHOW_CHECK_MIXED_NUMBERS))
            return;
        break;
    case IBIDI_CONFUSABLE_RESTRICTED_CHARACTER:
        if (!(c & IBIDI_SHOW_CHECK_IDENTIFIER_STATUS))
            return;
        if ((c & IBIDI_SHOW_ALLOW_LIMITED_USE) &&
            !((unsigned)x->detail & ~(IBIDI_CONFUSABLE_TYPE_LIMITED_USE |
                                      IBIDI_CONFUSABLE_TYPE_UNCOMMON_USE)))
            return; /* UAX #31 Table 7 scripts, rare characters of recommended ones */
        break;
    case IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE:
        if (!(c & IBIDI_SHOW_CHECK_MIXED_SCRIPT))
            return;
        if (c & IBIDI_SHOW_MIXED_ADJACENT)
            return; /* judged at each letter's neighbours instead (check_adjacent) */
        break;
    case IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE:
        if (!(c & IBIDI_SHOW_CHECK_WHOLE_SCRIPT) &&
            !((c & IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN) && x->detail == IBIDI_UNICODE_SC_LATN))
            return;
        if (tld_script(r, r->label_script))
            return; /* under a TLD of its script, or a script the user reads */
        break;
    default:
        return;
    }
    ibidi_finding f = *x;
    f.offset += r->w.spans[r->label].u;
    f.severity = IBIDI_SEVERITY_WARNING;
    put_reason(r, &f, r->label);
}

/* Whether labels of script sc are trusted here: the user's scripts, or the scripts of the
 * name's top-level domain (its last label, in the Unicode form). */
static int tld_script(const run *r, ibidi_unicode_sc sc)
{
    const ibidi_show_options *o = r->o;
    for (size_t i = 0; sc && o->scripts && i < o->n_scripts; i++)
        if (o->scripts[i] == sc)
            return 1;
    if (!sc || r->n < 2)
        return 0;
    const lspan *t = &r->w.spans[r->n - 1];
    size_t nt = o->n_tlds;
    const ibidi_show_tld *tl = o->tlds ? o->tlds : ibidi_show_tlds(&nt);
    for (size_t i = 0; i < nt; i++)
        if (tl[i].script == sc && tl[i].tld && strlen(tl[i].tld) == t->u_len &&
            memcmp(tl[i].tld, r->w.uform + t->u, t->u_len) == 0)
            return 1;
    return 0;
}

static int has_script(uint32_t cp, ibidi_unicode_sc sc, int *common)
{
    ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
    size_t m = ibidi_unicode_script_extensions(cp, scx, IBIDI_UNICODE_SC_COUNT);
    if (m > IBIDI_UNICODE_SC_COUNT)
        m = IBIDI_UNICODE_SC_COUNT;
    int found = 0, com = 0;
    for (size_t k = 0; k < m; k++) {
        if (scx[k] == IBIDI_UNICODE_SC_ZYYY || scx[k] == IBIDI_UNICODE_SC_ZINH)
            com = 1;
        if (scx[k] == sc)
            found = 1;
    }
    if (common)
        *common = com;
    return found;
}

/* The first script of cp's Script_Extensions that is not Common or Inherited (0: none). */
static ibidi_unicode_sc own_script(uint32_t cp)
{
    ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
    size_t m = ibidi_unicode_script_extensions(cp, scx, IBIDI_UNICODE_SC_COUNT);
    if (m > IBIDI_UNICODE_SC_COUNT)
        m = IBIDI_UNICODE_SC_COUNT;
    for (size_t k = 0; k < m; k++)
        if (scx[k] != IBIDI_UNICODE_SC_ZYYY && scx[k] != IBIDI_UNICODE_SC_ZINH)
            return scx[k];
    return 0;
}

/* Whether the Script_Extensions of a and b share a script other than Common and Inherited,
 * or either has only those. */
static int scripts_meet(uint32_t a, uint32_t b)
{
    ibidi_unicode_sc sa[IBIDI_UNICODE_SC_COUNT];
    size_t na = ibidi_unicode_script_extensions(a, sa, IBIDI_UNICODE_SC_COUNT);
    if (na > IBIDI_UNICODE_SC_COUNT)
        na = IBIDI_UNICODE_SC_COUNT;
    if (!own_script(a) || !own_script(b))
        return 1;
    for (size_t k = 0; k < na; k++)
        if (has_script(b, sa[k], NULL))
            return 1;
    return 0;
}

/* Whether cp, or the one character of its prototype (UTS #39 §4), is among the ASCII
 * letters of set. */
static int looks_like(uint32_t cp, const char *set)
{
    uint32_t p[IBIDI_CONFUSABLE_MAX_PROTOTYPE];
    const size_t k = ibidi_confusable_prototype(cp, p, IBIDI_CONFUSABLE_MAX_PROTOTYPE);
    const uint32_t c = k == 1 ? p[0] : k == 0 ? cp : 0;
    return c && c < 0x80 && strchr(set, (int)c) != NULL;
}

/* Whether mark m on base b hides in it or takes the place of its dot (UTS #39 §5.4: a base
 * and mark that look like the base alone or like another letter; ICU's hidden overlay):
 * a dot above on i, j, l or a look-alike of them (i̇ as i, l̇ as i), and any mark above on
 * the dotless i and j (U+0131, U+0237: Unicode §7.1, the Soft_Dotted i and j lose their dot
 * under a mark above, so ı̈ reads as ï) or a Latin look-alike of them. */
static int hidden_mark(uint32_t b, uint32_t m)
{
    if (m == 0x0307 && (looks_like(b, "ijl") || b == 0x0237))
        return 1;
    if (ibidi_unicode_combining_class(m) != 230 || b == 'i' || b == 'j')
        return 0;
    return b == 0x0131 || b == 0x0237 ||
           (looks_like(b, "ij") && has_script(b, IBIDI_UNICODE_SC_LATN, NULL)); /* not ί */
}

/* UTS #39 §5.4, Optional Detection: the nonspacing marks of each base, on the label's NFD
 * (each code point decomposed alone: a U-label is NFC, so this is its NFD but for the
 * order of the marks, which neither test reads). */
static void check_marks(run *r, const uint32_t *cps, size_t n)
{
    uint32_t base = 0;
    uint32_t *seq = r->w.cps + LABEL_CPS_MAX; /* the marks on the current base */
    size_t nseq = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t d[4];
        ibidi_buf32 out = {d, 4, 0};
        ibidi_unicode_dt dt;
        if (cps[i] < 0x80) {
            base = cps[i];
            nseq = 0;
            continue;
        }
        if (ibidi_unicode_decomposition(cps[i], NULL, 0, &dt) == 0 ||
            dt != IBIDI_UNICODE_DT_CANONICAL) { /* its own NFD */
            d[0] = cps[i];
            out.len = 1;
        } else if (ibidi_normalize_cp(&cps[i], 1, IBIDI_NORMALIZE_NFD, &out, NULL) != IBIDI_OK) {
            continue;
        }
        for (size_t k = 0; k < out.len; k++) {
            const uint32_t c = d[k];
            const ibidi_unicode_gc gc = ibidi_unicode_general_category(c);
            if (gc != IBIDI_UNICODE_GC_MN && gc != IBIDI_UNICODE_GC_ME) {
                base = c;
                nseq = 0;
                continue;
            }
            for (size_t j = 0; j < nseq; j++)
                if (seq[j] == c) {
                    put_own(r, IBIDI_SHOW_MARK_REPEATED, i, 1, c, 0);
                    break;
                }
            if (nseq < LABEL_CPS_MAX)
                seq[nseq++] = c;
            if (base && !scripts_meet(base, c))
                put_own(r, IBIDI_SHOW_MARK_SCRIPT, i, 1, c, (int)own_script(c));
            if (base && hidden_mark(base, c))
                put_own(r, IBIDI_SHOW_MARK_HIDDEN, i, 1, c, (int)base);
        }
    }
}

/* Whether cp's prototype (UTS #39 §4) is one digit (General_Category Nd, of any decimal
 * system: उ looks like the Devanagari three). */
static int digit_prototype(uint32_t cp)
{
    uint32_t p[IBIDI_CONFUSABLE_MAX_PROTOTYPE];
    const size_t k = ibidi_confusable_prototype(cp, p, IBIDI_CONFUSABLE_MAX_PROTOTYPE);
    return k == 1 && ibidi_unicode_general_category(p[0]) == IBIDI_UNICODE_GC_ND;
}

/* Whether a and b share a script other than Common and Inherited. */
static int share_script(uint32_t a, uint32_t b)
{
    ibidi_unicode_sc sa[IBIDI_UNICODE_SC_COUNT];
    size_t na = ibidi_unicode_script_extensions(a, sa, IBIDI_UNICODE_SC_COUNT);
    if (na > IBIDI_UNICODE_SC_COUNT)
        na = IBIDI_UNICODE_SC_COUNT;
    for (size_t k = 0; k < na; k++)
        if (sa[k] != IBIDI_UNICODE_SC_ZYYY && sa[k] != IBIDI_UNICODE_SC_ZINH &&
            has_script(b, sa[k], NULL))
            return 1;
    return 0;
}

/* A modifier letter of a script (General_Category Lm: the prolonged sound mark ー, the
 * iteration marks ヽ ヾ ゝ ゞ) modifies the letter before it, which must be of one of its
 * scripts (Script_Extensions): ー at the start of a label, or after a Han ideograph or a
 * Latin letter, reads as a dash. */
static void check_modifiers(run *r, const uint32_t *cps, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (ibidi_unicode_general_category(cps[i]) != IBIDI_UNICODE_GC_LM || !own_script(cps[i]))
            continue;
        int common = 0;
        (void)has_script(cps[i], IBIDI_UNICODE_SC_ZYYY, &common);
        if (common)
            continue;
        if (i == 0 || !share_script(cps[i - 1], cps[i]))
            put_own(r, IBIDI_SHOW_MODIFIER_CONTEXT, i, 1, cps[i], (int)own_script(cps[i]));
    }
}

/* UTS #39 §4, mixed-script confusables judged where they stand: a letter of one script
 * next to a letter of another script, at least as frequent in the label, in which it has a
 * look-alike ("cnո": ո beside n looks like n), as WebKit's look-alike characters are
 * judged beside the letters they imitate, not against the label's main script ("ᑭᐁabc"
 * keeps its syllables together; in "ցեճfans" the f is the label's own). */
static void check_adjacent(run *r, const uint32_t *cps, size_t n)
{
    ibidi_unicode_sc sc[LABEL_CPS_MAX];
    for (size_t i = 0; i < n; i++)
        sc[i] = own_script(cps[i]);
    for (size_t i = 0; i < n; i++) {
        if (!sc[i])
            continue;
        for (size_t j = i ? i - 1 : i + 1; j <= i + 1 && j < n; j += 2) {
            const ibidi_unicode_sc b = sc[j];
            if (!b || b == sc[i] || has_script(cps[i], b, NULL))
                continue;
            size_t na = 0, nb = 0;
            for (size_t k = 0; k < n; k++) {
                na += sc[k] == sc[i];
                nb += sc[k] == b;
            }
            uint32_t look;
            if (nb >= na && (look = ibidi__confusable_lookalike_in(cps[i], b)) != 0) {
                put_own(r, IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE, i, 1, cps[i], (int)look);
                break;
            }
        }
    }
}

/* The checks of one label that no other capability makes. */
static void check_own(run *r, const uint32_t *cps, size_t n)
{
    const unsigned c = r->checks;
    int digits = 1, lookalike = 0, ascii_digit = 0, latin_extra = 0, other_script = 0;
    size_t latin_at = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t cp = cps[i];
        if ((c & IBIDI_SHOW_CHECK_DEVIATION) &&
            ibidi_unicode_uts46_status(cp) == IBIDI_UNICODE_UTS46_DEVIATION &&
            (cp == 0x200C || cp == 0x200D || (c & IBIDI_SHOW_TRANSITIONAL)))
            put_own(r, IBIDI_SHOW_DEVIATION, i, 1, cp, 0); /* UTS #46 §4 deviations */
        if ((c & IBIDI_SHOW_CHECK_IDNA2008) &&
            ibidi_unicode_uts46_idna2008(cp) != IBIDI_UNICODE_UTS46_IDNA2008_NONE)
            put_own(r, IBIDI_SHOW_NOT_IDNA2008, i, 1, cp, 0); /* UTS #46 §5 NV8, XV8 */
        if (cp >= '0' && cp <= '9')
            ascii_digit = 1;
        else {
            if (ibidi_unicode_general_category(cp) == IBIDI_UNICODE_GC_ND || digit_prototype(cp))
                lookalike = 1;
            else
                digits = 0;
        }
        int common = 0;
        const int latin = has_script(cp, IBIDI_UNICODE_SC_LATN, &common);
        if (latin && cp >= 0x80 && !latin_extra) {
            latin_extra = 1;
            latin_at = i;
        }
        if (!latin && !common)
            other_script = 1;
        if (c & IBIDI_SHOW_CHECK_SCRIPTS) {
            const ibidi_unicode_sc sc = own_script(cp);
            int ok = !sc;
            if (sc && r->o->scripts && r->o->n_scripts) {
                for (size_t k = 0; k < r->o->n_scripts && !ok; k++)
                    ok = has_script(cp, r->o->scripts[k], NULL);
            } else if (sc) { /* UAX #31 Tables 5 and 7: any of its Script_Extensions */
                ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
                size_t m = ibidi_unicode_script_extensions(cp, scx, IBIDI_UNICODE_SC_COUNT);
                if (m > IBIDI_UNICODE_SC_COUNT)
                    m = IBIDI_UNICODE_SC_COUNT;
                for (size_t k = 0; k < m && !ok; k++)
                    ok = ibidi_uts39_recommended_script(scx[k]);
                ok = ok || (ibidi_confusable_identifier_type(cp) & IBIDI_CONFUSABLE_TYPE_LIMITED_USE);
            }
            if (!ok)
                put_own(r, IBIDI_SHOW_SCRIPT_NOT_ALLOWED, i, 1, cp, (int)sc);
        }
    }
    if ((c & IBIDI_SHOW_CHECK_DIGIT_LOOKALIKE) && digits && lookalike &&
        (ascii_digit || !(c & IBIDI_SHOW_DIGITS_WITH_ASCII)))
        put_own(r, IBIDI_SHOW_DIGIT_LOOKALIKE, 0, 0, 0, 0); /* UTS #39 §4 */
    if ((c & IBIDI_SHOW_CHECK_NON_ASCII_LATIN) && latin_extra && other_script)
        put_own(r, IBIDI_SHOW_NON_ASCII_LATIN, latin_at, 1, cps[latin_at], 0);
    if (c & IBIDI_SHOW_CHECK_MARKS) {
        check_marks(r, cps, n);
        check_modifiers(r, cps, n);
    }
    if ((c & IBIDI_SHOW_CHECK_MIXED_SCRIPT) && (c & IBIDI_SHOW_MIXED_ADJACENT))
        check_adjacent(r, cps, n);
}

/* RFC 5892 Appendix A: the contextual rules of a label's CONTEXTO characters (a middle dot
 * between two l's, a Katakana middle dot in a Japanese label, Hebrew punctuation after
 * Hebrew...), which UTS #46 does not check: IDNA2008's own findings (O1-O9). */
static void idna2008_sink(void *ctx, const ibidi_finding *x)
{
    run *r = ctx;
    if (x->code >= IBIDI_IDNA_O3 && x->code <= IBIDI_IDNA_O9) {
        ibidi_finding f = *x;
        f.offset += r->w.spans[r->label].u;
        f.severity = IBIDI_SEVERITY_WARNING;
        f.part = r->label;
        put_reason(r, &f, r->label);
    }
}

static void check_context(run *r, const uint32_t *cps, size_t n)
{
    size_t i = 0;
    while (i < n && ibidi_idna_property_of(cps[i]) != IBIDI_IDNA_CONTEXTO)
        i++;
    if (i == n)
        return;
    const lspan *sp = &r->w.spans[r->label];
    ibidi_idna_options io = r->idna;
    io.profile = IBIDI_IDNA_PROFILE_IDNA2008_REGISTER;
    io.add = io.remove = 0;
    size_t out_len = 0;
    (void)ibidi__idna_utf8_fn(r->w.uform + sp->u, sp->u_len, &io, 1, r->w.scratch, FORM_MAX,
                              &out_len, idna2008_sink, r, NULL);
}

/* Every check of one label of the Unicode form that is not ASCII. */
/* Whether the label cps[0..n) is plain: every character Identifier_Status Allowed and of
 * one script S (or Common or Inherited), none a mark, a modifier letter, a digit other
 * than ASCII's, a digit look-alike, a deviation, an IDNA2008 exclusion or CONTEXTO (one
 * class lookup a character, ibidi__confusable_class), S a script the policy shows, and the
 * policy's highest level at least single-script. Of the checks of such a label only the
 * whole-script one can find anything: the restriction level is single-script and the
 * Identifier Profile holds (UTS #39 §5.2), the digits are of one system (§5.3) and the
 * label is no run of digits and their look-alikes (a letter of S is neither), no second
 * script for the mixed-script checks, no mark but those of a character's own canonical
 * decomposition (whose marks are of its script, none twice, none on a dotless i or j), and
 * no character any other check looks for. tests/test_show.c decides every such character
 * both ways (IBIDI_SHOW_NO_SHORTCUT), alone, twice and beside a digit, and compares.
 * *script gets S, letter[i] whether cps[i] is of S. */
static int plain_label(const run *r, const uint32_t *cps, size_t n, ibidi_unicode_sc *script,
                       uint8_t *letter)
{
    const unsigned bad = IBIDI__CLASS_MARK | IBIDI__CLASS_LM | IBIDI__CLASS_ND |
                         IBIDI__CLASS_DEVIATION | IBIDI__CLASS_NOT_2008 |
                         IBIDI__CLASS_CONTEXTO | IBIDI__CLASS_DIGIT_PROTO;
    const ibidi_uts39_level max = r->o->max_restriction;
    if ((r->checks & IBIDI_SHOW_NO_SHORTCUT) || (max && max < IBIDI_UTS39_SINGLE_SCRIPT))
        return 0;
    unsigned sc = IBIDI__CLASS_NO_SCRIPT;
    for (size_t i = 0; i < n; i++) {
        if (cps[i] - '0' < 10u) { /* ASCII digits: one numbering system (§5.3) */
            letter[i] = 0;
            continue;
        }
        const uint32_t v = ibidi__confusable_class(cps[i]);
        const unsigned s = IBIDI__CLASS_SCRIPT(v);
        if ((v & bad) || !(v & IBIDI__CLASS_ALLOWED) || s == IBIDI__CLASS_SEVERAL ||
            (s != IBIDI__CLASS_NO_SCRIPT && sc != IBIDI__CLASS_NO_SCRIPT && s != sc))
            return 0;
        if (s != IBIDI__CLASS_NO_SCRIPT)
            sc = s;
        letter[i] = (uint8_t)(s != IBIDI__CLASS_NO_SCRIPT);
    }
    if (sc == IBIDI__CLASS_NO_SCRIPT || !ibidi_uts39_recommended_script((ibidi_unicode_sc)sc))
        return 0;
    if ((r->checks & IBIDI_SHOW_CHECK_SCRIPTS) && r->o->scripts && r->o->n_scripts) {
        int ok = 0;
        for (size_t k = 0; k < r->o->n_scripts && !ok; k++)
            ok = r->o->scripts[k] == (ibidi_unicode_sc)sc;
        if (!ok)
            return 0;
    }
    *script = (ibidi_unicode_sc)sc;
    return 1;
}

/* A plain label's one check: UTS #39 §4 whole-script confusables, as the look-alikes'
 * check reports it (ibidi__confusable_whole_script is its test). */
static void check_plain(run *r, const uint32_t *cps, const uint8_t *letter, size_t n,
                        ibidi_unicode_sc sc)
{
    if (!(r->checks & (IBIDI_SHOW_CHECK_WHOLE_SCRIPT | IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN)))
        return;
    const ibidi_unicode_sc whole = ibidi__confusable_whole_script(cps, letter, n, sc);
    if (!whole)
        return;
    ibidi_finding f;
    memset(&f, 0, sizeof f);
    f.code = IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE;
    f.severity = IBIDI_SEVERITY_WARNING;
    f.length = r->w.at[n];
    f.bidi_class = -1;
    f.context = IBIDI_DIR_LTR;
    f.detail = (int)whole;
    label_sink(r, &f);
}

/* Every check of one label of the Unicode form that is not ASCII. */
static IBIDI__NOINLINE void check_label(run *r, size_t k)
{
    const lspan *sp = &r->w.spans[k];
    const char *u = r->w.uform + sp->u;
    size_t n = 0, pos = 0;
    while (pos < sp->u_len && n < LABEL_CPS_MAX) {
        r->w.at[n] = pos;
        /* ToUnicode's output (or the A-labels decoded) is well-formed UTF-8 */
        r->w.cps[n] = ibidi__utf8_decode_valid((const unsigned char *)u, &pos);
        if (!r->bidi) {
            const ibidi_unicode_bc bc = ibidi_unicode_bidi_class(r->w.cps[n]);
            r->bidi = bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL ||
                      bc == IBIDI_UNICODE_BC_AN;
        }
        n++;
    }
    r->w.at[n] = pos;
    r->label = k;
    r->n_cps = n;
    uint8_t *letter = (uint8_t *)(r->w.cps + LABEL_CPS_MAX);
    ibidi_unicode_sc sc = 0;
    if (pos == sp->u_len && plain_label(r, r->w.cps, n, &sc, letter)) {
        r->label_script = sc;
        check_plain(r, r->w.cps, letter, n, sc);
        return;
    }
    r->label_script = 0;
    for (size_t i = 0; i < n && !r->label_script; i++)
        r->label_script = own_script(r->w.cps[i]);
    ibidi_uts39_options uo;
    memset(&uo, 0, sizeof uo);
    uo.max_level = r->o->max_restriction ? r->o->max_restriction
                                         : IBIDI_UTS39_HIGHLY_RESTRICTIVE;
    ibidi__uts39_check_fn(u, sp->u_len, &uo, NULL, label_sink, r, NULL);
    ibidi__confusable_check_fn(u, sp->u_len, label_sink, r, NULL);
    check_own(r, r->w.cps, n);
    if (r->checks & IBIDI_SHOW_CHECK_IDNA2008)
        check_context(r, r->w.cps, n);
}

/* ---- Keys ---------------------------------------------------------------------------------- */

ibidi_status ibidi__show_key(const char *s, size_t n, int kind, char *out, size_t cap,
                             size_t *len)
{
    ibidi_buf b = {out, cap, 0};
    ibidi_status st;
    if (kind == IBIDI__SHOW_KEY_BIDI_LTR || kind == IBIDI__SHOW_KEY_BIDI_RTL)
        st = ibidi_confusable_bidi_skeleton_utf8(
            s, n, kind == IBIDI__SHOW_KEY_BIDI_LTR ? IBIDI_DIR_LTR : IBIDI_DIR_RTL, &b, NULL);
    else
        st = ibidi_confusable_skeleton_utf8(s, n, &b, NULL);
    *len = b.len;
    if (st != IBIDI_OK || kind != IBIDI__SHOW_KEY_BARE)
        return st;
    /* the marks out, as Chromium compares top domains: đigklmo68 (d, U+0335) as digklmo68 */
    size_t pos = 0, o = 0;
    while (pos < b.len) {
        const size_t at = pos;
        uint32_t cp;
        if (ibidi_utf8_next(out, b.len, &pos, &cp, NULL) != IBIDI_OK)
            return IBIDI_E_INVALID_ARGUMENT; /* the skeleton is well-formed */
        const ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
        if (gc == IBIDI_UNICODE_GC_MN || gc == IBIDI_UNICODE_GC_ME)
            continue;
        memmove(out + o, out + at, pos - at);
        o += pos - at;
    }
    *len = o;
    return IBIDI_OK;
}

/* ---- Protected names ------------------------------------------------------------------------ */

static int entry_cmp(const ibidi__show_entry *e, int kind, const char *key, size_t len)
{
    if ((int)e->kind != kind)
        return (int)e->kind < kind ? -1 : 1;
    const size_t m = e->key_len < len ? e->key_len : len;
    const int c = m ? memcmp(e->key, key, m) : 0;
    if (c)
        return c;
    return e->key_len < len ? -1 : e->key_len > len;
}

size_t ibidi__show_protect_find(const ibidi_show_protected *p, int kind, const char *key,
                                size_t len, size_t *first)
{
    size_t lo = 0, hi = p->n_entries;
    while (lo < hi) { /* the first entry not below the key */
        const size_t mid = lo + (hi - lo) / 2;
        if (entry_cmp(&p->entries[mid], kind, key, len) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *first = lo;
    size_t e = lo;
    while (e < p->n_entries && entry_cmp(&p->entries[e], kind, key, len) == 0)
        e++;
    return e - lo;
}

const char *ibidi__show_protect_entry(const ibidi_show_protected *p, size_t e, size_t *name_len,
                                      size_t *index)
{
    *index = p->entries[e].name;
    return ibidi_show_protect_name(p, *index, name_len);
}

size_t ibidi_show_protect_count(const ibidi_show_protected *p) { return p ? p->n : 0; }

const char *ibidi_show_protect_name(const ibidi_show_protected *p, size_t i, size_t *len)
{
    if (!p || i >= p->n) {
        if (len)
            *len = 0;
        return NULL;
    }
    if (len)
        *len = p->name_len[i];
    return p->names + p->name_off[i];
}

/* ---- Whole-name checks ----------------------------------------------------------------------- */

#define TWIN_ITEMS 64

/* Badami's analysis of the Unicode form in the paragraph of the options (of the whole IRI
 * or mail address, its host in U-labels, for those); where it finds a condition, the exact
 * twin search decides: a valid twin of a domain name, a mail address or an IRI whose
 * display does not determine its host, or a search its bound cut, is a reason against
 * showing the name in Unicode (a twin with the same authority is not: the IRI's host is
 * the same). */
static IBIDI__NOINLINE void check_twins(run *r)
{
    ibidi_finding items[TWIN_ITEMS];
    ibidi_findings f = {items, TWIN_ITEMS, 0, 0};
    const int domain = r->r->kind == IBIDI_IRI_AS_DOMAIN;
    const char *t = r->w.uform;
    size_t n = r->ulen;
    if (!domain) { /* the identifier with its host's U-labels */
        n = r->whole_len;
        if (!n || n > IBIDI_AMBIGUITY_MAX_BYTES)
            return;
        t = r->w.whole;
    }
    ibidi_ambiguity_options ao;
    memset(&ao, 0, sizeof ao);
    ao.as = r->r->kind;
    ao.flags = r->o->context == IBIDI_DIR_RTL ? IBIDI_AMBIGUITY_RTL : 0u;
    ao.idna = r->idna;
    ao.idna.work = NULL;
    ao.idna.work_size = 0;
    ao.work = r->w.shared;
    ao.work_size = r->w.shared_size;
    if (ibidi_ambiguity_analyze(t, n, &ao, &f, NULL) != IBIDI_OK)
        return;
    int found = f.n > TWIN_ITEMS;
    for (size_t i = 0; i < f.n && i < TWIN_ITEMS && !found; i++)
        found = items[i].context == r->o->context;
    if (!found)
        return;
    ao.flags |= IBIDI_AMBIGUITY_EXACT;
    f.n = f.errors = 0;
    if (ibidi_ambiguity_analyze(t, n, &ao, &f, NULL) != IBIDI_OK)
        return;
    for (size_t i = 0; i < f.n && i < TWIN_ITEMS; i++) {
        const ibidi_finding *x = &items[i];
        const int reason = domain ? x->code == IBIDI_AMBIGUITY_VALID_TWIN
                                  : x->code == IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED;
        if (x->context == r->o->context &&
            (reason || x->code == IBIDI_AMBIGUITY_SEARCH_TRUNCATED)) {
            ibidi_finding g = *x;
            g.severity = IBIDI_SEVERITY_WARNING;
            if (!domain) { /* its place: the host */
                g.offset = 0;
                g.length = r->ulen;
                g.cp = 0;
                g.bidi_class = -1;
            }
            put_reason(r, &g, IBIDI_NO_PART);
        }
    }
}

/* The name's last labels, from label k, against the protected names' keys of one kind. */
static IBIDI__NOINLINE void check_protected(run *r, int kind, ibidi_code code)
{
    for (size_t k = 0; k < r->n; k++) {
        const size_t at = r->w.spans[k].u, n = r->ulen - at;
        size_t klen = 0, first = 0, nlen = 0, index = 0;
        if (ibidi__show_key(r->w.uform + at, n, kind, r->w.scratch, FORM_MAX, &klen) != IBIDI_OK)
            continue;
        const size_t m = ibidi__show_protect_find(r->o->protect, kind, r->w.scratch, klen, &first);
        for (size_t e = first; e < first + m; e++) {
            const char *name = ibidi__show_protect_entry(r->o->protect, e, &nlen, &index);
            if (nlen == n && memcmp(name, r->w.uform + at, n) == 0)
                continue; /* the protected name itself, or a name under it */
            ibidi_finding f;
            memset(&f, 0, sizeof f);
            f.code = code;
            f.severity = IBIDI_SEVERITY_WARNING;
            f.offset = at;
            f.length = n;
            f.bidi_class = -1;
            f.context = code == IBIDI_SHOW_PROTECTED_BIDI_SKELETON ? r->o->context : IBIDI_DIR_LTR;
            f.detail = (int)index;
            put_reason(r, &f, IBIDI_NO_PART);
            return;
        }
    }
}

/* ---- The forms and the labels -------------------------------------------------------------- */

/* Splits text at U+002E into at most LABELS_MAX labels: calls set(k, start, len). Returns
 * the number of labels, or LABELS_MAX + 1 when there are more. */
static size_t split_dots(const char *t, size_t n, lspan *sp, int which)
{
    size_t k = 0, start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && t[i] != '.')
            continue;
        if (k == LABELS_MAX)
            return LABELS_MAX + 1;
        if (which == 0) {
            sp[k].u = start;
            sp[k].u_len = i - start;
        } else {
            sp[k].a = start;
            sp[k].a_len = i - start;
        }
        k++;
        start = i + 1;
    }
    return k;
}

/* The input's labels, split at the separators of UTS #46 (U+002E, and U+3002, U+FF0E,
 * U+FF61: E3 80 82, EF BC 8E, EF BD A1 in UTF-8, which no other character's bytes hold
 * at a character's start; the input is well-formed). */
static size_t split_input(const char *s, size_t base, size_t n, lspan *sp)
{
    const unsigned char *u = (const unsigned char *)s + base;
    size_t k = 0, start = 0, pos = 0;
    while (pos <= n) {
        size_t w = 0;
        if (pos == n || u[pos] == '.')
            w = 1;
        else if (n - pos >= 3 && ((u[pos] == 0xE3 && u[pos + 1] == 0x80 && u[pos + 2] == 0x82) ||
                                  (u[pos] == 0xEF && u[pos + 1] == 0xBC && u[pos + 2] == 0x8E) ||
                                  (u[pos] == 0xEF && u[pos + 1] == 0xBD && u[pos + 2] == 0xA1)))
            w = 3;
        if (!w) {
            pos++;
            continue;
        }
        if (k == LABELS_MAX)
            return LABELS_MAX + 1;
        sp[k].in = base + start;
        sp[k].in_len = pos - start;
        k++;
        pos += w;
        start = pos;
    }
    return k;
}

static int printable_ascii(const char *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)t[i] < 0x21 || (unsigned char)t[i] > 0x7E)
            return 0;
    return 1;
}

/* An invalid name's label that is not ASCII: "xn--" and the RFC 3492 encoding of its code
 * points, a control or space as U+FFFD first, to out; its length, 0 when it does not
 * encode. */
static size_t encode_label(run *r, const char *t, size_t n, char *out, size_t cap)
{
    size_t k = 0, pos = 0;
    uint32_t *cps = r->w.cps;
    while (pos < n) {
        uint32_t cp;
        if (k == 2 * LABEL_CPS_MAX || ibidi_utf8_next(t, n, &pos, &cp, NULL) != IBIDI_OK)
            return 0;
        cps[k++] = cp <= 0x20 || cp == 0x7F ? 0xFFFD : cp;
    }
    if (cap < 4)
        return 0;
    memcpy(out, "xn--", 4);
    ibidi_buf b = {out + 4, cap - 4, 0};
    return ibidi_punycode_encode(cps, k, &b, NULL) == IBIDI_OK ? 4 + b.len : 0;
}

/* Appends to the text being built (the work area's text; over FORM_MAX is counted, not
 * written). */
typedef struct tbuf {
    char *p;
    size_t n;
} tbuf;

static void tput(tbuf *t, const char *s, size_t n)
{
    if (t->n <= FORM_MAX && n <= FORM_MAX - t->n && n)
        memcpy(t->p + t->n, s, n);
    t->n += n;
}

/* Label k shown: its record and its text. */
static void show_label(run *r, tbuf *t, size_t k, ibidi_show_as as, const char *shown,
                       size_t shown_len)
{
    if (k)
        tput(t, ".", 1);
    const size_t at = t->n;
    tput(t, shown, shown_len);
    lspan *sp = &r->w.spans[k];
    sp->t = at;
    sp->t_len = shown_len;
    /* the texts are counted whether or not the record fits */
    const ibidi_verdict_text u = ibidi__arena_text(&r->a, r->w.uform + sp->u, sp->u_len);
    const ibidi_verdict_text sh = ibidi__arena_text(&r->a, t->n <= FORM_MAX ? t->p + at : "",
                                                    t->n <= FORM_MAX ? shown_len : 0);
    if (!r->labels)
        return;
    ibidi_show_label *l = &r->labels[k];
    l->input.start = r->same_labels ? sp->in : r->host;
    l->input.length = r->same_labels ? sp->in_len : r->host_len;
    l->input.present = 1;
    l->unicode = u;
    l->shown = sh;
    l->as = as;
    l->first_reason = r->w.first[k];
    l->n_reasons = r->w.count[k];
}

/* ---- The decision ---------------------------------------------------------------------------- */

/* ToASCII's errors: the reasons an invalid name is shown in ASCII. */
static void idna_sink(void *ctx, const ibidi_finding *x)
{
    run *r = ctx;
    if (x->severity != IBIDI_SEVERITY_ERROR)
        return;
    /* ToASCII places its errors in the host as given, the record in the Unicode form: the
       same bytes where the label's text is the same, else the whole label ("xn--uya" is
       "Ϝ"), or the whole host for an error of no label (RFC 5891 §5.2's length) */
    ibidi_finding f = *x;
    if (x->part < r->n) {
        const lspan *sp = &r->w.spans[x->part];
        const size_t in = r->host + x->offset;
        if (same_text(r, sp) && in >= sp->in && in <= sp->in + sp->in_len &&
            x->length <= sp->in + sp->in_len - in) {
            f.offset = sp->u + (in - sp->in);
        } else {
            f.offset = sp->u;
            f.length = sp->u_len;
        }
    } else {
        f.offset = 0;
        f.length = r->ulen;
    }
    put_reason(r, &f, x->part);
}

/* ToASCII reports a name's errors rule by rule (the Bidi Rule across the labels, then the
 * URL Standard's code points...), the record holds each label's reasons together: a
 * stable sort of the reasons by label (those of no label last), then each label's first. */
static void group_by_label(run *r)
{
    const size_t n = r->r->n_reasons;
    if (n && ibidi__arena_room(&r->a, 0)) {
        ibidi_finding *f = (ibidi_finding *)(void *)(r->a.base +
                                                     ibidi__arena_round(r->n * sizeof(ibidi_show_label)));
        for (size_t i = 1; i < n; i++) { /* few, and mostly in order */
            const ibidi_finding x = f[i];
            size_t j = i;
            for (; j > 0 && f[j - 1].part > x.part; j--)
                f[j] = f[j - 1];
            f[j] = x;
        }
    }
    size_t at = 0;
    for (size_t k = 0; k < r->n; k++) {
        r->w.first[k] = at;
        at += r->w.count[k];
    }
}

/* One form of the host: ToUnicode, or ToASCII (with its errors as reasons when `reasons`:
 * the labels are known then); 0 when it cannot be made (r->r->error set). */
static IBIDI__NOINLINE int make_forms(run *r, int to_ascii, int reasons)
{
    size_t out_len = 0;
    ibidi_error e;
    char *out = to_ascii ? r->w.aform : r->w.uform;
    size_t ulen = SIZE_MAX;
    ibidi_status st =
        to_ascii && !reasons
            ? ibidi__idna_utf8_both(r->s + r->host, r->host_len, &r->idna, out, FORM_MAX,
                                    &out_len, r->w.uform, FORM_MAX, &ulen,
                                    (r->checks & IBIDI_SHOW_NO_SHORTCUT) ? NULL
                                                                         : &r->ascii_deferred,
                                    NULL, r, &e)
            : ibidi__idna_utf8_fn(r->s + r->host, r->host_len, &r->idna, to_ascii, out,
                                  FORM_MAX, &out_len, reasons ? idna_sink : NULL, r, &e);
    if (ulen != SIZE_MAX && ulen <= FORM_MAX) { /* the ToUnicode form came with it */
        r->ulen = ulen;
        r->valid_forms = 1;
    }
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) {
        r->r->error = e;
        r->r->error.offset += r->host;
        return 0;
    }
    if (to_ascii) {
        r->alen = out_len;
        r->r->valid = st == IBIDI_OK;
    } else {
        r->ulen = out_len;
        r->valid_forms = 1;
    }
    return 1;
}

/* The Unicode form of a valid name from its ASCII form: each A-label decoded (RFC 3492),
 * which is the U-label ToUnicode gives (RFC 5890 §2.3.2.1: an A-label is the encoding of
 * a valid U-label), the other labels as they are. 0 when a label does not decode (the
 * URL Standard's ASCII names are not checked): ToUnicode must say. */
static int forms_from_ascii(run *r)
{
    const char *a = r->w.aform;
    size_t at = 0, u = 0;
    while (at <= r->alen) {
        size_t end = at;
        while (end < r->alen && a[end] != '.')
            end++;
        if (end - at >= 4 && memcmp(a + at, "xn--", 4) == 0) {
            uint32_t cps[IBIDI_IRI_LABEL_MAX_OCTETS];
            ibidi_buf32 d = {cps, IBIDI_IRI_LABEL_MAX_OCTETS, 0};
            ibidi_buf o = {r->w.uform + u, FORM_MAX - u, 0};
            if (ibidi_punycode_decode(a + at + 4, end - at - 4, 0, &d, NULL) != IBIDI_OK ||
                ibidi_utf8_encode(cps, d.len, &o, NULL) != IBIDI_OK)
                return 0;
            u += o.len;
        } else {
            memcpy(r->w.uform + u, a + at, end - at);
            u += end - at;
        }
        if (end < r->alen)
            r->w.uform[u++] = '.';
        at = end + 1;
    }
    r->ulen = u;
    r->valid_forms = 1;
    return 1;
}

/* The ASCII form of a valid name whose ToASCII left it out (its lengths were proved
 * without it, RFC 5891 §4.2), for the labels shown as A-labels: ToASCII in full. */
static int ensure_ascii(run *r)
{
    if (!r->ascii_deferred)
        return 1;
    r->ascii_deferred = 0;
    size_t out_len = 0;
    ibidi_error e;
    if (ibidi__idna_utf8_fn(r->s + r->host, r->host_len, &r->idna, 1, r->w.aform, FORM_MAX,
                            &out_len, NULL, r, &e) != IBIDI_OK) {
        r->r->error = e; /* cannot be: the same call found the name valid */
        r->r->error.offset += r->host;
        return 0;
    }
    r->alen = out_len;
    if (!r->same_labels || split_dots(r->w.aform, r->alen, r->w.spans, 1) != r->n)
        for (size_t k = 0; k < r->n; k++) {
            r->w.spans[k].a = 0;
            r->w.spans[k].a_len = r->alen;
        }
    return 1;
}

/* The labels shown, the text and the form. */
static IBIDI__NOINLINE void compose(run *r)
{
    tbuf t = {r->w.text, 0};
    tput(&t, r->s, r->host); /* an IRI's or a mail address's text before the host */
    int any = 0, all_unicode = 1;
    for (size_t k = 0; k < r->n; k++)
        any |= r->w.hidden[k];
    if ((any || r->name_hidden) && !ensure_ascii(r))
        return;
    for (size_t k = 0; k < r->n; k++) {
        const lspan *sp = &r->w.spans[k];
        const char *u = r->w.uform + sp->u;
        if (!r->r->valid) {
            /* shown in ASCII: the input's label when it is, else ToASCII's, else encoded */
            const char *in = r->s + sp->in;
            char enc[256];
            size_t el;
            if (r->same_labels && printable_ascii(in, sp->in_len))
                show_label(r, &t, k, IBIDI_SHOW_AS_ASCII, in, sp->in_len);
            else if (r->same_labels && printable_ascii(r->w.aform + sp->a, sp->a_len))
                show_label(r, &t, k, IBIDI_SHOW_AS_A_LABEL, r->w.aform + sp->a, sp->a_len);
            else if (r->same_labels && (el = encode_label(r, in, sp->in_len, enc, sizeof enc)))
                show_label(r, &t, k, IBIDI_SHOW_AS_ENCODED, enc, el);
            else
                show_label(r, &t, k, IBIDI_SHOW_AS_ENCODED, "xn--", 4);
            all_unicode = 0;
            continue;
        }
        if (printable_ascii(u, sp->u_len)) {
            show_label(r, &t, k, IBIDI_SHOW_AS_ASCII, u, sp->u_len);
        } else if (r->w.hidden[k] || r->name_hidden ||
                   (any && (r->checks & IBIDI_SHOW_WHOLE_NAME))) {
            show_label(r, &t, k, IBIDI_SHOW_AS_A_LABEL, r->w.aform + sp->a, sp->a_len);
            all_unicode = 0;
        } else {
            show_label(r, &t, k, IBIDI_SHOW_AS_UNICODE, u, sp->u_len);
        }
    }
    if (r->root)
        tput(&t, ".", 1);
    const size_t end = r->host + r->host_len + (size_t)r->root;
    tput(&t, r->s + end, r->len - end); /* and after it */
    r->r->unicode = all_unicode;
    if (t.n > FORM_MAX) {
        r->r->error.status = IBIDI_E_TOO_LONG;
        return;
    }
    r->r->text = ibidi__arena_text(&r->a, t.p, t.n);
    ibidi_display_options d;
    memset(&d, 0, sizeof d);
    d.as = r->r->kind;
    d.context = r->o->context;
    d.form = IBIDI_DISPLAY_FORM_COMPONENTS;
    d.work = r->w.shared;
    d.work_size = r->w.shared_size;
    /* a valid domain name's labels are the components the display's parse would find,
       when they are within the lengths that parse takes (RFC 1034 §3.1): given, the text is
       not parsed again */
    ibidi_iri_components comps = {r->w.comps, r->n, r->n};
    int given = r->r->kind == IBIDI_IRI_AS_DOMAIN && r->r->valid && r->n &&
                t.n - (size_t)r->root <= IBIDI_IRI_DOMAIN_MAX_OCTETS;
    for (size_t k = 0; given && k < r->n; k++) {
        const lspan *sp = &r->w.spans[k];
        given = sp->t_len > 0 && sp->t_len <= IBIDI_IRI_LABEL_MAX_OCTETS;
        r->w.comps[k].start = sp->t;
        r->w.comps[k].length = sp->t_len;
        r->w.comps[k].kind = IBIDI_IRI_COMP_LABEL;
    }
    if (given)
        d.comps = &comps;
    ibidi_buf b = {r->w.scratch, FORM_MAX, 0};
    /* given components: the text is well-formed (the input was checked, the rest is
       ToUnicode's and ASCII), they lie in order in it, and the work area is the display's
       for IBIDI_SHOW_MAX_BYTES, so the form is the display's without its checks again */
    if (t.n <= IBIDI_SHOW_MAX_BYTES &&
        (given ? ibidi__display_wrap(t.p, t.n, r->w.comps, r->n, d.form, d.context, b.data,
                                     b.cap, &b.len, NULL)
               : ibidi_display_utf8(t.p, t.n, &d, &b, NULL)) == IBIDI_OK)
        r->r->form = ibidi__arena_text(&r->a, b.data, b.len);
}

/* Whether UTF-8 text holds a character of class R, AL or AN. */
static int has_rtl(const char *s, size_t n)
{
    size_t pos = 0;
    uint32_t cp;
    while (pos < n && ibidi_utf8_next(s, n, &pos, &cp, NULL) == IBIDI_OK) {
        const ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cp);
        if (bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL || bc == IBIDI_UNICODE_BC_AN)
            return 1;
    }
    return 0;
}

/* The host of the input: decided, shown. */
static IBIDI__NOINLINE void decide(run *r)
{
    const size_t n = ibidi_idna_strip_root(r->s + r->host, r->host_len);
    r->root = n < r->host_len;
    r->host_len = n;
    r->r->host.start = r->host;
    r->r->host.length = n;
    r->r->host.present = 1;
    /* ToASCII decides validity and gives the ToUnicode form with it when its path has it;
       else a valid name's U-labels are its A-labels decoded, an invalid one's come from
       ToUnicode; ToASCII runs again for an invalid name's reasons once the labels are
       known */
    if (!make_forms(r, 1, 0))
        return;
    if (!r->valid_forms && !(r->r->valid && r->alen <= FORM_MAX / 4 && forms_from_ascii(r)) &&
        !make_forms(r, 0, 0))
        return;
    { /* the identifier's Unicode form: its host's U-labels in the text as given */
        const size_t end = r->host + n + (size_t)r->root;
        const size_t wl = r->host + r->ulen + (size_t)r->root + (r->len - end);
        if (wl <= FORM_MAX) {
            memcpy(r->w.whole, r->s, r->host);
            memcpy(r->w.whole + r->host, r->w.uform, r->ulen);
            if (r->root)
                r->w.whole[r->host + r->ulen] = '.';
            memcpy(r->w.whole + r->host + r->ulen + r->root, r->s + end, r->len - end);
        }
        r->whole_len = wl <= FORM_MAX ? wl : 0;
        r->r->unicode_form = ibidi__arena_text(&r->a, r->w.whole, r->whole_len);
    }
    const size_t nu = split_dots(r->w.uform, r->ulen, r->w.spans, 0);
    if (nu > LABELS_MAX) {
        r->r->error.status = IBIDI_E_TOO_LONG;
        return;
    }
    r->n = nu;
    r->labels = ibidi__arena_bottom(&r->a, ibidi__arena_round(nu * sizeof(ibidi_show_label)));
    if (r->labels)
        memset(r->labels, 0, nu * sizeof(ibidi_show_label));
    r->r->labels = r->labels;
    r->r->n_labels = nu;
    memset(r->w.count, 0, nu * sizeof(size_t));
    memset(r->w.first, 0, nu * sizeof(size_t));
    memset(r->w.hidden, 0, nu);
    r->same_labels = split_input(r->s, r->host, n, r->w.spans) == nu;
    if (!r->r->valid) { /* its errors are reasons */
        if (!make_forms(r, 1, 1))
            return;
        group_by_label(r);
    }
    /* a deferred ASCII form has the Unicode form's labels (one A-label for each) */
    r->same_labels = r->same_labels &&
                     (r->ascii_deferred || split_dots(r->w.aform, r->alen, r->w.spans, 1) == nu);
    if (!r->same_labels)
        for (size_t k = 0; k < nu; k++) {
            r->w.spans[k].a = 0;
            r->w.spans[k].a_len = r->alen;
        }
    if (r->r->valid) {
        int non_ascii = 0;
        for (size_t k = 0; k < nu; k++)
            if (!printable_ascii(r->w.uform + r->w.spans[k].u, r->w.spans[k].u_len)) {
                non_ascii = 1;
                check_label(r, k);
            }
        if (!r->bidi && r->r->kind != IBIDI_IRI_AS_DOMAIN)
            r->bidi = has_rtl(r->s, r->host) ||
                      has_rtl(r->s + r->host + r->host_len, r->len - r->host - r->host_len);
        if (r->bidi && (r->checks & IBIDI_SHOW_CHECK_TWINS) &&
            !(r->r->kind == IBIDI_IRI_AS_DOMAIN && ibidi__ambiguity_domain_quiet(r->w.uform, r->ulen)))
            check_twins(r);
        if (non_ascii && r->o->protect && (r->checks & IBIDI_SHOW_CHECK_PROTECTED))
            check_protected(r,
                            (r->checks & IBIDI_SHOW_REMOVE_DIACRITICS) ? IBIDI__SHOW_KEY_BARE
                                                                      : IBIDI__SHOW_KEY_SKELETON,
                            IBIDI_SHOW_PROTECTED_SKELETON);
        if (non_ascii && r->o->protect && (r->checks & IBIDI_SHOW_CHECK_PROTECTED_BIDI))
            check_protected(r,
                            r->o->context == IBIDI_DIR_RTL ? IBIDI__SHOW_KEY_BIDI_RTL
                                                           : IBIDI__SHOW_KEY_BIDI_LTR,
                            IBIDI_SHOW_PROTECTED_BIDI_SKELETON);
    }
    compose(r);
}

/* The component rules of an IRI's or a mail address's other parts: RFC 3987 §4.2 and the
 * 2012 guidelines §3 (a component of one direction, a right-to-left one starting and
 * ending with a right-to-left character), as Duerst 2001 and the 2012 guidelines judge a
 * mail address's local part. The host is IDNA's and the label checks' (its findings here
 * are left out). Each is a reason of the identifier (part IBIDI_NO_PART) after the host's,
 * placed in the identifier's Unicode form; it changes no label: the presentation form,
 * one isolate per component, is what shows such a component in its place. */
static void component_sink(void *ctx, const ibidi_finding *x)
{
    run *r = ctx;
    const size_t host_end = r->host + r->host_len + (size_t)r->root;
    if (x->code == IBIDI_IRI_HOST_BIDI_RULE || (x->offset >= r->host && x->offset < host_end))
        return;
    ibidi_finding f = *x;
    f.rule = ibidi_code_message(f.code);
    f.part = IBIDI_NO_PART;
    f.input_offset = x->offset;
    f.input_length = x->length;
    if (x->offset >= host_end) /* after the host, whose U-labels may be longer or shorter */
        f.offset = x->offset - host_end + r->host + r->ulen + (size_t)r->root;
    append_reason(r, &f);
}

static void check_components(run *r, const ibidi_iri_components *comps)
{
    if (!r->whole_len || comps->n > comps->cap)
        return;
    (void)ibidi__iri_check_fn(r->s, r->len, comps->items, comps->n, 0u, component_sink, r, NULL);
}

static int options_ok(const ibidi_show_options *o)
{
    return (unsigned)o->as <= IBIDI_IRI_AS_EMAIL && (unsigned)o->policy <= IBIDI_SHOW_POLICY_WEBKIT &&
           (o->context == IBIDI_DIR_LTR || o->context == IBIDI_DIR_RTL) &&
           (unsigned)o->profile <= IBIDI_IDNA_PROFILE_IDNA2008_REGISTER &&
           (unsigned)o->max_restriction <= IBIDI_UTS39_UNRESTRICTED &&
           !(o->add & ~IBIDI_SHOW_ALL) && !(o->remove & ~IBIDI_SHOW_ALL) &&
           (o->scripts || !o->n_scripts);
}

ibidi_status ibidi_show_make(const char *s, size_t len, const ibidi_show_options *opts,
                             void *buf, size_t cap, ibidi_show *out)
{
    static const ibidi_show_options zero;
    const ibidi_show_options *o = opts ? opts : &zero;
    if (!out)
        return IBIDI_E_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if ((!s && len) || (!buf && cap) || !options_ok(o))
        return IBIDI_E_INVALID_ARGUMENT;
    run r;
    memset(&r, 0, sizeof r);
    r.s = s ? s : "";
    r.len = len;
    r.o = o;
    r.r = out;
    r.checks = effective_checks(o);
    out->policy = o->policy;
    out->checks = r.checks;
    out->context = o->context;
    out->kind = o->as ? o->as : IBIDI_IRI_AS_DOMAIN;
    out->data_version = ibidi_unicode_version();
    const size_t shared = shared_work(len, r.checks);
    work_layout(&r.w, NULL, shared);
    const uintptr_t wp = (uintptr_t)o->work,
                    skip = (IBIDI__ARENA_ALIGN - wp % IBIDI__ARENA_ALIGN) % IBIDI__ARENA_ALIGN;
    if (!o->work || o->work_size < r.w.total)
        return IBIDI_E_SHOW_WORK_TOO_SMALL;
    work_layout(&r.w, (char *)o->work + skip, shared);
    r.idna.profile = (r.checks & IBIDI_SHOW_URL_HOST) ? IBIDI_IDNA_PROFILE_WHATWG : o->profile;
    r.idna.add = (r.checks & IBIDI_SHOW_BIDI_PER_LABEL) ? IBIDI_IDNA_BIDI_PER_LABEL : 0u;
    r.idna.work = r.w.shared;
    r.idna.work_size = r.w.shared_size;
    ibidi__arena_init(&r.a, buf, cap);
    ibidi_error e;
    if (len > IBIDI_SHOW_MAX_BYTES) {
        out->error.status = IBIDI_E_TOO_LONG;
        out->error.offset = IBIDI_SHOW_MAX_BYTES;
    } else if (ibidi_utf8_validate(r.s, len, NULL, &e) != IBIDI_OK) {
        out->error = e;
    } else {
        ibidi_iri_info info;
        memset(&info, 0, sizeof info);
        ibidi_status st = IBIDI_OK;
        out->kind = o->as ? o->as : ibidi__iri_auto_kind(r.s, len);
        ibidi_iri_components comps = {r.w.comps, COMPS_MAX, 0};
        if (out->kind != IBIDI_IRI_AS_DOMAIN)
            st = ibidi_iri_parse(r.s, len, out->kind, &comps, &info, &e);
        if (out->kind == IBIDI_IRI_AS_DOMAIN) {
            r.host_len = len; /* IDNA judges it, parse errors and all */
            decide(&r);
        } else if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL) {
            out->error = e;
        } else if (info.host_kind == IBIDI_IRI_COMP_LABEL && info.host.length) {
            r.host = info.host.start;
            r.host_len = info.host.length;
            decide(&r);
            if (out->error.status == IBIDI_OK)
                check_components(&r, &comps);
        } else { /* no host to decide on (an IP address, a relative reference): the text
                    as it is, in its form */
            out->valid = 1;
            compose(&r);
        }
    }
    if (out->error.status != IBIDI_OK) {
        out->valid = 0;
        out->unicode = 0;
        out->text.data = NULL;
        out->text.len = 0;
        out->form = out->text;
    }
    out->reasons = r.a.base ? (const ibidi_finding *)(const void *)(r.a.base +
                                   ibidi__arena_round(r.n * sizeof(ibidi_show_label)))
                            : NULL;
    if (!out->n_reasons)
        out->reasons = NULL;
    out->needed = ibidi__arena_needed(&r.a);
    return ibidi__arena_room(&r.a, 0) ? IBIDI_OK : IBIDI_E_BUFFER_TOO_SMALL;
}
