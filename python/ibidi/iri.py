"""ibidi.iri: IRIs and URIs (RFC 3987 §3.1 and §3.2)."""
from __future__ import annotations

from typing import Union

from . import _ibidi

__all__ = ["to_uri", "to_iri"]


def to_uri(iri: Union[str, bytes], profile: str = "uts46", *, host_percent: bool = False,
           encode_ascii: bool = False) -> str:
    """The URI of an IRI reference: characters outside US-ASCII as UTF-8 %HH, a host
    through IDNA ToASCII under the profile (host_percent: percent-encoded instead);
    encode_ascii also encodes < > " space { } | \\ ^ `. Raises ibidi.Error (code
    "IRI_HOST_IDNA" for a host IDNA rejects, the parser's codes for malformed input)."""
    return _ibidi.to_uri(iri, profile, host_percent=host_percent, encode_ascii=encode_ascii)


def to_iri(uri: Union[str, bytes], *, keep_unsafe: bool = False,
           host_to_unicode: bool = False) -> str:
    """The IRI of a URI: percent-encoded UTF-8 decoded where RFC 3987 §3.2 allows it (not
    where a component would then break the bidi rules, unless keep_unsafe);
    host_to_unicode converts "xn--" labels by ToUnicode. Raises ibidi.Error ("URI_NOT_ASCII"...)."""
    return _ibidi.to_iri(uri, keep_unsafe=keep_unsafe, host_to_unicode=host_to_unicode)
