-- The collision groups of a table as one query, run by parallel workers.
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
-- every group of names that display alike in a left-to-right paragraph; the workers
-- compute the keys (the Output of the Parallel Seq Scan)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT ibidi_display_key(name, 'ltr') AS key, count(*) AS names
FROM domains GROUP BY 1 HAVING count(*) > 1;
SELECT count(*) AS groups, sum(names) AS names_in_groups
FROM (SELECT ibidi_display_key(name, 'ltr') AS key, count(*) AS names
      FROM domains GROUP BY 1 HAVING count(*) > 1) g;
-- with the names of each group
SELECT ibidi_display_key(name, 'ltr') AS key, array_agg(name ORDER BY name) AS names
FROM domains GROUP BY 1 HAVING count(*) > 1 ORDER BY 1 LIMIT 3;
-- the workers really ran (EXPLAIN ANALYZE's count of launched workers)
CREATE FUNCTION workers_launched(q text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON) ' || q INTO plan;
    RETURN (SELECT max((m[1])::int)
            FROM regexp_matches(plan::text, '"Workers Launched": ([0-9]+)', 'g') m);
END $$;
SELECT workers_launched($$SELECT ibidi_display_key(name, 'ltr'), count(*) FROM domains
                          GROUP BY 1 HAVING count(*) > 1$$) > 0 AS parallel;
-- the same answer without workers
SET max_parallel_workers_per_gather = 0;
SELECT count(*) AS groups, sum(names) AS names_in_groups
FROM (SELECT ibidi_display_key(name, 'ltr') AS key, count(*) AS names
      FROM domains GROUP BY 1 HAVING count(*) > 1) g;
DROP FUNCTION workers_launched(text);
DROP TABLE domains;
