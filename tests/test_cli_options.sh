#!/bin/sh
# GNU conventions of the ibidi command: options anywhere among the items, "--" ends them,
# help for every listed command, conflicting options refused, exit 2 for usage errors and
# for inputs that cannot be read.
# Usage: sh tests/test_cli_options.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

# Options after the items, and between them, act as options.
line after-item '{"input":"a.com","profile":"uts46","valid":true,"output":"a.com","status":"[]","errors":[],"warnings":[]}' \
    "$IBIDI" to-ascii a.com --json
run between 0 "$IBIDI" to-ascii a.com --tsv b.com
has between "$tmp/out" "a.com	a.com	[]"
has between "$tmp/out" "b.com	b.com	[]"
[ "$(wc -l <"$tmp/out")" -eq 2 ] && ok || ko "between: $(cat "$tmp/out")"
# A value-taking option takes the next word, wherever it stands.
line value-after 'com.DC.ab' "$IBIDI" display ab.CD.com --context rtl --input notation
line value-equals 'com.DC.ab' "$IBIDI" display --input=notation ab.CD.com --context=rtl
# ... and the last word, without one, is a usage error: never the "--" that the
# rearranged words put after the options (a file named "--" would be read or written).
run value-last 2 "$IBIDI" display ab.CD.com --context
contains value-last "$tmp/err" "ibidi display: --context needs a value"
run value-last-alone 2 "$IBIDI" scan --lgr
contains value-last-alone "$tmp/err" "ibidi scan: --lgr needs a value"
run props-after 0 "$IBIDI" props U+05D0 --json
contains props-after "$tmp/out" '"cp":"U+05D0"'
# After "--" every word is an item, also one that looks like an option.
run dashdash 1 "$IBIDI" to-ascii --tsv -- --json
has dashdash "$tmp/out" "--json	--json	[V3]"
# A word with one "-" is an item (a name may start with a hyphen), "-" too.
run one-dash 1 "$IBIDI" to-ascii --tsv -x.com
has one-dash "$tmp/out" "-x.com	-x.com	[V3]"
# Short options the command lists are options anywhere.
line short-after 'ليهمابتكلموشعربي؟' "$IBIDI" punycode egbpdaj6bu4bxfgehfvwxn -d
# A subcommand stays the first word; its options may follow the items.
run iri-sub 0 "$IBIDI" iri to-uri 'http://a.example/ملف' --host-percent
has iri-sub "$tmp/out" "http://a.example/%D9%85%D9%84%D9%81"
# an option before the subcommand: the subcommand is still the first word
run iri-option-first 0 "$IBIDI" iri --host-percent to-uri 'http://a.example/ملف'
has iri-option-first "$tmp/out" "http://a.example/%D9%85%D9%84%D9%81"
# verify-rule takes no items
run verify-items 2 "$IBIDI" verify-rule --max-length 1 extra

# help for every command the list shows, and for help and version themselves
"$IBIDI" help >"$tmp/list"
cmds=$(sed -n 's/^  \([a-z][a-z0-9-]*\)  .*/\1/p' "$tmp/list")
n=0
for c in $cmds; do
    n=$((n + 1))
    run "help-$c" 0 "$IBIDI" help "$c"
    contains "help-$c" "$tmp/out" "usage: ibidi $c"
    case $c in
    help | version) ;;
    *)
        run "$c --help" 0 "$IBIDI" "$c" x --help
        contains "$c --help" "$tmp/out" "usage: ibidi $c"
        ;;
    esac
done
[ "$n" -ge 14 ] && ok || ko "help lists only $n commands"
echo "info: help checked for $n commands"
run help-unknown 2 "$IBIDI" help nosuch
run help-two 2 "$IBIDI" help props bidi

# Conflicting options are refused, not silently resolved.
run conflict-format 2 "$IBIDI" to-ascii --tsv a.com --json
run conflict-scan 2 "$IBIDI" scan --json --tsv data/samples/names.txt
run conflict-puny 2 "$IBIDI" punycode --encode --decode abc
# An option a command does not list is refused (check writes text or JSON).
run check-tsv 2 "$IBIDI" check a.com --tsv
contains check-tsv "$tmp/err" "unknown option '--tsv'"
run unknown 2 "$IBIDI" props --nosuch U+0041
# Numbers out of range are usage errors that name the range.
run range-big 2 "$IBIDI" twins --max-candidates 99999999999999999999999 ab
contains range-big "$tmp/err" "--max-candidates needs a number from 0"
run range-neg 2 "$IBIDI" twins --max-candidates -1 ab
run range-threads 2 "$IBIDI" scan --threads 0 data/samples/names.txt
run range-length 2 "$IBIDI" verify-rule --max-length 99
# A bad value is reported with the status that names it, as the item's line.
run puny-large 1 "$IBIDI" punycode --hex --encode 110000
has puny-large "$tmp/out" "error: CP_TOO_LARGE at byte 0"
run puny-surrogate 1 "$IBIDI" punycode --hex --encode 'U+0041 D800'
has puny-surrogate "$tmp/out" "error: CP_SURROGATE at byte 7"
run puny-syntax 1 "$IBIDI" punycode --hex --encode 'U+zz'
has puny-syntax "$tmp/out" "error: CP_SYNTAX at byte 0"
# Display order for a bidi terminal: LRO ... PDF with --wrap, never into a file by default
LRO=$(printf '\342\200\255')
PDF=$(printf '\342\200\254')
line wrap "${LRO}ab.DC.com$PDF" "$IBIDI" display --input notation ab.CD.com --wrap
line wrap-file 'ab.DC.com' "$IBIDI" display --input notation ab.CD.com
line no-wrap 'ab.DC.com' "$IBIDI" display --no-wrap --input notation ab.CD.com
line wrap-bidi "${LRO}CBA$PDF" "$IBIDI" bidi --wrap --input notation ABC
# A missing value is a usage error.
run missing-value 2 "$IBIDI" bidi abc --dir
# Inputs that cannot be read: exit 2.
run scan-dir 2 "$IBIDI" scan "$tmp"
contains scan-dir "$tmp/err" "Is a directory"
run scan-missing 2 "$IBIDI" scan "$tmp/nosuch"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
