#!/bin/sh
# `ibidi scan --html FILE`: the report as a page.
#  1. The scan's own output (text, --json, --tsv) and exit status do not change with
#     --html; the page holds the summary's figures and exactly the groups the output
#     lists (kinds and keys, in order), each name with both shown paragraphs.
#  2. The page is self-contained (nothing fetched), UTF-8, without raw control bytes, and
#     well-formed (python3's html.parser with a check of the tags' nesting, when python3
#     is installed); names and file names that hold markup, bidi controls, ZWNJ or
#     ill-formed UTF-8 come out escaped or as visible marks.
#  3. --only-valid and --context leave the same groups out of the page as out of the
#     output; a file that cannot be opened is exit status 2, one that cannot be written 1
#     (as standard output).
#  4. With Chromium (Debian's chromium; .ci/run installs it), the page is loaded headless
#     with a test script (tests/scan_html_measure.js) that reads where the browser put each
#     glyph of each shown name: sorted by their x position, the glyphs must be ibidi's
#     display of the name in that paragraph direction (`ibidi display`, the page's own
#     data-ibidi, and the group's key in the group's direction); the filters are tried.
#     Without chromium that comparison is skipped and counted so.
# Usage: sh tests/test_scan_html.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
skipped=0
LIST=tests/data/scan_html.txt
TOY=data/samples/lgr/toy-hebrew-arabic.xml
TAB=$(printf '\t')
HE=$(printf '\327\231\327\251\327\250\327\220\327\234') # ישראל, in three groups

# same NAME FILE1 FILE2: the files are identical
same() {
    if cmp -s "$2" "$3"; then ok; else ko "$1: $(diff "$2" "$3" | head -n 10)"; fi
}
# count NAME WANT FILE PATTERN: WANT matches of the extended regex PATTERN in FILE (each
# on a line of its own first)
count() {
    c_got=$(sed 's/<section /\n&/g; s/<p dir=/\n&/g' "$3" | grep -cE -- "$4")
    if [ "$c_got" -eq "$2" ]; then ok; else ko "$1: $c_got matches of '$4', expected $2"; fi
}
# lacks NAME FILE TEXT: FILE does not contain TEXT
lacks() {
    if grep -qF -- "$3" "$2"; then ko "$1: '$3' found"; else ok; fi
}

# ---- 1. the output does not change; the page holds what it lists ------------------------
for fmt in "" --json --tsv; do
    run "scan $fmt" 1 "$IBIDI" scan --threads 2 --lgr "$TOY" $fmt "$LIST"
    cp "$tmp/out" "$tmp/plain"
    run "scan $fmt --html" 1 "$IBIDI" scan --threads 2 --lgr "$TOY" $fmt --html "$tmp/page.html" "$LIST"
    same "scan $fmt: the output with --html is the output without" "$tmp/plain" "$tmp/out"
done
page=$tmp/page.html
cp "$tmp/out" "$tmp/tsv"
# the groups: kind and key of each section, in order, as the TSV lists them
grep -E "^(variant-)?collision$TAB" "$tmp/tsv" | cut -f2,3 >"$tmp/want_groups"
sed -n 's/^<section class="group" id="g[0-9]*" data-kind="\([a-z]*\)" data-valid="[0-9]*" data-key="\([^"]*\)">$/\1\t\2/p' \
    "$page" >"$tmp/got_groups"
same "page: the groups of the output, in its order" "$tmp/want_groups" "$tmp/got_groups"
[ "$(wc -l <"$tmp/got_groups")" -eq 12 ] && ok || ko "page: $(wc -l <"$tmp/got_groups") groups, expected 12"
count "page: two shown paragraphs per name of a group" 54 "$page" '^<p dir="(ltr|rtl)" class="shown"'
count "page: valid names' rows" 6 "$page" '<tr class="valid">'
contains "page: summary names" "$page" "<tr><th>names</th><td>22 (30 lines, 8 skipped)</td></tr>"
contains "page: summary valid" "$page" "<tr><th>valid</th><td>7</td></tr>"
contains "page: summary ltr" "$page" "<td>12 distinct displays, 6 collision groups, 13 names in collisions, 3 names displayed as written</td>"
contains "page: summary rtl" "$page" "<td>18 distinct displays, 3 collision groups, 6 names in collisions, 1 names displayed as written</td>"
contains "page: summary lgr" "$page" "<td>10 distinct index labels, 3 variant groups, 8 names in variant groups</td>"
contains "page: an invalid name's codes" "$page" '<td class="validity">invalid <code>[B1]</code></td>'
contains "page: findings linked to their rule" "$page" '<a href="#code-NUMBER_LEVEL">NUMBER_LEVEL</a>@0'
contains "page: the legend of the codes" "$page" '<tr id="code-NUMBER_LEVEL"><th>NUMBER_LEVEL</th><td>Badami, &quot;Weak types EN and AN&quot;: '
count "page: each code explained once" 1 "$page" '<tr id="code-REC_II">'
contains "page: the logical name, labels isolated" "$page" "<bdo dir=\"ltr\" class=\"name\"><bdi>$HE</bdi>.<bdi>123</bdi>.<bdi>com</bdi></bdo>"
contains "page: filters" "$page" '<option value="lgr">LGR variant collision</option>'

# ---- 2. self-contained, UTF-8, well-formed, escaped -----------------------------------
# check_page NAME FILE: the checks every page passes
check_page() {
    if iconv -f UTF-8 -t UTF-8 "$2" >/dev/null 2>&1; then ok; else ko "$1: not UTF-8"; fi
    if LC_ALL=C tr -d '\n' <"$2" | LC_ALL=C grep -q "$(printf '[\001-\037\177]')"; then
        ko "$1: a raw control byte"
    else
        ok
    fi
    [ "$(head -n 1 "$2")" = "<!DOCTYPE html>" ] && ok || ko "$1: no doctype first"
    [ "$(tail -n 1 "$2")" = "</html>" ] && ok || ko "$1: does not end with </html>"
    # (links within the page, href="#...", are all it has)
    if grep -qiE '(src|action)=|href="[^#]|@import|url\(|<link|<iframe|<object' "$2"; then
        ko "$1: refers to something outside: $(grep -oiE '(src|action)=|href="[^#]|@import|url\(|<link|<iframe|<object' "$2" | head -n 3)"
    else
        ok
    fi
    if [ -z "$have_python" ]; then
        skipped=$((skipped + 1))
        echo "skipped: python3 not installed, $1 not parsed for well-formedness"
        return
    fi
    if python3 - "$2" >"$tmp/wf" 2>&1 <<'EOF'
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}
ENTITIES = {"amp", "lt", "gt", "quot"}


class Checker(HTMLParser):
    """Stricter than HTML needs: every element closed in order, as the page writes them."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.stack, self.errors, self.ids, self.doctype = [], [], set(), False
        self.links = []

    def error_at(self, what):
        self.errors.append("line %d col %d: %s" % (self.getpos() + (what,)))

    def handle_decl(self, decl):
        self.doctype = decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        names = [a for a, _ in attrs]
        if len(names) != len(set(names)):
            self.error_at("<%s> repeats an attribute" % tag)
        for a, v in attrs:
            if a == "id":
                if v in self.ids:
                    self.error_at("id %s twice" % v)
                self.ids.add(v)
            if a == "href" and v.startswith("#"):
                self.links.append(v[1:])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.error_at("<%s/>" % tag)

    def handle_endtag(self, tag):
        if tag in VOID or not self.stack or self.stack[-1] != tag:
            self.error_at("</%s> closes %s" % (tag, self.stack[-1:] or "nothing"))
        else:
            self.stack.pop()

    def handle_entityref(self, name):
        if name not in ENTITIES:
            self.error_at("&%s;" % name)

    def handle_data(self, data):
        if self.stack[-1:] not in (["script"], ["style"]) and ("<" in data or "&" in data):
            self.error_at("a bare < or & in %r" % data[:40])

    def unknown_decl(self, data):
        self.error_at("declaration %r" % data[:40])

    def handle_pi(self, data):
        self.error_at("processing instruction %r" % data[:40])


c = Checker()
c.feed(open(sys.argv[1], encoding="utf-8").read())
c.close()
if not c.doctype:
    c.errors.append("no <!DOCTYPE html>")
if c.stack:
    c.errors.append("not closed: %s" % c.stack)
c.errors += ["a link to #%s, which is not on the page" % l for l in c.links if l not in c.ids]
print("\n".join(c.errors[:10]))
sys.exit(1 if c.errors else 0)
EOF
    then ok; else ko "$1: not well-formed: $(head -c 600 "$tmp/wf")"; fi
}
have_python=
command -v python3 >/dev/null 2>&1 && have_python=1
check_page "page" "$page"

# Hostile text: markup and a bidi control in the input's file name (which the page's title
# and heading give), ill-formed UTF-8 there too, and ZWNJ in names that collide.
ZWNJ=$(printf '\342\200\214')
RLO=$(printf '\342\200\256')
odd="$tmp/<b>&\"x$RLO$(printf '\377').txt"
printf '123.%s%s.com\n%s%s.123.com\n' "$HE" "$ZWNJ" "$HE" "$ZWNJ" >"$odd"
run "hostile names" 1 "$IBIDI" scan --html "$tmp/odd.html" "$odd"
check_page "hostile page" "$tmp/odd.html"
contains "hostile: ZWNJ shown as a mark" "$tmp/odd.html" '<span class="ctl" title="U+200C">ZWNJ</span>'
contains "hostile: the file name escaped" "$tmp/odd.html" "&lt;b&gt;&amp;&quot;x<span class=\"ctl\" title=\"U+202E\">RLO</span><span class=\"esc\">\\xFF</span>.txt</bdi></h1>"
contains "hostile: the title has no elements" "$tmp/odd.html" "&lt;b&gt;&amp;&quot;x[RLO]$(printf '\357\277\275').txt</title>"
count "hostile: RLO only as a mark" 0 "$tmp/odd.html" "$RLO"
count "hostile: one group" 1 "$tmp/odd.html" '^<section class="group"'

# ---- 3. options and errors --------------------------------------------------------------
run "--only-valid" 1 "$IBIDI" scan --only-valid --lgr "$TOY" --html "$tmp/valid.html" "$LIST"
grep -c '^collision\|^variant collision' "$tmp/out" >"$tmp/n_out"
[ "$(cat "$tmp/n_out")" -eq 2 ] && ok || ko "--only-valid: $(cat "$tmp/n_out") groups in the output, expected 2"
count "--only-valid: the page shows those" 2 "$tmp/valid.html" '^<section class="group"'
count "--only-valid: each with two valid names or more" 0 "$tmp/valid.html" '^<section class="group" [^>]* data-valid="[01]"'
contains "--only-valid: summary" "$tmp/valid.html" "<tr><th>shown</th><td>2 groups with at least two valid names (--only-valid)</td></tr>"
run "--context ltr" 1 "$IBIDI" scan --context ltr --html "$tmp/ltr.html" "$LIST"
count "--context ltr: left-to-right groups only" 6 "$tmp/ltr.html" '^<section class="group" id="g[0-9]*" data-kind="ltr"'
count "--context ltr: no other" 0 "$tmp/ltr.html" 'data-kind="(rtl|lgr)"'
lacks "--context ltr: no right-to-left summary" "$tmp/ltr.html" "<tr><th>right-to-left paragraph</th>"
check_page "--context ltr page" "$tmp/ltr.html"
printf 'example.com\n' >"$tmp/one"
run "no groups" 0 "$IBIDI" scan --html "$tmp/none.html" "$tmp/one"
lacks "a list: no owner names judged by their hosts" "$tmp/none.html" "<tr><th>host names judged</th>"
printf '$ORIGIN example.\n@ 60 IN A 192.0.2.1\n_dmarc 60 IN TXT "v=DMARC1"\n* 60 IN A 192.0.2.1\n' >"$tmp/owners.zone"
run "a zone's owners" 0 "$IBIDI" scan --html "$tmp/owners.html" "$tmp/owners.zone"
contains "a zone's owners: counted" "$tmp/owners.html" "<tr><th>host names judged</th><td>2 owner names, their wildcard or underscored labels set aside</td></tr>"
contains "no groups: said so" "$tmp/none.html" "<p>No collision groups.</p>"
check_page "empty page" "$tmp/none.html"
run "standard input" 1 sh -c "\"$IBIDI\" scan --html \"$tmp/stdin.html\" <\"$LIST\""
contains "standard input: named" "$tmp/stdin.html" "<title>ibidi scan: standard input</title>"

run "--html in a missing directory" 2 "$IBIDI" scan --html "$tmp/no/such/dir/x.html" "$LIST"
contains "--html unopenable: message" "$tmp/err" "cannot open '$tmp/no/such/dir/x.html' for the HTML report: No such file or directory"
[ -s "$tmp/out" ] && ko "--html unopenable: the scan ran" || ok
run "--html a directory" 2 "$IBIDI" scan --html "$tmp" "$LIST"
run "--html -" 2 "$IBIDI" scan --html - "$LIST"
cp "$LIST" "$tmp/list"
run "--html the input" 2 "$IBIDI" scan --html "$tmp/list" "$tmp/list"
contains "--html the input: message" "$tmp/err" "is the input: it would be overwritten"
same "--html the input: left as it was" "$LIST" "$tmp/list"
run "--html the input, as standard input" 2 sh -c "\"$IBIDI\" scan --html \"$tmp/list\" <\"$tmp/list\""
same "--html standard input: left as it was" "$LIST" "$tmp/list"
run "--html without a file" 2 "$IBIDI" scan "$LIST" --html
contains "--html without a file: message" "$tmp/err" "--html needs a value"
run "input missing: the report untouched" 2 "$IBIDI" scan --html "$tmp/untouched.html" "$tmp/nothing.txt"
[ -e "$tmp/untouched.html" ] && ko "a missing input made the report" || ok
if [ -w /dev/full ]; then
    # written to but full: exit status 1, as for standard output (a valid list alone: 0)
    run "--html /dev/full" 1 "$IBIDI" scan --html /dev/full "$tmp/one"
    contains "--html /dev/full: message" "$tmp/err" "error writing the HTML report '/dev/full': No space left on device"
    contains "--html /dev/full: the output all the same" "$tmp/out" "summary ltr: 0 distinct displays, 0 collision groups, 0 names in collisions, 1 names displayed as written"
fi

# ---- 4. the browser's glyph order against ibidi's display -------------------------------
find_browser
if [ -z "$browser" ]; then
    skipped=$((skipped + 1))
    echo "skipped: chromium not installed (apt-get install chromium), the browser's glyph order was not compared with ibidi's display"
else
    # a copy of the page with the test script at the end of its body
    {
        sed '/^<\/body>$/,$d' "$page"
        printf '<script>\nwindow.IBIDI_TEST_SEARCH = "%s";\n' "$HE"
        cat tests/glyph_order.js tests/scan_html_measure.js
        printf '</script>\n'
        sed -n '/^<\/body>$/,$p' "$page"
    } >"$tmp/measure.html"
    t0=$(date +%s%N)
    # as root Chromium runs only without its sandbox; its own profile, thrown away
    to=
    command -v timeout >/dev/null 2>&1 && to="timeout 120"
    $to "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --mute-audio --disable-extensions --user-data-dir="$tmp/chromium" --window-size=1400,1000 \
        --dump-dom "file://$tmp/measure.html" >"$tmp/dom" 2>"$tmp/chromium.err"
    rc=$?
    t1=$(date +%s%N)
    echo "info: $browser --headless took $(((t1 - t0) / 1000000)) ms"
    [ "$rc" -eq 0 ] && ok || ko "$browser exited $rc: $(tail -n 3 "$tmp/chromium.err")"
    sed -n '/<pre id="ibidi-test">/,/<\/pre>/p' "$tmp/dom" |
        sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g' >"$tmp/results"
    grep "^shown$TAB" "$tmp/results" >"$tmp/shown"
    n=$(wc -l <"$tmp/shown")
    [ "$n" -eq 54 ] && ok || ko "browser: $n shown names measured, expected 54"
    n_own=0
    while IFS="$TAB" read -r _ dir logical glyphs data key lines; do
        want=$("$IBIDI" display --context "$dir" "$logical" 2>/dev/null)
        if [ "$glyphs" = "$want" ]; then ok; else
            ko "browser: $logical in a $dir paragraph shows $glyphs, ibidi display gives $want"
        fi
        if [ "$data" = "$want" ]; then ok; else ko "page: data-ibidi of $logical ($dir) is $data, not $want"; fi
        if [ "$key" != - ]; then
            n_own=$((n_own + 1))
            if [ "$glyphs" = "$key" ]; then ok; else
                ko "browser: $logical in its group's $dir paragraph shows $glyphs, the key is $key"
            fi
        fi
        [ "$lines" = line ] && ok || ko "browser: $logical ($dir) wraps"
    done <"$tmp/shown"
    [ "$n_own" -eq 19 ] && ok || ko "browser: $n_own names in their group's direction, expected 19"
    echo "compared: the glyph order of $n shown names ($n_own in their group's own direction) with ibidi display"
    for f in "none${TAB}12" "valid${TAB}2" "kind=ltr${TAB}6" "kind=rtl${TAB}3" "kind=lgr${TAB}3" "text${TAB}3"; do
        has "filter ${f%%"$TAB"*}" "$tmp/results" "filter$TAB$f"
    done
    has "filters shown with script" "$tmp/results" "filters${TAB}shown"
fi

# the count of skipped comparisons only when there are some (each has its skipped: line)
if [ "$skipped" -gt 0 ]; then
    echo "$pass passed, $fail failed, $skipped skipped"
else
    echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
