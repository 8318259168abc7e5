#!/bin/sh
# Runs every test of the build in BUILD (argument 1): the test programs, the shell tests
# and the fuzz corpus replays, and with PYTHON_CHECK=1 the Python package's tests (make -C
# python check, which builds the extension against BUILD's library first). Each prints
# "N passed, N failed" as its last such line; a program that prints none, or exits
# non-zero, counts as one failure. Prints the totals as the last line.
BUILD=${1:-build}
export BUILD
total_p=0
total_f=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run_one() { # name command...
    name=$1
    shift
    "$@" >"$log" 2>&1
    rc=$?
    line=$(grep -E '^([A-Za-z_-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        p=0
        f=1
        line="no summary line (exit $rc)"
    else
        p=$(printf '%s\n' "$line" | sed -E 's/^([A-Za-z_-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
        f=$(printf '%s\n' "$line" | sed -E 's/^([A-Za-z_-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
        if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
            f=1
            line="$line (but exit $rc)"
        fi
    fi
    if [ "$f" -ne 0 ]; then
        grep -v -E '^([A-Za-z_-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | head -n 60 | sed 's/^/    /'
    else
        # Keep the informative lines a test prints about what it compared.
        grep -E '^(info|compared|skipped)' "$log" | head -n 80 | sed 's/^/    /'
    fi
    printf '%-34s %s\n' "$name" "$line"
    total_p=$((total_p + p))
    total_f=$((total_f + f))
}

for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    case "$t" in *.d) continue ;; esac
    run_one "$(basename "$t")" "$t"
done
for t in tests/test_*.sh; do
    [ -f "$t" ] || continue
    run_one "$(basename "$t")" sh "$t" "$BUILD"
done
for r in "$BUILD"/fuzz/replay_*; do
    [ -x "$r" ] || continue
    case "$r" in *.d) continue ;; esac
    n=$(basename "$r")
    n=${n#replay_}
    run_one "fuzz corpus $n" "$r" "fuzz/corpus/$n"
done
if [ "${PYTHON_CHECK:-0}" = 1 ]; then
    # a make of its own (MAKEFLAGS emptied: not the jobserver of the make that runs this)
    run_one "python (make -C python check)" env MAKEFLAGS= make --no-print-directory \
        -C python check BUILD="$BUILD"
fi
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
