#!/bin/sh
# The IDNA commands end to end: `ibidi punycode` on every sample string of RFC 3492 §7.1,
# `ibidi to-ascii` / `to-unicode` / `check` on the seed examples (RFC 5893 §3 and §4,
# badami's 123.ABC.com / ABC.123.com), the --tsv and --json machine formats, the flags,
# and clear errors for bad input with the right exit status.
# Usage: sh tests/test_cli_idna.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

# tsv NAME EXPECTED_EXIT EXPECTED_LINE ARGS...: `ibidi to-ascii --tsv ARGS`
tsv() {
    t_name=$1
    t_rc=$2
    t_line=$3
    shift 3
    run "$t_name" "$t_rc" "$IBIDI" to-ascii --tsv "$@"
    has "$t_name" "$tmp/out" "$t_line"
}

# ---- RFC 3492 §7.1: every sample string, both directions ----------------------------
# label|code points|Punycode as printed in the RFC (mixed-case annotations included)
while IFS='|' read -r label cps puny; do
    [ -n "$label" ] || continue
    lower=$(printf '%s' "$puny" | tr 'A-Z' 'a-z')
    # The encoder copies basic code points as they are and writes lower-case digits; the
    # RFC's upper-case digits are mixed-case annotations (§A), so (I) compares in lower case.
    enc=$("$IBIDI" punycode --hex "$cps")
    case "$label" in
    I) want_enc=$lower ;;
    *) want_enc=$puny ;;
    esac
    if [ "$enc" = "$want_enc" ]; then ok; else ko "RFC 3492 7.1 ($label) encode: got '$enc', want '$want_enc'"; fi
    dec=$("$IBIDI" punycode --decode --hex -- "$puny")
    if [ "$dec" = "$cps" ]; then ok; else ko "RFC 3492 7.1 ($label) decode: got '$dec', want '$cps'"; fi
done <<'VECTORS'
A|0644 064A 0647 0645 0627 0628 062A 0643 0644 0645 0648 0634 0639 0631 0628 064A 061F|egbpdaj6bu4bxfgehfvwxn
B|4ED6 4EEC 4E3A 4EC0 4E48 4E0D 8BF4 4E2D 6587|ihqwcrb4cv8a8dqg056pqjye
C|4ED6 5011 7232 4EC0 9EBD 4E0D 8AAA 4E2D 6587|ihqwctvzc91f659drss3x8bo0yb
D|0050 0072 006F 010D 0070 0072 006F 0073 0074 011B 006E 0065 006D 006C 0075 0076 00ED 010D 0065 0073 006B 0079|Proprostnemluvesky-uyb24dma41a
E|05DC 05DE 05D4 05D4 05DD 05E4 05E9 05D5 05D8 05DC 05D0 05DE 05D3 05D1 05E8 05D9 05DD 05E2 05D1 05E8 05D9 05EA|4dbcagdahymbxekheh6e0a7fei0b
F|092F 0939 0932 094B 0917 0939 093F 0928 094D 0926 0940 0915 094D 092F 094B 0902 0928 0939 0940 0902 092C 094B 0932 0938 0915 0924 0947 0939 0948 0902|i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd
G|306A 305C 307F 3093 306A 65E5 672C 8A9E 3092 8A71 3057 3066 304F 308C 306A 3044 306E 304B|n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa
H|C138 ACC4 C758 BAA8 B4E0 C0AC B78C B4E4 C774 D55C AD6D C5B4 B97C C774 D574 D55C B2E4 BA74 C5BC B9C8 B098 C88B C744 AE4C|989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c
I|043F 043E 0447 0435 043C 0443 0436 0435 043E 043D 0438 043D 0435 0433 043E 0432 043E 0440 044F 0442 043F 043E 0440 0443 0441 0441 043A 0438|b1abfaaepdrnnbgefbaDotcwatmq2g4l
J|0050 006F 0072 0071 0075 00E9 006E 006F 0070 0075 0065 0064 0065 006E 0073 0069 006D 0070 006C 0065 006D 0065 006E 0074 0065 0068 0061 0062 006C 0061 0072 0065 006E 0045 0073 0070 0061 00F1 006F 006C|PorqunopuedensimplementehablarenEspaol-fmd56a
K|0054 1EA1 0069 0073 0061 006F 0068 1ECD 006B 0068 00F4 006E 0067 0074 0068 1EC3 0063 0068 1EC9 006E 00F3 0069 0074 0069 1EBF 006E 0067 0056 0069 1EC7 0074|TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g
L|0033 5E74 0042 7D44 91D1 516B 5148 751F|3B-ww4c5e180e575a65lsy2b
M|5B89 5BA4 5948 7F8E 6075 002D 0077 0069 0074 0068 002D 0053 0055 0050 0045 0052 002D 004D 004F 004E 004B 0045 0059 0053|-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n
N|0048 0065 006C 006C 006F 002D 0041 006E 006F 0074 0068 0065 0072 002D 0057 0061 0079 002D 305D 308C 305E 308C 306E 5834 6240|Hello-Another-Way--fc4qua05auwb3674vfr0b
O|3072 3068 3064 5C4B 6839 306E 4E0B 0032|2-u9tlzr9756bt3uc0v
P|004D 0061 006A 0069 3067 004B 006F 0069 3059 308B 0035 79D2 524D|MajiKoi5-783gue6qz075azm5e
Q|30D1 30D5 30A3 30FC 0064 0065 30EB 30F3 30D0|de-jg4avhby1noc0d
R|305D 306E 30B9 30D4 30FC 30C9 3067|d9juau41awczczp
S|002D 003E 0020 0024 0031 002E 0030 0030 0020 003C 002D|-> $1.00 <--
VECTORS
# UTF-8 text in and out as well
line "punycode utf8 encode" "4dbcagdahymbxekheh6e0a7fei0b" "$IBIDI" punycode "למההםפשוטלאמדבריםעברית"
line "punycode utf8 decode" "למההםפשוטלאמדבריםעברית" "$IBIDI" punycode --decode 4dbcagdahymbxekheh6e0a7fei0b
# (I) with its upper-case annotation: fine for the lenient decoder, not canonical
run "punycode canonical" 1 "$IBIDI" punycode --decode --canonical b1abfaaepdrnnbgefbaDotcwatmq2g4l
contains "punycode canonical" "$tmp/err" "PUNYCODE_NOT_CANONICAL"
run "punycode bad digit" 1 "$IBIDI" punycode --decode 'ab-c!d'
contains "punycode bad digit" "$tmp/err" "PUNYCODE_BAD_INPUT"
run "punycode truncated" 1 "$IBIDI" punycode --decode 'zz'
contains "punycode truncated" "$tmp/err" "PUNYCODE_TRUNCATED"
run "punycode overflow" 1 "$IBIDI" punycode --decode '99999999999'
contains "punycode overflow" "$tmp/err" "PUNYCODE_OVERFLOW"
contains "punycode overflow" "$tmp/err" "RFC 3492 §6.4"
run "punycode bad utf8" 1 "$IBIDI" punycode "$(printf 'a\377b')"
contains "punycode bad utf8" "$tmp/err" "UTF8_INVALID_BYTE"

# ---- UTS #46: machine format, the examples of the file and the profiles ---------------
tsv "tsv valid" 0 "$(printf 'faß.de\txn--fa-hia.de\t[]')" 'faß.de'
tsv "tsv transitional" 0 "$(printf 'faß.de\tfass.de\t[]')" --transitional 'faß.de'
tsv "tsv bidi" 1 "$(printf 'xn--0ca24w\txn--0ca24w\t[B5, B6]')" xn--0ca24w
tsv "tsv order" 1 "$(printf 'a.b..-q--a-.e\ta.b..-q--a-.e\t[V2, V3, A4_2]')" 'a.b..-q--a-.e'
tsv "tsv std3" 1 "$(printf '$\t$\t[U1]')" '$'
tsv "tsv no-std3" 0 "$(printf '$\t$\t[]')" --no-std3 '$'
tsv "tsv root" 1 "$(printf 'a.b.\ta.b.\t[A4_2]')" 'a.b.'
tsv "tsv no-verify" 0 "$(printf 'a.b.\ta.b.\t[]')" --no-verify-dns-length 'a.b.'
tsv "tsv hyphens" 1 "$(printf -- '-ab\t-ab\t[V3]')" -- '-ab'
tsv "tsv no-hyphens" 0 "$(printf -- '-ab\t-ab\t[]')" --no-check-hyphens -- '-ab'
tsv "tsv whatwg" 0 "$(printf -- '-ab\t-ab\t[]')" --profile whatwg -- '-ab'
tsv "tsv p4" 1 "$(printf 'xn--a-ä.pt\txn--xn--a--gua.pt\t[P4]')" 'xn--a-ä.pt'
zwj=$(printf 'a\342\200\215b')
"$IBIDI" to-ascii --no-check-joiners "$zwj" >"$tmp/zwj" 2>/dev/null
zwj_ascii=$(cat "$tmp/zwj")
tsv "tsv joiners" 1 "$(printf '%s\t%s\t[C2]' "$zwj" "$zwj_ascii")" "$zwj"
tsv "tsv no-joiners" 0 "$(printf '%s\t%s\t[]' "$zwj" "$zwj_ascii")" --no-check-joiners "$zwj"
# an "xn--" label that decodes to all ASCII: replaced by its decoding, and an error
tsv "tsv fake A-label" 1 "$(printf 'xn--ab-\tab\t[P4]')" 'xn--ab-'
# stdin, one name per line; the exit status says whether all were valid
printf 'example.com\nxn--0ca24w\n' | "$IBIDI" to-ascii --tsv >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ]; then ok; else ko "stdin: exit $rc, $(cat "$tmp/out")"; fi
line "to-unicode" "faß.de" "$IBIDI" to-unicode xn--fa-hia.de
line "to-unicode notation" "123.ABC.com" "$IBIDI" to-unicode --input notation --no-check-bidi 123.ABC.com

# ---- the seed examples ---------------------------------------------------------------
# RFC 5893 §4: the Dhivehi word for computer and the YIVO acronym are valid
dhivehi=$(printf '\336\204\336\250\336\211\336\252\336\200\336\246\336\211\336\246')
run "dhivehi" 0 "$IBIDI" to-ascii --profile idna2008-register "$dhivehi"
run "dhivehi uts46" 0 "$IBIDI" to-ascii "$dhivehi"
yivo=$(printf '\327\231\327\231\327\263\327\231\327\225\327\221\327\242')
run "yivo" 0 "$IBIDI" to-ascii --profile idna2008-register "$yivo"
run "yivo uts46" 0 "$IBIDI" to-ascii "$yivo"
# RFC 5893 §4.3: ALEF 5 is a valid label, 5 ALEF is not (rule 1)
run "alef 5" 0 "$IBIDI" to-ascii "$(printf '\327\2205')"
run "5 alef" 1 "$IBIDI" to-ascii --tsv "$(printf '5\327\220')"
contains "5 alef" "$tmp/out" "[B1]"
# RFC 5893 §3: 123-A is disallowed (A of class R)
run "123-A" 1 "$IBIDI" to-ascii --tsv --input notation 123-A
contains "123-A" "$tmp/out" "[B1]"
# badami: 123.ABC.com and ABC.123.com both display as 123.CBA.com; RFC 5893 rejects both,
# the per-label reading accepts both and says why that is weaker
for n in 123.ABC.com ABC.123.com; do
    run "$n rfc" 1 "$IBIDI" to-ascii --tsv --input notation "$n"
    contains "$n rfc" "$tmp/out" "[B1]"
    run "$n per label" 0 "$IBIDI" to-ascii --json --bidi-per-label --input notation "$n"
    contains "$n per label" "$tmp/out" '"code":"W_PER_LABEL_BIDI"'
done
run "check" 1 "$IBIDI" check --input notation 123.ABC.com
contains "check" "$tmp/out" "RFC 5893 rule 1"
contains "check" "$tmp/out" "bidi-per-label       valid"
contains "check" "$tmp/out" "Bidi domain name (RFC 5893 §1.4): yes"
run "check digit after rtl" 1 "$IBIDI" check --input notation --profile whatwg ABC.1com
contains "check digit after rtl" "$tmp/out" "W_DIGIT_AFTER_RTL"
run "check contexto" 0 "$IBIDI" check "$(printf 'l\302\267l')"
run "check contexto fail" 1 "$IBIDI" check --profile idna2008-register "$(printf 'a\302\267b')"
contains "check contexto fail" "$tmp/out" "RFC 5892 A.3"

# ---- JSON ----------------------------------------------------------------------------
run json 1 "$IBIDI" to-ascii --json --input notation 123.ABC.com
contains json "$tmp/out" '"valid":false'
contains json "$tmp/out" '"code":"B1","severity":"error","label":0,"offset":0,"length":0,"cp":"U+0031","bidi_class":"EN"'

# ---- bad input -----------------------------------------------------------------------
run "bad utf8" 1 "$IBIDI" to-ascii "$(printf 'a\300\257b')"
contains "bad utf8" "$tmp/err" "UTF8_OVERLONG"
contains "bad utf8" "$tmp/err" "at byte 1"
run "surrogate utf8" 1 "$IBIDI" to-ascii --tsv "$(printf 'a\355\240\200b')"
contains "surrogate utf8" "$tmp/out" "[UTF8_SURROGATE]"
run "empty label" 1 "$IBIDI" to-unicode --tsv 'a..b'
contains "empty label" "$tmp/out" "[X4_2]"
long=$(printf '%064d' 0)
run "long label" 1 "$IBIDI" to-ascii --tsv "a$long.com"
contains "long label" "$tmp/out" "[A4_2]"
name=$(printf 'abcdefghi.%.0s' $(seq 1 26))com
run "long name" 1 "$IBIDI" to-ascii --tsv "$name"
contains "long name" "$tmp/out" "[A4_1]"
run "fake A-label 2008" 1 "$IBIDI" to-ascii --tsv --profile idna2008-lookup xn--abc-
contains "fake A-label 2008" "$tmp/out" "FAKE_A_LABEL"
run "unknown profile" 2 "$IBIDI" to-ascii --profile nope x
run "unknown option" 2 "$IBIDI" to-ascii --bogus x

# check: the component rules of a mail address in words; a fully qualified name; label
# categories and RFC 5893 §3 for a domain name
run check-email 0 "$IBIDI" check --as email --input notation 'AB1@CD.com'
contains check-email "$tmp/out" "    warning RTL_END            component 0, byte 4, U+0031 (EN)"
run check-fqdn 0 "$IBIDI" check --as fqdn example.com.
has check-fqdn "$tmp/out" "  fully qualified: the root label set aside"
has check-fqdn "$tmp/out" "  uts46                valid []"
run check-cats 1 "$IBIDI" check --input notation '123.ABC.1com'
has check-cats "$tmp/out" "  label categories (Badami): 123 number, ABC rtl, 1com ltr+number-prefix"
contains check-cats "$tmp/out" "  RFC 5893 §3: "
contains check-cats "$tmp/out" "    warning GROUPING           label 0, byte 0 '123', U+0031 (EN): RFC 5893 §3 Character Grouping"

# check --json: one object per item, the same content as the text
run check-json 1 "$IBIDI" check --json --input notation 123.ABC.com a.com
[ "$(wc -l <"$tmp/out")" -eq 2 ] && ok || ko "check-json: not one line per item"
contains check-json "$tmp/out" '{"input":"123.ABC.com","kind":"domain","profile":"uts46","valid":false,'
contains check-json "$tmp/out" '"status":"[B1]","a_label":"123.xn--4dbcd.com","unicode":"123.ABC.com","findings":[{"code":"B1","severity":"error","label":0,"offset":0,"length":0,"cp":"U+0031","bidi_class":"EN"'
contains check-json "$tmp/out" '{"profile":"bidi-per-label","valid":true,"status":"[]"}'
contains check-json "$tmp/out" '"labels":[{"label":"123","offset":0,"input_offset":0,"input_length":3,"restriction":"ascii-only","category":"number"}'
contains check-json "$tmp/out" '"bidi_domain_name":true,"profiles":'
contains check-json "$tmp/out" '"rfc5893":{"checked":true}'
contains check-json "$tmp/out" '"ambiguity":{"analysed":true},"display":{"ltr":"123.CBA.com","rtl":"com.CBA.123"},"skeleton":"l23.ABC.corn","bidi_skeleton":{"ltr":"l23.CBA.corn","rtl":"corn.CBA.l23"}}'
contains check-json "$tmp/out" '{"code":"NUMBER_LEVEL","severity":"warning","component":0,"offset":0,"length":1,"cp":"U+0031","bidi_class":"EN","context":"ltr","text":"1",'
# UTS #39 §4: "a" is a whole-script confusable of Greek alpha (a warning, valid all the same)
contains check-json "$tmp/out" '{"input":"a.com","kind":"domain","profile":"uts46","valid":true,"status":"[]","a_label":"a.com","unicode":"a.com","findings":[{"code":"WHOLE_SCRIPT_CONFUSABLE","severity":"warning","label":0,"offset":0,"length":1,"context":"ltr","script":"Grek"'
run check-json-fqdn 0 "$IBIDI" check --json --as fqdn example.com.
contains check-json-fqdn "$tmp/out" '"valid":true,"fqdn":true,'
run check-json-email 0 "$IBIDI" check --json --as email --input notation 'AB1@CD.com'
contains check-json-email "$tmp/out" '"kind":"email","profile":"uts46","valid":true,"status":"[]","unicode":"AB1@CD.com","findings":[{"code":"RTL_END","severity":"warning","component":0,"offset":4'
run check-json-alabel 1 "$IBIDI" check --json 'xn--4dbcd.123.com'
contains check-json-alabel "$tmp/out" "\"unicode\":\"$(printf '\327\220\327\221\327\222').123.com\""
# a finding in a decoded label: its place in the Unicode form and in the input
contains check-json-alabel "$tmp/out" '{"code":"B1","severity":"error","label":1,"offset":7,"length":0,"input_offset":10,"input_length":0,'
run check-json-bad 1 "$IBIDI" check --json "$(printf 'a\300\257b')"
contains check-json-bad "$tmp/out" '","input_hex":"61c0af62","kind":"domain","profile":"uts46","valid":false,"status":"[UTF8_OVERLONG]","error":{"status":"UTF8_OVERLONG","offset":1,"message":'
[ "$(wc -l <"$tmp/out")" -eq 1 ] && ok || ko "check-json-bad: not one record"

# check: the registry's script policy (UTS #39 §5.2, §5.3). p\320\260ypal has U+0430
# CYRILLIC SMALL LETTER A among Latin letters: minimally restrictive.
paypal=$(printf 'p\320\260ypal.com')
run policy-none 0 "$IBIDI" check "$paypal"
has policy-none "$tmp/out" "  restriction level (UTS #39 §5.2): minimally-restrictive (p$(printf '\320\260')ypal minimally-restrictive, com ascii-only)"
if grep -q "registry policy" "$tmp/out"; then ko "policy-none: a policy line without --max-restriction"; else ok; fi
run policy-above 1 "$IBIDI" check --max-restriction moderately-restrictive "$paypal"
has policy-above "$tmp/out" "  registry policy (at most moderately-restrictive): invalid [RESTRICTION_LEVEL]"
contains policy-above "$tmp/out" "    error   RESTRICTION_LEVEL  label 0, byte 1 '$(printf '\320\260')', U+0430: UTS #39 §5.2"
has policy-above "$tmp/out" "  domain               invalid [RESTRICTION_LEVEL] (ToASCII under uts46, the registry's policy)"
run policy-gnu-order 1 "$IBIDI" check "$paypal" --max-restriction=moderately-restrictive
run policy-at 0 "$IBIDI" check --max-restriction minimally-restrictive "$paypal"
has policy-at "$tmp/out" "  registry policy (at most minimally-restrictive): valid []"
run policy-alabel 1 "$IBIDI" check --max-restriction moderately-restrictive xn--pypal-4ve.com
# the finding's place in the Unicode form, and its label's in the A-label the input wrote
contains policy-alabel "$tmp/out" "RESTRICTION_LEVEL  label 0, byte 1 (0 of the input) '$(printf '\320\260')', U+0430"
run policy-bad-level 2 "$IBIDI" check --max-restriction bogus a.com
contains policy-bad-level "$tmp/err" "unknown --max-restriction value 'bogus': ascii-only, single-script"
run policy-no-value 2 "$IBIDI" check a.com --max-restriction
contains policy-no-value "$tmp/err" "--max-restriction"
run policy-not-to-ascii 2 "$IBIDI" to-ascii --max-restriction single-script a.com
run policy-japanese 0 "$IBIDI" check "$(printf 'ab\346\227\245\346\234\254\343\201\256.jp')"
contains policy-japanese "$tmp/out" "restriction level (UTS #39 §5.2): highly-restrictive"
run policy-notation 0 "$IBIDI" check --input notation ABC.com
has policy-notation "$tmp/out" "  restriction level (UTS #39 §5.2): single-script (ABC single-script, com ascii-only)"
# mixed numbers: a warning, an error under a policy. BEH, ASCII 1 and EXTENDED
# ARABIC-INDIC DIGIT TWO pass IDNA (both digits are EN: no Bidi Rule 4) but not a registry.
mixed=$(printf '\330\2501\333\262.com')
run mixed-warning 0 "$IBIDI" check "$mixed"
contains mixed-warning "$tmp/out" "  uts46                valid []"
contains mixed-warning "$tmp/out" "    warning MIXED_NUMBERS      label 0, byte 3 '$(printf '\333\262')', U+06F2"
run mixed-policy 1 "$IBIDI" check --max-restriction unrestricted "$mixed"
has mixed-policy "$tmp/out" "  registry policy (at most unrestricted): invalid [MIXED_NUMBERS]"
# the host of an IRI or a mail address
run policy-iri 1 "$IBIDI" check --max-restriction single-script "http://$paypal/x"
contains policy-iri "$tmp/out" "  restriction level (UTS #39 §5.2) of the host: minimally-restrictive"
contains policy-iri "$tmp/out" "RESTRICTION_LEVEL  label 0, byte 8 '$(printf '\320\260')', U+0430"
run policy-mail 0 "$IBIDI" check "user@$paypal"
contains policy-mail "$tmp/out" "of the host: minimally-restrictive"
run policy-no-host 0 "$IBIDI" check --as iri --max-restriction ascii-only 'x/y'
if grep -q "restriction level" "$tmp/out"; then ko "policy-no-host: a level without a host"; else ok; fi
# JSON
iran=$(printf '\330\247\333\214\330\261\330\247\331\206')
run policy-json 0 "$IBIDI" check --json "$iran.com"
contains policy-json "$tmp/out" "\"restriction\":\"single-script\",\"labels\":[{\"label\":\"$iran\",\"offset\":0,\"input_offset\":0,\"input_length\":10,\"restriction\":\"single-script\",\"category\":\"rtl\"},{\"label\":\"com\",\"offset\":11,\"input_offset\":11,\"input_length\":3,\"restriction\":\"ascii-only\",\"category\":\"ltr\"}],\"bidi_domain_name\":true,\"profiles\":"
run policy-json-above 1 "$IBIDI" check --json --max-restriction moderately-restrictive "$paypal"
contains policy-json-above "$tmp/out" '"valid":false,"status":"[RESTRICTION_LEVEL]","a_label":"xn--pypal-4ve.com"'
contains policy-json-above "$tmp/out" '"findings":[{"code":"RESTRICTION_LEVEL","severity":"error","label":0,"offset":1,"length":2,"cp":"U+0430","context":"ltr","restriction":"minimally-restrictive","text":"'
contains policy-json-above "$tmp/out" '"restriction":"minimally-restrictive","max_restriction":"moderately-restrictive","labels":'
run policy-json-mixed 0 "$IBIDI" check --json "$mixed"
contains policy-json-mixed "$tmp/out" '"findings":[{"code":"MIXED_NUMBERS","severity":"warning","label":0,"offset":3,"length":2,"cp":"U+06F2","context":"ltr","zero":"U+0030",'
run policy-json-iri 1 "$IBIDI" check --json --max-restriction single-script "http://$paypal/x"
contains policy-json-iri "$tmp/out" '"valid":false,'
contains policy-json-iri "$tmp/out" '{"code":"RESTRICTION_LEVEL","severity":"error","label":0,"offset":8,"length":2,"cp":"U+0430","context":"ltr","restriction":"minimally-restrictive"'
contains policy-json-iri "$tmp/out" '"restriction":"minimally-restrictive","max_restriction":"single-script","labels":'
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
