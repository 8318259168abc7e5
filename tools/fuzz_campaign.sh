#!/bin/sh
# A bounded fuzzing campaign over every libFuzzer target (make fuzz, clang): each target
# runs for SECONDS on a copy of its seed corpus (fuzz/corpus/<target>), JOBS targets at a
# time, and the campaign fails when any of them crashes, leaks, times out (one input over
# 10 s), runs out of memory (2 GB) or gets a sanitizer report (ASan, UBSan: UBSan's reports
# halt the target, see UBSAN_OPTIONS below, and any "runtime error:" in a log fails too).
# The inputs it finds stay out of the tree: corpora, logs and crash artifacts go to a
# temporary folder, removed when every target passed and kept (its path printed) when one
# failed, or to OUT when given (kept). CI runs it for 20 s a target; a long campaign is the
# same with a larger SECONDS.
# Usage: sh tools/fuzz_campaign.sh [SECONDS [TARGET...]]
# Environment: BUILD (default build; the targets are $BUILD/fuzzer/<target>), JOBS (targets
# run at a time, default 2), OUT (the folder for the outputs), NO_BUILD=1 (skip make fuzz),
# BUDGET=cpu (SECONDS is CPU time, not wall-clock time: see below).
# With BUDGET=cpu a target runs again on its own corpus until the CPU time of its runs
# reaches SECONDS, so a long campaign gets its time even on a shared machine. A campaign
# stopped from outside, or a target stopped at a finding since fixed, goes on where it was
# when run again with the same OUT (losing at most the run of 10 minutes it was in); a
# target that has its CPU time is only reported. Its line then sums the runs (execs, CPU
# seconds) and counts every input found on the way (found), those of earlier runs
# included; the result is the last run's.
# Prints one line per target (execs, exec/s, coverage, features, corpus size, the slowest
# input in seconds, CPU seconds, inputs found, result) and
# "N passed, N failed" (targets).
set -u
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-20}
[ $# -gt 0 ] && shift
BUILD=${BUILD:-build}
JOBS=${JOBS:-2}

# One target (called through xargs below): fuzz/corpus/<t> copied to $OUT/<t>/corpus.
if [ "${FUZZ_CAMPAIGN_ONE:-}" = 1 ]; then
    t=$1
    d=$OUT/$t
    mkdir -p "$d/corpus" "$d/artifacts"
    [ -d "fuzz/corpus/$t" ] && cp -R "fuzz/corpus/$t/." "$d/corpus/"
    # the dictionary of the target's family (fuzz/dict/), when it has one
    case $t in
    fuzz_bidi* | diff_bidi | fuzz_display | fuzz_convert | fuzz_twins) fam=bidi ;;
    fuzz_idna | diff_idna | fuzz_names* | fuzz_scan | fuzz_scan_against | fuzz_uts39) fam=idna ;;
    fuzz_punycode | diff_punycode) fam=punycode ;;
    fuzz_lgr_*) fam=lgr ;;
    fuzz_scan_zone) fam=zone ;;
    *) fam=$t ;;
    esac
    dict=
    for f in "fuzz/dict/$t.dict" "fuzz/dict/$fam.dict"; do
        [ -f "$f" ] && dict="-dict=$f" && break
    done
    # the CPU seconds of this shell's children so far: the second line of `times`, which
    # must run in this shell (in a pipe or $(...) it would see a subshell's children)
    cpu_now() {
        sed -n '2p' "$d/times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m");
            t += a[1] * 60 + a[2] } printf "%d", t }'
    }
    cpu=$(cat "$d/cpu" 2>/dev/null || echo 0)
    if [ "${BUDGET:-wall}" = cpu ] && [ -s "$d/rc" ] && [ "$(cat "$d/rc")" != 0 ]; then
        # the last run stopped at a finding: keep its inputs among those found, go on
        mkdir -p "$d/found"
        mv "$d/artifacts/"* "$d/found/" 2>/dev/null
    fi
    start=$(date +%s)
    while :; do
        left=$SECONDS_EACH
        if [ "${BUDGET:-wall}" = cpu ]; then
            left=$((SECONDS_EACH - cpu))
            [ "$left" -gt 0 ] || break
            # a short remainder is not worth the start of a run; a long one is cut into
            # runs of 10 minutes, so a campaign stopped from outside loses at most one
            [ "$left" -lt 10 ] && left=10
            [ "$left" -gt 600 ] && left=600
        fi
        times >"$d/times"
        c0=$(cpu_now)
        # halt_on_error: the targets are built with UBSan in its recovering mode, so without
        # it a report would be printed and the run would go on as a pass.
        # -timeout and -report_slow_units count wall-clock seconds: the slowest inputs take
        # about 5 s of CPU under the sanitizers (fuzz_verify's every part at length 1,
        # fuzz_cli's longest lines), which a shared machine stretched past 10 s; 30 s still
        # finds a hang, and a slow unit below it is no finding.
        # shellcheck disable=SC2086
        UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
            "$BUILD/fuzzer/$t" -max_total_time="$left" -timeout=30 -report_slow_units=30 \
            -rss_limit_mb=2048 \
            -print_final_stats=1 -artifact_prefix="$d/artifacts/" $dict "$d/corpus" \
            >"$d/log" 2>&1
        echo $? >"$d/rc"
        cat "$d/log" >>"$d/log.all"
        times >"$d/times"
        cpu=$((cpu + $(cpu_now) - c0))
        echo "$cpu" >"$d/cpu"
        [ "${BUDGET:-wall}" = cpu ] && [ "$(cat "$d/rc")" = 0 ] || break
    done
    echo $(($(date +%s) - start)) >"$d/time"
    exit 0
fi

if [ "${NO_BUILD:-0}" != 1 ]; then
    make -j"$JOBS" BUILD="$BUILD" fuzz >/dev/null || {
        echo "make fuzz failed"
        echo "0 passed, 1 failed"
        exit 1
    }
fi
if [ $# -gt 0 ]; then
    targets=$*
else
    targets=
    skipped=0
    # the targets of the sources (a binary left from a removed target is not one), but
    # those with an open finding (fuzz/findings/open.txt: listed with what they found)
    for f in fuzz/fuzz_*.c fuzz/diff_*.c; do
        [ -f "$f" ] || continue
        t=$(basename "$f" .c)
        [ -x "$BUILD/fuzzer/$t" ] || continue
        why=$(awk -v t="$t" '$1 == t { $1 = ""; sub(/^ +/, ""); print }' fuzz/findings/open.txt 2>/dev/null)
        if [ -n "$why" ]; then
            echo "skipped: $t (open finding, fuzz/findings/open.txt): $why"
            skipped=$((skipped + 1))
            continue
        fi
        targets="$targets $t"
    done
    [ "$skipped" -eq 0 ] || echo "skipped: $skipped target(s) with an open finding"
fi
keep=1
if [ -z "${OUT:-}" ]; then
    OUT=$(mktemp -d "${TMPDIR:-/tmp}/ibidi-fuzz.XXXXXX")
    keep=0
fi
export OUT BUILD SECONDS_EACH
t0=$(date +%s)
# shellcheck disable=SC2086
printf '%s\n' $targets | FUZZ_CAMPAIGN_ONE=1 xargs -P "$JOBS" -n 1 sh "$self" "$SECONDS_EACH"

pass=0
fail=0
printf '%-22s %10s %8s %7s %8s %7s %7s %6s %5s  %s\n' target execs exec/s cov ft corpus \
    slowest cpu found result
for t in $targets; do
    d=$OUT/$t
    log=$d/log
    rc=$(cat "$d/rc" 2>/dev/null || echo 99)
    cpu=$(cat "$d/cpu" 2>/dev/null || echo 0)
    # every run of the target (several under BUDGET=cpu): execs summed, exec/s over CPU time
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$d/log.all" 2>/dev/null |
        awk '{ n += $1 } END { if (NR) print n }')
    eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    if [ "${BUDGET:-wall}" = cpu ] && [ -n "$execs" ] && [ "$cpu" -gt 0 ]; then
        eps=$((execs / cpu))
    fi
    slow=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$d/log.all" 2>/dev/null |
        sort -g | tail -n 1)
    found=$(ls "$d/found" "$d/artifacts" 2>/dev/null | grep -c -v -e '^$' -e ':$')
    last=$(grep -E '^#[0-9]+' "$log" | grep ' cov: ' | tail -n 1)
    cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
    result=ok
    arts=$(ls "$d/artifacts" 2>/dev/null | head -n 3 | tr '\n' ' ')
    if grep -q 'runtime error:' "$log"; then
        result="UBSan report"
    elif grep -q 'ERROR: LeakSanitizer' "$log"; then
        result="leak"
    elif grep -q 'ERROR: AddressSanitizer' "$log"; then
        result="ASan report"
    elif grep -q 'ERROR: libFuzzer: timeout' "$log"; then
        result="timeout"
    elif grep -q 'ERROR: libFuzzer: out-of-memory' "$log"; then
        result="out of memory"
    elif grep -q 'ERROR: libFuzzer' "$log" || [ -n "$arts" ]; then
        result="crash"
    elif [ "$rc" -ne 0 ] || [ -z "$execs" ]; then
        result="exit $rc"
    fi
    [ -n "$arts" ] && result="$result ($arts)"
    if [ "$result" = ok ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
    fi
    printf '%-22s %10s %8s %7s %8s %7s %7s %6s %5s  %s\n' "$t" "${execs:--}" "${eps:--}" \
        "${cov:--}" "${ft:--}" "${corp:--}" "${slow:+${slow}s}" "$cpu" "$found" "$result"
done
# the differential targets' own count: inputs compared, and excluded by each named deviation
# of the other implementation (the last run's)
for t in $targets; do
    grep -h '^info: diff_' "$OUT/$t/log" 2>/dev/null | tail -n 1
done
echo "info: $SECONDS_EACH s a target, $JOBS at a time, $(($(date +%s) - t0)) s in all"
if [ "$fail" -ne 0 ]; then
    for t in $targets; do
        d=$OUT/$t
        if grep -qE 'ERROR: |runtime error:' "$d/log" || [ -n "$(ls "$d/artifacts")" ]; then
            echo "== $t"
            # the property a target names before abort() (file.c:LINE: condition), then
            # the report
            grep -E '^[a-z0-9_]+\.[ch]:[0-9]+: ' "$d/log" | head -n 3
            grep -E -A 12 'ERROR: |runtime error:' "$d/log" | head -n 40
        fi
    done
    echo "outputs kept in $OUT"
elif [ "$keep" = 0 ]; then
    rm -rf "$OUT"
else
    echo "outputs in $OUT"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
