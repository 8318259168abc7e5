#!/bin/sh
# postgres/run_tests.sh (make -C postgres installcheck): the extension on a real server.
#  1. pg_regress (make installcheck-server) on a cluster of its own: every function, the
#     error messages and SQLSTATEs, the display-key index in EXPLAIN, a parallel plan, and
#     every function over some five thousand hostile arguments drawn from a fixed seed
#     (sql/fuzz.sql: the SQLSTATEs each raises, and the functions agree with each other);
#  2. ibidi_check against the command: for each name of a list, the jsonb of
#     ibidi_check(name) equals `ibidi check --json --as domain NAME` read as jsonb, and
#     ibidi_show(name, policy) equals `ibidi show --json --policy POLICY NAME`; and
#     the extension installed as 0.2.0 and updated has the functions of a fresh 0.3.0;
#  3. ibidi_display_key against `ibidi scan --json`: for every name of the bundled list,
#     a few written with the root's dot, and 100,000 names drawn from a fixed seed, the key
#     of each context is the display the command groups the name on (NULL where it has none).
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

# 2a. ibidi_show against the command, under each policy
for name in example.com 'ססו.com' '123.אבג.com' 'pаypal.com' 'مثال.إختبار' 'user@ايران.com' \
    'http://ססו.com/x' 'a..b' '' 'xn--pxel-lza43z.com'; do
    for policy in default chromium firefox webkit; do
        json=$("$CLI" show --json --policy "$policy" -- "$name" 2>/dev/null)
        same=$(printf '%s\n' "SELECT ibidi_show(:'n', :'p') = :'j'::jsonb;" |
            psql_q -v n="$name" -v p="$policy" -v j="$json" 2>&1)
        if [ "$same" = t ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL: ibidi_show('$name', '$policy') differs from ibidi show --json: $same"
        fi
    done
done

# 2b. the upgrade from 0.2.0: ALTER EXTENSION ibidi UPDATE gives the functions of a fresh
# 0.3.0 install, with the same signatures
psql_q -c 'CREATE DATABASE ibidi_upgrade' >/dev/null
"$PG_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -d ibidi_upgrade \
    -c "CREATE EXTENSION ibidi VERSION '0.2.0'" -c "ALTER EXTENSION ibidi UPDATE TO '0.3.0'" \
    >/dev/null 2>&1
fns="SELECT string_agg(p.oid::regprocedure::text, ' ' ORDER BY p.oid::regprocedure::text)
     FROM pg_proc p
     JOIN pg_depend d ON d.objid = p.oid JOIN pg_extension e ON e.oid = d.refobjid
     WHERE e.extname = 'ibidi'"
upgraded=$("$PG_BINDIR/psql" -X -q -At -d ibidi_upgrade -c "$fns" 2>&1)
fresh=$(psql_q -c "$fns" 2>&1)
if [ -n "$fresh" ] && [ "$upgraded" = "$fresh" ]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: 0.2.0 updated to 0.3.0 is not a fresh 0.3.0: $upgraded // $fresh"
fi
psql_q -c 'DROP DATABASE ibidi_upgrade' >/dev/null

# 3. the display keys of the command's scan. The generator is a Park-Miller sequence in awk
# (exact in doubles, the same under mawk and gawk) over an alphabet of letters of both
# directions, digits of three kinds, marks, joiners, case and the label separators.
tmp=$(mktemp -d) || exit 1
awk 'BEGIN {
    n = split("a b z A B 0 1 9 - . . xn-- \327\220 \327\221 \327\251 \330\247 \330\250 " \
              "\331\241 \331\242 \333\261 \337\200 \337\212 \326\267 \331\213 " \
              "\342\200\214 \342\200\215 \303\237 \316\261 . \343\200\202", al, " ")
    x = 20261129
    for (i = 0; i < 100000; i++) {
        x = (x * 16807) % 2147483647; len = 1 + x % 12; s = ""
        for (j = 0; j < len; j++) { x = (x * 16807) % 2147483647; s = s al[1 + x % n] }
        print s
    }
}' >"$tmp/names.txt"
{ grep -v '^#' ../data/samples/names.txt; printf '%s\n' 'אב.com.' 'example.com.' \
    'שלום.123.' 'xn--4dbrk0ce.com.' 'a.' '.'; cat "$tmp/names.txt"; } >"$tmp/all.txt"
"$CLI" scan --json "$tmp/all.txt" 2>/dev/null | grep '"type":"name"' >"$tmp/scan.json"
names=$(wc -l <"$tmp/scan.json")
# one raw line per row: a delimiter and a quote no JSON line holds
printf '%s\n' "CREATE TEMP TABLE s (j jsonb);
\\copy s FROM '$tmp/scan.json' WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')
SELECT count(*), count(*) FILTER (WHERE
    ibidi_display_key(j->>'name', 'ltr') IS NOT DISTINCT FROM j->'display'->>'ltr' AND
    ibidi_display_key(j->>'name', 'rtl') IS NOT DISTINCT FROM j->'display'->>'rtl'),
    count(*) FILTER (WHERE j->'display'->>'ltr' IS NOT NULL)
  FROM s;
SELECT j->>'name', ibidi_display_key(j->>'name', 'ltr'), j->'display'->>'ltr',
       ibidi_display_key(j->>'name', 'rtl'), j->'display'->>'rtl' FROM s
 WHERE ibidi_display_key(j->>'name', 'ltr') IS DISTINCT FROM j->'display'->>'ltr' OR
       ibidi_display_key(j->>'name', 'rtl') IS DISTINCT FROM j->'display'->>'rtl' LIMIT 5;" |
    psql_q >"$tmp/keys.out" 2>&1
read -r counts <"$tmp/keys.out"
rows=${counts%%|*}
rest=${counts#*|}
same=${rest%%|*}
shown=${rest#*|}
echo "== display keys: $rows names of the scan, $same with both keys the command's, $shown with a display"
if [ "$rows" = "$names" ] && [ "$same" = "$rows" ] && [ "$rows" -gt 100000 ] && [ "$shown" -gt 10000 ]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: ibidi_display_key differs from ibidi scan --json's display ($names names)"
    head -8 "$tmp/keys.out"
fi
rm -rf "$tmp"

cluster_stop
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
