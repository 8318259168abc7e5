"""The package's build backend: setuptools' (setuptools.build_meta), re-exported.

It exists for one case: a build without isolation (pip install --no-build-isolation, python
-m build --no-isolation) by a Python that has no setuptools, as the venvs of CPython 3.12
and later have none. pip would only say that it cannot import setuptools.build_meta; this
says what to install, offline too.
"""
import sys

try:
    from setuptools.build_meta import *  # noqa: F401,F403
except ImportError as e:
    raise SystemExit(
        f"error: building ibidi needs setuptools (and, with setuptools < 70.1, wheel), which "
        f"{sys.executable} cannot import ({e}). Install them, offline from Debian's wheels "
        f"(apt-get install python3-setuptools-whl python3-wheel-whl):\n"
        f"    {sys.executable} -m pip install --no-index --find-links /usr/share/python-wheels "
        f"setuptools wheel\n"
        f"or build with isolation, which installs them for the build alone:\n"
        f"    {sys.executable} -m pip install --no-index --find-links /usr/share/python-wheels "
        f"<the ibidi folder or sdist>") from None
