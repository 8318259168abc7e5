#!/bin/sh
# `ibidi twins` and the ambiguity part of `ibidi check` end to end: the badami seed's
# display pairs in Bidi Notation (domain names, a mail address, IRIs, plain text), twins
# marked valid or invalid with their codes, the right-to-left context, a search cut by its
# bound, --json, standard input, several items, exit statuses and clear errors.
# Usage: sh tests/test_cli_twins.sh BUILD
BUILD=${1:-build}
TAB=$(printf '\t')
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

lacks() {
    if grep -qF -- "$3" "$2"; then ko "$1: unexpected '$3' in $(head -c 600 "$2")"; else ok; fi
}

# ---- badami: 123.ABC.com and ABC.123.com display alike (123.CBA.com) -------------------
# Under UTS #46 (CheckBidi) both fail RFC 5893 rule 1 in a Bidi domain name: the twin is
# listed, marked invalid, and the exit status says no valid twin exists.
run "123.ABC.com" 0 "$IBIDI" twins --input notation 123.ABC.com
has "123.ABC.com" "$tmp/out" "$(printf 'ABC.123.com\tinvalid [B1]')"
lacks "123.ABC.com is not its own twin" "$tmp/out" "$(printf '123.ABC.com\t')"
# the WHATWG URL Standard's profile checks the Bidi Rule too
run "123.ABC.com whatwg" 0 "$IBIDI" twins --input notation --profile whatwg 123.ABC.com
has "123.ABC.com whatwg" "$tmp/out" "$(printf 'ABC.123.com\tinvalid [B1]')"
run "ABC.123.com" 0 "$IBIDI" twins --input notation ABC.123.com
has "ABC.123.com" "$tmp/out" "$(printf '123.ABC.com\tinvalid [B1]')"

# badami: abc123.ABC.com has the twin abcABC.123.com, invalid under IDNA (the paper's *)
run "abc123.ABC.com" 0 "$IBIDI" twins --input notation abc123.ABC.com
contains "abc123.ABC.com" "$tmp/out" "$(printf 'abcABC.123.com\tinvalid [B1')"
lacks "abc123.ABC.com: no valid twin" "$tmp/out" "$(printf '\tvalid')"

# badami: the mail addresses 123@ABC.com and ABC@123.com (both 123@CBA.com): valid twins
run "123@ABC.com" 1 "$IBIDI" twins --input notation 123@ABC.com
has "123@ABC.com" "$tmp/out" "$(printf 'ABC@123.com\tvalid')"
# valid twins are listed first
first=$(head -n 1 "$tmp/out")
case "$first" in *"	valid") ok ;; *) ko "123@ABC.com: first line '$first' is not a valid twin" ;; esac

# badami: http://www.ABC.com/123/ABC/ and http://www.ABC.com/ABC/123/ (same authority)
run "IRI same authority" 1 "$IBIDI" twins --input notation 'http://www.ABC.com/123/ABC/'
has "IRI same authority" "$tmp/out" "$(printf 'http://www.ABC.com/ABC/123/\tvalid')"

# badami Recommendation II: http://www.123.ABC/abc and http://www.ABC.123/abc
run "IRI rec II" 0 "$IBIDI" twins --input notation 'http://www.123.ABC/abc'
contains "IRI rec II" "$tmp/out" "http://www.ABC.123/abc	invalid"

# plain text: badami's number separator pair under today's classes, and the old pair
run "A%123+456B text" 1 "$IBIDI" twins --input notation --as text 'A%123+456B'
has "A%123+456B text" "$tmp/out" 'A456+%123B'
[ "$(wc -l <"$tmp/out")" -eq 1 ] && ok || ko "A%123+456B text: more than one twin: $(cat "$tmp/out")"
# the paper's A-123/456B relied on '-' being ET and '/' ES (before Unicode 4.0.1): today
# ('-' ES, '/' CS) it has no twin A456/-123B
run "A-123/456B text" 0 "$IBIDI" twins --input notation --as text 'A-123/456B'
lacks "A-123/456B text" "$tmp/out" "A456/-123B"
# 123ABC and ABC123 (badami's first pair), in text mode: the twin is printed alone
run "123ABC text" 1 "$IBIDI" twins --input notation --as text 123ABC
has "123ABC text" "$tmp/out" "ABC123"
# strong characters only: no twin at all
run "strong only" 0 "$IBIDI" twins --input notation --as text abcABC
[ -s "$tmp/out" ] && ko "strong only: output '$(cat "$tmp/out")'" || ok

# ---- contexts ---------------------------------------------------------------------------
# rfc5893 §3: ABC.abc and abc.ABC each display in one order per context; no twins
run "ABC.abc rtl" 0 "$IBIDI" twins --input notation --context rtl ABC.abc
[ -s "$tmp/out" ] && ko "ABC.abc rtl: output '$(cat "$tmp/out")'" || ok
# 360.example and example.360 collide only in a right-to-left paragraph, both valid
run "example.360 rtl" 1 "$IBIDI" twins --context rtl example.360
has "example.360 rtl" "$tmp/out" "$(printf '360.example\tvalid')"
run "example.360 ltr" 0 "$IBIDI" twins --context ltr example.360
lacks "example.360 ltr" "$tmp/out" "360.example"

# ---- arabic notation, JSON, several items, stdin -----------------------------------------
run "notation-arabic" 1 "$IBIDI" twins --input notation-arabic 123@ABC.com
has "notation-arabic" "$tmp/out" "$(printf 'ABC@123.com\tvalid')"
run "json" 1 "$IBIDI" twins --input notation --json 123@ABC.com
contains "json" "$tmp/out" '{"input":"123@ABC.com","context":"ltr","as":"email","valid":true,"codes":"[]","display":"123@CBA.com","twins":['
contains "json" "$tmp/out" '{"twin":"ABC@123.com","valid":true,"codes":"[]"}'
contains "json" "$tmp/out" '"truncated":false,"list_cut":false}'
run "json text" 1 "$IBIDI" twins --input notation --json --as text 123ABC
contains "json text" "$tmp/out" '{"twin":"ABC123","valid":null}'
run "several items" 1 "$IBIDI" twins --input notation 123.ABC.com 123@ABC.com
has "several items" "$tmp/out" "# 123.ABC.com"
has "several items" "$tmp/out" "# 123@ABC.com"
printf '123@ABC.com\n' >"$tmp/in"
run "stdin" 1 sh -c "\"$IBIDI\" twins --input notation <\"$tmp/in\""
has "stdin" "$tmp/out" "$(printf 'ABC@123.com\tvalid')"

# ---- the bound ----------------------------------------------------------------------------
run "bound" 1 "$IBIDI" twins --input notation --max-candidates 1 'http://www.ABC.com/123/ABC/'
contains "bound" "$tmp/out" "# search cut after 1 candidates"
run "bound json" 1 "$IBIDI" twins --input notation --json --max-candidates 1 'http://www.ABC.com/123/ABC/'
contains "bound json" "$tmp/out" '"candidates":1,"truncated":true,"list_cut":false}'

# ---- errors -------------------------------------------------------------------------------
run "bidi control" 1 "$IBIDI" twins "$(printf 'a\342\200\217b')"
contains "bidi control" "$tmp/err" "AMBIG_CONTROL"
contains "bidi control" "$tmp/err" "at byte 1"
run "bad utf-8" 1 "$IBIDI" twins "$(printf 'a\377')"
contains "bad utf-8" "$tmp/err" "UTF8_INVALID_BYTE"
run "bad context" 2 "$IBIDI" twins --context up abc
contains "bad context" "$tmp/err" "unknown --context value 'up': ltr or rtl"
run "bad as" 2 "$IBIDI" twins --as url abc
run "bad bound" 2 "$IBIDI" twins --max-candidates x abc
run "missing value" 2 "$IBIDI" twins --profile
run "unknown option" 2 "$IBIDI" twins --frobnicate abc
run "help" 0 "$IBIDI" twins --help
contains "help" "$tmp/out" "usage: ibidi twins"

# ---- ibidi check: the ambiguity findings ------------------------------------------------
run "check 123.ABC.com" 1 "$IBIDI" check --input notation 123.ABC.com
contains "check 123.ABC.com" "$tmp/out" "warning IDN_NUMBER_LABEL   component 0, byte 0 '123'"
contains "check 123.ABC.com" "$tmp/out" "warning INVALID_TWINS_ONLY byte 0 '123.ABC.com'"
contains "check 123.ABC.com" "$tmp/out" "Recommendation III.2"
run "check mail" 1 "$IBIDI" check --input notation 'DEF@123.ABC.com'
contains "check mail" "$tmp/out" "  email                invalid [B1]"
contains "check mail" "$tmp/out" "warning CONTAINED_DOMAIN   component 1, byte 7 '123.ABC.com'"
run "check iri" 0 "$IBIDI" check --input notation 'http://www.ABC.com/123/ABC/'
contains "check iri" "$tmp/out" "  iri                  valid []"
contains "check iri" "$tmp/out" "warning SAME_AUTHORITY     byte 21 '/123/ABC/'"
run "check as domain" 0 "$IBIDI" check --as domain example.com
contains "check as domain" "$tmp/out" "bidi ambiguity (Badami): none"
run "check bad as" 2 "$IBIDI" check --as text abc

# --max-twins bounds the list (and memory); a cut list is said, and nothing is proved
run max-twins 1 "$IBIDI" twins --max-twins 1 --input notation '123@ABC.com'
[ "$(grep -c '	valid' "$tmp/out")" -eq 1 ] && ok || ko "max-twins: $(cat "$tmp/out")"
has max-twins "$tmp/out" "# list cut at 1 twins (--max-twins): more twins may exist"
run max-twins-json 1 "$IBIDI" twins --max-twins 2 --json --input notation '123@ABC.com'
contains max-twins-json "$tmp/out" '"truncated":true,"list_cut":true}'
run max-twins-range 2 "$IBIDI" twins --max-twins 0 ab

# --look-alike N: the forms that show the display with up to N glyphs replaced by
# look-alikes (UTS #39 §4): samekh samekh vav .com for loo.com left to right (three
# changes, reversed by the right-to-left run), not in a right-to-left paragraph
SSV=$(printf '\327\241\327\241\327\225')
run look-alike 1 "$IBIDI" twins --look-alike 3 loo.com
has "look-alike: the bidi form" "$tmp/out" "$SSV.com${TAB}valid${TAB}look-alike U+006C>U+05D5,U+006F>U+05E1,U+006F>U+05E1"
has "look-alike: one change" "$tmp/out" "l$(printf '\320\276')o.com${TAB}valid${TAB}look-alike U+006F>U+043E"
if grep -q "^Ioo.com" "$tmp/out"; then ko "look-alike: a capital I is no PVALID replacement"; else ok; fi
run look-alike-rtl 1 "$IBIDI" twins --context rtl --look-alike 3 loo.com
if grep -q "^$SSV.com" "$tmp/out"; then ko "look-alike-rtl: samekh samekh vav is no form right to left"; else ok; fi
# every form has the input's bidi skeleton in that context (the library's, as check prints it)
run look-alike-one 1 "$IBIDI" twins --look-alike 1 ab.example
n=$(grep -c 'look-alike U+' "$tmp/out")
[ "$n" -gt 10 ] && ok || ko "look-alike-one: $n forms"
if python3 - "$tmp/out" "$IBIDI" <<'EOF'
import json, subprocess, sys
lines = [l.split("\t") for l in open(sys.argv[1], encoding="utf-8") if "look-alike U+" in l]
forms = [l[0] for l in lines][:40]
def skel(name):
    out = subprocess.run([sys.argv[2], "check", "--json", name], capture_output=True, text=True).stdout
    return json.loads(out)["bidi_skeleton"]["ltr"]
want = skel("ab.example")
bad = [f for f in forms if skel(f) != want]
assert not bad, bad
EOF
then ok; else ko "look-alike-one: a form with another bidi skeleton"; fi
# JSON: the forms with their changes; text mode has no validity
run look-alike-json 1 "$IBIDI" twins --json --look-alike 3 loo.com
contains look-alike-json "$tmp/out" "{\"form\":\"$SSV.com\",\"valid\":true,\"codes\":\"[]\",\"changes\":[{\"from\":\"l\",\"to\":\"$(printf '\327\225')\"},"
if python3 -c "import json,sys; d=json.loads(open(sys.argv[1]).read()); assert d['valid_look_alikes'] > 0 and not d['look_alike_truncated'] and len(d['look_alikes']) >= d['valid_look_alikes']" "$tmp/out"; then ok; else ko "look-alike-json: counts"; fi
run look-alike-text 1 "$IBIDI" twins --as text --look-alike 1 lo
has look-alike-text "$tmp/out" "1o${TAB}look-alike U+006C>U+0031"
# bounds: a cut search is said; a mark gets no forms; usage
run look-alike-cut 1 "$IBIDI" twins --look-alike 2 --max-candidates 5 paypal.com
has look-alike-cut "$tmp/out" "# look-alike search cut after 5 candidates (--max-candidates): more forms may exist"
run look-alike-list-cut 1 "$IBIDI" twins --look-alike 1 --max-twins 2 paypal.com
has look-alike-list-cut "$tmp/out" "# look-alike list cut at 2 forms (--max-twins): more forms may exist"
run look-alike-mark 0 "$IBIDI" twins --look-alike 1 "$(printf 'e\314\201.example')"
[ ! -s "$tmp/out" ] && ok || ko "look-alike-mark: $(cat "$tmp/out")"
run look-alike-range 2 "$IBIDI" twins --look-alike 17 ab
run look-alike-zero 2 "$IBIDI" twins --look-alike 0 ab
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
