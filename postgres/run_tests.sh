#!/bin/sh
# postgres/run_tests.sh (make -C postgres installcheck): the extension on a real server.
#  1. pg_regress (make installcheck-server) on a cluster of its own: every function, the
#     error messages and SQLSTATEs, the display-key index in EXPLAIN, a parallel plan, and
#     every function over some five thousand hostile arguments drawn from a fixed seed
#     (sql/fuzz.sql: the SQLSTATEs each raises, and the functions agree with each other);
#  2. ibidi_check against the command: for each name of a list, the jsonb of
#     ibidi_check(name) equals `ibidi check --json --as domain NAME` read as jsonb.
# Prints "N passed, N failed" (pg_regress's tests, then one per name) and exits 1 on a
# failure. The cluster lives in a temporary folder, removed at the end (cluster.sh).
set -u
cd "$(dirname "$0")"
CLUSTER_OPTS=
. ./cluster.sh
pass=0
fail=0

cluster_install || exit 1
cluster_start || exit 1
echo "== server on 127.0.0.1:$PGPORT ($("$PG_BINDIR/postgres" --version))"

# 1. pg_regress: its summary line is "All N tests passed." or "M of N tests failed."
out=$(make -s installcheck-server PG_CONFIG="$PG_CONFIG" 2>&1)
echo "$out"
total=$(echo "$out" | sed -n 's/.*All \([0-9]*\) tests passed.*/\1/p; s/.* of \([0-9]*\) tests failed.*/\1/p' | head -1)
failed=$(echo "$out" | sed -n 's/.* \([0-9]*\) of [0-9]* tests failed.*/\1/p' | head -1)
if [ -z "$total" ]; then
    echo "FAIL: pg_regress did not run"
    fail=$((fail + 1))
else
    failed=${failed:-0}
    pass=$((pass + total - failed))
    fail=$((fail + failed))
    [ "$failed" = 0 ] || { [ -f regression.diffs ] && head -150 regression.diffs; }
fi

# 2. the same JSON as the command
CLI=../build/ibidi
psql_q() { "$PG_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -d postgres "$@"; }
psql_q -c 'CREATE EXTENSION IF NOT EXISTS ibidi' >/dev/null
for name in example.com 'שלום.com' 'ABC.123.com' 'xn--9dbne9b.com' 'مثال.إختبار' \
    'א1.com' '1א.com' 'ب-١٢٣.com' 'a‌b.com' 'ÖBB.at' '-x.com' 'xn--a.com' 'עברית.123' \
    'a..b' '' 'אב.גד'; do
    json=$("$CLI" check --json --as domain "$name" 2>/dev/null)
    same=$(printf '%s\n' "SELECT ibidi_check(:'n') = :'j'::jsonb;" |
        psql_q -v n="$name" -v j="$json" 2>&1)
    if [ "$same" = t ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: ibidi_check('$name') differs from ibidi check --json --as domain: $same"
        printf '%s\n' "SELECT ibidi_check(:'n');" | psql_q -v n="$name"
        echo "$json"
    fi
done

cluster_stop
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
