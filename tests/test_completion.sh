#!/bin/sh
# The bash completion (tools/ibidi.bash-completion) offers exactly the commands of
# `ibidi help`, and for each command exactly the options its usage text names
# (--[no-]X as both --X and --no-X); the values of --profile complete. It is sourced in
# bash and its function called with COMP_WORDS set, as bash would.
# Usage: sh tests/test_completion.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
COMPLETION=tools/ibidi.bash-completion
. tests/cli_lib.sh

if ! command -v bash >/dev/null 2>&1; then
    echo "skipped: bash not installed, completion not run"
    bash -n "$COMPLETION" 2>/dev/null
    echo "$pass passed, $fail failed"
    exit 0
fi
bash -n "$COMPLETION" && ok || ko "$COMPLETION: syntax error"

# complete WORD...: the completions bash would offer after the words (the last is the one
# being completed), sorted, one per line
complete_words() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _ibidi
             printf "%s\n" "${COMPREPLY[@]}"' sh "$COMPLETION" "$@" | grep -v '^$' | sort -u
}
# the options a usage text names
usage_options() {
    grep -o -- '--\[no-\][a-z][a-z0-9-]*\|--[a-z][a-z0-9-]*' |
        sed 's/^--\[no-\]\(.*\)/--\1\n--no-\1/' | sort -u
}
same() { # NAME FILE-EXPECTED FILE-GOT
    if cmp -s "$2" "$3"; then ok; else
        ko "$1: differs (< usage, > completion): $(diff "$2" "$3" | grep '^[<>]' | tr '\n' ' ')"
    fi
}

"$IBIDI" help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }' |
    sort -u >"$tmp/cmds"
complete_words ibidi "" | grep -v '^-' >"$tmp/got"
same commands "$tmp/cmds" "$tmp/got"
complete_words ibidi help "" >"$tmp/got"
same help-commands "$tmp/cmds" "$tmp/got"

n=0
for c in $(cat "$tmp/cmds"); do
    case $c in help | version | iri) continue ;; esac
    n=$((n + 1))
    "$IBIDI" help "$c" | usage_options >"$tmp/want"
    complete_words ibidi "$c" -- | grep -vx -- '--help' >"$tmp/got"
    same "$c options" "$tmp/want" "$tmp/got"
done
# iri: one usage text for its three subcommands
"$IBIDI" help iri | usage_options >"$tmp/want"
for s in check to-uri to-iri; do
    complete_words ibidi iri "$s" -- | grep -vx -- '--help'
done | sort -u >"$tmp/got"
same "iri options" "$tmp/want" "$tmp/got"
complete_words ibidi iri "" | tr '\n' ' ' >"$tmp/got"
contains iri-subcommands "$tmp/got" "check to-iri to-uri"

complete_words ibidi to-ascii --profile "" | tr '\n' ' ' >"$tmp/got"
contains profile-values "$tmp/got" "idna2008-lookup idna2008-register uts46 whatwg"
complete_words ibidi bidi --input "" | tr '\n' ' ' >"$tmp/got"
contains bidi-input "$tmp/got" "classes hex notation notation-arabic utf8"
complete_words ibidi check --max-restriction "" | tr '\n' ' ' >"$tmp/got"
contains restriction-values "$tmp/got" "ascii-only highly-restrictive minimally-restrictive moderately-restrictive single-script unrestricted"
complete_words ibidi to-a >"$tmp/got"
has prefix "$tmp/got" "to-ascii"
echo "compared: $(wc -l <"$tmp/cmds") commands and the options of $((n + 1)) with ibidi help"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
