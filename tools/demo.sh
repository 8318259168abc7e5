#!/bin/sh
# The main job on bundled sample data (README: `make demo`): scans the sample list of
# names for display collisions, then shows what the library knows of the sample
# identifiers.
set -eu
IBIDI=${1:-build/ibidi}
SAMPLES=data/samples/identifiers.txt
"$IBIDI" --version
echo
echo "== The main job: every name of data/samples/names.txt checked (validity, Badami's"
echo "   findings, display in both contexts), then the groups of names that display alike"
"$IBIDI" scan data/samples/names.txt || true
echo
echo "== Display twins of the seeds' examples (Bidi Notation), each marked valid or invalid"
for t in 123.ABC.com abc123.ABC.com 'http://www.ABC.com/123/ABC/' '123@ABC.com'; do
    echo "-- $t"
    "$IBIDI" twins --input notation "$t" || true
done
echo "-- A%123+456B (plain text)"
"$IBIDI" twins --input notation --as text 'A%123+456B' || true
echo
echo "== Badami's analysis and the twin search for a mail address holding an ambiguous domain"
"$IBIDI" check --input notation 'DEF@123.ABC.com' || true
echo
echo "== NFC and NFKC of each sample identifier ($SAMPLES)"
grep -v '^#' "$SAMPLES" | while IFS= read -r line; do
    nfc=$(printf '%s\n' "$line" | "$IBIDI" normalize --form nfc)
    nfkc=$(printf '%s\n' "$line" | "$IBIDI" normalize --form nfkc)
    isnfc=$(printf '%s\n' "$line" | "$IBIDI" normalize --check --form nfc || true)
    printf '%s\n    in NFC: %s' "$line" "$isnfc"
    [ "$nfc" = "$line" ] || printf ' (NFC: %s)' "$nfc"
    [ "$nfkc" = "$nfc" ] || printf '; NFKC: %s' "$nfkc"
    printf '\n'
done
echo
echo "== Bidi_Class of each character of the first sample identifier"
first=$(grep -v '^#' "$SAMPLES" | head -n 1)
"$IBIDI" props --json "$first" | sed -e 's/},{"cp"/}\n{"cp"/g' |
    sed -e 's/.*"cp":"\([^"]*\)".*"name":"\([^"]*\)".*"bc":"\([^"]*\)".*/\1 \3 \2/'
echo
echo "== Display order (UAX #9) of each sample in a left-to-right context, levels, runs"
grep -v '^#' "$SAMPLES" | "$IBIDI" bidi --output json | sed -e 's/^{"input":\("[^"]*"\).*"levels":\(\[[^]]*\]\).*"visual":\("[^"]*"\).*/\1\n    shown as \3\n    levels \2/'
echo
echo "== The seeds' display examples in Bidi Notation (A-Z right-to-left, a-z left-to-right)"
for t in 123ABC ABC123 abc123ABC abcABC123 'A%123+456B' 'A456+%123B'; do
    printf '%-12s shows as %s\n' "$t" "$("$IBIDI" bidi --input notation "$t")"
done
echo
echo "== Each sample through UTS #46 ToASCII (input, A-labels, IdnaTestV2 status codes)"
grep -v '^#' "$SAMPLES" | "$IBIDI" to-ascii --tsv || true
echo
echo "== Why 123.ABC.com is rejected (RFC 5893 applies the Bidi Rule to every label)"
"$IBIDI" check --input notation 123.ABC.com || true
echo
echo "== RFC 3987 §4.4 Example 2 and Example 9 (both readings) in the standard display model"
"$IBIDI" display --input notation 'http://ab.CDE.FGH/ij/kl/mn/op.html' 'http://ab.cd.ef/GH%31/%32IJ/KL.html'
"$IBIDI" display --input notation-arabic 'http://ab.cd.ef/GH%31/%32IJ/KL.html'
echo
echo "== Safe presentation of each sample: Duerst 2001 §4.3 marks for a right-to-left context, proved"
grep -v '^#' "$SAMPLES" | "$IBIDI" display --form marks --context rtl --prove || true
echo
echo "== Component rules of RFC 3987 Example 8 (not allowed), and its URI"
"$IBIDI" iri check --input notation 'http://ab.cd.ef/GH1/2IJ/KL.html' || true
"$IBIDI" iri to-uri --input notation 'http://ab.cd.ef/GH1/2IJ/KL.html' || true
