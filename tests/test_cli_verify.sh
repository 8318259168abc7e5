#!/bin/sh
# `ibidi verify-rule` end to end with a small --max-length: the report's sections and
# figures (they are exact: the enumeration is deterministic), the RFC 5893 §4 examples,
# the same report whatever the number of threads, --json, and usage errors. Then
# --all-lengths, run once as JSON and once as text: the verdicts docs/bidi-rule.md states,
# the same in both forms, and every counterexample confirmed on its real characters by
# `ibidi bidi` (and a name's by `ibidi display`): the display the JSON reports, and the
# claim broken on screen, judged by this script from the visual order. No timing.
# Usage: sh tests/test_cli_verify.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

run help 0 "$IBIDI" help verify-rule
contains help "$tmp/out" "usage: ibidi verify-rule"

# N = 3: the rule holds (grouped reading, uniqueness as rendered): exit 0.
run n3 0 "$IBIDI" verify-rule --max-length 3
cp "$tmp/out" "$tmp/r3"
for s in "== What is enumerated, and why it is representative" \
         "== RFC 5893 rule, labels of a Bidi domain name (all six conditions)" \
         "== Why each condition is needed: the rule without it (neighbours legal under it)" \
         "== The RFC 3454 rule (IDNA2003) instead" \
         "== §3 claim: directional controls (LRE, RLE, LRO, RLO, PDF) outside the labels" \
         "== Badami: \"number type ambiguity cannot occur in IDNs (is this true?)\"" \
         "== Verdict" \
         "Paired brackets among them: 0; mirrored characters: 0." \
         "  total: 584 label strings, 91 pass, 17 neighbours, 473382 UBA runs" \
         "  counterexamples: grouping 0, uniqueness as rendered 0: none" \
         "  without condition 4: none found up to length 3" \
         "  around (c S1 D1 X D2 S2 PDF): none found up to length 3" \
         "  §4.1 Dhivehi \"konpeetaru\" (AL NSM AL NSM AL AL AL NSM AL NSM): RFC 3454 rejects, RFC 5893 accepts" \
         "  §4.2 Yiddish YIVO (R NSM R R NSM): RFC 3454 rejects, RFC 5893 accepts" \
         "RFC 5893 rule, labels up to 3: Character Grouping (grouped reading) and Label Uniqueness (as rendered) hold: no counterexample"; do
    has "n3 line" "$tmp/r3" "$s"
done
contains n3-classes "$tmp/r3" "Enumerated: every string of the classes L R AL EN ES AN NSM ON of length 1..3"
contains n3-length3 "$tmp/r3" "  length 3: 75 labels pass, 5202 contexts, 390150 UBA runs; grouping broken for 0 labels"
contains n3-cond1 "$tmp/r3" "  without condition 1: shortest counterexample at length 1"
contains n3-cond2 "$tmp/r3" "  without condition 2: shortest counterexample at length 3"
contains n3-cond3 "$tmp/r3" "  without condition 3: shortest counterexample at length 1"
contains n3-cond5 "$tmp/r3" "  without condition 5: shortest counterexample at length 3"
contains n3-cond6 "$tmp/r3" "  without condition 6: shortest counterexample at length 1"
contains n3-3454 "$tmp/r3" "  RFC 3454 rule: shortest counterexample at length 1"
contains n3-alef5 "$tmp/r3" "they show as U+002E EN R U+002E and U+002E EN R U+002E"
contains n3-same-cp "$tmp/r3" "same code points: X = R EN NSM"
contains n3-badami "$tmp/r3" "  answer: under RFC 5893, true for every name up to this length"
# Which label of an example breaks the full rule: for condition 3 it is the neighbour.
contains n3-cond3-outside "$tmp/r3" "S2 = R ON; shown: U+002E R U+002E R ON [outside the full rule: S2]"
contains n3-cond2-outside "$tmp/r3" "[outside the full rule: X]"
# §3 controls: only "middle" breaks, always with a SPACE ending the line (UAX #9 L1).
contains n3-middle "$tmp/r3" "  middle (S1 c D1 X D2 PDF S2): shortest counterexample at length 1"
contains n3-middle-why "$tmp/r3" "    why: 10374 of 530712 cases break grouping, for 91 of the 91 labels; 10374 of them have D2 = U+0020 at the end of the line (S2 empty)"
contains n3-middle-l1 "$tmp/r3" "R LRE . a SP PDF, levels 1 2 2 0 after L1, shows . a R SP"
for p in "around (c S1 D1 X D2 S2 PDF)" "before (c S1 D1 X D2 S2)" "after (S1 D1 X D2 S2 c)" \
         "left-label (c S1 PDF D1 X D2 S2)" "right-label (S1 D1 X D2 c S2 PDF)" \
         "inner (S1 D1 c X PDF D2 S2)" "stray-pdf (PDF S1 D1 X D2 S2)"; do
    has "n3 placement" "$tmp/r3" "  $p: none found up to length 3"
done
# Elapsed time on standard error only.
contains n3-time "$tmp/err" "ibidi verify-rule: "
if grep -q " s$" "$tmp/r3"; then ko "n3: the elapsed time is on standard output"; else ok; fi

# One thread gives the same report.
run n3-one-thread 0 "$IBIDI" verify-rule --max-length 3 --threads 1
if cmp -s "$tmp/out" "$tmp/r3"; then ok; else ko "n3: report differs with --threads 1"; fi

# JSON: one object with the figures.
run json 0 "$IBIDI" verify-rule --max-length 2 --json
if [ "$(wc -l <"$tmp/out")" -eq 1 ]; then ok; else ko "json: not one line"; fi
contains json-max "$tmp/out" '"max_length":2,'
contains json-holds "$tmp/out" '"holds":true}'
contains json-cond1 "$tmp/out" '"without_condition":{"1":1,'

# Usage errors.
run bad-length 2 "$IBIDI" verify-rule --max-length 0
run bad-length-big 2 "$IBIDI" verify-rule --max-length 13
run bad-length-text 2 "$IBIDI" verify-rule --max-length x
run bad-threads 2 "$IBIDI" verify-rule --threads 0
run missing-value 2 "$IBIDI" verify-rule --max-length
run unknown 2 "$IBIDI" verify-rule --frobnicate
run all-max 2 "$IBIDI" verify-rule --all-lengths --max-length 3
contains all-max-why "$tmp/err" "--all-lengths decides every length: --max-length does not apply to it"
run all-threads 2 "$IBIDI" verify-rule --threads 2 --all-lengths

# ---- --all-lengths -----------------------------------------------------------------------
# One run of each form, the two at once (a few seconds each); every check below reads them.
"$IBIDI" verify-rule --all-lengths >"$tmp/all.txt" 2>"$tmp/all.err" </dev/null &
text_pid=$!
run all-json 0 "$IBIDI" verify-rule --all-lengths --json
cp "$tmp/out" "$tmp/all.json"
wait "$text_pid"
rc=$?
if [ "$rc" -eq 0 ]; then ok; else ko "all-text: exit $rc, expected 0; stderr: $(head -c 300 "$tmp/all.err")"; fi
contains all-time "$tmp/all.err" "ibidi verify-rule: "

# JSON: one valid object per claim and paragraph (grouping, literal, the controls in 8
# placements, Label Uniqueness as rendered and by code points, the LDH search, Badami's
# ambiguities: 2 x 14), each with its claim, paragraph and verdict.
if [ "$(wc -l <"$tmp/all.json")" -eq 28 ]; then ok; else ko "all-json: $(wc -l <"$tmp/all.json") lines, expected 28"; fi
if command -v python3 >/dev/null 2>&1; then
    if python3 -c 'import json, sys
for l in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(l)
    assert isinstance(r, dict) and {"claim", "paragraph", "proved", "shortest"} <= set(r), l' \
        "$tmp/all.json" 2>"$tmp/err"; then
        ok
    else
        ko "all-json: not valid: $(tail -c 300 "$tmp/err")"
    fi
else
    echo "skipped: python3 not installed, --all-lengths JSON syntax not checked"
fi

# jhas NAME TEXT...: one record of the JSON holds every TEXT
jhas() {
    jname=$1
    shift
    sel=$(cat "$tmp/all.json")
    for t in "$@"; do
        sel=$(printf '%s\n' "$sel" | grep -F -- "$t")
    done
    if [ -n "$sel" ]; then ok; else ko "$jname: no record of --all-lengths --json holds $*"; fi
}
# The verdicts of docs/bidi-rule.md: Character Grouping proved in both directions; the
# literal reading and the controls "middle" broken at length 1, the other placements
# proved; §2 broken by 0-a.a.א (label 0 split) in a right-to-left paragraph only.
for d in ltr rtl; do
    jhas "grouping $d" "{\"claim\":\"grouping\",\"paragraph\":\"$d\",\"proved\":true," '"shortest":null}'
    jhas "literal $d" "{\"claim\":\"literal\",\"paragraph\":\"$d\",\"proved\":false," '"shortest":1,'
    jhas "middle $d" "{\"claim\":\"controls\",\"placement\":\"middle\",\"paragraph\":\"$d\",\"proved\":false," '"shortest":1,'
    for pl in around before after left-label right-label inner stray-pdf; do
        jhas "controls $pl $d" "{\"claim\":\"controls\",\"placement\":\"$pl\",\"paragraph\":\"$d\",\"proved\":true," '"shortest":null}'
    done
done
# Label Uniqueness: proved as rendered; by code points R EN NSM and R NSM EN at length 3.
for d in ltr rtl; do
    jhas "uniqueness $d" "{\"claim\":\"uniqueness\",\"paragraph\":\"$d\",\"proved\":true," '"undecided":null,' '"shortest":null}'
    jhas "code-points $d" "{\"claim\":\"code-points\",\"paragraph\":\"$d\",\"proved\":false," '"pairs":[0,0,4,40,324,' \
        '"shortest":3,' '"x":{"classes":["R","EN","NSM"],' '"y":{"classes":["R","NSM","EN"],' '"confirmed":true,'
done
jhas "ldh rtl" '{"claim":"ldh","paragraph":"rtl","proved":false,' '"shortest":7,' \
    '"name":{"classes":["EN","ES","L","CS","L","CS","R"],"text":"0-a.a.א"}' '"label":0,' '"shown":"א.a.a-0",' \
    '"confirmed":true,' '"enumeration_agrees":true,'
jhas "ldh ltr" '{"claim":"ldh","paragraph":"ltr","proved":true,' '"shortest":null,' '"enumeration_agrees":true,'
# Badami under RFC 5893: no ambiguity at all in a left-to-right paragraph (no two names
# show alike); in a right-to-left one no number type ambiguity, but number separator
# ambiguity at length 4: a0-0 and 0-a0, the hyphen in a number in one only.
jhas "badami ltr" '{"claim":"badami","paragraph":"ltr","proved":true,"number_type_proved":true,"number_separator_proved":true,"shortest":null,' \
    '"alike":[0,0,0,0,0,0,0,0,0,0,0,0],' '"confirmed":true}'
jhas "badami rtl" '{"claim":"badami","paragraph":"rtl","proved":false,"number_type_proved":true,"number_separator_proved":false,"shortest":4,' \
    '"digit":[0,0,0,0,0,0,0,0,0,0,0,0],' '"separator":[0,0,0,2,28,258,2006,' \
    '"separator_x":{"classes":["L","EN","ES","EN"],"text":"a0-0"},"separator_y":{"classes":["EN","ES","L","EN"],"text":"0-a0"},"separator_shown":"a0-0",' \
    '"confirmed":true}'

# Members of one JSON record (the texts are the alphabet's characters: no quote, no escape).
# jstr REC KEY: a string member; jnum REC KEY: a number; jlabel REC KEY 1|2: a label's
# classes ("R","L") or text.
jstr() { printf '%s\n' "$1" | sed -n "s/.*\"$2\":\"\\([^\"]*\\)\".*/\\1/p"; }
jnum() { printf '%s\n' "$1" | sed -n "s/.*\"$2\":\\([0-9][0-9]*\\).*/\\1/p"; }
jlabel() { printf '%s\n' "$1" | sed -n "s/.*\"$2\":{\"classes\":\\[\\([^]]*\\)\\],\"text\":\"\\([^\"]*\\)\"}.*/\\$3/p"; }
nclasses() { printf '%s' "$1" | tr -cd '"' | wc -c | awk '{ print $1 / 2 }'; }
rep() { # CHAR N: CHAR N times
    r=0
    while [ "$r" -lt "$2" ]; do printf '%s' "$1"; r=$((r + 1)); done
}
ctl() {
    case $1 in
    LRE) printf '\342\200\252' ;;
    RLE) printf '\342\200\253' ;;
    PDF) printf '\342\200\254' ;;
    LRO) printf '\342\200\255' ;;
    RLO) printf '\342\200\256' ;;
    esac
}
# shellcheck disable=SC2059
ascii() { printf "\\$(printf '%03o' "$1")"; } # CP: the ASCII character of code point CP
no_controls="s/$(ctl LRE)//g; s/$(ctl RLE)//g; s/$(ctl PDF)//g; s/$(ctl LRO)//g; s/$(ctl RLO)//g"

# The text verdicts: the line of each JSON record, with the same verdict and example.
n=0
while IFS= read -r rec; do
    claim=$(jstr "$rec" claim)
    par=$(jstr "$rec" paragraph)
    case $par in ltr) PAR=LTR ;; rtl) PAR=RTL ;; *) PAR="?$par" ;; esac
    case $claim in
    ldh) want="RFC 5893 §2 LDH labels, $PAR paragraph: " ;;
    badami)
        want="Badami, $PAR paragraph: number type ambiguity: "
        case $rec in
        *'"number_type_proved":true,'*) want="${want}none, for all lengths; " ;;
        *) want="${want}counterexample of length $(jnum "$rec" digit_shortest): \"$(jlabel "$rec" digit_x 2)\" ($(jlabel "$rec" digit_x 1 | sed 's/"//g; s/,/ /g')) and \"$(jlabel "$rec" digit_y 2)\" ($(jlabel "$rec" digit_y 1 | sed 's/"//g; s/,/ /g')), both shown \"$(jstr "$rec" digit_shown)\"; " ;;
        esac
        want="${want}number separator ambiguity: "
        case $rec in
        *'"number_separator_proved":true,'*) want="${want}none, for all lengths" ;;
        *) want="${want}counterexample of length $(jnum "$rec" separator_shortest): \"$(jlabel "$rec" separator_x 2)\" ($(jlabel "$rec" separator_x 1 | sed 's/"//g; s/,/ /g')) and \"$(jlabel "$rec" separator_y 2)\" ($(jlabel "$rec" separator_y 1 | sed 's/"//g; s/,/ /g')), both shown \"$(jstr "$rec" separator_shown)\"" ;;
        esac ;;
    controls) want="controls $(jstr "$rec" placement), $PAR paragraph: " ;;
    *) want="$claim, $PAR paragraph: " ;;
    esac
    short=$(jnum "$rec" shortest)
    case $claim:$rec in
    badami:*) ;;
    ldh:*'"proved":true,'*) want="${want}proved for all lengths (automaton of names: " ;;
    uniqueness:*'"proved":true,'* | code-points:*'"proved":true,'*)
        want="${want}proved for all lengths (pair automaton: " ;;
    uniqueness:* | code-points:*)
        want="${want}counterexample of length $short: X = $(jlabel "$rec" x 1 | sed 's/"//g; s/,/ /g') \"$(jlabel "$rec" x 2)\" and Y = $(jlabel "$rec" y 1 | sed 's/"//g; s/,/ /g') \"$(jlabel "$rec" y 2)\" both shown " ;;
    *'"proved":true,'*) want="${want}proved for all lengths (automaton: " ;;
    *'"shortest":null'*)
        want="${want}no counterexample among $(jnum "$rec" names) names of up to $(jnum "$rec" enumerated_to) characters" ;;
    *)
        if [ "$claim" = ldh ]; then
            want="${want}counterexample of length $short: \"$(jlabel "$rec" name 2)\" ($(jlabel "$rec" name 1 | sed 's/"//g; s/,/ /g')), label $(($(jnum "$rec" label) + 1)) not grouped; shown \"$(jstr "$rec" shown)\""
        else
            want="${want}counterexample of length $short: X = $(jlabel "$rec" x 1 | sed 's/"//g; s/,/ /g') \"$(jlabel "$rec" x 2)\" in $PAR paragraph, S1 = "
            # and the delimiters of the same context
            dd="D1 = U+$(printf '%04X' "$(jnum "$rec" d1)"), D2 = U+$(printf '%04X' "$(jnum "$rec" d2)")"
            if grep -F -- "$want" "$tmp/all.txt" | grep -qF -- "$dd"; then ok; else ko "all-text: no line '$want ... $dd'"; fi
        fi ;;
    esac
    got=$(grep -F -- "$want" "$tmp/all.txt" | head -n 1)
    case $got in
    "$want"*) ok ;;
    *) ko "all-text: no line starts with '$want' (JSON: $rec)" ;;
    esac
    n=$((n + 1))
done <"$tmp/all.json"
if [ "$(wc -l <"$tmp/all.txt")" -eq $((n + 1)) ]; then ok; else ko "all-text: $(wc -l <"$tmp/all.txt") lines for $n JSON records and a title"; fi
has all-text-title "$tmp/all.txt" "RFC 5893 §3 claims for labels of every length (labels over L R AL EN ES AN NSM ON)"

# confirm REC: runs the counterexample of one record through `ibidi bidi` on its real
# characters and prints "confirmed", or what is wrong with it. The line is built from the
# record's context (S1 D1 X D2 S2, the control and PDF where its placement puts them; a
# name alone) with a role per code point: s, x, t for S1, X, S2, d and e for D1 and D2, c
# for a control (x, o and . for the name's label, its other labels and its dots). The
# visual order (--output order) gives the roles left to right, and the claim is judged on
# them: grouped reading (grouping, controls, LDH), the characters of X one block with
# only D1, D2 (a dot, for a name) or the edge of the line next to it; literal reading,
# exactly the characters of X between D1 and D2.
confirm() {
    rec=$1
    claim=$(jstr "$rec" claim)
    dir=$(jstr "$rec" paragraph)
    shown=$(jstr "$rec" shown)
    short=$(jnum "$rec" shortest)
    if [ "$claim" = code-points ]; then
        # two labels, each alone between its delimiters: both shown as the record says
        x=$(jlabel "$rec" x 2)
        y=$(jlabel "$rec" y 2)
        d1=$(ascii "$(jnum "$rec" d1)")
        d2=$(ascii "$(jnum "$rec" d2)")
        if [ -z "$x" ] || [ "$x" = "$y" ] || [ "$(nclasses "$(jlabel "$rec" x 1)")" != "$short" ] ||
            [ "$(nclasses "$(jlabel "$rec" y 1)")" != "$short" ]; then
            echo "X and Y are not two labels of $short characters"
            return
        fi
        vx=$("$IBIDI" bidi --dir "$dir" -- "$d1$x$d2" </dev/null)
        vy=$("$IBIDI" bidi --dir "$dir" -- "$d1$y$d2" </dev/null)
        if [ "$vx" != "$shown" ] || [ "$vy" != "$shown" ]; then
            echo "shown '$shown', but ibidi bidi shows '$vx' and '$vy'"
            return
        fi
        echo confirmed
        return
    fi
    if [ "$claim" = uniqueness ]; then
        echo "a pair as rendered: not compared by clusters here"
        return
    fi
    if [ "$claim" = badami ]; then
        # two different names of the record's length, both shown as it says by ibidi
        # display and ibidi bidi, with other levels (so not one name read twice)
        for kind in digit separator; do
            x=$(jlabel "$rec" ${kind}_x 2)
            [ -n "$x" ] || continue
            y=$(jlabel "$rec" ${kind}_y 2)
            s=$(jstr "$rec" ${kind}_shown)
            n=$(jnum "$rec" ${kind}_shortest)
            if [ "$x" = "$y" ] || [ "$(nclasses "$(jlabel "$rec" ${kind}_x 1)")" != "$n" ] ||
                [ "$(nclasses "$(jlabel "$rec" ${kind}_y 1)")" != "$n" ]; then
                echo "the $kind pair is not two names of $n characters"
                return
            fi
            for t in "$x" "$y"; do
                dx=$("$IBIDI" display --context "$dir" "$t" </dev/null)
                vx=$("$IBIDI" bidi --dir "$dir" -- "$t" </dev/null)
                if [ "$dx" != "$s" ] || [ "$vx" != "$s" ]; then
                    echo "shown '$s', but ibidi display shows '$dx' and ibidi bidi '$vx' for '$t'"
                    return
                fi
            done
            lx=$("$IBIDI" bidi --dir "$dir" --output levels -- "$x" </dev/null)
            ly=$("$IBIDI" bidi --dir "$dir" --output levels -- "$y" </dev/null)
            if [ "$lx" = "$ly" ]; then
                echo "the $kind pair has the same levels '$lx'"
                return
            fi
        done
        echo confirmed
        return
    fi
    if [ "$claim" = ldh ]; then
        line=$(jlabel "$rec" name 2)
        roles=$(jlabel "$rec" name 1 | awk -F, -v k="$(jnum "$rec" label)" '{
            l = 0
            for (i = 1; i <= NF; i++)
                if ($i == "\"CS\"") { printf "."; l++ } else printf "%s", (l == k ? "x" : "o")
        }')
        next_to=.
        if [ "$(nclasses "$(jlabel "$rec" name 1)")" != "$short" ]; then
            echo "the name has not $short characters"
            return
        fi
        disp=$("$IBIDI" display --context "$dir" "$line" </dev/null)
        if [ "$disp" != "$shown" ]; then
            echo "shown '$shown', but ibidi display shows '$disp'"
            return
        fi
    else
        x=$(jlabel "$rec" x 2)
        s1=$(jlabel "$rec" s1 2)
        s2=$(jlabel "$rec" s2 2)
        xn=$(nclasses "$(jlabel "$rec" x 1)")
        s1n=$(nclasses "$(jlabel "$rec" s1 1)")
        s2n=$(nclasses "$(jlabel "$rec" s2 1)")
        if [ -z "$x" ] || [ "$xn" != "$short" ]; then
            echo "X is not a label of $short characters"
            return
        fi
        d1=$(jnum "$rec" d1)
        d2=$(jnum "$rec" d2)
        for dv in "$d1" "$d2"; do
            if [ -z "$dv" ] || [ "$dv" -lt 32 ] || [ "$dv" -gt 126 ]; then
                echo "a delimiter is not a printable ASCII character: '$dv'"
                return
            fi
        done
        d1=$(ascii "$d1")
        d2=$(ascii "$d2")
        control=$(jstr "$rec" control)
        placement=$(jstr "$rec" placement)
        case $placement in
        "") seq="s1 d1 x d2 s2" ;;
        around) seq="c s1 d1 x d2 s2 p" ;;
        before) seq="c s1 d1 x d2 s2" ;;
        after) seq="s1 d1 x d2 s2 c" ;;
        left-label) seq="c s1 p d1 x d2 s2" ;;
        right-label) seq="s1 d1 x d2 c s2 p" ;;
        middle) seq="s1 c d1 x d2 p s2" ;;
        inner) seq="s1 d1 c x p d2 s2" ;;
        stray-pdf) seq="p s1 d1 x d2 s2" ;;
        *) echo "unknown placement '$placement'"; return ;;
        esac
        case $seq in *c*)
            if [ -z "$(ctl "$control")" ]; then echo "placement $placement without a control"; return; fi ;;
        esac
        line=
        roles=
        for t in $seq; do
            case $t in
            s1) line=$line$s1; roles=$roles$(rep s "$s1n") ;;
            d1) line=$line$d1; roles=${roles}d ;;
            x) line=$line$x; roles=$roles$(rep x "$xn") ;;
            d2) line=$line$d2; roles=${roles}e ;;
            s2) line=$line$s2; roles=$roles$(rep t "$s2n") ;;
            c) line=$line$(ctl "$control"); roles=${roles}c ;;
            p) line=$line$(ctl PDF); roles=${roles}c ;;
            esac
        done
        next_to=de
    fi
    # One level per code point: the roles are aligned with the characters.
    levels=$("$IBIDI" bidi --dir "$dir" --output levels -- "$line" </dev/null)
    if [ "$(printf '%s\n' "$levels" | wc -w)" -ne ${#roles} ]; then
        echo "levels '$levels' for the ${#roles} roles '$roles'"
        return
    fi
    visual=$("$IBIDI" bidi --dir "$dir" -- "$line" </dev/null | sed "$no_controls")
    if [ "$visual" != "$shown" ]; then
        echo "shown '$shown', but ibidi bidi shows '$visual'"
        return
    fi
    order=$("$IBIDI" bidi --dir "$dir" --output order -- "$line" </dev/null)
    seen=$(printf '%s\n' "$order" | awk -v r="$roles" '{ for (i = 1; i <= NF; i++) printf "%s", substr(r, $i + 1, 1) }')
    if [ "${#seen}" -ne "$(printf '%s' "$roles" | tr -d c | wc -c)" ]; then
        echo "order '$order' for the roles '$roles'"
        return
    fi
    broken=no
    if [ "$claim" = literal ]; then
        between=$(printf '%s\n' "$seen" | awk '{
            i = index($0, "d"); j = index($0, "e")
            if (i == 0 || j == 0) { print "?"; exit }
            if (i > j) { t = i; i = j; j = t }
            print substr($0, i + 1, j - i - 1)
        }')
        [ "$between" = "$(rep x "$xn")" ] || broken="shown $seen: between D1 and D2 '$between'"
    else
        case $seen in
        *x*[!x]*x*) broken="shown $seen: the label is split" ;;
        *[!x$next_to]x* | *x[!x$next_to]*) broken="shown $seen: the label is next to another label" ;;
        esac
    fi
    if [ "$broken" = no ]; then echo "not broken: shown $seen ($line)"; else echo confirmed; fi
}

# Every counterexample of the JSON, confirmed: the seven docs/bidi-rule.md lists.
examples=0
while IFS= read -r rec; do
    case $rec in *'"shortest":null'*) continue ;; esac
    examples=$((examples + 1))
    got=$(confirm "$rec")
    if [ "$got" = confirmed ]; then ok; else ko "counterexample not confirmed: $got; record: $rec"; fi
done <"$tmp/all.json"
if [ "$examples" -eq 8 ]; then ok; else ko "all-json: $examples counterexamples, expected 8"; fi

# The same check tells a claim that holds, and a display that is not the one of ibidi bidi.
lit='{"claim":"literal","paragraph":"ltr","proved":false,"shortest":1,"x":{"classes":["L"],"text":"a"},"s1":{"classes":[],"text":""},"s2":{"classes":[],"text":""},"d1":46,"d2":46,"control":null,"shown":".a."}'
case $(confirm "$lit") in "not broken: shown dxe "*) ok ;; *) ko "confirm: .a. in a LTR paragraph: $(confirm "$lit")" ;; esac
rec=$(grep -F '{"claim":"literal","paragraph":"ltr",' "$tmp/all.json" | sed 's/"shown":"[^"]*"/"shown":"א.א."/')
case $(confirm "$rec") in "shown 'א.א.', but ibidi bidi shows '.א.א'") ok ;; *) ko "confirm: wrong display: $(confirm "$rec")" ;; esac
# ... and a pair that is not shown alike, or not two labels.
rec=$(grep -F '{"claim":"code-points","paragraph":"ltr",' "$tmp/all.json")
bad=$(printf '%s\n' "$rec" | sed 's/"y":{"classes":\["R","NSM","EN"\],"text":"[^"]*"}/"y":{"classes":["R","EN","EN"],"text":"א00"}/')
case $(confirm "$bad") in "shown "*", but ibidi bidi shows "*) ok ;; *) ko "confirm: a pair not alike: $(confirm "$bad")" ;; esac
bad=$(printf '%s\n' "$rec" | sed 's/"y":{"classes":\["R","NSM","EN"\],"text":"[^"]*"}/"y":{"classes":["R","EN","NSM"],"text":"א0̀"}/')
case $(confirm "$bad") in "X and Y are not two labels"*) ok ;; *) ko "confirm: one label twice: $(confirm "$bad")" ;; esac
rec=$(grep -F '{"claim":"ldh","paragraph":"rtl",' "$tmp/all.json" | sed 's/"label":0,/"label":2,/')
case $(confirm "$rec") in "not broken: shown x.o.ooo "*) ok ;; *) ko "confirm: label 2 of 0-a.a.א: $(confirm "$rec")" ;; esac
# The names of docs/bidi-rule.md: 0-a.a.א's levels, and the issue's 3-d.example.ישראל,
# whose first label ibidi display shows split.
line levels-0-a "2 1 2 2 2 1 1" "$IBIDI" bidi --dir rtl --output levels '0-a.a.א'
line display-3-d "לארשי.d.example-3" "$IBIDI" display --context rtl '3-d.example.ישראל'
# Badami's pair of docs/bidi-rule.md: the hyphen at its number's level in a0-0 only.
line levels-a0-0 "2 2 2 2" "$IBIDI" bidi --dir rtl --output levels 'a0-0'
line levels-0-a0 "2 1 2 2" "$IBIDI" bidi --dir rtl --output levels '0-a0'
rec='{"claim":"ldh","paragraph":"rtl","shortest":17,"name":{"classes":["EN","ES","L","CS","L","L","L","L","L","L","L","CS","R","R","R","R","R"],"text":"3-d.example.ישראל"},"label":0,"shown":"לארשי.d.example-3"}'
got=$(confirm "$rec")
if [ "$got" = confirmed ]; then ok; else ko "3-d.example.ישראל: $got"; fi

# Usage errors with --all-lengths: found before any work, nothing on standard output.
# (A valid --max-length or --threads beside it is not an error: the usage text and
# ibidi.1 say --all-lengths is run instead of the enumeration, and neither is used.)
for args in "--all-lengths extra" "--all-lengths --json extra" "--all-lengths --max-length 0" \
            "--all-lengths --max-length" "--all-lengths --threads 0" "--all-lengths --frobnicate"; do
    # shellcheck disable=SC2086
    run "all-lengths usage: $args" 2 "$IBIDI" verify-rule $args
    if [ -s "$tmp/out" ]; then ko "all-lengths usage: $args: output on standard output"; else ok; fi
    contains "all-lengths usage: $args" "$tmp/err" "(see 'ibidi help verify-rule')"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
