"""Type stubs of ibidi.batch: each call takes a list (any iterable of str or bytes), a NumPy
array or a pandas Series, and gives the same form back (a list, an array of the input's
shape, a Series with its index and name)."""
from typing import Any, Iterable, List, Optional, TypeVar, Union, overload

_Name = Union[str, bytes, bytearray, None, float]
_T = TypeVar("_T")

__all__: List[str]

# A NumPy array or a pandas Series gives the same type back; any other iterable a list.
@overload
def is_valid(names: Iterable[_Name], profile: str = ..., *, transitional: bool = ...,
             fqdn: bool = ..., na: Any = ...) -> List[Any]: ...
@overload
def is_valid(names: Any, profile: str = ..., *, transitional: bool = ..., fqdn: bool = ...,
             na: Any = ...) -> Any: ...
@overload
def to_ascii(names: Iterable[_Name], profile: str = ..., *, transitional: bool = ...,
             errors: str = ...) -> List[Optional[str]]: ...
@overload
def to_ascii(names: Any, profile: str = ..., *, transitional: bool = ...,
             errors: str = ...) -> Any: ...
@overload
def to_unicode(names: Iterable[_Name], profile: str = ..., *, transitional: bool = ...,
               errors: str = ...) -> List[Optional[str]]: ...
@overload
def to_unicode(names: Any, profile: str = ..., *, transitional: bool = ...,
               errors: str = ...) -> Any: ...
@overload
def codes(names: Iterable[_Name], profile: str = ..., *, transitional: bool = ...,
          fqdn: bool = ...) -> List[Optional[str]]: ...
@overload
def codes(names: Any, profile: str = ..., *, transitional: bool = ..., fqdn: bool = ...) -> Any: ...
@overload
def display_key(names: Iterable[_Name], context: str = ..., *, profile: str = ...,
                transitional: bool = ...) -> List[Optional[str]]: ...
@overload
def display_key(names: Any, context: str = ..., *, profile: str = ...,
                transitional: bool = ...) -> Any: ...
@overload
def skeleton(names: Iterable[_Name], context: Optional[str] = ..., *,
             errors: str = ...) -> List[Optional[str]]: ...
@overload
def skeleton(names: Any, context: Optional[str] = ..., *, errors: str = ...) -> Any: ...
@overload
def look_alike_key(names: Iterable[_Name], context: str = ..., *, profile: str = ...,
                   transitional: bool = ...) -> List[Optional[str]]: ...
@overload
def look_alike_key(names: Any, context: str = ..., *, profile: str = ...,
                   transitional: bool = ...) -> Any: ...
