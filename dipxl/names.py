"""Players' names as a TD types them: the one normaliser every reader uses
(:func:`dipxl.fields.parse_player`), how a generated workbook's formulas
compare names (:func:`match_key`), and names near enough to be one player
mistyped (:func:`near_pairs`: "did you mean José Álvarez?").

Pure: no I/O.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

__all__ = ["MIN_NEAR", "loose_key", "match_key", "near_pairs", "trimmed"]

# Names whose loose keys are this long or longer may be one letter apart and
# still be called near; shorter ones (Ann, Dan) must match but for accents,
# case and spaces.
MIN_NEAR = 6


def trimmed(text: str) -> str:
    """``text`` as a spreadsheet's TRIM gives it: ASCII spaces around
    dropped, runs of them inside made one (other white space kept)."""
    return " ".join(part for part in text.split(" ") if part)


def match_key(value: object, trim: bool = True) -> object:
    """A name as a generated workbook's MATCH compares it, case aside: a
    Results cell (``trim``) as TRIM gives it, text even when a number was
    typed (``12`` is ``"12"``); a Players cell as it is (a number stays a
    number, which no Results name then finds, as in the formulas)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if trim and isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str):
        return (trimmed(value) if trim else value).casefold()
    return value


def loose_key(name: str) -> str:
    """``name`` with accents, case, spaces and punctuation set aside:
    ``"José Álvarez"``, ``"jose alvarez"`` and ``"Jose-Alvarez"`` alike."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed.casefold()
                   if ch.isalnum() and not unicodedata.combining(ch))


def _deletions(key: str) -> set[str]:
    return {key[:i] + key[i + 1:] for i in range(len(key))}


def near_pairs(names: Sequence[str], against: Iterable[str] | None = None
               ) -> list[tuple[str, str]]:
    """Pairs ``(name, other)`` that are likely one player typed two ways:
    equal but for accents, case, spaces and punctuation, or (keys of
    :data:`MIN_NEAR` letters or more) one letter added, dropped, changed
    or two swapped.  ``other`` is from ``against`` (each ``name`` against
    those; None: the names against each other, each pair once, in the
    order first met).  Linear in the names (deletion neighbourhoods)."""
    pool = list(dict.fromkeys(names if against is None else against))
    by_key: dict[str, list[str]] = {}
    by_deletion: dict[str, list[str]] = {}
    for other in pool:
        key = loose_key(other)
        by_key.setdefault(key, []).append(other)
        if len(key) >= MIN_NEAR:
            for d in _deletions(key):
                by_deletion.setdefault(d, []).append(other)
    found: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for name in dict.fromkeys(names):
        key = loose_key(name)
        candidates = list(by_key.get(key, ()))
        if len(key) >= MIN_NEAR:
            candidates += by_deletion.get(key, ())  # one letter added to the other
            candidates += by_key.get(key, ())
            for d in _deletions(key):
                candidates += by_key.get(d, ())  # one letter dropped
                candidates += by_deletion.get(d, ())  # one changed or two swapped
        for other in dict.fromkeys(candidates):
            pair = frozenset((name, other))
            if other == name or pair in seen:
                continue
            if len(loose_key(other)) < MIN_NEAR and loose_key(other) != key:
                continue
            seen.add(pair)
            found.append((name, other))
    return found
