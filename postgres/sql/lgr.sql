-- LGRs (RFC 7940): load, check a label, its index label; the per-backend cache.
\set lgr_xml `cat ../data/samples/lgr/toy-hebrew-arabic.xml`
SELECT ibidi_lgr_load('toy', :'lgr_xml');
-- the same document again changes nothing
SELECT ibidi_lgr_load('toy', :'lgr_xml')->>'name' AS again;
SELECT name, length(xml) > 1000 AS stored FROM ibidi_lgr;
SELECT jsonb_pretty(ibidi_lgr_check('toy', 'שלום'));
SELECT l, c->>'eligible' AS eligible, c->>'disposition' AS disposition,
       c->>'registrable' AS registrable, c->'reason'->>'status' AS reason
FROM (SELECT l, ibidi_lgr_check('toy', l) AS c
      FROM (VALUES ('שלום'), ('abc'), ('xn--9dbne9b'), ('')) v(l)) s;
SELECT l, ibidi_lgr_index('toy', l) AS index
FROM (VALUES ('שלום'), ('abc'), ('xn--9dbne9b')) v(l);
-- an index on the index label finds a label's variants
CREATE TABLE labels (label text PRIMARY KEY);
INSERT INTO labels VALUES ('كتاب'), ('کتاب'), ('كتأب'), ('بات'), ('שלום'), ('abc');
CREATE INDEX labels_lgr ON labels (ibidi_lgr_index('toy', label));
SELECT label FROM labels
WHERE ibidi_lgr_index('toy', label) = ibidi_lgr_index('toy', 'كتاب') ORDER BY label;
SELECT ibidi_lgr_index('toy', 'کتاب') AS index_label;
DROP TABLE labels;
-- A label checked in the same PL/pgSQL function that loaded its LGR: the new row is not
-- yet visible to the IMMUTABLE check there (its call is folded at plan time), so the
-- loader leaves what it compiled in the backend's cache.
CREATE FUNCTION load_and_check(n text, x text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    PERFORM ibidi_lgr_load(n, x);
    RETURN ibidi_lgr_check(n, 'שלום')->>'disposition';
END $$;
SELECT load_and_check('same-block', :'lgr_xml') AS disposition;
-- ... and that entry goes when the subtransaction that loaded it aborts: the name is free
-- again, for another document.
CREATE FUNCTION load_then_fail(n text, x text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    BEGIN
        PERFORM ibidi_lgr_load(n, x);
        PERFORM 1 / 0;
    EXCEPTION WHEN division_by_zero THEN
        NULL;
    END;
    RETURN ibidi_lgr_check(n, 'שלום')->>'disposition';
END $$;
SELECT load_then_fail('rolled-back', :'lgr_xml');
SELECT load_and_check('rolled-back', replace(:'lgr_xml', 'everything else', 'the rest'))
    AS other_document;
SELECT ibidi_lgr_check('rolled-back', 'שלום')->'action'->>'comment' AS its_comment;
-- A subtransaction that commits hands its entry to its parent; the parent's abort drops it.
BEGIN;
SAVEPOINT outer_sp;
SAVEPOINT inner_sp;
SELECT load_and_check('nested', :'lgr_xml') AS disposition;
RELEASE SAVEPOINT inner_sp;
SELECT ibidi_lgr_check('nested', 'שלום')->>'disposition' AS after_release;
ROLLBACK TO SAVEPOINT outer_sp;
SELECT ibidi_lgr_check('nested', 'שלום');
ROLLBACK;
-- An aborted sibling subtransaction leaves the entry of the loading one alone.
CREATE FUNCTION load_fail_check(n text, x text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    PERFORM ibidi_lgr_load(n, x);
    BEGIN
        PERFORM 1 / 0;
    EXCEPTION WHEN division_by_zero THEN
        NULL;
    END;
    RETURN ibidi_lgr_check(n, 'שלום')->>'disposition';
END $$;
SELECT load_fail_check('sibling', :'lgr_xml') AS disposition;
SELECT name FROM ibidi_lgr WHERE name IN ('same-block', 'rolled-back', 'nested', 'sibling')
ORDER BY name;
DROP FUNCTION load_and_check(text, text), load_then_fail(text, text),
    load_fail_check(text, text);
