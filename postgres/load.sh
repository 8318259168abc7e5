#!/bin/sh
# postgres/load.sh (make -C postgres load): the extension under concurrent load, on a
# cluster of its own (cluster.sh, loopback only), bounded in time (two and a half minutes
# with the defaults on two cores).
#  1. N names (LOAD_NAMES, default 1000000) made with gen_name.sql (bench.sh's names) in
#     the table domains, with expression indexes on the display key and on the skeleton;
#     an RFC 7940 LGR loaded (the root zone's Arabic LGR from ../../shared/lgr, else the
#     repository's small one); an empty table registrations whose CHECK constraint calls
#     ibidi_is_valid, with a display-key index of its own.
#  2. pgbench with 1, 8 and 32 clients (LOAD_CLIENTS) for LOAD_SECONDS (default 30) each,
#     prepared statements, a mix of five scripts by weight: ibidi_check and ibidi_to_ascii
#     of a name (4), a lookup of a name's display key through its index (3), of its
#     skeleton through its index (3), ibidi_lgr_check of a label (3), an insert into
#     registrations through its CHECK (2). Names are drawn over twice the table's range,
#     so half the lookups find nothing. Each run gives the transactions per second, the
#     50th and 99th percentile latency from pgbench's per-transaction logs, the peak
#     resident memory of the client backends (VmHWM, and the largest private part seen,
#     RssAnon; /proc sampled every half second), the failed transactions and aborted
#     clients, and the backends that crashed (the server log).
#  3. Cancellation: a long call under statement_timeout = 200ms, timed in the server from
#     the statement's start to the cancel it catches: ibidi_twins of a long name (seconds
#     of search for one twin), and a statement of many ibidi_lgr_check calls on labels
#     with more variants than a uint64 counts; each is also timed without the timeout.
#  4. Afterwards: every row is there (domains holds N, registrations one row per insert
#     pgbench logged), every index agrees with its table (amcheck's bt_index_check with
#     heapallindexed: every row's key, computed again, is in the index), lookups of a
#     sample through the indexes equal the same lookups by sequential scan, every
#     registration is valid and the CHECK refuses an invalid name; and the module
#     installed is still this build's (the server's folders are the machine's).
# Prints the table and "N passed, N failed" (the checks of 2-4); exits 1 on a failure.
set -u
cd "$(dirname "$0")"
N=${LOAD_NAMES:-1000000}
T=${LOAD_SECONDS:-30}
CLIENTS=${LOAD_CLIENTS:-"1 8 32"}
TIMEOUT_MS=200
# the cancel must come within 100 ms of the limit
CANCEL_SLACK_MS=100
LGR_FILE=${LOAD_LGR:-../../shared/lgr/root-zone/lgr-5/lgr-5-arabic-script-26may22-en.xml}
[ -f "$LGR_FILE" ] || LGR_FILE=../data/samples/lgr/toy-hebrew-arabic.xml
CLUSTER_OPTS="-c max_connections=50 -c shared_buffers=256MB -c work_mem=64MB -c maintenance_work_mem=256MB -c max_parallel_maintenance_workers=2 -c synchronous_commit=off -c checkpoint_timeout=30min -c max_wal_size=4GB"
. ./cluster.sh
t_start=$(date +%s)
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
psql_q() { "$PG_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -d postgres "$@"; }
elapsed() { echo $(($(date +%s) - t_start)); }

cluster_install || exit 1
# The server's folders are shared by every checkout on the machine: another make install
# during the run would put another build under the backends that start after it. The
# module installed must stay this one's to the end, or the figures are not this build's.
MODULE=$("$PG_CONFIG" --pkglibdir)/ibidi.so
module_sum=$(cksum <ibidi.so)
module_kept() {
    if [ "$(cksum <"$MODULE")" = "$module_sum" ]; then
        ok
    else
        ko "$MODULE was replaced during the run ($1; another make install?): what follows is of another build"
    fi
}
[ "$(cksum <"$MODULE")" = "$module_sum" ] || { echo "the installed module is not ./ibidi.so" >&2; exit 1; }
cluster_start || exit 1
W=$CLUSTER_DIR/load
mkdir -p "$W"
echo "== server on 127.0.0.1:$PGPORT; $N names, $T s a run, clients: $CLIENTS"
echo "== LGR: $LGR_FILE"

# 1. the tables
psql_q -v n="$N" -v lgr_file="$LGR_FILE" <<'SQL' || exit 1
CREATE EXTENSION ibidi;
CREATE EXTENSION amcheck;
\i gen_name.sql
CREATE TABLE domains (id bigint PRIMARY KEY, name text NOT NULL);
INSERT INTO domains SELECT i, gen_name(i) FROM generate_series(1, :n) i;
CREATE INDEX domains_display ON domains (ibidi_display_key(name, 'ltr'));
CREATE INDEX domains_skeleton ON domains (ibidi_skeleton(name));
VACUUM ANALYZE domains;
\set lgr_xml `cat :'lgr_file'`
SELECT format('   loaded: %s code points, %s variants', j->>'code_points', j->>'variants')
FROM ibidi_lgr_load('lgr', :'lgr_xml') j;
CREATE TABLE registrations (id bigserial PRIMARY KEY,
                            name text NOT NULL CHECK (ibidi_is_valid(name)));
CREATE INDEX registrations_display ON registrations (ibidi_display_key(name, 'ltr'));
SQL
echo "== tables and indexes built ($(elapsed) s)"
psql_q -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM domains
           WHERE ibidi_skeleton(name) = ibidi_skeleton(gen_name(42))" | sed 's/^/   /'

# 2. the runs. A valid name (i % 4 is 0 or 1, gen_name.sql) is 4 (k / 2) + k % 2; the
# inserted ones lie past the table's numbers. Labels for the LGR: the Arabic letters of a
# number (gen_name's), doubled.
cat >"$W/check.sql" <<'EOF'
\set k random(1, 2 * :n)
\set v 4 * (:k / 2) + :k % 2
SELECT ibidi_check(gen_name(:v))->>'valid', ibidi_to_ascii(gen_name(:v));
EOF
cat >"$W/key.sql" <<'EOF'
\set i random(1, 2 * :n)
SELECT count(*) FROM domains WHERE ibidi_display_key(name, 'ltr') = ibidi_display_key(gen_name(:i), 'ltr');
EOF
cat >"$W/skeleton.sql" <<'EOF'
\set i random(1, 2 * :n)
SELECT count(*) FROM domains WHERE ibidi_skeleton(name) = ibidi_skeleton(gen_name(:i));
EOF
cat >"$W/lgr.sql" <<'EOF'
\set i random(1, :n)
SELECT ibidi_lgr_check('lgr', repeat(translate(:i::text, '0123456789', 'ابتثجحخدذر'), 2))->>'disposition';
EOF
cat >"$W/insert.sql" <<'EOF'
\set k random(1, 2 * :n)
\set v 4 * (:n + :k / 2) + :k % 2
INSERT INTO registrations (name) VALUES (gen_name(:v));
EOF
# crash lines of the server log: a backend killed by a signal or exiting with an error
# code makes the postmaster say so and restart every backend
crashes() {
    grep -cE 'terminated by signal|server process .* (was terminated|exited with exit code)|PANIC|terminating any other active server processes' "$CLUSTER_LOG"
}
postmaster=$(head -1 "$CLUSTER_DIR/data/postmaster.pid")
# the client backends' peak resident set (VmHWM) and private memory (RssAnon), in kB,
# every half second while pgbench runs; each line "hwm anon" of one backend
sample() {
    while [ -f "$W/sampling" ]; do
        for p in $(pgrep -P "$postmaster"); do
            grep -q '127.0.0.1' "/proc/$p/cmdline" 2>/dev/null || continue
            awk '/^VmHWM:/ { h = $2 } /^RssAnon:/ { a = $2 } END { if (h) print h, a }' \
                "/proc/$p/status" 2>/dev/null
        done >>"$W/rss.$1"
        sleep 0.5
    done
}
# p50 and p99 of the latencies (ms) of a per-transaction log, of one script or all
pct() {
    awk -v k="$2" '$3 ~ /^[0-9]+$/ && (k == "all" || $4 == k) { print $3 }' "$1" | sort -n |
        awk '{ v[NR] = $1 }
             END { if (NR) printf "%.2f %.2f", v[int((NR + 1) * 0.5)] / 1000, v[int((NR - 1) * 0.99) + 1] / 1000 }'
}
inserts_total=0
printf '%s\n' "clients tps p50_ms p99_ms peak_rss_MB peak_private_MB errors crashed" >"$W/table"
for c in $CLIENTS; do
    j=2
    [ "$c" -lt 2 ] && j=1
    before=$(crashes)
    : >"$W/sampling"
    : >"$W/rss.$c"
    sample "$c" &
    sampler=$!
    "$PG_BINDIR/pgbench" -n -M prepared -c "$c" -j "$j" -T "$T" -D n="$N" \
        --random-seed=20261129 -l --log-prefix="$W/log.$c" \
        -f "$W/check.sql@4" -f "$W/key.sql@3" -f "$W/skeleton.sql@3" -f "$W/lgr.sql@3" \
        -f "$W/insert.sql@2" postgres >"$W/out.$c" 2>"$W/err.$c"
    rc=$?
    rm -f "$W/sampling"
    wait "$sampler"
    tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$W/out.$c" | head -1)
    [ -n "$tps" ] && tps=$(printf '%.1f' "$tps")
    failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$W/out.$c")
    aborted=$(grep -c 'aborted' "$W/err.$c")
    errors=$((${failed:-0} + aborted))
    [ "$rc" = 0 ] || errors=$((errors + 1))
    crashed=$(($(crashes) - before))
    # per-transaction logs: "client transaction latency_us script epoch us"; a failed
    # transaction has a word for its latency
    cat "$W/log.$c".* >"$W/all.$c"
    lat=$(pct "$W/all.$c" all)
    ins=$(awk '$4 == 4 && $3 ~ /^[0-9]+$/' "$W/all.$c" | wc -l)
    inserts_total=$((inserts_total + ins))
    rss=$(awk '{ if ($1 > h) h = $1; if ($2 > a) a = $2 } END { printf "%.1f %.1f", h / 1024, a / 1024 }' "$W/rss.$c")
    echo "== $c clients: $(grep -E '^(number of transactions actually processed|latency average)' "$W/out.$c" | tr '\n' ' ')"
    k=0
    for s in check key skeleton lgr insert; do
        echo "   $s: $(awk -v k=$k '$4 == k' "$W/all.$c" | wc -l) transactions, p50 p99 ms: $(pct "$W/all.$c" $k)"
        k=$((k + 1))
    done
    grep -v 'setting random seed' "$W/err.$c" | head -5
    printf '%s\n' "$c ${tps:-?} ${lat:-? ?} ${rss} $errors $crashed" >>"$W/table"
    if [ -n "$tps" ] && [ "$errors" = 0 ] && [ "$crashed" = 0 ]; then
        ok
    else
        ko "$c clients: pgbench exit $rc, $errors errors, $crashed crashed"
    fi
done
echo "== load ($(elapsed) s)"
column -t "$W/table"
errlines=$(grep -c 'ERROR:' "$CLUSTER_LOG")
if [ "$errlines" = 0 ]; then ok; else ko "$errlines ERROR lines in the server log"; grep 'ERROR:' "$CLUSTER_LOG" | head -5; fi

module_kept "before the cancellation"

# 3. cancellation: the milliseconds from the statement's start to the cancel it caught
# (NULL when it was not cancelled)
long_twins="$(awk 'BEGIN { for (k = 0; k < 12; k++) printf "%s١٢.א.1-2-3-4", k ? "." : "" }')"
long_label="$(awk 'BEGIN { for (k = 0; k < 21; k++) printf "كيه" }')"
psql_q -v twins="$long_twins" -v label="$long_label" -v tmo="$TIMEOUT_MS" >"$W/cancel" <<'SQL' || ko "the cancellation script failed"
SET client_min_messages = error;
CREATE FUNCTION cancel_ms(q text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz := statement_timestamp();
BEGIN
    EXECUTE q;
    RETURN NULL;
EXCEPTION WHEN query_canceled THEN
    RETURN round(extract(epoch FROM clock_timestamp() - t0)::numeric * 1000, 1);
END $$;
CREATE FUNCTION run_ms(q text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
    EXECUTE q;
    RETURN round(extract(epoch FROM clock_timestamp() - t0)::numeric * 1000, 1);
END $$;
\set q_twins 'SELECT count(*) FROM ibidi_twins(' :'twins' ')'
\set q_lgr 'SELECT count(*) FROM generate_series(1, 100000) g WHERE ibidi_lgr_check(''lgr'', left(' :'label' ', 63 - g % 2))->>''eligible'' = ''true'''
SELECT 'twins', run_ms(:'q_twins');
SELECT 'lgr', run_ms(:'q_lgr');
SET statement_timeout = :tmo;
SELECT 'twins', cancel_ms(:'q_twins');
SELECT 'twins', cancel_ms(:'q_twins');
SELECT 'twins', cancel_ms(:'q_twins');
SELECT 'lgr', cancel_ms(:'q_lgr');
SELECT 'lgr', cancel_ms(:'q_lgr');
SELECT 'lgr', cancel_ms(:'q_lgr');
SQL
for what in twins lgr; do
    full=$(awk -F'|' -v w="$what" '$1 == w { print $2; exit }' "$W/cancel")
    times=$(awk -F'|' -v w="$what" '$1 == w { n++; if (n > 1) printf "%s%s", (n > 2 ? " " : ""), ($2 == "" ? "none" : $2) }' "$W/cancel")
    echo "== cancel of $what at ${TIMEOUT_MS} ms: after $times ms (the call alone: $full ms)"
    worst=$(echo "$times" | awk -v lim=$((TIMEOUT_MS + CANCEL_SLACK_MS)) '
        { for (i = 1; i <= NF; i++) if ($i == "none" || $i + 0 > lim) bad = 1 }
        END { print bad ? "late" : "ok" }')
    if [ -n "$times" ] && [ "$worst" = ok ]; then
        ok
    else
        ko "the cancel of $what came later than $((TIMEOUT_MS + CANCEL_SLACK_MS)) ms (or never)"
    fi
done
echo "== cancellation ($(elapsed) s)"

# 4. integrity
psql_q -v n="$N" -v ins="$inserts_total" >"$W/integrity" 2>&1 <<'SQL' || ko "the integrity script failed"
SELECT 'domains rows', count(*) = :n, count(*) FROM domains;
SELECT 'registrations rows', count(*) = :ins, count(*) FROM registrations;
-- every row's keys, computed again, are in each index (and each index is well formed)
SELECT 'bt_index_check ' || c.relname, bt_index_check(c.oid, true)::text = '',
       CASE i.indrelid WHEN 'domains'::regclass THEN (SELECT count(*) FROM domains)
                       ELSE (SELECT count(*) FROM registrations) END
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
WHERE i.indrelid IN ('domains'::regclass, 'registrations'::regclass)
ORDER BY c.relname;
-- lookups of a sample through the indexes and by sequential scan: the same rows
CREATE TEMP TABLE sample AS
    SELECT gen_name(1 + (i * 7919) % (2 * :n)) AS name FROM generate_series(1, 2000) i
    UNION SELECT name FROM registrations WHERE id % 50 = 0;
SET enable_seqscan = off;
CREATE TEMP TABLE by_index AS
    SELECT s.name, 'key' AS k, (SELECT string_agg(d.id::text, ',' ORDER BY d.id) FROM domains d
        WHERE ibidi_display_key(d.name, 'ltr') = ibidi_display_key(s.name, 'ltr')) AS ids FROM sample s
    UNION ALL
    SELECT s.name, 'skeleton', (SELECT string_agg(d.id::text, ',' ORDER BY d.id) FROM domains d
        WHERE ibidi_skeleton(d.name) = ibidi_skeleton(s.name)) FROM sample s
    UNION ALL
    SELECT s.name, 'registrations', (SELECT string_agg(r.id::text, ',' ORDER BY r.id) FROM registrations r
        WHERE ibidi_display_key(r.name, 'ltr') = ibidi_display_key(s.name, 'ltr')) FROM sample s;
RESET enable_seqscan;
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SET max_parallel_workers_per_gather = 2;
CREATE TEMP TABLE by_scan AS
    SELECT s.name, 'key' AS k, string_agg(d.id::text, ',' ORDER BY d.id) AS ids
    FROM sample s LEFT JOIN domains d ON ibidi_display_key(d.name, 'ltr') = ibidi_display_key(s.name, 'ltr')
    GROUP BY s.name
    UNION ALL
    SELECT s.name, 'skeleton', string_agg(d.id::text, ',' ORDER BY d.id)
    FROM sample s LEFT JOIN domains d ON ibidi_skeleton(d.name) = ibidi_skeleton(s.name)
    GROUP BY s.name
    UNION ALL
    SELECT s.name, 'registrations', string_agg(r.id::text, ',' ORDER BY r.id)
    FROM sample s LEFT JOIN registrations r ON ibidi_display_key(r.name, 'ltr') = ibidi_display_key(s.name, 'ltr')
    GROUP BY s.name;
RESET enable_indexscan;
RESET enable_bitmapscan;
SELECT 'index = scan ' || k, count(*) FILTER (WHERE x.ids IS DISTINCT FROM y.ids) = 0,
       count(*) FILTER (WHERE x.ids IS NOT NULL)
FROM by_index x FULL JOIN by_scan y USING (name, k)
GROUP BY k ORDER BY k;
SELECT 'registrations valid', count(*) FILTER (WHERE NOT ibidi_is_valid(name)) = 0, count(*)
FROM registrations;
DO $$
BEGIN
    INSERT INTO registrations (name) VALUES ('14.ابج.com');
    RAISE NOTICE 'refused|f|0';
EXCEPTION WHEN check_violation THEN
    RAISE NOTICE 'CHECK refuses an invalid name|t|1';
END $$;
SQL
echo "== integrity ($(elapsed) s)"
sed 's/^.*NOTICE:  //' "$W/integrity" | grep '|' | while IFS='|' read -r what good count; do
    echo "   $what: $good ($count)"
done
good=$(grep -c '|t|' "$W/integrity")
bad=$(grep -c '|f|' "$W/integrity")
# 2 counts, 5 indexes, 3 kinds of lookup, validity, the CHECK
if [ "$bad" = 0 ] && [ "$good" = 12 ]; then
    ok
else
    ko "integrity: $good checks held, $bad did not (of 12)"
    grep -v '|t|' "$W/integrity" | head -10
fi
crashed=$(crashes)
if [ "$crashed" = 0 ]; then ok; else ko "$crashed crash lines in the server log"; fi
module_kept "at the end"

cluster_stop
echo "== total $(elapsed) s"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
