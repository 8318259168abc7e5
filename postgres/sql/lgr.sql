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
