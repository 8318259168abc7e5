-- IDNA: ToASCII, ToUnicode, validity and every finding (ibidi_check) under each profile.
CREATE EXTENSION ibidi;
SELECT ibidi_to_ascii('שלום.com'), ibidi_to_ascii('Bücher.example'),
       ibidi_to_ascii('faß.de', 'whatwg'), ibidi_to_ascii('faß.de', 'idna2008-register');
SELECT ibidi_to_unicode('xn--9dbne9b.com'), ibidi_to_unicode('XN--BCHER-KVA.example');
-- under whatwg, ToUnicode is the URL Standard's domain to Unicode: the result, errors or not
SELECT ibidi_to_unicode('xn---', 'whatwg'), ibidi_to_unicode('1א.com', 'whatwg'),
       ibidi_is_valid('1א.com', 'whatwg');
-- validity: the Bidi Rule (RFC 5893 §2) makes 1א.com invalid, ABC.123.com is ASCII
SELECT n, ibidi_is_valid(n) AS uts46, ibidi_is_valid(n, 'idna2008-lookup') AS lookup
FROM (VALUES ('שלום.com'), ('1א.com'), ('א1.com'), ('example.com'), ('a_b.com'),
             ('xn--a.com'), ('ÖBB.at'), ('-x.com')) AS t(n);
-- STRICT: NULL in, NULL out
SELECT ibidi_to_ascii(NULL), ibidi_is_valid(NULL), ibidi_check(NULL) IS NULL AS check_null;
-- ibidi_check: the library's verdict, the JSON of ibidi check --json --as domain
SELECT jsonb_pretty(ibidi_check('שלום.com'));
SELECT c->>'valid' AS valid, c->>'status' AS status, c->'findings'->0->>'code' AS first,
       c->'findings'->0->>'severity' AS severity, c->'findings'->0->>'offset' AS at,
       jsonb_array_length(c->'profiles') AS profiles
FROM (SELECT ibidi_check('1א.com') AS c) s;
SELECT c->>'valid' AS valid, c->>'status' AS status
FROM (SELECT ibidi_check('faß.de', p) AS c, p FROM (VALUES ('uts46'), ('idna2008-register')) v(p)) s;
-- Badami's findings: a number between two right-to-left labels
SELECT f->>'code' AS code, f->>'context' AS context, f->>'text' AS text
FROM jsonb_array_elements(ibidi_check('אב.12.גד')->'findings') f
WHERE f->>'code' IN ('NUMBER_LEVEL', 'IDN_NUMBER_LABEL', 'REC_II', 'REC_III_PRECEDING',
                     'REC_III_FOLLOWING', 'VALID_TWIN', 'INVALID_TWINS_ONLY')
ORDER BY 1, 2, 3;
-- an A-label is judged as the U-label users see: a Bidi domain name, the labels' categories
-- of their U-labels, each finding in both forms
SELECT c->>'unicode' AS unicode, c->>'bidi_domain_name' AS bidi_domain_name,
       (SELECT string_agg(l->>'category', ',') FROM jsonb_array_elements(c->'labels') l)
           AS categories
FROM (SELECT ibidi_check('123.xn--4dbrk0ce.com') AS c) s;
-- the table of codes: every finding code and status, with its family and the rule it cites
SELECT kind, code, name, family, severity, rule FROM ibidi_codes()
WHERE name IN ('B3', 'NUMBER_LEVEL', 'LGR_INELIGIBLE', 'UTF8_TRUNCATED') ORDER BY kind, code;
SELECT count(*) > 140 AS many, count(DISTINCT kind) AS kinds FROM ibidi_codes();
