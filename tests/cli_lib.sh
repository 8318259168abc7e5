# Helpers shared by the shell tests of the ibidi command (sourced, not run by run.sh).
# They count into $pass and $fail and keep the last command's output in $tmp/out, $tmp/err.
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

# run NAME EXPECTED_EXIT CMD...: runs CMD, stdout to $tmp/out, stderr to $tmp/err
run() {
    name=$1
    want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ge 128 ]; then
        ko "$name: crashed (exit $rc)"
    elif [ "$rc" -ne "$want" ]; then
        ko "$name: exit $rc, expected $want; stderr: $(head -c 300 "$tmp/err")"
    else
        ok
    fi
}
# has NAME FILE TEXT: FILE contains the line TEXT (fixed string, whole line)
has() {
    if grep -qxF -- "$3" "$2"; then ok; else ko "$1: missing line '$3' in $(head -c 600 "$2")"; fi
}
# contains NAME FILE TEXT: FILE contains TEXT somewhere
contains() {
    if grep -qF -- "$3" "$2"; then ok; else ko "$1: '$3' not in $(head -c 600 "$2")"; fi
}
# line NAME EXPECTED CMD...: CMD exits 0 and prints exactly the one line EXPECTED
line() {
    name=$1
    want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    got=$(cat "$tmp/out")
    if [ "$rc" -ne 0 ]; then
        ko "$name: exit $rc; stderr: $(head -c 300 "$tmp/err")"
    elif [ "$(wc -l <"$tmp/out")" -ne 1 ] || [ "$got" != "$want" ]; then
        ko "$name: got '$got', expected '$want'"
    else
        ok
    fi
}
# find_browser: sets browser to the headless browser to drive: $CHROMIUM, else the first of
# chromium, chromium-browser, google-chrome installed; empty when none is
find_browser() {
    browser=${CHROMIUM:-}
    [ -n "$browser" ] && return 0
    for b in chromium chromium-browser google-chrome; do
        if command -v "$b" >/dev/null 2>&1; then
            browser=$b
            return 0
        fi
    done
}
