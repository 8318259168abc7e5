#!/bin/sh
# ibidi explain: every example it gives is run through the real command and must report the
# code it illustrates (its name as a word in the output, or the text the row says it shows);
# a code without an example must say why. Then the ways to name a code (name, any case,
# number, enumerator, CODE@OFFSET, standard input), --json, and the exit statuses.
# (tests/test_explain.c checks that --list covers exactly the library's codes.)
# Usage: sh tests/test_explain.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

# The examples write the tool as `ibidi`.
ibidi() { "$IBIDI" "$@"; }

run list 0 "$IBIDI" explain --list
cp "$tmp/out" "$tmp/list"
examples=0
without=0
while read -r kind value name sev; do
    "$IBIDI" explain "$name" >"$tmp/one" 2>"$tmp/err" || ko "$name: explain exit $?"
    case $(head -n 1 "$tmp/one") in
    "$name ($kind"*" $value, "*) ok ;;
    *) ko "$name: first line '$(head -n 1 "$tmp/one")'" ;;
    esac
    ex=$(sed -n 's/^  example   //p' "$tmp/one")
    shows=$(sed -n 's/^  shows     //p' "$tmp/one")
    if [ -z "$ex" ]; then
        ko "$name: no example line"
    elif [ "$ex" = none ]; then
        without=$((without + 1))
        if grep -q '^  note      ..........' "$tmp/one"; then ok; else
            ko "$name: no example, no why"
        fi
    else
        examples=$((examples + 1))
        (eval "$ex") >"$tmp/ex" 2>&1
        rc=$?
        if [ "$rc" -ge 128 ]; then
            ko "$name: example crashed (exit $rc): $ex"
        elif [ -n "$shows" ]; then
            if grep -qF -- "$shows" "$tmp/ex"; then ok; else
                ko "$name: example does not show '$shows': $ex"
            fi
        elif grep -qw -- "$name" "$tmp/ex"; then
            ok
        else
            ko "$name: example does not report it: $ex; got: $(head -c 300 "$tmp/ex")"
        fi
    fi
    case $sev in
    error | warning | status | success) ok ;;
    *) ko "$name: severity '$sev'" ;;
    esac
done <"$tmp/list"
n=$(wc -l <"$tmp/list")
echo "info: $n codes: $examples examples run and reported their code, $without without one"

# the ways to name a code
run by-name 0 "$IBIDI" explain B3
has by-name "$tmp/out" "B3 (finding code 43, IBIDI_IDNA_B3)"
contains by-name "$tmp/out" "  rule      RFC 5893 rule 3: an RTL label must end with R, AL, EN"
contains by-name "$tmp/out" "  severity  error: the input is invalid"
run lower 0 "$IBIDI" explain number-level
has lower "$tmp/out" "NUMBER_LEVEL (finding code 201, IBIDI_AMBIGUITY_NUMBER_LEVEL)"
contains lower "$tmp/out" "  severity  warning: it never makes the input invalid"
run at-offset 0 "$IBIDI" explain REC_III_PRECEDING@11
has at-offset "$tmp/out" "REC_III_PRECEDING (finding code 206, IBIDI_AMBIGUITY_REC_III_PRECEDING)"
run enumerator 0 "$IBIDI" explain IBIDI_E_UTF8_TRUNCATED UTF8_TRUNCATED IBIDI_IDNA_DISALLOWED_CP
[ "$(grep -c '^UTF8_TRUNCATED (status 100, IBIDI_E_UTF8_TRUNCATED)$' "$tmp/out")" -eq 2 ] &&
    ok || ko "enumerator: $(head -c 300 "$tmp/out")"
has enumerator "$tmp/out" "DISALLOWED (finding code 80, IBIDI_IDNA_DISALLOWED_CP)"
# a number both ranges use: the finding code and the status
run number 0 "$IBIDI" explain 4
has number "$tmp/out" "P4 (finding code 4, IBIDI_IDNA_P4)"
has number "$tmp/out" "TOO_LONG (status 4, IBIDI_E_TOO_LONG)"
run ok-status 0 "$IBIDI" explain OK
contains ok-status "$tmp/out" "  severity  success"
printf 'B1\nV6\n' | "$IBIDI" explain >"$tmp/out" 2>"$tmp/err" && ok || ko "stdin: exit $?"
has stdin "$tmp/out" "B1 (finding code 41, IBIDI_IDNA_B1)"
has stdin "$tmp/out" "V6 (finding code 16, IBIDI_IDNA_V6)"

# unknown codes: a message, exit 1, the others still explained
run unknown 1 "$IBIDI" explain B3 NOPE 1000
contains unknown "$tmp/err" "ibidi explain: unknown code 'NOPE'"
contains unknown "$tmp/err" "ibidi explain: unknown code '1000'"
has unknown "$tmp/out" "B3 (finding code 43, IBIDI_IDNA_B3)"
run bad-option 2 "$IBIDI" explain --nope B3
run list-and-code 2 "$IBIDI" explain --list B3
run help 0 "$IBIDI" help explain
contains help "$tmp/out" "usage: ibidi explain"

# --json: one object per code, with the fields the usage names
run json 0 "$IBIDI" explain --json --list
[ "$(wc -l <"$tmp/out")" -eq "$n" ] && ok || ko "json: $(wc -l <"$tmp/out") lines for $n codes"
for k in kind code name enumerator rule from severity severity_note example example_shows note; do
    [ "$(grep -c "\"$k\":" "$tmp/out")" -eq "$n" ] && ok || ko "json: field $k not in every line"
done
if command -v python3 >/dev/null 2>&1; then
    if python3 -c 'import json,sys
for l in sys.stdin: json.loads(l)' <"$tmp/out"; then ok; else ko "json: not valid JSON"; fi
else
    echo "skipped: python3 not installed, JSON syntax not checked"
fi
run json-one 0 "$IBIDI" explain --json B3
contains json-one "$tmp/out" '"kind":"finding","code":43,"name":"B3","enumerator":"IBIDI_IDNA_B3"'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
