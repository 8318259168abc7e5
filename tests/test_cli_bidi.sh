#!/bin/sh
# The `ibidi bidi` command, end to end: the display examples of the seeds, lines of the
# conformance files in the machine formats other tools compare with (levels and order as
# BidiCharacterTest.txt fields 3 and 4), JSON shape, standard input, long inputs that need
# a work area, and clear errors with the right exit status.
# Usage: sh tests/test_cli_bidi.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
UCD=data/ucd/17.0.0
. tests/cli_lib.sh
# bidi NAME EXPECTED ARGS...: `ibidi bidi ARGS` exits 0 and prints exactly the line EXPECTED
bidi() {
    name=$1
    want=$2
    shift 2
    "$IBIDI" bidi "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    got=$(cat "$tmp/out")
    if [ "$rc" -ne 0 ]; then
        ko "$name: exit $rc; stderr: $(head -c 300 "$tmp/err")"
    elif [ "$(wc -l <"$tmp/out")" -ne 1 ] || [ "$got" != "$want" ]; then
        ko "$name: got '$got', expected '$want'"
    else
        ok
    fi
}

run help 0 "$IBIDI" help
contains help "$tmp/out" "bidi"
run help-bidi 0 "$IBIDI" help bidi
contains help-bidi "$tmp/out" "usage: ibidi bidi"
contains help-bidi "$tmp/out" "START-END:DLEVEL"

# The examples of the issue.
bidi issue-1 '123CBA' --input notation '123ABC'
bidi issue-2 'abc.CBA' --input notation --dir rtl 'ABC.abc'

# Seed examples (badami), displayed in a left-to-right context (the default direction).
bidi badami-1 '123CBA' --input notation '123ABC'
bidi badami-2 '123CBA' --input notation 'ABC123'
bidi badami-3 'abc123CBA' --input notation 'abc123ABC'
bidi badami-4 'abc123CBA' --input notation 'abcABC123'
bidi badami-1-dir '123CBA' --input notation --dir ltr '123ABC'

# badami's A-123/456B and A456/-123B displayed alike only while '-' was ET and '/' was ES,
# before Unicode 4.0.1 made '-' (U+002D) ES and '/' (U+002F) CS. Under Unicode 17 the two
# differ, which UAX #9 requires:
bidi badami-5 'B123/456-A' --input notation 'A-123/456B'
bidi badami-6 'B123-/456A' --input notation 'A456/-123B'
# The same ambiguity today needs an ET ('%') and an ES ('+'): both display alike.
bidi badami-et-es-1 'B%123+456A' --input notation 'A%123+456B'
bidi badami-et-es-2 'B%123+456A' --input notation 'A456+%123B'

# RFC 5893 section 4.3: ALEF 5 and 5 ALEF, shown in a left-to-right context, both display
# as "5 ALEF": the digit first.
bidi rfc5893-alef-5 '0035 05D0' --input hex '05D0 0035'
bidi rfc5893-5-alef '0035 05D0' --input hex '0035 05D0'
bidi rfc5893-alef-5-order '1 0' --input hex --output order '05D0 0035'
bidi rfc5893-5-alef-order '0 1' --input hex --output order '0035 05D0'
bidi rfc5893-u-notation '0035 05D0' --input hex 'U+05D0 U+0035'
bidi rfc5893-utf8 "$(printf '5\327\220')" "$(printf '\327\2205')"

# Bidi Notation: L4 mirrors the brackets of a right-to-left run; A-Z of class AL make
# digits Arabic (W2), so 'A1%' differs between the two notations (W5 versus W6 + N2).
bidi notation-mirror '(B)A' --input notation 'A(B)'
bidi notation-r '1%A' --input notation 'A1%'
bidi notation-al '1A%' --input notation-arabic 'A1%'
bidi notation-al-2 '123CBA' --input=notation-arabic 'ABC123'
bidi notation-auto 'abc.CBA' --input notation --dir auto 'ABC.abc'
bidi notation-auto-ltr 'abc.CBA' --input notation --dir=auto 'abc.ABC'
bidi utf8-mirror "$(printf '(\327\221)\327\220')" "$(printf '\327\220(\327\221)')"

# BidiCharacterTest.txt lines (fields: code points; direction 0 ltr, 1 rtl, 2 auto;
# paragraph level; levels; order), including brackets (N0) and X9-removed characters (x).
while IFS=';' read -r cps dir plevel levels order; do
    case $dir in 0) d=ltr ;; 1) d=rtl ;; *) d=auto ;; esac
    bidi "bct-levels $cps;$dir" "$levels" --input hex --dir "$d" --output levels "$cps"
    bidi "bct-order $cps;$dir" "$order" --input hex --dir "$d" --output order "$cps"
    "$IBIDI" bidi --input hex --dir "$d" --output json "$cps" >"$tmp/out" 2>&1
    contains "bct-json $cps;$dir" "$tmp/out" "\"paragraph_level\":$plevel,"
done <<'EOF'
202E 0061 202A 0062 202C 2066 0063 2069 202A 0064 202C 0065 202C;2;0;x 1 x 2 x 1 2 1 x 2 x 1 x;11 9 7 6 5 3 1
202D 05D0 202B 05D1 202C 2068 05D2 2069 202B 05D3 202C 05D4 202C;2;1;x 2 x 3 x 2 3 2 x 3 x 2 x;1 3 5 6 7 9 11
05D0 05D1 0028 05D2 05D3 005B 0026 0065 0066 005D 002E 0029 0067 0068;0;0;1 1 0 1 1 0 0 0 0 0 0 0 0 0;1 0 2 4 3 5 6 7 8 9 10 11 12 13
05D0 05D1 0028 05D2 05D3 005B 0026 0065 0066 005D 002E 0029 0067 0068;1;1;1 1 1 1 1 1 1 2 2 1 1 1 2 2;12 13 11 10 9 7 8 6 5 4 3 2 1 0
0061 0062 0063 0020 0028 0064 0065 0066 0020 0627 0628 062C 0029 0020 05D0 05D1 05D2;0;0;0 0 0 0 0 0 0 0 0 1 1 1 0 0 1 1 1;0 1 2 3 4 5 6 7 8 11 10 9 12 13 16 15 14
EOF

# BidiTest.txt lines through --input classes, with x levels and their order.
bidi bt-levels-ltr '0 x 1 x' --input classes --output levels 'L RLE R PDF'
bidi bt-order-ltr '0 2' --input classes --output order 'L RLE R PDF'
bidi bt-levels-rtl '2 x 3 x' --input classes --dir rtl --output levels 'L RLE R PDF'
bidi bt-order-rtl '0 2' --input classes --dir rtl --output order 'L RLE R PDF'
bidi bt-levels-auto '0 1 x 2 x 2 0' --input classes --dir auto --output levels 'FSI ON LRO R PDF L PDI'
bidi bt-order-auto '0 3 5 1 6' --input classes --dir auto --output order 'FSI ON LRO R PDF L PDI'
bidi bt-all-removed 'x x' --input classes --output levels 'RLE PDF'
bidi bt-all-removed-order '' --input classes --output order 'RLE PDF'
bidi bt-visual 'L R AL' --input classes 'L AL R'
bidi bt-runs '0-0:L0 1-2:R1' --input classes --output runs 'L R R'

# runs: START-END:DLEVEL, left to right.
bidi runs-1 '0-2:L0 3-5:R1' --input notation --output runs 'abcABC'
bidi runs-2 '3-5:R1 0-2:L2' --input notation --dir rtl --output runs 'abcABC'
bidi runs-3 '0-2:L0 6-8:L2 3-5:R1' --input notation --output runs 'abcABC123'

# Several paragraphs: each has its own level (P2-P3 with --dir auto); indices are global;
# the visual text keeps each paragraph separator at the end of its paragraph.
P='05D0 0061 2029 0062 05D1'
bidi para-levels '1 2 1 0 1' --input hex --dir auto --output levels "$P"
bidi para-order '2 1 0 3 4' --input hex --dir auto --output order "$P"
bidi para-visual '0061 05D0 2029 0062 05D1' --input hex --dir auto "$P"
bidi para-runs '2-2:R1 1-1:L2 0-0:R1 3-3:L0 4-4:R1' --input hex --dir auto --output runs "$P"
run para-json 0 "$IBIDI" bidi --input hex --dir auto --output json "$P"
contains para-json "$tmp/out" '"paragraphs":[{"start":0,"end":3,"level":1},{"start":3,"end":5,"level":0}]'

# JSON: one object per line with the documented keys.
run json 0 "$IBIDI" bidi --input notation --output json 'abcABC' 'RLE'
[ "$(wc -l <"$tmp/out")" -eq 2 ] && ok || ko "json: expected 2 lines, got $(cat "$tmp/out")"
has json "$tmp/out" '{"input":"abcABC","dir":"ltr","paragraph_level":0,"levels":[0,0,0,1,1,1],"order":[0,1,2,5,4,3],"visual":"abcCBA","runs":[{"start":0,"length":3,"level":0},{"start":3,"length":3,"level":1}],"paragraphs":[{"start":0,"end":6,"level":0}]}'
for key in '"input":' '"dir":"ltr"' '"paragraph_level":' '"levels":[' '"order":[' '"visual":' '"runs":[' ; do
    contains "json-key $key" "$tmp/out" "$key"
done
run json-null 0 "$IBIDI" bidi --input classes --output json 'L RLE R PDF'
contains json-null "$tmp/out" '"levels":[0,null,1,null]'
contains json-null "$tmp/out" '"order":[0,2]'
contains json-null "$tmp/out" '"visual":"L RLE R PDF"'
run json-rtl 0 "$IBIDI" bidi --dir rtl --output json "$(printf '\327\220"b')"
contains json-rtl "$tmp/out" '"dir":"rtl","paragraph_level":1,'
contains json-rtl "$tmp/out" "\"input\":\"$(printf '\327\220')\\\"b\""

# Standard input: one item per line, one result per line, in order.
printf 'ABC123\nabc\n\nA(B)\n' >"$tmp/in"
run stdin 0 sh -c "\"$IBIDI\" bidi --input notation <\"$tmp/in\""
printf '123CBA\nabc\n\n(B)A\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && ok || ko "stdin: got $(cat "$tmp/out")"
printf '05D0 0035\r\n0035 05D0\r\n' >"$tmp/in"
run stdin-crlf 0 sh -c "\"$IBIDI\" bidi --input hex --output order <\"$tmp/in\""
printf '1 0\n0 1\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && ok || ko "stdin-crlf: got $(cat "$tmp/out")"

# Long inputs need a work area of ibidi_bidi_work_size(n): 3000 code points.
seg='abcABC123 '
long=''
want=''
i=0
while [ $i -lt 300 ]; do
    long="$long$seg"
    want="${want}abc123CBA "
    i=$((i + 1))
done
bidi long-notation "$want" --input notation "$long"
run long-levels 0 "$IBIDI" bidi --input notation --output levels "$long"
[ "$(tr ' ' '\n' <"$tmp/out" | grep -c .)" -eq 3000 ] && ok || ko "long-levels: expected 3000 levels"
run long-json 0 "$IBIDI" bidi --input notation --output json "$long"
contains long-json "$tmp/out" '{"start":2989,"length":4,"level":0},{"start":2996,"length":3,"level":2},{"start":2993,"length":3,"level":1},{"start":2999,"length":1,"level":0}]'
alefs=$(i=0; while [ $i -lt 3000 ]; do printf '\327\220'; i=$((i + 1)); done)
run long-utf8 0 "$IBIDI" bidi --output order "$alefs"
[ "$(cut -d' ' -f1 <"$tmp/out")" = 2999 ] && [ "$(tr ' ' '\n' <"$tmp/out" | tail -n 1)" = 0 ] &&
    [ "$(tr ' ' '\n' <"$tmp/out" | grep -c .)" -eq 3000 ] && ok || ko "long-utf8: order not 2999..0"
hex=$(i=0; while [ $i -lt 1500 ]; do printf '05D0 0031 '; i=$((i + 1)); done)
run long-hex 0 "$IBIDI" bidi --input hex --output order "$hex"
[ "$(cut -d' ' -f1-4 <"$tmp/out")" = "2999 2998 2997 2996" ] && ok || ko "long-hex: order starts $(head -c 40 "$tmp/out")"
run long-classes 0 "$IBIDI" bidi --input classes --output levels "$(echo "$hex" | sed 's/05D0/R/g; s/0031/EN/g')"
[ "$(cut -d' ' -f1-4 <"$tmp/out")" = "1 2 1 2" ] && ok || ko "long-classes: levels start $(head -c 40 "$tmp/out")"

# The whole of BidiCharacterTest.txt through the command, one process per direction.
n=0
for d in 0 1 2; do
    case $d in 0) dn=ltr ;; 1) dn=rtl ;; *) dn=auto ;; esac
    awk -F';' -v d=$d '!/^#/ && NF >= 5 && $2 == d { print $1 }' "$UCD/BidiCharacterTest.txt" >"$tmp/in"
    awk -F';' -v d=$d '!/^#/ && NF >= 5 && $2 == d { print $4 }' "$UCD/BidiCharacterTest.txt" >"$tmp/want.levels"
    awk -F';' -v d=$d '!/^#/ && NF >= 5 && $2 == d { print $5 }' "$UCD/BidiCharacterTest.txt" >"$tmp/want.order"
    "$IBIDI" bidi --input hex --dir $dn --output levels <"$tmp/in" >"$tmp/got.levels" 2>"$tmp/err"
    cmp -s "$tmp/got.levels" "$tmp/want.levels" && ok ||
        ko "BidiCharacterTest levels, direction $d: $(diff "$tmp/want.levels" "$tmp/got.levels" | head -n 4)"
    "$IBIDI" bidi --input hex --dir $dn --output order <"$tmp/in" >"$tmp/got.order" 2>"$tmp/err"
    cmp -s "$tmp/got.order" "$tmp/want.order" && ok ||
        ko "BidiCharacterTest order, direction $d: $(diff "$tmp/want.order" "$tmp/got.order" | head -n 4)"
    n=$((n + $(wc -l <"$tmp/in")))
done
echo "info: compared $n BidiCharacterTest.txt lines through ibidi bidi --input hex (levels and order)"

# Errors: a clear message, exit 1 for the item (the others still shown), 2 for usage.
printf '\377\n' >"$tmp/in"
run bad-utf8 1 sh -c "\"$IBIDI\" bidi <\"$tmp/in\""
contains bad-utf8 "$tmp/err" "at byte 0"
contains bad-utf8 "$tmp/err" "UTF8_INVALID_BYTE"
run bad-utf8-arg 1 "$IBIDI" bidi "$(printf 'ab\355\240\200')"
contains bad-utf8-arg "$tmp/err" "at byte 2"
run bad-hex 1 "$IBIDI" bidi --input hex '05D0 0G35'
contains bad-hex "$tmp/err" "'0G35'"
contains bad-hex "$tmp/err" "CP_SYNTAX"
contains bad-hex "$tmp/err" "at byte 5"
run bad-hex-surrogate 1 "$IBIDI" bidi --input hex 'D800'
contains bad-hex-surrogate "$tmp/err" "CP_SURROGATE"
run bad-hex-large 1 "$IBIDI" bidi --input hex '0061 110000'
contains bad-hex-large "$tmp/err" "CP_TOO_LARGE"
contains bad-hex-large "$tmp/err" "at byte 5"
run bad-hex-u 1 "$IBIDI" bidi --input hex 'U+110000'
contains bad-hex-u "$tmp/err" "CP_TOO_LARGE"
run bad-hex-long 1 "$IBIDI" bidi --input hex '1000000'
contains bad-hex-long "$tmp/err" "CP_TOO_LARGE"
run bad-hex-mixed 1 "$IBIDI" bidi --input hex '0061' 'xyz' '05D0 0035'
has bad-hex-mixed "$tmp/out" "0061"
has bad-hex-mixed "$tmp/out" "0035 05D0"
run bad-class 1 "$IBIDI" bidi --input classes 'L FOO R'
contains bad-class "$tmp/err" "'FOO'"
contains bad-class "$tmp/err" "at byte 2"
run bad-notation 1 "$IBIDI" bidi --input notation "$(printf 'ab\327\220')"
contains bad-notation "$tmp/err" "ASCII"
contains bad-notation "$tmp/err" "at byte 2"
run bad-dir 2 "$IBIDI" bidi --dir up 'abc'
contains bad-dir "$tmp/err" "'up'"
run bad-dir-missing 2 "$IBIDI" bidi --dir
run bad-input 2 "$IBIDI" bidi --input utf16 'abc'
run bad-output 2 "$IBIDI" bidi --output=pdf 'abc'
run bad-option 2 "$IBIDI" bidi --frobnicate 'abc'
bidi empty '' ''
bidi dashdash '123CBA' --input notation -- '123ABC'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
