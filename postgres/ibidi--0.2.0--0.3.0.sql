-- ibidi 0.2.0 to 0.3.0 (ALTER EXTENSION ibidi UPDATE): the functions 0.3.0 adds. The
-- others keep their signatures; ibidi_check's jsonb is now the library's verdict record
-- (README, changelog 0.3.0) and ibidi_display_key strips the root's dot as ibidi scan does.
\echo Use "ALTER EXTENSION ibidi UPDATE TO '0.3.0'" to load this file. \quit

CREATE FUNCTION ibidi_codes(OUT kind text, OUT code integer, OUT name text,
                            OUT enumerator text, OUT capability text, OUT family text,
                            OUT severity text, OUT short_text text, OUT rule text,
                            OUT message text, OUT example text)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'pg_ibidi_codes'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 150;
COMMENT ON FUNCTION ibidi_codes() IS
    'every finding code and status of the library''s table of codes (ibidi explain): its name, severity, family of rules, short text, the rule it cites, its sentence and a command that shows it';

CREATE FUNCTION ibidi_needs_embedding(ident text, context text DEFAULT 'ltr',
                                      before text DEFAULT '', after text DEFAULT '',
                                      kind text DEFAULT 'auto') RETURNS boolean
    AS 'MODULE_PATHNAME', 'pg_ibidi_needs_embedding'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION ibidi_needs_embedding(text, text, text, text, text) IS
    'the 2012 bidi IRI guidelines section 2 test: whether the identifier (kind auto, domain, iri or email) needs an embedding between the text before and after it in a ltr or rtl paragraph (ibidi display --needs-embedding)';

-- RFC 7940 §8.1.1: a label an action makes invalid is not eligible, yet keeps its index label
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
