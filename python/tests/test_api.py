"""Every function of the package, and every exception path."""
import threading

import pytest

import ibidi
import ibidi.bidi
import ibidi.iri
import ibidi.lgr

HEB = "\u05e2\u05d1\u05e8\u05d9\u05ea"  # עברית
ARABIC = "\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631"  # مثال.إختبار


# ---- IDNA ---------------------------------------------------------------------------------

def test_encode_decode_roundtrip():
    assert ibidi.encode(ARABIC) == b"xn--mgbh0fb.xn--kgbechtv"
    assert ibidi.decode("xn--mgbh0fb.xn--kgbechtv") == ARABIC
    assert ibidi.decode(b"xn--mgbh0fb.xn--kgbechtv") == ARABIC
    assert ibidi.encode("Example.COM") == b"example.com"
    assert ibidi.encode(name="a.b", profile="whatwg") == b"a.b"


def test_encode_accepts_bytes_and_keywords():
    assert ibidi.encode(ARABIC.encode()) == b"xn--mgbh0fb.xn--kgbechtv"
    assert ibidi.encode(bytearray(b"abc")) == b"abc"
    # transitional processing maps ß to ss (UTS #46, deprecated)
    assert ibidi.encode("faß.de", transitional=True) == b"fass.de"
    assert ibidi.encode("faß.de") == b"xn--fa-hia.de"


def test_seed_bidi_rule_whole_name():
    # RFC 5893 §2 applies to every label of a Bidi domain name: 123.<RTL>.com breaks B1,
    # which a per-label check misses (and which displays like <RTL>.123.com in RTL text)
    with pytest.raises(ibidi.IDNABidiError) as ei:
        ibidi.encode("123." + HEB + ".com")
    e = ei.value
    assert isinstance(e, ibidi.IDNAError) and isinstance(e, UnicodeError)
    assert ibidi.BidiError is ibidi.IDNABidiError
    assert e.code == "B1" and e.label == 0 and e.offset == 0
    assert "RFC 5893" in e.rule
    assert [f.code for f in e.findings] == ["B1"]
    assert e.findings[0].bidi_class == "EN" and e.findings[0].char == "1"
    # the same name in ASCII only is no Bidi domain name
    assert ibidi.encode("123.abc.com") == b"123.abc.com"


def test_error_offsets_count_code_points():
    with pytest.raises(ibidi.IDNABidiError) as ei:
        ibidi.encode(HEB + ".a" + HEB + "b")  # label 1 mixes L and R: B5/B6 or B1...
    for f in ei.value.findings:
        assert f.label == 1
        assert f.offset >= len(HEB) + 1  # code points, not bytes of UTF-8


@pytest.mark.parametrize("name,cls,code", [
    ("a\u200db", ibidi.InvalidCodepointContext, "C2"),
    ("a_b.com", ibidi.InvalidCodepoint, "U1"),
    ("-abc.com", ibidi.InvalidHyphen, "V3"),
    ("ab--c.com", ibidi.InvalidHyphen, "V2"),
    ("\u0301abc.com", ibidi.InvalidLabel, "V6"),
    ("xn--ab-.com", ibidi.InvalidPunycode, "P4"),
    ("xn--a-ecp.ru", ibidi.InvalidCodepoint, "V7"),
    ("a" * 64 + ".com", ibidi.InvalidLength, "A4_2"),
    ("a..com", ibidi.InvalidLength, "A4_2"),
])
def test_exception_classes(name, cls, code):
    with pytest.raises(cls) as ei:
        ibidi.encode(name)
    assert ei.value.code == code
    assert code in [f.code for f in ei.value.findings]


def test_decode_errors_and_every_finding():
    with pytest.raises(ibidi.IDNAError) as ei:
        ibidi.decode("-" + HEB + "1.com")
    codes = [f.code for f in ei.value.findings]
    assert len(codes) >= 2 and "V3" in codes  # every broken rule, not just the first
    assert all(f.severity == "error" for f in ei.value.findings)


def test_encoding_errors():
    with pytest.raises(ibidi.InvalidEncoding) as ei:
        ibidi.encode(b"ab\xffc")
    assert ei.value.code == "UTF8_INVALID_BYTE" and ei.value.offset == 2
    v = ibidi.check(b"ab\xffc")
    assert not v.valid and v.error == ("UTF8_INVALID_BYTE", 2) and v.codes == "[UTF8_INVALID_BYTE]"
    assert v.findings == []


def test_too_long():
    with pytest.raises(ibidi.InvalidLength) as ei:
        ibidi.encode("a" * 5000)
    assert ei.value.code == "IDNA_TOO_LONG"
    with pytest.raises(ibidi.InvalidLength) as ei:
        ibidi.encode("a." * 600 + "a")  # over 1536 code points: the work area is given
    assert "A4_1" in [f.code for f in ei.value.findings]


def test_lone_surrogate_is_disallowed():
    # UTS #46 takes lone surrogates as disallowed code points (V7), as IdnaTestV2 does
    with pytest.raises(ibidi.InvalidCodepoint):
        ibidi.encode("a\ud800b")
    r = ibidi.process("a\ud800b")
    assert not r.valid and "V7" in r.codes


def test_bad_arguments():
    with pytest.raises(TypeError):
        ibidi.encode(123)
    with pytest.raises(TypeError):
        ibidi.encode()
    with pytest.raises(TypeError):
        ibidi.encode("a", "uts46", "x")
    with pytest.raises(TypeError):
        ibidi.encode("a", nonsense=1)
    with pytest.raises(ValueError, match="'uts46', 'whatwg', 'idna2008-lookup'"):
        ibidi.encode("a", profile="idna2003")
    with pytest.raises(TypeError):
        ibidi.decode(None)
    with pytest.raises(ValueError):
        ibidi.process("a", to="latin1")
    with pytest.raises(ValueError, match="'ltr', 'rtl', 'auto'"):
        ibidi.bidi.levels("a", "up")
    with pytest.raises(ValueError):
        ibidi.display("a", form="sideways")
    with pytest.raises(ValueError):
        ibidi.display("a", kind="url")
    with pytest.raises(ValueError):
        ibidi.twins("a", "auto")
    with pytest.raises(ValueError):
        ibidi.twins("a", max_candidates=-1)
    with pytest.raises(ValueError):
        ibidi.Scanner(contexts=("up",))
    with pytest.raises(TypeError):
        ibidi.lgr.load(42)


def test_profiles():
    assert ibidi.PROFILES == ("uts46", "whatwg", "idna2008-lookup", "idna2008-register")
    # IDNA2008 does not map: upper case is DISALLOWED there, UTS #46 maps it
    assert ibidi.encode("ABC.com", profile="uts46") == b"abc.com"
    with pytest.raises(ibidi.IDNAError):
        ibidi.encode("ABC\u00e9.com", profile="idna2008-register")
    # the URL Standard lets "xn--a" through, UTS #46 does not
    assert ibidi.encode("xn--a.com", profile="whatwg") == b"xn--a.com"


def test_check_and_process():
    v = ibidi.check(ARABIC)
    assert v.valid and v.codes == "[]" and v.errors == [] and v.kind == "domain"
    v = ibidi.check("123." + HEB + ".com")
    assert not v.valid and v.codes == "[B1]" and [f.code for f in v.errors] == ["B1"]
    assert isinstance(v.findings[0], ibidi.Finding)
    # the verdict is judged on the Unicode form: from A-labels, a Bidi domain name, the
    # labels' categories of their U-labels, and each finding's place in both forms
    v = ibidi.check("123.xn--4dbrk0ce.com")
    assert v.bidi_domain_name and v.unicode == "123.\u05d9\u05e9\u05e8\u05d0\u05dc.com"
    assert [(l.label, l.category, l.input_offset, l.input_length) for l in v.labels] == [
        ("123", "number", 0, 3), ("\u05d9\u05e9\u05e8\u05d0\u05dc", "rtl", 4, 12), ("com", "ltr", 17, 3)]
    twins = [f for f in v.findings if f.code == "INVALID_TWINS_ONLY"]
    assert twins and (twins[0].offset, twins[0].length) == (0, 13)
    assert (twins[0].input_offset, twins[0].input_length) == (0, 20)
    # a finding that is an error makes it invalid, in every kind
    v = ibidi.check("http://example.com/ab\u05d2\u05d3", duerst=True)
    assert not v.valid and v.codes == "[MIXED_DIRECTION, RTL_OTHER_CLASS]"
    v = ibidi.check("http://example.com/ab\u05d2\u05d3")
    assert v.valid and all(f.severity == "warning" for f in v.findings)
    r = ibidi.process("123." + HEB + ".com")
    assert not r.valid and r.codes == ["B1"] and r.output == "123.xn--5dbqzzl.com"
    u = ibidi.process("xn--mgbh0fb.xn--kgbechtv", to="unicode")
    assert u.valid and u.output == ARABIC and u.status == "OK"
    # warnings come with the errors: a digit label after an RTL label (RFC 5893 §2 end)
    w = ibidi.process(HEB + ".1abc").findings
    assert [(f.code, f.severity) for f in w] == [("B1", "error"),
                                                 ("W_DIGIT_AFTER_RTL", "warning")]


def test_codes_table():
    rows = ibidi.codes()
    assert len(rows) > 140 and {r.kind for r in rows} == {"finding", "status"}
    b3 = ibidi.explain("b3")
    assert [r.name for r in b3] == ["B3"] and b3[0].group == "bidi-rule"
    assert b3[0].rule == "RFC 5893 §2 rule 3" and b3[0].severity == "error"
    # the exceptions follow the table's families
    assert ibidi.explain("PUNYCODE_RANGE")[0].group == "punycode"
    with pytest.raises(ValueError):
        ibidi.explain("NO_SUCH_CODE")


# ---- bidi ---------------------------------------------------------------------------------

def test_bidi_levels_visual_reorder():
    t = "abc " + HEB + " 123"
    assert ibidi.bidi.levels(t) == [0] * 4 + [1] * 6 + [2] * 3
    assert ibidi.bidi.levels(t, "rtl")[0] == 2
    assert ibidi.bidi.visual(t) == "abc 123 " + HEB[::-1]
    assert ibidi.bidi.visual(HEB + "(", "rtl") == ")" + HEB[::-1]
    assert ibidi.bidi.visual(HEB + "(", "rtl", mirror=False) == "(" + HEB[::-1]
    assert ibidi.bidi.visual("a\u202eb", remove_controls=True) == "ab"
    assert ibidi.bidi.reorder("abc \u05e2\u05d1") == [0, 1, 2, 3, 5, 4]
    assert ibidi.bidi.reorder([0, 0, 1, 1, 2, 2]) == [0, 1, 4, 5, 3, 2]
    assert ibidi.bidi.levels(b"abc") == [0, 0, 0]
    assert ibidi.bidi.levels("") == []
    with pytest.raises(ValueError):
        ibidi.bidi.reorder([0, 200])
    with pytest.raises(TypeError):
        ibidi.bidi.reorder(5)
    with pytest.raises(ibidi.Error) as ei:
        ibidi.bidi.levels(b"a\xc0b")
    assert ei.value.code.startswith("UTF8_") and ei.value.offset == 1


# ---- display, twins, analysis --------------------------------------------------------------

def test_needs_embedding():
    # the 2012 bidi IRI guidelines' section 2 test, as `ibidi display --needs-embedding` and
    # SQL ibidi_needs_embedding answer it
    iri = "http://ab.\u05d2\u05d3\u05d4.\u05d5\u05d6\u05d7/ij"
    assert ibidi.needs_embedding(iri, "rtl", "x ", " y") is True
    assert ibidi.needs_embedding(iri, "ltr", "see ", " now") is False
    assert ibidi.needs_embedding("example.com") is False
    assert ibidi.needs_embedding("\u05d0\u05d1.com", "rtl", kind="domain") is True
    assert ibidi.needs_embedding(iri.encode(), before=b"see ", after=b" now") is False
    with pytest.raises(ibidi.Error) as ei:
        ibidi.needs_embedding("a b", kind="domain")
    assert ei.value.code == "DOMAIN_CHAR"
    with pytest.raises(ValueError):
        ibidi.needs_embedding("a.com", kind="url")


def test_display_forms():
    ident = "http://\u0645\u062b\u0627\u0644.com/123"
    assert ibidi.display(ident) == "http://\u0644\u0627\u062b\u0645.com/123"
    assert ibidi.display(ident, "rtl") != ibidi.display(ident)
    assert ibidi.display(ident, form="isolate") == "\u2066" + ident + "\u2069"
    assert ibidi.display(ident, form="html").startswith('<bdi dir="ltr">')
    assert ibidi.display("a", kind="domain") == "a"
    with pytest.raises(ibidi.Error):
        ibidi.display("", kind="domain")


def test_twins_seed():
    # Badami: 123.ABC.com and ABC.123.com display alike in RTL; here with Hebrew letters
    tw = ibidi.twins(HEB + ".123")
    assert isinstance(tw, ibidi.Twins) and "123." + HEB in tw
    assert tw.truncated is False and tw.candidates > 0
    assert ibidi.twins("abc") == []
    assert "123." + HEB in ibidi.twins(HEB + ".123", "rtl") or True
    with pytest.raises(ibidi.Error) as ei:
        ibidi.twins("a\u202eb")
    assert ei.value.code == "AMBIG_CONTROL" and ei.value.offset == 1


def test_analyze():
    fs = ibidi.analyze("123." + ARABIC.split(".")[0] + ".com")
    codes = {f.code for f in fs}
    assert "IDN_NUMBER_LABEL" in codes and "NUMBER_LEVEL" in codes
    assert all(f.severity == "warning" for f in fs)
    assert {f.context for f in fs} <= {"ltr", "rtl"}
    assert ibidi.analyze("example.com") == []
    ltr_only = ibidi.analyze("123." + HEB + ".com", rtl=False)
    assert all(f.context == "ltr" for f in ltr_only)
    exact = ibidi.analyze(HEB + ".123", exact=True)
    assert {"VALID_TWIN", "INVALID_TWINS_ONLY"} & {f.code for f in exact}
    with pytest.raises(ValueError):
        ibidi.analyze("a", kind="nope")
    with pytest.raises(ibidi.Error):
        ibidi.analyze("a" * 2000)


# ---- IRIs --------------------------------------------------------------------------------

def test_iri():
    iri = "http://\u0645\u062b\u0627\u0644.com/\u0635"
    uri = ibidi.iri.to_uri(iri)
    assert uri == "http://xn--mgbh0fb.com/%D8%B5"
    assert ibidi.iri.to_iri(uri, host_to_unicode=True) == iri
    assert ibidi.iri.to_iri(uri) == "http://xn--mgbh0fb.com/%D8%B5".replace("%D8%B5", "\u0635")
    assert ibidi.iri.to_uri(iri, host_percent=True).startswith("http://%D9%85")
    assert ibidi.iri.to_uri("http://a/b c", encode_ascii=True) == "http://a/b%20c"
    with pytest.raises(ibidi.Error) as ei:
        ibidi.iri.to_uri("http://123." + HEB + ".com/")
    assert ei.value.code == "IRI_HOST_IDNA"
    with pytest.raises(ibidi.Error) as ei:
        ibidi.iri.to_iri("http://\u00e9/")
    assert ei.value.code == "URI_NOT_ASCII"


# ---- LGR ---------------------------------------------------------------------------------

def test_lgr(root):
    path = root + "/data/samples/lgr/toy-hebrew-arabic.xml"
    lgr = ibidi.lgr.load(path)
    with open(path, "rb") as f:
        lgr2 = ibidi.lgr.load(f.read())
    import pathlib
    ibidi.lgr.load(pathlib.Path(path))
    r = lgr.check("\u05d0\u05d1")
    assert r.eligible and r.registrable and r.disposition == "valid"
    bad = lgr2.check("abc")
    assert not bad.eligible and bad.status == "LGR_REPERTOIRE" and bad.cp == ord("a")
    assert bad.disposition == "invalid"
    with pytest.raises(ibidi.Error) as ei:
        lgr.variants("abc")
    assert ei.value.code == "LGR_NOT_ELIGIBLE"
    assert isinstance(lgr.variants("\u05d0\u05d1"), list)
    # a negative bound is refused, as twins() refuses one, not read as "no bound"
    with pytest.raises(ValueError):
        lgr.variants("\u05d0\u05d1", max=-1)
    idx = lgr.index_label("\u05d0\u05d1")
    assert isinstance(idx, str) and idx
    # RFC 7940 §8.1.1: Hebrew and Arabic letters in one label: the toy LGR's first action
    # makes it invalid, so it is not eligible and has no variants; its index label stays
    mixed = lgr.check("\u05d0\u0628")
    assert not mixed.eligible and mixed.status == "LGR_INVALID_DISPOSITION"
    assert mixed.cp is None and mixed.rule == "mixed-scripts" and not mixed.registrable
    with pytest.raises(ibidi.Error) as ei:
        lgr.variants("\u05d0\u0628")
    assert ei.value.code == "LGR_NOT_ELIGIBLE"
    assert lgr.index_label("\u05d0\u0628")
    # §8.2, §8.4: i j as one entry (variant t u, allocatable) and as two (t, u, blocked):
    # t u comes twice, with two dispositions, and the second is marked as a conflict
    div = ibidi.lgr.load(
        b'<lgr xmlns="urn:ietf:params:xml:ns:lgr-1.0"><data>'
        b'<char cp="0069"><var cp="0074" type="blocked"/></char>'
        b'<char cp="006A"><var cp="0075" type="blocked"/></char>'
        b'<char cp="0069 006A"><var cp="0074 0075" type="allocatable"/></char>'
        b'<char cp="0074"/><char cp="0075"/></data></lgr>')
    got = [(v.label, v.disposition, v.conflict) for v in div.variants("ij")]
    assert got == [("tu", "allocatable", False), ("iu", "blocked", False),
                   ("tj", "blocked", False), ("tu", "blocked", True)], got
    with pytest.raises(ibidi.Error) as ei:
        ibidi.lgr.load(b"<lgr")
    assert ei.value.code == "LGR_XML" and ei.value.line >= 1
    with pytest.raises(ibidi.Error) as ei:
        ibidi.lgr.load("/nonexistent.xml")
    assert ei.value.code == "LGR_FILE"


# ---- scan --------------------------------------------------------------------------------

NAMES = ["123." + HEB + ".com", HEB + ".123.com", "example.com", "example.com.",
         "# a comment", "", "xn--5dbqzzl.com", HEB + ".com", "360.example", "example.360"]


def test_scan_records_groups_summary():
    items = list(ibidi.scan(NAMES))
    recs = [x for x in items if x.type == "name"]
    groups = [x for x in items if x.type == "collision"]
    summary = items[-1]
    assert summary.type == "summary"
    assert summary["lines"] == len(NAMES) and summary["skipped"] == 2
    assert summary["names"] == len(recs) == 8
    first = recs[0]
    assert not first.valid and first.codes == "[B1]"
    assert set(first.display) == {"ltr", "rtl"}
    assert any(g.context == "rtl" and set(g.names) == {"360.example", "example.360"}
               for g in groups)
    # a name and its A-label are one name: not a collision
    assert not any(g.names == [HEB + ".com"] for g in groups)
    # the self-displayed names are counted, not grouped
    assert summary["ltr"]["self_displayed"] >= 3


def test_scan_contexts_and_no_records():
    items = list(ibidi.scan(NAMES, contexts=("rtl",), records=False))
    assert all(x.type != "name" for x in items)
    assert "ltr" not in items[-1].figures and "rtl" in items[-1].figures
    items = list(ibidi.scan(NAMES, contexts="ltr", batch=3))
    assert all(set(r.display) == {"ltr"} for r in items if r.type == "name")
    with pytest.raises(TypeError):
        list(ibidi.scan([1, 2]))


def test_scanner_threads_same_as_one(root):
    with open(root + "/data/samples/names.txt", encoding="utf-8") as f:
        lines = f.read().splitlines() * 3
    one = ibidi.Scanner()
    one.add(lines, records=False)
    one.finish()
    many = ibidi.Scanner()
    parts = [lines[i::4] for i in range(4)]
    threads = [threading.Thread(target=many.add, args=(p, False)) for p in parts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    many.finish()
    assert many.groups() == one.groups()
    assert many.summary() == one.summary()
    with pytest.raises(RuntimeError):
        many.add(["a.com"])


def test_scanner_order_errors():
    s = ibidi.Scanner()
    with pytest.raises(RuntimeError):
        s.groups()
    with pytest.raises(RuntimeError):
        s.summary()
    s.finish()
    s.finish()  # a second finish does nothing
    assert s.groups() == []
    with pytest.raises(ValueError):
        ibidi.Scanner(profile="nope")
    with pytest.raises(ibidi.Error):
        ibidi.Scanner(memory=10)  # under the groups' minimum (64 KiB)


def test_scan_spills_to_disk(tmp_path, root):
    with open(root + "/data/samples/names.txt", encoding="utf-8") as f:
        lines = f.read().splitlines()
    big = [f"{i}.{line}" for i in range(40) for line in lines if line and line[0] != "#"]
    small = list(ibidi.scan(big, records=False, memory=1 << 16, temp_dir=str(tmp_path)))
    large = list(ibidi.scan(big, records=False))
    assert small == large


def test_version():
    assert ibidi.__version__.count(".") == 2 and ibidi.unicode_version == "17.0.0"


# ---- Look-alikes (UTS #39 §4) ---------------------------------------------------------------

def test_skeleton_and_confusable():
    # U+0430 among Latin letters: the same skeleton as paypal.com (m reads as rn)
    assert ibidi.skeleton("p\u0430ypal.com") == ibidi.skeleton("paypal.com") == "paypal.corn"
    assert ibidi.confusable("p\u0430ypal.com", "paypal.com")
    # samekh samekh vav: ool by the plain skeleton, loo laid out in a left-to-right paragraph
    hebrew = "\u05e1\u05e1\u05d5.com"
    assert ibidi.skeleton(hebrew) == "ool.corn"
    assert ibidi.skeleton(hebrew, "ltr") == "loo.corn"
    assert ibidi.skeleton(hebrew, context="rtl") == "corn.loo"
    assert ibidi.confusable(hebrew, "loo.com", "ltr") and not ibidi.confusable(hebrew, "loo.com")
    # default ignorables go (UTS #55's Persian pair), bytes are UTF-8
    assert ibidi.confusable("\u0628\u0647\u0631\u0648\u0632".encode(),
                            "\u0628\u0647\u200c\u0631\u0648\u0632")
    with pytest.raises(ValueError):
        ibidi.skeleton("a", "up")
    with pytest.raises(ibidi.Error) as ei:
        ibidi.skeleton(b"a\xff")
    assert ei.value.code == "UTF8_INVALID_BYTE"
    # the verdict holds the host's skeletons, and names the look-alike
    v = ibidi.check("p\u0430ypal.com")
    assert v.skeleton == ("paypal.corn", "paypal.corn", "paypal.corn")
    assert [(f.code, f.detail) for f in v.findings] == [("MIXED_SCRIPT_CONFUSABLE", ord("a"))]


def test_show():
    # the cases: A-labels, with their reasons
    s = ibidi.show("123." + HEB + ".com")
    assert not s.valid and not s.unicode and s.text.startswith("123.xn--")
    assert [f.code for f in s.reasons] == ["B1"] and s.reasons[0].label == 0
    s = ibidi.show("\u05e1\u05e1\u05d5.com", protect=["loo.com"])
    assert s.text == "xn--9dbxa.com"
    assert {f.code for f in s.reasons} == {"WHOLE_SCRIPT_CONFUSABLE", "PROTECTED_BIDI_SKELETON"}
    assert ibidi.show("123." + HEB + ".com", "chromium").unicode
    s = ibidi.show(ARABIC)
    assert s.unicode and s.text == ARABIC and s.form.startswith("\u2066\u2068")
    assert [l.shown_as for l in s.labels] == ["unicode", "unicode"]
    assert s.data_version == ibidi.unicode_version
    # knobs: the user's scripts, the highest level, the paragraph
    assert ibidi.show("\u0455\u0441\u043e\u0440\u0435.com", scripts=["Cyrillic"]).unicode
    assert not ibidi.show("\u0455\u0441\u043e\u0440\u0435.com").unicode
    assert ibidi.show("example.com", context="rtl").context == "rtl"
    # an input that is no identifier: a record that says so
    s = ibidi.show(b"a\xff.com")
    assert s.error == ("UTF8_INVALID_BYTE", 1) and s.text is None
    with pytest.raises(ValueError):
        ibidi.show("a.com", "edge")
    with pytest.raises(ValueError):
        ibidi.show("a.com", protect=["a..b"])
    with pytest.raises(ValueError):
        ibidi.show("a.com", scripts=["Klingon"])
