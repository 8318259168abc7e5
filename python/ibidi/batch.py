"""ibidi.batch: the calls of ibidi over many names at once, where names already live: a list
(any iterable of str or bytes), a NumPy array of strings (object or ``'U'`` dtype) or a
pandas Series.

Each function is one call into the library for the whole input: the names are read as
UTF-8 a chunk at a time, and the library works on each chunk without the GIL, so that a
column of millions of names goes at nearly the C library's rate and other threads run
meanwhile (several threads may call at once). Every result is the scalar call's, name by
name: ``to_ascii`` is ``ibidi.encode`` (as str), ``to_unicode`` ``ibidi.decode``,
``skeleton`` ``ibidi.skeleton``, ``is_valid`` and ``codes`` ``ibidi.check``'s ``valid`` and
``codes``, ``display_key`` and ``look_alike_key`` the keys of ``ibidi scan``.

The result follows the input: a Series gives a Series with the same index and name (a
Series of the pandas ``string`` dtype gives one of that dtype, or ``boolean``), a NumPy
array an array of its shape (``bool`` for the validity, ``object`` for text), anything else
a list. NumPy and pandas are not needed: they are never imported here, only recognised when
the caller's input comes from them.

Missing values (None, NaN, ``pandas.NA``) are no names: they come back as they are, as
pandas' own ``.str`` methods do, and ``is_valid`` gives ``na`` for them (False unless
told). Where the scalar call raises for a name, ``errors="null"`` (the default) gives None
there and ``errors="raise"`` raises the scalar call's own exception (an ``ibidi.IDNAError``
or ``ibidi.Error``) with ``.index``, the position of the name, set. A value that is neither
text nor missing is a TypeError naming its index.

``import ibidi.pandas`` adds the same calls to every Series as ``s.ibidi.to_ascii()``...
"""
from __future__ import annotations

import sys
from typing import Any, Callable, List, Optional, Tuple

from . import _ibidi, decode, encode
from . import skeleton as _skeleton

__all__ = ["is_valid", "to_ascii", "to_unicode", "codes", "display_key", "skeleton",
           "look_alike_key"]

_ERRORS = ("null", "raise")


def _missing() -> Optional[tuple]:
    """The missing-value singletons of pandas, when the caller has loaded it."""
    pd = sys.modules.get("pandas")
    if pd is None:
        return None
    return tuple(x for x in (getattr(pd, "NA", None), getattr(pd, "NaT", None))
                 if x is not None)


def _kind(names: Any) -> Tuple[str, Any]:
    """How the input is held ("series", "array" or "list") and its names as a list. NumPy and
    pandas are looked up in sys.modules, never imported: an object of theirs means that the
    caller has loaded them."""
    pd = sys.modules.get("pandas")
    if pd is not None and isinstance(names, pd.Series):
        return "series", names.to_numpy(dtype=object).tolist()
    if pd is not None and isinstance(names, pd.DataFrame):
        # iterating a frame gives its column labels, never what the caller meant
        raise TypeError("names must be one column (a Series), not a DataFrame")
    np = sys.modules.get("numpy")
    if np is not None and isinstance(names, np.ndarray):
        return "array", names.ravel().tolist()
    if isinstance(names, (str, bytes, bytearray)):
        raise TypeError("names must be an iterable of names, not one name "
                        f"({type(names).__name__}): use the scalar call for one name")
    if isinstance(names, list):
        return "list", names
    try:
        return "list", list(names)
    except TypeError:
        raise TypeError("names must be an iterable of str or bytes, a NumPy array or a "
                        f"pandas Series, not {type(names).__name__}") from None


def _string_dtype(series: Any) -> bool:
    pd = sys.modules["pandas"]
    return isinstance(series.dtype, pd.StringDtype)


def _texts(names: Any, kind: str, values: List[Any]) -> Any:
    """The text results in the input's form."""
    if kind == "list":
        return values
    np = sys.modules["numpy"]
    try:  # NumPy >= 1.23 reads a list into an object array without looking for nesting
        out = np.fromiter(values, dtype=object, count=len(values))
    except (TypeError, ValueError):
        out = np.empty(len(values), dtype=object)
        out[:] = values
    if kind == "array":
        return out.reshape(names.shape)
    pd = sys.modules["pandas"]
    s = pd.Series(out, index=names.index, name=names.name, dtype=object, copy=False)
    return s.astype(names.dtype) if _string_dtype(names) else s


def _flags(names: Any, kind: str, flags: bytes, na: Any) -> Any:
    """The validity results (flags: 1 valid, 0 not, 2 missing) in the input's form."""
    if kind == "list":
        return [na if f == 2 else f == 1 for f in flags]
    np = sys.modules["numpy"]
    raw = np.frombuffer(flags, dtype=np.uint8)
    if isinstance(na, (bool, np.bool_)):
        out = raw != 0 if na else raw == 1  # one bool array: missing gets na
    else:
        out = np.empty(len(raw), dtype=object)
        out[:] = raw == 1
        out[raw == 2] = na
    if kind == "array":
        return out.reshape(names.shape)
    pd = sys.modules["pandas"]
    s = pd.Series(out, index=names.index, name=names.name, copy=False)
    if out.dtype == object and _string_dtype(names) and (na is None or na is pd.NA):
        return s.astype("boolean")
    return s


def _errors(errors: str) -> None:
    if errors not in _ERRORS:
        raise ValueError(f"errors must be one of 'null', 'raise', not {errors!r}")


def _run(op: str, names: Any, errors: str, scalar: Callable[[Any], Any], profile: str = "uts46",
         transitional: bool = False, fqdn: bool = False, context: Optional[str] = None) -> Any:
    _errors(errors)
    kind, values = _kind(names)
    out, first = _ibidi._batch(op, values, profile, transitional, fqdn, context, _missing())
    if errors == "raise" and first >= 0:
        try:
            scalar(values[first])
        except Exception as e:
            e.index = first  # type: ignore[attr-defined]
            raise
    return _texts(names, kind, out)


def is_valid(names: Any, profile: str = "uts46", *, transitional: bool = False,
             fqdn: bool = False, na: Any = False) -> Any:
    """Whether each name is a valid domain name under the profile: valid exactly when
    ToASCII finds no error (``ibidi.encode`` does not raise), which is
    ``ibidi.check(name, profile, fqdn=fqdn).valid`` and ``ibidi scan``'s validity. fqdn: a
    final full stop is the root label, set aside, as
    ``ibidi scan`` reads names. A str holding a
    lone surrogate is not valid (``ibidi.check`` raises for it: it has no UTF-8). na: the
    result for a missing value (False: a bool array or Series; another value gives an
    object one, None on a ``string`` Series a ``boolean`` one)."""
    kind, values = _kind(names)
    flags = _ibidi._batch("valid", values, profile, transitional, fqdn, None, _missing())
    return _flags(names, kind, flags, na)


def to_ascii(names: Any, profile: str = "uts46", *, transitional: bool = False,
             errors: str = "null") -> Any:
    """UTS #46 ToASCII of each name, as str: ``ibidi.encode(name, profile,
    transitional=transitional).decode("ascii")``, None where it raises (errors="null") or
    its exception (errors="raise")."""
    return _run("ascii", names, errors,
                lambda n: encode(n, profile, transitional=transitional),
                profile, transitional)


def to_unicode(names: Any, profile: str = "uts46", *, transitional: bool = False,
               errors: str = "null") -> Any:
    """UTS #46 ToUnicode of each name: ``ibidi.decode(name, profile,
    transitional=transitional)``, None where it raises (errors="null") or its exception
    (errors="raise")."""
    return _run("unicode", names, errors,
                lambda n: decode(n, profile, transitional=transitional),
                profile, transitional)


def codes(names: Any, profile: str = "uts46", *, transitional: bool = False,
          fqdn: bool = False) -> Any:
    """The reasons each name is invalid, as ``ibidi check`` writes them (ToASCII's error
    codes, in the library's one order): ``ibidi.check(name, profile, fqdn=fqdn).codes``,
    "[]" for a valid name, "[B1, V6]"; the status for a name that cannot be processed
    ("[UTF8_INVALID_BYTE]"; "[CP_SURROGATE]" for a str with a lone surrogate, for which
    ``ibidi.check`` raises). With fqdn, ``ibidi scan``'s codes too."""
    kind, values = _kind(names)
    out, _ = _ibidi._batch("codes", values, profile, transitional, fqdn, None, _missing())
    return _texts(names, kind, out)


def display_key(names: Any, context: str = "ltr", *, profile: str = "uts46",
                transitional: bool = False) -> Any:
    """The display key of each name in a paragraph of this direction ("ltr", "rtl"), as
    ``ibidi scan`` makes it: the visual form (``ibidi.display(form, context)``) of its
    ToUnicode form (a final full stop set aside). Names with equal keys display alike. None
    where ``ibidi scan`` makes none: the form is no domain name, the bytes are not UTF-8, the
    str holds a lone surrogate."""
    if context not in ("ltr", "rtl"):
        raise ValueError(f"context must be one of 'ltr', 'rtl', not {context!r}")
    kind, values = _kind(names)
    out, _ = _ibidi._batch("display", values, profile, transitional, False, context,
                           _missing())
    return _texts(names, kind, out)


def skeleton(names: Any, context: Optional[str] = None, *, errors: str = "null") -> Any:
    """UTS #39 §4's skeleton of each text, or with a context ("ltr", "rtl") its bidi
    skeleton in a paragraph of that direction: ``ibidi.skeleton(text, context)``, None where
    it raises (errors="null") or its exception (errors="raise"). Equal skeletons look alike;
    compare the Unicode forms (``skeleton(to_unicode(names))``) of names written as
    A-labels."""
    if context is not None and context not in ("ltr", "rtl"):
        raise ValueError(f"context must be one of 'ltr', 'rtl' or None, not {context!r}")
    return _run("skeleton", names, errors, lambda n: _skeleton(n, context), context=context)


def look_alike_key(names: Any, context: str = "ltr", *, profile: str = "uts46",
                   transitional: bool = False) -> Any:
    """The look-alike key of each name in a paragraph of this direction ("ltr", "rtl"), as
    ``ibidi scan --look-alike-groups`` makes it: the bidi skeleton (UTS #39 §4,
    ``ibidi.skeleton(form, context)``) of its ToUnicode form (a final full stop set aside),
    so that names written as A-labels and as U-labels compare. Names with equal keys look
    alike. None where the form is no domain name (as display_key)."""
    if context not in ("ltr", "rtl"):
        raise ValueError(f"context must be one of 'ltr', 'rtl', not {context!r}")
    kind, values = _kind(names)
    out, _ = _ibidi._batch("look", values, profile, transitional, False, context, _missing())
    return _texts(names, kind, out)
