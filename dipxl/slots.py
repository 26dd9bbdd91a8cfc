"""Fast construction of frozen, slotted dataclasses.

A frozen dataclass's generated ``__init__`` stores each field through
``object.__setattr__``, which costs about twice a direct store through the
slot's descriptor.  The model builds one object per seat and per result row
(tens of thousands for a large event), so its hottest classes write their
own ``__init__`` with the setters made here.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["slot_setters"]

Setter = Callable[[object, object], None]


def slot_setters(cls: type, *names: str) -> tuple[Setter, ...]:
    """The store of each slot in ``names`` of ``cls``, in order, bypassing a
    frozen class's ``__setattr__``: for that class's own ``__init__`` only."""
    return tuple(cls.__dict__[name].__set__ for name in names)
