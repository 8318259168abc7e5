#!/bin/sh
# The main job on bundled sample data (README: `make demo`): reads the sample
# identifiers and shows what the library knows of them so far.
set -eu
IBIDI=${1:-build/ibidi}
SAMPLES=data/samples/identifiers.txt
"$IBIDI" --version
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
"$IBIDI" props --json "$first" | sed -e 's/.*"cp":"\([^"]*\)".*"name":"\([^"]*\)".*"bc":"\([^"]*\)".*/\1 \3 \2/'
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
