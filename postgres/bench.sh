#!/bin/sh
# postgres/bench.sh (make -C postgres bench): the extension at a registry's scale, on a
# cluster of its own (cluster.sh). N names (default 1000000; BENCH_NAMES=...) are made
# with generate_series and gen_name.sql (load.sh's too): a quarter ASCII, a quarter
# Hebrew, half Arabic in pairs that differ only in the order of their labels (ABC.14.com
# and 14.ABC.com show the same glyphs), so that a quarter of the names sit in collision
# groups. Then, each beside plain lower(name) as the baseline:
#   - the expression index build;
#   - the full collision query (GROUP BY the key, HAVING count(*) > 1), parallel workers
#     allowed (max_parallel_workers_per_gather = 2);
#   - registration-time lookups through the index: BENCH_LOOKUPS (default 20000)
#     candidate names, half registered, half new, one query each from PL/pgSQL (a
#     prepared plan, as an application's), and the mean time of one.
set -u
cd "$(dirname "$0")"
N=${BENCH_NAMES:-1000000}
L=${BENCH_LOOKUPS:-20000}
CLUSTER_OPTS="-c shared_buffers=256MB -c work_mem=64MB -c maintenance_work_mem=256MB -c max_parallel_workers_per_gather=2 -c max_parallel_maintenance_workers=2 -c synchronous_commit=off"
. ./cluster.sh
cluster_install || exit 1
cluster_start || exit 1
echo "== server on 127.0.0.1:$PGPORT; $N names, $L lookups"
"$PG_BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -d postgres -v n="$N" -v l="$L" <<'SQL' || exit 1
CREATE EXTENSION ibidi;
\pset footer off
\i gen_name.sql
-- milliseconds a statement takes
CREATE FUNCTION ms(q text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
    EXECUTE q;
    RETURN round(extract(epoch FROM clock_timestamp() - t0)::numeric * 1000, 1);
END $$;
-- mean milliseconds of one lookup: names of numbers drawn over twice the table's range
-- (half of them registered), each looked up by the key, with a prepared plan
CREATE FUNCTION lookups(nlook int, nrows int, by_key boolean) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz; hits bigint := 0; c bigint; cand text;
BEGIN
    PERFORM setseed(0.5);
    CREATE TEMP TABLE cands AS
        SELECT gen_name(1 + (random() * (2 * nrows - 1))::bigint) AS name
        FROM generate_series(1, nlook);
    t0 := clock_timestamp();
    FOR cand IN SELECT name FROM cands LOOP
        IF by_key THEN
            SELECT count(*) INTO c FROM domains
            WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key(cand, 'ltr');
        ELSE
            SELECT count(*) INTO c FROM domains WHERE lower(name) = lower(cand);
        END IF;
        hits := hits + c;
    END LOOP;
    DROP TABLE cands;
    RAISE NOTICE '% lookups by %: % names found', nlook,
        CASE WHEN by_key THEN 'display key' ELSE 'lower(name)' END, hits;
    RETURN round(extract(epoch FROM clock_timestamp() - t0)::numeric * 1000 / nlook, 4);
END $$;
CREATE TABLE domains (name text PRIMARY KEY);
SELECT ms(format('INSERT INTO domains SELECT gen_name(i) FROM generate_series(1, %s) i', :n))
    AS load_ms;
VACUUM ANALYZE domains;
SELECT pg_size_pretty(pg_relation_size('domains')) AS table_size;
\echo == index builds
SELECT ms($$CREATE INDEX domains_display_ltr ON domains (ibidi_display_key(name, 'ltr'))$$)
    AS display_key_index_ms,
       ms($$CREATE INDEX domains_lower ON domains (lower(name))$$) AS lower_index_ms;
ANALYZE domains;
SELECT pg_size_pretty(pg_relation_size('domains_display_ltr')) AS display_key_index_size,
       pg_size_pretty(pg_relation_size('domains_lower')) AS lower_index_size;
\echo == the full collision query (parallel workers allowed)
EXPLAIN (COSTS OFF)
SELECT ibidi_display_key(name, 'ltr') AS key, count(*) FROM domains GROUP BY 1 HAVING count(*) > 1;
SELECT ms($$CREATE TEMP TABLE groups_ltr AS
            SELECT ibidi_display_key(name, 'ltr') AS key, count(*) AS names
            FROM domains GROUP BY 1 HAVING count(*) > 1$$) AS collision_query_ms,
       ms($$CREATE TEMP TABLE groups_lower AS
            SELECT lower(name) AS key, count(*) AS names
            FROM domains GROUP BY 1 HAVING count(*) > 1$$) AS lower_group_by_ms;
SELECT count(*) AS groups, sum(names) AS names_in_groups FROM groups_ltr;
SET max_parallel_workers_per_gather = 0;
SELECT ms($$CREATE TEMP TABLE groups_serial AS
            SELECT ibidi_display_key(name, 'ltr') AS key, count(*) AS names
            FROM domains GROUP BY 1 HAVING count(*) > 1$$) AS collision_query_serial_ms;
RESET max_parallel_workers_per_gather;
\echo == registration-time lookups through the index
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
SELECT name FROM domains WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key('14.بج.com', 'ltr');
EXPLAIN (ANALYZE, COSTS OFF)
SELECT name FROM domains WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key('14.بج.com', 'ltr');
SELECT lookups(:l, :n, true) AS display_key_ms_per_lookup,
       lookups(:l, :n, false) AS lower_ms_per_lookup;
SQL
cluster_stop
