"""ibidi.lgr: Label Generation Rulesets (RFC 7940): eligibility, dispositions, variant
labels and index labels of a registry's policy."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

from . import _ibidi

__all__ = ["load", "LGR", "LabelResult", "Variant"]


@dataclass(frozen=True)
class LabelResult:
    """How a label fares (RFC 7940 §8): eligible (§8.1), status ("OK", "LGR_REPERTOIRE",
    "LGR_CONTEXT", or "LGR_INVALID_DISPOSITION" when an action makes the label invalid,
    §8.1.1), offset and cp of the first code point that is not eligible (0 and None for
    LGR_INVALID_DISPOSITION), context_rule (the rule that failed), disposition (§8.3:
    "valid", "blocked"...), registrable, rule and comment of the action that decided."""

    eligible: bool
    status: str
    offset: int
    cp: Optional[int]
    context_rule: Optional[str]
    disposition: str
    registrable: bool
    rule: Optional[str]
    comment: Optional[str]


@dataclass(frozen=True)
class Variant:
    """A variant label (§8.2) and its disposition (§8.3); conflict: the label was already
    listed, derived another way with another disposition (§8.4: an error of the LGR)."""

    label: str
    disposition: str
    conflict: bool = False


class LGR:
    """A compiled LGR document. Thread-safe: read-only after loading."""

    def __init__(self, compiled, source=None) -> None:
        self._lgr = compiled
        # what load() read (the XML, or its path), so that ibidi.dask can load the LGR
        # again on each worker: a compiled LGR does not travel between processes
        self._source = source

    def check(self, label: Union[str, bytes]) -> LabelResult:
        """Eligibility and disposition of a label (U-label or A-label)."""
        return LabelResult(*self._lgr.check(label))

    def variants(self, label: Union[str, bytes], *, include_invalid: bool = False,
                 max: int = 0) -> List[Variant]:
        """Every variant label of an eligible label, with its disposition; max bounds the
        permutations generated (0: no bound). ibidi.Error "LGR_NOT_ELIGIBLE" otherwise."""
        found, _cut = self._lgr.variants(label, include_invalid=include_invalid, max=max)
        return [Variant(*v) for v in found]

    def index_label(self, label: Union[str, bytes]) -> str:
        """The index label (§8.5): two labels are variants of each other when theirs are
        equal."""
        return self._lgr.index_label(label)


def load(source: Union[str, bytes, "os.PathLike[str]"]) -> LGR:
    """Loads an LGR document: bytes (or bytearray, memoryview) hold the XML, a str or path
    names the file. Raises ibidi.Error with .code ("LGR_XML", "LGR_FILE"...), .line and
    .column."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        return LGR(_ibidi._LGR(_ibidi, data, None), data)
    if isinstance(source, (str, os.PathLike)):
        return LGR(_ibidi._LGR(_ibidi, None, os.fspath(source)), os.fspath(source))
    raise TypeError(f"source must be bytes or a path, not {type(source).__name__}")
