#!/bin/sh
# A-labels as users see them (RFC 5894 §4.2): check, display, twins and iri check show and
# analyse an identifier's A-labels as their U-labels, say so, and find what they find for
# the U-label form itself.
# Usage: sh tests/test_cli_ulabels.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
U=$(printf '\327\220\327\221\327\222') # the U-label of xn--4dbcd

# check: the same ambiguity findings for the A-label and the U-label form
codes() { sed -n '/bidi ambiguity/,$p' "$tmp/out" | awk '/^    warning [A-Z_]+ /{print $2, $3, $4, $5, $6}'; }
run check-a 1 "$IBIDI" check 'xn--4dbcd.123.com'
contains check-a "$tmp/out" "  U-label form: $U.123.com"
codes >"$tmp/a"
run check-u 1 "$IBIDI" check "$U.123.com"
codes >"$tmp/u"
if [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/u"; then ok; else ko "check: A-label findings differ: $(cat "$tmp/a") / $(cat "$tmp/u")"; fi
contains check-a "$tmp/out" "IDN_NUMBER_LABEL"
contains check-a "$tmp/out" "REC_III_PRECEDING"
contains check-a "$tmp/out" "INVALID_TWINS_ONLY"
# Badami's own left-to-right twin of a mail address is found from its A-label
run check-mail 0 "$IBIDI" check '123@xn--4dbcd.com'
contains check-mail "$tmp/out" "VALID_TWIN"
contains check-mail "$tmp/out" "DOMAIN_UNDETERMINED"

# display: the U-labels are shown, the JSON record says so
line display "123@$(printf '\327\222\327\221\327\220').com" "$IBIDI" display '123@xn--4dbcd.com'
run display-json 0 "$IBIDI" display --json '123@xn--4dbcd.com'
contains display-json "$tmp/out" "\"unicode_form\":\"123@$U.com\""

# twins: those of the U-label form
run twins 1 "$IBIDI" twins '123@xn--4dbcd.com'
has twins "$tmp/out" "# 123@xn--4dbcd.com shown as 123@$U.com (A-labels as U-labels)"
contains twins "$tmp/out" "	valid"
run twins-json 0 "$IBIDI" twins --json 'xn--4dbcd.123.com'
contains twins-json "$tmp/out" "\"unicode_form\":\"$U.123.com\""

# iri check: the host's rules on its U-labels
run iri 0 "$IBIDI" iri check 'http://xn--4dbcd.com/x'
has iri "$tmp/out" "  label        $U"
contains iri "$tmp/err" "checked with its A-labels as U-labels"
# no A-label: nothing said, nothing changed
run plain 0 "$IBIDI" display example.com
[ ! -s "$tmp/err" ] && ok || ko "plain: $(cat "$tmp/err")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
