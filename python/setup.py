"""Build of the ibidi extension: ibidi._ibidi over libibidi, linked statically.

The library is built by the project's Makefile (`make -C .. all`, which `make -C python
check` runs first); nothing is downloaded: `pip install --no-build-isolation ./python` or
`python3 -m build --no-isolation` use the setuptools already installed (Debian's).
IBIDI_ROOT names another checkout or build of the library (default: the parent folder).
"""
import os

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("IBIDI_ROOT", os.path.dirname(HERE))
BUILD = os.environ.get("IBIDI_BUILD", os.path.join(ROOT, "build"))
STATIC = os.path.join(BUILD, "libibidi.a")

if not os.path.exists(STATIC):
    raise SystemExit(f"{STATIC} is missing: build the library first (make -C {ROOT} all)")

ext = Extension(
    "ibidi._ibidi",
    sources=["ibidi/_ibidi.c"],
    include_dirs=[os.path.join(ROOT, "include")],
    # C11 and the project's warnings, as errors; -Wpedantic is left out because Python's
    # own headers do not pass it (they cast function pointers, PyCFunction).
    extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-cast-function-type",
                        "-Wno-missing-field-initializers"],
    # libibidi.a's objects are -fPIC: the module needs no libibidi.so at run time.
    extra_objects=[STATIC],
    libraries=["expat"],
    extra_link_args=["-pthread"],
    depends=[STATIC] + [os.path.join(ROOT, "include", "ibidi", h)
                        for h in os.listdir(os.path.join(ROOT, "include", "ibidi"))],
)

setup(ext_modules=[ext])
