from dataclasses import dataclass
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import batch as batch, bidi as bidi, iri as iri, lgr as lgr

_Text = Union[str, bytes, bytearray]

__version__: str
unicode_version: str
PROFILES: tuple

@dataclass(frozen=True)
class Finding:
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
    input_offset: int
    input_length: int
    @property
    def char(self) -> Optional[str]: ...

class CodeInfo:
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

def codes() -> List[CodeInfo]: ...
def explain(code: str) -> List[CodeInfo]: ...

class Label:
    label: str
    offset: int
    input_offset: int
    input_length: int
    restriction: Optional[str]
    category: str

class Verdict:
    kind: str
    profile: str
    valid: bool
    codes: str
    error: Optional[Tuple[str, int]]
    fqdn: bool
    ascii: Optional[str]
    unicode: Optional[str]
    findings: List[Finding]
    labels: List[Label]
    bidi_domain_name: bool
    restriction: Optional[str]
    profiles: List[Tuple[str, bool, str]]
    rfc5893_checked: bool
    ambiguity_analysed: bool
    display: Optional[Tuple[str, str]]
    lgr: Optional[Dict[str, Any]]
    skeleton: Optional[Tuple[str, str, str]]
    @property
    def errors(self) -> List[Finding]: ...

class ShowLabel:
    label: Optional[str]
    shown: Optional[str]
    shown_as: str
    input_offset: int
    input_length: int
    reasons: List[int]

class Show:
    kind: str
    policy: str
    context: str
    valid: bool
    unicode: bool
    error: Optional[Tuple[str, int]]
    text: Optional[str]
    form: Optional[str]
    unicode_form: Optional[str]
    labels: List[ShowLabel]
    reasons: List[Finding]
    data_version: str

class Error(ValueError):
    code: str
    message: str
    offset: int
    line: int
    column: int
    def __init__(self, code: str, message: str, offset: int = ..., line: int = ..., column: int = ...) -> None: ...

class IDNAError(UnicodeError):
    code: str
    rule: str
    offset: int
    label: Optional[int]
    findings: List[Finding]
    def __init__(self, code: str, rule: str, offset: int = ..., label: Optional[int] = ..., findings: Sequence[Finding] = ...) -> None: ...

class IDNABidiError(IDNAError): ...
BidiError = IDNABidiError
class InvalidCodepoint(IDNAError): ...
class InvalidCodepointContext(IDNAError): ...
class InvalidLabel(IDNAError): ...
class InvalidHyphen(IDNAError): ...
class InvalidPunycode(IDNAError): ...
class InvalidLength(IDNAError): ...
class InvalidEncoding(IDNAError): ...

@dataclass(frozen=True)
class IDNAResult:
    output: Optional[str]
    valid: bool
    status: str
    findings: List[Finding]
    @property
    def codes(self) -> List[str]: ...

def encode(name: _Text, profile: str = ..., *, transitional: bool = ...) -> bytes: ...
def decode(name: _Text, profile: str = ..., *, transitional: bool = ...) -> str: ...
def process(name: _Text, profile: str = ..., *, to: str = ..., transitional: bool = ...) -> IDNAResult: ...
def check(name: _Text, profile: str = ..., *, kind: str = ..., max_restriction: Optional[str] = ...,
          duerst: bool = ..., exact: bool = ..., fqdn: bool = ..., lgr: Any = ...) -> Verdict: ...
def show(ident: _Text, policy: str = ..., context: str = ..., *,
         protect: Optional[Sequence[_Text]] = ..., scripts: Optional[Sequence[str]] = ...,
         max_restriction: Optional[str] = ..., profile: str = ..., kind: str = ...) -> Show:
    """How to show a domain name, IRI or mail address: each label in Unicode or as its
    A-label, the string to show (text) and every reason, under a policy ("default",
    "chromium", "firefox", "webkit") in a paragraph of direction context."""
    ...
def skeleton(text: _Text, context: Optional[str] = ...) -> str:
    """UTS #39 §4: the skeleton of text, or with a context ("ltr", "rtl") its bidi skeleton
    in a paragraph of that direction: texts with equal skeletons look alike."""
    ...
def confusable(a: _Text, b: _Text, context: Optional[str] = ...) -> bool:
    """Whether a and b have equal skeletons (equal bidi skeletons with a context)."""
    ...
def display(ident: _Text, context: str = ..., form: str = ..., *, kind: str = ...) -> str: ...
def needs_embedding(ident: _Text, context: str = ..., before: _Text = ..., after: _Text = ...,
                    *, kind: str = ...) -> bool: ...

class Twins(List[str]):
    truncated: bool
    candidates: int

def twins(ident: _Text, context: str = ..., *, max_candidates: int = ...) -> Twins: ...
def analyze(ident: _Text, *, kind: str = ..., rtl: bool = ..., exact: bool = ..., profile: str = ...) -> List[Finding]: ...

@dataclass(frozen=True)
class ScanRecord:
    name: str
    valid: bool
    unicode: Optional[str]
    codes: str
    display: dict
    analysis: Optional[str]
    findings: List[Finding]
    set_aside: Optional[str] = ...
    lgr: Optional[dict] = ...
    type: str = ...

@dataclass(frozen=True)
class Collision:
    context: str
    display: str
    names: List[str]
    valid: List[bool]
    valid_names: int
    type: str = ...

@dataclass(frozen=True)
class ScanSummary:
    figures: dict
    type: str = ...
    def __getitem__(self, key: str) -> object: ...

class Scanner:
    contexts: tuple
    def __init__(self, contexts: Sequence[str] = ..., profile: str = ..., *, memory: int = ..., temp_dir: Optional[str] = ..., owners: bool = ..., lgr: Optional[Any] = ...) -> None: ...
    def add(self, names: Iterable[_Text], records: bool = ...) -> List[ScanRecord]: ...
    def finish(self) -> None: ...
    def groups(self) -> List[Collision]: ...
    def summary(self) -> ScanSummary: ...

def scan(names: Iterable[_Text], contexts: Sequence[str] = ..., *, profile: str = ..., records: bool = ..., batch: int = ..., memory: int = ..., temp_dir: Optional[str] = ..., owners: bool = ..., lgr: Optional[Any] = ...) -> Iterator[Union[ScanRecord, Collision, ScanSummary]]: ...
