-- ibidi 0.3.0: libibidi's checks as SQL functions (postgres/ibidi.c; README, "PostgreSQL").
\echo Use "CREATE EXTENSION ibidi" to load this file. \quit

-- Labels. IMMUTABLE: the result depends on the arguments alone (libibidi keeps no state and
-- its Unicode tables are compiled in), so the functions may be used in indexes, generated
-- columns and constraints, and are folded at plan time on constants. PARALLEL SAFE: they
-- touch nothing but their arguments (the LGR functions read the table ibidi_lgr, which a
-- parallel worker may read). STRICT: a NULL argument gives NULL without a call. COST: the
-- planner's weight of a call against a comparison (1); a name through IDNA or the display
-- takes a few microseconds, which makes index scans and parallel plans look as worth it
-- as they are.

CREATE FUNCTION ibidi_to_ascii(name text, profile text DEFAULT 'uts46') RETURNS text
    AS 'MODULE_PATHNAME', 'pg_ibidi_to_ascii'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION ibidi_to_ascii(text, text) IS
    'UTS #46 ToASCII (or IDNA2008) under a profile: uts46, whatwg, idna2008-lookup, idna2008-register; an invalid name is an error (SQLSTATE IB001) naming the rule and byte offset';

CREATE FUNCTION ibidi_to_unicode(name text, profile text DEFAULT 'uts46') RETURNS text
    AS 'MODULE_PATHNAME', 'pg_ibidi_to_unicode'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION ibidi_to_unicode(text, text) IS
    'UTS #46 ToUnicode (or IDNA2008) under a profile; an invalid name is an error (SQLSTATE IB001), but under whatwg, whose domain to Unicode returns its result whatever the validation errors';

CREATE FUNCTION ibidi_is_valid(name text, profile text DEFAULT 'uts46') RETURNS boolean
    AS 'MODULE_PATHNAME', 'pg_ibidi_is_valid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION ibidi_is_valid(text, text) IS
    'true when ToASCII under the profile records no error (IDNA rules, the Bidi Rule of RFC 5893)';

CREATE FUNCTION ibidi_check(name text, profile text DEFAULT 'uts46') RETURNS jsonb
    AS 'MODULE_PATHNAME', 'pg_ibidi_check'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5000;
COMMENT ON FUNCTION ibidi_check(text, text) IS
    'the library''s verdict on a domain name (validity and reasons; every finding of IDNA, the UTS #39 policy, RFC 5893 section 3 and Badami''s ambiguity; labels, profiles, displays) as ibidi check --json --as domain writes it';

CREATE FUNCTION ibidi_codes(OUT kind text, OUT code integer, OUT name text,
                            OUT enumerator text, OUT capability text, OUT family text,
                            OUT severity text, OUT short_text text, OUT rule text,
                            OUT message text, OUT example text)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'pg_ibidi_codes'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 150;
COMMENT ON FUNCTION ibidi_codes() IS
    'every finding code and status of the library''s table of codes (ibidi explain): its name, severity, family of rules, short text, the rule it cites, its sentence and a command that shows it';

CREATE FUNCTION ibidi_display(name text, context text DEFAULT 'ltr') RETURNS text
    AS 'MODULE_PATHNAME', 'pg_ibidi_display'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION ibidi_display(text, text) IS
    'the visual form (display order, left to right) of a domain name as written, in a ltr or rtl paragraph';

CREATE FUNCTION ibidi_needs_embedding(ident text, context text DEFAULT 'ltr',
                                      before text DEFAULT '', after text DEFAULT '',
                                      kind text DEFAULT 'auto') RETURNS boolean
    AS 'MODULE_PATHNAME', 'pg_ibidi_needs_embedding'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION ibidi_needs_embedding(text, text, text, text, text) IS
    'the 2012 bidi IRI guidelines section 2 test: whether the identifier (kind auto, domain, iri or email) needs an embedding between the text before and after it in a ltr or rtl paragraph (ibidi display --needs-embedding)';

CREATE FUNCTION ibidi_display_key(name text, context text) RETURNS text
    AS 'MODULE_PATHNAME', 'pg_ibidi_display_key'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION ibidi_display_key(text, text) IS
    'the key ibidi scan groups on: the visual form of the name''s ToUnicode form in a ltr or rtl paragraph; equal keys display alike; NULL when the form is no domain name';

CREATE FUNCTION ibidi_twins(name text, context text DEFAULT 'ltr',
                            OUT twin text, OUT valid boolean, OUT codes text)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'pg_ibidi_twins'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10000 ROWS 4;
COMMENT ON FUNCTION ibidi_twins(text, text) IS
    'every other domain name that shows the same glyphs (Badami''s display twins, the exact search), valid ones first, with the codes of the rules each breaks';

-- LGRs (RFC 7940). A name, once loaded, always means the same document: ibidi_lgr_load
-- refuses another one under it. That is what lets ibidi_lgr_check and ibidi_lgr_index be
-- IMMUTABLE (as to_tsvector(regconfig, text) is over its configuration) and each backend
-- keep the compiled LGR for its life. Deleting or updating rows of ibidi_lgr by hand breaks
-- that promise: rebuild the indexes that use the name (REINDEX) if you do.
CREATE TABLE ibidi_lgr (
    name text PRIMARY KEY,
    xml text NOT NULL,
    loaded timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE ibidi_lgr IS 'RFC 7940 LGR documents by name, written by ibidi_lgr_load';
GRANT SELECT ON ibidi_lgr TO PUBLIC;
SELECT pg_catalog.pg_extension_config_dump('ibidi_lgr', '');

CREATE FUNCTION ibidi_lgr_load(name text, xml text) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'pg_ibidi_lgr_load'
    LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
COMMENT ON FUNCTION ibidi_lgr_load(text, text) IS
    'compiles an LGR document and stores it under a name (the same document again is a no-op; another is refused, SQLSTATE IB003); returns what it holds';

CREATE FUNCTION ibidi_lgr_check(lgr text, label text) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'pg_ibidi_lgr_check'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION ibidi_lgr_check(text, text) IS
    'a label under a loaded LGR: eligibility, disposition, registrable, the deciding action, the index label (ibidi lgr check --json)';

CREATE FUNCTION ibidi_lgr_index(lgr text, label text) RETURNS text
    AS 'MODULE_PATHNAME', 'pg_ibidi_lgr_index'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION ibidi_lgr_index(text, text) IS
    'the index label of RFC 7940 section 8.5: labels with the same one are variants of each other; NULL when a code point is outside the repertoire or out of its context (a label an action makes invalid keeps its index label)';

CREATE FUNCTION ibidi_skeleton(name text) RETURNS text
    AS 'MODULE_PATHNAME', 'pg_ibidi_skeleton'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION ibidi_skeleton(text) IS
    'UTS #39 section 4: the skeleton of the name''s ToUnicode form (ibidi check); names with equal skeletons are confusable, so an index on it finds every confusable pair by equality';

CREATE FUNCTION ibidi_skeleton(name text, context text) RETURNS text
    AS 'MODULE_PATHNAME', 'pg_ibidi_skeleton'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION ibidi_skeleton(text, text) IS
    'UTS #39 section 4: the bidi skeleton of the name''s ToUnicode form in a ltr or rtl paragraph: names with equal keys look alike there (U+05E1 U+05E1 U+05D5 .com looks like loo.com in ltr)';

CREATE FUNCTION ibidi_show(ident text, policy text DEFAULT 'default', context text DEFAULT 'ltr',
                           protect text[] DEFAULT NULL) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'pg_ibidi_show'
    LANGUAGE C IMMUTABLE PARALLEL SAFE COST 2000;
COMMENT ON FUNCTION ibidi_show(text, text, text, text[]) IS
    'how a browser, a mail client or an app should show a domain name, IRI or mail address: each label in Unicode or as its A-label, the string to show (show) and its presentation form, and every reason, under a policy (default, chromium, firefox, webkit), in a ltr or rtl paragraph, with protected names whose look-alikes are shown as A-labels (ibidi show --json)';
