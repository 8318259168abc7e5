"""ibidi.dask on a LocalCluster of two worker processes against `ibidi scan --json`: the
same collision records and summary figures, over the bundled samples (every run) and over
1M generated names with planted twins (IBIDI_DASK_1M=1, `make -C python check-dask`)."""
import json
import os
import random
import subprocess
import tempfile
import warnings

import pytest

try:
    import dask.bag as db
    import dask.dataframe as dd
    import distributed
    import pandas as pd
except ImportError as e:  # Debian: python3-dask, python3-distributed, python3-pandas
    reason = f"test_dask skipped: ibidi.dask needs dask, distributed and pandas ({e})"
    # pytest -q prints a skip's reason only with -rs: a warning shows in its summary
    warnings.warn(reason)
    pytest.skip(reason, allow_module_level=True)

import ibidi  # noqa: E402
import ibidi.dask  # noqa: E402
import ibidi.lgr  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLES = os.path.join(ROOT, "data", "samples")
LGR = os.path.join(SAMPLES, "lgr", "toy-hebrew-arabic.xml")


@pytest.fixture(scope="module")
def client():
    # two worker processes, one thread each; loopback only, no dashboard
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None)
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def exe():
    path = os.path.join(ROOT, os.environ.get("IBIDI_BUILD", "build"), "ibidi")
    return path if os.path.exists(path) else os.path.join(ROOT, "build", "ibidi")


def cli_scan(args, path):
    p = subprocess.run([exe(), "scan", "--json"] + args + [path], capture_output=True,
                       text=True)
    recs = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    assert recs and recs[-1]["type"] == "summary", p.stderr
    return ([r for r in recs if r["type"] != "name" and r["type"] != "summary"],
            recs[-1], [r["name"] for r in recs if r["type"] == "name"])


def as_cli(c):
    """A Collision as `ibidi scan --json` writes it."""
    rec = {"type": c.type}
    if c.type != "variant_collision":
        rec["context"] = c.context
    rec["index" if c.type == "variant_collision" else
        "skeleton" if c.type == "look_alike_collision" else "display"] = c.display
    rec["names"] = c.names
    rec["valid_names"] = c.valid_names
    return rec


def lines_of(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def check_equal(got, want_groups, want_summary, skip=()):
    assert [as_cli(g) for g in got.groups] == want_groups
    fig = {k: v for k, v in got.summary.figures.items() if k not in skip}
    assert fig == {k: v for k, v in want_summary.items() if k != "type" and k not in skip}


CASES = [([], {}), (["--look-alike-groups"], {"look_alike": True}),
         (["--lgr", LGR], {"lgr": LGR}), (["--profile", "whatwg", "--context", "rtl"],
                                          {"profile": "whatwg", "contexts": ("rtl",)})]


@pytest.mark.parametrize("sample", ["names.txt", "identifiers.txt"])
@pytest.mark.parametrize("args,kw", CASES)
def test_samples_match_cli(client, sample, args, kw):
    path = os.path.join(SAMPLES, sample)
    want_groups, want_summary, _ = cli_scan(args, path)
    lines = lines_of(path)
    got = ibidi.dask.scan(db.from_sequence(lines, npartitions=3), **kw)
    check_equal(got, want_groups, want_summary)
    if "look_alike" not in kw:  # ibidi.scan makes no skeletons: the rest is its answer
        py = [x for x in ibidi.scan(lines, kw.get("contexts", ("ltr", "rtl")),
                                    profile=kw.get("profile", "uts46"), records=False,
                                    lgr=ibidi.lgr.load(LGR) if "lgr" in kw else None)]
        assert got.groups == py[:-1]
        assert got.summary == py[-1]


def test_zone_owners_match_cli(client):
    # the owner names `ibidi scan` reads from the zone file, scanned as owners
    path = os.path.join(SAMPLES, "zone.txt")
    want_groups, want_summary, owners = cli_scan([], path)
    assert owners
    ddf = dd.from_pandas(pd.DataFrame({"host": owners, "n": range(len(owners))}),
                         npartitions=2)
    got = ibidi.dask.scan(ddf, owners=True, column="host")
    # a zone's lines are records, not names: lines and skipped are the file's there
    check_equal(got, want_groups, want_summary, skip=("lines", "skipped"))


def test_lazy_and_inputs(client):
    path = os.path.join(SAMPLES, "names.txt")
    want_groups, want_summary, _ = cli_scan(["--lgr", LGR], path)
    lines = lines_of(path)
    lazy = ibidi.dask.scan(dd.from_pandas(pd.Series(lines), npartitions=4),
                           lgr=ibidi.lgr.load(LGR), compute=False, npartitions=3)
    assert isinstance(lazy, ibidi.dask.LazyScan)
    check_equal(lazy.compute(), want_groups, want_summary)
    with tempfile.TemporaryDirectory() as d:
        summary = lazy.write_json(os.path.join(d, "groups-*.jsonl"))
        recs = []
        for name in sorted(os.listdir(d)):
            recs += [json.loads(x) for x in lines_of(os.path.join(d, name))]
    order = {"collision": 0, "variant_collision": 2}
    ctx = {"ltr": 0, "rtl": 1}
    recs.sort(key=lambda r: (order[r["type"]] + ctx.get(r.get("context"), 0),
                             (r.get("display") or r.get("index")).encode()))
    assert recs == want_groups
    assert summary == lazy.compute().summary
    # missing values are blank lines; a DataFrame of several columns needs column=
    with pytest.raises(ValueError):
        ibidi.dask.scan(dd.from_pandas(pd.DataFrame({"a": ["x"], "b": ["y"]}),
                                       npartitions=1))
    got = ibidi.dask.scan(dd.from_pandas(pd.Series(["1.com", None, "com.1", float("nan")]),
                                         npartitions=2))
    assert [g.names for g in got.groups] == [["1.com", "com.1"]]
    assert got.summary["skipped"] == 2 and got.summary["names"] == 2
    with pytest.raises(ValueError):
        ibidi.dask.scan(db.from_sequence(["a"]), profile="nope")
    with pytest.raises(TypeError):
        ibidi.dask.scan(["a.com"])


def test_hostile_names_group_as_the_scanner():
    # the names of the robustness test (fuzz corpora, random texts, limits, ill-formed
    # bytes), their entries grouped here without a cluster: the Scanner's groups and
    # summary, with and without an LGR
    from test_fuzz import scan_names
    names = scan_names()
    lg = ibidi.lgr.load(LGR)
    for lgr in (None, lg):
        opts = ibidi.dask._Options(True, True, False, False, "uts46",
                                   ibidi.dask._lgr_xml(lgr))
        df, counts = ibidi.dask.entries(names, opts)
        part, kinds = ibidi.dask._group_part(df)
        s = ibidi.Scanner(lgr=lgr)
        s.add(names, False)
        s.finish()
        assert ibidi.dask.collisions(part) == s.groups()
        assert ibidi.dask._summary([counts], [kinds], opts) == s.summary()


# ---- 1M generated names --------------------------------------------------------------------

HEBREW = [chr(c) for c in range(0x05D0, 0x05EB)]
ARABIC = [chr(c) for c in range(0x0627, 0x063B)] + [chr(c) for c in range(0x0641, 0x064B)]


def generate(n, seed=38):
    """n lines: ASCII host names, Hebrew and Arabic names, and planted groups: Badami's
    display twins (digits and RTL labels reordered), A-label/U-label pairs (one name),
    names repeated, case variants, look-alikes (a Cyrillic letter for a Latin one)."""
    rnd = random.Random(seed)
    ascii_l = "abcdefghijklmnopqrstuvwxyz"
    out = []
    tlds = ["com", "net", "org", "il", "eg"]

    def word(alpha, lo, hi):
        return "".join(rnd.choice(alpha) for _ in range(rnd.randint(lo, hi)))

    while len(out) < n:
        r = rnd.random()
        if r < 0.80:
            out.append(f"{word(ascii_l, 3, 10)}{rnd.randint(0, 999)}.{rnd.choice(tlds)}")
        elif r < 0.90:
            out.append(f"{word(HEBREW, 2, 8)}.{rnd.choice(tlds)}")
        elif r < 0.95:
            out.append(f"{word(ARABIC, 2, 8)}.{word(ARABIC, 2, 4)}")
        elif r < 0.97:  # Badami: 123.<rtl>.com and <rtl>.123.com display alike in rtl
            d, w, t = str(rnd.randint(0, 99999)), word(HEBREW, 2, 6), rnd.choice(tlds)
            out += [f"{d}.{w}.{t}", f"{w}.{d}.{t}"]
        elif r < 0.98:  # an A-label and its U-label: one name
            u = f"{word(HEBREW, 3, 7)}.com"
            out += [u, ibidi.encode(u).decode()]
        elif r < 0.99:  # look-alikes, case variants, comments and blanks
            w = word(ascii_l, 4, 8) + "a"
            out += [f"{w}.com", f"{w[:-1]}\u0430.com", f"{w.upper()}.com", "# a comment", ""]
        else:  # digits around RTL labels: 1.<rtl>.<rtl> and <rtl>.<rtl>.1
            a, b = word(ARABIC, 2, 5), word(ARABIC, 2, 5)
            out += [f"1.{a}.{b}", f"{b}.{a}.1", f"{a}.1.{b}"]
    return out[:n]


@pytest.mark.skipif(os.environ.get("IBIDI_DASK_1M") != "1",
                    reason="1M names: IBIDI_DASK_1M=1 (make -C python check-dask)")
@pytest.mark.parametrize("args,kw", [([], {}), (["--look-alike-groups"], {"look_alike": True})])
def test_million_names_match_cli(client, args, kw):
    names = generate(1_000_000)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt") as f:
        f.write("\n".join(names) + "\n")
        f.flush()
        want_groups, want_summary, _ = cli_scan(args, f.name)
        bag = db.read_text(f.name, blocksize=8 << 20)  # lines keep their LF, as in a file
        got = ibidi.dask.scan(bag, **kw)
    assert len(want_groups) > 10000
    check_equal(got, want_groups, want_summary)
