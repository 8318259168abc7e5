-- postgres/gen_name.sql: the generated names of bench.sh and load.sh (\i gen_name.sql).
-- The name of number i: a quarter ASCII, a quarter Hebrew, half Arabic in pairs that differ
-- only in the order of their labels (ABC.14.com and 14.ABC.com show the same glyphs), so
-- that a quarter of the names sit in collision groups. i % 4 = 0 and 1 are valid names
-- (uts46); the Arabic ones are not (an all-digit label in a right-to-left name breaks the
-- Bidi Rule), which the collision groups do not mind.
CREATE FUNCTION gen_name(i bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE i % 4
        WHEN 0 THEN 'name' || i || '.com'
        WHEN 1 THEN translate(i::text, '0123456789', 'אבגדהוזחטי') || '.com'
        WHEN 2 THEN translate(i::text, '0123456789', 'ابتثجحخدذر') || '.' || (i % 97) || '.com'
        ELSE ((i - 1) % 97) || '.' || translate((i - 1)::text, '0123456789', 'ابتثجحخدذر') || '.com'
    END $$;
