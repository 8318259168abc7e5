"""pytest set-up: the package from the folder above (built in place by `make check`), the
project's paths, and the closing line every test program of the project prints:
"N passed, N failed" (tests/run.sh and CI read it)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PY = os.path.dirname(HERE)
ROOT = os.path.dirname(PY)
sys.path.insert(0, PY)

import pytest  # noqa: E402


@pytest.fixture
def root():
    return ROOT


_counts = {}


def pytest_terminal_summary(terminalreporter):
    st = terminalreporter.stats
    _counts["passed"] = len(st.get("passed", []))
    _counts["failed"] = len(st.get("failed", [])) + len(st.get("error", []))
    _counts["skipped"] = len(st.get("skipped", []))


def pytest_unconfigure(config):
    # after pytest's own closing line, so that this one is the last
    if _counts:
        skipped = _counts["skipped"]
        print(f"{_counts['passed']} passed, {_counts['failed']} failed"
              + (f", {skipped} skipped" if skipped else ""), flush=True)
