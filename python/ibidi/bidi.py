"""ibidi.bidi: the Unicode Bidirectional Algorithm (UAX #9, Unicode 17.0), complete.

direction is the paragraph's: "ltr", "rtl", "auto" (P2-P3: the first strong character,
left-to-right without one) or "auto-rtl" (the same, right-to-left without one).
"""
from __future__ import annotations

from typing import List, Sequence, Union

from . import _ibidi

__all__ = ["levels", "visual", "reorder"]


def levels(text: Union[str, bytes], direction: str = "auto") -> List[int]:
    """The resolved embedding level of every code point (P1-I2, L1 at each paragraph's
    end); characters that X9 removes get the level of the one before them."""
    return _ibidi.levels(text, direction)


def visual(text: Union[str, bytes], direction: str = "auto", *, mirror: bool = True,
           remove_controls: bool = False) -> str:
    """The text in display order, left to right, one line per paragraph (L1, L2), with
    mirrored glyphs at odd levels (L4) unless mirror is False; remove_controls drops the
    bidi formatting characters."""
    return _ibidi.visual(text, direction, mirror=mirror, remove_controls=remove_controls)


def reorder(text_or_levels: Union[str, bytes, Sequence[int]],
            direction: str = "auto") -> List[int]:
    """UAX #9 L2 for one line: the logical index shown at each visual position, left to
    right. Takes the levels (a sequence of int) or a text, whose levels are resolved
    first (direction applies to a text only)."""
    if isinstance(text_or_levels, (str, bytes, bytearray)):
        return _ibidi._reorder_levels(_ibidi.levels(text_or_levels, direction))
    return _ibidi._reorder_levels(text_or_levels)
