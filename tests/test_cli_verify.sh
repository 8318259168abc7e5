#!/bin/sh
# `ibidi verify-rule` end to end with a small --max-length: the report's sections and
# figures (they are exact: the enumeration is deterministic), the RFC 5893 §4 examples,
# the same report whatever the number of threads, --json, and usage errors. No timing.
# Usage: sh tests/test_cli_verify.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

run help 0 "$IBIDI" help verify-rule
contains help "$tmp/out" "usage: ibidi verify-rule"

# N = 3: the rule holds (grouped reading, uniqueness as rendered): exit 0.
run n3 0 "$IBIDI" verify-rule --max-length 3
cp "$tmp/out" "$tmp/r3"
for s in "== What is enumerated, and why it is representative" \
         "== RFC 5893 rule, labels of a Bidi domain name (all six conditions)" \
         "== Why each condition is needed: the rule without it (neighbours legal under it)" \
         "== The RFC 3454 rule (IDNA2003) instead" \
         "== §3 claim: directional controls (LRE, RLE, LRO, RLO, PDF) outside the labels" \
         "== Badami: \"number type ambiguity cannot occur in IDNs (is this true?)\"" \
         "== Verdict" \
         "Paired brackets among them: 0; mirrored characters: 0." \
         "  total: 584 label strings, 91 pass, 17 neighbours, 473382 UBA runs" \
         "  counterexamples: grouping 0, uniqueness as rendered 0: none" \
         "  without condition 4: none found up to length 3" \
         "  around (c S1 D1 X D2 S2 PDF): none found up to length 3" \
         "  §4.1 Dhivehi \"konpeetaru\" (AL NSM AL NSM AL AL AL NSM AL NSM): RFC 3454 rejects, RFC 5893 accepts" \
         "  §4.2 Yiddish YIVO (R NSM R R NSM): RFC 3454 rejects, RFC 5893 accepts" \
         "RFC 5893 rule, labels up to 3: Character Grouping (grouped reading) and Label Uniqueness (as rendered) hold: no counterexample"; do
    has "n3 line" "$tmp/r3" "$s"
done
contains n3-classes "$tmp/r3" "Enumerated: every string of the classes L R AL EN ES AN NSM ON of length 1..3"
contains n3-length3 "$tmp/r3" "  length 3: 75 labels pass, 5202 contexts, 390150 UBA runs; grouping broken for 0 labels"
contains n3-cond1 "$tmp/r3" "  without condition 1: shortest counterexample at length 1"
contains n3-cond2 "$tmp/r3" "  without condition 2: shortest counterexample at length 3"
contains n3-cond3 "$tmp/r3" "  without condition 3: shortest counterexample at length 1"
contains n3-cond5 "$tmp/r3" "  without condition 5: shortest counterexample at length 3"
contains n3-cond6 "$tmp/r3" "  without condition 6: shortest counterexample at length 1"
contains n3-3454 "$tmp/r3" "  RFC 3454 rule: shortest counterexample at length 1"
contains n3-alef5 "$tmp/r3" "they show as U+002E EN R U+002E and U+002E EN R U+002E"
contains n3-same-cp "$tmp/r3" "same code points: X = R EN NSM"
contains n3-badami "$tmp/r3" "  answer: under RFC 5893, true for every name up to this length"
# Which label of an example breaks the full rule: for condition 3 it is the neighbour.
contains n3-cond3-outside "$tmp/r3" "S2 = R ON; shown: U+002E R U+002E R ON [outside the full rule: S2]"
contains n3-cond2-outside "$tmp/r3" "[outside the full rule: X]"
# §3 controls: only "middle" breaks, always with a SPACE ending the line (UAX #9 L1).
contains n3-middle "$tmp/r3" "  middle (S1 c D1 X D2 PDF S2): shortest counterexample at length 1"
contains n3-middle-why "$tmp/r3" "    why: 10374 of 530712 cases break grouping, for 91 of the 91 labels; 10374 of them have D2 = U+0020 at the end of the line (S2 empty)"
contains n3-middle-l1 "$tmp/r3" "R LRE . a SP PDF, levels 1 2 2 0 after L1, shows . a R SP"
for p in "around (c S1 D1 X D2 S2 PDF)" "before (c S1 D1 X D2 S2)" "after (S1 D1 X D2 S2 c)" \
         "left-label (c S1 PDF D1 X D2 S2)" "right-label (S1 D1 X D2 c S2 PDF)" \
         "inner (S1 D1 c X PDF D2 S2)" "stray-pdf (PDF S1 D1 X D2 S2)"; do
    has "n3 placement" "$tmp/r3" "  $p: none found up to length 3"
done
# Elapsed time on standard error only.
contains n3-time "$tmp/err" "ibidi verify-rule: "
if grep -q " s$" "$tmp/r3"; then ko "n3: the elapsed time is on standard output"; else ok; fi

# One thread gives the same report.
run n3-one-thread 0 "$IBIDI" verify-rule --max-length 3 --threads 1
if cmp -s "$tmp/out" "$tmp/r3"; then ok; else ko "n3: report differs with --threads 1"; fi

# JSON: one object with the figures.
run json 0 "$IBIDI" verify-rule --max-length 2 --json
if [ "$(wc -l <"$tmp/out")" -eq 1 ]; then ok; else ko "json: not one line"; fi
contains json-max "$tmp/out" '"max_length":2,'
contains json-holds "$tmp/out" '"holds":true}'
contains json-cond1 "$tmp/out" '"without_condition":{"1":1,'

# Usage errors.
run bad-length 2 "$IBIDI" verify-rule --max-length 0
run bad-length-big 2 "$IBIDI" verify-rule --max-length 13
run bad-length-text 2 "$IBIDI" verify-rule --max-length x
run bad-threads 2 "$IBIDI" verify-rule --threads 0
run missing-value 2 "$IBIDI" verify-rule --max-length
run unknown 2 "$IBIDI" verify-rule --frobnicate

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
