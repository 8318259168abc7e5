#!/bin/sh
# `ibidi scan --protect LIST [FILE]` end to end: every scanned name's record says which
# protected names it looks like in a context (UTS #39 §4 bidi skeletons: look-ltr,
# look-rtl) or displays like (ltr, rtl), the protected name itself aside: a Cyrillic
# homoglyph and its A-label, samekh samekh vav .com (like loo.com left to right only), rn
# for m, a right-to-left display twin; the text, --json (every line parsed) and --tsv
# formats; --context; a zone file; several threads give the output of one; exit statuses
# and usage errors.
# Usage: sh tests/test_cli_scan_protect.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
TAB=$(printf '\t')
CYR_A=$(printf '\320\260')                   # а, CYRILLIC SMALL LETTER A
SSV=$(printf '\327\241\327\241\327\225')     # ססו

printf '# names to protect\npaypal.com\n\nloo.com\nexample.com\nexample.360\n' >"$tmp/protect.txt"
printf 'p%sypal.com\npaypal.com\n%s.com\nfresh.org\nexarnple.com\nxn--pypal-4ve.com\n360.example\n' \
    "$CYR_A" "$SSV" >"$tmp/names.txt"

# ---- Text ----------------------------------------------------------------------------------
run text 1 "$IBIDI" scan --threads 1 --protect "$tmp/protect.txt" "$tmp/names.txt"
has "text: a homoglyph" "$tmp/out" \
    "p${CYR_A}ypal.com: valid; ltr p${CYR_A}ypal.com; rtl p${CYR_A}ypal.com; looks like paypal.com [look-ltr look-rtl]"
has "text: the protected name itself" "$tmp/out" "paypal.com: valid; ltr paypal.com; rtl paypal.com"
contains "text: left to right only" "$tmp/out" "$SSV.com: valid; ltr "
contains "text: left to right only" "$tmp/out" "; looks like loo.com [look-ltr]"
has "text: a fresh name" "$tmp/out" "fresh.org: valid; ltr fresh.org; rtl fresh.org"
has "text: rn for m" "$tmp/out" \
    "exarnple.com: valid; ltr exarnple.com; rtl exarnple.com; looks like example.com [look-ltr look-rtl]"
has "text: an A-label" "$tmp/out" \
    "xn--pypal-4ve.com (p${CYR_A}ypal.com): valid; ltr p${CYR_A}ypal.com; rtl p${CYR_A}ypal.com; looks like paypal.com [look-ltr look-rtl]"
contains "text: a display twin" "$tmp/out" "360.example: valid; ltr 360.example; rtl "
contains "text: a display twin" "$tmp/out" "; looks like example.360 [rtl]"
has "text: summary" "$tmp/out" "summary: 5 names look like a protected name (--protect)"
c=$(grep -c 'looks like' "$tmp/out")
[ "$c" -eq 5 ] && ok || ko "text: 5 records with look-alikes, not $c"

# ---- JSON: every line parses; one record per name, in order -----------------------------
run json 1 "$IBIDI" scan --json --protect "$tmp/protect.txt" "$tmp/names.txt"
if python3 - "$tmp/out" <<'EOF'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
names = [r for r in recs if r["type"] == "name"]
assert [r["line"] for r in names] == list(range(1, 8)), names
like = {r["name"]: [(x["name"], x["why"]) for x in r["looks_like"]] for r in names}
assert like["p\u0430ypal.com"] == [("paypal.com", ["look-ltr", "look-rtl"])], like
assert like["paypal.com"] == [] and like["fresh.org"] == [], like
assert like["\u05e1\u05e1\u05d5.com"] == [("loo.com", ["look-ltr"])], like
assert like["360.example"] == [("example.360", ["rtl"])], like
summary = recs[-1]
assert summary["type"] == "summary" and summary["look_alikes_of_protected"] == 5, summary
EOF
then ok; else ko "json: records"; fi

# ---- TSV: a last column --------------------------------------------------------------------
run tsv 1 "$IBIDI" scan --tsv --protect "$tmp/protect.txt" "$tmp/names.txt"
has "tsv: look-alike column" "$tmp/out" \
    "exarnple.com${TAB}valid${TAB}exarnple.com${TAB}exarnple.com${TAB}${TAB}example.com:look-ltr+look-rtl"
has "tsv: none" "$tmp/out" "fresh.org${TAB}valid${TAB}fresh.org${TAB}fresh.org${TAB}${TAB}"
contains "tsv: summary" "$tmp/out" "${TAB}look_alikes_of_protected=5"

# ---- --context -----------------------------------------------------------------------------
run "context rtl" 1 "$IBIDI" scan --context rtl --protect "$tmp/protect.txt" "$tmp/names.txt"
has "context rtl: no left-to-right look-alike" "$tmp/out" \
    "$SSV.com: valid; rtl com.$(printf '\327\225\327\241\327\241')"
has "context rtl: summary" "$tmp/out" "summary: 4 names look like a protected name (--protect)"

# ---- No look-alike: exit 0; standard input ------------------------------------------------
printf 'fresh.org\nexample.com\n' >"$tmp/in.txt"
run "none" 0 "$IBIDI" scan --protect "$tmp/protect.txt" <"$tmp/in.txt"
has "none: summary" "$tmp/out" "summary: 0 names look like a protected name (--protect)"

# ---- A zone file: its owner names -------------------------------------------------------
printf '$ORIGIN com.\n@ 3600 IN SOA a. b. 1 2 3 4 5\nexarnple 3600 IN NS ns1.example.\n_dmarc.p%sypal 3600 IN TXT "v=DMARC1"\n' \
    "$CYR_A" >"$tmp/zone.txt"
run zone 1 "$IBIDI" scan --format zone --protect "$tmp/protect.txt" "$tmp/zone.txt"
contains "zone: an owner" "$tmp/out" "exarnple.com: valid; ltr exarnple.com; rtl exarnple.com; looks like example.com [look-ltr look-rtl]"
contains "zone: its host name" "$tmp/out" "looks like paypal.com [look-ltr look-rtl]"

# ---- Threads: the output of one ------------------------------------------------------------
i=0
while [ $i -lt 3000 ]; do
    printf 'n%d.exarnple.com\nn%d.example.com\np%sypal%d.com\n' $i $i "$CYR_A" $i
    i=$((i + 1))
done >"$tmp/many.txt"
printf 'n7.example.com\npaypal7.com\n' >"$tmp/protect-many.txt"
"$IBIDI" scan --threads 1 --json --protect "$tmp/protect-many.txt" "$tmp/many.txt" >"$tmp/one.txt" 2>/dev/null
"$IBIDI" scan --threads 4 --json --protect "$tmp/protect-many.txt" "$tmp/many.txt" >"$tmp/four.txt" 2>/dev/null
if cmp -s "$tmp/one.txt" "$tmp/four.txt"; then ok; else ko "threads: 4 threads differ from 1"; fi
c=$(grep -c '"looks_like":\[{' "$tmp/one.txt")
[ "$c" -eq 2 ] && ok || ko "threads: 2 look-alikes, not $c"

# ---- Usage errors ------------------------------------------------------------------------
run "no list" 2 "$IBIDI" scan --protect "$tmp/none.txt" "$tmp/names.txt"
contains "no list: message" "$tmp/err" "cannot open"
printf '# nothing\n\n' >"$tmp/empty.txt"
run "empty list" 2 "$IBIDI" scan --protect "$tmp/empty.txt" "$tmp/names.txt"
contains "empty list: message" "$tmp/err" "no name in it"
run "with --against" 2 "$IBIDI" scan --protect "$tmp/protect.txt" --against "$tmp/names.txt" a.com
contains "with --against: message" "$tmp/err" "--protect and --against: choose one"
"$IBIDI" help scan >"$tmp/help" 2>&1
contains "usage: --protect" "$tmp/help" "--protect LIST"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
