#!/bin/sh
# The wasm build's expat (`make web`): Debian 12's source package of expat, fetched from
# Debian's mirror with apt-get and unpacked with dpkg-source into DIR. Leaves
# DIR/source/expat/lib (expat's own sources, Debian's patches applied) and DIR/version.
#
# - apt-get runs on a sources list and with lists and a cache of its own, all in DIR: the
#   system's apt configuration, lists and cache are neither read for sources nor changed.
#   It checks the files it fetches against the Sources index of the signed Release file;
#   dpkg-source checks them again against the .dsc's checksums and applies Debian's patches.
# - bookworm-security and bookworm-updates are asked too: the newest version listed is
#   taken, and the next one when the mirror does not serve it (a security update listed
#   before its files are there, a mirror that holds bookworm alone).
# - Once DIR/source is there nothing is fetched again (a build offline goes on): remove
#   DIR to fetch anew.
# - As root or as any user (apt-get reads and writes only DIR then).
# DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR name other mirrors.
# Usage: sh tools/fetch_expat.sh DIR
set -u
dir=${1:?usage: sh tools/fetch_expat.sh DIR}
[ -f "$dir/source/expat/lib/expat.h" ] && exit 0
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

fail() {
    echo "fetch_expat: $*" >&2
    echo "fetch_expat: the wasm build compiles Debian 12's expat source, not yet in $dir." >&2
    echo "fetch_expat: run \`sh tools/fetch_expat.sh $dir\` where Debian's mirror ($mirror) answers," >&2
    echo "fetch_expat: or name a folder of expat's source that has lib/xmlparse.c (expat-2.5.0/expat" >&2
    echo "fetch_expat: of \`apt-get source expat\` on Debian 12): make web EXPAT_SRC=FOLDER" >&2
    exit 1
}
for p in apt-get:apt apt-cache:apt dpkg-source:dpkg-dev; do
    command -v "${p%%:*}" >/dev/null 2>&1 ||
        fail "${p%%:*} not found: apt-get install -y ${p#*:}"
done

mkdir -p "$dir" || fail "cannot make $dir"
dir=$(cd "$dir" && pwd) # apt-get wants whole paths
apt=$dir/apt
rm -rf "$apt" "$dir/download"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dir/download" || fail "cannot write in $dir"
signed=
[ -f /usr/share/keyrings/debian-archive-keyring.gpg ] &&
    signed=" [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]"
cat >"$apt/sources.list" <<EOF
deb-src$signed $mirror bookworm main
deb-src$signed $mirror bookworm-updates main
deb-src$signed $security bookworm-security main
EOF
set -- -q -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
echo "fetch_expat: the Sources lists of bookworm, bookworm-updates and bookworm-security"
# a list that could not be had (a mirror without bookworm-security) is not the end: the
# versions of the others are tried
apt-get "$@" update || echo "fetch_expat: some lists could not be read (above); going on with the others"
versions=$(apt-cache "$@" showsrc expat 2>/dev/null | sed -n 's/^Version: //p' | sort -u -r -V)
[ -n "$versions" ] || fail "no source package expat in the lists read: was the mirror reached (above)?"
got=
for v in $versions; do
    echo "fetch_expat: expat $v"
    # as root apt fetches as its user _apt, who cannot write into our folder: it would
    # warn and fetch as root; it does so without the warning
    if (cd "$dir/download" && apt-get "$@" -o APT::Sandbox::User="$(id -un)" source --download-only "expat=$v"); then
        got=$v
        break
    fi
    echo "fetch_expat: expat $v is listed but not served; the next version"
    find "$dir/download" -type f ! -name '*.orig.tar.*' -exec rm -f {} +
done
[ -n "$got" ] || fail "no version of expat could be fetched"
dsc=$(cd "$dir/download" && ls expat_*.dsc)
# The .dsc is signed by its uploader, whose key is in the package debian-keyring; without
# it dpkg-source warns that it cannot check the signature. The files were checked already
# by apt (the hashes of the Sources index, under the Release file's signature), and
# dpkg-source checks them against the .dsc's SHA-256 sums.
(cd "$dir/download" && dpkg-source --require-strong-checksums -x "$dsc" source.tmp) ||
    fail "dpkg-source -x $dsc failed (above)"
[ -f "$dir/download/source.tmp/expat/lib/xmlparse.c" ] || fail "$dsc has no expat/lib/xmlparse.c"
# testdata/ (80 MB: the W3C XML test suite) is not built from
rm -rf "$dir/download/source.tmp/testdata"
mv "$dir/download/source.tmp" "$dir/source" || fail "cannot move the source into $dir/source"
echo "$got" >"$dir/version"
rm -rf "$apt" # the lists (20 MB) served this fetch only
echo "fetch_expat: expat $got in $dir/source"
