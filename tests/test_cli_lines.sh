#!/bin/sh
# The lines of standard input of the commands that read items a line each (all but scan,
# whose own limit tests/test_cli_scan_faults.sh tries): a line over 1 MiB is not kept in
# memory. It gets its record in order (LINE_TOO_LONG at byte 1048576; with --json,
# "input" null and "input_length" its length), the lines after it are read, and the exit
# status is 1; a line of exactly 1 MiB is read as any other. Memory stays bounded: 100 MiB
# without an LF, and 100 MiB of short lines, go through normalize and to-ascii under a
# limit of 64 MiB of virtual memory (when the build runs under such a limit at all: a
# sanitizer's does not). The lines' ends: LF, CRLF, none at the end, NUL bytes inside.
# Usage: sh tests/test_cli_lines.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

MIB=1048576
# bytes N CHAR: N bytes of CHAR
bytes() { head -c "$1" /dev/zero | tr '\0' "$2"; }

# ---- A line over the limit, between two others, through every line-reading command ----
{ printf 'a.example\n'; bytes $((MIB + 1)) a; printf '\nb.example\n'; } >"$tmp/long"
# explain's items are codes: the lines around the long one name two
{ printf 'B1\n'; bytes $((MIB + 1)) a; printf '\nLINE_TOO_LONG\n'; } >"$tmp/codes"
for cmd in "normalize" "to-ascii" "to-unicode" "check" "show" "props" "punycode --encode" \
           "display" "iri check" "twins --max-candidates 10" "bidi --output json" "explain" \
           "lgr check --lgr data/samples/lgr/toy-hebrew-arabic.xml"; do
    json=--json
    input=$tmp/long
    case "$cmd" in bidi*) json= ;; explain) input=$tmp/codes ;; esac
    # shellcheck disable=SC2086
    "$IBIDI" $cmd $json <"$input" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && ok || ko "$cmd: a line over 1 MiB: exit $rc, expected 1"
    [ "$(wc -l <"$tmp/out")" -eq 3 ] && ok ||
        ko "$cmd: $(wc -l <"$tmp/out") records for 3 lines: $(head -c 300 "$tmp/out")"
    [ "$(sed -n 2p "$tmp/out" | cut -c1-88)" = '{"input":null,"input_length":1048577,"error":{"status":"LINE_TOO_LONG","offset":1048576,' ] && ok ||
        ko "$cmd: the second record is not the long line's: $(sed -n 2p "$tmp/out" | cut -c1-120)"
    [ -n "$(sed -n 3p "$tmp/out")" ] && ok || ko "$cmd: no record of the line after it"
    contains "$cmd: reported with its item number" "$tmp/err" ": item 2: input: "
    contains "$cmd: reported with its status" "$tmp/err" "[LINE_TOO_LONG] at byte 1048576"
done
# text output: the error line in its place
run "normalize, text: a line over 1 MiB" 1 "$IBIDI" normalize <"$tmp/long"
[ "$(sed -n 2p "$tmp/out")" = "error: LINE_TOO_LONG at byte 1048576" ] && ok ||
    ko "normalize, text: the second line is '$(sed -n 2p "$tmp/out" | cut -c1-100)'"
has "normalize, text: the line after" "$tmp/out" "b.example"

# ---- Exactly 1 MiB is a line like any other; so is 1 MiB followed by CR LF --------------
{ bytes $MIB x; printf '\n'; bytes $MIB y; printf '\r\n'; } >"$tmp/edge"
run "normalize: lines of exactly 1 MiB" 0 "$IBIDI" normalize --check <"$tmp/edge"
[ "$(cat "$tmp/out")" = "$(printf 'yes\nyes')" ] && ok || ko "1 MiB lines: $(head -c 100 "$tmp/out")"
bytes $MIB x >"$tmp/x1"
echo >>"$tmp/x1"
"$IBIDI" normalize <"$tmp/edge" 2>/dev/null | head -n 1 >"$tmp/got1"
cmp -s "$tmp/got1" "$tmp/x1" && ok || ko "a line of 1 MiB is not given back whole"
# 1 MiB + CR: the CR is the terminator's, so the line itself is 1 MiB and kept; 1 MiB + 1
# byte + CR is over
{ bytes $((MIB + 1)) x; printf '\r\n'; } | "$IBIDI" normalize --check >"$tmp/out" 2>/dev/null
[ "$(cat "$tmp/out")" = "error: LINE_TOO_LONG at byte 1048576" ] && ok ||
    ko "1 MiB and 1 byte before CR LF: '$(head -c 100 "$tmp/out")'"

# ---- Line ends: LF, CRLF, the last line without one, empty lines, NUL inside -------------
printf 'a\nb\r\n\n\r\nc\000d\ne' | "$IBIDI" normalize --json >"$tmp/out" 2>"$tmp/err"
[ "$(wc -l <"$tmp/out")" -eq 6 ] && ok || ko "line ends: $(wc -l <"$tmp/out") records for 6 lines"
has "line ends: LF" "$tmp/out" '{"input":"a","form":"NFC","output":"a","changed":false}'
has "line ends: CRLF" "$tmp/out" '{"input":"b","form":"NFC","output":"b","changed":false}'
[ "$(grep -c '"input":""' "$tmp/out")" -eq 2 ] && ok || ko "line ends: two empty lines expected"
contains "line ends: a NUL inside is a byte of the line" "$tmp/out" '"input":"c\u0000d"'
has "line ends: the last line without LF" "$tmp/out" '{"input":"e","form":"NFC","output":"e","changed":false}'
printf '' | "$IBIDI" normalize >"$tmp/out" 2>&1
[ ! -s "$tmp/out" ] && ok || ko "no input: '$(head -c 100 "$tmp/out")'"

# ---- Memory: 100 MiB without an LF, and 100 MiB of short lines, under 64 MiB -----------
if (ulimit -v 65536 && echo a | "$IBIDI" normalize >/dev/null 2>&1); then
    for cmd in normalize to-ascii; do
        (ulimit -v 65536 && head -c 104857600 /dev/zero | tr '\0' a | "$IBIDI" $cmd >"$tmp/out" 2>"$tmp/err")
        rc=$?
        [ "$rc" -eq 1 ] && ok || ko "$cmd: 100 MiB without LF under 64 MiB: exit $rc ($(head -c 200 "$tmp/err"))"
        [ "$(cat "$tmp/out")" = "error: LINE_TOO_LONG at byte 1048576" ] && ok ||
            ko "$cmd: 100 MiB without LF: '$(head -c 100 "$tmp/out")'"
        # 4.8 million lines of 22 bytes (100 MiB)
        (ulimit -v 65536 && yes 'مثال.إختبار' | head -n 4800000 |
            { "$IBIDI" $cmd; echo $? >"$tmp/rc"; } | tail -n 1 >"$tmp/out")
        rc=$(cat "$tmp/rc")
        [ "$rc" -eq 0 ] && ok || ko "$cmd: 100 MiB of lines under 64 MiB: exit $rc"
        case $cmd in
            normalize) want='مثال.إختبار' ;;
            *) want='xn--mgbh0fb.xn--kgbechtv' ;;
        esac
        [ "$(cat "$tmp/out")" = "$want" ] && ok || ko "$cmd: 100 MiB of lines: the last is '$(cat "$tmp/out")'"
    done
    echo "info: 100 MiB in one line and 100 MiB of lines through normalize and to-ascii under ulimit -v 65536"
else
    echo "skipped: 100 MiB in one line and in lines: this build does not run under ulimit -v 65536"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
