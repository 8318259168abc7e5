#!/bin/sh
# `ibidi scan` end to end: the bundled sample gives exactly the planted collision groups
# (data/samples/planted.tsv), each of which really displays alike (checked with `ibidi
# display`); the --json and --tsv formats; --context; comments, blank lines and CRLF; an
# A-label and its U-label are one name; ill-formed UTF-8; exit statuses; standard input
# and files; a large generated input scanned with several threads gives the same output
# as one thread; --memory: the smallest limit (runs in a temporary file, merged) gives the
# output of the default run and leaves nothing in TMPDIR, an unusable TMPDIR matters only
# past the limit, bad sizes are usage errors; a name's validity in a group does not depend
# on the order of the lines.
# Usage: sh tests/test_cli_scan.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
SAMPLE=data/samples/names.txt
PLANTED=data/samples/planted.tsv
TAB=$(printf '\t')
CR=$(printf '\r')
HE=$(printf '\327\231\327\251\327\250\327\220\327\234') # ישראל, a label of the sample
HE_A=xn--4dbrk0ce                                       # its A-label

# same NAME FILE1 FILE2: the files are identical
same() {
    if cmp -s "$2" "$3"; then ok; else ko "$1: $(diff "$2" "$3" | head -n 10)"; fi
}
# count NAME WANT FILE PATTERN: WANT lines of FILE match the extended regex PATTERN
count() {
    c_got=$(grep -cE -- "$4" "$3")
    if [ "$c_got" -eq "$2" ]; then ok; else ko "$1: $c_got lines match '$4', expected $2"; fi
}

# ---- The sample: exactly the planted groups --------------------------------------------
grep -v '^#' "$PLANTED" >"$tmp/want"
run "sample tsv" 1 "$IBIDI" scan --tsv "$SAMPLE"
grep "^collision$TAB" "$tmp/out" | cut -f2- >"$tmp/got"
same "sample: the planted groups, no false ones, none missed" "$tmp/want" "$tmp/got"
count "planted: at least 10 groups left to right" 14 "$tmp/want" "^ltr$TAB"
count "planted: groups only in a right-to-left paragraph" 4 "$tmp/want" "^rtl$TAB"
contains "sample summary" "$tmp/out" "ltr_collision_groups=14${TAB}ltr_names_in_collisions=30${TAB}"
contains "sample summary rtl" "$tmp/out" "rtl_collision_groups=4${TAB}rtl_names_in_collisions=8"
# Each planted group collides: every name of it displays as the group says (ibidi
# display, independent of the scan's grouping), and its names are distinct.
while IFS="$TAB" read -r g_ctx g_disp g_names; do
    old_ifs=$IFS
    IFS=,
    # shellcheck disable=SC2086
    set -- $g_names
    IFS=$old_ifs
    n_names=$#
    "$IBIDI" display --context "$g_ctx" "$@" >"$tmp/disp" 2>"$tmp/err"
    n_same=$(grep -cxF -- "$g_disp" "$tmp/disp")
    n_distinct=$(printf '%s\n' "$@" | sort -u | wc -l)
    if [ "$n_names" -ge 2 ] && [ "$n_same" -eq "$n_names" ] && [ "$n_distinct" -eq "$n_names" ]; then
        ok
    else
        ko "planted group $g_ctx $g_disp: $n_same of $n_names names display so ($(tr '\n' ' ' <"$tmp/disp"))"
    fi
    # the right-to-left groups of the sample are twins in that context only
    if [ "$g_ctx" = rtl ]; then
        "$IBIDI" display --context ltr "$@" >"$tmp/disp" 2>"$tmp/err"
        if [ "$(sort -u "$tmp/disp" | wc -l)" -eq "$n_names" ]; then ok; else ko "group $g_disp also collides left to right"; fi
    fi
done <"$tmp/want"

# Other profiles compare the same Unicode forms here.
for p in whatwg idna2008-lookup idna2008-register; do
    run "sample --profile $p" 1 "$IBIDI" scan --tsv --profile "$p" "$SAMPLE"
    grep "^collision$TAB" "$tmp/out" | cut -f2- >"$tmp/got"
    same "sample --profile $p groups" "$tmp/want" "$tmp/got"
done

# ---- --json ----------------------------------------------------------------------------
run "sample json" 1 "$IBIDI" scan --json "$SAMPLE"
cp "$tmp/out" "$tmp/json"
n_lines=$(wc -l <"$tmp/json")
count "json: every line is one object with a type" "$n_lines" "$tmp/json" '^\{"type":"(name|collision|summary)",.*\}$'
count "json: name records, keys in order" 295 "$tmp/json" \
    '^\{"type":"name","name":"[^"]*","valid":(true|false),"findings":\[.*\],"display":\{"ltr":("[^"]*"|null),"rtl":("[^"]*"|null)\}'
count "json: collision records" 18 "$tmp/json" '^\{"type":"collision","context":"(ltr|rtl)","display":"[^"]*","names":\["'
count "json: one summary" 1 "$tmp/json" '^\{"type":"summary",'
if tail -n 1 "$tmp/json" | grep -q '^{"type":"summary",'; then ok; else ko "json: summary is not last"; fi
if sed -n '1,295p' "$tmp/json" | grep -qv '^{"type":"name"'; then ko "json: names are not first"; else ok; fi
contains "json summary counts" "$tmp/json" '"names":295,"skipped":38,'
contains "json collision" "$tmp/json" "{\"type\":\"collision\",\"context\":\"ltr\",\"display\":\"123.$(printf '\327\234\327\220\327\250\327\251\327\231').com\",\"names\":[\"123.$HE.com\",\"$HE.123.com\"]"
contains "json A-label record has its Unicode form" "$tmp/json" "\"name\":\"$HE_A.123.com\",\"valid\":false"
contains "json unicode" "$tmp/json" "\"unicode\":\"$HE.123.com\""
contains "json invalid name without display" "$tmp/json" '"name":"a..b.example.com","valid":false,"findings":[],"display":{"ltr":null,"rtl":null}'
contains "json codes of a valid name" "$tmp/json" '"name":"www.example.com","valid":true,"findings":[],"display":{"ltr":"www.example.com","rtl":"www.example.com"},"codes":"[]"'

# ---- --tsv -----------------------------------------------------------------------------
run "tsv" 1 "$IBIDI" scan --tsv "$SAMPLE"
count "tsv: name lines have five fields" 295 "$tmp/out" "^[^$TAB]+$TAB(valid|invalid \[[^$TAB]*\])$TAB[^$TAB]*$TAB[^$TAB]*$TAB[^$TAB]*\$"
count "tsv: collision lines" 18 "$tmp/out" "^collision$TAB(ltr|rtl)$TAB"
count "tsv: one summary" 1 "$tmp/out" "^summary${TAB}profile=uts46${TAB}lines=333${TAB}names=295${TAB}skipped=38${TAB}"
has "tsv valid record" "$tmp/out" "www.example.com${TAB}valid${TAB}www.example.com${TAB}www.example.com$TAB"

# ---- text ------------------------------------------------------------------------------
run "text" 1 "$IBIDI" scan "$SAMPLE"
contains "text record" "$tmp/out" "www.example.com: valid; ltr www.example.com; rtl www.example.com"
contains "text collision" "$tmp/out" "collision rtl: example.360 is shown for 2 names (2 valid): 360.example, example.360"
contains "text summary" "$tmp/out" "summary: 295 names (333 lines, 38 skipped)"
contains "text summary ltr" "$tmp/out" "summary ltr: "
if grep -q "$CR" "$tmp/err"; then ko "progress bar on a stderr that is not a terminal"; else ok; fi
contains "elapsed time on stderr" "$tmp/err" "ibidi scan: 295 names in "
if grep -q " s (" "$tmp/out"; then ko "elapsed time on stdout"; else ok; fi

# ---- --context -------------------------------------------------------------------------
run "context ltr" 1 "$IBIDI" scan --tsv --context ltr "$SAMPLE"
grep "^collision$TAB" "$tmp/out" | cut -f2- >"$tmp/got"
grep "^ltr$TAB" "$tmp/want" >"$tmp/want_ltr"
same "context ltr: the ltr groups only" "$tmp/want_ltr" "$tmp/got"
if grep -q "rtl_" "$tmp/out"; then ko "context ltr: rtl counts in the summary"; else ok; fi
has "context ltr: no rtl display" "$tmp/out" "www.example.com${TAB}valid${TAB}www.example.com$TAB$TAB"
run "context=rtl" 1 "$IBIDI" scan --tsv --context=rtl "$SAMPLE"
grep "^collision$TAB" "$tmp/out" | cut -f2- >"$tmp/got"
grep "^rtl$TAB" "$tmp/want" >"$tmp/want_rtl"
same "context rtl: the rtl groups only" "$tmp/want_rtl" "$tmp/got"
run "context rtl json" 1 "$IBIDI" scan --json --context rtl "$SAMPLE"
contains "context rtl json display" "$tmp/out" '"name":"www.example.com","valid":true,"findings":[],"display":{"rtl":"www.example.com"}'
# Valid names that collide only in a right-to-left paragraph.
printf '360.example\nexample.360\n' >"$tmp/in"
run "rtl-only collision of valid names: both" 1 "$IBIDI" scan "$tmp/in"
run "rtl-only collision of valid names: ltr" 0 "$IBIDI" scan --context ltr "$tmp/in"
run "rtl-only collision of valid names: rtl" 1 "$IBIDI" scan --context rtl "$tmp/in"

# ---- Line reading ----------------------------------------------------------------------
printf '# a comment\n\n   \n  example.com   # trailing comment\n\t%s.com\t\nexample.org\n' "$HE" >"$tmp/lf"
sed "s/\$/$CR/" "$tmp/lf" >"$tmp/crlf"
run "comments and blanks" 0 "$IBIDI" scan --tsv "$tmp/lf"
cp "$tmp/out" "$tmp/lf.out"
count "comments and blanks: three names" 3 "$tmp/lf.out" "${TAB}valid$TAB"
contains "comments and blanks: counts" "$tmp/lf.out" "lines=6${TAB}names=3${TAB}skipped=3${TAB}"
run "CRLF" 0 "$IBIDI" scan --tsv "$tmp/crlf"
same "CRLF gives the same output as LF" "$tmp/lf.out" "$tmp/out"
printf 'example.com\nexample.org' >"$tmp/nolf"
run "last line without LF" 0 "$IBIDI" scan --tsv "$tmp/nolf"
contains "last line without LF is read" "$tmp/out" "names=2${TAB}"
: >"$tmp/empty"
run "empty input" 0 "$IBIDI" scan --tsv "$tmp/empty"
has "empty input summary" "$tmp/out" "summary${TAB}profile=uts46${TAB}lines=0${TAB}names=0${TAB}skipped=0${TAB}valid=0${TAB}invalid=0${TAB}with_findings=0${TAB}not_analysed=0${TAB}ltr_display_keys=0${TAB}ltr_collision_groups=0${TAB}ltr_names_in_collisions=0${TAB}ltr_self_displayed=0${TAB}rtl_display_keys=0${TAB}rtl_collision_groups=0${TAB}rtl_names_in_collisions=0${TAB}rtl_self_displayed=0"

# ---- Names displayed as written -------------------------------------------------------
# ASCII names: left-to-right always as written; right-to-left too when they start with a
# letter and have only digits after their last one. They are counted, not compared: no other name
# can display alike (ibidi/scan.h), so the groups stay the same.
printf 'example.com\nEXAMPLE.com\n1.com\n-x.com\nx.com\ncom.1\n' >"$tmp/in"
run "names displayed as written" 1 "$IBIDI" scan --tsv "$tmp/in"
contains "names displayed as written: counted" "$tmp/out" "ltr_display_keys=0${TAB}ltr_collision_groups=0${TAB}ltr_names_in_collisions=0${TAB}ltr_self_displayed=6${TAB}rtl_display_keys=2${TAB}rtl_collision_groups=1${TAB}rtl_names_in_collisions=2${TAB}rtl_self_displayed=3"
# com.1 displays as written, but a name with a digit is compared all the same: 1.com
# shows as com.1 in a right-to-left paragraph (W7 leaves the first digit EN, N2)
has "names displayed as written: a digit is compared" "$tmp/out" "collision${TAB}rtl${TAB}com.1${TAB}1.com,com.1"
run "names displayed as written: JSON" 1 "$IBIDI" scan --json "$tmp/in"
contains "names displayed as written: JSON summary" "$tmp/out" '"ltr":{"display_keys":0,"collision_groups":0,"names_in_collisions":0,"self_displayed":6}'

# ---- One name in several forms ---------------------------------------------------------
printf '%s.com\n%s.com\n%s.COM\n%s.com\n' "$HE_A" "$HE" "$HE" "$HE" >"$tmp/in"
run "A-label and U-label are one name" 0 "$IBIDI" scan --tsv "$tmp/in"
contains "A-label and U-label: one display key, no group" "$tmp/out" "ltr_display_keys=1${TAB}ltr_collision_groups=0$TAB"
printf '123.%s.com\n%s.123.com\n%s.123.com\n' "$HE" "$HE_A" "$HE" >"$tmp/in"
run "A-label in a group" 1 "$IBIDI" scan --tsv --context ltr "$tmp/in"
has "A-label in a group: Unicode forms, once each" "$tmp/out" "collision${TAB}ltr${TAB}123.$(printf '\327\234\327\220\327\250\327\251\327\231').com${TAB}123.$HE.com,$HE.123.com"

# ---- Ill-formed UTF-8 ------------------------------------------------------------------
printf 'a\377b.com\n\327\n# \377 in a comment is fine\nexample.com\n' >"$tmp/in"
run "bad UTF-8" 1 "$IBIDI" scan --tsv "$tmp/in"
has "bad UTF-8: invalid byte" "$tmp/out" "a\\xFFb.com${TAB}invalid [UTF8_INVALID_BYTE]$TAB$TAB${TAB}not-analysed:UTF8_INVALID_BYTE"
has "bad UTF-8: truncated" "$tmp/out" "\\xD7${TAB}invalid [UTF8_TRUNCATED]$TAB$TAB${TAB}not-analysed:UTF8_TRUNCATED"
has "bad UTF-8: the next line is read" "$tmp/out" "example.com${TAB}valid${TAB}example.com${TAB}example.com$TAB"
contains "bad UTF-8: counted" "$tmp/out" "names=3${TAB}skipped=1${TAB}valid=1${TAB}invalid=2$TAB"
run "bad UTF-8 json" 1 "$IBIDI" scan --json "$tmp/in"
contains "bad UTF-8 json" "$tmp/out" "{\"type\":\"name\",\"name\":\"a$(printf '\357\277\275')b.com\",\"name_hex\":\"61ff622e636f6d\",\"valid\":false,\"findings\":[],\"display\":{\"ltr\":null,\"rtl\":null},\"codes\":\"[UTF8_INVALID_BYTE]\""
printf 'a\tb.com\n' >"$tmp/in"
run "tab inside a name" 1 "$IBIDI" scan --tsv "$tmp/in"
contains "tab inside a name is escaped" "$tmp/out" "a\\tb.com${TAB}invalid ["

# ---- Exit statuses ---------------------------------------------------------------------
printf 'example.com\nwww.example.org\n' >"$tmp/in"
run "all valid, no collision" 0 "$IBIDI" scan "$tmp/in"
printf 'example.com\n-bad.com\n' >"$tmp/in"
run "an invalid name" 1 "$IBIDI" scan "$tmp/in"
run "unknown option" 2 "$IBIDI" scan --bogus "$SAMPLE"
run "bad context" 2 "$IBIDI" scan --context up "$SAMPLE"
run "bad profile" 2 "$IBIDI" scan --profile none "$SAMPLE"
run "bad threads" 2 "$IBIDI" scan --threads 0 "$SAMPLE"
run "threads not a number" 2 "$IBIDI" scan --threads x "$SAMPLE"
run "threads without value" 2 "$IBIDI" scan --threads
run "two inputs" 2 "$IBIDI" scan "$SAMPLE" "$SAMPLE"
run "missing file" 2 "$IBIDI" scan "$tmp/does-not-exist"
run "help" 0 "$IBIDI" scan --help
contains "help text" "$tmp/out" "usage: ibidi scan"

# ---- Standard input and files ----------------------------------------------------------
"$IBIDI" scan --tsv "$SAMPLE" >"$tmp/file.out" 2>/dev/null
"$IBIDI" scan --tsv - <"$SAMPLE" >"$tmp/dash.out" 2>/dev/null
"$IBIDI" scan --tsv <"$SAMPLE" >"$tmp/stdin.out" 2>/dev/null
same "stdin '-' and file" "$tmp/file.out" "$tmp/dash.out"
same "stdin and file" "$tmp/file.out" "$tmp/stdin.out"
cat "$SAMPLE" | "$IBIDI" scan --tsv >"$tmp/pipe.out" 2>/dev/null
same "pipe and file" "$tmp/file.out" "$tmp/pipe.out"

# ---- A large input: streaming with threads ---------------------------------------------
# 50000 lines: names with numbered labels, comments and blank lines, and every 100th
# number planted as a pair NUMBER.HE.com / HE.NUMBER.com (one left-to-right group each).
awk -v he="$HE" 'BEGIN {
    for (i = 1; i <= 50000; i++) {
        if (i % 1000 == 0) print "# block " i
        else if (i % 997 == 0) print ""
        else if (i % 100 == 0) print i "." he ".com"
        else if (i % 100 == 50) print he "." (i + 50) ".com"
        else if (i % 3 == 0) print "n" i ".example.com"
        else if (i % 3 == 1) print "w" i "." he ".com"
        else print "x" i ".xn--wgbh1c"
    }
}' >"$tmp/big"
expected_groups=$(awk 'BEGIN { n = 0; for (i = 100; i <= 50000; i += 100) if (i % 1000 != 0 && i % 997 != 0 && (i - 50) % 997 != 0) n++; print n }')
for t in 1 2 3; do
    "$IBIDI" scan --json --threads "$t" "$tmp/big" >"$tmp/big.$t" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 1 ]; then ok; else ko "large input, $t threads: exit $rc ($(head -c 300 "$tmp/err"))"; fi
done
same "large input: 2 threads give the output of 1" "$tmp/big.1" "$tmp/big.2"
same "large input: 3 threads give the output of 1" "$tmp/big.1" "$tmp/big.3"
count "large input: every name in order" 1 "$tmp/big.1" "\"type\":\"summary\",\"profile\":\"uts46\",\"lines\":50000,\"names\":49900,\"skipped\":100,"
count "large input: planted groups" "$expected_groups" "$tmp/big.1" '^\{"type":"collision","context":"ltr"'
# the line numbers come out in input order
grep '^{"type":"name"' "$tmp/big.2" | sed 's/.*"line":\([0-9]*\)}$/\1/' >"$tmp/lines"
sort -n "$tmp/lines" >"$tmp/lines.sorted"
same "large input: records in input order" "$tmp/lines" "$tmp/lines.sorted"
"$IBIDI" scan --tsv --threads 2 <"$tmp/big" >"$tmp/big.tsv2" 2>/dev/null
"$IBIDI" scan --tsv --threads 1 "$tmp/big" >"$tmp/big.tsv1" 2>/dev/null
same "large input from a pipe with threads" "$tmp/big.tsv1" "$tmp/big.tsv2"

# ---- Bounded memory: --memory ------------------------------------------------------------
# 100000 names (ASCII, Hebrew labels, numbers, A-labels, copies, a planted pair every 50
# numbers) scanned with the smallest limit, which sorts the collision groups into many runs
# of a temporary file and merges them, give exactly the output of the default run.
awk -v he="$HE" -v hea="$HE_A" 'BEGIN {
    for (i = 1; i <= 100000; i++) {
        if (i % 50 == 0) print i "." he ".com"
        else if (i % 50 == 25) print he "." (i + 25) ".com"
        else if (i % 7 == 0) print "n" (i - 7) ".example.com"
        else if (i % 5 == 0) print hea "." i ".org"
        else if (i % 5 == 1) print i "." he ".net"
        else print "w" i ".example.com"
    }
}' >"$tmp/mem"
for fmt in --tsv --json; do
    "$IBIDI" scan $fmt --threads 2 "$tmp/mem" >"$tmp/mem.default" 2>"$tmp/err"
    rc_d=$?
    mkdir -p "$tmp/runs"
    TMPDIR="$tmp/runs" "$IBIDI" scan $fmt --threads 2 --memory 64K "$tmp/mem" >"$tmp/mem.64k" 2>"$tmp/err"
    rc_s=$?
    if [ "$rc_d" -eq 1 ] && [ "$rc_s" -eq 1 ]; then ok; else ko "--memory 64K $fmt: exit $rc_d and $rc_s ($(head -c 300 "$tmp/err"))"; fi
    same "--memory 64K $fmt: the output of the default run" "$tmp/mem.default" "$tmp/mem.64k"
    if [ -z "$(ls -A "$tmp/runs")" ]; then ok; else ko "--memory 64K: files left in TMPDIR: $(ls -A "$tmp/runs")"; fi
done
count "--memory: the planted groups" 2000 "$tmp/mem.default" '^\{"type":"collision","context":"ltr"'
TMPDIR="$tmp/runs" "$IBIDI" scan --tsv --threads 1 --memory=1m "$tmp/mem" >"$tmp/mem.1m" 2>"$tmp/err"
"$IBIDI" scan --tsv --threads 1 "$tmp/mem" >"$tmp/mem.default" 2>"$tmp/err"
same "--memory=1m, one thread: the output of the default run" "$tmp/mem.default" "$tmp/mem.1m"
# The runs are written only past the limit: an unusable TMPDIR is no matter in memory,
# and an error with the directory and the reason when the limit is passed.
run "TMPDIR missing, in memory" 1 env TMPDIR="$tmp/none" "$IBIDI" scan --tsv "$tmp/mem"
same "TMPDIR missing, in memory: the same output" "$tmp/mem.default" "$tmp/out"
run "TMPDIR missing, spilling" 2 env TMPDIR="$tmp/none" "$IBIDI" scan --tsv --memory 64K "$tmp/mem"
contains "TMPDIR missing: why" "$tmp/err" "ibidi scan: the collision groups' temporary file in $tmp/none: No such file or directory"
contains "TMPDIR missing: the status" "$tmp/err" "[TEMP_FILE]"
if grep -q '^summary' "$tmp/out"; then ko "TMPDIR missing: a summary after the failure"; else ok; fi
for bad in 0 63K 65535 abc 1.5G 12X -5 '' 1KB 99999999999999999999G; do
    run "--memory '$bad'" 2 "$IBIDI" scan --memory "$bad" "$SAMPLE"
done
contains "--memory: why" "$tmp/err" "--memory needs"
run "--memory without value" 2 "$IBIDI" scan --memory
for good in 64K 65536 2M 1g 1G; do
    run "--memory $good" 1 "$IBIDI" scan --tsv --memory "$good" "$SAMPLE"
    same "--memory $good: the sample's output" "$tmp/file.out" "$tmp/out"
done
# A name's validity in a group does not depend on the order of the lines: a name is valid
# when one of its writings is (here example.360, after a fake A-label of it).
printf 'xn--example-.360\n360.example\nexample.360\n' >"$tmp/in"
run "validity of a name written twice" 1 "$IBIDI" scan --context rtl --threads 1 "$tmp/in"
has "validity of a name written twice" "$tmp/out" "collision rtl: example.360 is shown for 2 names (2 valid): 360.example, example.360"
printf 'example.360\n360.example\nxn--example-.360\n' >"$tmp/in"
run "validity, the other order" 1 "$IBIDI" scan --context rtl --threads 1 "$tmp/in"
has "validity, the other order" "$tmp/out" "collision rtl: example.360 is shown for 2 names (2 valid): 360.example, example.360"

# A name with a joiner is analysed as the name without it (the joiner is X9's BN), and a
# name the analysis cannot take is counted apart, never as one without findings.
printf '5.\330\261\331\210\330\255\342\200\214\330\247\331\201\330\262\330\247.com\n5.\330\261\331\210\330\255\330\247\331\201\330\262\330\247.com\na\342\200\2171.com\n' >"$tmp/in"
run joiner 1 "$IBIDI" scan --threads 1 "$tmp/in"
[ "$(grep -c 'findings NUMBER_LEVEL@0 IDN_NUMBER_LABEL@0 REC_III_FOLLOWING@0$' "$tmp/out")" -eq 2 ] && ok ||
    ko "joiner: both names should have the same findings: $(cat "$tmp/out")"
contains joiner "$tmp/out" "not analysed [AMBIG_CONTROL]"
contains joiner "$tmp/out" "2 with findings, 1 not analysed"
# The root label of a zone file's name: example.com. is example.com, not another name
printf 'example.com.\nexample.com\n' >"$tmp/in"
run root 0 "$IBIDI" scan --threads 1 "$tmp/in"
has root "$tmp/out" "example.com. (example.com): valid; ltr example.com; rtl example.com"
contains root "$tmp/out" "0 collision groups"
# --only-valid: of the sample's groups, only the one with two valid names
run only-valid 1 "$IBIDI" scan --only-valid --threads 1 "$SAMPLE"
[ "$(grep -c '^collision' "$tmp/out")" -eq 1 ] && ok || ko "only-valid: not one group"
has only-valid "$tmp/out" "collision rtl: example.360 is shown for 2 names (2 valid): 360.example, example.360"
has only-valid "$tmp/out" "summary: 1 groups with at least two valid names shown (--only-valid)"
run only-valid-json 1 "$IBIDI" scan --json --only-valid --threads 2 "$SAMPLE"
contains only-valid-json "$tmp/out" '"groups_shown":1}'
[ "$(grep -c '"type":"collision"' "$tmp/out")" -eq 1 ] && ok || ko "only-valid-json: not one group"

# ---- --look-alike-groups: groups of names with one bidi skeleton (UTS #39 §4) -------------------
# Planted pairs among 6,000 generated names: Latin/Cyrillic (pаypal), Latin/Hebrew (samekh
# samekh vav .com looks like loo.com left to right only), Arabic digits/Latin letters
# (one five one .com looks like lol.com left to right); each is found, and no other group
CYR=$(printf 'p\320\260ypal.com')
SSV=$(printf '\327\241\327\241\327\225.com')
AD=$(printf '\331\241\331\245\331\241.com')
i=0
while [ $i -lt 2000 ]; do
    printf 'n%dx.com\nq%d-z.net\nw%dv.org\n' $i $i $i
    i=$((i + 1))
done >"$tmp/gen.txt"
{ head -n 3000 "$tmp/gen.txt"; printf 'paypal.com\nloo.com\nlol.com\n%s\n%s\n%s\n' "$CYR" "$SSV" "$AD"; tail -n 3000 "$tmp/gen.txt"; } >"$tmp/planted.txt"
run look-alike 1 "$IBIDI" scan --look-alike-groups --tsv "$tmp/planted.txt"
has "look-alike: latin/cyrillic ltr" "$tmp/out" "look-alike-collision${TAB}ltr${TAB}paypal.corn${TAB}paypal.com,$CYR"
has "look-alike: latin/cyrillic rtl" "$tmp/out" "look-alike-collision${TAB}rtl${TAB}paypal.corn${TAB}paypal.com,$CYR"
has "look-alike: latin/hebrew ltr" "$tmp/out" "look-alike-collision${TAB}ltr${TAB}loo.corn${TAB}loo.com,$SSV"
has "look-alike: arabic digits ltr" "$tmp/out" "look-alike-collision${TAB}ltr${TAB}lol.corn${TAB}lol.com,$AD"
c=$(grep -c '^look-alike-collision' "$tmp/out")
[ "$c" -eq 4 ] && ok || ko "look-alike: 4 groups, not $c"
contains "look-alike: summary" "$tmp/out" "${TAB}look_alike_ltr_groups=3${TAB}"
contains "look-alike: summary rtl" "$tmp/out" "${TAB}look_alike_rtl_groups=1${TAB}"
# the same in one thread and in four, as JSON (every line parsed)
"$IBIDI" scan --look-alike-groups --json --threads 1 "$tmp/planted.txt" >"$tmp/l1.json" 2>/dev/null
"$IBIDI" scan --look-alike-groups --json --threads 4 "$tmp/planted.txt" >"$tmp/l4.json" 2>/dev/null
if cmp -s "$tmp/l1.json" "$tmp/l4.json"; then ok; else ko "look-alike: threads differ"; fi
if python3 - "$tmp/l1.json" <<'EOF'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
groups = [r for r in recs if r["type"] == "look_alike_collision"]
assert len(groups) == 4, groups
assert {"context": "ltr", "skeleton": "loo.corn"}.items() <= groups[1].items() or any(
    g["skeleton"] == "loo.corn" and g["context"] == "ltr" for g in groups), groups
s = recs[-1]
assert s["type"] == "summary" and s["look_alike_ltr"]["groups"] == 3, s
assert s["look_alike_rtl"]["names_in_groups"] == 2, s
EOF
then ok; else ko "look-alike: json"; fi
# text; left to right only; without --look-alike no such group
run look-alike-text 1 "$IBIDI" scan --look-alike-groups --context ltr "$tmp/planted.txt"
has look-alike-text "$tmp/out" "look-alike collision ltr: skeleton loo.corn is shared by 2 names (2 valid): loo.com, $SSV"
has look-alike-text "$tmp/out" "summary look-alike ltr: 6003 distinct bidi skeletons, 3 look-alike groups, 6 names in them"
if grep -q 'look-alike collision rtl' "$tmp/out"; then ko "look-alike-text: rtl groups with --context ltr"; else ok; fi
run look-alike-off 1 "$IBIDI" scan "$tmp/planted.txt"
if grep -q 'look-alike' "$tmp/out"; then ko "look-alike-off: groups without the option"; else ok; fi
# --only-valid keeps the groups of two valid names (one five one .com is invalid, B1)
run look-alike-valid 1 "$IBIDI" scan --look-alike-groups --only-valid --tsv "$tmp/planted.txt"
c=$(grep -c '^look-alike-collision' "$tmp/out")
[ "$c" -eq 3 ] && ok || ko "look-alike-valid: 3 groups, not $c"
# --html: the groups on the page, with their kind and skeleton, and the summary's row
run look-alike-html 1 "$IBIDI" scan --look-alike-groups --html "$tmp/p.html" "$tmp/planted.txt"
c=$(grep -c '<section class="group" id="g[0-9]*" data-kind="look-ltr"' "$tmp/p.html")
[ "$c" -eq 3 ] && ok || ko "look-alike-html: 3 left-to-right groups on the page, not $c"
contains look-alike-html "$tmp/p.html" 'data-kind="look-rtl" data-valid="2" data-key="paypal.corn"'
contains look-alike-html "$tmp/p.html" "<tr><th>look-alikes, left to right</th><td>6003 distinct bidi skeletons, 3 look-alike groups, 6 names in them</td></tr>"
contains look-alike-html "$tmp/p.html" '<option value="look-ltr">left-to-right look-alike group</option>'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
