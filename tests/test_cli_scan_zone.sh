#!/bin/sh
# `ibidi scan` of zone files and of gzip-compressed input: the sample zone
# (data/samples/zone.txt) gives exactly its 17 owner names, once each, and its three
# planted groups; its gzip-compressed copy, read from the file or from standard input,
# gives byte for byte the same output; --format auto tells a zone file from a list, and
# --format names reads a zone's lines as names; records keep the input's line numbers;
# the records of one name are one name also across batches and threads; malformed lines,
# $INCLUDE, a "(" never closed, a truncated gzip stream and --origin.
# Usage: sh tests/test_cli_scan_zone.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh
ZONE=data/samples/zone.txt
ZONE_GZ=data/samples/zone.txt.gz
NAMES=data/samples/names.txt
TAB=$(printf '\t')
CR=$(printf '\r')

# same NAME FILE1 FILE2: the files are identical
same() {
    if cmp -s "$2" "$3"; then ok; else ko "$1: $(diff "$2" "$3" | head -n 10)"; fi
}

# ---- The sample zone: its owners and its planted groups --------------------------------
cat >"$tmp/owners" <<'EOF'
123.com
123.xn--4dbrk0ce.com
2020.com
2020.xn--wgbh1c.com
30.40.xn--pgbs0dh.com
30.xn--pgbs0dh.40.com
40.com
example.com
xn--4dbrk0ce.123.com
xn--4dbrk0ce.com
xn--9dbq2a.com
xn--mgbaam7a8h.com
xn--pgbs0dh.30.40.com
xn--pgbs0dh.com
xn--wgbh1c.2020.com
xn--wgbh1c.com
EOF
# the three groups planted in the zone are groups of the list's sample too
grep -E "^ltr$TAB(123|2020|30\.40)\." data/samples/planted.tsv >"$tmp/groups"
[ "$(wc -l <"$tmp/groups")" -eq 3 ] && ok || ko "planted.tsv: the zone's groups not found"

run "zone tsv" 1 "$IBIDI" scan --tsv "$ZONE"
cp "$tmp/out" "$tmp/zone.tsv"
grep -v -E "^(collision|summary)$TAB" "$tmp/zone.tsv" | cut -f1 >"$tmp/got"
same "zone: every owner once, in order, without its root dot" "$tmp/owners" "$tmp/got"
grep "^collision$TAB" "$tmp/zone.tsv" | cut -f2- >"$tmp/got"
same "zone: the planted groups, no others" "$tmp/groups" "$tmp/got"
has "zone summary" "$tmp/zone.tsv" "summary${TAB}profile=uts46${TAB}lines=39${TAB}names=16${TAB}skipped=23${TAB}valid=9${TAB}invalid=7${TAB}with_findings=7${TAB}not_analysed=0${TAB}set_aside=0${TAB}ltr_display_keys=8${TAB}ltr_collision_groups=3${TAB}ltr_names_in_collisions=7${TAB}ltr_self_displayed=4${TAB}rtl_display_keys=15${TAB}rtl_collision_groups=0${TAB}rtl_names_in_collisions=0${TAB}rtl_self_displayed=1"
if [ -s "$tmp/err" ] && grep -v '^ibidi scan: 16 names in ' "$tmp/err" | grep -q .; then
    ko "zone: messages on standard error: $(head -c 300 "$tmp/err")"
else
    ok
fi
run "zone --format zone" 1 "$IBIDI" scan --tsv --format zone "$ZONE"
same "--format zone is what auto found" "$tmp/zone.tsv" "$tmp/out"
run "zone --format=auto" 1 "$IBIDI" scan --tsv --format=auto "$ZONE"
same "--format=auto" "$tmp/zone.tsv" "$tmp/out"

# text and JSON: no apex (the zone itself, not a name in it), a relative name, the input's
# line numbers
run "zone text" 1 "$IBIDI" scan "$ZONE"
cp "$tmp/out" "$tmp/zone.txt.out"
if grep -q "^com: " "$tmp/zone.txt.out"; then ko "zone text: the apex is listed as a name"; else ok; fi
contains "zone text: a group" "$tmp/zone.txt.out" "collision ltr: 30.40.$(printf '\330\263\331\206\331\210\330\252').com is shown for 3 names (0 valid)"
run "zone json" 1 "$IBIDI" scan --json "$ZONE"
cp "$tmp/out" "$tmp/zone.json"
contains "json: the relative name, completed, on its input line" "$tmp/zone.json" \
    '{"type":"name","name":"xn--9dbq2a.com","valid":true,'
contains "json: line of the relative name" "$tmp/zone.json" '"unicode":"'"$(printf '\327\247\327\225\327\235')"'.com","line":31}'
if grep -q '"name":"com",' "$tmp/zone.json"; then ko "json: the apex is listed as a name"; else ok; fi
contains "json: the last owner's first record" "$tmp/zone.json" '"name":"xn--wgbh1c.com",'
grep '"name":"xn--wgbh1c.com"' "$tmp/zone.json" | grep -q '"line":37}' && ok ||
    ko "json: xn--wgbh1c.com is not on line 37"
contains "json summary" "$tmp/zone.json" '{"type":"summary","profile":"uts46","lines":39,"names":16,"skipped":23,'
# an AXFR dump has the SOA record first and last: the apex is no name, neither time
printf 'com.\t86400\tIN\tSOA\ta.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 86400\ncom.\t86400\tIN\tNS\ta.gtld-servers.net.\nexample.com.\t172800\tIN\tNS\tns1.example.com.\ncom.\t86400\tIN\tSOA\ta.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 86400\n' >"$tmp/axfr"
run "axfr" 0 "$IBIDI" scan --tsv "$tmp/axfr"
has "axfr: the one name" "$tmp/out" "example.com${TAB}valid${TAB}example.com${TAB}example.com$TAB"
contains "axfr: the apex twice, no name" "$tmp/out" "lines=4${TAB}names=1${TAB}skipped=3$TAB"

# ---- gzip: byte for byte the output of the plain file ----------------------------------
if gzip -dc "$ZONE_GZ" | cmp -s - "$ZONE"; then ok; else ko "$ZONE_GZ is not $ZONE compressed"; fi
for fmt in "" --json --tsv; do
    # shellcheck disable=SC2086
    "$IBIDI" scan $fmt "$ZONE" >"$tmp/plain" 2>/dev/null
    # shellcheck disable=SC2086
    "$IBIDI" scan $fmt "$ZONE_GZ" >"$tmp/gz" 2>"$tmp/err"
    same "gzip file ${fmt:-text}" "$tmp/plain" "$tmp/gz"
    # shellcheck disable=SC2086
    "$IBIDI" scan $fmt <"$ZONE_GZ" >"$tmp/gz" 2>/dev/null
    same "gzip on standard input ${fmt:-text}" "$tmp/plain" "$tmp/gz"
done
cat "$ZONE_GZ" | "$IBIDI" scan --tsv - >"$tmp/gz" 2>/dev/null
same "gzip from a pipe, '-'" "$tmp/zone.tsv" "$tmp/gz"
# a list of names compressed: still a list
gzip -c "$NAMES" >"$tmp/names.gz"
"$IBIDI" scan --tsv "$NAMES" >"$tmp/plain" 2>/dev/null
"$IBIDI" scan --tsv "$tmp/names.gz" >"$tmp/gz" 2>/dev/null
same "a compressed list gives the list's output" "$tmp/plain" "$tmp/gz"
gzip -c "$NAMES" | "$IBIDI" scan --tsv >"$tmp/gz" 2>/dev/null
same "a compressed list on standard input" "$tmp/plain" "$tmp/gz"
# two gzip members one after the other are one input (as gzip -d reads them)
head -n 20 "$ZONE" | gzip -c >"$tmp/two.gz"
tail -n +21 "$ZONE" | gzip -c >>"$tmp/two.gz"
"$IBIDI" scan --tsv "$tmp/two.gz" >"$tmp/gz" 2>/dev/null
same "concatenated gzip members" "$tmp/zone.tsv" "$tmp/gz"
# a truncated stream is an error, after the names it held (tests/test_cli_scan_faults.sh
# has the rest)
head -c 400 "$ZONE_GZ" >"$tmp/cut.gz"
run "truncated gzip" 2 "$IBIDI" scan --tsv "$tmp/cut.gz"
contains "truncated gzip: said" "$tmp/err" "ibidi scan: $tmp/cut.gz: gzip stream broken at byte 400 of the compressed input: "

# ---- --format --------------------------------------------------------------------------
run "zone read as names" 1 "$IBIDI" scan --tsv --format names "$ZONE"
contains "names: every line a name" "$tmp/out" "lines=39${TAB}names=39${TAB}skipped=0$TAB"
has "names: a record line is a name with tabs" "$tmp/out" "com.\\t172800\\tin\\tns\\ta.gtld-servers.net.${TAB}invalid [U1]$TAB$TAB${TAB}not-analysed:AMBIG_CONTROL"
printf 'example.com\n%s.com\n' "$(printf '\327\231\327\251\327\250\327\220\327\234')" >"$tmp/list"
run "a list, auto" 0 "$IBIDI" scan --tsv "$tmp/list"
contains "a list, auto: names" "$tmp/out" "lines=2${TAB}names=2${TAB}skipped=0$TAB"
run "a list, --format zone" 1 "$IBIDI" scan --tsv --format zone "$tmp/list"
contains "a list read as a zone: relative names, no origin" "$tmp/err" "$tmp/list:1:1: "
contains "a list read as a zone: the status" "$tmp/err" "[ZONE_NO_ORIGIN]"
run "a list, --format zone --origin" 0 "$IBIDI" scan --tsv --format zone --origin example "$tmp/list"
has "a list read as a zone with an origin" "$tmp/out" "example.com.example${TAB}valid${TAB}example.com.example${TAB}example.com.example$TAB"
printf 'example.com.\n' | "$IBIDI" scan --tsv >"$tmp/out" 2>/dev/null
contains "a one-name list with its root dot stays a list" "$tmp/out" "example.com.${TAB}valid"
printf '$ORIGIN example.\nwww\tA\t192.0.2.1\n' | "$IBIDI" scan --tsv >"$tmp/out" 2>/dev/null
has "auto on standard input: a zone" "$tmp/out" "www.example${TAB}valid${TAB}www.example${TAB}www.example$TAB"
run "bad format" 2 "$IBIDI" scan --format csv "$ZONE"
contains "bad format: said" "$tmp/err" "unknown --format value 'csv': auto, names or zone"
run "format without value" 2 "$IBIDI" scan --format
run "bad origin" 2 "$IBIDI" scan --origin 'a..b' "$ZONE"
contains "bad origin: said" "$tmp/err" "[ZONE_NAME]"

# ---- CRLF, and the records of one name across batches and threads ---------------------
sed "s/\$/$CR/" "$ZONE" >"$tmp/crlf"
run "CRLF zone" 1 "$IBIDI" scan --tsv "$tmp/crlf"
same "CRLF gives the output of LF" "$tmp/zone.tsv" "$tmp/out"
# 3000 names of 3 records each (a batch is 512 lines: runs of one name cross batches),
# with an SOA over lines; every 100th name planted as a Hebrew pair that collides
awk -v he=xn--4dbrk0ce 'BEGIN {
    print "$ORIGIN example."
    print "@ 3600 IN SOA ns hostmaster ("
    print "  1 2 3 4 5 )"
    for (i = 1; i <= 3000; i++) {
        if (i % 100 == 0) n = i "." he; else if (i % 100 == 50) n = he "." (i + 50); else n = "n" i
        print n "\t3600\tIN\tA\t192.0.2.1"
        print n ".example.\t3600\tIN\tAAAA\t2001:db8::1"
        print "\t3600\tIN\tTXT\t\"" i " ; (\""
    }
}' >"$tmp/big"
for t in 1 3; do
    "$IBIDI" scan --tsv --threads "$t" "$tmp/big" >"$tmp/big.$t" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && ok || ko "large zone, $t threads: exit $rc ($(head -c 300 "$tmp/err"))"
done
same "large zone: 3 threads give the output of 1" "$tmp/big.1" "$tmp/big.3"
contains "large zone: each name once, the apex none" "$tmp/big.1" "lines=9003${TAB}names=3000${TAB}skipped=6003$TAB"
[ "$(grep -c "^collision${TAB}ltr$TAB" "$tmp/big.1")" -eq 30 ] && ok ||
    ko "large zone: $(grep -c "^collision${TAB}ltr$TAB" "$tmp/big.1") groups, expected 30"
gzip -c "$tmp/big" | "$IBIDI" scan --tsv --threads 2 >"$tmp/big.gz.out" 2>/dev/null
same "large zone, compressed, from a pipe" "$tmp/big.1" "$tmp/big.gz.out"

# ---- Lines the zone reader cannot read, directives it does not follow ------------------
printf 'a.example.\tA\t192.0.2.1\nb.example.\tTXT\t"open\n$INCLUDE other.zone\n$GENERATE 1-9 h$ A 192.0.2.$\nc..example.\tA\t192.0.2.1\nd.example.\tA\t192.0.2.1\n' >"$tmp/bad"
run "malformed lines" 1 "$IBIDI" scan --tsv "$tmp/bad"
contains "malformed: the quote, line and column" "$tmp/err" "ibidi scan: $tmp/bad:2:16: "
contains "malformed: the quote's status" "$tmp/err" "[ZONE_QUOTE]"
contains "malformed: the empty label" "$tmp/err" "$tmp/bad:5:3: "
contains "malformed: \$INCLUDE reported" "$tmp/err" "$tmp/bad:3: \$INCLUDE other.zone not followed"
contains "malformed: \$GENERATE reported" "$tmp/err" "$tmp/bad:4: \$GENERATE not read"
contains "malformed: counted" "$tmp/err" "ibidi scan: 2 lines of the zone file could not be read"
contains "malformed: the other names are read" "$tmp/out" "lines=6${TAB}names=2${TAB}skipped=4$TAB"
has "malformed: the line after" "$tmp/out" "d.example${TAB}valid${TAB}d.example${TAB}d.example$TAB"
awk 'BEGIN { for (i = 1; i <= 30; i++) print "x" i ".example.\tTXT\t\"open" }' >"$tmp/many"
run "many malformed lines" 1 "$IBIDI" scan --tsv --format zone "$tmp/many"
[ "$(grep -c '\[ZONE_QUOTE\]' "$tmp/err")" -eq 20 ] && ok ||
    ko "many malformed lines: $(grep -c '\[ZONE_QUOTE\]' "$tmp/err") messages, expected the first 20"
contains "many malformed lines: all counted" "$tmp/err" "30 lines of the zone file could not be read (the first ones are shown above)"
printf 'a.example. 3600 IN SOA ns host (\n 1 2 3\n' >"$tmp/open"
run "a ( never closed" 1 "$IBIDI" scan --tsv --format zone "$tmp/open"
contains "a ( never closed: said" "$tmp/err" "ibidi scan: $tmp/open: at the end: "
contains "a ( never closed: the status" "$tmp/err" "[ZONE_PAREN]"
# escaped names: one spelling; the root is no name
printf '.\t3600\tIN\tNS\ta.root.\n\\097\\.b.example.\tA\t192.0.2.1\nA\\.b.example.\tA\t192.0.2.2\n' >"$tmp/esc"
run "escapes" 1 "$IBIDI" scan --tsv --format zone "$tmp/esc"
contains "escapes: the root is skipped, one name" "$tmp/out" "lines=3${TAB}names=1${TAB}skipped=2$TAB"
contains "escapes: the escaped dot stays" "$tmp/out" "a\\\\.b.example${TAB}invalid"

# ---- Owner names that are no host names: wildcards and underscored labels -------------
# (RFC 4592, RFC 8552: set aside, the host name after them judged and compared)
he=xn--4dbrk0ce
printf '$ORIGIN example.\n@\t3600\tIN\tSOA\tns host 1 2 3 4 5\n*\tA\t192.0.2.1\n_dmarc\tTXT\t"v=DMARC1"\nsel._domainkey\tTXT\t"k=rsa"\n_443._tcp.www\tTLSA\t3 1 1 00\nwww\tA\t192.0.2.1\n*.%s.12\tA\t192.0.2.1\n12.%s\tA\t192.0.2.1\n_only.\tTXT\t"x"\na\\._b\tA\t192.0.2.1\na.*\tA\t192.0.2.1\n*\\.x\tA\t192.0.2.1\n' "$he" "$he" >"$tmp/owners"
run "owners" 1 "$IBIDI" scan --tsv "$tmp/owners"
cp "$tmp/out" "$tmp/owners.tsv"
has "owners: a wildcard" "$tmp/owners.tsv" "*.example${TAB}valid${TAB}example${TAB}example${TAB}set-aside:*."
has "owners: _dmarc" "$tmp/owners.tsv" "_dmarc.example${TAB}valid${TAB}example${TAB}example${TAB}set-aside:_dmarc."
has "owners: a label below an underscored one" "$tmp/owners.tsv" "sel._domainkey.example${TAB}valid${TAB}example${TAB}example${TAB}set-aside:sel._domainkey."
has "owners: two underscored labels" "$tmp/owners.tsv" "_443._tcp.www.example${TAB}valid${TAB}www.example${TAB}www.example${TAB}set-aside:_443._tcp."
has "owners: the host judged, its findings after the labels set aside" "$tmp/owners.tsv" "*.$he.12.example${TAB}invalid [B1]$TAB$(printf '12.\327\234\327\220\327\250\327\251\327\231').example${TAB}example.12.$(printf '\327\234\327\220\327\250\327\251\327\231')${TAB}set-aside:*.,NUMBER_LEVEL,IDN_NUMBER_LABEL,REC_III_PRECEDING"
has "owners: no host name after it, judged as it is" "$tmp/owners.tsv" "_only${TAB}invalid [U1]${TAB}_only${TAB}only_$TAB"
has "owners: an escaped dot ends no label" "$tmp/owners.tsv" "a\\\\._b.example${TAB}invalid [U1]${TAB}a\\\\._b.example${TAB}a\\\\._b.example$TAB"
has "owners: a wildcard only first" "$tmp/owners.tsv" "a.*.example${TAB}invalid [U1]$TAB$TAB${TAB}not-analysed:DOMAIN_CHAR"
has "owners: an escaped dot after *" "$tmp/owners.tsv" "*\\\\.x.example${TAB}invalid [U1]$TAB$TAB${TAB}not-analysed:DOMAIN_CHAR"
# the wildcard's host is compared: it collides with 12.<he> though it owns no record
has "owners: the host of a wildcard in a group" "$tmp/owners.tsv" "collision${TAB}ltr$TAB$(printf '12.\327\234\327\220\327\250\327\251\327\231').example$TAB$(printf '12.\327\231\327\251\327\250\327\220\327\234').example,$(printf '\327\231\327\251\327\250\327\220\327\234').12.example"
[ "$(grep -c "^collision$TAB" "$tmp/owners.tsv")" -eq 1 ] && ok ||
    ko "owners: _dmarc.example and example make a group"
contains "owners: counted (the apex none)" "$tmp/owners.tsv" "names=11${TAB}skipped=2${TAB}valid=5${TAB}invalid=6${TAB}with_findings=2${TAB}not_analysed=2${TAB}set_aside=5$TAB"
run "owners json" 1 "$IBIDI" scan --json "$tmp/owners"
contains "owners json: the labels set aside" "$tmp/out" '{"type":"name","name":"_dmarc.example","set_aside":"_dmarc.","valid":true,"findings":[],"display":{"ltr":"example","rtl":"example"},"codes":"[]","unicode":"example","line":4}'
contains "owners json: summary" "$tmp/out" '"not_analysed":2,"set_aside":5,"ltr":'
run "owners text" 1 "$IBIDI" scan "$tmp/owners"
has "owners text: the host" "$tmp/out" "_443._tcp.www.example (host www.example): valid; ltr www.example; rtl www.example"
contains "owners text: summary" "$tmp/out" "summary: 5 owner names judged by their host names"
# a list is of host names: nothing set aside, and no set_aside figure
printf '_dmarc.example\n*.example\n' >"$tmp/owners.list"
run "a list keeps its labels" 1 "$IBIDI" scan --tsv --format names "$tmp/owners.list"
has "a list: _dmarc" "$tmp/out" "_dmarc.example${TAB}invalid [U1]${TAB}_dmarc.example${TAB}dmarc.example_$TAB"
has "a list: *" "$tmp/out" "*.example${TAB}invalid [U1]$TAB$TAB${TAB}not-analysed:DOMAIN_CHAR"
if grep -q set_aside "$tmp/out"; then ko "a list: a set_aside figure"; else ok; fi
# --against: an existing owner is looked up as its host name, a name in use
run "against owners" 1 "$IBIDI" scan --against "$tmp/owners" -- "$he.12.example" "www.example"
he_u=$(printf '\327\231\327\251\327\250\327\220\327\234')
has "against owners: the wildcard's host" "$tmp/out" "$he.12.example ($he_u.12.example): invalid [B1]; collides with 2 names: *.$he.12.example ($he_u.12.example) [same ltr rtl; invalid] line 8, 12.$he.example (12.$he_u.example) [ltr; invalid] line 9"
# one record per form in use: its first owner
has "against owners: www" "$tmp/out" "www.example: valid; collides with 1 name: _443._tcp.www.example (www.example) [same ltr rtl] line 6"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
