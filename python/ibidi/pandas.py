"""ibidi.pandas: the calls of ibidi.batch as an accessor of every pandas Series,
``s.ibidi``, registered when this module is imported (``import ibidi.pandas``). It is not
registered by ``import ibidi``, which would then load pandas (about half a second) for
callers who never use it.

    >>> import pandas as pd, ibidi.pandas
    >>> df = pd.DataFrame({"host": ["مثال.com", "123.עברית.com", None]})
    >>> df.host.ibidi.to_ascii().tolist()
    ['xn--mgbh0fb.com', None, None]

Every method takes the arguments of the function of ibidi.batch of the same name, without
the names, and gives a Series with the Series' index and name.
"""
from __future__ import annotations

from typing import Any, Optional

import pandas as _pd

from . import batch

__all__ = ["IbidiAccessor"]


@_pd.api.extensions.register_series_accessor("ibidi")
class IbidiAccessor:
    """``Series.ibidi``: ibidi.batch's calls on the Series (see each function there)."""

    def __init__(self, series: _pd.Series) -> None:
        self._s = series

    def is_valid(self, profile: str = "uts46", *, transitional: bool = False,
                 fqdn: bool = False, na: Any = False) -> _pd.Series:
        """ibidi.batch.is_valid: ``ibidi.check(name, profile).valid`` of each name."""
        return batch.is_valid(self._s, profile, transitional=transitional, fqdn=fqdn, na=na)

    def to_ascii(self, profile: str = "uts46", *, transitional: bool = False,
                 errors: str = "null") -> _pd.Series:
        """ibidi.batch.to_ascii: ToASCII of each name (None where it fails)."""
        return batch.to_ascii(self._s, profile, transitional=transitional, errors=errors)

    def to_unicode(self, profile: str = "uts46", *, transitional: bool = False,
                   errors: str = "null") -> _pd.Series:
        """ibidi.batch.to_unicode: ToUnicode of each name (None where it fails)."""
        return batch.to_unicode(self._s, profile, transitional=transitional, errors=errors)

    def codes(self, profile: str = "uts46", *, transitional: bool = False,
              fqdn: bool = False) -> _pd.Series:
        """ibidi.batch.codes: "[]" or the reasons, "[B1, V6]", of each name."""
        return batch.codes(self._s, profile, transitional=transitional, fqdn=fqdn)

    def display_key(self, context: str = "ltr", *, profile: str = "uts46",
                    transitional: bool = False) -> _pd.Series:
        """ibidi.batch.display_key: the display key of each name, as ``ibidi scan``."""
        return batch.display_key(self._s, context, profile=profile, transitional=transitional)

    def skeleton(self, context: Optional[str] = None, *, errors: str = "null") -> _pd.Series:
        """ibidi.batch.skeleton: UTS #39 §4's (bidi) skeleton of each text."""
        return batch.skeleton(self._s, context, errors=errors)

    def look_alike_key(self, context: str = "ltr", *, profile: str = "uts46",
                       transitional: bool = False) -> _pd.Series:
        """ibidi.batch.look_alike_key: the bidi skeleton of each name's Unicode form, as
        ``ibidi scan --look-alike-groups``."""
        return batch.look_alike_key(self._s, context, profile=profile,
                                    transitional=transitional)
