#!/bin/sh
# `ibidi display` and `ibidi convert` end to end: every worked example of the seeds
# reproduced verbatim in Bidi Notation (RFC 3987 §4.4 Examples 1-10 with both readings of
# Example 9, the 2012 guidelines' Example 11, RFC 5893 §3 and §6, Badami's pairs), the
# presentation forms, --prove, --levels, --spans, --json, the conversions and their errors.
# Where a seed prints a form that UAX #9 does not give under Unicode 17.0, the expected line
# is the algorithm's (tests/test_display.c names each difference).
# Usage: sh tests/test_cli_display.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

# show NAME LOGICAL VISUAL [OPTIONS...]: `ibidi display --input notation OPTIONS LOGICAL`
show() {
    s_name=$1
    s_in=$2
    s_want=$3
    shift 3
    line "$s_name" "$s_want" "$IBIDI" display --input notation "$@" "$s_in"
}

show "RFC 3987 Example 1" 'http://ab.CDEFGH.ij/kl/mn/op.html' 'http://ab.HGFEDC.ij/kl/mn/op.html'
show "RFC 3987 Example 2" 'http://ab.CDE.FGH/ij/kl/mn/op.html' 'http://ab.HGF.EDC/ij/kl/mn/op.html'
show "RFC 3987 Example 3" 'http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV' 'http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA'
show "RFC 3987 Example 4" 'http://AB.CD.ef/gh/IJ/KL.html' 'http://DC.BA.ef/gh/LK/JI.html'
show "RFC 3987 Example 5" 'http://ab.cd.EF/GH/ij/kl.html' 'http://ab.cd.HG/FE/ij/kl.html'
show "RFC 3987 Example 6" 'http://ab.CD.EF/GH/IJ/kl.html' 'http://ab.JI/HG/FE.DC/kl.html'
show "RFC 3987 Example 7" 'http://ab.CDE123FGH.ij/kl/mn/op.html' 'http://ab.HGF123EDC.ij/kl/mn/op.html'
show "RFC 3987 Example 8" 'http://ab.cd.ef/GH1/2IJ/KL.html' 'http://ab.cd.ef/LK/JI1/2HG.html'
show "RFC 3987 Example 9 (Hebrew; printed %31HG/LK/JI%32)" 'http://ab.cd.ef/GH%31/%32IJ/KL.html' 'http://ab.cd.ef/LK/JI%32/%31HG.html'
line "RFC 3987 Example 9 (Arabic; printed 31%HG/%LK/JI32)" 'http://ab.cd.ef/LK/JI32%/31%HG.html' \
    "$IBIDI" display --input notation-arabic 'http://ab.cd.ef/GH%31/%32IJ/KL.html'
show "RFC 3987 Example 10" 'http://ab.CDEFGH.123/kl/mn/op.html' 'http://ab.123.HGFEDC/kl/mn/op.html'
show "2012 Example 11" 'http://ab.CDEFGH.123ij/kl/mn/op.html' 'http://ab.123.HGFEDCij/kl/mn/op.html'
show "RFC 5893 §6 L1.R2.R3.L4 ltr" 'ab.CD.EF.gh' 'ab.FE.DC.gh'
show "RFC 5893 §6 L1.R2.R3.L4 rtl" 'ab.CD.EF.gh' 'gh.FE.DC.ab' --context rtl
show "RFC 5893 §6 ABC.abc ltr" 'ABC.abc' 'CBA.abc'
show "RFC 5893 §6 ABC.abc rtl" 'ABC.abc' 'abc.CBA' --context rtl
show "RFC 5893 §6 abc.ABC ltr" 'abc.ABC' 'abc.CBA'
show "RFC 5893 §6 abc.ABC rtl" 'abc.ABC' 'CBA.abc' --context rtl
show "RFC 5893 §3 R1.R2.ltr" 'AB.CD.ef' 'DC.BA.ef'
show "RFC 5893 §3 123-A ltr" '123-A' '123-A'
show "RFC 5893 §3 123-A rtl" '123-A' 'A-123' --context rtl
show "Badami 123.ABC.com" '123.ABC.com' '123.CBA.com'
show "Badami ABC.123.com" 'ABC.123.com' '123.CBA.com'
show "Badami abc123.ABC.com" 'abc123.ABC.com' 'abc123.CBA.com'
show "Badami abcABC.123.com" 'abcABC.123.com' 'abc123.CBA.com'
show "Badami 123@ABC.com" '123@ABC.com' '123@CBA.com'
show "Badami ABC@123.com" 'ABC@123.com' '123@CBA.com'
show "Badami http://www.123.ABC/abc" 'http://www.123.ABC/abc' 'http://www.123.CBA/abc'
show "Badami http://www.ABC.123/abc" 'http://www.ABC.123/abc' 'http://www.123.CBA/abc'
show "Badami IRI path 1" 'http://www.ABC.com/123/ABC/' 'http://www.CBA.com/123/CBA/'
show "Badami IRI path 2" 'http://www.ABC.com/ABC/123/' 'http://www.CBA.com/123/CBA/'
show "Badami A-123/456B (printed B-123/456A)" 'A-123/456B' 'B123/456-A' --as iri
show "Badami A456/-123B (printed B-123/456A)" 'A456/-123B' 'B123-/456A' --as iri

# Forms
show "marks ltr" 'http://ab.CDE.FGH/ij' 'http://ab.&lrm;CDE&lrm;.&lrm;FGH&lrm;/ij' --form marks
show "marks rtl" 'http://ab.CDE.FGH/ij' '&lre;http://ab.&lrm;CDE&lrm;.&lrm;FGH&lrm;/ij&pdf;' --form marks --context rtl
show "embed" 'http://ab.CD/ef' '&lre;http://ab.CD/ef&pdf;' --form embed
show "isolate" 'http://ab.CD/ef' '&lri;http://ab.CD/ef&pdi;' --form isolate
show "components" 'ab.CD' '&lri;&fsi;ab&pdi;.&fsi;CD&pdi;&pdi;' --form components
show "html" "http://ab.CD/?x='1'&y=2" '<bdi dir="ltr">http://ab.CD/?x=&#39;1&#39;&amp;y=2</bdi>' --form html
show "html-span" 'AB.cd' '<span dir="ltr">AB.cd</span>' --form html-span
run "prove marks" 0 "$IBIDI" display --input notation --form marks --prove 'http://ab.CDE.FGH/ij'
has "prove marks" "$tmp/out" "proved: the marks form keeps its promise in 49 of 49 contexts"
run "prove marks fails (Example 8)" 1 "$IBIDI" display --input notation --form marks --prove 'http://ab.cd.ef/GH1/2IJ/KL.html'
contains "prove marks fails" "$tmp/out" "not proved: the marks form keeps its promise in 0 of 49 contexts; first failure component-display at byte 25"
run "prove isolate" 0 "$IBIDI" display --input notation --form isolate --prove 'http://ab.cd.ef/GH1/2IJ/KL.html'
run "levels and spans" 0 "$IBIDI" display --input notation --levels --spans 'ab.CD'
has "levels" "$tmp/out" "levels: 0 0 0 1 1"
has "spans" "$tmp/out" "spans: [0+2 label level 0] [2+1 delimiter level 0] [3+2 label rtl level 1]"
run "json" 0 "$IBIDI" display --json --input notation 'ABC@DEF.com'
contains "json output" "$tmp/out" '"notation":"FED@CBA.com"'
contains "json components" "$tmp/out" '{"kind":"local-atom","start":0,"length":6,"text":"אבג","notation":"ABC"}'
contains "json as" "$tmp/out" '"as":"email"'
printf 'ab.CD\nhttp://AB/cd\n' | "$IBIDI" display --input notation >"$tmp/out" 2>"$tmp/err"
if [ "$(cat "$tmp/out")" = "$(printf 'ab.DC\nhttp://BA/cd')" ]; then ok; else ko "stdin lines: $(cat "$tmp/out")"; fi
line "utf8 input" 'http://ab.גבא/' "$IBIDI" display 'http://ab.אבג/'

# Conversions (Duerst 2001 §4.4)
line "logical to textual" 'http://ab.&lrm;CDE&lrm;.&lrm;FGH&lrm;/ij' "$IBIDI" convert --input notation --from logical --to textual 'http://ab.CDE.FGH/ij'
line "textual to logical" 'http://ab.CDE.FGH/ij' "$IBIDI" convert --input notation --from textual --to logical 'http://ab.&lrm;CDE&lrm;.&lrm;FGH&lrm;/ij'
line "logical to visual" 'http://ab.EDC.HGF/ij' "$IBIDI" convert --input notation --from logical --to visual 'http://ab.CDE.FGH/ij'
line "visual to logical" 'http://ab.CDE.FGH/ij' "$IBIDI" convert --input notation --from visual --to logical 'http://ab.EDC.HGF/ij'
line "visual to textual rtl" '&lre;http://ab.&lrm;CDE&lrm;/ij&pdf;' "$IBIDI" convert --input notation --context rtl --from visual --to textual 'http://ab.EDC/ij'
line "textual to visual rtl" 'http://ab.EDC/ij' "$IBIDI" convert --input notation --context rtl --from textual --to visual '&lre;http://ab.&lrm;CDE&lrm;/ij&pdf;'
run "missing mark" 1 "$IBIDI" convert --input notation --from textual --to logical 'http://ab.&lrm;CD/ef'
contains "missing mark" "$tmp/err" "[CONVERT_MARK] at byte 17"
run "stray RLM" 1 "$IBIDI" convert --input notation --from textual --to logical 'http://ab.&lrm;CD&rlm;/ef'
contains "stray RLM" "$tmp/err" "[IDENT_BIDI_CONTROL]"
run "missing embedding" 1 "$IBIDI" convert --input notation --context rtl --from textual --to logical 'http://ab.&lrm;CD&lrm;/ef'
contains "missing embedding" "$tmp/err" "[CONVERT_EMBEDDING] at byte 0"

# Bad input and usage
run "bidi control" 1 "$IBIDI" display 'http://ab.‏cd/'
contains "bidi control" "$tmp/err" "[IDENT_BIDI_CONTROL] at byte 10"
run "invalid utf8" 1 "$IBIDI" display "$(printf 'ab.\377')"
contains "invalid utf8" "$tmp/err" "[UTF8_INVALID_BYTE] at byte 3"
run "malformed IRI" 1 "$IBIDI" display 'http://[::1/x'
contains "malformed IRI" "$tmp/err" "[IRI_HOST]"
run "json error" 1 "$IBIDI" display --json 'a..b'
contains "json error" "$tmp/out" '"status":"DOMAIN_EMPTY_LABEL","offset":2'
run "unknown form" 2 "$IBIDI" display --form sideways ab
run "convert needs from/to" 2 "$IBIDI" convert --from logical ab
run "bad context" 2 "$IBIDI" display --context up ab
run "help" 0 "$IBIDI" display --help
contains "help" "$tmp/out" "usage: ibidi display"

# Duerst 2001 §5 restriction 1: ab.1CD.com would show as ab.1DC.com, whose logical form is
# ab.CD1.com; the conversion of ab.1CD.com is refused with the restriction named.
run restriction 1 "$IBIDI" convert --input notation --from logical --to visual 'ab.1CD.com'
has restriction "$tmp/out" "error: CONVERT_RESTRICTION at byte 3"
contains restriction "$tmp/err" "Duerst 2001 §5 restriction 1"
# the visual form ab.1DC.com reads back as the one logical form that keeps the
# restriction, ab.CD1.com, which shows as it: that round trip holds
line restriction-back 'ab.CD1.com' "$IBIDI" convert --input notation --from visual --to logical 'ab.1DC.com'
line restriction-kept 'ab.1DC.com' "$IBIDI" convert --input notation --from logical --to visual 'ab.CD1.com'
# Duerst 2001 §5: a visual form is offered only when it reads back as the identifier. L1
# puts a trailing neutral at the paragraph's level, so in a left-to-right paragraph the
# ")" of http://e.org/A) shows after the right-to-left component and reads back as part of
# it; in a right-to-left paragraph the ZWNJ after ab shows at its left.
run round-trip 1 "$IBIDI" convert --input notation --as iri --from logical --to visual 'http://e.org/A)'
has round-trip "$tmp/out" "error: CONVERT_ROUND_TRIP at byte 13"
contains round-trip "$tmp/err" "Duerst 2001 §5: the visual form would not read back"
zwnj=$(printf 'ab\342\200\214')
run round-trip-zwnj 1 "$IBIDI" convert --context rtl --from logical --to visual "$zwnj"
has round-trip-zwnj "$tmp/out" "error: CONVERT_ROUND_TRIP at byte 0"
line round-trip-zwnj-ltr "$zwnj" "$IBIDI" convert --from logical --to visual "$zwnj"
line round-trip-kept 'http://e.org/A' "$IBIDI" convert --input notation --as iri --from logical --to visual 'http://e.org/A'
# The textual form offered must display as the identifier (its proof by the UBA, as display
# --prove does): a right-to-left segment ending in a digit and a space does not
seg=$(printf 'a/\327\2241\342\200\200')
run proof 1 "$IBIDI" convert --as iri --from logical --to textual "$seg"
has proof "$tmp/out" "error: CONVERT_PROOF at byte 5"
contains proof "$tmp/err" "Duerst 2001 §4.3"
line proof-holds 'http://ab.&lrm;CDE&lrm;.&lrm;FGH&lrm;/ij' "$IBIDI" convert --input notation --from logical --to textual 'http://ab.CDE.FGH/ij'
# The 2012 guidelines' §2 test, ibidi_display_needs_embedding: an IRI with right-to-left
# labels in a right-to-left line needs an embedding; between Latin words in a
# left-to-right line it does not. The answer is a line after the display (JSON
# "embedding"), as --prove's is.
run embedding-rtl 0 "$IBIDI" display --input notation --needs-embedding --context rtl \
    --before 'x ' --after ' y' 'http://ab.CDE.FGH/ij'
has embedding-rtl "$tmp/out" "embedding: needed"
run embedding-ltr 0 "$IBIDI" display --input notation --needs-embedding --before 'see ' \
    'http://ab.CDE.FGH/ij' --after ' now'
has embedding-ltr "$tmp/out" "embedding: not needed"
run embedding-json 0 "$IBIDI" display --json --input notation --needs-embedding --context rtl \
    --before 'x ' --after ' y' 'http://ab.CDE.FGH/ij'
contains embedding-json "$tmp/out" '"embedding":{"before":"x ","after":" y","needed":true}}'
run embedding-alone 2 "$IBIDI" display --before 'x ' a.com
contains embedding-alone "$tmp/err" "--before and --after go with --needs-embedding"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
