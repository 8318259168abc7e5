#!/bin/sh
# One answer everywhere: a verdict is made once, in the library, and every command that
# shows it shows the same. Each case below is one that two outputs used to give
# differently (the examples of the issue that made the verdict the library's):
#  - the order of codes: to-ascii, scan and check --as iri list [V3, U1] alike;
#  - check judges a domain name on its Unicode form: 123.xn--4dbrk0ce.com is a Bidi domain
#    name, its Hebrew label is "rtl", and RFC 5893 §3's offsets are in the Unicode form
#    (input_offset in the input);
#  - a finding of severity "error" makes the verdict invalid (exit 1, "valid":false), and
#    only then: RFC 3987's MIXED_DIRECTION is a warning, Duerst 2001's restrictions
#    (--duerst) errors, as `ibidi explain` says;
#  - to-ascii and scan give one verdict under each profile (whatwg's xn--mhb.1 among them),
#    over the bundled names and 2,000 generated ones;
#  - normalize is a text filter (the text byte for byte), bidi and punycode --decode take
#    --json.
# (The zone apex is in test_cli_scan_zone.sh, the SQL display key in postgres/run_tests.sh,
# the §2 embedding test in test_cli_display.sh and the Python package's tests.)
# Usage: sh tests/test_one_answer.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
TAB=$(printf '\t')

# ---- one order of codes ---------------------------------------------------------------
run order-to-ascii 1 "$IBIDI" to-ascii --tsv 'a_b-.com'
has order-to-ascii "$tmp/out" "a_b-.com${TAB}a_b-.com${TAB}[V3, U1]"
printf 'a_b-.com\n' >"$tmp/one.txt"
run order-scan 1 "$IBIDI" scan --tsv "$tmp/one.txt"
contains order-scan "$tmp/out" "a_b-.com${TAB}invalid [V3, U1]${TAB}"
run order-check-iri 1 "$IBIDI" check --as iri 'http://a_b-.com/'
contains order-check-iri "$tmp/out" "invalid [V3, U1]"
run order-check-json 1 "$IBIDI" check --json --as iri 'http://a_b-.com/'
contains order-check-json "$tmp/out" '"status":"[V3, U1]"'

# ---- judged on the Unicode form -------------------------------------------------------
run bidi-domain 1 "$IBIDI" check --json 123.xn--4dbrk0ce.com
contains bidi-domain "$tmp/out" '"status":"[B1]"'
contains bidi-domain "$tmp/out" '"bidi_domain_name":true'
he=$(printf '\327\231\327\251\327\250\327\220\327\234')
contains bidi-domain-category "$tmp/out" "{\"label\":\"$he\","
contains bidi-domain-category "$tmp/out" '"category":"rtl"'
# RFC 5893 §3 on xn--4dbrk0ce.123: the digit label is at byte 11 of ישראל.123, byte 13 of
# the input
run grouping-offsets 1 "$IBIDI" check --json xn--4dbrk0ce.123
contains grouping-offsets "$tmp/out" \
    '{"code":"GROUPING","severity":"warning","label":1,"offset":11,"length":3,"input_offset":13,"input_length":3,'

# ---- an error makes the verdict invalid -----------------------------------------------
run warnings-only 0 "$IBIDI" check --input notation 'http://example.com/abCD'
contains warnings-only "$tmp/out" "iri                  valid []"
contains warnings-only "$tmp/out" "warning MIXED_DIRECTION"
run errors-duerst 1 "$IBIDI" check --duerst --input notation 'http://example.com/abCD'
contains errors-duerst "$tmp/out" "invalid [MIXED_DIRECTION, RTL_OTHER_CLASS]"
contains errors-duerst "$tmp/out" "error   RTL_OTHER_CLASS"
run errors-duerst-json 1 "$IBIDI" check --json --duerst --input notation 'http://example.com/abCD'
contains errors-duerst-json "$tmp/out" '"valid":false'
run explain-says 0 "$IBIDI" explain RTL_OTHER_CLASS
contains explain-says "$tmp/out" "severity  error: the input is invalid (checked only with --duerst)"

# ---- one verdict for to-ascii and scan, under every profile ---------------------------
line whatwg-to-ascii "xn--mhb.1${TAB}xn--mhb.1${TAB}[]" "$IBIDI" to-ascii --tsv --profile whatwg xn--mhb.1
printf 'xn--mhb.1\n' >"$tmp/one.txt"
run whatwg-scan 0 "$IBIDI" scan --tsv --profile whatwg "$tmp/one.txt"
contains whatwg-scan "$tmp/out" "xn--mhb.1${TAB}valid${TAB}"
# the bundled names (without comments and the root's dot, which scan strips: the name
# "a.com." is a.com, while to-ascii converts the text as it is) and generated ones: for
# every name the same codes from both commands
{
    sed -e 's/#.*//' -e 's/[ 	]*$//' -e 's/^[ 	]*//' data/samples/names.txt | grep -v '^$' |
        grep -v '\.$'
    awk 'BEGIN {
        n = split("a b Z 1 2 - - . . _ xn-- \327\220 \327\221 \330\250 \331\241 \333\261 " \
                  "\303\237 \342\200\214 \331\213 \357\274\216", al, " ")
        x = 42
        for (i = 0; i < 2000; i++) {
            x = (x * 16807) % 2147483647; len = 1 + x % 10; s = ""
            for (j = 0; j < len; j++) { x = (x * 16807) % 2147483647; s = s al[1 + x % n] }
            # a final full stop (or U+FF0E) is the root label, which scan sets aside
            if (s !~ /\.$/ && s !~ /\357\274\216$/) print s
        }
    }'
} >"$tmp/names.txt"
n_names=$(wc -l <"$tmp/names.txt")
for p in uts46 whatwg idna2008-lookup idna2008-register; do
    "$IBIDI" to-ascii --tsv --profile "$p" <"$tmp/names.txt" |
        awk -F "$TAB" '{ print $1 "\t" $3 }' >"$tmp/a.$p"
    "$IBIDI" scan --tsv --profile "$p" "$tmp/names.txt" 2>/dev/null |
        awk -F "$TAB" '$1 != "summary" && $1 != "collision" && $1 != "variant-collision" {
            v = $2; sub(/^invalid /, "", v); if (v == "valid") v = "[]"; print $1 "\t" v }' \
            >"$tmp/s.$p"
    if [ "$(wc -l <"$tmp/a.$p")" -eq "$n_names" ] && cmp -s "$tmp/a.$p" "$tmp/s.$p"; then
        ok
    else
        ko "profile $p: to-ascii and scan differ on $(diff "$tmp/a.$p" "$tmp/s.$p" | grep -c '^<') of $n_names names: $(diff "$tmp/a.$p" "$tmp/s.$p" | head -4 | tr '\n' ' ')"
    fi
done
echo "info: $n_names names compared, to-ascii against scan, under 4 profiles"
# names longer than the scan analyses (IBIDI_AMBIGUITY_MAX_BYTES) or ToUnicode maps
# (IBIDI_IDNA_MAX_CPS code points; 1600 need IDNA's work area), with and without the root's
# dot: to-ascii, check and scan give one validity under each profile (whatwg does not
# VerifyDnsLength: valid up to 2048 code points)
awk 'BEGIN { s = ""; for (i = 0; i < 1000; i++) s = s "a."; print substr(s, 1, 1999);
             s = ""; for (i = 0; i < 2000; i++) s = s "a."; print s; print substr(s, 1, 3999);
             s = ""; for (i = 0; i < 3000; i++) s = s "a"; print s;
             s = ""; for (i = 0; i < 800; i++) s = s "\327\220."; print substr(s, 1, 2399);
             s = ""; for (i = 0; i < 1500; i++) s = s "\327\220."; print substr(s, 1, 4499) }' \
    >"$tmp/long.txt"
for p in uts46 whatwg idna2008-lookup; do
    a=$("$IBIDI" to-ascii --json --profile "$p" <"$tmp/long.txt" | sed 's/.*"valid":\([a-z]*\).*/\1/' | tr '\n' ' ')
    c=$("$IBIDI" check --json --profile "$p" <"$tmp/long.txt" | sed 's/^{"input":"[^"]*","kind":"[a-z]*","profile":"[^"]*","valid":\([a-z]*\).*/\1/' | tr '\n' ' ')
    s=$("$IBIDI" scan --json --profile "$p" "$tmp/long.txt" 2>/dev/null | grep '"type":"name"' |
        sed 's/.*"valid":\([a-z]*\).*/\1/' | tr '\n' ' ')
    if [ "$a" = "$c" ] && [ "$a" = "$s" ] && [ "$(echo $a | wc -w)" -eq 6 ]; then
        ok
    else
        ko "long names under $p: to-ascii [$a], check [$c], scan [$s]"
    fi
    [ "$p" = whatwg ] && case "$a" in
        "true true true true true false ") ok ;;
        *) ko "whatwg: the long names of up to 2048 code points are valid, to-ascii says [$a]" ;;
    esac
done

# ---- text filters and --json ----------------------------------------------------------
printf 'a\\b\n' >"$tmp/bs.txt"
"$IBIDI" normalize --form nfc <"$tmp/bs.txt" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && cmp -s "$tmp/out" "$tmp/bs.txt"; then ok; else ko "normalize changed a\\b: $(cat "$tmp/out")"; fi
run normalize-json 0 "$IBIDI" normalize --json 'a\b'
has normalize-json "$tmp/out" '{"input":"a\\b","form":"NFC","output":"a\\b","changed":false}'
run bidi-json 0 "$IBIDI" bidi --json --input notation 'abC'
has bidi-json "$tmp/out" '{"input":"abC","dir":"ltr","paragraph_level":0,"levels":[0,0,1],"order":[0,1,2],"visual":"abC","runs":[{"start":0,"length":2,"level":0},{"start":2,"length":1,"level":1}],"paragraphs":[{"start":0,"end":3,"level":0}]}'
run punycode-decode-json 0 "$IBIDI" punycode --decode --json 4dbrk0ce
has punycode-decode-json "$tmp/out" "{\"input\":\"4dbrk0ce\",\"output\":\"$he\"}"
run punycode-json-error 1 "$IBIDI" punycode --decode --json '4dbrk0ce!'
contains punycode-json-error "$tmp/out" '{"input":"4dbrk0ce!","error":{"status":"PUNYCODE_'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
