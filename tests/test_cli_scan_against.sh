#!/bin/sh
# `ibidi scan --against EXISTING [CANDIDATE...]` end to end: each candidate gets exactly one
# record, in the candidates' order, with every existing name it collides with and why: a
# Hebrew name with its left-to-right twin and its right-to-left twin, an A-label candidate
# whose U-label is there (and the reverse), LGR variants with --lgr, other candidates
# (marked); --only-valid keeps the collisions with valid names; the text, --tsv and --json
# formats (every JSON line parsed); a zone file and its gzip copy as the existing list;
# candidates from standard input; an ill-formed candidate and existing line; several
# threads give the output of one; exit statuses and usage errors.
# Usage: sh tests/test_cli_scan_against.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
TAB=$(printf '\t')
LGR=data/samples/lgr/toy-hebrew-arabic.xml
ZONE=data/samples/zone.txt
ZONE_GZ=data/samples/zone.txt.gz
HE=$(printf '\327\231\327\251\327\250\327\220\327\234') # ישראל
HE_A=xn--4dbrk0ce                                       # its A-label
KTAB=$(printf '\331\203\330\252\330\247\330\250')       # كتاب (KAF)
KTAB_V=$(printf '\332\251\330\252\330\247\330\250')     # کتاب (KEHEH, its allocatable variant)

# count NAME WANT FILE PATTERN: WANT lines of FILE match the extended regex PATTERN
count() {
    c_got=$(grep -cE -- "$4" "$3")
    if [ "$c_got" -eq "$2" ]; then ok; else ko "$1: $c_got lines match '$4', expected $2"; fi
}
same() {
    if cmp -s "$2" "$3"; then ok; else ko "$1: $(diff "$2" "$3" | head -n 10)"; fi
}

# The existing list: twins of the candidate $HE.123.com (line 2 left to right, line 3 right
# to left), the U-label of $HE_A.com (line 4), an A-label (line 6), an invalid line (7),
# ill-formed UTF-8 (8), the right-to-left twin of 360.example, valid (9), a broken A-label
# whose form, 4dbrk0ce.com, is valid (10).
printf '# existing names\n123.%s.com\n%s.com.123\n%s.com\nexample.com\nxn--mgbh0fb.example\nbad..name\n\377x.com\nexample.360\nxn--4dbrk0ce-.com\n' \
    "$HE" "$HE" "$HE" >"$tmp/existing.txt"

# ---- Text ----------------------------------------------------------------------------------
run text 1 "$IBIDI" scan --threads 1 --against "$tmp/existing.txt" "$HE.123.com" "$HE_A.com" \
    fresh.example "123.$HE.com" "$(printf '\331\205\330\253\330\247\331\204').example" 360.example
count "text: one record per candidate, and the summary" 7 "$tmp/out" '.'
has "text: ltr and rtl twins, and the other candidate" "$tmp/out" \
    "$HE.123.com: invalid [B1]; collides with 3 names: 123.$HE.com [ltr; invalid] line 2, $HE.com.123 [rtl; invalid] line 3, candidate 123.$HE.com [ltr; invalid]"
has "text: an A-label whose U-label is there" "$tmp/out" \
    "$HE_A.com ($HE.com): valid; collides with 1 name: $HE.com [same ltr rtl] line 4"
has "text: a fresh name" "$tmp/out" "fresh.example: valid; no collision"
has "text: a U-label whose A-label is there" "$tmp/out" \
    "$(printf '\331\205\330\253\330\247\331\204').example: valid; collides with 1 name: xn--mgbh0fb.example ($(printf '\331\205\330\253\330\247\331\204').example) [same ltr rtl] line 6"
has "text: valid twins right to left" "$tmp/out" \
    "360.example: valid; collides with 1 name: example.360 [rtl] line 9"
sed -n 1p "$tmp/out" | grep -q "^$HE.123.com:" && ok || ko "text: the candidates' order"
has "text: summary" "$tmp/out" \
    "summary: 6 candidates, 4 valid, 5 colliding (8 collisions); against 9 names (10 lines, 1 skipped, 0 unreadable), 4 valid (profile uts46)"
contains "text: the time on standard error" "$tmp/err" "ibidi scan: 9 names in "

# exit status 0: every candidate valid and colliding with nothing; a final root dot goes
run "no collision" 0 "$IBIDI" scan --against "$tmp/existing.txt" fresh.example other.example.
has "no collision: root dot" "$tmp/out" "other.example: valid; no collision"
run "same name, root dot" 1 "$IBIDI" scan --against "$tmp/existing.txt" example.com.
has "same name, root dot" "$tmp/out" "example.com: valid; collides with 1 name: example.com [same ltr rtl] line 5"
run "invalid candidate alone" 1 "$IBIDI" scan --against "$tmp/existing.txt" 'a b.example'
has "invalid candidate alone" "$tmp/out" "a b.example: invalid [U1]; no collision"
# --context ltr: right-to-left twins are no collision
run "context ltr" 0 "$IBIDI" scan --context ltr --against "$tmp/existing.txt" 360.example
has "context ltr" "$tmp/out" "360.example: valid; no collision"

# ---- --only-valid --------------------------------------------------------------------------
run only-valid 1 "$IBIDI" scan --only-valid --against "$tmp/existing.txt" "$HE.123.com" 360.example
has "only-valid: invalid twins are left out" "$tmp/out" "$HE.123.com: invalid [B1]; no collision"
has "only-valid: the valid twin stays" "$tmp/out" \
    "360.example: valid; collides with 1 name: example.360 [rtl] line 9"
contains "only-valid: summary" "$tmp/out" "(1 collision with valid names)"
# a valid candidate whose only collision is with an invalid name passes
run "only-valid: nothing left" 0 "$IBIDI" scan --only-valid --against "$tmp/existing.txt" 4dbrk0ce.com
has "only-valid: nothing left" "$tmp/out" "4dbrk0ce.com: valid; no collision"
run "without only-valid" 1 "$IBIDI" scan --against "$tmp/existing.txt" 4dbrk0ce.com
has "without only-valid" "$tmp/out" \
    "4dbrk0ce.com: valid; collides with 1 name: xn--4dbrk0ce-.com (4dbrk0ce.com) [same ltr rtl; invalid] line 10"

# ---- --lgr ---------------------------------------------------------------------------------
printf '%s.example\nexample.360\n' "$KTAB" >"$tmp/lgr-existing.txt"
run lgr 1 "$IBIDI" scan --lgr "$LGR" --against "$tmp/lgr-existing.txt" "$KTAB_V.example" 360.example
has "lgr: a variant" "$tmp/out" \
    "$KTAB_V.example: valid; lgr valid index $(printf '\331\203\330\252\330\243\330\250'); collides with 1 name: $KTAB.example [lgr look-ltr look-rtl] line 1"
# without the LGR the variant is still found: KAF and KEHEH have one prototype (UTS #39 §4)
run "no lgr: the variant looks alike" 1 "$IBIDI" scan --against "$tmp/lgr-existing.txt" "$KTAB_V.example"
has "no lgr: the variant looks alike" "$tmp/out" \
    "$KTAB_V.example: valid; collides with 1 name: $KTAB.example [look-ltr look-rtl] line 1"

# ---- Look-alikes (UTS #39 §4 bidi skeletons) -----------------------------------------------
# samekh samekh vav .com looks like loo.com in a left-to-right paragraph only (its plain
# skeleton reads ool.com); Cyrillic е and rn look like e and m in both directions; a name
# that is there, or displays alike, is not also called a look-alike.
SSV=$(printf '\327\241\327\241\327\225') # ססו
printf 'loo.com\nexample.com\n' >"$tmp/look.txt"
run "look: ltr" 1 "$IBIDI" scan --against "$tmp/look.txt" "$SSV.com" "$(printf '\320\265')xample.com" \
    exarnple.com example.com fresh.com
has "look: ltr only" "$tmp/out" "$SSV.com: valid; collides with 1 name: loo.com [look-ltr] line 1"
has "look: homoglyph" "$tmp/out" \
    "$(printf '\320\265')xample.com: valid; collides with 3 names: example.com [look-ltr look-rtl] line 2, candidate exarnple.com [look-ltr look-rtl], candidate example.com [look-ltr look-rtl]"
has "look: the same name says same" "$tmp/out" \
    "example.com: valid; collides with 3 names: example.com [same ltr rtl] line 2, candidate $(printf '\320\265')xample.com [look-ltr look-rtl], candidate exarnple.com [look-ltr look-rtl]"
has "look: fresh" "$tmp/out" "fresh.com: valid; no collision"
run "look: rtl context" 0 "$IBIDI" scan --context rtl --against "$tmp/look.txt" "$SSV.com"
has "look: rtl context" "$tmp/out" "$SSV.com: valid; no collision"
run "look: json" 1 "$IBIDI" scan --json --against "$tmp/look.txt" "$SSV.com"
contains "look: json" "$tmp/out" '"collisions":[{"existing":"loo.com","unicode":"loo.com","valid":true,"why":["look-ltr"],"line":1}]'
run "look: tsv" 1 "$IBIDI" scan --tsv --context ltr --against "$tmp/look.txt" exarnple.com
has "look: tsv" "$tmp/out" "candidate${TAB}exarnple.com${TAB}valid${TAB}1${TAB}existing:example.com:look-ltr:valid"

# ---- --tsv ---------------------------------------------------------------------------------
run tsv 1 "$IBIDI" scan --tsv --against "$tmp/existing.txt" "$HE_A.com" fresh.example "$HE.123.com"
has "tsv: a collision" "$tmp/out" "candidate${TAB}$HE_A.com${TAB}valid${TAB}1${TAB}existing:$HE.com:same+ltr+rtl:valid"
has "tsv: none" "$tmp/out" "candidate${TAB}fresh.example${TAB}valid${TAB}0${TAB}"
has "tsv: several, a peer" "$tmp/out" \
    "candidate${TAB}$HE.123.com${TAB}invalid [B1]${TAB}2${TAB}existing:123.$HE.com:ltr:invalid,existing:$HE.com.123:rtl:invalid"
contains "tsv: summary" "$tmp/out" "summary${TAB}profile=uts46${TAB}candidates=3${TAB}valid_candidates=2${TAB}colliding=2${TAB}collisions=3${TAB}existing_lines=10${TAB}existing_names=9"

# ---- --json --------------------------------------------------------------------------------
run json 1 "$IBIDI" scan --json --lgr "$LGR" --against "$tmp/existing.txt" "$HE.123.com" \
    "$HE_A.com" fresh.example "$(printf '\377')bad.example" "123.$HE.com"
count "json: one record per candidate, then a summary" 6 "$tmp/out" '^\{"type":"(candidate|summary)",'
count "json: candidates" 5 "$tmp/out" '^\{"type":"candidate","name":'
contains "json: collisions" "$tmp/out" \
    "\"collisions\":[{\"existing\":\"$HE.com.123\",\"unicode\":\"$HE.com.123\",\"valid\":false,\"why\":[\"lgr\"],\"line\":3},{\"existing\":\"$HE.com\",\"unicode\":\"$HE.com\",\"valid\":true,\"why\":[\"same\",\"ltr\",\"rtl\",\"lgr\"],\"line\":4},"
contains "json: a peer" "$tmp/out" "{\"candidate\":\"123.$HE.com\",\"unicode\":\"123.$HE.com\",\"valid\":false,\"why\":[\"ltr\"],\"line\":5}"
contains "json: ill-formed candidate" "$tmp/out" '"name_hex":"ff6261642e6578616d706c65","valid":false,"codes":"[UTF8_INVALID_BYTE]"'
contains "json: lgr" "$tmp/out" '"lgr":{"disposition":'
contains "json: summary" "$tmp/out" '{"type":"summary","profile":"uts46","candidates":5,"valid_candidates":2,"colliding":3'
if command -v python3 >/dev/null 2>&1; then
    if python3 -c '
import json, sys
for n, l in enumerate(open(sys.argv[1], encoding="utf-8", errors="strict"), 1):
    o = json.loads(l)
    assert o["type"] in ("candidate", "summary"), n
    if o["type"] == "candidate":
        assert isinstance(o["collisions"], list) and isinstance(o["valid"], bool), n
        for c in o["collisions"]:
            assert ("existing" in c) != ("candidate" in c) and c["why"], n
' "$tmp/out" 2>"$tmp/py"; then ok; else ko "json: not valid JSON: $(head -c 300 "$tmp/py")"; fi
    run "json only-valid" 1 "$IBIDI" scan --json --only-valid --against "$tmp/existing.txt" 360.example
    if python3 -m json.tool --json-lines "$tmp/out" >/dev/null 2>&1 ||
        python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$tmp/out"; then ok; else ko "json only-valid: not JSON"; fi
    contains "json only-valid" "$tmp/out" '"only_valid":true}'
    # hostile candidates: controls, NUL, ill-formed bytes, bidi controls, a long line; each
    # gets a record whose "name_hex" (or "name") gives back its bytes
    { printf 'a\001b.example\n\000x.com\n\300\257.com\n\342\200\256abc.com\n"q\\".com\n'
      awk 'BEGIN { for (i = 0; i < 5000; i++) printf "ab"; printf "\n" }'; } >"$tmp/hostile.txt"
    run hostile 1 "$IBIDI" scan --json --against "$tmp/existing.txt" <"$tmp/hostile.txt"
    if python3 -c '
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
cands = [r for r in recs if r["type"] == "candidate"]
lines = [l for l in open(sys.argv[2], "rb").read().split(b"\n") if l]
assert len(cands) == len(lines), (len(cands), len(lines))
for r, l in zip(cands, lines):
    got = bytes.fromhex(r["name_hex"]) if "name_hex" in r else r["name"].encode()
    assert got == l.strip(b" \t\r"), (got, l)
    assert r["valid"] is False
' "$tmp/out" "$tmp/hostile.txt" 2>"$tmp/py"; then ok; else ko "hostile: $(head -c 300 "$tmp/py")"; fi
else
    echo "skipped: python3 not installed, JSON not parsed"
fi

# ---- Zone files, gzip ----------------------------------------------------------------------
run zone 1 "$IBIDI" scan --against "$ZONE" "$HE.123.com" example.com fresh.example
has "zone: a twin, by the zone's line" "$tmp/out" \
    "$HE.123.com: invalid [B1]; collides with 2 names: 123.$HE_A.com (123.$HE.com) [ltr; invalid] line 17, $HE_A.123.com ($HE.123.com) [same ltr rtl; invalid] line 28"
cp "$tmp/out" "$tmp/zone.out"
run "zone gzip" 1 "$IBIDI" scan --against "$ZONE_GZ" "$HE.123.com" example.com fresh.example
same "zone gzip: the output of the plain zone" "$tmp/zone.out" "$tmp/out"
run "zone from standard input" 1 "$IBIDI" scan --against - "$HE.123.com" example.com fresh.example <"$ZONE_GZ"
same "zone from standard input" "$tmp/zone.out" "$tmp/out"
# an unreadable line of a zone is reported and counted, and the check goes on
{ cat "$ZONE"; printf 'bad.org. 3600 in txt "not closed\nfresh.org.\t3600\tin\tns\tx.\n'; } >"$tmp/bad-zone.txt"
run "zone: unreadable line" 1 "$IBIDI" scan --format zone --against "$tmp/bad-zone.txt" fresh.org fresh.example
contains "zone: unreadable line reported" "$tmp/err" "bad-zone.txt:"
has "zone: the name after it" "$tmp/out" "fresh.org: valid; collides with 1 name: fresh.org [same ltr rtl] line 41"
contains "zone: unreadable counted" "$tmp/out" "1 unreadable"

# ---- Candidates from standard input --------------------------------------------------------
printf '# candidates\n%s.com\r\n\nfresh.example   # a comment\n%s.123.com\n' "$HE_A" "$HE" |
    run stdin 1 "$IBIDI" scan --json --against "$tmp/existing.txt"
count "stdin: three candidates" 3 "$tmp/out" '^\{"type":"candidate"'
contains "stdin: CRLF" "$tmp/out" "{\"type\":\"candidate\",\"name\":\"$HE_A.com\",\"valid\":true"
contains "stdin: line numbers" "$tmp/out" '"collisions":[],"line":4}'

# ---- Threads: a large existing list gives the same output with 1 and 4 threads -------------
awk 'BEGIN { for (i = 0; i < 30000; i++) printf "n%d.example\n", i }' >"$tmp/big.txt"
cat "$tmp/existing.txt" >>"$tmp/big.txt"
awk 'BEGIN { for (i = 29990; i < 30010; i++) printf "n%d.example\n", i }' >"$tmp/cands.txt"
printf '%s.123.com\n' "$HE" >>"$tmp/cands.txt"
run "threads 1" 1 "$IBIDI" scan --threads 1 --json --against "$tmp/big.txt" <"$tmp/cands.txt"
cp "$tmp/out" "$tmp/t1.out"
run "threads 4" 1 "$IBIDI" scan --threads 4 --json --against "$tmp/big.txt" <"$tmp/cands.txt"
same "threads: 4 give the output of 1" "$tmp/t1.out" "$tmp/out"
count "threads: the ten that are there" 10 "$tmp/out" '"why":\["same","ltr","rtl"\]'
contains "threads: summary" "$tmp/out" '"candidates":21,"valid_candidates":20,"colliding":11'

# ---- Usage errors ----------------------------------------------------------------------------
run "no candidate" 2 "$IBIDI" scan --against "$tmp/existing.txt" </dev/null
contains "no candidate" "$tmp/err" "no candidate"
run "stdin twice" 2 "$IBIDI" scan --against - </dev/null
contains "stdin twice" "$tmp/err" "cannot come from standard input too"
run "missing file" 2 "$IBIDI" scan --against "$tmp/none.txt" a.example
contains "missing file" "$tmp/err" "cannot open"
run "a directory" 2 "$IBIDI" scan --against "$tmp" a.example
run "with --html" 2 "$IBIDI" scan --html "$tmp/page.html" --against "$tmp/existing.txt" a.example
contains "with --html" "$tmp/err" "--html and --against: choose one"
[ ! -e "$tmp/page.html" ] && ok || ko "with --html: no page written"
run "bad lgr" 2 "$IBIDI" scan --lgr "$tmp/none.xml" --against "$tmp/existing.txt" a.example
run "two inputs without --against" 2 "$IBIDI" scan a.txt b.txt
contains "two inputs" "$tmp/err" "one input only"
"$IBIDI" help scan >"$tmp/help" 2>&1
contains "usage: --against" "$tmp/help" "--against EXISTING"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
