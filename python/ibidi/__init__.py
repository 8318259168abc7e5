"""ibidi: Internet identifiers with right-to-left text, over the C library libibidi.

IDNA (UTS #46 and IDNA2008) with the RFC 5893 Bidi Rule applied to the whole name, as the
RFC says (``idna`` checks each label alone and so accepts ``123.<RTL>.com``), the Unicode
Bidirectional Algorithm (UAX #9), how identifiers display and what else displays alike,
Badami's bidi ambiguity findings, IRI <-> URI conversions, RFC 7940 Label Generation
Rulesets, and collision scans of whole zones (on a Dask cluster too: ``ibidi.dask``, with
Debian's python3-dask and python3-distributed; imported on its own).

Strings in, strings out: every text argument is a ``str`` (or ``bytes`` holding UTF-8);
offsets and lengths count code points of the text they name. Nothing is kept between calls,
and every call may run in any thread.

IDNA (``profile``: one of PROFILES, default "uts46"):
    encode(name) -> bytes        ToASCII, as ``idna.encode``; raises IDNAError subclasses
    decode(name) -> str          ToUnicode; raises as encode does
    process(name, to="ascii")    either, never raising: an IDNAResult with every Finding
    check(name) -> Verdict       the library's whole verdict, as ``ibidi check`` gives it
    show(ident, policy)          whether and how to show a host, IRI or mail address in
                                 Unicode, with every reason (a Show)

Display and look-alikes (``context``: the paragraph direction, "ltr" or "rtl"):
    display(ident, context="ltr", form="visual") -> str
                                 the identifier as it displays (forms: "visual",
                                 "marks", "embed", "isolate", "components", "html",
                                 "html-span")
    needs_embedding(ident, context, before, after) -> bool
                                 whether it needs an embedding between these texts to
                                 display as alone (2012 guidelines §2)
    twins(ident, context)        the other texts that display exactly alike
    analyze(ident)               Badami's bidi ambiguity findings
    skeleton(text, context=None) -> str
                                 UTS #39 §4 skeleton (with a context: bidiSkeleton)
    confusable(a, b, context=None) -> bool
                                 whether two texts have equal skeletons

Scans, codes and the submodules:
    scan(names), Scanner         zone-scale collision groups, as ``ibidi scan --json``
    codes(), explain(code)       the one table of finding codes and statuses
    ibidi.bidi                   levels, visual order and reordering (UAX #9)
    ibidi.iri                    IRI <-> URI (RFC 3987)
    ibidi.lgr                    RFC 7940 LGRs: dispositions, variants, index labels
    ibidi.batch                  many names at once (a list, a NumPy array, a pandas
                                 Series); ``import ibidi.pandas`` for ``Series.ibidi``
    ibidi.dask                   the scan on a Dask cluster (imported on its own)

Errors: IDNAError (a UnicodeError, as ``idna.IDNAError``) and its subclasses for IDNA,
Error (a ValueError) for the rest, each with ``.code`` and ``.offset``; ``explain(code)``
says what a code means. __version__ is the library's version, unicode_version its data's.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable, Iterator, List, Optional, Sequence, Union

from . import _ibidi
from ._ibidi import confusable, decode, display, encode, needs_embedding, skeleton

__all__ = [
    "encode", "decode", "check", "show", "process", "display", "needs_embedding", "twins",
    "analyze",
    "scan", "skeleton", "confusable",
    "codes", "explain", "Verdict", "Label", "CodeInfo", "Show", "ShowLabel",
    "Scanner", "Finding", "IDNAResult", "Twins", "ScanRecord", "Collision", "ScanSummary",
    "Error", "IDNAError", "IDNABidiError", "BidiError", "InvalidCodepoint",
    "InvalidCodepointContext", "InvalidLabel", "InvalidHyphen", "InvalidPunycode",
    "InvalidLength", "InvalidEncoding", "batch", "bidi", "iri", "lgr", "PROFILES",
    "__version__", "unicode_version",
]

__version__: str = _ibidi.version
unicode_version: str = _ibidi.unicode_version

#: The IDNA processing profiles (ibidi/idna.h): every UTS #46 check (as IdnaTestV2 assumes);
#: the WHATWG URL Standard's domain to ASCII; IDNA2008 lookup (RFC 5891 §5) and
#: registration (§4).
PROFILES = ("uts46", "whatwg", "idna2008-lookup", "idna2008-register")


@dataclass(frozen=True)
class Finding:
    """One broken rule (or a warning): the library's ibidi_finding.

    code: the code's name ("B1", "V6", "A4_2", "NUMBER_LEVEL"...); severity: "error" or
    "warning"; rule: a sentence naming the rule; label: the label (IDNA) or component
    (analysis) it concerns, from 0, or None; offset, length: where, in code points of the
    processed (ToUnicode) form for IDNA (ToASCII of an ASCII name under the "whatwg"
    profile: of the name, which it only lowercases), of the input for the analysis; cp:
    the code point there, or None; bidi_class: its Bidi_Class for the Bidi Rule, or None;
    context: the paragraph direction an ambiguity finding holds in ("ltr" or "rtl");
    detail: per code (the Bidi Rule condition, the number-separator expression, ...),
    else 0; input_offset, input_length: the same place in the text as given (a verdict's
    findings, whose offset counts in the Unicode form: the A-label a U-label came from),
    equal to offset and length for every other call.
    """

    code: str
    severity: str
    rule: str
    label: Optional[int]
    offset: int
    length: int
    cp: Optional[int]
    bidi_class: Optional[str]
    context: str
    detail: int
    input_offset: int = 0
    input_length: int = 0

    @property
    def char(self) -> Optional[str]:
        """The character at offset, or None."""
        return chr(self.cp) if self.cp is not None else None


class Error(ValueError):
    """A call of the library failed: .code is its status name ("IRI_HOST", "LGR_XML"...),
    .offset the code point where the problem is (LGR documents: the byte; .line and .column
    too)."""

    def __init__(self, code: str, message: str, offset: int = 0, line: int = 0,
                 column: int = 0) -> None:
        super().__init__(f"{message} [{code}]" + (f" at {offset}" if offset else ""))
        self.code = code
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column


class IDNAError(UnicodeError):
    """A name the IDNA processing rejects (a UnicodeError, as ``idna.IDNAError`` is).

    .code: the first broken rule ("B1", "V6", "A4_2"...) or, when the name could not be
    processed at all, the library's status ("IDNA_TOO_LONG", "UTF8_INVALID_BYTE");
    .rule: its sentence; .offset: where (code points of the processed form, as
    Finding.offset; of the name when it could not be processed); .label: the
    label's index (or None); .findings: every broken rule, as Finding objects.
    """

    def __init__(self, code: str, rule: str, offset: int = 0, label: Optional[int] = None,
                 findings: Sequence[Finding] = ()) -> None:
        more = f" (and {len(findings) - 1} more)" if len(findings) > 1 else ""
        where = f" in label {label}" if label is not None else ""
        super().__init__(f"{code}{where} at {offset}: {rule}{more}")
        self.code = code
        self.rule = rule
        self.offset = offset
        self.label = label
        self.findings = list(findings)


class IDNABidiError(IDNAError):
    """The Bidi Rule (RFC 5893 §2, conditions B1-B6), applied to every label of a Bidi
    domain name."""


BidiError = IDNABidiError


class InvalidCodepoint(IDNAError):
    """A code point the profile does not allow (UTS #46 P1, V7, U1; RFC 5892 DISALLOWED,
    UNASSIGNED; the URL Standard's forbidden domain code points)."""


class InvalidCodepointContext(IDNAError):
    """A CONTEXTJ or CONTEXTO code point whose rule does not hold (RFC 5892 Appendix A:
    C1, C2, O3-O9)."""


class InvalidLabel(IDNAError):
    """A label breaks UTS #46 §4.1 validity: not NFC (V1), a full stop (V5), a leading
    combining mark (V6)."""


class InvalidHyphen(IDNAError):
    """Hyphens where CheckHyphens forbids them (V2, V3) or an "xn--" label (V4)."""


class InvalidPunycode(IDNAError):
    """An "xn--" label that is not valid Punycode or not the A-label of a valid U-label (P4,
    A3, FAKE_A_LABEL)."""


class InvalidLength(IDNAError):
    """An empty or too long label or name (A4_1, A4_2, X4_2, EMPTY_HOST, IDNA_TOO_LONG)."""


class InvalidEncoding(IDNAError):
    """bytes that are not well-formed UTF-8 (Unicode §3.9)."""


@dataclass(frozen=True)
class CodeInfo:
    """One row of the library's table of codes (``ibidi explain`` prints the same): kind
    ("finding" or "status"), value, name, enumerator, capability (the header), group (the
    family of rules: "bidi-rule", "code-point", "context", "hyphen", "label", "punycode",
    "length", "encoding", ...), severity ("error", "warning", "status", "success"),
    severity_note, text (short), rule (the rule it cites), message (the sentence), source
    (the calls and commands that report it), example, example_shows, note."""

    kind: str
    value: int
    name: str
    enumerator: str
    capability: str
    group: str
    severity: str
    severity_note: Optional[str]
    text: str
    rule: Optional[str]
    message: str
    source: str
    example: Optional[str]
    example_shows: Optional[str]
    note: Optional[str]


_CODES: List[CodeInfo] = [CodeInfo(*t) for t in _ibidi._codes()]
_FINDINGS = {c.name: c for c in _CODES if c.kind == "finding"}
_STATUSES = {c.name: c for c in _CODES if c.kind == "status"}


def codes() -> List[CodeInfo]:
    """Every finding code and status the library has, from its one table of codes."""
    return list(_CODES)


def explain(code: str) -> List[CodeInfo]:
    """The rows that a name (any case, "-" for "_"), an enumerator or a number names: a
    finding code and a status may share one, so both come back. Raises ValueError when
    none does."""
    q = code.split("@", 1)[0].upper().replace("-", "_")
    rows = [c for c in _CODES
            if (q.isdigit() and int(q) == c.value) or q in (c.name, c.enumerator, c.enumerator[6:])]
    if not rows:
        raise ValueError(f"unknown code {code!r}")
    return rows


# The exception of a rule's family, by the group the library's table gives its code.
_GROUP_CLASS = {
    "bidi-rule": "IDNABidiError", "context": "InvalidCodepointContext",
    "code-point": "InvalidCodepoint", "hyphen": "InvalidHyphen", "label": "InvalidLabel",
    "punycode": "InvalidPunycode", "length": "InvalidLength", "encoding": "InvalidEncoding",
}


def _idna_class(code: str) -> type:
    row = _FINDINGS.get(code) or _STATUSES.get(code)
    name = _GROUP_CLASS.get(row.group) if row else None
    return globals()[name] if name else IDNAError


def _make_idna_error(code, message, findings, offset):
    """The exception of a failed encode or decode (called from C)."""
    fs = [Finding(*t) for t in findings]
    if fs:
        first = fs[0]
        return _idna_class(first.code)(first.code, first.rule, first.offset, first.label, fs)
    return _idna_class(code)(code, message, offset, None, ())


def _make_status_error(code, message, offset, line=0, column=0):
    return Error(code, message, offset, line, column)


_ibidi._setup(_make_idna_error, _make_status_error)


@dataclass(frozen=True)
class IDNAResult:
    """The whole outcome of ToASCII or ToUnicode, valid or not (UTS #46 §4 converts "as
    much as possible"): output (None after an encoding error), valid, codes (the distinct
    error codes, as IdnaTestV2.txt lists them) and every finding (warnings included)."""

    output: Optional[str]
    valid: bool
    status: str
    findings: List[Finding]

    @property
    def codes(self) -> List[str]:
        seen: List[str] = []
        for f in self.findings:
            if f.severity == "error" and f.code not in seen:
                seen.append(f.code)
        if not self.findings and self.status not in ("OK", "IDNA_INVALID"):
            seen.append(self.status)
        return seen


def process(name: Union[str, bytes], profile: str = "uts46", *, to: str = "ascii",
            transitional: bool = False) -> IDNAResult:
    """UTS #46 ToASCII (to="ascii") or ToUnicode (to="unicode") under a profile, without
    raising: the output, validity and every finding."""
    if to not in ("ascii", "unicode"):
        raise ValueError(f"to must be one of 'ascii', 'unicode', not {to!r}")
    out, status, findings, _ = _ibidi._process(name, to == "ascii", profile, transitional)
    fs = [Finding(*t) for t in findings] if isinstance(findings, list) else []
    return IDNAResult(out, status == "OK", status, fs)


@dataclass(frozen=True)
class Label:
    """A label of a domain name (or of an IRI's or a mail address's host) in a verdict: its
    text in the Unicode form and where it is there (offset), where it is in the input
    (input_offset, input_length: the whole A-label a U-label came from), its UTS #39 §5.2
    restriction level (None when the policy did not run) and Badami's category ("rtl",
    "ltr+number-prefix", ...)."""

    label: str
    offset: int
    input_offset: int
    input_length: int
    restriction: Optional[str]
    category: str


@dataclass(frozen=True)
class Verdict:
    """The library's whole verdict on an identifier (ibidi/verdict.h), as ``ibidi check``
    prints it: kind ("domain", "iri", "email"), profile, valid, codes (the reasons, e.g.
    "[B1]"), error ((status, offset) when the text is no identifier at all, else None),
    fqdn, ascii (a domain name's A-label form), unicode (the Unicode form every finding's
    offset counts in), findings (every finding, in one order: IDNA, the component rules,
    the registry's policy and LGR, RFC 5893 §3, the ambiguity), labels, bidi_domain_name,
    restriction, profiles ((profile, valid, codes) of every profile, domain names),
    rfc5893_checked, ambiguity_analysed, display ((ltr, rtl) or None), lgr (a dict, when
    an LGR was given) and skeleton (UTS #39 §4: (skeleton, bidi skeleton in a left-to-right
    paragraph, in a right-to-left one) of the host, or None). Offsets count code points."""

    kind: str
    profile: str
    valid: bool
    codes: str
    error: Optional[tuple]
    fqdn: bool
    ascii: Optional[str]
    unicode: Optional[str]
    findings: List[Finding]
    labels: List[Label]
    bidi_domain_name: bool
    restriction: Optional[str]
    profiles: List[tuple]
    rfc5893_checked: bool
    ambiguity_analysed: bool
    display: Optional[tuple]
    lgr: Optional[dict]
    skeleton: Optional[tuple] = None

    @property
    def errors(self) -> List[Finding]:
        """The findings that make the identifier invalid."""
        return [f for f in self.findings if f.severity == "error"]


def check(name: Union[str, bytes], profile: str = "uts46", *, kind: str = "auto",
          max_restriction: Optional[str] = None, duerst: bool = False, exact: bool = True,
          fqdn: bool = False, lgr=None) -> Verdict:
    """The library's verdict on a domain name, IRI or mail address (kind "auto": the kind
    the text has), without raising for an invalid one: valid exactly when ToASCII under the
    profile finds no error (an IRI, a mail address: when it parses, its components pass
    RFC 3987 §4.2 and its host passes ToASCII), under a registry's policy (max_restriction,
    a UTS #39 §5.2 level) and LGR (an ibidi.lgr.LGR for the first label) when given;
    duerst adds Duerst 2001 §5's component rules as errors; exact=False leaves the twin
    search out; fqdn sets a domain name's root label aside. The same record as
    ``ibidi check --json`` and SQL ``ibidi_check``."""
    d = _ibidi._verdict(name, profile, kind=kind, max_restriction=max_restriction,
                        duerst=duerst, exact=exact, fqdn=fqdn,
                        lgr=getattr(lgr, "_lgr", lgr))
    d["findings"] = [Finding(*t) for t in d["findings"]]
    d["labels"] = [Label(*t) for t in d["labels"]]
    return Verdict(**d)


@dataclass(frozen=True)
class ShowLabel:
    """One label of a decision of how to show: its U-label, what is shown (the U-label, the
    A-label or the ASCII), how ("ascii", "unicode", "a-label", "encoded"), its place in the
    input (code points) and its reasons (indices into Show.reasons)."""

    label: Optional[str]
    shown: Optional[str]
    shown_as: str
    input_offset: int
    input_length: int
    reasons: List[int]


@dataclass(frozen=True)
class Show:
    """How to show an identifier (ibidi/show.h), as ``ibidi show`` prints it: kind, policy,
    context, valid, unicode (every label shown in Unicode), error ((status, offset) when the
    text is no identifier, else None), text (the string to show, or None), form (the same in
    its presentation form: LRI, each component in FSI ... PDI, PDI), unicode_form (the
    host's), labels, reasons (every reason, a Finding; offsets in code points of the host's
    Unicode form) and data_version (the Unicode version of the data)."""

    kind: str
    policy: str
    context: str
    valid: bool
    unicode: bool
    error: Optional[tuple]
    text: Optional[str]
    form: Optional[str]
    unicode_form: Optional[str]
    labels: List[ShowLabel]
    reasons: List[Finding]
    data_version: str


def show(ident: Union[str, bytes], policy: str = "default", context: str = "ltr", *,
         protect: Optional[Sequence[Union[str, bytes]]] = None,
         scripts: Optional[Sequence[str]] = None, max_restriction: Optional[str] = None,
         profile: str = "uts46", kind: str = "auto") -> Show:
    """How a browser, a mail client or an app should show a domain name, IRI or mail address
    (kind "auto": the kind the text has): each label in Unicode or as its A-label, the
    string to show and every reason, under a policy ("default": every check of the browsers'
    and the bidi ones; "chromium", "firefox", "webkit"), in a paragraph of direction
    context, with protected names whose look-alikes are shown as A-labels, the user's
    scripts and the highest UTS #39 §5.2 level shown. The same record as ``ibidi show
    --json`` and SQL ``ibidi_show``; docs/show.md says what each policy checks."""
    d = _ibidi._show(ident, policy, context, protect=protect, scripts=scripts,
                     max_restriction=max_restriction, profile=profile, kind=kind)
    d["reasons"] = [Finding(*t) for t in d["reasons"]]
    d["labels"] = [ShowLabel(*t) for t in d["labels"]]
    return Show(**d)


class Twins(list):
    """The twins of an identifier (a list of str) with the search's figures: truncated
    (True when the bound cut the search: more twins may exist) and candidates."""

    truncated: bool = False
    candidates: int = 0


def twins(ident: Union[str, bytes], context: str = "ltr", *,
          max_candidates: int = 0) -> Twins:
    """Every other text that displays exactly like ident in a paragraph of this direction
    ("ltr": the standard display model; "rtl"), found by the exact search of
    ibidi/ambiguity.h; max_candidates bounds it (0: a million)."""
    found, truncated, candidates = _ibidi._twins(ident, context, max_candidates)
    t = Twins(found)
    t.truncated = truncated
    t.candidates = candidates
    return t


def analyze(ident: Union[str, bytes], *, kind: str = "auto", rtl: bool = True,
            exact: bool = False, profile: str = "uts46") -> List[Finding]:
    """Badami's bidi ambiguity findings ("Number embedding level ambiguity in IDNs") for an
    identifier (kind: "auto", "domain", "iri", "email"), in the standard display model and,
    with rtl, in a right-to-left paragraph; exact adds the findings of the twin search
    (valid twins under the profile). Offsets count code points of ident."""
    return [Finding(*t) for t in _ibidi._analyze(ident, kind=kind, rtl=rtl, exact=exact,
                                                 profile=profile)]


# ---- scan ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScanRecord:
    """One name of a scan, as `ibidi scan --json` writes it ("type": "name"): the name as
    given, valid (under the profile), unicode (its ToUnicode form, None when there is none),
    codes ("[]" or "[B1, V6]"), display ({"ltr": ..., "rtl": ...}, None where not made),
    analysis (None when Badami's analysis ran, else why not), findings; set_aside (a scan
    of owner names: the wildcard and underscored labels set aside, "_dmarc.", with every
    other field that of the host name after them; else None); lgr (a scan with an LGR:
    {"disposition": the first label's, "index": its index label or None}; else None)."""

    name: str
    valid: bool
    unicode: Optional[str]
    codes: str
    display: dict
    analysis: Optional[str]
    findings: List[Finding]
    set_aside: Optional[str] = None
    lgr: Optional[dict] = None
    type: str = "name"


@dataclass(frozen=True)
class Collision:
    """Names that display alike in one context ("ltr", "rtl"), or whose first labels are
    variants under the scan's LGR (context "lgr", display their index label, type
    "variant_collision" as `ibidi scan --json` writes them): display, names
    (in byte order), valid (a flag per name) and valid_names."""

    context: str
    display: str
    names: List[str]
    valid: List[bool]
    valid_names: int
    type: str = "collision"


@dataclass(frozen=True)
class ScanSummary:
    """The figures of `ibidi scan --json`'s summary: lines, names, skipped, valid, invalid,
    with_findings, not_analysed, set_aside (a scan of owner names), per context
    display_keys, collision_groups, names_in_collisions, self_displayed, and with an LGR
    "lgr": index_labels, variant_groups, names_in_variant_groups. The library counts them
    (ibidi_scan_counts), as it does for `ibidi scan`."""

    figures: dict
    type: str = "summary"

    def __getitem__(self, key):
        return self.figures[key]


_CONTEXTS = ("ltr", "rtl")


class Scanner:
    """The state of one scan, for callers that feed names from several threads:
    add(names) from any number of threads at once (the GIL is released while the library
    works), then finish(), groups() and summary(). ibidi.scan is the one-thread form.
    owners: the names are a zone's owner names, as `ibidi scan` reads a zone file: a
    wildcard first label and underscored labels (RFC 4592, RFC 8552: "*.", "_dmarc.",
    "sel._domainkey.") are set aside, and the host name after them is judged and
    compared. lgr: an ibidi.lgr.LGR (`ibidi scan --lgr`): each name's first label gets its
    disposition and index label, and names whose first labels are variants form groups."""

    def __init__(self, contexts: Sequence[str] = ("ltr", "rtl"), profile: str = "uts46", *,
                 memory: int = 0, temp_dir: Optional[str] = None,
                 owners: bool = False, lgr=None) -> None:
        if isinstance(contexts, str):
            contexts = (contexts,)
        for c in contexts:
            if c not in _CONTEXTS:
                raise ValueError(f"contexts must hold 'ltr' and/or 'rtl', not {c!r}")
        self.contexts = tuple(c for c in _CONTEXTS if c in contexts)
        self._s = _ibidi._Scanner(_ibidi, "ltr" in contexts, "rtl" in contexts, profile,
                                  memory, temp_dir, owners,
                                  None if lgr is None else getattr(lgr, "_lgr", lgr))

    def _record(self, t) -> ScanRecord:
        name, valid, uform, codes, d0, d1, analysis, findings, set_aside, lg = t
        disp = {c: (d0 if c == "ltr" else d1) for c in self.contexts}
        return ScanRecord(name, valid, uform, codes, disp, analysis,
                          [Finding(*f) for f in findings], set_aside,
                          None if lg is None else {"disposition": lg[0], "index": lg[1]})

    def add(self, names: Iterable[Union[str, bytes]], records: bool = True) -> List[ScanRecord]:
        """Scans a batch of names (each as a line of a list: "#" comments and blanks around
        are dropped; a blank line is skipped) and adds their displays to the groups."""
        got = self._s.add(list(names), records)
        return [self._record(t) for t in got] if records else []

    def finish(self) -> None:
        self._s.finish()

    def groups(self) -> List[Collision]:
        # the LGR's variant sets are `ibidi scan --json`'s "variant_collision" records
        return [Collision(*g, type="variant_collision" if g[0] == "lgr" else "collision")
                for g in self._s.groups()]

    def summary(self) -> ScanSummary:
        return ScanSummary(self._s.summary())


def scan(names: Iterable[Union[str, bytes]], contexts: Sequence[str] = ("ltr", "rtl"), *,
         profile: str = "uts46", records: bool = True, batch: int = 512,
         memory: int = 0, temp_dir: Optional[str] = None, owners: bool = False, lgr=None
         ) -> Iterator[Union[ScanRecord, Collision, ScanSummary]]:
    """Scans a list of names as `ibidi scan` does: yields a ScanRecord per name (unless
    records is False), then a Collision per group of names that display alike in a context,
    then one ScanSummary. Items are read as lines of a list (an open file will do). The
    library works on batches of names without the GIL; memory bounds the groups (0: 1 GiB;
    beyond it they spill to a temporary file in temp_dir); owners and lgr as Scanner takes
    them."""
    s = Scanner(contexts, profile, memory=memory, temp_dir=temp_dir, owners=owners, lgr=lgr)
    buf: list = []
    for name in names:
        buf.append(name)
        if len(buf) >= batch:
            yield from s.add(buf, records)
            buf = []
    if buf:
        yield from s.add(buf, records)
    s.finish()
    yield from s.groups()
    yield s.summary()


from . import batch, bidi, iri, lgr  # noqa: E402  (the submodules use the names above)
