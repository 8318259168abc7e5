#!/bin/sh
# `ibidi show` end to end: the string to show first on each line (so that `cut -f1` is
# what a program puts on screen), the decision and each label's reasons, the policies,
# protected names from a file and from the command line, the paragraph, --form, --json
# (one record per item, in order), notation input, standard input, exit statuses and clear
# errors.
# Usage: sh tests/test_cli_show.sh BUILD
BUILD=${1:-build}
TAB=$(printf '\t')
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

# the issue's cases under the default policy: A-labels, with their reasons
run "123.אבג.com" 1 "$IBIDI" show '123.אבג.com'
has "123.אבג.com" "$tmp/out" "123.xn--4dbcd.com${TAB}invalid${TAB}123 ascii [B1]; אבג a-label; com ascii"
run "אבג.123.com" 1 "$IBIDI" show 'אבג.123.com'
contains "אבג.123.com" "$tmp/out" "xn--4dbcd.123.com${TAB}invalid"
run "pаypal.com" 1 "$IBIDI" show 'pаypal.com'
has "pаypal.com" "$tmp/out" "xn--pypal-4ve.com${TAB}a-labels${TAB}pаypal a-label [RESTRICTION_LEVEL, MIXED_SCRIPT_CONFUSABLE]; com ascii"
run "ססו.com protected" 1 "$IBIDI" show --protect-name loo.com 'ססו.com'
has "ססו.com protected" "$tmp/out" "xn--9dbxa.com${TAB}a-labels${TAB}ססו a-label [WHOLE_SCRIPT_CONFUSABLE]; com ascii; name [PROTECTED_BIDI_SKELETON]"
# Chromium checks the Bidi Rule label by label
run "chromium" 0 "$IBIDI" show --policy chromium '123.אבג.com'
has "chromium" "$tmp/out" "123.אבג.com${TAB}unicode${TAB}123 ascii; אבג unicode; com ascii"
# shown in Unicode: exit 0; cut -f1 is the string to show
run "arabic" 0 "$IBIDI" show 'مثال.إختبار' xn--mgbh0fb.xn--kgbechtv
got=$(cut -f1 "$tmp/out" | tr '\n' '|')
[ "$got" = "مثال.إختبار|مثال.إختبار|" ] && ok || ko "cut -f1: '$got'"

# protected names from a file, comments and blank lines skipped; options after items
printf '# brands\n\nloo.com\npaypal.com\n' >"$tmp/protect"
run "protect file" 1 "$IBIDI" show 'ססו.com' example.com 'pаypal.com' --protect "$tmp/protect"
[ "$(wc -l <"$tmp/out")" -eq 3 ] && ok || ko "protect file: $(wc -l <"$tmp/out") lines"
contains "protect file: paypal" "$tmp/out" "name [PROTECTED_SKELETON, PROTECTED_BIDI_SKELETON]"
run "protect: not a name" 2 "$IBIDI" show --protect-name 'a..b' example.com
contains "protect: not a name" "$tmp/err" "protected name 'a..b'"
run "protect: no file" 2 "$IBIDI" show --protect "$tmp/none" example.com
contains "protect: no file" "$tmp/err" "cannot be read"

# the paragraph; the presentation form
run "rtl" 0 "$IBIDI" show --context rtl --json 'مثال.إختبار'
contains "rtl" "$tmp/out" '"context":"rtl"'
run "form" 0 "$IBIDI" show --form 'مثال.com'
has "form" "$tmp/out" "$(printf '\342\201\246\342\201\250مثال\342\201\251.\342\201\250com\342\201\251\342\201\251')${TAB}unicode${TAB}مثال unicode; com ascii"

# --json: one valid record per item, in order, the hostile ones too
printf 'example.com\n\377bad\n\n%s\nhttp://[::1\n%s\n' 'ססו.com' 'user@ايران.com' >"$tmp/in"
run "json stdin" 1 "$IBIDI" show --json <"$tmp/in"
[ "$(wc -l <"$tmp/out")" -eq 6 ] && ok || ko "json: $(wc -l <"$tmp/out") records for 6 items"
if command -v python3 >/dev/null 2>&1; then
    if python3 -c 'import json,sys
for l in open(sys.argv[1], encoding="utf-8"): json.loads(l)' "$tmp/out" 2>"$tmp/err"; then
        ok
    else
        ko "json: not valid: $(head -c 300 "$tmp/err")"
    fi
fi
contains "json: bad UTF-8" "$tmp/out" '"input_hex":"ff626164"'
contains "json: an IRI that does not parse" "$tmp/out" '"status":"IRI_HOST"'
contains "json: mail" "$tmp/out" '"kind":"email"'
# text: the same six lines, an empty first field for what is no identifier
run "text stdin" 1 "$IBIDI" show <"$tmp/in"
[ "$(wc -l <"$tmp/out")" -eq 6 ] && ok || ko "text: $(wc -l <"$tmp/out") lines for 6 items"
contains "text: bad UTF-8" "$tmp/out" "${TAB}error: UTF8_INVALID_BYTE at byte 0"

# notation input; -- ends the options
run "notation" 1 "$IBIDI" show --input notation '123.ABC.com'
contains "notation" "$tmp/out" "invalid${TAB}123 ascii [B1]; ABC a-label"
run "--" 0 "$IBIDI" show -- example.com
has "--" "$tmp/out" "example.com${TAB}unicode${TAB}example ascii; com ascii"

# usage errors: exit 2, a message naming the option
run "policy" 2 "$IBIDI" show --policy edge example.com
contains "policy" "$tmp/err" "edge"
run "scripts" 2 "$IBIDI" show --scripts Klingon example.com
contains "scripts" "$tmp/err" "unknown script 'Klingon'"
run "context" 2 "$IBIDI" show --context up example.com
run "scripts ok" 0 "$IBIDI" show --scripts Cyrl,Latin 'ѕсоре.com'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
