#!/bin/sh
# The playground (web/, `make web`): libibidi in WebAssembly in one page.
#  1. The XML parser that stands in for expat in the wasm build (web/expat) gives the LGR
#     loader what expat gives it: the command built natively with it answers `lgr info`
#     and `lgr check` exactly as the command built with expat, for every LGR document of
#     the fuzz corpus and the samples (good and bad ones). Needs only cc: always runs.
#  2. The page (build/web/index.html, which `make check` builds when emcc is installed) is
#     one file that refers to nothing outside; its size is printed.
#  3. In headless Chromium (tests/web_drive.js drives a copy of the page): for each sample
#     identifier typed into the field, the glyph order the browser draws in a
#     left-to-right and a right-to-left paragraph equals ibidi's predicted visual order on
#     the page and `ibidi display --context` of the text shown, and the page's verdict is
#     byte for byte `ibidi check --json`'s; Bidi Notation input, the page's direction
#     toggle, a scanned list (the groups of `ibidi scan`), and an LGR loaded through the
#     file field giving `ibidi lgr check --json`'s answer for labels. The wasm calls of a
#     keystroke are timed (samples, and names of up to 253 bytes) and printed, not judged.
# Prints "skipped: REASON" for what cannot run (no emcc: no page; no chromium: no browser).
# Usage: sh tests/test_web.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
WEB=${WEB:-build/web}
PAGE=$WEB/index.html
. tests/cli_lib.sh
skipped=0
TOY=data/samples/lgr/toy-hebrew-arabic.xml
TAB=$(printf '\t')

# ---- 1. the stand-in for expat against expat ---------------------------------------------
CC=${CC:-cc}
mini=$tmp/ibidi-mini
# built as BUILD's objects were: under ASan and UBSan too in `make sanitize`'s build
san=
if nm "$BUILD/obj/src/cli/main.o" 2>/dev/null | grep -q '__asan\|__ubsan'; then
    san="-g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
fi
# shellcheck disable=SC2086
if $CC $san -Iinclude -Isrc -Iweb/expat -D_POSIX_C_SOURCE=200809L -std=c11 -O1 -c src/lgr/load.c -o "$tmp/load.o" 2>"$tmp/cc.err" &&
    $CC $san -Iweb/expat -std=c11 -Wall -Wextra -Wpedantic -Werror -O1 -c web/expat/xmlparse.c -o "$tmp/xmlparse.o" 2>>"$tmp/cc.err" &&
    $CC $san -o "$mini" "$tmp/load.o" "$tmp/xmlparse.o" "$BUILD"/obj/src/cli/*.o "$BUILD/libibidi.a" -lz -pthread 2>>"$tmp/cc.err"; then
    ok
else
    ko "the command with web/expat does not build: $(head -c 600 "$tmp/cc.err")"
fi
# labels of the toy LGR's tests (tests/test_cli_lgr.sh) and some of every script
LABELS="כלב كتاب אב-אב بى ىب אوג 123 بي لا וו -אב xn--mgbh0fb ab"
n_docs=0
for f in fuzz/corpus/fuzz_lgr_load/*.xml data/samples/lgr/*.xml; do
    n_docs=$((n_docs + 1))
    "$IBIDI" lgr info --json "$f" >"$tmp/want" 2>"$tmp/want.err"
    a=$?
    "$mini" lgr info --json "$f" >"$tmp/got" 2>"$tmp/got.err"
    b=$?
    if [ "$a" = "$b" ] && cmp -s "$tmp/want" "$tmp/got" && cmp -s "$tmp/want.err" "$tmp/got.err"; then ok; else
        ko "web/expat: lgr info $f: exit $b (expat: $a): $(diff "$tmp/want" "$tmp/got" | head -n 4) $(diff "$tmp/want.err" "$tmp/got.err" | head -n 4)"
    fi
    if [ "$a" -eq 0 ]; then
        # shellcheck disable=SC2086
        "$IBIDI" lgr check --json --lgr "$f" $LABELS >"$tmp/want" 2>&1
        # shellcheck disable=SC2086
        "$mini" lgr check --json --lgr "$f" $LABELS >"$tmp/got" 2>&1
        if cmp -s "$tmp/want" "$tmp/got"; then ok; else
            ko "web/expat: lgr check $f: $(diff "$tmp/want" "$tmp/got" | head -n 4)"
        fi
    fi
done
echo "compared: $n_docs LGR documents read by web/expat and by expat"
# the sample LGR cut short at every 61st byte: refused for the same reason (the status;
# the messages are expat's own and may differ)
size=$(wc -c <"$TOY")
n_cut=0
at=1
while [ "$at" -lt "$size" ]; do
    head -c "$at" "$TOY" >"$tmp/cut.xml"
    a=$("$IBIDI" lgr info --json "$tmp/cut.xml" 2>/dev/null | sed -n 's/.*"error":{"status":"\([A-Z_]*\)".*/\1/p')
    b=$("$mini" lgr info --json "$tmp/cut.xml" 2>/dev/null | sed -n 's/.*"error":{"status":"\([A-Z_]*\)".*/\1/p')
    if [ -n "$a" ] && [ "$a" = "$b" ]; then ok; else ko "web/expat: $TOY cut at $at bytes: $b, expat: $a"; fi
    n_cut=$((n_cut + 1))
    at=$((at + 61))
done
echo "compared: $n_cut truncations of $TOY read by web/expat and by expat"

# ---- 2. the page -----------------------------------------------------------------------------
EMCC=${EMCC:-emcc}
if ! command -v "$EMCC" >/dev/null 2>&1 && [ ! -f "$PAGE" ]; then
    skipped=$((skipped + 1))
    echo "skipped: emcc not installed (apt-get install emscripten): the playground was not built nor opened in a browser"
    echo "$pass passed, $fail failed, $skipped skipped"
    [ "$fail" -eq 0 ]
    exit
fi
if [ ! -f "$PAGE" ]; then
    ko "$PAGE: not built (make web)"
    echo "$pass passed, $fail failed"
    exit 1
fi
size=$(wc -c <"$PAGE")
echo "info: $PAGE is $size bytes, one file"
[ "$(head -n 1 "$PAGE")" = "<!DOCTYPE html>" ] && ok || ko "page: no doctype first"
if grep -qiE '<script[^>]* src=|<link|<iframe|<object|<img' "$PAGE"; then
    ko "page: refers to a file outside: $(grep -oiE '<script[^>]* src=|<link|<iframe|<object|<img' "$PAGE" | head -n 3)"
else
    ok
fi
contains "page: the wasm inlined" "$PAGE" "data:application/octet-stream;base64,"
contains "page: nothing sent anywhere (CSP default-src 'none')" "$PAGE" "default-src 'none'"

# ---- 3. in the browser ---------------------------------------------------------------------
browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
    for b in chromium chromium-browser google-chrome; do
        if command -v "$b" >/dev/null 2>&1; then
            browser=$b
            break
        fi
    done
fi
node=$(command -v node || command -v nodejs)
if [ -z "$browser" ] || [ -z "$node" ]; then
    skipped=$((skipped + 1))
    echo "skipped: chromium or node not installed (apt-get install chromium nodejs): the page was not driven in a browser"
    echo "$pass passed, $fail failed, $skipped skipped"
    [ "$fail" -eq 0 ]
    exit
fi
grep -v '^#' data/samples/identifiers.txt | grep -v '^$' >"$tmp/ids"
printf '%s\n' "xn--mgba3a4f16a.com" "https://example.com/مثال?q=1" "user@مثال.إختبار" >>"$tmp/ids"
# the data of the test, as JavaScript (node writes the strings)
"$node" -e '
const fs = require("fs");
const [ids, lgr, list] = process.argv.slice(1);
const lines = fs.readFileSync(ids, "utf8").split("\n").filter(Boolean);
// names of up to 253 bytes: right-to-left labels, numbers between them, ASCII
const he = "אבגדהוזחטיכלמנסעפצקרשת".repeat(3).slice(0, 30);
const long = [];
long.push(Array(4).fill(he).join(".") + ".com");                  // 4 x 60 bytes + 4
long.push(("123." + "אבגד" + ".").repeat(19) + "com");              // numbers between labels
long.push(Array(3).fill("a".repeat(63)).join(".") + "." + "a".repeat(57) + ".com"); // 253
const T = {
  ids: lines,
  timed: ["ايران.com", "123.אבג.com", "example.com"].concat(long),
  notation: "ABC.123.com",
  labels: ["כלב", "كتاب", "אב-אב", "بى", "ىب", "אوג", "123", "بي", "لا", "וו"],
  lgr: fs.readFileSync(lgr, "utf8"),
  list: fs.readFileSync(list, "utf8"),
};
process.stdout.write("window.IBIDI_TEST = " + JSON.stringify(T).replace(/</g, "\\u003c") + ";\n");
' "$tmp/ids" "$TOY" data/samples/names.txt >"$tmp/data.js"
{
    sed -n '1,/^<body>$/p' "$PAGE"
    printf '<script>\n'
    cat "$tmp/data.js" tests/web_drive.js
    printf '</script>\n'
    sed '1,/^<body>$/d' "$PAGE"
} >"$tmp/drive.html"
t0=$(date +%s%N)
to=
command -v timeout >/dev/null 2>&1 && to="timeout 180"
# as root Chromium runs only without its sandbox; its own profile, thrown away; virtual
# time lets the page's asynchronous steps (the wasm's compilation, the file reader) finish
# before the DOM is printed
$to "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --mute-audio --disable-extensions --user-data-dir="$tmp/chromium" --window-size=1400,1000 \
    --virtual-time-budget=60000 --dump-dom "file://$tmp/drive.html" >"$tmp/dom" 2>"$tmp/chromium.err"
rc=$?
t1=$(date +%s%N)
# WEB_KEEP=DIR keeps the page that was driven and the DOM Chromium printed
[ -n "${WEB_KEEP:-}" ] && cp "$tmp/drive.html" "$tmp/dom" "$WEB_KEEP"/
echo "info: $browser --headless took $(((t1 - t0) / 1000000)) ms"
[ "$rc" -eq 0 ] && ok || ko "$browser exited $rc: $(tail -n 3 "$tmp/chromium.err")"
sed -n '/<pre id="ibidi-test">/,/<\/pre>/p' "$tmp/dom" | sed -e 's/<pre id="ibidi-test">//' -e 's/<\/pre>.*//' |
    sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&nbsp;/ /g' -e 's/&amp;/\&/g' >"$tmp/results"
[ -s "$tmp/results" ] && ok || ko "browser: the test page wrote no results: $(tail -c 600 "$tmp/dom")"

# the glyph order against ibidi's display
n=0
while IFS="$TAB" read -r _ dir id glyphs visual lines; do
    n=$((n + 1))
    shown=$("$IBIDI" check --json "$id" | "$node" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);process.stdout.write(j.unicode!==undefined?j.unicode:j.input)})')
    want=$("$IBIDI" display --context "$dir" "$shown" 2>/dev/null)
    # the browser's glyphs are the base characters' (marks are drawn on them)
    bases=$(printf '%s' "$want" | "$node" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(s.replace(/\p{M}/gu,"")))')
    if [ "$glyphs" = "$bases" ]; then ok; else
        ko "browser: $id in a $dir paragraph shows $glyphs, ibidi display gives $want"
    fi
    if [ "$visual" = "$want" ]; then ok; else ko "page: the predicted order of $id ($dir) is $visual, not $want"; fi
    [ "$lines" = line ] && ok || ko "browser: $id ($dir) wraps"
done <<EOF
$(grep "^shown$TAB" "$tmp/results")
EOF
want_n=$(($(wc -l <"$tmp/ids") * 2))
[ "$n" -eq "$want_n" ] && ok || ko "browser: $n paragraphs measured, expected $want_n"
echo "compared: the glyph order of $n paragraphs with ibidi's display"

# the verdict: byte for byte `ibidi check --json`
n=0
while IFS="$TAB" read -r _ id json; do
    n=$((n + 1))
    want=$("$IBIDI" check --json "$id")
    if [ "$json" = "$want" ]; then ok; else ko "page: the verdict on $id is $json, ibidi check --json gives $want"; fi
done <<EOF
$(grep "^check$TAB" "$tmp/results")
EOF
echo "compared: $n verdicts with ibidi check --json"

has "notation: ABC.123.com is Hebrew letters" "$tmp/results" "notation${TAB}ABC.123.com${TAB}$(printf '\327\220\327\221\327\222').123.com"
has "the page's direction: the toggle" "$tmp/results" "uidir${TAB}rtl${TAB}true"

# the scanned list: exactly the groups of data/samples/planted.tsv (`ibidi scan`'s)
grep "^scan$TAB" "$tmp/results" | cut -f2- >"$tmp/scan.json"
"$node" -e '
const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
for (const g of j.groups) console.log([g.context, g.key, g.names.join(",")].join("\t"));
' "$tmp/scan.json" | LC_ALL=C sort >"$tmp/scan.got" 2>"$tmp/scan.err" && ok || ko "scan: $(cat "$tmp/scan.err")"
grep -v '^#' data/samples/planted.tsv | LC_ALL=C sort >"$tmp/scan.want"
if cmp -s "$tmp/scan.want" "$tmp/scan.got"; then ok; else
    ko "scan: the page's groups are not planted.tsv's: $(diff "$tmp/scan.want" "$tmp/scan.got" | head -n 6)"
fi
echo "compared: the $(wc -l <"$tmp/scan.got") collision groups of data/samples/names.txt with planted.tsv"

# the LGR, from the file field
has "lgr: loaded through the file field" "$tmp/results" "lgr-load${TAB}loaded"
n=0
while IFS="$TAB" read -r _ label json; do
    n=$((n + 1))
    want=$("$IBIDI" lgr check --json --lgr "$TOY" "$label")
    same=$("$node" -e 'const a=JSON.parse(process.argv[1]),b=JSON.parse(process.argv[2]);
        console.log(JSON.stringify(a)===JSON.stringify(b)?"same":"differ")' "$json" "$want" 2>&1)
    if [ "$same" = same ]; then ok; else ko "lgr: $label: the page gives $json, ibidi lgr check --json $want ($same)"; fi
done <<EOF
$(grep "^lgr$TAB" "$tmp/results")
EOF
[ "$n" -eq 10 ] && ok || ko "lgr: $n labels checked, expected 10"
echo "compared: $n labels under an LGR loaded in the page with ibidi lgr check --json"

# the wasm calls of a keystroke (milliseconds, median of 15; the worst of the whole)
echo "info: wasm calls per keystroke in $browser (ms, median of 15 runs): bytes check show twins all (worst) name"
grep "^time$TAB" "$tmp/results" | cut -f2- | while IFS="$TAB" read -r b c s t all worst name; do
    printf 'info:   %3s bytes  check %7s  show %7s  twins %7s  all %7s (worst %7s)  %.40s\n' \
        "$b" "$c" "$s" "$t" "$all" "$worst" "$name"
done
[ "$(grep -c "^time$TAB" "$tmp/results")" -eq 6 ] && ok || ko "timing: $(grep -c "^time$TAB" "$tmp/results") names timed, expected 6"

if [ "$skipped" -gt 0 ]; then
    echo "$pass passed, $fail failed, $skipped skipped"
else
    echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
