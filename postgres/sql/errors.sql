-- Errors: their SQLSTATEs, the rule and the offset, hints for bad words; never a crash.
-- (each error is followed by its SQLSTATE: VERBOSITY verbose would print source lines)
SELECT ibidi_to_ascii('1א.com');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_to_unicode('xn--a.com');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_to_unicode('xn---', 'idna2008-lookup');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_to_ascii('a..b');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_to_ascii('example.com', 'uts47');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_display('example.com', 'up');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_display_key('example.com', '');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_to_ascii(repeat('a', 9000));
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_to_ascii(repeat('ab.', 2000));
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_display('a‮b.com');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM ibidi_twins(repeat('א1.', 100));
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_lgr_check('nosuch', 'x');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_lgr_load('bad', '<lgr><data>');
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_lgr_load('bad', '<?xml version="1.0"?><lgr xmlns="urn:ietf:params:xml:ns:lgr-1.0"><data><char cp="ZZ"/></data></lgr>');
\echo :LAST_ERROR_SQLSTATE
\set lgr_xml `cat ../data/samples/lgr/toy-hebrew-arabic.xml`
SELECT ibidi_lgr_load('toy', replace(:'lgr_xml', '</lgr>', '<!-- another --></lgr>'));
\echo :LAST_ERROR_SQLSTATE
SELECT ibidi_lgr_load('', :'lgr_xml');
\echo :LAST_ERROR_SQLSTATE
-- the SQLSTATE in a handler
DO $$
BEGIN
    PERFORM ibidi_to_ascii('1א.com');
EXCEPTION WHEN SQLSTATE 'IB001' THEN
    RAISE NOTICE 'caught IB001: %', SQLERRM;
END $$;
-- odd inputs that are errors or answers, never a crash
SELECT ibidi_is_valid(''), ibidi_is_valid('.'), ibidi_is_valid(repeat('x', 8192)),
       ibidi_display_key('', 'ltr') IS NULL AS empty_key;
SELECT count(*) FROM (SELECT ibidi_check(chr(c) || '.com') FROM generate_series(1, 1000) c
                      WHERE c NOT BETWEEN 55296 AND 57343) s;
SELECT ibidi_check(E'a\tb')->>'valid' AS tab, ibidi_check('xn--')->>'status' AS xn;
