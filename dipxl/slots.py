"""Fast construction of frozen, slotted dataclasses.

A frozen dataclass's generated ``__init__`` stores each field through
``object.__setattr__``, which costs about twice a direct store through the
slot's descriptor.  The model builds one object per seat and per result row
(tens of thousands for a large event), so its hottest classes write their
own ``__init__`` with the setters made here.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["slot_setter", "slot_setters"]


def slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """The store of slot ``name`` of ``cls``, bypassing a frozen class's
    ``__setattr__``: for that class's own ``__init__`` only."""
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


def slot_setters(cls: type, *names: str) -> tuple[Callable[[object, object], None], ...]:
    """:func:`slot_setter` of each of ``names``, in order."""
    return tuple(slot_setter(cls, name) for name in names)
