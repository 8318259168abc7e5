#!/bin/sh
# Every public entry point has a libFuzzer target: each function a public header declares
# (IBIDI_API) is named in the code (not the comments) of at least one target under fuzz/,
# whose corpus replays in make check. A new function without one fails here; so does a
# command or an option of the command that fuzz_cli's dictionary or corpus lacks.
# Usage: sh tests/test_fuzz_coverage.sh [BUILD] (BUILD is not used)
pass=0
fail=0
names=$(cat include/ibidi.h include/ibidi/*.h | tr '\n' ' ' | grep -oE 'IBIDI_API [^;]*;' |
    grep -oE 'ibidi_[a-z0-9_]+[ ]*\(' | tr -d ' (' | sort -u)
code=$(mktemp)
trap 'rm -f "$code"' EXIT
perl -0pe 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g' fuzz/*.c fuzz/*.h >"$code"
count=0
for f in $names; do
    count=$((count + 1))
    if grep -qw "$f" "$code"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $f is called by no fuzz target"
    fi
done
echo "info: $count public functions, $pass called by a fuzz target"
if [ "$count" -lt 100 ]; then
    fail=$((fail + 1))
    echo "FAIL: only $count public functions found: the header scan is broken"
fi

# fuzz_cli reaches every command and every option: each command's name and each option of
# the one option table (src/cli/options.c), long and short, is a word of its dictionary,
# and each command starts a line of its corpus, so that the campaign tries them all; but
# verify-rule, which fuzz_cli does not run (an exhaustive proof takes minutes).
dict=fuzz/dict/fuzz_cli.dict
cmds=$(grep -h -A1 -E '^const cli_command cli_cmd_[a-z_]+ = \{' src/cli/*.c |
    grep -oE '^ *"[a-z-]+",' | tr -d ' ",' | grep -vx 'verify-rule' | sort -u)
opts=$(grep -oE '^ *\{"--[a-z0-9-]+"' src/cli/options.c | grep -oE -- '--[a-z0-9-]+' | sort -u)
shorts=$(grep -oE "^ *\{\"--[a-z0-9-]+\", '.'" src/cli/options.c | grep -oE "'.'" | tr -d "'" |
    sort -u | sed 's/^/-/')
n_words=0
for w in $cmds $opts $shorts; do
    n_words=$((n_words + 1))
    if grep -qF "\"$w \"" "$dict"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $w is no word of $dict"
    fi
done
n_cmds=0
for c in $cmds; do
    n_cmds=$((n_cmds + 1))
    found=0
    for f in fuzz/corpus/fuzz_cli/*; do
        if [ "$(head -n 1 "$f" | cut -d ' ' -f 1)" = "$c" ]; then
            found=1
            break
        fi
    done
    if [ "$found" = 1 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: no input of fuzz/corpus/fuzz_cli starts with the command $c"
    fi
done
echo "info: fuzz_cli: $n_words commands and options in its dictionary, $n_cmds commands in its corpus"
if [ "$n_cmds" -lt 10 ] || [ "$n_words" -lt 60 ]; then
    fail=$((fail + 1))
    echo "FAIL: only $n_cmds commands and $n_words words found: the scan of src/cli is broken"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
