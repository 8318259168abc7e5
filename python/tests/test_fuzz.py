"""Robustness of every entry point of the package (issue 24: the fuzzing covers what the
Python package adds to the library: argument conversion, offsets in code points, the
exceptions, the Scanner's threads). Hostile inputs go through every public call: the files
of the C fuzz corpora (fuzz/corpus/<target>/) that fit the call, and texts drawn with fixed
seeds from pools of troublesome code points, up to the library's limits and beyond. Any
failure reproduces: nothing here depends on time or on the order of the tests.

Properties, for every call:
  1. no crash (a segfault kills pytest: that is the point), also under the interpreter's
     debug allocator (python -X dev), which catches memory freed by the wrong allocator;
  2. the documented type, or only the package's own exceptions (ibidi.Error and the
     ibidi.IDNAError classes), never one of the C layer's (SystemError, a codec's
     UnicodeEncodeError, MemoryError), with a code and an offset that counts code points
     inside the text it names;
  3. the same outcome on a second call (no state is kept between calls), and the same
     collision groups from a Scanner fed by one thread or by two;
  4. the consistency the API promises, where it is cheap: encode is process that raises,
     decode inverts encode, check lists process's findings, a finding names the code
     point at its offset, visual is the text reordered by reorder, twins display alike,
     index labels are shared by variants (RFC 7940 §8.5).
"""
import os
import random
import re
import subprocess
import sys
import threading
import unicodedata

import pytest

import ibidi
import ibidi.batch
import ibidi.bidi
import ibidi.iri
import ibidi.lgr

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")
TOY_LGR = os.path.join(ROOT, "data", "samples", "lgr", "toy-hebrew-arabic.xml")

PROFILES = ibidi.PROFILES
DIRECTIONS = ("ltr", "rtl", "auto", "auto-rtl")
CONTEXTS = ("ltr", "rtl")
KINDS = ("auto", "domain", "iri", "email")
FORMS = ("visual", "marks", "embed", "isolate", "components", "html", "html-span")
OURS = (ibidi.Error, ibidi.IDNAError)
TWIN_BOUND = 2000  # candidates of a twin search: the search is exponential in the worst case

# ---- inputs -------------------------------------------------------------------------------


def corpus(*targets):
    """The files of these C targets' corpora, in name order, each content once. A missing
    corpus fails the test: the inputs must really be read."""
    seen, out = set(), []
    for target in targets:
        d = os.path.join(CORPUS, target)
        names = sorted(os.listdir(d))
        assert names, d
        for name in names:
            with open(os.path.join(d, name), "rb") as f:
                data = f.read()
            if data not in seen:
                seen.add(data)
                out.append(data)
    return out


def as_text(data):
    """bytes as a str argument: UTF-8 keeping the surrogates ED A0..BF encodes (lone
    surrogates), else with U+FFFD for each ill-formed sequence."""
    try:
        return data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return data.decode("utf-8", "replace")


def hostile(blobs):
    """Each corpus file as the calls take it: the whole bytes, and the rest after the first
    byte (which most C targets read as option bits) as bytes and as str; ill-formed bytes
    also as the str surrogateescape makes of them (lone low surrogates)."""
    out = []
    for data in blobs:
        rest = data[1:]
        out += [data, rest, as_text(rest)]
        try:
            rest.decode("utf-8")
        except UnicodeDecodeError:
            out.append(rest.decode("utf-8", "surrogateescape"))
    return out


# Code points that trouble identifier code: each pool one kind of trouble.
POOLS = (
    "abcdefghijklmnopqrstuvwxyzQXZ0123456789-.",                    # LDH and the full stop
    "".join(map(chr, range(0x05D0, 0x05EB))) + "\ufb1d",            # Hebrew (R)
    "".join(map(chr, range(0x0627, 0x064B))),                       # Arabic (AL)
    "".join(map(chr, range(0x0660, 0x066A))) + "\u06f0\u06f9",      # Arabic-Indic digits
    "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",  # bidi controls
    "\u200c\u200d\u00ad\u2060\ufeff\u034f",                         # ZWNJ, ZWJ, other BN
    "\u0300\u0301\u05b0\u064b\u0670\u094d\u20d0",                   # combining marks, a virama
    "\u3002\uff0e\uff61.",                                          # full stops UTS #46 maps
    "\ud800\udbff\udc00\udfff",                                     # lone surrogates
    "\x00\t\n\r \x1f\x7f\u0085\u2028\u2029",                        # NUL, controls, S, B, WS
    ":/?#[]@!$&'()*+,;=%<>\"{}|\\^`~",                              # IRI delimiters, unsafe ASCII
    "\u00df\u03c2\u212b\u212a\ufb00\u00bd\u2474\uff21\u216b\u0130",  # mapped, deviations, NFKC
    "\u00e9\u4e2d\U0001f600\U0010fffd\uffff\ufdd0\u0378\u05ff\U000e0001",  # PUA, unassigned...
)


# What names are made of: the texts the twin search and Badami's analysis take (no bidi
# controls), and that LGRs judge.
NAME_POOLS = POOLS[:4] + ("\u200c\u200d\u0301\u064b.-", "\u3002\uff0e.", "()[]<>{}/:@")


def random_texts(seed, count, pools_from=POOLS):
    """count texts drawn from pools_from: a few pools each, short lengths mostly, some shaped
    as domain names, IRIs, e-mail addresses or A-labels."""
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        pools = rnd.sample(pools_from, min(len(pools_from), rnd.choice((1, 2, 2, 3, 4))))
        n = rnd.choice((0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 40, 63, 64, 100))
        text = "".join(rnd.choice(rnd.choice(pools)) for _ in range(n))
        shape = rnd.randrange(8)
        if shape == 0:
            text = ".".join(text[i:i + 5] for i in range(0, len(text), 5))
        elif shape == 1:
            text = "http://" + text[:len(text) // 2] + "/" + text[len(text) // 2:]
        elif shape == 2:
            text = text[:3] + "@" + text[3:] + ".com"
        elif shape == 3:
            text = "xn--" + text
        out.append(text)
    return out


def limit_texts():
    """Texts at the library's limits and one past them: the DNS label and name (63, 253
    octets), the fixed IDNA work area (1536 code points after mapping: U+00BD maps to 3),
    IBIDI_IDNA_MAX_CPS (2048), IBIDI_AMBIGUITY_MAX_BYTES (1024), IBIDI_AMBIGUITY_TWINS_MAX (256),
    IBIDI_LGR_MAX_LABEL (63), the embedding depth (125), long paragraphs; some with a lone
    surrogate, which the IDNA calls take as a code point."""
    heb, arb = "\u05d0\u05d1\u05d2", "\u0645\u062b\u0627\u0644"
    return [
        "a" * 63 + ".com", "a" * 64 + ".com", ("a" * 62 + ".") * 4 + "a",
        ("a" * 62 + ".") * 4 + "ab",
        "\u00bd" * 512, "\u00bd" * 513, "\u00bd" * 700 + "." + heb + "1",
        "a" * 2048, "a" * 2049, "\u05d0" * 2049, "1." * 1024 + heb,
        "\ud800" + "\u00bd" * 600, "\ud800" + "a" * 2048, "a\ud800" * 1100,
        "\ud800." * 100, ("\u05d0-1." * 40),  # more findings than the first buffers hold
        "xn--" + "a" * 80, "xn--" + "9" * 2000, "xn--" + heb * 30,
        ("1." + heb) * 128, ("1." + heb) * 129, "x" * 1024, "x" * 1025,
        heb[0] * 256, heb[0] * 257, ("1." + arb) * 50,
        "\u00e9" * 63, "\u00e9" * 64, "\u05d0" * 63, "\u05d0" * 64,
        "\u202b" * 130 + "a1" + "\u202c" * 130, "\u2067" * 130 + heb + "\u2069" * 131,
        "\u202e\u202d" * 70 + "(a[" * 40 + heb + "])" * 40,
        ("\u05d0 1 (a) \u0661.") * 3000, "(" * 5000 + heb + ")" * 4000,
        "http://" + heb * 400 + ".com/" + "%D8%B5" * 500, "%" * 999 + "\u0645",
    ]


ILL_FORMED = [  # ill-formed UTF-8 (Unicode §3.9, Table 3-7), as bytes arguments
    b"\x80", b"a\xbf", b"\xc0\xaf", b"\xc1\xbf", b"\xe0\x80\xaf", b"\xed\xa0\x80",
    b"\xed\xbf\xbf", b"\xf0\x80\x80\xaf", b"\xf4\x90\x80\x80", b"\xf5", b"\xff",
    b"\xd7\x90\xd7\x91\xff", b"\xe2\x80", b"\xf0\x9f\x98", b"a.\xd7\x90\xc3",
    "\u05d0\u05d1".encode() + b"\xed\xa0\x80" + b"x" * 300,
]

# Every corpus but fuzz_props and fuzz_verify, whose calls (property lookups, the RFC 5893
# verifier) the package does not offer.
IDNA_BLOBS = corpus("fuzz_idna", "diff_idna", "fuzz_punycode", "diff_punycode", "fuzz_rfc5893",
                    "fuzz_uts39", "fuzz_normalize_nfc", "fuzz_normalize_nfd",
                    "fuzz_normalize_nfkc", "fuzz_normalize_nfkd", "fuzz_utf8")
BIDI_BLOBS = corpus("fuzz_bidi_levels", "fuzz_bidi_lines", "fuzz_bidi_visual", "fuzz_bidi_utf8",
                    "diff_bidi")
DISPLAY_BLOBS = corpus("fuzz_display", "fuzz_convert")
TWIN_BLOBS = corpus("fuzz_twins")
ANALYZE_BLOBS = corpus("fuzz_ambiguity")
IRI_BLOBS = corpus("fuzz_iri_parse", "fuzz_uri")
LGR_LABEL_BLOBS = corpus("fuzz_lgr_eval")
LGR_DOCS = corpus("fuzz_lgr_load")
SCAN_BLOBS = corpus("fuzz_scan", "fuzz_names_line", "fuzz_scan_zone", "fuzz_cli",
                    "fuzz_scan_against", "fuzz_scan_groups", "fuzz_names")

RANDOM = random_texts(2024, 1200)
NAMES = random_texts(5893, 300, NAME_POOLS)
LIMITS = limit_texts()


def inputs(blobs, random_slice):
    """The inputs of one entry point: its corpora, a slice of the random texts, the texts at
    the limits and the ill-formed bytes."""
    return hostile(blobs) + RANDOM[random_slice] + LIMITS + ILL_FORMED


# ---- checks -------------------------------------------------------------------------------


def npoints(text):
    """Code points of a text argument as offsets count them: a str's length; for bytes, the
    bytes that start a character (what an offset into ill-formed UTF-8 counts)."""
    if isinstance(text, str):
        return len(text)
    return sum(1 for b in text if b & 0xC0 != 0x80)


def text_of(x):
    """The text a well-formed argument holds (None for ill-formed bytes or lone surrogates:
    the calls other than IDNA refuse them)."""
    if isinstance(x, str):
        return None if any(0xD800 <= ord(c) <= 0xDFFF for c in x) else x
    try:
        return x.decode("utf-8")
    except UnicodeDecodeError:
        return None


def short(x):
    r = repr(x)
    return r if len(r) <= 160 else r[:160] + "..."


def run(fn, *args, bound, **kw):
    """One call: ("ok", result) or ("raised", exception). An exception that is not the
    package's fails the test with the call that raised it, and so does one without a code
    or with an offset outside 0..bound (the code points of the text it counts)."""
    try:
        return ("ok", fn(*args, **kw))
    except OURS as e:
        assert isinstance(e.code, str) and e.code, (fn.__qualname__, short(args), kw)
        assert type(e.offset) is int and 0 <= e.offset <= bound, \
            (fn.__qualname__, short(args), kw, e.code, e.offset, bound)
        return ("raised", e)
    except Exception as e:  # the point of the test: nothing else may come out
        pytest.fail(f"{fn.__qualname__}({short(args)}, {kw}) raised {type(e).__name__}: {e}")


def key(outcome):
    """An outcome in a form two calls can be compared by (exceptions by class and content)."""
    kind, v = outcome
    if kind == "ok":
        return (kind, type(v)) if isinstance(v, ibidi.lgr.LGR) else outcome
    return (kind, type(v), v.code, v.offset, str(v), getattr(v, "findings", None))


def again(outcome, fn, *args, bound, **kw):
    """Determinism: the same call gives the same outcome."""
    assert key(run(fn, *args, bound=bound, **kw)) == key(outcome), (fn.__qualname__, short(args))


def check_finding(f, ref, severities=("error", "warning")):
    """A Finding has its documented types, lies inside ref (the text its offsets count) and,
    where it names a code point, names the one at its offset."""
    assert isinstance(f, ibidi.Finding)
    assert isinstance(f.code, str) and f.code and f.severity in severities
    assert isinstance(f.rule, str) and f.rule
    assert f.label is None or (type(f.label) is int and f.label >= 0)
    assert type(f.offset) is int and type(f.length) is int
    assert 0 <= f.offset and 0 <= f.length and f.offset + f.length <= len(ref), (f, len(ref))
    if f.cp is not None:
        assert f.offset < len(ref) and ord(ref[f.offset]) == f.cp and f.char == ref[f.offset], f
    assert f.bidi_class is None or isinstance(f.bidi_class, str)
    assert f.context in CONTEXTS and type(f.detail) is int


# ---- IDNA ---------------------------------------------------------------------------------


def check_idna(x, profile, transitional):
    n = npoints(x)
    u = ibidi.process(x, profile, to="unicode", transitional=transitional)
    a = ibidi.process(x, profile, transitional=transitional)
    for r in (u, a):
        assert isinstance(r, ibidi.IDNAResult) and isinstance(r.status, str)
        assert r.output is None or isinstance(r.output, str)
        assert r.valid == (r.status == "OK") == (r.codes == [])
    # ToASCII under the whatwg profile lowercases a name of ASCII code points only and does
    # not otherwise process it (the URL Standard's domain to ASCII): its findings count in
    # the name itself (ibidi/idna.h, IBIDI_IDNA_URL_HOST)
    text = text_of(x)
    as_is = profile == "whatwg" and text is not None and text.isascii()
    ascii_ref = text.lower() if as_is else u.output
    # the ToUnicode form, to which the findings' offsets refer; None (in both directions)
    # exactly when the name could not be processed at all, which no finding then explains
    form = u.output
    for r in (u, a):
        assert (r.output is None) == (r.status not in ("OK", "IDNA_INVALID"))
    if form is None:
        assert u.findings == [] and u.codes == [u.status]
        assert text is None or u.status == "IDNA_TOO_LONG", (short(x), u.status)
        assert as_is or (a.status == u.status and a.findings == [])
    for f in u.findings:
        check_finding(f, form)
    for f in a.findings:
        check_finding(f, ascii_ref)
    if a.valid:
        assert a.output.isascii()
    bound = max(n, len(form or ""))  # the name, or its ToUnicode form
    enc = run(ibidi.encode, x, profile, transitional=transitional, bound=bound)
    dec = run(ibidi.decode, x, profile, transitional=transitional, bound=bound)
    # encode and decode are ToASCII and ToUnicode that raise: they succeed exactly when
    # process finds the name valid, with its output, and raise its first error otherwise
    for (kind, v), r in ((enc, a), (dec, u)):
        if r.valid:
            want = r.output.encode("ascii") if r is a else r.output
            assert kind == "ok" and v == want, (short(x), profile, v, want)
            continue
        assert kind == "raised" and isinstance(v, ibidi.IDNAError), (short(x), profile)
        errors = [f for f in r.findings if f.severity == "error"]
        assert v.findings == errors
        if errors:
            assert (v.code, v.offset, v.label) == (errors[0].code, errors[0].offset,
                                                   errors[0].label)
        else:
            assert v.code == r.status and v.label is None and v.offset <= n
    lone = isinstance(x, str) and any(0xD800 <= ord(c) <= 0xDFFF for c in x)
    if lone:
        # no UTF-8 holds a lone surrogate: check refuses it as the other text calls do
        with pytest.raises(ibidi.Error) as ei:
            ibidi.check(x, profile, kind="domain", exact=False)
        assert ei.value.code == "CP_SURROGATE"
    elif not transitional and n <= 300:
        # check is the library's verdict: as a domain name, valid exactly when ToASCII
        # is, with its reasons; a name not processed at all is an error at the
        # exception's code and offset
        got = ibidi.check(x, profile, kind="domain", exact=False)
        assert got.valid == a.valid, (short(x), profile)
        if a.output is not None:
            assert got.codes == "[" + ", ".join(
                sorted(set(a.codes), key=[f.code for f in a.findings].index)) + "]" or \
                not a.valid
        else:
            assert got.error == (enc[1].code, enc[1].offset)
    if isinstance(x, bytes) and u.status.startswith("UTF8_"):
        # the offset of ill-formed UTF-8 counts code points up to where Python's strict
        # decoder stops too (Unicode §3.9: the first ill-formed subsequence)
        with pytest.raises(UnicodeDecodeError) as de:
            x.decode("utf-8")
        assert enc[1].offset == len(x[:de.value.start].decode("utf-8")), short(x)
    if a.valid and not transitional and not as_is:
        # ToUnicode(ToASCII(x)) is ToUnicode(x), and ToASCII(ToUnicode(x)) is ToASCII(x)
        back = ibidi.process(a.output, profile, to="unicode")
        assert back.valid and back.output == form, (short(x), profile)
        assert ibidi.encode(form, profile) == enc[1], (short(x), profile)
    # determinism
    assert ibidi.process(x, profile, transitional=transitional) == a
    again(enc, ibidi.encode, x, profile, transitional=transitional, bound=bound)


def test_idna_every_profile():
    # the corpora, limits and ill-formed bytes under every profile; the random texts (most
    # of the time) under uts46 and one other profile in turn
    xs = hostile(IDNA_BLOBS) + LIMITS + ILL_FORMED
    for i, x in enumerate(xs + RANDOM):
        profiles = PROFILES if i < len(xs) else ("uts46", PROFILES[1 + i % 3])
        for profile in profiles:
            check_idna(x, profile, False)
        if i % 5 == 0:
            check_idna(x, "uts46", True)  # transitional processing (deviations mapped)
    assert len(xs) > 1000


# ---- bidi ---------------------------------------------------------------------------------

PARAGRAPH_SEPARATORS = set("\n\r\x1c\x1d\x1e\x85\u2029")  # Bidi_Class B (UAX #9 P1)


def check_bidi(x, direction):
    n = npoints(x)
    lv = run(ibidi.bidi.levels, x, direction, bound=n)
    ro = run(ibidi.bidi.reorder, x, direction, bound=n)
    vis = run(ibidi.bidi.visual, x, direction, bound=n)
    plain = run(ibidi.bidi.visual, x, direction, mirror=False, bound=n)
    bare = run(ibidi.bidi.visual, x, direction, remove_controls=True, bound=n)
    text = text_of(x)
    if text is None:
        # ill-formed UTF-8 or a lone surrogate: every call refuses it, at the same place
        assert lv[0] == ro[0] == vis[0] == plain[0] == bare[0] == "raised", short(x)
        assert len({(o[1].code, o[1].offset) for o in (lv, ro, vis, plain, bare)}) == 1
        return
    assert lv[0] == ro[0] == vis[0] == plain[0] == bare[0] == "ok", short(x)
    levels, order = lv[1], ro[1]
    assert len(levels) == len(text) and all(type(v) is int and 0 <= v <= 126 for v in levels)
    assert sorted(order) == list(range(len(text)))  # L2: a permutation
    assert ibidi.bidi.reorder(levels) == order
    assert isinstance(vis[1], str) and len(vis[1]) == len(text)  # L4 mirrors glyph for glyph
    # L2 moves characters and changes none; on one paragraph visual is the text reordered
    assert sorted(plain[1]) == sorted(text)
    if not PARAGRAPH_SEPARATORS & set(text):
        assert plain[1] == "".join(text[i] for i in order), short(x)
    assert isinstance(bare[1], str) and len(bare[1]) <= len(text)
    again(lv, ibidi.bidi.levels, x, direction, bound=n)
    again(vis, ibidi.bidi.visual, x, direction, bound=n)


def bidi_map():
    """The code points bidi_check.h reads bytes 80..FE as (its table `special`): the
    explicit controls, R, AL, AN, EN, ES, ET, CS, NSM, BN, WS, B, ON, brackets."""
    with open(os.path.join(ROOT, "fuzz", "bidi_check.h"), encoding="utf-8") as f:
        src = f.read()
    start = src.index("special[] = {")
    body = src[start:src.index("};", start)]
    return [int(h, 16) for h in re.findall(r"0x([0-9A-Fa-f]+)", body)]


def bidi_text(data, special):
    """A bidi corpus file as its C target reads it: the first byte's bits 0-1 the
    direction, bit 2 UTF-8, else one code point per byte (bidi_check.h)."""
    rest = data[1:]
    if data[0] & 4:
        return rest
    out, i = [], 0
    while i < len(rest):
        b = rest[i]
        if b < 0x80:
            out.append(chr(b))
        elif b < 0xFF:
            out.append(chr(special[(b - 0x80) % len(special)]))
        elif i + 3 < len(rest):
            cp = int.from_bytes(rest[i + 1:i + 4], "big") % 0x110000
            i += 3
            if not 0xD800 <= cp <= 0xDFFF:
                out.append(chr(cp))
        i += 1
    return "".join(out)


def test_bidi_levels_visual_reorder():
    special = bidi_map()
    assert len(special) > 80
    xs = [(bidi_text(d, special), DIRECTIONS[d[0] & 3]) for d in BIDI_BLOBS if d]
    xs += [(x, DIRECTIONS[i % 4]) for i, x in enumerate(inputs(BIDI_BLOBS, slice(0, 600)))]
    for x, direction in xs:
        check_bidi(x, direction)
    # levels given by hand: UAX #9 BD2 bounds them (0..126), else ValueError; not an int,
    # TypeError
    rnd = random.Random(7)
    for _ in range(300):
        levels = [rnd.choice((0, 1, 2, 3, 61, 124, 125, 126)) for _ in range(rnd.randrange(40))]
        order = ibidi.bidi.reorder(levels)
        assert sorted(order) == list(range(len(levels)))
    for bad in ([0, 127], [-1], [0, 2 ** 70], [2 ** 64 - 1], [-(2 ** 70)]):
        with pytest.raises(ValueError):
            ibidi.bidi.reorder(bad)
    for bad in ([0, "1"], [None], [1.5], 5, [b"\x00"]):
        with pytest.raises(TypeError):
            ibidi.bidi.reorder(bad)


# ---- display, twins, analysis -------------------------------------------------------------


def test_display_every_form():
    xs = [(d[1:], KINDS[d[0] & 3], CONTEXTS[(d[0] >> 2) & 1]) for d in DISPLAY_BLOBS if d]
    xs += [(x, KINDS[i % 4], CONTEXTS[i // 4 % 2])
           for i, x in enumerate(inputs(DISPLAY_BLOBS, slice(0, 400)))]
    for x, kind, context in xs:
        n = npoints(x)
        outs = [run(ibidi.display, x, context, form, kind=kind, bound=n) for form in FORMS]
        if text_of(x) is None:
            # ill-formed UTF-8 or a lone surrogate: every form refuses it, at the same place
            assert len({(o[0], o[1].code, o[1].offset) for o in outs}) == 1, short(x)
            assert outs[0][0] == "raised"
        for o in outs:
            assert o[0] == "raised" or isinstance(o[1], str)
        again(outs[0], ibidi.display, x, context, FORMS[0], kind=kind, bound=n)


def has_bn_or_unknown(text):
    """Characters that X9 removes (BN) or that Python's own UCD may not know (the library's
    is Unicode 17.0): the twins' display comparison below leaves such texts out, as the C
    target compares displays without the BN characters."""
    return any(unicodedata.bidirectional(c) in ("BN", "") or unicodedata.category(c) == "Cn"
               for c in text)


def check_twins(x, context, max_candidates):
    n = npoints(x)
    out = run(ibidi.twins, x, context, max_candidates=max_candidates, bound=n)
    if out[0] == "raised":
        assert isinstance(out[1], ibidi.Error)
        return
    tw, text = out[1], text_of(x)
    assert isinstance(tw, ibidi.Twins) and text is not None
    assert isinstance(tw.truncated, bool) and type(tw.candidates) is int and tw.candidates >= 0
    assert len(set(tw)) == len(tw) and text not in tw
    assert all(isinstance(t, str) and len(t) == len(text) for t in tw)
    if not has_bn_or_unknown(text):
        shown = ibidi.bidi.visual(text, context)
        for t in tw[:50]:
            assert ibidi.bidi.visual(t, context) == shown, (short(text), t)
    again(out, ibidi.twins, x, context, max_candidates=max_candidates, bound=n)


def test_twins():
    xs = [(d[1:], CONTEXTS[d[0] & 1]) for d in TWIN_BLOBS if d]
    more = inputs(TWIN_BLOBS, slice(0, 600)) + NAMES
    xs += [(x, CONTEXTS[i % 2]) for i, x in enumerate(more)]
    for i, (x, context) in enumerate(xs):
        check_twins(x, context, TWIN_BOUND)
        if npoints(x) <= 8 and i % 4 == 0:
            check_twins(x, context, 0)  # the default bound (a million)


def test_analyze():
    xs = [(d[1:], d[0]) for d in ANALYZE_BLOBS if d]
    xs += list(zip(inputs(ANALYZE_BLOBS, slice(0, 600)) + NAMES, range(10 ** 6)))
    for x, bits in xs:
        n = npoints(x)
        # the C target's option byte: bit 0 rtl, bit 1 exact, bits 3-4 the kind
        rtl, exact, kind = bool(bits & 1), bool(bits & 2) and n <= 24, KINDS[(bits >> 3) & 3]
        profile = PROFILES[bits % 4]
        out = run(ibidi.analyze, x, kind=kind, rtl=rtl, exact=exact, profile=profile, bound=n)
        if out[0] == "ok":
            text = text_of(x)
            assert isinstance(out[1], list) and text is not None
            for f in out[1]:
                check_finding(f, text, ("warning",))  # offsets count code points of ident
                assert rtl or f.context == "ltr"
        again(out, ibidi.analyze, x, kind=kind, rtl=rtl, exact=exact, profile=profile, bound=n)


# ---- IRIs ---------------------------------------------------------------------------------


def test_iri_both_ways():
    xs = [(d[1:], d[0]) for d in IRI_BLOBS if d]
    xs += list(zip(inputs(IRI_BLOBS, slice(600, 1200)), range(10 ** 6)))
    for x, bits in xs:
        n = npoints(x)
        # the C target fuzz_uri's option byte: host_percent, encode_ascii, the profile,
        # keep_unsafe, host_to_unicode
        opts = dict(host_percent=bool(bits & 1), encode_ascii=bool(bits & 2))
        profile = PROFILES[(bits >> 2) & 3]
        back = dict(keep_unsafe=bool(bits & 16), host_to_unicode=bool(bits & 32))
        uri = run(ibidi.iri.to_uri, x, profile, bound=n, **opts)
        iri = run(ibidi.iri.to_iri, x, bound=n, **back)
        for o in (uri, iri):
            assert o[0] == "raised" and isinstance(o[1], ibidi.Error) or isinstance(o[1], str)
        if uri[0] == "ok":
            # a URI is ASCII, and its own URI (RFC 3987 §3.1 maps what is not ASCII)
            assert uri[1].isascii(), short(x)
            assert ibidi.iri.to_uri(uri[1], profile, **opts) == uri[1], short(x)
            back_iri = run(ibidi.iri.to_iri, uri[1], bound=len(uri[1]), **back)
            assert back_iri[0] == "raised" or isinstance(back_iri[1], str)
        again(uri, ibidi.iri.to_uri, x, profile, bound=n, **opts)
        again(iri, ibidi.iri.to_iri, x, bound=n, **back)


# ---- LGR ----------------------------------------------------------------------------------


def check_lgr_label(lgr, x, include_invalid):
    n = npoints(x)
    res = run(lgr.check, x, bound=n)
    var = run(lgr.variants, x, include_invalid=include_invalid, max=300, bound=n)
    idx = run(lgr.index_label, x, bound=n)
    if res[0] == "raised":
        # a label that does not decode: every call says so, at the same place
        assert (var[0], idx[0]) == ("raised", "raised")
        assert var[1].code == idx[1].code == res[1].code, short(x)
        return
    r = res[1]
    assert isinstance(r, ibidi.lgr.LabelResult)
    assert isinstance(r.eligible, bool) and isinstance(r.registrable, bool)
    assert isinstance(r.status, str) and isinstance(r.disposition, str) and type(r.offset) is int
    assert r.registrable <= r.eligible  # RFC 7940 §7.3
    if r.eligible:
        assert r.status == "OK" and r.cp is None
    elif r.status == "LGR_INVALID_DISPOSITION":
        # RFC 7940 §8.1.1: an action made it invalid; no code point to name, no variants,
        # but its index label stays
        assert r.cp is None and r.disposition == "invalid"
        assert var[0] == "raised" and var[1].code == "LGR_NOT_ELIGIBLE"
        return
    else:
        assert r.status in ("LGR_REPERTOIRE", "LGR_CONTEXT") and type(r.cp) is int
        assert var[0] == "raised" and var[1].code == "LGR_NOT_ELIGIBLE"
        return
    assert var[0] == "ok" and all(isinstance(v, ibidi.lgr.Variant) and isinstance(v.label, str)
                                  and isinstance(v.disposition, str) for v in var[1])
    if idx[0] == "ok":
        # RFC 7940 §8.5: a variant that is itself eligible has the label's index label
        for v in var[1][:40]:
            if lgr.check(v.label).eligible:
                assert lgr.index_label(v.label) == idx[1], (short(x), v.label)
    again(res, lgr.check, x, bound=n)
    again(idx, lgr.index_label, x, bound=n)


def repertoire(path):
    """The code points and sequences of an LGR document's repertoire (its cp attributes and
    ranges), as labels are drawn from them."""
    with open(path, encoding="utf-8") as f:
        doc = f.read()
    out = {"".join(chr(int(h, 16)) for h in cp.split())
           for cp in re.findall(r' cp="([^"]+)"', doc)}
    for a, b in re.findall(r'first-cp="([0-9A-F]+)" last-cp="([0-9A-F]+)"', doc):
        out.update(chr(c) for c in range(int(a, 16), int(b, 16) + 1))
    return sorted(out)


def lgr_labels(seed, count):
    """Labels of the toy LGR's repertoire (eligible ones, so that variants and index labels
    are made), some with one foreign code point, some at IBIDI_LGR_MAX_LABEL, some as
    A-labels."""
    rep = repertoire(TOY_LGR)
    assert len(rep) > 20
    # one script a label mostly (the Arabic letters hold the variants), or both
    scripts = ([c for c in rep if "\u0590" <= c[0] <= "\u05ff"],
               [c for c in rep if "\u0600" <= c[0] <= "\u06ff"], rep)
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        n = rnd.choice((1, 2, 3, 4, 6, 8, 12, 63))
        chars = scripts[i % 3]
        label = "".join(rnd.choice(chars) for _ in range(n))
        if i % 5 == 0:
            pos = rnd.randrange(len(label) + 1)
            label = label[:pos] + rnd.choice(rnd.choice(POOLS)) + label[pos:]
        if i % 7 == 0:
            label = "xn--" + label.encode("punycode").decode("ascii")
        out.append(label)
    return out


def test_lgr_load_and_labels():
    lgrs = [ibidi.lgr.load(TOY_LGR)]
    with open(TOY_LGR, "rb") as f:
        toy = f.read()
    for doc in LGR_DOCS + [toy, bytearray(toy), memoryview(toy), toy[:len(toy) // 2], b"",
                           toy.replace(b"<", b"<\xff", 3)]:
        out = run(ibidi.lgr.load, doc, bound=len(doc))  # offsets: bytes of the document
        if out[0] == "raised":
            e = out[1]
            assert isinstance(e, ibidi.Error) and e.code.startswith("LGR_"), e.code
            assert type(e.line) is int and type(e.column) is int and e.line >= 0
        else:
            assert isinstance(out[1], ibidi.lgr.LGR)
            lgrs.append(out[1])
        again(out, ibidi.lgr.load, doc, bound=len(doc))
    assert len(lgrs) >= 3
    # the C target fuzz_lgr_eval reads its whole input as the label
    xs = hostile(LGR_LABEL_BLOBS) + LGR_LABEL_BLOBS + lgr_labels(7940, 400)
    xs += RANDOM[:300] + NAMES + LIMITS + ILL_FORMED
    for i, x in enumerate(xs):
        check_lgr_label(lgrs[0], x, bool(i & 1))
        if i % 4 == 0:
            for lgr in lgrs[1:]:
                check_lgr_label(lgr, x, bool(i & 2))


# ---- scan ---------------------------------------------------------------------------------


def scan_names():
    """Names as lines of a list: the lines of the scan corpora and the rest of every
    other corpus file, the random texts and the limits, without lone surrogates in a str
    (which no line of a file holds: test_scan_refuses_lone_surrogates)."""
    names = []
    for data in SCAN_BLOBS:
        names += data[1:].split(b"\n")
        names += as_text(data).split("\n")
    names += [d[1:] for d in IDNA_BLOBS + TWIN_BLOBS + ANALYZE_BLOBS]
    names += RANDOM + NAMES + LIMITS + ILL_FORMED
    return [x for x in names if isinstance(x, bytes) or text_of(x) is not None]


def check_record(rec, contexts):
    assert isinstance(rec, ibidi.ScanRecord) and rec.type == "name"
    assert isinstance(rec.name, str) and isinstance(rec.valid, bool)
    assert rec.unicode is None or isinstance(rec.unicode, str)
    assert rec.codes[:1] == "[" and rec.codes[-1:] == "]" and rec.valid == (rec.codes == "[]")
    assert set(rec.display) == set(contexts)
    assert all(d is None or isinstance(d, str) for d in rec.display.values())
    assert rec.analysis is None or isinstance(rec.analysis, str)
    assert rec.analysis is None or rec.findings == []
    ref = rec.unicode if rec.unicode is not None else rec.name
    for f in rec.findings:
        check_finding(f, ref, ("warning",))
    if rec.unicode is not None and "#" not in rec.name and rec.name == rec.name.strip():
        # the Unicode form is ToUnicode's, without the root label (RFC 1034 §3.1)
        u = ibidi.process(rec.name, to="unicode").output
        assert u in (rec.unicode, rec.unicode + "."), (rec.name, rec.unicode, u)


def test_scanner_one_thread_or_two():
    names = scan_names()
    assert len(names) > 1500
    one = ibidi.Scanner()
    recs = one.add(names)
    one.finish()
    summary = one.summary()
    assert summary["lines"] == len(names) and summary["names"] == len(recs)
    assert summary["names"] + summary["skipped"] == summary["lines"]
    for rec in recs:
        check_record(rec, ("ltr", "rtl"))
    # the same names from two threads at once, in other batches: the same groups (the
    # library's groups take concurrent adds; the order of the adds does not matter)
    two = ibidi.Scanner()
    halves = [names[0::2], names[1::2]]
    threads = [threading.Thread(target=lambda h=h: [two.add(h[i:i + 300], False)
                                                     for i in range(0, len(h), 300)])
               for h in halves]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    two.finish()
    groups = one.groups()
    assert two.groups() == groups and two.summary() == summary
    assert all(isinstance(g, ibidi.Collision) and len(g.names) >= 2 for g in groups)
    assert all(len(g.valid) == len(g.names) and g.valid_names == sum(g.valid) for g in groups)
    # ibidi.scan is the one-thread form: the same records, groups and summary; and one
    # context only makes only that context's displays and groups
    items = list(ibidi.scan(names, batch=97))
    assert [x for x in items if x.type == "name"] == recs
    assert [x for x in items if x.type == "collision"] == groups and items[-1] == summary
    rtl = list(ibidi.scan(names, contexts="rtl", records=False))
    assert [g for g in rtl if g.type == "collision"] == [g for g in groups if g.context == "rtl"]
    assert "ltr" not in rtl[-1].figures


def test_scan_refuses_lone_surrogates():
    # a str holding a lone surrogate is not text (it has no UTF-8): the batch is refused
    # with the package's error at the surrogate, and nothing of it is added
    s = ibidi.Scanner()
    xs = [x for x in RANDOM if isinstance(x, str) and text_of(x) is None][:40]
    assert len(xs) == 40
    for x in xs:
        with pytest.raises(ibidi.Error) as ei:
            s.add(["example.com", x])
        first = next(i for i, c in enumerate(x) if 0xD800 <= ord(c) <= 0xDFFF)
        assert ei.value.code == "CP_SURROGATE" and ei.value.offset == first
    s.add(["example.com"])
    s.finish()
    assert s.summary()["lines"] == 1


# ---- batches (ibidi.batch) --------------------------------------------------------------------


def scalar(fn, x, **kw):
    """A scalar call's result as a batch gives it: None where it raises (the package's
    exceptions only, run() checks; their offsets are check_idna's and the others' to
    judge: an IDNA offset counts in the mapped form, which may be longer), ToASCII as str."""
    out = run(fn, x, bound=sys.maxsize, **kw)
    if out[0] == "raised":
        return None
    return out[1].decode("ascii") if isinstance(out[1], bytes) else out[1]


def test_batch_every_call():
    # every hostile text, in one batch per call, between missing values: each result is the
    # scalar call's; errors="raise" raises the first name's exception with its index; the
    # same batch again gives the same
    xs = inputs(IDNA_BLOBS[::3] + SCAN_BLOBS[::3] + DISPLAY_BLOBS[::3], slice(0, 1200, 2))
    xs += NAMES + ["\ud800." * 100, "a\ud800" * 1100]
    mixed = []
    for i, x in enumerate(xs):
        mixed.append(x)
        if i % 50 == 0:
            mixed += [None, float("nan")]
    calls = [
        (ibidi.batch.to_ascii, {}, ibidi.encode, {}),
        (ibidi.batch.to_ascii, {"profile": "whatwg", "transitional": True}, ibidi.encode,
         {"profile": "whatwg", "transitional": True}),
        (ibidi.batch.to_unicode, {"profile": "idna2008-register"}, ibidi.decode,
         {"profile": "idna2008-register"}),
        (ibidi.batch.skeleton, {}, ibidi.skeleton, {}),
        (ibidi.batch.skeleton, {"context": "rtl"}, ibidi.skeleton, {"context": "rtl"}),
    ]
    for bfn, bkw, sfn, skw in calls:
        got = bfn(mixed, **bkw)
        assert len(got) == len(mixed)
        first = None
        for i, (x, g) in enumerate(zip(mixed, got)):
            if x is None or isinstance(x, float):
                assert g is x
                continue
            want = scalar(sfn, x, **skw)
            assert g == want, (bfn.__name__, bkw, short(x), g, want)
            if want is None and first is None:
                first = i
        assert bfn(mixed, **bkw) == got
        if first is not None:
            with pytest.raises(OURS) as ei:
                bfn(mixed, errors="raise", **bkw)
            assert ei.value.index == first
    texts = [x for x in xs if isinstance(x, (bytes, bytearray)) or text_of(x) is not None]
    for profile in PROFILES:
        valid = ibidi.batch.is_valid(xs, profile)
        codes = ibidi.batch.codes(xs, profile)
        for x, v, c in zip(xs, valid, codes):
            assert v is (scalar(ibidi.encode, x, profile=profile) is not None), short(x)
            assert isinstance(c, str) and c[0] == "[" and c[-1] == "]"
            assert (c == "[]") == v, (short(x), c, v)
    for context in CONTEXTS:
        keys = ibidi.batch.display_key(xs, context)
        looks = ibidi.batch.look_alike_key(xs, context)
        for x, k, look in zip(xs, keys, looks):
            assert (look is None) == (k is None), short(x)
            assert k is None or isinstance(k, str)
            if text_of(x) is None:
                assert k is None, short(x)
    assert ibidi.batch.display_key(texts, "rtl") == ibidi.batch.display_key(texts, "rtl")


# ---- regressions: what this test found in the extension -----------------------------------


def test_regression_lone_surrogates_are_the_package_error():
    # the calls that need UTF-8 let the codec's UnicodeEncodeError out of the C layer; a
    # lone surrogate is the library's CP_SURROGATE (ibidi.Error, a ValueError), at its index
    lgr = ibidi.lgr.load(TOY_LGR)
    for fn in (ibidi.bidi.levels, ibidi.bidi.visual, ibidi.bidi.reorder, ibidi.display,
               ibidi.twins, ibidi.analyze, ibidi.iri.to_uri, ibidi.iri.to_iri, lgr.check,
               lgr.variants, lgr.index_label):
        with pytest.raises(ibidi.Error) as ei:
            fn("\u05d0b\udc80c\ud800")
        assert ei.value.code == "CP_SURROGATE" and ei.value.offset == 2, fn
        assert isinstance(ei.value, ValueError)


def test_regression_idna_status_offsets_count_code_points():
    # the offset of ill-formed UTF-8 counted bytes in encode, decode and check (the bidi
    # calls counted code points): two Hebrew letters, then FF, is at code point 2
    bad = b"\xd7\x90\xd7\x91\xff"
    for fn in (ibidi.encode, ibidi.decode, ibidi.bidi.levels):
        with pytest.raises((ibidi.InvalidEncoding, ibidi.Error)) as ei:
            fn(bad)
        assert ei.value.code == "UTF8_INVALID_BYTE" and ei.value.offset == 2, fn
    assert ibidi.check(bad).error == ("UTF8_INVALID_BYTE", 2)
    # and a name too long (IDNA_TOO_LONG): code points
    assert ibidi.check("\u05d0".encode() * 3000, kind="domain").error == ("IDNA_TOO_LONG", 2048)


def test_regression_lgr_offsets_count_code_points():
    lgr = ibidi.lgr.load(TOY_LGR)
    for fn in (lgr.check, lgr.variants, lgr.index_label):
        with pytest.raises(ibidi.Error) as ei:
            fn("\u05d0" * 64)  # IBIDI_LGR_MAX_LABEL is 63 code points (126 bytes)
        assert ei.value.code == "LGR_LABEL_TOO_LONG" and ei.value.offset == 63, fn
        with pytest.raises(ibidi.Error) as ei:
            fn(b"\xd7\x90\xff")
        assert ei.value.code == "UTF8_INVALID_BYTE" and ei.value.offset == 1, fn


def test_regression_surrogate_names_get_the_work_area():
    # a str with a lone surrogate goes through the code point calls, which had no work
    # area: a long mapping got IDNA_WORK_TOO_SMALL, not the verdict the same name with
    # another disallowed code point (U+E000, private use) gets
    for tail in ("\u00bd" * 600, "a" * 2048, ".a" * 700):
        for to in ("ascii", "unicode"):
            got = ibidi.process("\ud800" + tail, to=to)
            want = ibidi.process("\ue000" + tail, to=to)
            assert "IDNA_WORK_TOO_SMALL" not in got.codes
            if to == "unicode":
                assert got.codes == want.codes
                assert (got.output or "")[1:] == (want.output or "")[1:]


def test_regression_whatwg_ascii_offsets_count_in_the_name():
    # ToASCII under the whatwg profile leaves an ASCII name as it is, and its findings count
    # in that name (ibidi/idna.h); the offset was taken in the ToUnicode form instead ("مثال"
    # for "xn--mgbh0fb"): 8, past its end, for the "%" at 13
    name = "xn--mgbh0fb.a%b"
    f = ibidi.process(name, "whatwg").findings[0]
    assert f.code == "DOMAIN_INVALID_CODE_POINT" and f.offset == 13 and name[13] == "%"
    with pytest.raises(ibidi.InvalidCodepoint) as ei:
        ibidi.encode(name, "whatwg")
    assert ei.value.offset == 13


def test_regression_reorder_huge_level_is_value_error():
    # PyLong_AsLong's OverflowError came out for a level beyond C long; it is a level out
    # of 0..126 like any other (UAX #9 BD2)
    with pytest.raises(ValueError, match="is not 0..126"):
        ibidi.bidi.reorder([0, 2 ** 80])


DEV_SCRIPT = r"""
import sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import test_fuzz as t
lgr = t.ibidi.lgr.load(t.TOY_LGR)
xs = t.inputs(t.IDNA_BLOBS[::6], slice(0, 1200, 6))
xs += ["a\ud800b", "\ud800" + "\u00bd" * 600, "\ud800." * 100]
for i, x in enumerate(xs):
    t.check_idna(x, t.PROFILES[i % 4], i % 3 == 0)
    t.check_bidi(x, "auto")
    t.check_twins(x, "rtl", 200)
    t.check_lgr_label(lgr, x, False)
    t.run(t.ibidi.display, x, "rtl", "html", bound=t.npoints(x))
    t.run(t.ibidi.analyze, x, bound=t.npoints(x))
    t.run(t.ibidi.iri.to_uri, x, bound=t.npoints(x))
    t.run(t.ibidi.iri.to_iri, x, host_to_unicode=True, bound=t.npoints(x))
for fn in (t.ibidi.batch.to_ascii, t.ibidi.batch.to_unicode, t.ibidi.batch.codes,
           t.ibidi.batch.display_key, t.ibidi.batch.skeleton, t.ibidi.batch.is_valid,
           t.ibidi.batch.look_alike_key):
    fn(xs + [None])
s = t.ibidi.Scanner()
s.add([x for x in xs if isinstance(x, bytes) or t.text_of(x) is not None])
s.finish()
s.groups()
print("dev ok", len(xs))
"""


def test_under_debug_allocator():
    # python -X dev installs the debug allocator (PYTHONMALLOC=debug): memory freed by the
    # wrong allocator aborts there, silently works here. The code point path of the IDNA
    # calls (a str with a lone surrogate) freed its PyMem findings with free() and aborted
    # any IDNA call on such a name under -X dev.
    # the folder of the ibidi imported here: the source folder, or an installed package's
    pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(ibidi.__file__)))
    p = subprocess.run([sys.executable, "-X", "dev", "-c", DEV_SCRIPT, HERE, pkg_parent],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and "dev ok" in p.stdout, (p.returncode, p.stderr[-3000:])
