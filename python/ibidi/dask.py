"""ibidi.dask: a collision scan of more names than one machine holds, on a Dask cluster.

    import dask.dataframe as dd, distributed, ibidi.dask
    client = distributed.Client("tcp://scheduler:8786")      # or a LocalCluster
    names = dd.read_csv("s3://bucket/hosts-*.csv", usecols=["host"])["host"]
    result = ibidi.dask.scan(names, look_alike=True)
    result.groups    # [ibidi.Collision], as `ibidi scan --json` writes them, in its order
    result.summary   # ibidi.ScanSummary, the figures of its summary record

Each partition's names are scanned on the workers (the library, without the GIL, as
ibidi.scan does it) into entries: (kind, key, name, valid) rows, exactly those
`ibidi scan` adds to its collision groups (the library's ibidi_scan_entries: a name's
display in a left-to-right and a right-to-left paragraph, unless it displays as itself and
no other name can; its LGR index label; its bidi skeletons). Dask's own shuffle (tasks)
then brings every entry of a key to one partition, where the keys with two or more
distinct names become groups. No scheduler of ibidi's own: whatever Dask runs on.

The groups are exactly `ibidi scan`'s: the same keys, the same names (Unicode forms, an
A-label and its U-label being one name), in byte order, each valid when any line of it
was; and the summary's figures are the command's, merged from the partitions.

For a scan whose groups should not all come back to one machine (billions of names),
scan(..., compute=False) returns a LazyScan: its groups are a Dask DataFrame (a row per
group, each partition's rows in the command's order, the partitions in no order) to write
out from the workers, and its summary a Delayed.
"""
from __future__ import annotations

import hashlib
import operator
import os
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd
import dask
import dask.bag as db
import dask.dataframe as dd
from dask import delayed

from . import _ibidi, Collision, ScanSummary
from . import lgr as _lgr_mod

__all__ = ["scan", "ScanResult", "LazyScan", "entries", "KINDS"]

# The kinds of keys, as the library numbers them (ibidi_scan_entries): the context each
# names in `ibidi scan --json` and the type of its groups' records.
KINDS = {
    0: ("ltr", "collision"),
    1: ("rtl", "collision"),
    2: ("lgr", "variant_collision"),
    3: ("ltr", "look_alike_collision"),
    4: ("rtl", "look_alike_collision"),
}

# The counts of a partition, in _ibidi._scan_entries' order.
_COUNTS = ("lines", "skipped", "names", "valid", "invalid", "with_findings", "not_analysed",
           "set_aside", "self_ltr", "self_rtl")

_ENTRIES_META = pd.DataFrame({"kind": pd.Series([], dtype="uint8"),
                              "key": pd.Series([], dtype=object),
                              "name": pd.Series([], dtype=object),
                              "valid": pd.Series([], dtype=bool)})
_GROUPS_META = pd.DataFrame({"kind": pd.Series([], dtype="uint8"),
                             "key": pd.Series([], dtype=object),
                             "names": pd.Series([], dtype=object),
                             "valid": pd.Series([], dtype=object),
                             "valid_names": pd.Series([], dtype="int64")})


@dataclass(frozen=True)
class _Options:
    """What every worker needs to scan a partition: picklable (an LGR goes as its XML)."""

    ltr: bool
    rtl: bool
    look_alike: bool
    owners: bool
    profile: str
    lgr_xml: Optional[bytes]


# A worker process loads an LGR once per document, not once per partition.
_lgr_cache: dict = {}


def _load_lgr(xml: Optional[bytes]):
    if xml is None:
        return None
    h = hashlib.sha256(xml).hexdigest()
    got = _lgr_cache.get(h)
    if got is None:
        got = _ibidi._LGR(_ibidi, xml, None)
        _lgr_cache[h] = got
    return got


def _as_list(part) -> list:
    if isinstance(part, pd.DataFrame):
        if len(part.columns) != 1:
            raise ValueError("a DataFrame of names needs column=: it has several columns")
        part = part.iloc[:, 0]
    if isinstance(part, (pd.Series, pd.Index, np.ndarray)):
        return part.tolist()
    return list(part)


def entries(names, opts: _Options) -> Tuple[pd.DataFrame, Tuple[int, ...]]:
    """One partition: its entries (kind, key, name, valid) and its summary counts."""
    kinds, keys, nms, valid, counts = _ibidi._scan_entries(
        _as_list(names), opts.ltr, opts.rtl, opts.look_alike, opts.owners, opts.profile,
        _load_lgr(opts.lgr_xml))
    df = pd.DataFrame({"kind": np.frombuffer(kinds, dtype=np.uint8).copy(),
                       "key": pd.Series(keys, dtype=object),
                       "name": pd.Series(nms, dtype=object),
                       "valid": np.frombuffer(valid, dtype=np.bool_).copy()})
    return df, counts


def _utf8(s: str) -> bytes:
    # the library's order is that of the bytes (memcmp, the shorter first)
    return s.encode("utf-8", "surrogateescape")


def _group_part(df: pd.DataFrame) -> Tuple[pd.DataFrame, np.ndarray]:
    """One partition of the shuffle (every entry of its keys): its groups, in the
    command's order, and per kind the keys, groups and names in groups, made by the
    library's groups object (ibidi_scan_groups), as `ibidi scan` makes them."""
    if df.empty:
        return _GROUPS_META.copy(), np.zeros((len(KINDS), 3), dtype=np.int64)
    rows, counts = _ibidi._group_entries(df["kind"].to_numpy(np.uint8).tobytes(),
                                         df["key"].tolist(), df["name"].tolist(),
                                         df["valid"].to_numpy(np.uint8).tobytes())
    counts = np.array(counts, dtype=np.int64)
    if not rows:
        return _GROUPS_META.copy(), counts
    out = pd.DataFrame(rows, columns=list(_GROUPS_META.columns))
    out["kind"] = out["kind"].astype("uint8")
    return out, counts


def _summary(parts: Sequence[Tuple[int, ...]], kinds: Sequence[np.ndarray],
             opts: _Options) -> ScanSummary:
    """The summary record of `ibidi scan --json`: the partitions' counts summed (the
    library's ibidi_scan_counts_merge is that sum) and the keys' figures of the shuffle."""
    t = dict.fromkeys(_COUNTS, 0)
    for p in parts:
        for name, v in zip(_COUNTS, p):
            t[name] += v
    k = np.zeros((len(KINDS), 3), dtype=np.int64)
    for c in kinds:
        k += c
    fig: dict = {"profile": opts.profile, "lines": t["lines"], "names": t["names"],
                 "skipped": t["skipped"], "valid": t["valid"], "invalid": t["invalid"],
                 "with_findings": t["with_findings"], "not_analysed": t["not_analysed"]}
    if opts.owners:
        fig["set_aside"] = t["set_aside"]
    for c, on in ((0, opts.ltr), (1, opts.rtl)):
        if on:
            fig[KINDS[c][0]] = {"display_keys": int(k[c, 0]), "collision_groups": int(k[c, 1]),
                                "names_in_collisions": int(k[c, 2]),
                                "self_displayed": t["self_ltr" if c == 0 else "self_rtl"]}
    if opts.lgr_xml is not None:
        fig["lgr"] = {"index_labels": int(k[2, 0]), "variant_groups": int(k[2, 1]),
                      "names_in_variant_groups": int(k[2, 2])}
    for c, on in ((3, opts.ltr), (4, opts.rtl)):
        if opts.look_alike and on:
            fig["look_alike_" + KINDS[c][0]] = {"skeletons": int(k[c, 0]),
                                                "groups": int(k[c, 1]),
                                                "names_in_groups": int(k[c, 2])}
    return ScanSummary(fig)


def collisions(groups: pd.DataFrame) -> List[Collision]:
    """Rows of a groups DataFrame (a LazyScan's partition, computed) as ibidi.Collision,
    the records ibidi.scan and `ibidi scan --json` give."""
    out = []
    for kind, key, names, valid, n_valid in groups.itertuples(index=False, name=None):
        context, typ = KINDS[int(kind)]
        out.append(Collision(context, key, list(names), [bool(v) for v in valid],
                             int(n_valid), type=typ))
    return out


@dataclass(frozen=True)
class ScanResult:
    """A computed scan: groups (ibidi.Collision, in `ibidi scan`'s order: by kind, then
    key bytes) and summary (ibidi.ScanSummary)."""

    groups: List[Collision]
    summary: ScanSummary


@dataclass(frozen=True)
class LazyScan:
    """A scan not yet run. groups: a Dask DataFrame, a row per group (kind 0-4, key, names,
    valid, valid_names; kind as KINDS names it), each partition's rows in the command's
    order, the partitions in none (a key's place is its hash); summary: a Delayed
    ibidi.ScanSummary. Compute both at once (dask.compute(lazy.groups, lazy.summary), or
    write the groups with it: lazy.write_json) so that the names are scanned once."""

    groups: dd.DataFrame
    summary: Any

    def collisions(self) -> db.Bag:
        """The groups as a Bag of ibidi.Collision (on the workers)."""
        return db.from_delayed([delayed(collisions)(p) for p in self.groups.to_delayed()])

    def write_json(self, pattern: str, **storage_options) -> ScanSummary:
        """Writes the groups as JSON lines, the records of `ibidi scan --json` (one file a
        partition: pattern holds a "*", e.g. "s3://bucket/groups/part-*.jsonl", which
        Dask fills in), from the workers, and returns the summary: one pass over the names.
        The lines of all files, sorted by kind then key bytes, are the command's."""
        import json
        from dataclasses import asdict

        def line(c):
            d = asdict(c)
            d.pop("valid")
            rec = {"type": d.pop("type")}
            if rec["type"] != "variant_collision":
                rec["context"] = d["context"]
            rec["index" if rec["type"] == "variant_collision" else
                "skeleton" if rec["type"] == "look_alike_collision" else "display"] = d["display"]
            rec["names"] = d["names"]
            rec["valid_names"] = d["valid_names"]
            return json.dumps(rec, ensure_ascii=False)

        writes = self.collisions().map(line).to_textfiles(pattern, compute=False,
                                                           storage_options=storage_options)
        _, summary = dask.compute(writes, self.summary)
        return summary

    def compute(self, **kwargs) -> ScanResult:
        """Runs the scan and brings every group to this process (see ScanResult)."""
        groups, summary = dask.compute(self.groups, self.summary, **kwargs)
        groups = groups.assign(_k=[_utf8(k) for k in groups["key"]])
        groups = groups.sort_values(["kind", "_k"], kind="stable").drop(columns="_k")
        return ScanResult(collisions(groups), summary)


def _partitions(data, column: Optional[str]) -> list:
    if isinstance(data, dd.DataFrame):
        if column is None:
            if len(data.columns) != 1:
                raise ValueError("a DataFrame of names needs column=: it has several columns")
            column = data.columns[0]
        data = data[column]
    if isinstance(data, (dd.Series, db.Bag)):
        return data.to_delayed()
    raise TypeError("data must be a Dask DataFrame, Series or Bag of names, not "
                    f"{type(data).__name__}")


def _lgr_xml(lgr) -> Optional[bytes]:
    if lgr is None:
        return None
    if isinstance(lgr, _lgr_mod.LGR):
        lgr = getattr(lgr, "_source", None)
        if lgr is None:
            raise TypeError("this LGR was not made by ibidi.lgr.load: pass its source")
    if isinstance(lgr, (bytes, bytearray, memoryview)):
        data = bytes(lgr)
    elif isinstance(lgr, (str, os.PathLike)):
        with open(lgr, "rb") as f:  # read here: the workers need not see the file
            data = f.read()
    else:
        raise TypeError("lgr must be an ibidi.lgr.LGR, the XML (bytes) or its path")
    _ibidi._LGR(_ibidi, data, None)  # a document the library refuses fails here, once
    return data


def scan(data, contexts: Sequence[str] = ("ltr", "rtl"), *, look_alike: bool = False,
         lgr=None, owners: bool = False, profile: str = "uts46",
         column: Optional[str] = None, npartitions: Optional[int] = None,
         compute: bool = True, **compute_kwargs):
    """The collision groups and summary of `ibidi scan --json` over a Dask DataFrame (its
    column, or its only one), Series or Bag of names, each item read as a line of a list
    ("#" comments and blanks dropped; a missing value is a blank line), on the workers.

    contexts: "ltr" and/or "rtl", as ibidi.scan; look_alike: the bidi skeletons' groups too
    (`--look-alike-groups`: Collision type "look_alike_collision", display the skeleton);
    lgr: an ibidi.lgr.LGR from ibidi.lgr.load, its XML or its path (`--lgr`: type
    "variant_collision", context "lgr", display the index label); owners: the names are a
    zone's owner names (wildcard and underscored labels set aside); profile: the IDNA
    profile. npartitions: the partitions of the shuffle (default: the input's).

    Returns a ScanResult (groups, summary) with every group brought to this process;
    compute=False returns a LazyScan instead (nothing run yet), for scans whose groups
    should stay on the cluster. compute_kwargs go to dask.compute."""
    if isinstance(contexts, str):
        contexts = (contexts,)
    for c in contexts:
        if c not in ("ltr", "rtl"):
            raise ValueError(f"contexts must hold 'ltr' and/or 'rtl', not {c!r}")
    _ibidi._scan_entries([], True, True, False, False, profile, None)  # checks the profile
    opts = _Options("ltr" in contexts, "rtl" in contexts, bool(look_alike), bool(owners),
                    profile, _lgr_xml(lgr))
    parts = _partitions(data, column)
    scanned = [delayed(entries, pure=True)(p, opts) for p in parts]
    ent = dd.from_delayed([delayed(operator.getitem)(s, 0) for s in scanned],
                          meta=_ENTRIES_META, verify_meta=False)
    counts = [delayed(operator.getitem)(s, 1) for s in scanned]
    # every entry of a key to one partition: Dask's shuffle, by a hash of kind and key
    shuffled = ent.shuffle(on=["kind", "key"], npartitions=npartitions or len(parts),
                           shuffle="tasks", ignore_index=True)
    grouped = [delayed(_group_part, pure=True)(p) for p in shuffled.to_delayed()]
    groups = dd.from_delayed([delayed(operator.getitem)(g, 0) for g in grouped],
                             meta=_GROUPS_META, verify_meta=False)
    summary = delayed(_summary, pure=True)(counts,
                                           [delayed(operator.getitem)(g, 1) for g in grouped],
                                           opts)
    lazy = LazyScan(groups, summary)
    return lazy.compute(**compute_kwargs) if compute else lazy
