#!/bin/sh
# The ibidi command, end to end: the outputs the foundation promises, and clear errors
# with a non-zero exit status (never a crash) for bad input to each command.
# Usage: sh tests/test_cli.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

run version 0 "$IBIDI" --version
# the version the header declares, which the Makefile also takes
v=$(sed -n 's/^#define IBIDI_VERSION_STRING "\(.*\)"/\1/p' include/ibidi/common.h)
has version "$tmp/out" "ibidi $v (Unicode 17.0.0)"

run help 0 "$IBIDI" help
contains help "$tmp/out" "props"
contains help "$tmp/out" "normalize"
run help-props 0 "$IBIDI" help props
contains help-props "$tmp/out" "usage: ibidi props"

run props 0 "$IBIDI" props U+05D0 U+0661 U+0028
has props "$tmp/out" "U+05D0 HEBREW LETTER ALEF"
has props "$tmp/out" "U+0661 ARABIC-INDIC DIGIT ONE"
has props "$tmp/out" "U+0028 LEFT PARENTHESIS"
# The three blocks in order: ALEF is Lo/R/Hebr, the Arabic-Indic digit Nd/AN with
# Script_Extensions Arab Thaa Yezi, the parenthesis a mirrored opening bracket.
awk '/^U\+05D0/{b=1} /^U\+0661/{b=2} /^U\+0028/{b=3} {print b": "$0}' "$tmp/out" >"$tmp/blocks"
has props-alef "$tmp/blocks" "1:   General_Category             Lo"
has props-alef "$tmp/blocks" "1:   Bidi_Class                   R"
has props-alef "$tmp/blocks" "1:   Script                       Hebr (Hebrew)"
has props-alef "$tmp/blocks" "1:   Joining_Type                 U"
has props-alef "$tmp/blocks" "1:   UTS46                        valid"
has props-digit "$tmp/blocks" "2:   General_Category             Nd"
has props-digit "$tmp/blocks" "2:   Bidi_Class                   AN"
has props-digit "$tmp/blocks" "2:   Script_Extensions            Arab Thaa Yezi"
has props-paren "$tmp/blocks" "3:   Bidi_Class                   ON"
has props-paren "$tmp/blocks" "3:   Bidi_Mirrored                Yes"
has props-paren "$tmp/blocks" "3:   Bidi_Mirroring_Glyph         U+0029"
has props-paren "$tmp/blocks" "3:   Bidi_Paired_Bracket_Type     o"
has props-paren "$tmp/blocks" "3:   Bidi_Paired_Bracket          U+0029"
has props-paren "$tmp/blocks" "3:   UTS46                        valid (NV8)"

run props-json 0 "$IBIDI" props --json U+200C
has props-json "$tmp/out" '{"input":"U+200C","code_points":[{"cp":"U+200C","char":"‌","name":"ZERO WIDTH NON-JOINER","label":null,"gc":"Cf","bc":"BN","ccc":0,"sc":"Zinh","scx":["Zinh"],"jt":"U","bidi_mirrored":false,"mirroring_glyph":null,"bpt":"n","bpb":null,"dt":"none","dm":[],"default_ignorable":true,"noncharacter":false,"assigned":true,"uts46":{"status":"deviation","mapping":[],"idna2008":null},"rfc5892":"CONTEXTJ"}]}'

# Characters as text and from standard input give the same blocks as U+ notation.
run props-text 0 "$IBIDI" props "אa"
contains props-text "$tmp/out" "U+05D0 HEBREW LETTER ALEF"
contains props-text "$tmp/out" "U+0061 LATIN SMALL LETTER A"
printf 'U+0627\n' >"$tmp/in"
run props-stdin 0 sh -c "\"$IBIDI\" props --json <\"$tmp/in\""
contains props-stdin "$tmp/out" '"name":"ARABIC LETTER ALEF"'
contains props-stdin "$tmp/out" '"jt":"R"'
run props-range 0 "$IBIDI" props --json U+0660..U+0669
[ "$(wc -l <"$tmp/out")" -eq 1 ] && [ "$(grep -o '"cp":' "$tmp/out" | wc -l)" -eq 10 ] && ok ||
    ko "props-range: expected one record of 10 code points"
run props-reversed 0 "$IBIDI" props --json U+0669..U+0660
[ "$(grep -o '"cp":' "$tmp/out" | wc -l)" -eq 10 ] && ok || ko "props-reversed: not 10"
# every item one record, in order, failures included
printf 'a\n\377\nb\n' >"$tmp/in"
run props-failed 1 sh -c "\"$IBIDI\" props --json <\"$tmp/in\""
[ "$(wc -l <"$tmp/out")" -eq 3 ] && ok || ko "props-failed: $(cat "$tmp/out")"
contains props-failed "$tmp/out" '{"input":"�","input_hex":"ff","code_points":[],"error":{"status":"UTF8_INVALID_BYTE","offset":0,'
run props-rfc5892 0 "$IBIDI" props U+0061
has props-rfc5892 "$tmp/out" "  IDNA2008 (RFC 5892)          PVALID"
run props-labels 0 "$IBIDI" props U+0009 U+0378 U+E000 U+D800 U+FDD0
has props-labels "$tmp/out" "U+0009 <control-0009>"
has props-labels "$tmp/out" "U+0378 <reserved-0378>"
has props-labels "$tmp/out" "U+E000 <private-use-E000>"
has props-labels "$tmp/out" "U+D800 <surrogate-D800>"
has props-labels "$tmp/out" "U+FDD0 <noncharacter-FDD0>"
run props-hangul 0 "$IBIDI" props U+AC00 U+4E00
has props-hangul "$tmp/out" "U+AC00 HANGUL SYLLABLE GA"
has props-hangul "$tmp/out" "U+4E00 CJK UNIFIED IDEOGRAPH-4E00"

# Bad input to props: clear error, exit 1, the other items still shown.
run props-too-large 1 "$IBIDI" props U+110000
contains props-too-large "$tmp/err" "above 10FFFF"
run props-syntax 1 "$IBIDI" props U+ZZ
contains props-syntax "$tmp/err" "CP_SYNTAX"
printf 'ab\377\n' >"$tmp/in"
run props-bad-utf8 1 sh -c "\"$IBIDI\" props <\"$tmp/in\""
contains props-bad-utf8 "$tmp/err" "at byte 2"
contains props-bad-utf8 "$tmp/err" "UTF8_INVALID_BYTE"
run props-mixed 1 "$IBIDI" props U+0041 U+FFFFFF U+0042
contains props-mixed "$tmp/out" "U+0041 LATIN CAPITAL LETTER A"
contains props-mixed "$tmp/out" "U+0042 LATIN CAPITAL LETTER B"
run props-empty 1 "$IBIDI" props ""
run props-option 2 "$IBIDI" props --frobnicate

# normalize
printf 'Å\n' >"$tmp/in"
run nfd 0 sh -c "\"$IBIDI\" normalize --form nfd <\"$tmp/in\""
printf 'A\314\212\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && ok || ko "nfd of Å: got $(od -An -tx1 "$tmp/out")"
run nfc 0 "$IBIDI" normalize --form nfc "$(printf 'A\314\212')"
printf '\303\205\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && ok || ko "nfc of A+ring: got $(od -An -tx1 "$tmp/out")"
run nfkc 0 "$IBIDI" normalize --form=nfkc "ﬁ" "ﻣﺜﺎل"
has nfkc "$tmp/out" "fi"
has nfkc "$tmp/out" "مثال"
run nfkd 0 "$IBIDI" normalize --form NFKD "①"
has nfkd "$tmp/out" "1"
run check-yes 0 "$IBIDI" normalize --check "$(printf '\303\205')"
has check-yes "$tmp/out" "yes"
run check-no 1 "$IBIDI" normalize --check "$(printf 'A\314\212')"
has check-no "$tmp/out" "no"
run norm-json 0 "$IBIDI" normalize --json --form nfd "Å"
has norm-json "$tmp/out" "{\"input\":\"Å\",\"form\":\"NFD\",\"output\":\"$(printf 'A\314\212')\",\"changed\":true}"

# Bad input to normalize: the line is reported with its byte offset and skipped.
printf 'ok\na\355\240\200b\nfine\n' >"$tmp/in"
run norm-surrogate 1 sh -c "\"$IBIDI\" normalize <\"$tmp/in\""
contains norm-surrogate "$tmp/err" "item 2"
contains norm-surrogate "$tmp/err" "at byte 1"
contains norm-surrogate "$tmp/err" "surrogate"
has norm-surrogate "$tmp/out" "ok"
has norm-surrogate "$tmp/out" "fine"
printf '\300\200\n' >"$tmp/in"
run norm-overlong 1 sh -c "\"$IBIDI\" normalize <\"$tmp/in\""
contains norm-overlong "$tmp/err" "UTF8_OVERLONG"
printf '\342\202\n' >"$tmp/in"
run norm-truncated 1 sh -c "\"$IBIDI\" normalize <\"$tmp/in\""
contains norm-truncated "$tmp/err" "UTF8_TRUNCATED"
run norm-form 2 "$IBIDI" normalize --form xyz
contains norm-form "$tmp/err" "unknown --form value 'xyz': nfc, nfd, nfkc or nfkd"
run norm-form-missing 2 "$IBIDI" normalize --form

run unknown-command 2 "$IBIDI" frobnicate
run no-command 2 "$IBIDI"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
