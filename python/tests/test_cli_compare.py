"""The Python API against the CLI's JSON on the bundled samples: the same verdicts, codes,
outputs, findings, displays, collision groups and summary figures."""
import json
import os
import subprocess

import pytest

import ibidi


@pytest.fixture(scope="module")
def cli(request):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    exe = os.path.join(root, os.environ.get("IBIDI_BUILD", "build"), "ibidi")
    if not os.path.exists(exe):
        exe = os.path.join(root, "build", "ibidi")
    return root, exe


def run(exe, args, stdin):
    p = subprocess.run([exe] + args, input=stdin, capture_output=True, text=True)
    return [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]


def sample_names(root, name):
    with open(os.path.join(root, "data/samples", name), encoding="utf-8") as f:
        text = f.read()
    return text, [ln.split("#", 1)[0].strip() for ln in text.splitlines()
                  if ln.split("#", 1)[0].strip()]


def byte_offset(text, cp_offset):
    return len(text[:cp_offset].encode())


@pytest.mark.parametrize("profile", ibidi.PROFILES)
def test_to_ascii_matches_cli(cli, profile):
    root, exe = cli
    text, names = sample_names(root, "names.txt")
    want = run(exe, ["to-ascii", "--json", "--profile", profile], "\n".join(names) + "\n")
    assert len(want) == len(names)
    for name, w in zip(names, want):
        r = ibidi.process(name, profile)
        assert r.valid == w["valid"], name
        if "output" not in w:
            continue
        assert r.output == w["output"], name
        assert "[" + ", ".join(sorted(r.codes)) + "]" == "[" + ", ".join(
            sorted(c for c in w["status"].strip("[]").split(", ") if c)) + "]", name
        form = ibidi.process(name, profile, to="unicode").output
        got = [(f.code, f.label, byte_offset(form, f.offset)) for f in r.findings
               if f.severity == "error"]
        assert got == [(e["code"], e["label"], e["offset"]) for e in w["errors"]], name
        got_w = [f.code for f in r.findings if f.severity == "warning"]
        assert got_w == [e["code"] for e in w["warnings"]], name


def test_to_unicode_matches_cli(cli):
    root, exe = cli
    _, names = sample_names(root, "names.txt")
    want = run(exe, ["to-unicode", "--json"], "\n".join(names) + "\n")
    for name, w in zip(names, want):
        r = ibidi.process(name, to="unicode")
        assert r.valid == w["valid"] and r.output == w.get("output", r.output), name
        if r.valid:
            assert ibidi.decode(name) == w["output"]


def test_scan_matches_cli(cli):
    root, exe = cli
    path = os.path.join(root, "data/samples/names.txt")
    with open(path, encoding="utf-8") as f:
        want = run(exe, ["scan", "--json"], f.read())
    with open(path, encoding="utf-8") as f:
        got = list(ibidi.scan(f))
    w_names = [w for w in want if w["type"] == "name"]
    g_names = [g for g in got if g.type == "name"]
    assert len(w_names) == len(g_names)
    for w, g in zip(w_names, g_names):
        assert g.name == w["name"] and g.valid == w["valid"] and g.codes == w["codes"]
        assert g.display == w["display"]
        assert g.analysis == w.get("analysis")
        if "unicode" in w:
            assert g.unicode == w["unicode"]
        form = g.unicode if g.unicode is not None else g.name
        assert [(f.code, f.context, byte_offset(form, f.offset),
                 len(form[f.offset:f.offset + f.length].encode()))
                for f in g.findings] == [(x["code"], x["context"], x["offset"], x["length"])
                                         for x in w["findings"]]
    w_groups = [(w["context"], w["display"], w["names"], w["valid_names"])
                for w in want if w["type"] == "collision"]
    g_groups = [(g.context, g.display, g.names, g.valid_names)
                for g in got if g.type == "collision"]
    assert g_groups == w_groups and g_groups
    w_sum = [w for w in want if w["type"] == "summary"][0]
    g_sum = got[-1].figures
    for k in ("profile", "lines", "names", "skipped", "valid", "invalid", "with_findings",
              "not_analysed", "ltr", "rtl"):
        assert g_sum[k] == w_sum[k], k


def test_scan_owners_matches_cli_zone(cli, tmp_path):
    # a zone's owner names: the command sets aside wildcards and underscored labels, and so
    # does a Scanner given owners=True the names the command read
    root, exe = cli
    he = "xn--4dbrk0ce"
    zone = tmp_path / "owners.zone"
    zone.write_text("$ORIGIN example.\n@ 3600 IN SOA ns host 1 2 3 4 5\n* A 192.0.2.1\n"
                    "_dmarc TXT \"v=DMARC1\"\nsel._domainkey TXT \"k\"\n"
                    "_443._tcp.www TLSA 3 1 1 00\nwww A 192.0.2.1\n"
                    f"*.{he}.12 A 192.0.2.1\n12.{he} A 192.0.2.1\n_only. TXT \"x\"\n"
                    "a.* A 192.0.2.1\n", encoding="utf-8")
    want = run(exe, ["scan", "--json", str(zone)], "")
    w_names = [w for w in want if w["type"] == "name"]
    got = list(ibidi.scan([w["name"] for w in w_names], owners=True))
    g_names = [g for g in got if g.type == "name"]
    assert len(g_names) == len(w_names) == 9  # the apex (the SOA's owner) is no name
    for w, g in zip(w_names, g_names):
        assert (g.name, g.valid, g.codes, g.display, g.unicode, g.set_aside) == \
            (w["name"], w["valid"], w["codes"], w["display"], w.get("unicode"),
             w.get("set_aside")), w["name"]
    assert [g.set_aside for g in g_names if g.set_aside] == \
        ["*.", "_dmarc.", "sel._domainkey.", "_443._tcp.", "*."]
    w_groups = [(w["context"], w["display"], w["names"]) for w in want
                if w["type"] == "collision"]
    assert [(g.context, g.display, g.names) for g in got if g.type == "collision"] == \
        w_groups and len(w_groups) == 1
    w_sum = want[-1]
    for k in ("names", "valid", "invalid", "set_aside", "ltr", "rtl"):
        assert got[-1].figures[k] == w_sum[k], k
    # without owners=True the same names are host names: nothing set aside
    plain = [g for g in ibidi.scan([w["name"] for w in w_names]) if g.type == "name"]
    assert all(g.set_aside is None for g in plain)
    assert not plain[1].valid and plain[1].codes == "[U1]"  # _dmarc.example
    assert "set_aside" not in list(ibidi.scan(["a.com"]))[-1].figures


def test_scan_lgr_matches_cli(cli):
    # with an LGR: each name's disposition and index label, and the variant groups, as
    # `ibidi scan --lgr` gives them (the library decides both)
    root, exe = cli
    path = os.path.join(root, "data/samples/lgr/toy-hebrew-arabic.xml")
    lg = ibidi.lgr.load(path)
    names = ["\u05d0\u05d1.example", "\u05d0\u05d1\u05d2.example", "abc.example",
             "\u0643\u062a\u0627\u0628.example", "\u06a9\u062a\u0627\u0628.example",
             "xn--4dbrk0ce.com", "", "-x.example"]
    want = run(exe, ["scan", "--json", "--lgr", path], "\n".join(names) + "\n")
    got = list(ibidi.scan(names, lgr=lg))
    w_names = [w for w in want if w["type"] == "name"]
    g_names = [g for g in got if g.type == "name"]
    assert len(g_names) == len(w_names) == 7
    for w, g in zip(w_names, g_names):
        assert g.lgr == w["lgr"], w["name"]
    w_groups = [(w.get("context", "lgr"), w.get("display", w.get("index")), w["names"],
                 w["type"]) for w in want if w["type"] in ("collision", "variant_collision")]
    assert [(g.context, g.display, g.names, g.type) for g in got
            if g.type in ("collision", "variant_collision")] == w_groups
    assert any(g[0] == "lgr" for g in w_groups)
    assert got[-1].figures["lgr"] == want[-1]["lgr"]
    # no LGR: no lgr field, no variant groups
    plain = list(ibidi.scan(names))
    assert all(g.lgr is None for g in plain if g.type == "name")
    assert "lgr" not in plain[-1].figures
    with pytest.raises(TypeError):
        ibidi.Scanner(lgr=42)


def test_display_matches_cli(cli):
    root, exe = cli
    _, idents = sample_names(root, "identifiers.txt")
    for ctx in ("ltr", "rtl"):
        want = run(exe, ["display", "--json", "--context", ctx], "\n".join(idents) + "\n")
        assert len(want) == len(idents)
        for ident, w in zip(idents, want):
            assert ibidi.display(ident, ctx) == w["output"], ident


def test_twins_match_cli(cli):
    root, exe = cli
    for ident in ("\u05e2\u05d1\u05e8\u05d9\u05ea.123", "123.\u05d0\u05d1.com", "abc"):
        w = run(exe, ["twins", "--json"], ident + "\n")[0]
        t = ibidi.twins(ident)
        assert sorted(t) == sorted(x["twin"]
                                   for x in w["twins"]), ident


@pytest.mark.parametrize("policy", ["default", "chromium", "firefox", "webkit"])
def test_show_matches_cli(cli, policy):
    """ibidi.show and `ibidi show --json` over the sample identifiers: the same decision,
    the same string to show, the same labels and reasons (offsets turned into bytes)."""
    root, exe = cli
    text, names = sample_names(root, "identifiers.txt")
    names += ["123.\u05d0\u05d1\u05d2.com", "p\u0430ypal.com", "user@\u05e1\u05e1\u05d5.com"]
    records = run(exe, ["show", "--json", "--policy", policy], "\n".join(names) + "\n")
    assert len(records) == len(names)
    for name, rec in zip(names, records):
        s = ibidi.show(name, policy)
        assert s.valid == rec["valid"] and s.unicode == rec["unicode"]
        assert s.kind == rec["kind"] and s.policy == policy
        assert s.text == rec.get("show") and s.form == rec.get("form")
        assert [(l.label, l.shown, l.shown_as) for l in s.labels] == \
            [(l["label"], l["shown"], l["as"]) for l in rec["labels"]]
        uform = s.unicode_form or ""
        assert [(f.code, f.label, byte_offset(uform, f.offset)) for f in s.reasons] == \
            [(f["code"], f.get("label"), f["offset"]) for f in rec["reasons"]]
