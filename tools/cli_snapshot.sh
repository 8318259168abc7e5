#!/bin/sh
# Records what the ibidi command prints on a fixed battery of inputs, so that two builds
# can be compared byte for byte (a change that should not alter any output, such as a
# reshaping of the library, shows an empty diff):
#
#   sh tools/cli_snapshot.sh OLD/ibidi /tmp/snap-old
#   sh tools/cli_snapshot.sh build/ibidi /tmp/snap-new
#   diff -r /tmp/snap-old /tmp/snap-new
#
# The battery: every invocation of the command made by the shell tests (tests/test_cli*.sh:
# the seeds' worked examples, the conformance lines they quote, the error cases), each with
# its standard input; then every command over the bundled samples (data/samples) in each
# output format; then the inputs of the conformance files (IdnaTestV2.txt,
# BidiCharacterTest.txt, BidiTest.txt, NormalizationTest.txt) through the commands that
# print them. For each invocation it keeps the arguments, the standard input, the
# standard output, the standard error (without the lines that report elapsed time) and
# the exit status.
set -eu
IBIDI=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OUT=$2
UCD=data/ucd/17.0.0
rm -rf "$OUT"
mkdir -p "$OUT/bin"
LOG=$(cd "$OUT" && pwd)/log
: >"$LOG"

# A stand-in for the command that runs it and appends one record to the log.
cat >"$OUT/bin/ibidi" <<EOF
#!/bin/sh
t=\$(mktemp -d)
cat >"\$t/in"
"$IBIDI" "\$@" <"\$t/in" >"\$t/out" 2>"\$t/err"
rc=\$?
{
    printf '=== ibidi'
    for a in "\$@"; do printf ' [%s]' "\$a"; done
    printf '\n--- stdin\n'; cat "\$t/in"
    printf '\n--- stdout\n'; cat "\$t/out"
    printf '\n--- stderr\n'; grep -v -E '[0-9.]+ ?(s|ms|seconds)\b|names/s|elapsed' "\$t/err" || true
    printf '\n--- exit %d\n' "\$rc"
} >>"$LOG"
cat "\$t/out"
cat "\$t/err" >&2
rm -rf "\$t"
exit \$rc
EOF
chmod +x "$OUT/bin/ibidi"
W=$OUT/bin/ibidi

# 1. The shell tests, through the stand-in (their own verdicts are not kept here).
for t in tests/test_cli*.sh; do
    sh "$t" "$OUT/bin" </dev/null >/dev/null 2>&1 || true
done
mv "$LOG" "$OUT/tests.log"
: >"$LOG"

# 2. The samples, every command and format.
names=data/samples/names.txt
idents=data/samples/identifiers.txt
items() { grep -v '^#' "$1" | grep -v '^$'; }
for fmt in "" --json --tsv; do
    "$W" scan $fmt --threads 1 "$names" </dev/null >/dev/null 2>&1 || true
    "$W" scan $fmt --threads 2 --context ltr --profile whatwg "$names" </dev/null >/dev/null 2>&1 || true
    "$W" scan $fmt --threads 1 data/samples/zone.txt </dev/null >/dev/null 2>&1 || true
    "$W" scan $fmt --threads 2 data/samples/zone.txt.gz </dev/null >/dev/null 2>&1 || true
done
for p in uts46 whatwg idna2008-lookup idna2008-register; do
    for fmt in "" --json --tsv; do
        items "$names" | "$W" to-ascii --profile $p $fmt >/dev/null 2>&1 || true
        items "$names" | "$W" to-unicode --profile $p $fmt >/dev/null 2>&1 || true
        items "$idents" | "$W" to-ascii --profile $p $fmt >/dev/null 2>&1 || true
    done
done
items "$idents" | "$W" to-ascii --bidi-per-label --tsv >/dev/null 2>&1 || true
for fmt in "" --json; do
    items "$idents" | "$W" check $fmt >/dev/null 2>&1 || true
    items "$names" | head -n 60 | "$W" check $fmt >/dev/null 2>&1 || true
    items "$idents" | "$W" props $fmt >/dev/null 2>&1 || true
    items "$idents" | "$W" normalize --form nfkd $fmt >/dev/null 2>&1 || true
    items "$idents" | "$W" iri check $fmt >/dev/null 2>&1 || true
    items "$idents" | "$W" iri to-uri $fmt >/dev/null 2>&1 || true
    for ctx in ltr rtl; do
        items "$idents" | "$W" twins --context $ctx $fmt >/dev/null 2>&1 || true
        items "$names" | head -n 80 | "$W" twins --context $ctx $fmt >/dev/null 2>&1 || true
        for form in visual marks embed isolate components html html-span; do
            items "$idents" | "$W" display --context $ctx --form $form $fmt >/dev/null 2>&1 || true
        done
        items "$idents" | "$W" display --context $ctx --levels --spans --prove $fmt >/dev/null 2>&1 || true
        items "$names" | "$W" display --context $ctx --levels --spans $fmt >/dev/null 2>&1 || true
        for from in logical textual visual; do
            for to in logical textual visual; do
                items "$idents" | "$W" convert --context $ctx --from $from --to $to $fmt >/dev/null 2>&1 || true
            done
        done
    done
    for o in visual levels order runs json; do
        [ "$o" = json ] && [ -n "$fmt" ] && continue
        for d in ltr rtl auto; do
            items "$idents" | "$W" bidi --dir $d --output $o >/dev/null 2>&1 || true
        done
    done
done
for n in 1 2 3 4 5; do
    "$W" verify-rule --max-length $n --threads 2 </dev/null >/dev/null 2>&1 || true
    "$W" verify-rule --max-length $n --threads 1 --json </dev/null >/dev/null 2>&1 || true
done
mv "$LOG" "$OUT/samples.log"
: >"$LOG"

# 3. The conformance files' inputs.
idna=$UCD/idna/IdnaTestV2.txt
# IdnaTestV2 writes some characters as \uXXXX (perl, part of Debian's base, turns them
# into UTF-8; a surrogate becomes the ill-formed bytes ED A0..BF xx).
grep -v '^#' "$idna" | grep -v '^$' | cut -d';' -f1 |
    perl -CIO -pe 's/^\s+|\s+$//g; s/\\u([0-9A-Fa-f]{4})/chr(hex($1))/ge; $_ .= "\n"' \
        2>/dev/null >"$OUT/idna-sources.esc"
"$W" to-ascii --tsv <"$OUT/idna-sources.esc" >/dev/null 2>&1 || true
"$W" to-unicode --tsv <"$OUT/idna-sources.esc" >/dev/null 2>&1 || true
"$W" to-ascii --tsv --transitional <"$OUT/idna-sources.esc" >/dev/null 2>&1 || true
"$W" to-ascii --json --profile idna2008-register <"$OUT/idna-sources.esc" >/dev/null 2>&1 || true
"$W" to-unicode --json --profile whatwg <"$OUT/idna-sources.esc" >/dev/null 2>&1 || true
bct=$UCD/BidiCharacterTest.txt
grep -v '^#' "$bct" | grep -v '^$' | cut -d';' -f1,2 >"$OUT/bct.in"
for d in 0 1 2; do
    case $d in 0) dir=ltr ;; 1) dir=rtl ;; 2) dir=auto ;; esac
    grep ";$d\$" "$OUT/bct.in" | cut -d';' -f1 | "$W" bidi --input hex --dir $dir --output levels >/dev/null 2>&1 || true
    grep ";$d\$" "$OUT/bct.in" | cut -d';' -f1 | "$W" bidi --input hex --dir $dir --output order >/dev/null 2>&1 || true
    grep ";$d\$" "$OUT/bct.in" | cut -d';' -f1 | head -n 3000 | "$W" bidi --input hex --dir $dir --output json >/dev/null 2>&1 || true
done
grep -v '^[#@]' $UCD/BidiTest.txt | grep -v '^$' | cut -d';' -f1 | sort -u >"$OUT/bt.in"
for d in ltr rtl auto; do
    "$W" bidi --input classes --dir $d --output levels <"$OUT/bt.in" >/dev/null 2>&1 || true
    "$W" bidi --input classes --dir $d --output runs <"$OUT/bt.in" >/dev/null 2>&1 || true
done
grep -v '^[#@]' $UCD/NormalizationTest.txt | grep -v '^$' | cut -d';' -f1 >"$OUT/nt.hex"
perl -CO -ne 'print join("", map { chr(hex($_)) } split " "), "\n"' "$OUT/nt.hex" >"$OUT/nt.in"
head -n 4000 "$OUT/nt.hex" | "$W" punycode --hex >/dev/null 2>&1 || true
for f in nfc nfd nfkc nfkd; do
    "$W" normalize --form $f <"$OUT/nt.in" >/dev/null 2>&1 || true
done
head -n 3000 "$OUT/nt.in" | "$W" props --json >/dev/null 2>&1 || true
mv "$LOG" "$OUT/conformance.log"
rm -f "$OUT/idna-sources.esc" "$OUT/bct.in" "$OUT/bt.in" "$OUT/nt.in" "$OUT/nt.hex"
rm -rf "$OUT/bin"
# The shell tests' temporary files have random names.
for f in "$OUT"/*.log; do
    sed -e 's#/tmp/tmp\.[A-Za-z0-9]*#/TMP#g' "$f" >"$f.tmp" && mv "$f.tmp" "$f"
done
wc -c "$OUT"/*.log
