#!/bin/sh
# Runs every test of the build in BUILD (argument 1): the test programs, the shell tests
# and the fuzz corpus replays, and with PYTHON_CHECK=1 the Python package's tests (make -C
# python check, which builds the extension against BUILD's library first). Each prints
# "N passed, N failed" as its last such line; a program that prints none, or exits
# non-zero, counts as one failure. Prints the totals as the last line.
# The tests run TEST_JOBS at a time (by default as many as the machine has processors:
# each is one process, or a few, and the suite's time is the sum of theirs); each one's
# output goes to a file of its own, and the results are printed in the order of the list,
# as they come, so that the output is the same whatever the order in which they end.
BUILD=${1:-build}
export BUILD
TEST_JOBS=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
total_p=0
total_f=0
dir=$(mktemp -d) || exit 1
runner=
trap 'rm -rf "$dir"' EXIT
trap '[ -n "$runner" ] && kill "$runner" 2>/dev/null; rm -rf "$dir"; exit 130' INT TERM

# The list: test i is the shell command in $dir/i.cmd, named in $dir/i.name.
n=0
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
add() { # name command...
    n=$((n + 1))
    printf '%s\n' "$1" >"$dir/$n.name"
    shift
    cmd=
    for a in "$@"; do cmd="$cmd $(quote "$a")"; done
    printf '%s\n' "$cmd" >"$dir/$n.cmd"
}

report() { # name log exit-status
    name=$1
    log=$2
    rc=$3
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
    add "$(basename "$t")" "$t"
done
for t in tests/test_*.sh; do
    [ -f "$t" ] || continue
    add "$(basename "$t")" sh "$t" "$BUILD"
done
for r in "$BUILD"/fuzz/replay_*; do
    [ -x "$r" ] || continue
    case "$r" in *.d) continue ;; esac
    t=$(basename "$r")
    t=${t#replay_}
    add "fuzz corpus $t" "$r" "fuzz/corpus/$t"
done
if [ "${PYTHON_CHECK:-0}" = 1 ]; then
    # a make of its own (MAKEFLAGS emptied: not the jobserver of the make that runs this)
    add "python (make -C python check)" env MAKEFLAGS= make --no-print-directory \
        -C python check BUILD="$BUILD"
fi

# Run them, TEST_JOBS at a time, in the order of the list; i.rc appears when test i ended.
# shellcheck disable=SC2016
one='sh "$1/$2.cmd" >"$1/$2.log" 2>&1; echo $? >"$1/$2.tmp"; mv "$1/$2.tmp" "$1/$2.rc"'
i=0
while [ "$i" -lt "$n" ]; do
    i=$((i + 1))
    echo "$i"
done | xargs -P "$TEST_JOBS" -I{} sh -c "$one" run "$dir" {} &
runner=$!

i=0
while [ "$i" -lt "$n" ]; do
    i=$((i + 1))
    while [ ! -f "$dir/$i.rc" ]; do
        if ! kill -0 "$runner" 2>/dev/null && [ ! -f "$dir/$i.rc" ]; then
            # the runner ended without running it: a failure, said so
            echo 'the test runner stopped before this test' >"$dir/$i.log"
            echo 1 >"$dir/$i.rc"
            break
        fi
        sleep 1
    done
    report "$(cat "$dir/$i.name")" "$dir/$i.log" "$(cat "$dir/$i.rc")"
done
wait "$runner"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
