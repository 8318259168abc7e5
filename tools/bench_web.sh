#!/bin/sh
# The wasm build's speed against the native build's (`make bench`): the IDNA and bidi
# benchmarks, each run natively (BUILD/bench/) and then compiled to wasm (WEB/bench/*.js)
# under node, one right after the other so that the machine's load is alike; then for each
# workload the wasm time over the native time. ibidi's own columns only: the wasm builds
# have no ICU, FriBidi or libidn2 to compare with.
# Usage: sh tools/bench_web.sh BUILD WEB
BUILD=${1:-build}
WEB=${2:-build/web}
node=$(command -v node || command -v nodejs) || { echo "skipped: wasm benchmarks: node not installed"; exit 0; }
for b in idna bidi; do
    "$BUILD/bench/bench_$b" >"$BUILD/bench/bench_$b.out" || exit 1
    echo "== wasm (emscripten $(emcc --version 2>/dev/null | sed -n '1s/.*) \([0-9.]*\).*/\1/p'), node $("$node" --version)): bench_$b"
    "$node" "$WEB/bench/bench_$b.js" | tee "$WEB/bench/bench_$b.out" || exit 1
done
echo
echo "wasm (node) over native: time per item, the same workload (higher: the wasm is slower)"
# IDNA: the ibidi column is millions of names per second (columns 60-68 of a row)
awk -v native="$BUILD/bench/bench_idna.out" '
    function rows(file, a,   line, k) {
        while ((getline line < file) > 0)
            if (line ~ /^\([a-z0-9]+\) /) { k = substr(line, 1, 30); sub(/ +$/, "", k); a[k] = substr(line, 60, 9) + 0 }
    }
    BEGIN { rows(native, n) }
    /^\([a-z0-9]+\) / { k = substr($0, 1, 30); sub(/ +$/, "", k); w = substr($0, 60, 9) + 0
        if (n[k] > 0 && w > 0) printf "  idna %-34s %6.2fx  (native %.3f, wasm %.3f M names/s)\n", k, n[k] / w, n[k], w }
' "$WEB/bench/bench_idna.out"
# bidi: the ibidi (UTF-8) column is a time (columns 65-73 of a row)
awk -v native="$BUILD/bench/bench_bidi.out" '
    function rows(file, a,   line, k) {
        while ((getline line < file) > 0)
            if (line ~ /^\([a-z0-9]+\) / && substr(line, 36, 8) ~ /^(ms|ns)/) { k = substr(line, 1, 34) substr(line, 36, 8); a[k] = substr(line, 65, 9) + 0 }
    }
    BEGIN { rows(native, n) }
    /^\([a-z0-9]+\) / && substr($0, 36, 8) ~ /^(ms|ns)/ { k = substr($0, 1, 34) substr($0, 36, 8); w = substr($0, 65, 9) + 0
        if (n[k] > 0 && w > 0) { u = substr($0, 36, 8); sub(/ +$/, "", u); l = substr($0, 1, 34); sub(/ +$/, "", l)
            printf "  bidi %-34s %6.2fx  (native %g, wasm %g %s)\n", l, w / n[k], n[k], w, u } }
' "$WEB/bench/bench_bidi.out"
