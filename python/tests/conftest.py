"""pytest set-up: which ibidi is tested, the project's paths, and the closing line every test
program of the project prints: "N passed, N failed" (tests/run.sh and CI read it).

By default the package of the folder above, built in place (`make -C python check`).
IBIDI_TEST_INSTALLED=1 tests the ibidi that the running Python imports (a wheel or sdist
installed in a venv: tests/test_python_install.sh), and fails if that is the source folder.
The tests read the repository's data (data/, fuzz/corpus/) and compare with its command:
IBIDI_ROOT names the checkout (default: the one these tests are in), IBIDI_BUILD its build
folder (default: build); the tests that need a missing one are skipped, saying why."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PY = os.path.dirname(HERE)
ROOT = os.path.abspath(os.environ.get("IBIDI_ROOT") or os.path.dirname(PY))
INSTALLED = os.environ.get("IBIDI_TEST_INSTALLED") == "1"
if not INSTALLED:
    sys.path.insert(0, PY)

import pytest  # noqa: E402

import ibidi  # noqa: E402

IBIDI_DIR = os.path.dirname(os.path.abspath(ibidi.__file__))
if INSTALLED and (IBIDI_DIR + os.sep).startswith(PY + os.sep):
    # a test of an installation that imports the source folder tests nothing installed
    raise RuntimeError(f"IBIDI_TEST_INSTALLED=1 but ibidi comes from the source folder "
                       f"{IBIDI_DIR}; run pytest from outside {PY}")


def command_path():
    """The command the comparisons run: IBIDI_BUILD's (a folder of ROOT or a path), else
    ROOT/build's (as test_cli_compare.py's fixture finds it)."""
    exe = os.path.join(ROOT, os.environ.get("IBIDI_BUILD", "build"), "ibidi")
    return exe if os.path.exists(exe) else os.path.join(ROOT, "build", "ibidi")


@pytest.fixture
def root():
    return ROOT


def pytest_collection_modifyitems(config, items):
    # What an installed package cannot give, the checkout must: skip, saying what is missing.
    exe = command_path()
    no_cli = None if os.access(exe, os.X_OK) else f"the command {exe} is missing (make all)"
    data = os.path.join(ROOT, "data", "samples")
    no_data = None if os.path.isdir(data) else f"the project's data {data} is missing " \
        "(IBIDI_ROOT names a checkout)"
    for item in items:
        names = getattr(item, "fixturenames", ())
        if no_cli and "cli" in names:
            item.add_marker(pytest.mark.skip(reason=no_cli))
        elif no_data and "root" in names:
            item.add_marker(pytest.mark.skip(reason=no_data))


_counts = {}
_skips = {}


def pytest_terminal_summary(terminalreporter):
    st = terminalreporter.stats
    _counts["passed"] = len(st.get("passed", []))
    _counts["failed"] = len(st.get("failed", [])) + len(st.get("error", []))
    _counts["skipped"] = len(st.get("skipped", []))
    for rep in st.get("skipped", []):
        reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        reason = reason[len("Skipped: "):] if reason.startswith("Skipped: ") else reason
        _skips[reason] = _skips.get(reason, 0) + 1


def pytest_unconfigure(config):
    # after pytest's own closing line, so that the counts are the last
    if _counts:
        where = "installed" if INSTALLED else "in place"
        print(f"info: ibidi {ibidi.__version__} {where}, {IBIDI_DIR}, Python "
              f"{sys.version.split()[0]}", flush=True)
        for reason, n in sorted(_skips.items()):
            print(f"skipped: {reason} ({n} test{'s' if n != 1 else ''})", flush=True)
        skipped = _counts["skipped"]
        print(f"{_counts['passed']} passed, {_counts['failed']} failed"
              + (f", {skipped} skipped" if skipped else ""), flush=True)
