#!/bin/sh
# The playground (web/, `make web`): libibidi in WebAssembly in one page.
#  1. The page (build/web/index.html, which `make check` builds when emcc is installed) is
#     one file that refers to nothing outside; its size is printed.
#  2. The wasm build's expat (Debian 12's source, compiled by emcc) salts its hash tables
#     from /dev/urandom, not from the time: a small program linked with its objects says
#     so under node (expat's EXPAT_ENTROPY_DEBUG).
#  3. In headless Chromium (tests/web_drive.js drives a copy of the page): for each sample
#     identifier typed into the field, the glyph order the browser draws in a
#     left-to-right and a right-to-left paragraph equals ibidi's predicted visual order on
#     the page and `ibidi display --context` of the text shown, and the page's verdict is
#     byte for byte `ibidi check --json`'s; Bidi Notation input, the page's direction
#     toggle, a scanned list (the groups of `ibidi scan`), and an LGR loaded through the
#     file field giving `ibidi lgr check --json`'s answer for labels. The wasm calls of a
#     keystroke are timed (samples, and names of up to 253 bytes) and printed, not judged.
#  4. The page's LGR loader reads every LGR document of the fuzz corpus and the samples
#     (good and bad ones: DOCTYPEs, entity declarations and references, default attributes
#     from the internal subset, UTF-16 and ISO-8859-1 documents) and the sample LGR cut
#     short at every 61st byte as the command does with Debian's libexpat1: what it says
#     of a document it loads and how it checks labels under it, or the status, line,
#     column and message of its refusal.
# Prints "skipped: REASON" for what cannot run (no emcc: no page; no chromium: no browser).
# Usage: sh tests/test_web.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
WEB=${WEB:-build/web}
PAGE=$WEB/index.html
EXPAT_SRC=${EXPAT_SRC:-$WEB/expat/source/expat}
. tests/cli_lib.sh
skipped=0
TOY=data/samples/lgr/toy-hebrew-arabic.xml
TAB=$(printf '\t')

# ---- 1. the page -------------------------------------------------------------------------------
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

# ---- 2. expat's hash salt -----------------------------------------------------------------
node=$(command -v node || command -v nodejs)
if ! command -v "$EMCC" >/dev/null 2>&1 || [ -z "$node" ]; then
    skipped=$((skipped + 1))
    echo "skipped: emcc or node not installed (apt-get install emscripten): the source of expat's hash salt in wasm"
elif NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs "$EMCC" -Iinclude -isystem "$EXPAT_SRC/lib" \
    -D_POSIX_C_SOURCE=200809L -std=c11 -Wall -Wextra -Wpedantic -Werror -O1 tests/web_expat_salt.c \
    "$WEB"/obj/expat/*.o -o "$tmp/salt.js" -sFILESYSTEM=1 -sENVIRONMENT=node -sSINGLE_FILE=1 \
    >"$tmp/emcc.err" 2>&1; then
    "$node" "$tmp/salt.js" >"$tmp/salt.out" 2>&1
    if grep -q '^expat: Entropy: /dev/urandom --> ' "$tmp/salt.out"; then ok; else
        ko "expat in wasm: the hash salt does not come from /dev/urandom: $(head -c 300 "$tmp/salt.out")"
    fi
else
    ko "expat in wasm: tests/web_expat_salt.c does not build against $WEB/obj/expat: $(head -c 600 "$tmp/emcc.err")"
fi

# ---- 3. in the browser ---------------------------------------------------------------------
find_browser
if [ -z "$browser" ] || [ -z "$node" ]; then
    skipped=$((skipped + 1))
    echo "skipped: chromium or node not installed (apt-get install chromium nodejs): the page was not driven in a browser"
    echo "$pass passed, $fail failed, $skipped skipped"
    [ "$fail" -eq 0 ]
    exit
fi
grep -v '^#' data/samples/identifiers.txt | grep -v '^$' >"$tmp/ids"
# the LGR documents the page's loader reads (4.): the corpus, the samples, and the sample
# cut short at every 61st byte; labels of the toy LGR's tests (tests/test_cli_lgr.sh),
# some of every script, and of the corpus's Arabic documents
mkdir -p "$tmp/cut"
size=$(wc -c <"$TOY")
at=1
while [ "$at" -lt "$size" ]; do
    head -c "$at" "$TOY" >"$tmp/cut/$(printf '%05d' "$at").xml"
    at=$((at + 61))
done
ls fuzz/corpus/fuzz_lgr_load/*.xml data/samples/lgr/*.xml >"$tmp/docs"
DOC_LABELS="כלב كتاب אב-אב بى ىب אوג 123 بي لا וו -אב xn--mgbh0fb ab ل ڵل"
printf '%s\n' "xn--mgba3a4f16a.com" "https://example.com/مثال?q=1" "user@مثال.إختبار" >>"$tmp/ids"
# the data of the test, as JavaScript (node writes the strings)
"$node" -e '
const fs = require("fs");
const [ids, lgr, list, docs, cuts, docLabels, out, outDocs] = process.argv.slice(1);
const lines = fs.readFileSync(ids, "utf8").split("\n").filter(Boolean);
// names of up to 253 bytes: right-to-left labels, numbers between them, ASCII
const he = "אבגדהוזחטיכלמנסעפצקרשת".repeat(3).slice(0, 30);
const long = [];
long.push(Array(4).fill(he).join(".") + ".com");                  // 4 x 60 bytes + 4
long.push(("123." + "אבגד" + ".").repeat(19) + "com");              // numbers between labels
long.push(Array(3).fill("a".repeat(63)).join(".") + "." + "a".repeat(57) + ".com"); // 253
// many short labels of every kind: the worst for the exact twin search (after a pause)
const kinds = ["א1", "ב", "a", "ج٣", "ד-ה", "ו\u05B0", "ק3", "بت"];
let many = "";
for (let k = 0; Buffer.byteLength(many + kinds[k % kinds.length] + ".com") < 250; k++) many += kinds[k % kinds.length] + ".";
long.push(many + "com");
const T = {
  ids: lines,
  timed: ["ايران.com", "123.אבג.com", "example.com"].concat(long),
  notation: "ABC.123.com",
  labels: ["כלב", "كتاب", "אב-אב", "بى", "ىب", "אوג", "123", "بي", "لا", "וו"],
  lgr: fs.readFileSync(lgr, "utf8"),
  list: fs.readFileSync(list, "utf8"),
};
fs.writeFileSync(out, "window.IBIDI_TEST = " + JSON.stringify(T).replace(/</g, "\\u003c") + ";\n");
// the LGR documents, in a page of their own (tests/web_drive.js says why)
const D = {
  docsOnly: true,
  docs: fs.readFileSync(docs, "utf8").split("\n").filter(Boolean)
    .map((f) => ({name: f, b64: fs.readFileSync(f).toString("base64")})),
  cuts: {b64: fs.readFileSync(lgr).toString("base64"), dir: cuts,
    at: fs.readdirSync(cuts).sort().map((f) => parseInt(f, 10))},
  docLabels: docLabels.split(" "),
};
fs.writeFileSync(outDocs, "window.IBIDI_TEST = " + JSON.stringify(D).replace(/</g, "\\u003c") + ";\n");
' "$tmp/ids" "$TOY" data/samples/names.txt "$tmp/docs" "$tmp/cut" "$DOC_LABELS" "$tmp/data.js" "$tmp/docs.js"
to=
command -v timeout >/dev/null 2>&1 && to="timeout 180"
: >"$tmp/results"
# drive NAME DATA [again]: the page with the test's data and tests/web_drive.js in it, in
# Chromium; what it wrote goes to $tmp/NAME.results (again: counted only if it fails)
drive() {
    {
        sed -n '1,/^<body>$/p' "$PAGE"
        printf '<script>\n'
        cat "$2" tests/glyph_order.js tests/web_drive.js
        printf '</script>\n'
        sed '1,/^<body>$/d' "$PAGE"
    } >"$tmp/$1.html"
    t0=$(date +%s%N)
    # as root Chromium runs only without its sandbox; its own profile, thrown away; virtual
    # time lets the page's asynchronous steps (the wasm's compilation, the file reader)
    # finish before the DOM is printed
    $to "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --mute-audio --disable-extensions --user-data-dir="$tmp/chromium" --window-size=1400,1000 \
        --virtual-time-budget=60000 --dump-dom "file://$tmp/$1.html" >"$tmp/$1.dom" 2>"$tmp/$1.err"
    rc=$?
    t1=$(date +%s%N)
    # WEB_KEEP=DIR keeps the pages that were driven and the DOMs Chromium printed
    [ -n "${WEB_KEEP:-}" ] && cp "$tmp/$1.html" "$tmp/$1.dom" "$WEB_KEEP"/
    echo "info: $browser --headless took $(((t1 - t0) / 1000000)) ms ($1)"
    [ "$rc" -eq 0 ] && { [ -n "${3:-}" ] || ok; } || ko "$browser exited $rc ($1): $(tail -n 3 "$tmp/$1.err")"
    sed -n '/<pre id="ibidi-test">/,/<\/pre>/p' "$tmp/$1.dom" | sed -e 's/<pre id="ibidi-test">//' -e 's/<\/pre>.*//' |
        sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&nbsp;/ /g' -e 's/&amp;/\&/g' >"$tmp/$1.results"
    [ -s "$tmp/$1.results" ] && { [ -n "${3:-}" ] || ok; } || ko "browser: the test page ($1) wrote no results: $(tail -c 600 "$tmp/$1.dom")"
}
drive drive "$tmp/data.js"
drive docs "$tmp/docs.js"
cat "$tmp/drive.results" "$tmp/docs.results" >"$tmp/results"

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

ls "$tmp"/cut/*.xml >>"$tmp/docs"
# 4. every LGR document read by the page's loader as by the command's: what it says of a
# document it loads (the members of `lgr info --json` that the page shows) and the labels'
# checks under it, or why it refuses it. The command's answers first, then one node
# compares them all with the page's.
mkdir -p "$tmp/want"
n=0
while read -r f; do
    n=$((n + 1))
    "$IBIDI" lgr info --json "$f" >"$tmp/want/$n.info" 2>/dev/null
    if grep -q '"valid":true' "$tmp/want/$n.info"; then
        # shellcheck disable=SC2086
        "$IBIDI" lgr check --json --lgr "$f" $DOC_LABELS >"$tmp/want/$n.check" 2>&1
    fi
done <"$tmp/docs"
"$node" -e '
const fs = require("fs");
const [docs, results, want, toy, tmp] = process.argv.slice(1);
const page = {}, checks = {};
for (const l of fs.readFileSync(results, "utf8").split("\n")) {
  const c = l.split("\t");
  if (c[0] === "doc") page[c[1]] = c.slice(2).join("\t");
  if (c[0] === "doccheck") (checks[c[1]] = checks[c[1]] || []).push(c.slice(3).join("\t"));
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const info = ["version", "date", "unicode_version", "languages", "scopes", "code_points", "sequences",
  "variants", "rules", "actions", "variant_types", "symmetric", "transitive", "index_possible"];
const refusal = ["status", "line", "column", "message"];
let n = 0, refused = 0, labels = 0;
for (const f of fs.readFileSync(docs, "utf8").split("\n").filter(Boolean)) {
  n++;
  const cut = f.startsWith(tmp + "/cut/") ? f.slice(tmp.length + 5, -4).replace(/^0+/, "") : null;
  const name = cut ? toy + " cut at " + cut + " bytes" : f;
  const ko = (m) => console.log("ko\tlgr document " + name + ": " + m);
  const w = JSON.parse(fs.readFileSync(want + "/" + n + ".info", "utf8"));
  if (page[f] === undefined) { ko("the page read no such document"); continue; }
  const g = JSON.parse(page[f]);
  if (!w.valid) refused++;
  if (g.loaded !== w.valid) {
    ko(w.valid ? "refused: " + page[f] : "loaded, the command refuses it: " + JSON.stringify(w.error));
    continue;
  }
  const ww = w.valid ? w : w.error;
  const diff = (w.valid ? info : refusal).filter((k) => !same(g[k], ww[k]));
  if (diff.length) ko(diff.map((k) => k + ": " + JSON.stringify(g[k]) + ", the command: " + JSON.stringify(ww[k])).join("; "));
  else console.log("ok");
  if (!w.valid) continue;
  const wc = fs.readFileSync(want + "/" + n + ".check", "utf8").split("\n").filter(Boolean);
  const gc = checks[f] || [];
  labels += gc.length;
  if (wc.length !== gc.length) { ko("lgr check: " + gc.length + " labels checked in the page, " + wc.length + " by the command"); continue; }
  const bad = wc.findIndex((x, i) => !same(JSON.parse(x), JSON.parse(gc[i])));
  if (bad >= 0) ko("lgr check: " + gc[bad] + ", the command: " + wc[bad]);
  else console.log("ok");
}
console.log("compared\t" + n + " LGR documents (" + refused + " refused) and " + labels +
  " label checks under them, read by the page and by ibidi lgr");
' "$tmp/docs" "$tmp/results" "$tmp/want" "$TOY" "$tmp" >"$tmp/docs.verdicts" 2>&1 || ko "lgr documents: the comparison failed: $(tail -c 600 "$tmp/docs.verdicts")"
while IFS="$TAB" read -r v msg; do
    case $v in
    ok) ok ;;
    ko) ko "$msg" ;;
    compared) echo "compared: $msg" ;;
    *) ko "lgr documents: $v $msg" ;;
    esac
done <"$tmp/docs.verdicts"

# the wasm calls of a keystroke (milliseconds, median of 15; the worst of the whole)
# Chromium's virtual clock at times stands still through the whole timing (every time
# 0.00): the page is driven once more for the times
timing=$tmp/drive.results
if ! grep "^time$TAB" "$timing" | cut -f5 | grep -qv '^0\.00$'; then
    echo "info: the page's clock stood still during the timing (virtual time): timed again"
    drive again "$tmp/data.js" again
    timing=$tmp/again.results
fi
echo "info: wasm calls in $browser (ms, median of 15 runs): a keystroke (check without the exact twin search, show, all, worst); when typing pauses (exact check, twins)"
grep "^time$TAB" "$timing" | cut -f2- | while IFS="$TAB" read -r b c s all worst exact tw name; do
    # the name whole: a cut by bytes could end inside a character, and a line that is not
    # UTF-8 is lost on the way to the log
    printf 'info:   %3s bytes  keystroke: check %6s  show %6s  all %6s (worst %6s);  pause: check %7s  twins %7s  %s\n' \
        "$b" "$c" "$s" "$all" "$worst" "$exact" "$tw" "$name"
done
[ "$(grep -c "^time$TAB" "$timing")" -eq 7 ] && ok || ko "timing: $(grep -c "^time$TAB" "$timing") names timed, expected 7"

if [ "$skipped" -gt 0 ]; then
    echo "$pass passed, $fail failed, $skipped skipped"
else
    echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
