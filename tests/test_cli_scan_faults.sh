#!/bin/sh
# `ibidi scan` when things go wrong, each fault with the status and message ibidi(1)
# documents:
#   - the directory of the runs fills up (a 1 MiB tmpfs, mounted as root): exit 2, the
#     directory and the space needed named, the records before it and no summary;
#   - a scan killed with SIGKILL while it spills leaves no file behind, and the next run
#     gives the full result;
#   - a gzip stream cut short, corrupt, or followed by bytes that start no member: exit 2,
#     the byte of the compressed input where it broke, the records of the lines before it;
#   - `ibidi scan ... | head -1` ends at once without a word, SIGPIPE ignored or not;
#   - a line over IBIDI_SCAN_LINE_MAX, a NUL in a zone line, an owner with 10 million
#     records (memory bounded: the scan runs under a limit of virtual memory smaller than
#     its input) and $INCLUDE loops (never followed).
# Hangs are bounded with timeout(1) when it is there, and count as failures.
# Usage: sh tests/test_cli_scan_faults.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
TAB=$(printf '\t')
mnt=""
trap '[ -n "$mnt" ] && umount "$mnt" 2>/dev/null; rm -rf "$tmp"' EXIT

# same NAME FILE1 FILE2: the files are identical
same() {
    if cmp -s "$2" "$3"; then ok; else ko "$1: $(diff "$2" "$3" | head -n 10)"; fi
}
# prefix NAME PART WHOLE: PART is the first lines of WHOLE (all of them, or none)
prefix() {
    n=$(wc -l <"$2")
    head -n "$n" "$3" >"$tmp/prefix"
    if cmp -s "$2" "$tmp/prefix"; then ok; else ko "$1: not the first $n records of the whole run"; fi
}
# no_summary NAME FILE: no summary record, in any format
no_summary() {
    if grep -q -E '^summary|"type":"summary"|^collision|"type":"collision"' "$2"; then
        ko "$1: a summary or groups after the failure: $(grep -E '^summary|summary"' "$2" | head -c 200)"
    else
        ok
    fi
}
# json_ok NAME FILE: every line is a JSON object
json_ok() {
    if ! command -v python3 >/dev/null 2>&1; then
        ok
    elif python3 -c 'import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    json.loads(line)' "$2" 2>"$tmp/py"; then ok; else ko "$1: not JSON lines: $(head -c 200 "$tmp/py")"; fi
}
if command -v timeout >/dev/null 2>&1; then T="timeout 120"; else T=""; fi

# A list that spills: 100000 Hebrew names, each with a display of its own in both
# directions (names of ASCII alone display as themselves and are never compared).
he=$(printf '\327\231\327\251\327\250\327\220\327\234')
awk -v he="$he" 'BEGIN { for (i = 0; i < 100000; i++) printf "%s%d.%s.com\n", he, i, he }' >"$tmp/list"
run "the whole run" 0 "$IBIDI" scan --tsv --threads 2 "$tmp/list"
cp "$tmp/out" "$tmp/whole.tsv"
[ "$(wc -l <"$tmp/whole.tsv")" -eq 100001 ] && ok || ko "the whole run: $(wc -l <"$tmp/whole.tsv") lines"
"$IBIDI" scan --json --threads 2 "$tmp/list" >"$tmp/whole.json" 2>/dev/null

# ---- The directory of the runs fills up ------------------------------------------------
mkdir "$tmp/small"
if [ "$(id -u)" -ne 0 ]; then
    echo "skipped: a full spill directory: not root, no tmpfs can be mounted"
elif ! mount -t tmpfs -o size=1m tmpfs "$tmp/small" 2>"$tmp/mnt.err"; then
    echo "skipped: a full spill directory: mount -t tmpfs failed: $(head -c 200 "$tmp/mnt.err")"
else
    mnt=$tmp/small
    for t in 1 2; do
        run "full tmpfs, $t threads" 2 env TMPDIR="$mnt" $T "$IBIDI" scan --tsv --threads $t --memory 64K "$tmp/list"
        contains "full tmpfs, $t threads: the directory and why" "$tmp/err" "ibidi scan: the collision groups' temporary file in $mnt: No space left on device: the runs needed "
        contains "full tmpfs, $t threads: the space free" "$tmp/err" " free"
        contains "full tmpfs, $t threads: what the whole input needs" "$tmp/err" " for the whole input; set TMPDIR to a directory with more room, or give --memory more"
        contains "full tmpfs, $t threads: the status" "$tmp/err" "no groups nor summary [TEMP_FILE]"
        no_summary "full tmpfs, $t threads" "$tmp/out"
        prefix "full tmpfs, $t threads: the records written" "$tmp/out" "$tmp/whole.tsv"
        echo "info: full tmpfs, $t threads: exit $rc, $(wc -l <"$tmp/out") records; $(grep TEMP_FILE "$tmp/err")"
    done
    run "full tmpfs, json" 2 env TMPDIR="$mnt" $T "$IBIDI" scan --json --threads 2 --memory 64K "$tmp/list"
    json_ok "full tmpfs, json" "$tmp/out"
    no_summary "full tmpfs, json" "$tmp/out"
    prefix "full tmpfs, json: the records written" "$tmp/out" "$tmp/whole.json"
    if [ -z "$(ls -A "$mnt")" ]; then ok; else ko "full tmpfs: files left: $(ls -A "$mnt")"; fi
    # the same tmpfs is enough in memory: the runs are written only past --memory
    run "full tmpfs, in memory" 0 env TMPDIR="$mnt" "$IBIDI" scan --tsv --threads 2 "$tmp/list"
    same "full tmpfs, in memory: the whole result" "$tmp/whole.tsv" "$tmp/out"
    umount "$mnt" && mnt=""
fi
# a directory that is not there: the same exit status, and why
run "TMPDIR missing, spilling" 2 env TMPDIR="$tmp/none" "$IBIDI" scan --tsv --memory 64K "$tmp/list"
contains "TMPDIR missing: why" "$tmp/err" "ibidi scan: the collision groups' temporary file in $tmp/none: No such file or directory; set TMPDIR to another directory"
no_summary "TMPDIR missing" "$tmp/out"

# ---- SIGKILL while spilling -------------------------------------------------------------
# The scan reads a FIFO: half of the list, then nothing until the test has seen the runs'
# file among its descriptors (unlinked already: the directory stays empty), then SIGKILL.
mkdir "$tmp/runs"
if [ ! -d /proc/self/fd ] || ! command -v mkfifo >/dev/null 2>&1; then
    echo "skipped: SIGKILL while spilling: no /proc/PID/fd or mkfifo to see the runs' file"
else
    mkfifo "$tmp/fifo"
    TMPDIR="$tmp/runs" "$IBIDI" scan --tsv --threads 2 --memory 64K "$tmp/fifo" >"$tmp/killed" 2>"$tmp/err" &
    pid=$!
    exec 3>"$tmp/fifo"
    head -n 50000 "$tmp/list" >&3
    seen=""
    i=0
    while [ $i -lt 600 ] && [ -z "$seen" ]; do
        for f in /proc/$pid/fd/*; do
            case $(readlink "$f" 2>/dev/null) in "$tmp/runs/ibidi-groups-"*) seen=$(readlink "$f") ;; esac
        done
        [ -n "$seen" ] || sleep 0.1
        i=$((i + 1))
    done
    if [ -n "$seen" ]; then ok; else ko "SIGKILL: the scan never opened its runs' file in $tmp/runs"; fi
    if [ -z "$(ls -A "$tmp/runs")" ]; then ok; else ko "while spilling: the runs' file has a name: $(ls -A "$tmp/runs")"; fi
    kill -9 $pid
    exec 3>&-
    { wait $pid; } 2>/dev/null
    rc=$?
    [ "$rc" -eq 137 ] && ok || ko "SIGKILL: exit $rc, expected 137"
    if [ -z "$(ls -A "$tmp/runs")" ]; then ok; else ko "after SIGKILL: files left: $(ls -A "$tmp/runs")"; fi
    echo "info: SIGKILL while spilling: the runs' file was '$seen', exit $rc, $(ls -A "$tmp/runs" | wc -l) files left"
fi
run "after SIGKILL, a new run" 0 env TMPDIR="$tmp/runs" "$IBIDI" scan --tsv --threads 2 --memory 64K "$tmp/list"
same "after SIGKILL: the full result" "$tmp/whole.tsv" "$tmp/out"
if [ -z "$(ls -A "$tmp/runs")" ]; then ok; else ko "after the new run: files left: $(ls -A "$tmp/runs")"; fi

# ---- A gzip stream that breaks ----------------------------------------------------------
seq 20000 | sed 's/$/.example/' >"$tmp/seq"
gzip -n -c "$tmp/seq" >"$tmp/seq.gz" # -n: a header of 10 bytes, no name
"$IBIDI" scan --tsv "$tmp/seq" >"$tmp/seq.tsv" 2>/dev/null
"$IBIDI" scan --json "$tmp/seq" >"$tmp/seq.json" 2>/dev/null
size=$(wc -c <"$tmp/seq.gz")
# cut short: the records of the whole lines before the cut (the line cut in two is none)
head -c 2000 "$tmp/seq.gz" >"$tmp/cut.gz"
lines=$(gzip -dc "$tmp/cut.gz" 2>/dev/null | wc -l)
for t in 1 2; do
    run "truncated gzip, $t threads" 2 $T "$IBIDI" scan --tsv --threads $t "$tmp/cut.gz"
    has "truncated gzip, $t threads: the byte" "$tmp/err" "ibidi scan: $tmp/cut.gz: gzip stream broken at byte 2000 of the compressed input: the stream ends before its end (truncated); the records of its first $lines lines are written, no groups nor summary [SCAN_GZIP]"
    [ "$(wc -l <"$tmp/out")" -eq "$lines" ] && ok || ko "truncated gzip: $(wc -l <"$tmp/out") records, expected $lines"
    prefix "truncated gzip, $t threads: the records before" "$tmp/out" "$tmp/seq.tsv"
    no_summary "truncated gzip, $t threads" "$tmp/out"
done
echo "info: truncated gzip: $(head -n 1 "$tmp/err")"
# from a pipe, where the offset is the reader's own count
$T "$IBIDI" scan --json <"$tmp/cut.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 2 ] && ok || ko "truncated gzip, standard input: exit $rc"
contains "truncated gzip, standard input: the byte" "$tmp/err" "ibidi scan: standard input: gzip stream broken at byte 2000 of the compressed input"
json_ok "truncated gzip, json" "$tmp/out"
prefix "truncated gzip, json: the records before" "$tmp/out" "$tmp/seq.json"
no_summary "truncated gzip, json" "$tmp/out"
# the first deflate block's header made invalid (byte 10, after gzip's 10-byte header)
cp "$tmp/seq.gz" "$tmp/bad.gz"
printf '\377' | dd of="$tmp/bad.gz" bs=1 seek=10 conv=notrunc 2>/dev/null
run "corrupt gzip" 2 $T "$IBIDI" scan --tsv "$tmp/bad.gz"
has "corrupt gzip: the byte, zlib's words" "$tmp/err" "ibidi scan: $tmp/bad.gz: gzip stream broken at byte 11 of the compressed input: the stream is corrupt (invalid block type); the records of its first 0 lines are written, no groups nor summary [SCAN_GZIP]"
[ -s "$tmp/out" ] && ko "corrupt gzip: records" || ok
# the CRC-32 of the member does not match: found at its end, after the lines it held
cp "$tmp/seq.gz" "$tmp/crc.gz"
printf '\377\377\377\377' | dd of="$tmp/crc.gz" bs=1 seek=$((size - 8)) conv=notrunc 2>/dev/null
run "gzip CRC" 2 $T "$IBIDI" scan --tsv "$tmp/crc.gz"
has "gzip CRC: the byte" "$tmp/err" "ibidi scan: $tmp/crc.gz: gzip stream broken at byte $((size - 4)) of the compressed input: the stream is corrupt (incorrect data check); the records of its first 20000 lines are written, no groups nor summary [SCAN_GZIP]"
no_summary "gzip CRC" "$tmp/out"
echo "info: gzip CRC: $(head -n 1 "$tmp/err")"
# bytes after the member that start no other; zeros after it are padding (as gzip -d)
{ cat "$tmp/seq.gz"; printf 'junk'; } >"$tmp/junk.gz"
run "bytes after a member" 2 $T "$IBIDI" scan --tsv "$tmp/junk.gz"
contains "bytes after a member: where" "$tmp/err" "gzip stream broken at byte $size of the compressed input: bytes after a gzip member that start no other"
{ cat "$tmp/seq.gz"; printf '\0\0\0\0'; } >"$tmp/pad.gz"
run "zeros after a member" 0 $T "$IBIDI" scan --tsv "$tmp/pad.gz"
same "zeros after a member: the whole result" "$tmp/seq.tsv" "$tmp/out"
# --against: the existing list broke, so no candidate is answered
run "truncated gzip, --against" 2 $T "$IBIDI" scan --against "$tmp/cut.gz" 1.example
contains "truncated gzip, --against: said" "$tmp/err" "[SCAN_GZIP]"
[ -s "$tmp/out" ] && ko "truncated gzip, --against: an answer: $(head -c 200 "$tmp/out")" || ok

# ---- | head -1 ----------------------------------------------------------------------------
# An endless input: the scan ends only because its reader went away. With SIGPIPE ignored
# by the parent too (the scan restores its default action).
for ignore in no yes; do
    for t in 1 2; do
        (
            [ "$ignore" = yes ] && trap '' PIPE
            yes 2>/dev/null "$he.example" | {
                $T "$IBIDI" scan --json --threads $t --format names 2>"$tmp/err"
                echo $? >"$tmp/rc"
            } | head -n 1 >"$tmp/out"
        )
        rc=$(cat "$tmp/rc")
        [ "$rc" -eq 141 ] && ok || ko "| head -1 (SIGPIPE ignored: $ignore, $t threads): exit $rc, expected 141 (SIGPIPE; 124: it did not end)"
        if [ -s "$tmp/err" ]; then ko "| head -1 (ignored: $ignore, $t threads): a message: $(head -c 200 "$tmp/err")"; else ok; fi
        contains "| head -1: the first record" "$tmp/out" '{"type":"name","name":"'"$he"'.example","valid":true'
    done
done
echo "info: | head -1: exit $rc (SIGPIPE), nothing on standard error"

# ---- A line over the limit (IBIDI_SCAN_LINE_MAX, 1 MiB) -----------------------------------
{ head -c 1048577 /dev/zero | tr '\0' a; printf '\nexample.com\n'; } >"$tmp/long"
run "a line over the limit" 1 "$IBIDI" scan --json "$tmp/long"
has "a line over the limit: where, the status" "$tmp/err" "ibidi scan: $tmp/long:1:1048577: $("$IBIDI" explain SCAN_LINE_TOO_LONG | sed -n 's/^  rule      //p') [SCAN_LINE_TOO_LONG]"
has "a line over the limit: counted" "$tmp/err" "ibidi scan: 1 line of the list could not be read"
contains "a line over the limit: the next line, its number" "$tmp/out" '"name":"example.com",'
contains "a line over the limit: line 2" "$tmp/out" '"line":2}'
contains "a line over the limit: summary" "$tmp/out" '"lines":2,"names":1,"skipped":1,'
echo "info: a line over the limit: exit $rc; $(head -n 1 "$tmp/err" | cut -c1-120)..."
# a line of exactly the limit is a name (invalid: no domain name is that long)
{ head -c 1048576 /dev/zero | tr '\0' a; echo; } >"$tmp/limit"
run "a line of the limit" 1 "$IBIDI" scan --tsv "$tmp/limit"
contains "a line of the limit: a name" "$tmp/out" "lines=1${TAB}names=1${TAB}skipped=0$TAB"
if grep -q LINE_TOO_LONG "$tmp/err"; then ko "a line of the limit: refused"; else ok; fi
# in a zone file: the reader's status, the lines after read
{ printf 'a.example.\tA\t192.0.2.1\nb.example.\tTXT\t"'; head -c 1048576 /dev/zero | tr '\0' x; printf '"\nc.example.\tA\t192.0.2.1\n'; } >"$tmp/long.zone"
run "a zone line over the limit" 1 "$IBIDI" scan --tsv "$tmp/long.zone"
contains "a zone line over the limit: where" "$tmp/err" "ibidi scan: $tmp/long.zone:2:1048577: "
has "a zone line over the limit: counted" "$tmp/err" "ibidi scan: 1 line of the zone file could not be read"
contains "a zone line over the limit: the others" "$tmp/out" "lines=3${TAB}names=2${TAB}skipped=1$TAB"
# 300 MiB without an LF (a binary file) under 200 MiB of virtual memory: the line is not
# kept (when the build runs under such a limit at all: a sanitizer's does not)
if (ulimit -v 204800 && echo a.example | "$IBIDI" scan >/dev/null 2>&1); then
    (ulimit -v 204800 && head -c 314572800 /dev/zero | $T "$IBIDI" scan --tsv --threads 2 >"$tmp/out" 2>"$tmp/err")
    rc=$?
    [ "$rc" -eq 1 ] && ok || ko "300 MiB without LF under 200 MiB: exit $rc ($(head -c 200 "$tmp/err"))"
    contains "300 MiB without LF: the line refused" "$tmp/err" ":1:1048577: "
    contains "300 MiB without LF: one line, no name" "$tmp/out" "lines=1${TAB}names=0${TAB}skipped=1$TAB"
else
    echo "skipped: 300 MiB without LF: this build does not run under ulimit -v 204800"
fi

# ---- A NUL in a zone line ---------------------------------------------------------------
printf 'a.example.\tA\t192.0.2.1\nb\000c.example.\tA\t192.0.2.1\nd.example.\tTXT\t"x\000y"\ne.example.\tA\t192.0.2.1\n' >"$tmp/nul.zone"
run "a NUL in a zone line" 1 "$IBIDI" scan --tsv --format zone "$tmp/nul.zone"
has "a NUL in the owner: line, column, status" "$tmp/err" "ibidi scan: $tmp/nul.zone:2:2: $("$IBIDI" explain ZONE_NUL | sed -n 's/^  rule      //p') [ZONE_NUL]"
contains "a NUL in a string" "$tmp/err" "ibidi scan: $tmp/nul.zone:3:18: "
has "a NUL: counted" "$tmp/err" "ibidi scan: 2 lines of the zone file could not be read"
has "a NUL: the line after" "$tmp/out" "e.example${TAB}valid${TAB}e.example${TAB}e.example$TAB"
contains "a NUL: no name of the damaged lines" "$tmp/out" "lines=4${TAB}names=2${TAB}skipped=2$TAB"
echo "info: a NUL in a zone line: exit $rc; $(head -n 1 "$tmp/err" | cut -c1-100)..."
# --format auto finds the zone all the same; a list's NUL is a name's byte, shown
run "a NUL, auto" 1 "$IBIDI" scan --tsv "$tmp/nul.zone"
contains "a NUL, auto: a zone" "$tmp/err" "[ZONE_NUL]"
printf 'a\000b.example\n' >"$tmp/nul.list"
run "a NUL in a list" 1 "$IBIDI" scan --tsv "$tmp/nul.list"
has "a NUL in a list: an invalid name, its byte shown" "$tmp/out" "a\\x00b.example${TAB}invalid [U1]$TAB$TAB${TAB}not-analysed:IDENT_CONTROL"

# ---- One owner with 10 million records --------------------------------------------------
# Streamed from yes(1): 310 MB of lines through a pipe, under 200 MiB of virtual memory
# when the build runs under such a limit (the records of one name are not kept).
limit=""
if (ulimit -v 204800 && echo a.example | "$IBIDI" scan >/dev/null 2>&1); then
    limit="ulimit -v 204800;"
else
    echo "skipped: the memory bound of 10 million records: this build does not run under ulimit -v 204800"
fi
(eval "$limit"; { echo '$TTL 3600'; yes 'big.example. 3600 IN A 192.0.2.1' | head -n 9999999; printf ' IN AAAA 2001:db8::1\n'; } |
    $T "$IBIDI" scan --tsv --threads 2 --format zone >"$tmp/out" 2>"$tmp/err")
rc=$?
[ "$rc" -eq 0 ] && ok || ko "10 million records of one owner: exit $rc ($(head -c 200 "$tmp/err"))"
has "10 million records: one name" "$tmp/out" "big.example${TAB}valid${TAB}big.example${TAB}big.example$TAB"
contains "10 million records: counted" "$tmp/out" "summary${TAB}profile=uts46${TAB}lines=10000001${TAB}names=1${TAB}skipped=10000000$TAB"
[ "$(wc -l <"$tmp/out")" -eq 2 ] && ok || ko "10 million records: $(wc -l <"$tmp/out") output lines, expected 2"
echo "info: one owner with 10 million records: exit $rc, $(head -n 1 "$tmp/out" | cut -f1,2), $(tail -n 1 "$tmp/out" | cut -f3-5 | tr '\t' ' ')${limit:+ under ulimit -v 204800}"

# ---- $INCLUDE loops -------------------------------------------------------------------------
# A file that includes itself, and two that include each other: $INCLUDE is never followed
# (the reader reads one stream), so no loop can start; each is reported, the names of the
# file read once, the exit status that of the names.
printf '$ORIGIN example.\n$INCLUDE %s/self.zone\nwww\tA\t192.0.2.1\n$INCLUDE self.zone example.\nmail\tA\t192.0.2.2\n' "$tmp" >"$tmp/self.zone"
run "\$INCLUDE of itself" 0 $T "$IBIDI" scan --tsv "$tmp/self.zone"
has "\$INCLUDE of itself: reported" "$tmp/err" "ibidi scan: $tmp/self.zone:2: \$INCLUDE $tmp/self.zone not followed: the names of that file are not scanned"
has "\$INCLUDE of itself, relative: reported" "$tmp/err" "ibidi scan: $tmp/self.zone:4: \$INCLUDE self.zone not followed: the names of that file are not scanned"
contains "\$INCLUDE of itself: the names once" "$tmp/out" "lines=5${TAB}names=2${TAB}skipped=3$TAB"
echo "info: \$INCLUDE of itself: exit $rc; $(head -n 1 "$tmp/err")"
printf '$ORIGIN example.\n$INCLUDE b.zone\na\tA\t192.0.2.1\n' >"$tmp/a.zone"
printf '$ORIGIN example.\n$INCLUDE a.zone\nb\tA\t192.0.2.1\n' >"$tmp/b.zone"
run "\$INCLUDE of each other" 0 $T "$IBIDI" scan --tsv "$tmp/a.zone"
has "\$INCLUDE of each other: reported" "$tmp/err" "ibidi scan: $tmp/a.zone:2: \$INCLUDE b.zone not followed: the names of that file are not scanned"
contains "\$INCLUDE of each other: a's names only" "$tmp/out" "lines=3${TAB}names=1${TAB}skipped=2$TAB"
if grep -q "^b.example$TAB" "$tmp/out"; then ko "\$INCLUDE of each other: b's names read"; else ok; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
