-- Fuzz: every function of the extension, some five thousand calls with hostile arguments
-- made here from a fixed seed, so the run and its output are the same on every machine.
-- Each call runs in a handler that keeps its SQLSTATE (a backend crash fails pg_regress by
-- itself); the output is a summary per function, then the properties, each a query of the
-- calls that break it: only the SQLSTATEs the README documents, never XX000, and the
-- functions agree with each other. The library's own fuzz targets (fuzz/) take its calls;
-- this one takes what the extension adds: argument reading, the length bound, profile and
-- context words, the copies into palloc'd memory, the JSON, the twins as rows, the LGR
-- table and its per-backend cache.
-- the functions' warnings show without their context, which would name this session's
-- temporary schema
\set VERBOSITY terse
-- one process draws every random number, in order (random() in a parallel worker would not)
SET max_parallel_workers_per_gather = 0;
SELECT setseed(0.24);

-- ---- Inputs ---------------------------------------------------------------------------------

-- One draw of a token: mostly what names are made of, and what breaks them.
CREATE FUNCTION pg_temp.pick(a text[]) RETURNS text VOLATILE LANGUAGE sql
    AS 'SELECT a[1 + floor(random() * cardinality(a))::int]';
CREATE FUNCTION pg_temp.pick_cp(a int[]) RETURNS text VOLATILE LANGUAGE sql
    AS 'SELECT chr(a[1 + floor(random() * cardinality(a))::int])';
-- clean: only what a name may hold (letters, digits, hyphens, dots, marks, A-labels).
CREATE FUNCTION pg_temp.fuzz_token(clean boolean) RETURNS text VOLATILE LANGUAGE plpgsql AS $$
DECLARE
    r int := floor(random() * CASE WHEN clean THEN 34 ELSE 40 END);
BEGIN
    RETURN CASE
        WHEN r < 6 THEN chr(97 + floor(random() * 26)::int)              -- a-z
        WHEN r = 6 THEN chr(65 + floor(random() * 26)::int)              -- A-Z: mapped
        WHEN r < 11 THEN chr(48 + floor(random() * 10)::int)             -- 0-9: EN
        WHEN r < 14 THEN pg_temp.pick('{-,.,.,.,--,_}')                  -- hyphens, dots
        WHEN r < 20 THEN chr(x'05D0'::int + floor(random() * 27)::int)   -- Hebrew letters: R
        WHEN r < 26 THEN chr(x'0621'::int + floor(random() * 42)::int)   -- Arabic letters: AL
        WHEN r < 28 THEN chr(x'0660'::int + floor(random() * 10)::int)   -- A-I digits: AN
        WHEN r = 28 THEN chr(x'06F0'::int + floor(random() * 10)::int)   -- Ext. A-I digits: EN
        -- combining marks: grave, acute, sheva, fathatan, superscript alef, Hebrew point
        WHEN r < 31 THEN pg_temp.pick_cp('{768,769,1456,1611,1648,1473}')
        -- other full stops: ideographic, fullwidth, halfwidth ideographic (UTS #46 maps them)
        WHEN r = 31 THEN pg_temp.pick_cp('{12290,65294,65377}')
        -- A-labels, good and bad: שלום, مثال, Punycode that does not decode or overflows
        WHEN r < 34 THEN pg_temp.pick('{xn--,XN--,xn--9dbne9b,xn--mgbh0fb,xn--a,xn---,xn--ls8h,'
                                      'xn--zzzzzzzzzzzz}')
        -- bidi controls: LRM RLM ALM LRE RLE PDF LRO RLO LRI RLI FSI PDI
        WHEN r = 34 THEN pg_temp.pick_cp(ARRAY[8206, 8207, 1564, 8234, 8235, 8236, 8237, 8238,
                                               8294, 8295, 8296, 8297])
        WHEN r = 35 THEN pg_temp.pick_cp('{8204,8205}')                  -- ZWNJ, ZWJ (CONTEXTJ)
        -- the rest: deviations (ß ς), tatweel, CONTEXTO (middle dot, geresh, keraia, katakana
        -- middle dot), AN end of ayah, U+FFFD, BOM, a noncharacter, private use, an emoji,
        -- controls, spaces, brackets (mirrored), delimiters, NEL and the separators (B, WS)
        ELSE pg_temp.pick_cp(ARRAY[223, 962, 1600, 183, 1523, 885, 12539, 1757, 65533, 65279,
                                   1114111, 57344, 128512, 9, 1, 32, 40, 41, 91, 93, 123, 125,
                                   60, 62, 47, 64, 58, 37, 35, 133, 8232, 8233, 12288])
    END;
END $$;
CREATE FUNCTION pg_temp.fuzz_text(tokens int, clean boolean DEFAULT false) RETURNS text
VOLATILE LANGUAGE plpgsql AS $$
DECLARE
    s text := '';
BEGIN
    FOR i IN 1 .. tokens LOOP
        s := s || pg_temp.fuzz_token(clean);
    END LOOP;
    RETURN s;
END $$;

-- Each input: a name, and the profile, context and LGR name it is called with; mostly
-- good words, else a bad one (case, spaces, empty, too long) or NULL (the functions are
-- STRICT). A name is mostly short (as names are), else up to 300 tokens.
CREATE TEMP TABLE fuzz_input (id int PRIMARY KEY, name text, profile text, context text,
                              lgr text);
DO $$
DECLARE
    r float8;
BEGIN
    FOR i IN 1 .. 500 LOOP
        r := random();
        INSERT INTO fuzz_input VALUES (
            i,
            CASE WHEN r < 0.02 THEN NULL
                 ELSE pg_temp.fuzz_text(CASE WHEN r < 0.65 THEN floor(random() * 16)::int
                                             WHEN r < 0.93 THEN 16 + floor(random() * 48)::int
                                             ELSE 64 + floor(random() * 237)::int END,
                                        random() < 0.4) END,
            CASE WHEN random() < 0.88
                 THEN pg_temp.pick('{uts46,whatwg,idna2008-lookup,idna2008-register,default}')
                 ELSE pg_temp.pick('{UTS46,"",uts46\ ,idna2008,uts-46,NULL}') END,
            CASE WHEN random() < 0.9 THEN pg_temp.pick('{ltr,rtl,default}')
                 ELSE pg_temp.pick('{LTR,"",auto,rtl\ ,NULL}') END,
            CASE WHEN random() < 0.92 THEN 'toy'
                 ELSE pg_temp.pick('{nosuch,"",TOY,NULL}') END);
    END LOOP;
END $$;
-- Bounds, each on both sides (same words: uts46, ltr, toy): the empty name, a label of 63
-- and 64 octets, a name of 253 and 254 octets, a 300-octet name, 256 and 257 code points
-- (the twin search's bound), 2048 and 2049 code points under 8192 bytes (IDNA's bound),
-- 8192 and 8193 bytes (the extension's), a 5000-character name drawn as above, names of
-- dots, hyphens and controls alone, and Punycode that overflows (RFC 3492 §6.4).
INSERT INTO fuzz_input (id, name, profile, context, lgr)
SELECT 1000 + row_number() OVER (), n, 'uts46', 'ltr', 'toy'
FROM unnest(ARRAY[
    '', '.', '..', '-', 'xn--', '。', repeat(chr(8207), 5), chr(8238) || 'moc.elpmaxe',
    repeat('a', 63) || '.com', repeat('a', 64) || '.com',
    repeat('א', 31) || 'a.com', repeat('א', 32) || '.com',
    repeat(repeat('a', 62) || '.', 4) || 'b', repeat(repeat('a', 62) || '.', 4) || 'bc',
    repeat(repeat('ש', 29) || '.', 5) || 'com', repeat(repeat('a', 59) || '.', 5) || 'com',
    repeat('א1.', 85) || 'a', repeat('א1.', 85) || 'ab', repeat('ب١-', 85) || 'ab',
    repeat('a.', 1024), repeat('a.', 1024) || 'b', repeat('אב.', 682) || 'גד',
    repeat('a', 8192), repeat('a', 8193), repeat('א', 4096), repeat('א', 4096) || 'a',
    pg_temp.fuzz_text(5000), repeat(chr(8294), 300) || 'a',
    repeat('.', 300), repeat('-', 300), 'xn--' || repeat('a', 59), 'xn--' || repeat('a', 60),
    'xn--99999999999a.com', 'xn--99999999999a']) n;

-- ---- Calls ----------------------------------------------------------------------------------

-- Every call, what it returned (as text) or the SQLSTATE it raised; its message and time
-- are not printed, they are there for whoever looks into a failure.
CREATE TEMP TABLE fuzz_call (id int, fn text, arg1 text, arg2 text, result text, state text,
                             message text, ms float8);
CREATE FUNCTION pg_temp.fuzz_try(id int, fn text, q text, a text, b text) RETURNS text
VOLATILE LANGUAGE plpgsql AS $$
DECLARE
    r text;
    s text := 'ok';
    m text;
    t timestamptz := clock_timestamp();
BEGIN
    BEGIN
        EXECUTE q INTO r USING a, b;
    EXCEPTION WHEN OTHERS THEN
        s := SQLSTATE;
        m := SQLERRM;
    END;
    INSERT INTO fuzz_call
    VALUES (id, fn, a, b, r, s, m, extract(epoch FROM clock_timestamp() - t) * 1000);
    RETURN r;
END $$;

-- the LGR of the inputs (already loaded by lgr.sql: the same document again is a no-op)
\set lgr_xml `cat ../data/samples/lgr/toy-hebrew-arabic.xml`
SELECT ibidi_lgr_load('toy', :'lgr_xml')->>'name' AS toy;

-- Each input through every function of a name, with its words ("default": the call
-- without the profile or context, which has the same meaning); then what the properties
-- compare: ToUnicode, ToASCII and the display key of the A-label form.
DO $$
DECLARE
    x record;
    p text;
    c text;
    q text;
    a text;
    u text;
BEGIN
    FOR x IN SELECT * FROM fuzz_input ORDER BY id LOOP
        p := CASE WHEN x.profile = 'default' THEN 'uts46' ELSE x.profile END;
        q := CASE WHEN x.profile = 'default' THEN '($1)' ELSE '($1, $2)' END;
        a := pg_temp.fuzz_try(x.id, 'ibidi_to_ascii', 'SELECT ibidi_to_ascii' || q, x.name, p);
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_to_unicode', 'SELECT ibidi_to_unicode' || q,
                                 x.name, p);
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_is_valid',
                                 'SELECT ibidi_is_valid' || q || '::text', x.name, p);
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_check', 'SELECT ibidi_check' || q || '::text',
                                 x.name, p);
        c := CASE WHEN x.context = 'default' THEN 'ltr' ELSE x.context END;
        q := CASE WHEN x.context = 'default' THEN '($1)' ELSE '($1, $2)' END;
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_display', 'SELECT ibidi_display' || q, x.name, c);
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_display_key', 'SELECT ibidi_display_key($1, $2)',
                                 x.name, c);
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_twins',
            'SELECT coalesce(jsonb_agg(jsonb_build_array(twin, valid, codes)), ''[]'')::text
             FROM ibidi_twins' || q, x.name, c);
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_lgr_check',
                                 'SELECT ibidi_lgr_check($1, $2)::text', x.lgr, x.name);
        PERFORM pg_temp.fuzz_try(x.id, 'ibidi_lgr_index', 'SELECT ibidi_lgr_index($1, $2)',
                                 x.lgr, x.name);
        IF a IS NOT NULL THEN
            u := pg_temp.fuzz_try(-x.id, 'ibidi_to_unicode', 'SELECT ibidi_to_unicode($1, $2)',
                                  a, p);
            PERFORM pg_temp.fuzz_try(-x.id, 'ibidi_to_ascii', 'SELECT ibidi_to_ascii($1, $2)',
                                     u, p);
            PERFORM pg_temp.fuzz_try(-x.id, 'ibidi_display_key',
                                     'SELECT ibidi_display_key($1, $2)', a, c);
        END IF;
    END LOOP;
END $$;

-- LGR documents: the toy LGR with one or two random edits, most of which keep it XML (an
-- empty element dropped or doubled, a code point or an attribute's value changed, an
-- element or attribute of LGR syntax put in after a tag), some not (a span cut out, the
-- end cut off, an entity, a stray character); each loaded under a name of its own (a few:
-- a bad name, or "toy", which holds the unedited document), then three labels checked and
-- indexed under the name.
CREATE TEMP TABLE fuzz_doc (xml text);
INSERT INTO fuzz_doc VALUES (:'lgr_xml');
DO $$
DECLARE
    doc text;
    name text;
    at int;
    el text := '<[^<>!?]*/>';  -- an empty element
    hex text := '[0-9A-F]{4,6}';
    attr text := '(type|disp|when|not-when|by-ref|from-tag|match|count)="[^"]*"';
BEGIN
    FOR i IN 1 .. 60 LOOP
        SELECT xml INTO doc FROM fuzz_doc;
        FOR k IN 1 .. 1 + floor(random() * 2)::int LOOP
            at := 1 + floor(random() * length(doc))::int;
            doc := CASE floor(random() * 8)::int
                WHEN 0 THEN regexp_replace(doc, el, '', at)
                WHEN 1 THEN regexp_replace(doc, el, '\&\&', at)
                WHEN 2 THEN regexp_replace(doc, hex, pg_temp.pick(
                    '{0000,0041,05D0,05EA,0627,064A,0660,200D,0640,D800,FFFF,10FFFF,110000}'),
                    at)
                WHEN 3 THEN regexp_replace(doc, attr, '\1="' || pg_temp.pick(ARRAY[
                    'blocked', 'allocatable', 'valid', 'invalid', 'hebrew', 'letter-or-digit',
                    'hyphen-between', 'before-arabic', 'sc:Hebr', 'digits', 'nosuch', '', '1+',
                    '0']) || '"', at)
                WHEN 4 THEN overlay(doc PLACING '' FROM at FOR 1 + floor(random() * 40)::int)
                WHEN 5 THEN left(doc, at)
                ELSE overlay(doc PLACING pg_temp.pick(ARRAY[
                    '<char cp="05D0"/>', '<char cp="0041 0042 0043"/>', '<char cp="110000"/>',
                    '<char cp="D800"/>', '<char cp="05D0" when="nosuch"/>',
                    '<var cp="05D0" type="blocked"/>', '<var cp="0627 0644" type="x"/>',
                    '<range first-cp="0000" last-cp="10FFFF"/>',
                    '<range first-cp="05EA" last-cp="05D0"/>', '<class>0000-10FFFF</class>',
                    '<class name="c" from-tag="nosuch"/>', '<class name="c" property="gc:Lu"/>',
                    '<rule name="r"><rule by-ref="r"/></rule>',
                    '<rule name="s"><start/><any count="1+"/><end/></rule>',
                    '<union name="u"><class by-ref="u"/></union>',
                    '<complement name="k"><class by-ref="hebrew"/></complement>',
                    '<action disp="invalid" match="letter-or-digit"/>',
                    '<action disp="blocked" any-variant="blocked hebrew"/>',
                    '<look-ahead><anchor/></look-ahead>', '<choice/>', ' when="hyphen-between"',
                    ' not-when="letter-or-digit"', ' count="0"', ' type=""',
                    '<!DOCTYPE lgr [<!ENTITY e "x">]>', '&e;', '&#x5D0;', '&#0;',
                    '<![CDATA[<x>]]>', '<?pi x?>', '<!-- -->', '</data>', '<rules>', '"',
                    '<', '>', '&', 'ש', chr(1)])
                    FROM at + strpos(substr(doc, at), '>') FOR 0)
            END;
        END LOOP;
        name := CASE WHEN random() < 0.9 THEN 'fuzz-' || i
                     ELSE pg_temp.pick(ARRAY['toy', '', repeat('n', 1025), NULL]) END;
        PERFORM pg_temp.fuzz_try(2000 + i, 'ibidi_lgr_load',
                                 'SELECT ibidi_lgr_load($1, $2)::text', name, doc);
        FOR k IN 1 .. 3 LOOP
            doc := pg_temp.fuzz_text(floor(random() * 12)::int);
            PERFORM pg_temp.fuzz_try(2000 + i, 'ibidi_lgr_check',
                                     'SELECT ibidi_lgr_check($1, $2)::text', name, doc);
            PERFORM pg_temp.fuzz_try(2000 + i, 'ibidi_lgr_index',
                                     'SELECT ibidi_lgr_index($1, $2)', name, doc);
        END LOOP;
    END LOOP;
END $$;

-- ---- Summary --------------------------------------------------------------------------------

-- Per function: the calls, those that returned, and each SQLSTATE raised (other: any
-- other one, which the first property lists).
SELECT fn, count(*) AS calls, count(*) FILTER (WHERE state = 'ok') AS returned,
       count(*) FILTER (WHERE state = 'IB001') AS "IB001",
       count(*) FILTER (WHERE state = 'IB002') AS "IB002",
       count(*) FILTER (WHERE state = 'IB003') AS "IB003",
       count(*) FILTER (WHERE state = '22023') AS "22023",
       count(*) FILTER (WHERE state = '42704') AS "42704",
       count(*) FILTER (WHERE state NOT IN ('ok', 'IB001', 'IB002', 'IB003', '22023',
                                            '42704')) AS other
FROM fuzz_call GROUP BY fn ORDER BY fn;
SELECT count(*) AS calls FROM fuzz_call;

-- ---- Properties: each query lists the calls that break it (none) ---------------------------

-- Only the SQLSTATEs documented for each function (README, "PostgreSQL"): IB001 from the
-- two conversions alone, and not from ToUnicode under whatwg (the URL Standard's domain to
-- Unicode never fails), IB003 and 42704 from the LGR functions alone.
SELECT id, fn, left(arg1, 40) AS arg1, left(arg2, 40) AS arg2, state
FROM fuzz_call
WHERE state <> 'ok'
  AND state NOT IN (CASE WHEN fn = 'ibidi_to_ascii'
                           OR (fn = 'ibidi_to_unicode' AND arg2 IS DISTINCT FROM 'whatwg')
                         THEN 'IB001' END,
                    'IB002', '22023',
                    CASE WHEN fn LIKE 'ibidi_lgr%' THEN 'IB003' END,
                    CASE WHEN fn IN ('ibidi_lgr_check', 'ibidi_lgr_index') THEN '42704' END)
ORDER BY id, fn;

-- STRICT: a NULL argument gives NULL (no row from ibidi_twins).
SELECT id, fn, state, left(result, 40) AS result
FROM fuzz_call
WHERE (arg1 IS NULL OR arg2 IS NULL)
  AND (state <> 'ok' OR result IS DISTINCT FROM CASE WHEN fn = 'ibidi_twins' THEN '[]' END)
ORDER BY id, fn;

-- ibidi_is_valid is true exactly when ibidi_to_ascii returns: false for an invalid name
-- (IB001) and for one the library cannot process (IB002: but over 8192 bytes, the
-- argument's bound, both raise); the same error for a bad profile.
SELECT t.id, left(t.arg1, 40) AS name, t.arg2 AS profile, t.state AS to_ascii,
       v.state AS is_valid_state, v.result AS is_valid
FROM fuzz_call t JOIN fuzz_call v USING (id)
WHERE t.fn = 'ibidi_to_ascii' AND v.fn = 'ibidi_is_valid' AND id > 0
  AND NOT ((t.state = 'ok' AND v.state = 'ok'
            AND v.result IS NOT DISTINCT FROM CASE WHEN t.result IS NOT NULL THEN 'true' END)
           OR (t.state IN ('IB001', 'IB002') AND v.state = 'ok' AND v.result = 'false')
           OR (t.state = 'IB002' AND v.state = 'IB002')
           OR (t.state = '22023' AND v.state = '22023'))
ORDER BY id;

-- A name ToASCII accepts comes back through ToUnicode under the same profile, and ToASCII
-- of that gives the same A-label form again (calls of the outputs have id -id). Not an
-- ASCII name under whatwg: the URL Standard takes one as it is in "domain to ASCII" alone
-- (idna.h, IBIDI_IDNA_URL_HOST), so ibidi_to_ascii('xn--a', 'whatwg') is xn--a while
-- ToUnicode decodes it to U+0080, which ToASCII refuses (V7).
SELECT t.id, left(t.arg1, 40) AS name, t.arg2 AS profile, left(t.result, 40) AS a_label,
       u.state AS to_unicode, left(u.result, 40) AS u_label, a.state AS again,
       left(a.result, 40) AS a_label_again
FROM fuzz_call t
JOIN fuzz_call u ON u.id = -t.id AND u.fn = 'ibidi_to_unicode'
LEFT JOIN fuzz_call a ON a.id = -t.id AND a.fn = 'ibidi_to_ascii'
WHERE t.fn = 'ibidi_to_ascii' AND t.id > 0 AND t.result IS NOT NULL
  AND NOT (t.arg2 = 'whatwg' AND t.arg1 ~ '^[\x01-\x7F]*$')
  AND (u.state <> 'ok' OR a.state <> 'ok' OR a.result <> t.result)
ORDER BY t.id;

-- ibidi_check: the library's verdict as a jsonb object (ibidi check --json --as domain); for
-- a text that is no name, its input, kind, profile, validity, reasons and an error; valid
-- as ibidi_is_valid says and exactly when the reasons are "[]", an error finding only in
-- an invalid name, a_label that of ibidi_to_ascii when it returns, the five verdicts in
-- their order.
SELECT c.id, left(c.arg1, 40) AS name, c.arg2 AS profile, left(c.result, 60) AS result
FROM fuzz_call c
JOIN fuzz_call v ON v.id = c.id AND v.fn = 'ibidi_is_valid'
JOIN fuzz_call t ON t.id = c.id AND t.fn = 'ibidi_to_ascii'
CROSS JOIN LATERAL (SELECT c.result::jsonb AS j) s
WHERE c.fn = 'ibidi_check' AND c.state = 'ok' AND c.result IS NOT NULL
  AND NOT (j->>'input' = c.arg1 AND j->>'kind' = 'domain' AND j->>'profile' = c.arg2
           AND j->>'valid' = v.result AND (j->>'valid' = 'true') = (j->>'status' = '[]')
           AND CASE WHEN j ? 'error'
                    THEN (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(j) k)
                             = '{error,input,kind,profile,status,valid}'
                         AND jsonb_typeof(j->'error'->'status') = 'string'
                         AND v.result = 'false'
                    ELSE j ?& '{unicode,findings,labels,profiles,rfc5893,ambiguity}'
                         AND jsonb_typeof(j->'findings') = 'array'
                         AND jsonb_typeof(j->'labels') = 'array'
                         AND jsonb_typeof(j->'rfc5893'->'checked') = 'boolean'
                         AND jsonb_typeof(j->'ambiguity'->'analysed') = 'boolean'
                         AND (j->>'valid' = 'false'
                              OR NOT jsonb_path_exists(j, '$.findings[*] ? (@.severity == "error")'))
                         AND (t.state <> 'ok' OR j->>'a_label' = t.result)
                         AND (SELECT array_agg(e->>'profile' ORDER BY o)
                              FROM jsonb_array_elements(j->'profiles') WITH ORDINALITY x(e, o))
                             = '{uts46,whatwg,idna2008-lookup,idna2008-register,bidi-per-label}'
                    END)
ORDER BY c.id;

-- The display key: the same again when computed here (a plain call, not EXECUTE's), and
-- the same for the A-label form of the name (README: they share a key).
SELECT k.id, left(k.arg1, 40) AS name, k.arg2 AS context, k.result AS key,
       a.result AS of_a_label
FROM fuzz_call k
LEFT JOIN fuzz_call a ON a.id = -k.id AND a.fn = 'ibidi_display_key' AND a.state = 'ok'
WHERE k.fn = 'ibidi_display_key' AND k.id > 0 AND k.state = 'ok'
  AND (ibidi_display_key(k.arg1, k.arg2) IS DISTINCT FROM k.result
       OR (a.id IS NOT NULL AND a.result IS DISTINCT FROM k.result))
ORDER BY k.id;

-- ibidi_display: the visual form has the name's characters, reordered.
SELECT id, left(arg1, 40) AS name, arg2 AS context, left(result, 40) AS display
FROM fuzz_call
WHERE fn = 'ibidi_display' AND state = 'ok' AND result IS NOT NULL
  AND char_length(result) <> char_length(arg1)
ORDER BY id;

-- ibidi_twins: other names than the input, valid ones first, then in the order of their
-- bytes (as the command lists them), valid exactly when no code is broken, and as
-- ibidi_is_valid judges them.
WITH t AS (
    SELECT c.id, c.arg1, c.arg2, o, e->>0 AS twin, (e->>1)::boolean AS valid, e->>2 AS codes,
           lead((e->>1)::boolean) OVER w AS next_valid, lead(e->>0) OVER w AS next_twin
    FROM fuzz_call c, jsonb_array_elements(c.result::jsonb) WITH ORDINALITY x(e, o)
    WHERE c.fn = 'ibidi_twins' AND c.state = 'ok'
    WINDOW w AS (PARTITION BY c.id ORDER BY o))
SELECT id, left(arg1, 40) AS name, arg2 AS context, o, left(twin, 40) AS twin, valid, codes
FROM t
WHERE twin = arg1 OR valid <> (codes = '[]') OR (NOT valid AND next_valid)
   OR (valid = next_valid AND next_twin COLLATE "C" <= twin COLLATE "C")
   OR ibidi_is_valid(twin) <> valid
ORDER BY id, o;

-- LGRs: ibidi_lgr_index returns a label exactly when ibidi_lgr_check finds the label
-- eligible, or not eligible only because an action makes it invalid (RFC 7940 §8.1.1:
-- it keeps its index label), and it is the index the check gives; an LGR loads under its
-- name.
SELECT c.id, c.arg1 AS lgr, left(c.arg2, 40) AS label, i.state, i.result AS index,
       left(c.result, 60) AS check
FROM fuzz_call c
JOIN fuzz_call i ON i.id = c.id AND i.fn = 'ibidi_lgr_index'
                    AND i.arg1 IS NOT DISTINCT FROM c.arg1 AND i.arg2 IS NOT DISTINCT FROM c.arg2
WHERE c.fn = 'ibidi_lgr_check' AND c.state = 'ok' AND c.result IS NOT NULL
  AND NOT (c.result::jsonb->>'input' = c.arg2
           AND CASE WHEN i.state = 'ok' AND i.result IS NOT NULL
                    THEN (c.result::jsonb->>'eligible' = 'true'
                          OR c.result::jsonb->'reason'->>'status' = 'LGR_INVALID_DISPOSITION')
                         AND c.result::jsonb->>'index' = i.result
                    ELSE i.state <> 'ok' OR c.result::jsonb->>'eligible' IS DISTINCT FROM 'true'
                         OR NOT c.result::jsonb ? 'index'
                    END)
ORDER BY c.id;
SELECT id, arg1 AS lgr, left(result, 60) AS result
FROM fuzz_call
WHERE fn = 'ibidi_lgr_load' AND state = 'ok' AND result::jsonb->>'name' <> arg1
ORDER BY id;

-- ---- Found by this test -------------------------------------------------------------------

-- An LGR loaded in a transaction, or a subtransaction, that rolls back is gone, and so is
-- this backend's compiled copy of it: the name, free again, may be loaded with another
-- document, which the functions then read (they answered with the first one before, and
-- another backend with the second: an index on ibidi_lgr_index would have mixed them).
BEGIN;
SAVEPOINT s;
SELECT ibidi_lgr_load('fuzz-rollback', :'lgr_xml')->>'code_points' AS code_points;
SELECT ibidi_lgr_check('fuzz-rollback', 'שלום')->>'eligible' AS eligible;
ROLLBACK TO SAVEPOINT s;
COMMIT;
BEGIN;
SELECT ibidi_lgr_load('fuzz-rollback-2', :'lgr_xml')->>'code_points' AS code_points;
SELECT ibidi_lgr_index('fuzz-rollback-2', 'שלום') AS index;
ROLLBACK;
-- the same names, now with the toy LGR without the Hebrew letters from zayin on (shin too)
SELECT n, ibidi_lgr_load(n, replace(:'lgr_xml',
                                    '<range first-cp="05D6" last-cp="05EA" tag="sc:Hebr" />',
                                    ''))->>'code_points' AS code_points
FROM (VALUES ('fuzz-rollback'), ('fuzz-rollback-2')) v(n);
SELECT n, ibidi_lgr_check(n, 'שלום')->>'eligible' AS eligible,
       ibidi_lgr_index(n, 'שלום') AS index
FROM (VALUES ('fuzz-rollback'), ('fuzz-rollback-2')) v(n);

-- A name with more twins than a call lists (100000, the command's --max-twins default):
-- a warning says the list stops there. Before, the twins up to the search's bound (a
-- million, here) were all held in the backend's memory, hundreds of megabytes.
SELECT count(*) AS twins, count(*) FILTER (WHERE valid) AS valid
FROM ibidi_twins(repeat('a.1.ب.', 35), 'rtl');

-- the LGRs loaded here go: no index uses their names
DELETE FROM ibidi_lgr WHERE name LIKE 'fuzz-%';
RESET max_parallel_workers_per_gather;
\set VERBOSITY default
