"""ibidi.batch and ibidi.pandas (issue 38, "where names already live"): every result equals
the scalar call's, name by name, on the bundled samples, the IdnaTestV2 sources and hostile
texts; the result has the input's form (list, NumPy array, Series with its index and name);
missing values come back as they are; errors are the scalar calls' own; threads calling at
once get the same results; and the list forms work without NumPy and pandas."""
import os
import re
import subprocess
import sys
import threading

import pytest

import ibidi
import ibidi.batch as B

np = pytest.importorskip("numpy")
pd = pytest.importorskip("pandas")
import ibidi.pandas  # noqa: E402,F401  (registers Series.ibidi)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# the folder of the ibidi imported here (the source folder, or an installed package's), for
# the child processes, which must import the same one
PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(ibidi.__file__)))

ESC = re.compile(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}")


def sample_names():
    out = []
    for f in ("names.txt", "identifiers.txt"):
        with open(os.path.join(ROOT, "data/samples", f), encoding="utf-8") as fh:
            for line in fh:
                n = line.split("#", 1)[0].strip()
                if n:
                    out.append(n)
    with open(os.path.join(ROOT, "data/samples/zone.txt"), encoding="utf-8") as fh:
        for line in fh:  # the owner names of the zone, as written
            if line[:1] not in ("", ";", "$", " ", "\t", "\n"):
                out.append(line.split()[0])
    return out


def idnatest_sources():
    out = []
    path = os.path.join(ROOT, "data/ucd/17.0.0/idna/IdnaTestV2.txt")
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                src = line.split(";")[0].strip()
                out.append("" if src == '""' else
                           ESC.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), src))
    return out


HOSTILE = ["", ".", "..", "a.", "a..", "\ud800", "a\udc80.com", "\u05d0\ud800", "x" * 300,
           "\u05d0" * 3000, "a." * 2000, "\u00bd" * 700, "xn--", "xn--9" * 100, "\x00",
           " a.com ", "a#b", "\u3002", "\uff0e\uff0e", "\U0010fffd.com", "\u202e.com",
           b"\xff", b"a.\xd7\x90\xc3", bytearray("\u05d0.com", "utf-8"), b"xn--mgbh0fb.com",
           "\u05d0-1." * 40]
SAMPLES = sample_names()
IDNATEST = idnatest_sources()
ALL = SAMPLES + IDNATEST + HOSTILE


def short(x):
    r = repr(x)
    return r if len(r) <= 120 else r[:120] + "..."


def outcome(fn, *a, **kw):
    try:
        return fn(*a, **kw)
    except (ibidi.IDNAError, ibidi.Error):
        return None


# ---- equal to the scalar calls ---------------------------------------------------------------


@pytest.mark.parametrize("profile", ibidi.PROFILES)
def test_idna_equal_to_scalar(profile):
    assert len(SAMPLES) > 50 and len(IDNATEST) > 6000
    for transitional in (False, True):
        kw = dict(transitional=transitional)
        asc = B.to_ascii(ALL, profile, **kw)
        uni = B.to_unicode(ALL, profile, **kw)
        for n, a, u in zip(ALL, asc, uni):
            e = outcome(ibidi.encode, n, profile, **kw)
            assert a == (e.decode("ascii") if e is not None else None), (profile, n)
            assert u == outcome(ibidi.decode, n, profile, **kw), (profile, n)


@pytest.mark.parametrize("profile", ibidi.PROFILES)
def test_validity_and_codes_equal_to_check(profile):
    names = SAMPLES + IDNATEST[::7] + HOSTILE
    for fqdn in (False, True):
        valid = B.is_valid(names, profile, fqdn=fqdn)
        codes = B.codes(names, profile, fqdn=fqdn)
        for n, v, c in zip(names, valid, codes):
            try:
                r = ibidi.check(n, profile, kind="domain", exact=False, fqdn=fqdn)
            except ibidi.Error as e:  # a lone surrogate: check cannot take it
                assert e.code == "CP_SURROGATE"
                assert v is False and c == "[CP_SURROGATE]", short(n)
                continue
            # valid exactly when ToASCII finds no error (of the name less its root label)
            if not fqdn:
                assert v == (outcome(ibidi.encode, n, profile) is not None), short(n)
            assert v is r.valid, (profile, fqdn, short(n))
            assert c == r.codes, (profile, fqdn, short(n))


def scan_lines(names):
    """The names `ibidi scan` reads as they are: text, no comment, no blank around, no lone
    surrogate (the scan refuses those)."""
    out = []
    for n in names:
        if isinstance(n, (bytes, bytearray)):
            continue
        if n and n == n.strip(" \t\r") and "#" not in n and "\n" not in n and \
                not any(0xD800 <= ord(c) <= 0xDFFF for c in n):
            out.append(n)
    return out


def test_scan_keys_equal_to_scan_records():
    names = scan_lines(ALL)
    recs = [r for r in ibidi.scan(names) if r.type == "name"]
    assert len(recs) == len(names)
    ltr, rtl = B.display_key(names, "ltr"), B.display_key(names, "rtl")
    valid = B.is_valid(names, fqdn=True)
    codes = B.codes(names, fqdn=True)
    for n, r, d0, d1, v, c in zip(names, recs, ltr, rtl, valid, codes):
        assert r.name == n
        assert (d0, d1) == (r.display["ltr"], r.display["rtl"]), short(n)
        assert v is r.valid and c == r.codes, short(n)
        if d0 is not None:  # the visual form of the Unicode form
            assert d0 == ibidi.display(r.unicode, "ltr") and d1 == ibidi.display(r.unicode, "rtl")
    # the look-alike keys: the bidi skeletons of the same forms, where a display is made
    for ctx in ("ltr", "rtl"):
        for n, r, k in zip(names, recs, B.look_alike_key(names, ctx)):
            want = None if r.display[ctx] is None else ibidi.skeleton(r.unicode, ctx)
            assert k == want, (ctx, short(n))


def test_look_alike_keys_make_the_command_groups(root):
    # the groups of names.txt by look-alike key are those of `ibidi scan --look-alike-groups`
    import json
    path = os.path.join(root, "data/samples/names.txt")
    exe = os.path.join(root, "build", "ibidi")
    p = subprocess.run([exe, "scan", "--look-alike-groups", "--json", path],
                       capture_output=True, text=True, timeout=120)
    want = set()
    for line in p.stdout.splitlines():
        rec = json.loads(line)
        if rec["type"] == "look_alike_collision":
            want.add((rec["context"], rec["skeleton"], tuple(rec["names"])))
    assert want
    with open(path, encoding="utf-8") as f:
        names = [r for r in ibidi.scan(f) if r.type == "name"]
    got = set()
    for ctx in ("ltr", "rtl"):
        groups = {}
        for r, k in zip(names, B.look_alike_key([r.name for r in names], ctx)):
            if k is not None:
                groups.setdefault(k, set()).add(r.unicode)
        got |= {(ctx, k, tuple(sorted(v, key=lambda x: x.encode())))
                for k, v in groups.items() if len(v) > 1}
    assert got == want


@pytest.mark.parametrize("context", (None, "ltr", "rtl"))
def test_skeleton_equal_to_scalar(context):
    names = SAMPLES + IDNATEST[::3] + HOSTILE
    got = B.skeleton(names, context)
    for n, s in zip(names, got):
        assert s == outcome(ibidi.skeleton, n, context), (context, n)


# ---- forms of input and output ---------------------------------------------------------------

NAMES = ["مثال.إختبار", "example.com", "123.עברית.com", "xn--mgbh0fb.com", "ססו.com"]
WANT = ["xn--mgbh0fb.xn--kgbechtv", "example.com", None, "xn--mgbh0fb.com", "xn--9dbxa.com"]


def test_list_tuple_generator_give_lists():
    for names in (NAMES, tuple(NAMES), (n for n in NAMES), iter(NAMES)):
        assert B.to_ascii(names) == WANT
    assert B.is_valid(NAMES) == [True, True, False, True, True]
    assert B.to_ascii([]) == [] and B.is_valid(()) == [] and B.skeleton(iter([])) == []
    assert B.to_unicode([n.encode() for n in NAMES]) == [
        "مثال.إختبار", "example.com", None, "مثال.com", "ססו.com"]


def test_numpy_arrays():
    for arr in (np.array(NAMES, dtype=object), np.array(NAMES), np.array(NAMES, dtype="U40")):
        got = B.to_ascii(arr)
        assert isinstance(got, np.ndarray) and got.dtype == object and got.shape == (5,)
        assert got.tolist() == WANT
        v = B.is_valid(arr)
        assert v.dtype == bool and v.tolist() == [True, True, False, True, True]
    two = np.array(NAMES[:4]).reshape(2, 2)
    assert B.to_ascii(two).shape == (2, 2) and B.to_ascii(two)[1, 1] == WANT[3]
    assert B.is_valid(two).shape == (2, 2)
    assert B.to_ascii(np.array([], dtype=object)).shape == (0,)
    assert B.is_valid(np.array([], dtype="U1")).dtype == bool
    assert B.to_ascii(np.array([b"example.com", b"\xff"])).tolist() == ["example.com", None]


def test_series_keeps_index_and_name():
    idx = pd.Index([10, 30, 20, 99, -1], name="row")
    s = pd.Series(NAMES, index=idx, name="host")
    for fn in (B.to_ascii, B.to_unicode, B.codes, B.display_key, B.skeleton, B.is_valid,
               B.look_alike_key):
        got = fn(s)
        assert isinstance(got, pd.Series), fn
        assert got.index.equals(s.index) and got.index.name == "row" and got.name == "host"
    assert B.to_ascii(s).tolist() == WANT
    assert B.is_valid(s).dtype == bool
    assert B.to_ascii(s).loc[99] == "xn--mgbh0fb.com"
    empty = pd.Series([], dtype=object, name="e")
    assert B.to_ascii(empty).empty and B.to_ascii(empty).name == "e"
    assert B.is_valid(empty).dtype == bool
    # the accessor gives the same
    assert s.ibidi.to_ascii().equals(B.to_ascii(s))
    assert s.ibidi.is_valid().equals(B.is_valid(s))
    assert s.ibidi.display_key("rtl").equals(B.display_key(s, "rtl"))
    assert s.ibidi.skeleton("ltr").equals(B.skeleton(s, "ltr"))
    assert s.ibidi.codes().equals(B.codes(s)) and s.ibidi.to_unicode().equals(B.to_unicode(s))
    assert s.ibidi.look_alike_key("rtl").equals(B.look_alike_key(s, "rtl"))
    df = pd.DataFrame({"host": NAMES})
    assert df.host.ibidi.to_ascii().tolist() == WANT


def test_string_dtype_series():
    s = pd.Series(NAMES + [None], dtype="string", name="h")
    got = B.to_ascii(s)
    assert got.dtype == "string" and got.name == "h"
    assert got.isna().tolist() == [False, False, True, False, False, True]
    v = B.is_valid(s, na=None)
    assert v.dtype == "boolean" and v.isna().tolist()[-1] and v.tolist()[:5] == [
        True, True, False, True, True]
    assert B.is_valid(s).dtype == bool


# ---- missing values ----------------------------------------------------------------------------


def test_missing_values_propagate():
    nan = float("nan")
    names = ["a.com", None, nan, np.nan, pd.NA, pd.NaT, "\u05d0.com"]
    for fn in (B.to_ascii, B.to_unicode, B.codes, B.display_key, B.skeleton, B.look_alike_key):
        got = fn(names)
        assert got[1] is None and got[2] is nan and got[3] is np.nan and got[4] is pd.NA
        assert got[5] is pd.NaT and got[0] is not None and got[6] is not None, fn
    assert B.is_valid(names) == [True, False, False, False, False, False, True]
    assert B.is_valid(names, na=None) == [True, None, None, None, None, None, True]
    s = pd.Series(names[:5], index=list("abcde"))
    assert B.to_ascii(s).isna().tolist() == [False, True, True, True, True]
    assert B.is_valid(s).tolist() == [True, False, False, False, False]
    assert B.is_valid(s, na=True).tolist() == [True] * 5
    arr = np.array(names, dtype=object)
    assert B.is_valid(arr, na=None).tolist() == [True, None, None, None, None, None, True]


# ---- errors ---------------------------------------------------------------------------------------


def test_bad_values_are_type_errors_naming_the_index():
    for bad in (3, 1.5, object(), ["a.com"], memoryview(b"a")):
        for fn in (B.to_ascii, B.is_valid, B.codes, B.display_key, B.skeleton,
                   B.look_alike_key):
            with pytest.raises(TypeError, match=r"names\[2\]"):
                fn(["a.com", None, bad])
    for one in ("a.com", b"a.com"):
        with pytest.raises(TypeError, match="not one name"):
            B.to_ascii(one)
    with pytest.raises(TypeError):
        B.to_ascii(5)
    with pytest.raises(TypeError, match="DataFrame"):
        B.to_ascii(pd.DataFrame({"host": ["a.com"]}))
    with pytest.raises(TypeError, match=r"names\[4097\]"):  # past the first chunk
        B.to_ascii(["a.com"] * 4097 + [7])


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError, match="profile"):
        B.to_ascii(["a"], "nope")
    with pytest.raises(ValueError, match="errors"):
        B.to_ascii(["a"], errors="ignore")
    with pytest.raises(ValueError, match="context"):
        B.display_key(["a"], "auto")
    with pytest.raises(ValueError, match="context"):
        B.skeleton(["a"], "up")


def test_errors_raise_is_the_scalar_exception():
    names = ["a.com", None, "ok.com", "123.עברית.com", "-x.com"]
    with pytest.raises(ibidi.IDNABidiError) as ei:
        B.to_ascii(names, errors="raise")
    assert ei.value.index == 3 and ei.value.code == "B1"
    with pytest.raises(ibidi.IDNAError) as want:
        ibidi.encode(names[3])
    assert str(ei.value) == str(want.value) and ei.value.offset == want.value.offset
    with pytest.raises(ibidi.InvalidCodepoint) as ei:
        B.to_unicode(pd.Series(["a", "\ud800b"], index=[5, 6]), errors="raise")
    assert ei.value.index == 1  # positions, whatever the index
    with pytest.raises(ibidi.Error) as ei:
        B.skeleton(["a", "b\udc80"], errors="raise")
    assert ei.value.code == "CP_SURROGATE" and ei.value.offset == 1 and ei.value.index == 1
    assert B.to_ascii(["a.com", None], errors="raise") == ["a.com", None]


# ---- sizes and threads ----------------------------------------------------------------------------


def test_many_and_long_names():
    names = (SAMPLES * (12000 // len(SAMPLES) + 1))[:12000]  # three chunks
    got = B.to_ascii(names)
    one = {n: outcome(ibidi.encode, n) for n in set(names)}
    assert got == [None if one[n] is None else one[n].decode() for n in names]
    huge = "\u05d0" * (1 << 20)
    assert B.to_ascii([huge, "a.com"]) == [None, "a.com"]
    assert B.is_valid([huge]) == [False]
    assert B.skeleton(["a" * 100000])[0] == ibidi.skeleton("a" * 100000)
    assert B.display_key([huge]) == [None]


def test_threads_get_the_same_results():
    names = SAMPLES * 40
    want = (B.to_ascii(names), B.display_key(names, "rtl"), B.is_valid(names))
    got = [None] * 6
    errors = []

    def work(i):
        try:
            for _ in range(3):
                got[i] = (B.to_ascii(names), B.display_key(names, "rtl"), B.is_valid(names))
        except Exception as e:  # pragma: no cover (reported below)
            errors.append(e)
    th = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in th:
        t.start()
    for t in th:
        t.join()
    assert errors == [] and all(g == want for g in got)


def test_a_list_changed_by_another_thread():
    # the list is read a chunk at a time with the GIL, and each chunk's names are held, so a
    # thread that changes it meanwhile changes which names are read, never the memory read
    names = ["\u05d0.com"] * 50000
    stop = threading.Event()

    def shrink():
        while not stop.is_set() and names:
            del names[-1000:]
            names.extend(["x"] * 10)
    t = threading.Thread(target=shrink)
    t.start()
    for _ in range(5):
        got = B.to_ascii(names)
        assert all(g in ("xn--4db.com", "x", None) for g in got)
    stop.set()
    t.join()


# ---- without NumPy and pandas --------------------------------------------------------------------

NO_NUMPY = r"""
import sys
sys.modules["numpy"] = None
sys.modules["pandas"] = None
sys.path.insert(0, sys.argv[1])
import ibidi, ibidi.batch as B
assert B.to_ascii(["مثال.com", None]) == ["xn--mgbh0fb.com", None]
assert B.is_valid(("a.com", "123.עברית.com")) == [True, False]
assert B.display_key(iter(["مثال.com"]), "rtl") == ["com.لاثم"]
assert B.codes(["-a.com"]) == ["[V3]"] and B.skeleton(["ססו.com"], "ltr") == ["loo.corn"]
try:
    import ibidi.pandas
except ImportError:
    pass
else:
    raise SystemExit("ibidi.pandas imported without pandas")
print("ok")
"""


def test_without_numpy_and_pandas():
    p = subprocess.run([sys.executable, "-c", NO_NUMPY, PKG_PARENT], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr[-2000:]


def test_import_ibidi_loads_neither():
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import ibidi, ibidi.batch; "
            "print('numpy' in sys.modules, 'pandas' in sys.modules)")
    p = subprocess.run([sys.executable, "-c", code, PKG_PARENT], capture_output=True,
                       text=True, timeout=60)
    assert p.stdout.split() == ["False", "False"], p.stderr[-2000:]
