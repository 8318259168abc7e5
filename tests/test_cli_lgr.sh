#!/bin/sh
# `ibidi lgr` (check, variants, index, info), `ibidi check --lgr` and `ibidi scan --lgr`
# end to end, on the sample LGR data/samples/lgr/toy-hebrew-arabic.xml (every expected
# line is worked out by hand from that file: its actions are, in order, 0 mixed-scripts
# invalid, 1 leading-digit invalid, 2 digits-only invalid, 3 any-variant blocked, 4
# all-variants allocatable, 5 valid when not mixed-scripts; its variant types, in order of
# first use, hebrew, blocked, allocatable), then on ICANN's root zone LGRs when
# ../shared/lgr is there.
# Usage: sh tests/test_cli_lgr.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
TOY=data/samples/lgr/toy-hebrew-arabic.xml
TAB=$(printf '\t')

KELEV=$(printf '\327\233\327\234\327\221')                  # כלב
KITAB=$(printf '\331\203\330\252\330\247\330\250')          # كتاب: KAF TEH ALEF BEH
KITAB_KEHEH=$(printf '\332\251\330\252\330\247\330\250')    # کتاب: KEHEH instead of KAF
KITAB_HAMZA=$(printf '\331\203\330\252\330\243\330\250')    # كتأب: ALEF WITH HAMZA ABOVE
KEHEH_HAMZA=$(printf '\332\251\330\252\330\243\330\250')    # کتأب
ALEF_BET=$(printf '\327\220\327\221')                       # אב
MIXED=$(printf '\327\220\331\210\327\222')                  # א و ג: Hebrew and Arabic
BEH_MAKSURA=$(printf '\330\250\331\211')                    # بى: ALEF MAKSURA last
MAKSURA_BEH=$(printf '\331\211\330\250')                    # ىب: ALEF MAKSURA first
BEH_YEH=$(printf '\330\250\331\212')                        # بي
YEH_BEH=$(printf '\331\212\330\250')                        # يب
LAM_ALEF=$(printf '\331\204\330\247')                       # لا: a sequence of the repertoire, and two of its code points
VAV_VAV=$(printf '\327\225\327\225')                        # וו: VAV maps to itself

# ---- lgr check -------------------------------------------------------------------------
run kelev 0 "$IBIDI" lgr check --lgr "$TOY" "$KELEV"
has kelev "$tmp/out" "label${TAB}${KELEV}${TAB}valid${TAB}action 5 not-match mixed-scripts: everything else"
has kelev "$tmp/out" "index${TAB}${KELEV}"
has kelev "$tmp/out" "variants${TAB}estimate 1${TAB}generated 0${TAB}listed 0${TAB}invalid 0${TAB}duplicate 0${TAB}conflicting 0"

# KAF has KEHEH as an allocatable variant, ALEF has ALEF WITH HAMZA as a blocked one:
# 2 * 2 permutations, 3 variants, the KAF one first (the original code point first)
run kitab 0 "$IBIDI" lgr check --lgr "$TOY" "$KITAB"
has kitab "$tmp/out" "label${TAB}${KITAB}${TAB}valid${TAB}action 5 not-match mixed-scripts: everything else"
has kitab "$tmp/out" "index${TAB}${KITAB_HAMZA}"
has kitab "$tmp/out" "variant${TAB}${KITAB_HAMZA}${TAB}blocked${TAB}blocked"
has kitab "$tmp/out" "variant${TAB}${KITAB_KEHEH}${TAB}allocatable${TAB}allocatable"
has kitab "$tmp/out" "variant${TAB}${KEHEH_HAMZA}${TAB}blocked${TAB}blocked,allocatable"
has kitab "$tmp/out" "variants${TAB}estimate 4${TAB}generated 3${TAB}listed 3${TAB}invalid 0${TAB}duplicate 0${TAB}conflicting 0"
[ "$(grep -c '^variant	' "$tmp/out")" -eq 3 ] && ok || ko "kitab: not 3 variant lines"
[ "$(sed -n 3p "$tmp/out" | cut -f2)" = "$KITAB_HAMZA" ] && ok || ko "kitab: variant order"
run kitab-no-variants 0 "$IBIDI" lgr check --no-variants --lgr "$TOY" "$KITAB"
[ "$(grep -c '^variant' "$tmp/out")" -eq 0 ] && ok || ko "--no-variants lists variants"

# eligibility: context rules and repertoire (exit 1, the code point and the rule)
run hyphen-first 1 "$IBIDI" lgr check --lgr "$TOY" -- "-$ALEF_BET"
has hyphen-first "$tmp/out" "label${TAB}-${ALEF_BET}${TAB}invalid${TAB}not eligible: LGR_CONTEXT at index 0 (U+002D), rule hyphen-between"
run hyphen-inside 0 "$IBIDI" lgr check --lgr "$TOY" "${ALEF_BET}-${ALEF_BET}"
run maksura-first 1 "$IBIDI" lgr check --lgr "$TOY" "$MAKSURA_BEH"
contains maksura-first "$tmp/out" "not eligible: LGR_CONTEXT at index 0 (U+0649), rule before-arabic"
run maksura-last 0 "$IBIDI" lgr check --lgr "$TOY" "$BEH_MAKSURA"
run latin 1 "$IBIDI" lgr check --lgr "$TOY" "${ALEF_BET}x"
contains latin "$tmp/out" "not eligible: LGR_REPERTOIRE at index 2 (U+0078)"
# whole-label rules, in the order of the actions
run mixed 1 "$IBIDI" lgr check --lgr "$TOY" "$MIXED"
contains mixed "$tmp/out" "${TAB}invalid${TAB}not eligible: LGR_INVALID_DISPOSITION,${TAB}action 0 match mixed-scripts: one script per label"
run leading-digit 1 "$IBIDI" lgr check --lgr "$TOY" "1$ALEF_BET"
contains leading-digit "$tmp/out" "${TAB}invalid${TAB}not eligible: LGR_INVALID_DISPOSITION,${TAB}action 1 match leading-digit"
run digits 1 "$IBIDI" lgr check --lgr "$TOY" "123"
contains digits "$tmp/out" "${TAB}invalid${TAB}not eligible: LGR_INVALID_DISPOSITION,${TAB}action 1 match leading-digit"
run trailing-digit 0 "$IBIDI" lgr check --lgr "$TOY" "${ALEF_BET}1"
# a variant with a context rule: YEH -> ALEF MAKSURA only where no Arabic letter follows
run yeh-last 0 "$IBIDI" lgr check --lgr "$TOY" "$BEH_YEH"
has yeh-last "$tmp/out" "variant${TAB}${BEH_MAKSURA}${TAB}blocked${TAB}blocked"
run yeh-first 0 "$IBIDI" lgr check --lgr "$TOY" "$YEH_BEH"
has yeh-first "$tmp/out" "variants${TAB}estimate 2${TAB}generated 0${TAB}listed 0${TAB}invalid 0${TAB}duplicate 0${TAB}conflicting 0"
# RFC 7940 §8.2, every division: LAM ALEF as a sequence has no variant of its own, but LAM
# then ALEF is a division too, and ALEF has ALEF WITH HAMZA ABOVE (1 + 1 * 2 permutations)
run lam-alef 0 "$IBIDI" lgr check --lgr "$TOY" "$LAM_ALEF"
has lam-alef "$tmp/out" "variant${TAB}$(printf '\331\204\330\243')${TAB}blocked${TAB}blocked"
has lam-alef "$tmp/out" "variants${TAB}estimate 3${TAB}generated 1${TAB}listed 1${TAB}invalid 0${TAB}duplicate 0${TAB}conflicting 0"
# a reflexive mapping gives the label its type without changing the verdict here
run vav 0 "$IBIDI" lgr --json check --lgr "$TOY" "$VAV_VAV"
contains vav "$tmp/out" '"disposition":"valid","action":{"index":5,"default":false,"rule":"mixed-scripts","not_match":true,"comment":"everything else"},"types":["hebrew"]'

# A-labels are decoded first
A=$("$IBIDI" punycode --encode "$KITAB")
run a-label 0 "$IBIDI" lgr check --lgr "$TOY" "xn--$A"
has a-label "$tmp/out" "variant${TAB}${KITAB_KEHEH}${TAB}allocatable${TAB}allocatable"
# standard input, one record per line, a bad line included
printf '%s\n\377\n%s\n' "$KELEV" "$KITAB" | "$IBIDI" lgr check --no-variants --lgr "$TOY" \
    >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && ok || ko "stdin: exit status"
[ "$(grep -c '^label	\|^error' "$tmp/out")" -eq 3 ] && ok || ko "stdin: not 3 records: $(cat "$tmp/out")"
contains stdin "$tmp/out" "error: UTF8_INVALID_BYTE at byte 0"
run json 0 "$IBIDI" lgr check --json --lgr "$TOY" "$KITAB"
contains json "$tmp/out" "{\"input\":\"$KITAB\",\"label\":\"$KITAB\",\"eligible\":true,\"disposition\":\"valid\""
contains json "$tmp/out" "{\"label\":\"$KITAB_KEHEH\",\"disposition\":\"allocatable\",\"types\":[\"allocatable\"],\"only_variants\":false,\"action\":4,\"default_action\":false,\"rule\":null,\"conflict\":false}"
contains json "$tmp/out" "\"variant_estimate\":4,\"variants_generated\":3,\"variants_listed\":3,\"variants_invalid\":0,\"variants_duplicate\":0,\"variants_conflicting\":0,\"variants_cut\":false"

# ---- lgr variants, lgr index ---------------------------------------------------------------
run variants 0 "$IBIDI" lgr variants --lgr "$TOY" "$KITAB"
[ "$(grep -c '^variant	' "$tmp/out")" -eq 3 ] && ok || ko "variants: not 3"
run variants-bound 0 "$IBIDI" lgr variants --max-variants 1 --lgr "$TOY" "$KITAB"
has variants-bound "$tmp/out" "variants${TAB}estimate 4${TAB}generated 1${TAB}listed 1${TAB}invalid 0${TAB}duplicate 0${TAB}conflicting 0${TAB}cut by --max-variants"
run index 0 "$IBIDI" lgr index --lgr "$TOY" "$KITAB" "$KITAB_KEHEH" "$KEHEH_HAMZA"
[ "$(grep -c "^index${TAB}${KITAB_HAMZA}\$" "$tmp/out")" -eq 3 ] && ok || ko "index: the three do not share $(cat "$tmp/out")"

# ---- lgr info ------------------------------------------------------------------------------
run info 0 "$IBIDI" lgr info "$TOY"
has info "$tmp/out" "version${TAB}1"
has info "$tmp/out" "version-comment${TAB}ibidi sample"
has info "$tmp/out" "scope${TAB}domain:example"
has info "$tmp/out" "variant-types${TAB}hebrew blocked allocatable"
has info "$tmp/out" "actions${TAB}6"
has info "$tmp/out" "symmetric${TAB}yes"
has info "$tmp/out" "index-label${TAB}possible"
printf '<lgr xmlns="urn:ietf:params:xml:ns:lgr-1.0"><data><char cp="0061"/>\n<char cp="0061"/></data></lgr>' >"$tmp/dup.xml"
run info-bad 1 "$IBIDI" lgr info "$tmp/dup.xml"
contains info-bad "$tmp/out" "invalid${TAB}LGR_DUPLICATE at line 2"
contains info-bad "$tmp/err" "dup.xml:2:"
run info-missing 2 "$IBIDI" lgr info "$tmp/nothing.xml"
run check-bad-lgr 2 "$IBIDI" lgr check --lgr "$tmp/dup.xml" "$KELEV"
contains check-bad-lgr "$tmp/err" "LGR_DUPLICATE"

# ---- usage ---------------------------------------------------------------------------------
run no-sub 2 "$IBIDI" lgr
run bad-sub 2 "$IBIDI" lgr frob
run no-lgr 2 "$IBIDI" lgr check "$KELEV"
run bad-max 2 "$IBIDI" lgr check --lgr "$TOY" --max-variants x "$KELEV"
run info-no-file 2 "$IBIDI" lgr info
run options-after 0 "$IBIDI" lgr check "$KELEV" --lgr "$TOY"

# ---- check --lgr, scan --lgr ---------------------------------------------------------------
run check-lgr 0 "$IBIDI" check --lgr "$TOY" "$KITAB.com"
has check-lgr "$tmp/out" "  LGR (RFC 7940) on the first label ${KITAB}: registrable, valid (action 5, not-match mixed-scripts); index label ${KITAB_HAMZA}"
run check-lgr-invalid 1 "$IBIDI" check --lgr "$TOY" "$MAKSURA_BEH.com"
contains check-lgr-invalid "$tmp/out" "LGR (RFC 7940) on the first label ${MAKSURA_BEH}: invalid: not eligible, LGR_CONTEXT at index 0 (U+0649), rule before-arabic"
run check-lgr-json 0 "$IBIDI" check --json --lgr "$TOY" "$KITAB.com"
contains check-lgr-json "$tmp/out" "\"lgr\":{\"label\":\"$KITAB\",\"eligible\":true,\"registrable\":true,\"disposition\":\"valid\",\"action\":5,\"default_action\":false,\"rule\":\"mixed-scripts\",\"index\":\"$KITAB_HAMZA\"}"
run check-lgr-missing 2 "$IBIDI" check --lgr "$tmp/nothing.xml" "$KITAB.com"

printf '%s.com\n%s.com\n%s.com\n%s.com\n' "$KITAB" "$KITAB_KEHEH" "$KELEV" "$KITAB_HAMZA" \
    >"$tmp/names"
run scan-lgr 1 "$IBIDI" scan --threads 1 --lgr "$TOY" "$tmp/names"
has scan-lgr "$tmp/out" "variant collision: index ${KITAB_HAMZA} is shared by 3 names (3 valid): ${KITAB_HAMZA}.com, ${KITAB}.com, ${KITAB_KEHEH}.com"
has scan-lgr "$tmp/out" "summary lgr: 2 distinct index labels, 1 variant groups, 3 names in variant groups"
run scan-lgr-tsv 1 "$IBIDI" scan --tsv --threads 2 --lgr "$TOY" "$tmp/names"
has scan-lgr-tsv "$tmp/out" "variant-collision${TAB}lgr${TAB}${KITAB_HAMZA}${TAB}${KITAB_HAMZA}.com,${KITAB}.com,${KITAB_KEHEH}.com"
run scan-lgr-json 1 "$IBIDI" scan --json --threads 1 --lgr "$TOY" "$tmp/names"
contains scan-lgr-json "$tmp/out" "\"lgr\":{\"disposition\":\"valid\",\"index\":\"$KITAB_HAMZA\"}"
contains scan-lgr-json "$tmp/out" "{\"type\":\"variant_collision\",\"index\":\"$KITAB_HAMZA\",\"names\":[\"$KITAB_HAMZA.com\",\"$KITAB.com\",\"$KITAB_KEHEH.com\"],\"valid_names\":3}"
run scan-lgr-missing 2 "$IBIDI" scan --lgr "$tmp/nothing.xml" "$tmp/names"

# lacks NAME FILE TEXT: FILE does not contain TEXT
lacks() {
    if grep -qF -- "$3" "$2"; then ko "$1: '$3' found"; else ok; fi
}

# ---- ICANN's root zone LGRs ---------------------------------------------------------------
RZ=../shared/lgr/root-zone
if [ -f "$RZ/lgr-5/lgr-5-arabic-script-26may22-en.xml" ]; then
    IRAN=$(printf '\330\247\331\212\330\261\330\247\331\206')      # ايران: ARABIC YEH
    IRAN_FA=$(printf '\330\247\333\214\330\261\330\247\331\206')   # ایران: FARSI YEH
    run rz-iran 0 "$IBIDI" lgr check --lgr "$RZ/lgr-5/lgr-5-arabic-script-26may22-en.xml" \
        --set "$RZ/lgr-5-common-26may22-en.xml" "$IRAN"
    has rz-iran "$tmp/out" "variant${TAB}${IRAN_FA}${TAB}allocatable${TAB}allocatable"
    has rz-iran "$tmp/out" "variants${TAB}estimate 400${TAB}generated 399${TAB}listed 399${TAB}invalid 0${TAB}duplicate 0${TAB}conflicting 0"
    contains rz-iran "$tmp/out" "common${TAB}eligible${TAB}"
    run rz-index 0 "$IBIDI" lgr index --lgr "$RZ/lgr-5/lgr-5-arabic-script-26may22-en.xml" \
        "$IRAN" "$IRAN_FA"
    [ "$(grep '^index' "$tmp/out" | cut -f2 | sort -u | wc -l)" -eq 1 ] && ok ||
        ko "rz-index: ايران and ایران do not share one index label: $(cat "$tmp/out")"
    run rz-info 0 "$IBIDI" lgr info "$RZ/lgr-5-common-26may22-en.xml"
    has rz-info "$tmp/out" "code-points${TAB}32976"

    # RFC 7940 §8 as ICANN's lgr-core answers (it gives the same four answers):
    # 1. §8.1, §8.1.1: a label an action makes invalid is not eligible (0622 0628 062A 0646
    #    0649 0647 0627 06CC 0645: ALEF MAKSURA and FARSI YEH in one label, action 4)
    run lgrcore-eligible 1 "$IBIDI" lgr check --json \
        --lgr "$RZ/lgr-5/lgr-5-arabic-script-26may22-en.xml" 'آبتنىهایم'
    contains lgrcore-eligible "$tmp/out" '"eligible":false,"reason":{"status":"LGR_INVALID_DISPOSITION"'
    contains lgrcore-eligible "$tmp/out" '"disposition":"invalid","action":{"index":4,"default":false,"rule":"no-mix-alef-maksura-farsi-yeh"'
    lacks lgrcore-eligible "$tmp/out" '"variants"'
    # 2. §8.2 step 6: no variants for it (afriсa, CYRILLIC SMALL LETTER ES 0441: invalid by
    #    the type of its reflexive mapping, action 1), though the common LGR admits it
    run lgrcore-no-variants 1 "$IBIDI" lgr check --json \
        --lgr "$RZ/lgr-5/lgr-5-latin-script-26may22-en.xml" --set "$RZ/lgr-5-common-26may22-en.xml" 'afriсa'
    contains lgrcore-no-variants "$tmp/out" '"eligible":false,"reason":{"status":"LGR_INVALID_DISPOSITION"'
    contains lgrcore-no-variants "$tmp/out" '"action":{"index":1,'
    contains lgrcore-no-variants "$tmp/out" '"set":{"common_eligible":true,"common_index":"africa"}'
    lacks lgrcore-no-variants "$tmp/out" '"variants"'
    # 4. §8.2, every division: ass as a-s-s and as a-ss, 54 variant labels (asѕ and asട
    #    among them), 14 of them spelt both ways and listed once (§8.4)
    run lgrcore-divisions 0 "$IBIDI" lgr check --json --max-variants 0 \
        --lgr "$RZ/lgr-5/lgr-5-latin-script-26may22-en.xml" ass
    contains lgrcore-divisions "$tmp/out" '"variant_estimate":70,"variants_generated":68,"variants_listed":54,"variants_invalid":0,"variants_duplicate":14,"variants_conflicting":0'
    contains lgrcore-divisions "$tmp/out" '{"label":"asѕ","disposition":"blocked"'
    contains lgrcore-divisions "$tmp/out" '{"label":"asട","disposition":"blocked"'
    # 3. §8.3 step 1: an unchanged code point out of its context makes the variant label
    #    invalid: पड़ेंगे (with 0A17 for 0917, the vowel sign 0947 after it fails its rule)
    run lgrcore-context 0 "$IBIDI" lgr check --json --max-variants 0 \
        --lgr "$RZ/lgr-5/lgr-5-devanagari-script-26may22-en.xml" 'पड़ेंगे'
    contains lgrcore-context "$tmp/out" '"variants_listed":95,"variants_invalid":288'
    lacks lgrcore-context "$tmp/out" '"पड़ेंਗे"'
    SL=../shared/lgr/second-level-reference-lgr/lgr-second-level-arabic-script-31may22-en.xml
    # ... and يعرش under the second-level Arabic LGR: ىعرش (0649 first, not-when
    # initial-or-medial-position) is invalid, six variants stay
    run lgrcore-context-sl 0 "$IBIDI" lgr check --json --lgr "$SL" 'يعرش'
    contains lgrcore-context-sl "$tmp/out" '"variants_listed":6,"variants_invalid":1'
    lacks lgrcore-context-sl "$tmp/out" '"ىعرش"'
    run lgrcore-context-sl-invalid 0 "$IBIDI" lgr check --json --include-invalid --lgr "$SL" 'يعرش'
    contains lgrcore-context-sl-invalid "$tmp/out" '{"label":"ىعرش","disposition":"invalid","types":["blocked"],"only_variants":false,"action":null'
else
    echo "skipped: $RZ is not there (ICANN's LGRs)"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
