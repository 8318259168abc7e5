"""Build of the ibidi package: the extension ibidi._ibidi with libibidi compiled in.

The package builds by itself, offline: it compiles the library's C sources (no `make`
first, nothing downloaded) and links them statically, with expat (Debian: libexpat1-dev).

- From the repository, the library's sources are copied into libibidi/ (git-ignored):
  include/ and the folders of src/ that the Makefile's LIB_SRC names (the one list of the
  library's folders; src/cli is the command's, not the library's). Only files that changed
  are copied, so that the objects of an earlier build stay valid.
- From an unpacked sdist, that copy is already there (the sdist carries it: MANIFEST.in)
  and is what is compiled.
- IBIDI_BUILD=<dir> links <dir>/libibidi.a, built by the project's Makefile, instead of
  compiling the sources again: what `make -C python check` does (python/Makefile), since
  `make` has just built those objects.

setuptools < 70.1 makes wheels with the `wheel` package's bdist_wheel; where it is not
installed (the venvs of python.org and pyenv CPythons 3.9-3.11 have setuptools but not
wheel), Debian's copy from python3-wheel-whl is used, or the build stops saying what to
install. Metadata are here rather than in pyproject.toml's [project] table, which
setuptools reads only from 61 on (3.9's venvs have 58).
"""
import glob
import os
import re
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import Command, Extension, setup
from setuptools.command.build_clib import build_clib
from setuptools.command.build_ext import build_ext
from setuptools.command.install import install

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
COPY = os.path.join(HERE, "libibidi")  # the library's sources, as the sdist carries them
DEBIAN_WHEELS = "/usr/share/python-wheels"  # python3-*-whl: pip, setuptools, wheel

# The project's flags for the library (the Makefile's WARN, CPPFLAGS and -fvisibility=hidden),
# after Python's own CFLAGS: -O2 over their -O3, and -UNDEBUG since the Makefile's builds
# keep the library's assertions, which Python's -DNDEBUG would remove.
LIB_CFLAGS = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-O2",
              "-fvisibility=hidden", "-UNDEBUG"]
LIB_MACROS = [("_POSIX_C_SOURCE", "200809L")]
# The extension's: C11 and the project's warnings as errors; -Wpedantic is left out because
# Python's own headers do not pass it (they cast function pointers, PyCFunction).
EXT_CFLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-cast-function-type",
              "-Wno-missing-field-initializers"]
if sys.version_info < (3, 10):
    # Py_NewRef and Py_XNewRef came with 3.10: compat/python39.h gives them to 3.9.
    EXT_CFLAGS += ["-include", os.path.join("compat", "python39.h")]
# The extension's C files: every ibidi/*.c, so that a new one needs no change here.
EXT_SOURCES = sorted(os.path.relpath(p, HERE)
                     for p in glob.glob(os.path.join(HERE, "ibidi", "*.c")))


def in_repository():
    """True when this python/ folder is the repository's (not an unpacked sdist's)."""
    mine = os.path.join(ROOT, "python", "setup.py")
    return (os.path.isfile(os.path.join(ROOT, "Makefile"))
            and os.path.isdir(os.path.join(ROOT, "include", "ibidi"))
            and os.path.isfile(mine) and os.path.samefile(mine, __file__))


def lib_folders(makefile):
    """The src/ folders of the library: those of the Makefile's LIB_SRC wildcards."""
    with open(makefile, encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    m = re.search(r"^LIB_SRC\s*:=\s*\$\(sort\s+\$\(wildcard\s+([^)]*)\)\)", text, re.M)
    if not m:
        raise SystemExit(f"{makefile}: no 'LIB_SRC := $(sort $(wildcard ...))' to read the "
                         "library's folders from")
    folders = []
    for pattern in m.group(1).split():
        p = re.fullmatch(r"src/([A-Za-z0-9_]+)/\*\.c", pattern)
        if not p:
            raise SystemExit(f"{makefile}: LIB_SRC has {pattern!r}, not src/<folder>/*.c")
        folders.append(p.group(1))
    return folders


def mirror(src, dst, keep=(".c", ".h")):
    """Makes dst/ hold the files of src/ (recursively) ending in keep: copies those that
    differ (with their times, so that older objects are rebuilt) and removes the others."""
    wanted = set()
    for d, _, files in os.walk(src):
        for name in files:
            if name.endswith(keep):
                rel = os.path.relpath(os.path.join(d, name), src)
                wanted.add(rel)
                s, t = os.path.join(src, rel), os.path.join(dst, rel)
                if not os.path.exists(t) or not same_file_content(s, t):
                    os.makedirs(os.path.dirname(t), exist_ok=True)
                    shutil.copy2(s, t)
    for d, _, files in os.walk(dst):
        for name in files:
            rel = os.path.relpath(os.path.join(d, name), dst)
            if rel not in wanted:
                os.remove(os.path.join(dst, rel))


def same_file_content(a, b):
    if os.path.getsize(a) != os.path.getsize(b):
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def copy_library_sources():
    """The repository's library sources into libibidi/ (see the module's docstring)."""
    folders = lib_folders(os.path.join(ROOT, "Makefile"))
    for name in folders:
        mirror(os.path.join(ROOT, "src", name), os.path.join(COPY, "src", name))
    for name in os.listdir(os.path.join(COPY, "src")):
        if name not in folders:  # a folder the library no longer has
            shutil.rmtree(os.path.join(COPY, "src", name))
    mirror(os.path.join(ROOT, "include"), os.path.join(COPY, "include"))
    shutil.copy2(os.path.join(ROOT, "LICENSE"), os.path.join(COPY, "LICENSE"))


def version(include):
    with open(os.path.join(include, "ibidi", "common.h"), encoding="utf-8") as f:
        m = re.search(r'^#define IBIDI_VERSION_STRING "([^"]+)"', f.read(), re.M)
    if not m:
        raise SystemExit(f"{include}/ibidi/common.h: no IBIDI_VERSION_STRING")
    return m.group(1)


class build_clib_parallel(build_clib):
    """setuptools' build_clib compiles every source again, one at a time, when any is out of
    date; the library has some 60 files (a few of them megabytes of Unicode tables), so this
    one compiles only the objects older than their source or a header, on every processor.
    Each source is given with "depends" (the headers) rather than setuptools' obj_deps."""

    def build_libraries(self, libraries):
        for name, info in libraries:
            sources = sorted(info["sources"])
            depends = info.get("depends", [])
            newest_dep = max((os.path.getmtime(d) for d in depends), default=0)
            objects = self.compiler.object_filenames(sources, output_dir=self.build_temp)
            stale = [s for s, o in zip(sources, objects)
                     if not os.path.exists(o)
                     or os.path.getmtime(o) < max(os.path.getmtime(s), newest_dep)]
            for o in objects:  # made here, not by the threads at once
                os.makedirs(os.path.dirname(o), exist_ok=True)

            def compile_one(source):
                self.compiler.compile([source], output_dir=self.build_temp,
                                      macros=info.get("macros"),
                                      include_dirs=info.get("include_dirs"),
                                      extra_postargs=info.get("cflags"), debug=self.debug)

            if hasattr(os, "sched_getaffinity"):
                jobs = len(os.sched_getaffinity(0))
            else:
                jobs = os.cpu_count() or 1
            with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
                for _ in pool.map(compile_one, stale):  # raises the first failure
                    pass
            self.compiler.create_static_lib(objects, name, output_dir=self.build_clib,
                                            debug=self.debug)


class build_ext_with_lib(build_ext):
    """`setup.py build_ext` alone (--inplace, or an editable install) builds the library
    first too (`build` runs build_clib before build_ext), and the extension links the
    archive by its path, before expat: setuptools' own -libidi comes after -lexpat with
    some versions (58 with Python 3.9's distutils), which leaves expat's symbols undefined."""

    def run(self):
        if self.distribution.has_c_libraries():
            self.run_command("build_clib")
            clib = self.get_finalized_command("build_clib")
            archives = [clib.compiler.library_filename(name, lib_type="static",
                                                       output_dir=clib.build_clib)
                        for name in clib.get_library_names()]
            for ext in self.extensions:
                ext.extra_objects = archives + list(ext.extra_objects or [])
                ext.depends = archives + list(ext.depends or [])
        super().run()


class install_with_layout(install):
    """Debian's setuptools (python3-setuptools-whl, which pip puts in the isolated build
    environment of --find-links /usr/share/python-wheels) reads the install command's
    install_layout and prefix_option, which only Debian's own Python's distutils add; with
    another Python (a pyenv CPython) the wheel's install_lib and install_egg_info stop with
    "AttributeError: install_layout". None is what they are when not given: the usual
    layout, no --prefix."""

    def initialize_options(self):
        super().initialize_options()
        for name in ("install_layout", "prefix_option"):
            if not hasattr(self, name):
                setattr(self, name, None)


def wheel_message():
    import setuptools
    return (f"building a wheel with setuptools {setuptools.__version__} needs the 'wheel' "
            f"package (setuptools 70.1 and later need none), which {sys.executable} does not "
            f"have. Install it, offline from Debian's wheels (apt-get install "
            f"python3-wheel-whl python3-setuptools-whl):\n"
            f"    {sys.executable} -m pip install --no-index --find-links {DEBIAN_WHEELS} "
            f"setuptools wheel\n"
            f"or from an index: {sys.executable} -m pip install wheel")


class bdist_wheel_missing(Command):
    """Stands for bdist_wheel when no package provides it: says what to install."""
    description = "make a wheel (needs the 'wheel' package with this setuptools)"
    user_options = []

    def initialize_options(self):
        pass

    def finalize_options(self):
        pass

    def run(self):
        raise SystemExit("error: " + wheel_message())


def bdist_wheel_commands():
    """{} where setuptools or an installed 'wheel' package provides bdist_wheel; else the
    bdist_wheel of Debian's wheel-*.whl, imported from the archive (wheel is pure Python and
    only writes the archive: the compiled code does not depend on it); else a command that
    says what to install."""
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  setuptools >= 70.1
        return {}
    except ImportError:
        pass
    try:
        import wheel.bdist_wheel  # noqa: F401
        return {}
    except ImportError:
        pass
    for whl in sorted(glob.glob(os.path.join(DEBIAN_WHEELS, "wheel-*.whl")), reverse=True):
        sys.path.append(whl)
        try:
            from wheel.bdist_wheel import bdist_wheel
        except ImportError:
            sys.path.remove(whl)
            continue
        print(f"ibidi: no 'wheel' package installed: using bdist_wheel from {whl}",
              file=sys.stderr)
        return {"bdist_wheel": bdist_wheel}
    return {"bdist_wheel": bdist_wheel_missing}


cmdclass = {"build_clib": build_clib_parallel, "build_ext": build_ext_with_lib,
            "install": install_with_layout}
cmdclass.update(bdist_wheel_commands())

PREBUILT = os.environ.get("IBIDI_BUILD")
if PREBUILT:
    STATIC = os.path.join(PREBUILT, "libibidi.a")
    if not os.path.exists(STATIC):
        raise SystemExit(f"IBIDI_BUILD={PREBUILT}: no libibidi.a there (make -C {ROOT} all)")
    INCLUDE = os.path.join(ROOT, "include")
    libraries = []
    ext_link = {"extra_objects": [STATIC], "libraries": ["expat"]}
    depends = [STATIC] + sorted(glob.glob(os.path.join(INCLUDE, "**", "*.h"), recursive=True))
else:
    if in_repository():
        copy_library_sources()
    elif not os.path.isdir(os.path.join(COPY, "src")):
        raise SystemExit(f"{COPY}: the library's sources are missing; build from the "
                         "repository's python/ folder or from an sdist made there")
    INCLUDE = os.path.join(COPY, "include")
    lib_sources = sorted(glob.glob(os.path.join(COPY, "src", "*", "*.c")))
    lib_headers = sorted(glob.glob(os.path.join(COPY, "src", "*", "*.h"))
                         + glob.glob(os.path.join(INCLUDE, "**", "*.h"), recursive=True))
    rel = lambda paths: [os.path.relpath(p, HERE) for p in paths]  # noqa: E731
    libraries = [("ibidi", {
        "sources": rel(lib_sources),
        "depends": rel(lib_headers),
        "include_dirs": rel([INCLUDE, os.path.join(COPY, "src")]),
        "macros": LIB_MACROS,
        "cflags": LIB_CFLAGS,
    })]
    # build_ext_with_lib puts build_clib's archive among the objects, before -lexpat
    ext_link = {"libraries": ["expat"]}
    depends = rel(lib_headers)

ext = Extension(
    "ibidi._ibidi",
    sources=EXT_SOURCES,
    include_dirs=[os.path.relpath(INCLUDE, HERE)] if not PREBUILT else [INCLUDE],
    extra_compile_args=EXT_CFLAGS,
    # the library's objects are position-independent: the module needs no libibidi.so
    extra_link_args=["-pthread"],
    depends=depends,
    **ext_link,
)

with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
    long_description = f.read()

setup(
    name="ibidi",
    version=version(INCLUDE),
    description="IDNA2008/UTS #46 with the RFC 5893 Bidi Rule, UAX #9 and bidi ambiguity, "
                "over libibidi",
    long_description=long_description,
    long_description_content_type="text/markdown",
    license="MIT",
    license_files=["libibidi/LICENSE"],
    python_requires=">=3.9",
    packages=["ibidi"],
    package_data={"ibidi": ["py.typed", "*.pyi"]},
    libraries=libraries,
    ext_modules=[ext],
    cmdclass=cmdclass,
    zip_safe=False,
)
