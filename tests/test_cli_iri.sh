#!/bin/sh
# `ibidi iri check|to-uri|to-iri` end to end: the components and findings of IRIs in Bidi
# Notation (RFC 3987 §4.4 Examples 8 and 9, Hebrew and Arabic), the RFC 3987 §3.1 and §3.2.1
# conversions exactly, the options of each subcommand, --json, standard input, exit
# statuses, and clear errors for bad input and bad usage.
# Usage: sh tests/test_cli_iri.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

# lacks NAME FILE TEXT: FILE does not contain TEXT
lacks() {
    if grep -qF -- "$3" "$2"; then ko "$1: unexpected '$3' in $(head -c 600 "$2")"; else ok; fi
}

# ---- iri check -------------------------------------------------------------------------
# RFC 3987 §4.4 Example 1: one clean RTL label, every component listed
run "check example 1" 0 "$IBIDI" iri check --input notation 'http://ab.CDEFGH.ij/kl/mn/op.html'
has "check example 1" "$tmp/out" 'http://ab.CDEFGH.ij/kl/mn/op.html'
has "check example 1" "$tmp/out" '  scheme       http'
has "check example 1" "$tmp/out" '  label        CDEFGH'
has "check example 1" "$tmp/out" '  segment      op'
has "check example 1" "$tmp/out" '  extension    html'
has "check example 1" "$tmp/out" '  valid: 0 errors, 0 warnings'
# Example 8: numbers at the start or end of an RTL component: warnings, exit 0
run "check example 8" 0 "$IBIDI" iri check --input notation 'http://ab.cd.ef/GH1/2IJ/KL.html'
contains "check example 8" "$tmp/out" "warning RTL_END in segment 4 'GH1' at position 18, U+0031 (EN)"
contains "check example 8" "$tmp/out" "warning RTL_START in segment 5 '2IJ' at position 20, U+0032 (EN)"
contains "check example 8" "$tmp/out" "warning DIGIT_AFTER_RTL in segment 5"
has "check example 8" "$tmp/out" '  valid: 0 errors, 3 warnings'
# ... and --strict makes them errors
run "check strict" 1 "$IBIDI" iri check --strict --input notation 'http://ab.cd.ef/GH1/2IJ/KL.html'
has "check strict" "$tmp/out" '  invalid: 3 errors, 0 warnings'
# Example 9 in Hebrew and in Arabic: "%31" shows as "%", "3", "1"
for in in notation notation-arabic; do
    run "check example 9 $in" 0 "$IBIDI" iri check --input $in 'http://ab.cd.ef/GH%31/%32IJ/KL.html'
    contains "check example 9 $in" "$tmp/out" "warning RTL_END in segment 4 'GH%31' at position 18"
    contains "check example 9 $in" "$tmp/out" "warning RTL_START in segment 5 '%32IJ' at position 22"
done
# UTF-8 input: offsets in bytes
run "check utf8" 0 "$IBIDI" iri check "$(printf 'http://a/\327\220\327\2211')"
contains "check utf8" "$tmp/out" "warning RTL_END in segment 2"
contains "check utf8" "$tmp/out" "at byte 13, U+0031 (EN)"
# mixed directions: a warning, an error with --duerst
run "check mixed" 0 "$IBIDI" iri check --input notation 'http://a/ABcd'
contains "check mixed" "$tmp/out" "warning MIXED_DIRECTION"
run "check duerst" 1 "$IBIDI" iri check --duerst --input notation 'http://a/AB1C'
contains "check duerst" "$tmp/out" "error   RTL_OTHER_CLASS in segment 2 'AB1C' at position 11"
# the host's labels get the IDNA Bidi Rule: an error
run "check host bidi rule" 1 "$IBIDI" iri check --input notation 'http://123.ABC.com/'
contains "check host bidi rule" "$tmp/out" "error   HOST_BIDI_RULE B1 in label 1 '123'"
has "check host bidi rule" "$tmp/out" '  invalid: 1 error, 0 warnings'
run "check per label" 0 "$IBIDI" iri check --bidi-per-label --input notation 'http://123.ABC.com/'
lacks "check per label" "$tmp/out" "HOST_BIDI_RULE"
# not an IRI: the parser's message and offset, exit 1
run "check parse error" 1 "$IBIDI" iri check 'http://a/b c'
contains "check parse error" "$tmp/out" "not an IRI: RFC 3987 §2.2"
contains "check parse error" "$tmp/out" "[IRI_CHAR] at byte 10"
run "check bidi control" 1 "$IBIDI" iri check --input notation 'http://a/AB&rlm;C'
contains "check bidi control" "$tmp/out" "[IDENT_BIDI_CONTROL] at position 11"
run "check bad utf8" 1 "$IBIDI" iri check "$(printf 'http://a/\300\257')"
contains "check bad utf8" "$tmp/out" "[UTF8_OVERLONG] at byte 9"
run "check notation not ascii" 1 "$IBIDI" iri check --input notation "$(printf 'http://a/\303\251')"
contains "check notation not ascii" "$tmp/err" "Bidi Notation is ASCII only"
# JSON
run "check json" 0 "$IBIDI" iri check --json --input notation 'http://ab.CD.ef/GH1?x=Y'
contains "check json" "$tmp/out" '"valid":true,"components":[{"kind":"scheme","offset":0,"position":0,"length":4,"text":"http"}'
contains "check json" "$tmp/out" '{"kind":"label","offset":10,"position":10,"length":4,"text":"CD"}'
contains "check json" "$tmp/out" '{"kind":"query-value","offset":26,"position":22,"length":2,"text":"Y"}'
contains "check json" "$tmp/out" '"findings":[{"code":"RTL_END","severity":"warning","component":4,"offset":22,"position":18,"cp":"U+0031","bidi_class":"EN","message":"RFC 3987 §4.2 rule 2'
run "check json host" 1 "$IBIDI" iri check --json --input notation 'http://1A.com/'
contains "check json host" "$tmp/out" '"code":"HOST_BIDI_RULE","severity":"error","component":1,"offset":7,"position":7,"cp":"U+0031","bidi_class":"EN","idna_code":"B1"'
run "check json error" 1 "$IBIDI" iri check --json 'http://a:b/'
has "check json error" "$tmp/out" '{"input":"http://a:b/","valid":false,"error":{"status":"IRI_PORT","offset":9,"message":"RFC 3987 §2.2: a port is digits only"}}'
# standard input, one IRI a line; the worst exit status
printf 'http://a/b\nhttp://a/b c\n' | "$IBIDI" iri check >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -qxF 'http://a/b c' "$tmp/out" && grep -qxF '  valid: 0 errors, 0 warnings' "$tmp/out"; then ok; else ko "check stdin: exit $rc, $(cat "$tmp/out")"; fi

# ---- iri to-uri ------------------------------------------------------------------------
# RFC 3987 §3.1: the host through ToASCII, or percent-encoded
line "to-uri resume" "http://xn--rsum-bpad.example.org" "$IBIDI" iri to-uri 'http://résumé.example.org'
line "to-uri resume percent" "http://r%C3%A9sum%C3%A9.example.org" "$IBIDI" iri to-uri --host-percent 'http://résumé.example.org'
line "to-uri red" "http://www.example.org/red%09ros%C3%A9#red" "$IBIDI" iri to-uri 'http://www.example.org/red%09rosé#red'
line "to-uri old italic" "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82" "$IBIDI" iri to-uri "$(printf 'http://example.com/\360\220\214\200\360\220\214\201\360\220\214\202')"
# the component fallback of Example 9: GH in Hebrew is U+05D6 U+05D7
line "to-uri example 9" "http://ab.cd.ef/%D7%96%D7%97%31/%32%D7%98%D7%99/%D7%9A%D7%9B.html" "$IBIDI" iri to-uri --input notation 'http://ab.cd.ef/GH%31/%32IJ/KL.html'
line "to-uri example 9 arabic" "http://ab.cd.ef/%D8%A7%D8%A8%31/%32%D8%A9%D8%AA/%D8%AB%D8%AC.html" "$IBIDI" iri to-uri --input notation-arabic 'http://ab.cd.ef/GH%31/%32IJ/KL.html'
# the printable ASCII not allowed in URIs: an error, or encoded on request
run "to-uri space" 1 "$IBIDI" iri to-uri 'http://a/b c'
contains "to-uri space" "$tmp/err" "ibidi iri to-uri: item 1: input: RFC 3987 §2.2"
contains "to-uri space" "$tmp/err" "[IRI_CHAR] at byte 10"
line "to-uri encode-ascii" "http://a/b%20c%3Cd%3E%7B%7D" "$IBIDI" iri to-uri --encode-ascii 'http://a/b c<d>{}'
# IDNA refuses the host: the profile decides
run "to-uri idna" 1 "$IBIDI" iri to-uri 'http://-é.com/'
contains "to-uri idna" "$tmp/err" "[IRI_HOST_IDNA] at byte 7"
line "to-uri whatwg" "http://xn----bga.com/" "$IBIDI" iri to-uri --profile whatwg 'http://-é.com/'
line "to-uri idna2008" "http://xn--rsum-bpad.example.org" "$IBIDI" iri to-uri --profile=idna2008-lookup 'http://résumé.example.org'
# an identity on URIs
line "to-uri identity" "HTTP://WWW.Example.ORG/%e2%80%ae?A=B#C" "$IBIDI" iri to-uri 'HTTP://WWW.Example.ORG/%e2%80%ae?A=B#C'
run "to-uri json" 1 "$IBIDI" iri to-uri --json 'http://résumé.example.org/x' 'http://a:x/'
has "to-uri json" "$tmp/out" '{"input":"http://résumé.example.org/x","valid":true,"output":"http://xn--rsum-bpad.example.org/x"}'
has "to-uri json" "$tmp/out" '{"input":"http://a:x/","valid":false,"error":{"status":"IRI_PORT","offset":9,"message":"RFC 3987 §2.2: a port is digits only"}}'
printf 'http://é/\nhttp://a/\n' | "$IBIDI" iri to-uri --host-percent >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$(printf 'http://%%C3%%A9/\nhttp://a/')" ]; then ok; else ko "to-uri stdin: exit $rc, $(cat "$tmp/out")"; fi
# a long IRI with a space: the command gets the size in a second round
long="http://a/$(printf '%03000d' 0) x"
line "to-uri long" "http://a/$(printf '%03000d' 0)%20x" "$IBIDI" iri to-uri --encode-ascii "$long"

# ---- iri to-iri ------------------------------------------------------------------------
# RFC 3987 §3.2.1, the three examples and the ToUnicode variant
line "to-iri durst" "http://www.example.org/Dürst" "$IBIDI" iri to-iri 'http://www.example.org/D%C3%BCrst'
line "to-iri latin-1" "http://www.example.org/D%FCrst" "$IBIDI" iri to-iri 'http://www.example.org/D%FCrst'
line "to-iri rlo" "http://xn--99zt52a.example.org/%E2%80%AE" "$IBIDI" iri to-iri 'http://xn--99zt52a.example.org/%e2%80%ae'
line "to-iri natto" "http://納豆.example.org/%E2%80%AE" "$IBIDI" iri to-iri --host-to-unicode 'http://xn--99zt52a.example.org/%e2%80%ae'
# Example 9: the segments that break the rules once decoded stay encoded
line "to-iri example 9" "http://ab.cd.ef/%D7%96%D7%97%31/%32%D7%98%D7%99/KL.html" "$IBIDI" iri to-iri --output notation 'http://ab.cd.ef/%D7%96%D7%97%31/%32%D7%98%D7%99/%D7%9A%D7%9B.html'
line "to-iri keep-unsafe" "http://ab.cd.ef/GH1/2IJ/KL.html" "$IBIDI" iri to-iri --keep-unsafe --output notation 'http://ab.cd.ef/%D7%96%D7%97%31/%32%D7%98%D7%99/%D7%9A%D7%9B.html'
line "to-iri arabic" "http://ab.cd.ef/%D8%A7%D8%A8%31/%32%D8%A9%D8%AA/KL.html" "$IBIDI" iri to-iri --output=notation-arabic 'http://ab.cd.ef/%D8%A7%D8%A8%31/%32%D8%A9%D8%AA/%D8%AB%D8%AC.html'
run "to-iri not ascii" 1 "$IBIDI" iri to-iri 'http://é/'
contains "to-iri not ascii" "$tmp/err" "[URI_NOT_ASCII] at byte 7"
run "to-iri percent" 1 "$IBIDI" iri to-iri 'http://a/%G1'
contains "to-iri percent" "$tmp/err" "[IRI_PERCENT] at byte 9"
run "to-iri json" 0 "$IBIDI" iri to-iri --json --output notation 'http://a/%D7%90%D7%91?q=%22'
has "to-iri json" "$tmp/out" '{"input":"http://a/%D7%90%D7%91?q=%22","valid":true,"output":"http://a/AB?q=%22"}'
run "to-iri json error" 1 "$IBIDI" iri to-iri --json 'a b'
has "to-iri json error" "$tmp/out" '{"input":"a b","valid":false,"error":{"status":"IRI_CHAR","offset":1,"message":"RFC 3987 §2.2: character not allowed here (outside ucschar, iprivate outside the query, or an ASCII character that is neither unreserved, sub-delims nor a delimiter of this part)"}}'
# a round trip through the command: to-uri of to-iri gives the URI back
uri='http://ab.cd.ef/%D7%96%D7%97%31/%D7%9A%D7%9B.html?%D7%90=%D7%91#x'
iri=$("$IBIDI" iri to-iri "$uri")
line "round trip" "$uri" "$IBIDI" iri to-uri --host-percent "$iri"

# ---- usage -----------------------------------------------------------------------------
run "no subcommand" 2 "$IBIDI" iri
contains "no subcommand" "$tmp/err" "check, to-uri or to-iri"
run "unknown subcommand" 2 "$IBIDI" iri nope x
run "unknown option" 2 "$IBIDI" iri check --bogus x
run "option of another subcommand" 2 "$IBIDI" iri to-iri --host-percent x
run "unknown profile" 2 "$IBIDI" iri to-uri --profile nope x
run "unknown input" 2 "$IBIDI" iri check --input latin1 x
run "missing value" 2 "$IBIDI" iri to-uri --profile
run "help" 0 "$IBIDI" iri --help
contains "help" "$tmp/out" "usage: ibidi iri check"
run "help command" 0 "$IBIDI" help iri
contains "help command" "$tmp/out" "ibidi iri to-iri"
run "help list" 0 "$IBIDI" help
contains "help list" "$tmp/out" "IRIs: components and bidi rules, IRI to URI, URI to IRI"

# A mail address gets the component rules (--as email), Duerst's restriction 3 with --duerst
run iri-email 1 "$IBIDI" iri check --duerst --as email --input notation 'AB1@CD.com'
has iri-email "$tmp/out" "  local-atom   AB1"
contains iri-email "$tmp/out" "error   RTL_OTHER_CLASS in local-atom 0 'AB1'"
run iri-email-bad-as 2 "$IBIDI" iri check --as nosuch a@b.com
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
