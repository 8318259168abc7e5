-- The display-key index answers "which registered names display like this one".
-- 20000 names: ASCII, Hebrew, and Arabic pairs that differ only in the order of their
-- labels (ABC.14.com and 14.ABC.com show the same glyphs: RFC 5893 §2's example)
CREATE TABLE domains (name text PRIMARY KEY);
INSERT INTO domains
SELECT CASE i % 4
           WHEN 0 THEN 'name' || i || '.com'
           WHEN 1 THEN translate(i::text, '0123456789', 'אבגדהוזחטי') || '.com'
           WHEN 2 THEN translate(i::text, '0123456789', 'ابتثجحخدذر') || '.' || (i % 97) || '.com'
           ELSE ((i - 1) % 97) || '.' || translate((i - 1)::text, '0123456789', 'ابتثجحخدذر') || '.com'
       END
FROM generate_series(1, 20000) i;
CREATE INDEX domains_display_ltr ON domains (ibidi_display_key(name, 'ltr'));
ANALYZE domains;
-- registration-time lookup: the index, not a scan
EXPLAIN (COSTS OFF)
SELECT name FROM domains
WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key('14.بج.com', 'ltr');
SELECT name FROM domains
WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key('14.بج.com', 'ltr') ORDER BY name;
-- a name already there under another spelling: the A-label of a registered U-label
SELECT name FROM domains
WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key(ibidi_to_ascii('גב.com'), 'ltr');
-- in a prepared statement (the registry's path): a generic plan still uses the index
PREPARE lookup(text) AS
    SELECT name FROM domains WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key($1, 'ltr');
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE lookup('14.بج.com');
EXECUTE lookup('14.بج.com');
RESET plan_cache_mode;
-- a constraint: only valid names are registered
ALTER TABLE domains ADD CONSTRAINT valid_name CHECK (ibidi_is_valid(name)) NOT VALID;
INSERT INTO domains VALUES ('1א.com');
INSERT INTO domains VALUES ('שלום.example');
