#!/bin/sh
# The Python package as a user installs it, offline (issue 38): `python3 -m build
# --no-isolation` gives an sdist and a wheel; the wheel goes into a fresh venv of Debian's
# python3, the sdist into another with build isolation fed from Debian's wheels
# (/usr/share/python-wheels: --no-index --find-links), and into a venv of another CPython
# >= 3.9 of the machine (pyenv's, or those IBIDI_PYTHONS names); in each, the pytest suite
# runs from outside the source tree against the installed package (IBIDI_TEST_INSTALLED=1).
# With IBIDI_PY_FULL=1 (.ci/run's phase of its own) every other CPython, each both with
# build isolation and without (the error that says what to install where setuptools is
# missing, then the build once setuptools and wheel are installed from Debian's wheels),
# and Debian's own python3 with pip install --user --break-system-packages.
# Usage: sh tests/test_python_install.sh BUILD
BUILD=${1:-build}
. tests/cli_lib.sh
# a test run by `make check` must not join that make's job server; IBIDI_BUILD would make
# setup.py link a prebuilt library instead of compiling the sdist's sources
unset MAKEFLAGS MFLAGS MAKELEVEL IBIDI_BUILD
ROOT=$(pwd)
DEBPY=/usr/bin/python3
WHEELS=/usr/share/python-wheels
DIST=/usr/lib/python3/dist-packages
export PYTHONDONTWRITEBYTECODE=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
# Nothing may come from an index: no network at build and test time.
export PIP_NO_INDEX=1

# The package compiles its own copy of the library, whatever BUILD's flags: the runs of the
# suite that make sanitize, check-nosimd and the clang build make (PYTHON_CHECK=0) would
# only repeat it.
if [ "${PYTHON_CHECK:-1}" = 0 ]; then
    echo "skipped: the Python package's installation: PYTHON_CHECK=0 (tested by make check)"
    echo "0 passed, 0 failed"
    exit 0
fi

# What the test needs of Debian; without it, it says what is missing and stops.
need=
[ -x "$DEBPY" ] || need="$need python3"
"$DEBPY" -c 'import build' 2>/dev/null || need="$need python3-build"
"$DEBPY" -c 'import venv, ensurepip' 2>/dev/null || need="$need python3-venv"
"$DEBPY" -c 'import pytest' 2>/dev/null || need="$need python3-pytest"
for w in setuptools wheel pip; do
    ls "$WHEELS/$w"-*.whl >/dev/null 2>&1 || need="$need python3-$w-whl"
done
if [ -n "$need" ]; then
    echo "skipped: the Python package's installation is not tested: missing$need" \
        "(apt-get install$need)"
    echo "0 passed, 0 failed"
    exit 0
fi

mkdir -p "$tmp/dist" "$tmp/outside"

# with_pytest VENV: Debian's pytest (python3-pytest) importable in VENV. PyPI is out of reach
# and /usr/share/python-wheels has no pytest; pytest and what it imports (pluggy, iniconfig,
# attrs, py, packaging, and before Python 3.11 tomli and exceptiongroup, which Debian's own
# 3.11 does not need: python3-exceptiongroup, which .ci/run installs) are pure Python, so
# a folder of links to them in
# Debian's dist-packages, named by a .pth file of the venv, gives the venv of any Python
# those modules alone, not the rest of dist-packages (Debian's compiled modules are 3.11's).
with_pytest() {
    d=$1/debian-pytest
    mkdir -p "$d"
    for m in pytest _pytest pluggy iniconfig attr py py.py packaging tomli exceptiongroup; do
        [ -e "$DIST/$m" ] && ln -s "$DIST/$m" "$d/$m"
    done
    site=$("$1/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    echo "$d" >"$site/debian-pytest.pth"
}

# newvenv NAME PYTHON: a fresh venv at $tmp/NAME, with pytest; 1 if it cannot be made
newvenv() {
    if "$2" -m venv "$tmp/$1" >"$tmp/$1.venv.log" 2>&1; then
        with_pytest "$tmp/$1"
    else
        ko "$1: $2 -m venv: $(tail -c 300 "$tmp/$1.venv.log")"
        return 1
    fi
}

# pipinst LABEL PYTHON ARGS...: PYTHON -m pip install -q ARGS (offline); ok or ko
pipinst() {
    label=$1
    py=$2
    shift 2
    if "$py" -m pip install -q "$@" >"$tmp/install.log" 2>&1; then
        ok
    else
        ko "$label: pip install $*: $(grep -v '^ *$' "$tmp/install.log" | tail -n 25)"
        return 1
    fi
}

# suite LABEL PYTHON [VAR=VALUE...]: the suite from outside the tree, against the ibidi
# PYTHON imports (not the source folder's: conftest.py checks); the comparisons with the
# command use $BUILD's.
suite() {
    label=$1
    py=$2
    shift 2
    if ! (cd "$tmp/outside" && "$py" -c 'import pytest') >"$tmp/pytest.log" 2>&1; then
        # the installation is still tried, by one call
        echo "skipped: $label: Debian's pytest does not import there, the suite is not run" \
            "($(tail -n 1 "$tmp/pytest.log"); apt-get install python3-exceptiongroup)"
        if (cd "$tmp/outside" && "$py" -c 'import ibidi, sys
sys.exit(ibidi.encode("\u0645\u062b\u0627\u0644.com") != b"xn--mgbh0fb.com")'); then
            ok
        else
            ko "$label: ibidi.encode failed"
        fi
        return
    fi
    (cd "$tmp/outside" && env "$@" IBIDI_TEST_INSTALLED=1 IBIDI_ROOT="$ROOT" \
        IBIDI_BUILD="$BUILD" "$py" -m pytest -q -p no:cacheprovider "$ROOT/python/tests") \
        >"$tmp/tests.log" 2>&1
    rc=$?
    last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/tests.log" | tail -n 1)
    case "$last" in
        [1-9]*" passed, 0 failed"*)
            if [ "$rc" -eq 0 ]; then ok; else ko "$label: pytest exit $rc after '$last'"; fi ;;
        *) ko "$label: $(tail -n 30 "$tmp/tests.log")" ;;
    esac
    grep -E '^info: ibidi' "$tmp/tests.log" | sed "s|^info: |info: $label: |"
    grep -E '^skipped: ' "$tmp/tests.log" | sed "s|^skipped: |skipped: $label: |"
    echo "compared: $label: the Python suite, $last"
}

# 1. sdist and wheel, as a user makes them from the repository
if (cd "$ROOT" && "$DEBPY" -m build --no-isolation --outdir "$tmp/dist" python) \
    >"$tmp/build.log" 2>&1; then
    ok
else
    ko "python3 -m build --no-isolation: $(tail -n 30 "$tmp/build.log")"
fi
sdist=$(ls "$tmp"/dist/ibidi-*.tar.gz 2>/dev/null)
wheel=$(ls "$tmp"/dist/ibidi-*.whl 2>/dev/null)
version=$(sed -n 's/^#define IBIDI_VERSION_STRING "\(.*\)"/\1/p' include/ibidi/common.h)
case "$sdist" in */ibidi-"$version".tar.gz) ok ;; *) ko "sdist: '$sdist'" ;; esac
case "$wheel" in */ibidi-"$version"-cp3*-linux_*.whl) ok ;; *) ko "wheel: '$wheel'" ;; esac

# what they carry: the library's sources, the build backend, the stubs, the license
if [ -n "$sdist" ]; then
    tar tzf "$sdist" >"$tmp/sdist.txt"
    for f in setup.py pyproject.toml build_backend/ibidi_build.py ibidi/_ibidi.c \
        ibidi/__init__.pyi ibidi/py.typed libibidi/include/ibidi.h libibidi/LICENSE \
        libibidi/src/common/codes.c libibidi/src/unicode/ucd_tables.c; do
        grep -qx "ibidi-$version/$f" "$tmp/sdist.txt" && ok || ko "sdist lacks $f"
    done
    # the library's folders, exactly: those of the Makefile's LIB_SRC (src/cli is not one)
    want=$(sed -n '/^LIB_SRC *:=/,/))/p' Makefile | grep -o 'src/[a-z0-9_]*/' | sort -u |
        tr '\n' ' ')
    got=$(sed -n "s|^ibidi-$version/libibidi/\(src/[a-z0-9_]*/\).*\.c$|\1|p" "$tmp/sdist.txt" |
        sort -u | tr '\n' ' ')
    [ -n "$want" ] && [ "$want" = "$got" ] && ok || ko "sdist's folders '$got', LIB_SRC's '$want'"
fi
if [ -n "$wheel" ]; then
    "$DEBPY" -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' \
        "$wheel" >"$tmp/wheel.txt"
    for f in ibidi/__init__.py ibidi/__init__.pyi ibidi/_ibidi.pyi ibidi/py.typed \
        "ibidi-$version.dist-info/LICENSE"; do
        grep -qx "$f" "$tmp/wheel.txt" && ok || ko "wheel lacks $f"
    done
    grep -q '^ibidi/_ibidi\.cpython-.*\.so$' "$tmp/wheel.txt" && ok || ko "wheel lacks the module"
fi

# 2. the wheel into a fresh venv of Debian's python3
if [ -n "$wheel" ] && newvenv deb-wheel "$DEBPY"; then
    pipinst "Debian venv, wheel" "$tmp/deb-wheel/bin/python" "$wheel" &&
        suite "Debian python3 venv, wheel" "$tmp/deb-wheel/bin/python"
fi

# 3. the sdist into another, built with isolation from Debian's wheels alone
if [ -n "$sdist" ] && newvenv deb-sdist "$DEBPY"; then
    pipinst "Debian venv, sdist" "$tmp/deb-sdist/bin/python" --find-links "$WHEELS" "$sdist" &&
        suite "Debian python3 venv, sdist (isolated build)" "$tmp/deb-sdist/bin/python"
fi

# (IBIDI_PY_FULL=1) and into a third without isolation: the venv's setuptools (Debian's),
# with bdist_wheel from Debian's wheel-*.whl, since a venv has no wheel package
if [ "${IBIDI_PY_FULL:-0}" = 1 ] && [ -n "$sdist" ] && newvenv deb-noiso "$DEBPY"; then
    pipinst "Debian venv, sdist without isolation" "$tmp/deb-noiso/bin/python" \
        --no-build-isolation "$sdist" &&
        suite "Debian python3 venv, sdist (no isolation)" "$tmp/deb-noiso/bin/python"
fi

# 4. other CPythons >= 3.9 with Python.h: pyenv's and those IBIDI_PYTHONS names, newest first
others=$(for p in ${IBIDI_PYTHONS:-} "${PYENV_ROOT:-$HOME/.pyenv}"/versions/*/bin/python3; do
    [ -x "$p" ] || continue
    "$p" -c 'import os, sys, sysconfig
ok = sys.implementation.name == "cpython" and sys.version_info >= (3, 9)
ok = ok and os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))
print("%d.%03d.%03d %s" % (sys.version_info[:3] + (os.path.realpath(sys.executable),)) if ok else "")
' 2>/dev/null
done | sort -r -u | while read -r v p; do
    [ -n "$p" ] && [ "$p" != "$(readlink -f "$DEBPY")" ] && echo "$p"
done)
if [ -z "$others" ]; then
    echo "skipped: no CPython >= 3.9 other than Debian's (pyenv's, or IBIDI_PYTHONS): the" \
        "package is tested with Debian's python3 alone"
elif [ "${IBIDI_PY_FULL:-0}" != 1 ]; then
    echo "info: the newest other CPython alone; IBIDI_PY_FULL=1 (.ci/run) tests each of:" \
        $others
    others=$(echo "$others" | head -n 1)
fi
n=0
for p in $others; do
    n=$((n + 1))
    v=$("$p" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')
    if [ -n "$sdist" ] && newvenv "o$n-iso" "$p"; then
        pipinst "CPython $v venv, sdist" "$tmp/o$n-iso/bin/python" --find-links "$WHEELS" \
            "$sdist" && suite "CPython $v venv, sdist (isolated build)" "$tmp/o$n-iso/bin/python"
    fi
    [ "${IBIDI_PY_FULL:-0}" = 1 ] || continue
    # without isolation: the venv's own setuptools (58 or 65 without wheel on 3.9-3.11, whose
    # bdist_wheel setup.py takes from Debian's wheel-*.whl), or none (3.12 and later): then
    # the build says what to install, and builds once it is installed
    if [ -n "$sdist" ] && newvenv "o$n-noiso" "$p"; then
        vp=$tmp/o$n-noiso/bin/python
        if ! "$vp" -c 'import setuptools' 2>/dev/null; then
            "$vp" -m pip install --no-build-isolation "$sdist" >"$tmp/install.log" 2>&1
            rc=$?
            # the message may be wrapped by pip's frame: look for the words alone
            if [ "$rc" -ne 0 ] && tr -s ' \n' ' ' <"$tmp/install.log" | grep -qF -- \
                "pip install --no-index --find-links $WHEELS setuptools wheel"; then
                ok
            else
                ko "CPython $v without setuptools: exit $rc, not what to install:" \
                    "$(tail -n 20 "$tmp/install.log")"
            fi
            pipinst "CPython $v venv, setuptools and wheel" "$vp" --find-links "$WHEELS" \
                setuptools wheel
        fi
        pipinst "CPython $v venv, sdist without isolation" "$vp" --no-build-isolation "$sdist" &&
            suite "CPython $v venv, sdist (no isolation)" "$vp"
    fi
done

# 5. Debian's python3 itself, --user (PEP 668: with --break-system-packages) into a user base
#    of the test's own, with Debian's setuptools and wheel, without isolation
if [ "${IBIDI_PY_FULL:-0}" = 1 ] && [ -n "$sdist" ]; then
    # (setuptools before pip: Debian's pip imports the standard library's distutils, which
    # setuptools then refuses)
    if "$DEBPY" -c 'import setuptools, wheel, pip' 2>/dev/null; then
        export PYTHONUSERBASE="$tmp/userbase"
        pipinst "Debian python3 --user" "$DEBPY" --user --break-system-packages \
            --no-build-isolation "$sdist" &&
            suite "Debian python3 --user, sdist (no isolation)" "$DEBPY"
        unset PYTHONUSERBASE
    else
        echo "skipped: Debian's python3 --user: python3-pip, python3-setuptools or" \
            "python3-wheel is missing"
    fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
