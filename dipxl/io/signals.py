"""Ending cleanly on SIGTERM and SIGHUP (``kill``, ``timeout``, closing the
terminal): the signal becomes a :class:`Terminated` exception, so every
``finally`` runs (a temporary file being written is removed) and the
command line exits with ``128 + N`` as a shell would report the signal.

Ctrl-C (SIGINT) is Python's own ``KeyboardInterrupt`` and is left as it is.
"""

from __future__ import annotations

import contextlib
import gc
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType

__all__ = ["SIGNALS", "Terminated", "raise_if_terminated", "shielded", "terminate_cleanly"]

# SIGHUP does not exist on Windows.
SIGNALS: tuple[signal.Signals, ...] = tuple(
    s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None
)

_received: list[int] = []  # the first signal received, once the handler has run
_shields: list[None] = []  # one entry a shielded() block being run


class Terminated(BaseException):
    """The process was asked to end (SIGTERM, SIGHUP).  A ``BaseException``
    like ``KeyboardInterrupt``: nothing that handles errors catches it, and
    a batch stops instead of going on with the next file."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(f"terminated by {signal.Signals(signum).name}")

    @property
    def status(self) -> int:
        """The exit status a shell gives a process ended by this signal."""
        return 128 + self.signum


def _handle(signum: int, frame: FrameType | None) -> None:
    if _received:  # already ending: let the clean-up run to its end
        return
    _received.append(signum)
    if not _shields:  # else raised when the shielded block ends
        raise Terminated(signum)


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """A block a signal does not cut short (renaming a finished file into
    place, removing a temporary file): :class:`Terminated` is raised when
    it ends, or at the next check when it ends with another exception."""
    _shields.append(None)
    try:
        yield
    finally:
        _shields.pop()
    if not _shields:
        raise_if_terminated()


def raise_if_terminated() -> None:
    """Raise :class:`Terminated` again when a signal was received but its
    exception was swallowed on the way (a library turning every exception
    raised in its callback into its own error, a finaliser) or deferred
    (:func:`shielded`)."""
    if _received:
        raise Terminated(_received[0])


@contextlib.contextmanager
def terminate_cleanly() -> Iterator[None]:
    """Within this block SIGTERM and SIGHUP raise :class:`Terminated` (in
    the main thread only, where Python runs signal handlers; elsewhere the
    block changes nothing).  A signal that is ignored (``nohup``) stays
    ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    # A signal ignored by whoever started dipxl (``nohup``) stays ignored.
    previous = {
        s: signal.signal(s, _handle) for s in SIGNALS if signal.getsignal(s) != signal.SIG_IGN
    }
    hook = sys.unraisablehook
    sys.unraisablehook = _quiet_terminated(hook)
    try:
        yield
    finally:
        if _received:  # cut short: writers the signal interrupted are collected
            _collect_quietly()
        sys.unraisablehook = hook
        for s, handler in previous.items():
            signal.signal(s, handler)
        _received.clear()


def _collect_quietly() -> None:
    """Collect what a signal left half-done, silently: a zip writer cut
    short in the middle of a member complains (\"Can't close the ZIP
    file while there is an open writing handle\") when it is collected,
    which would otherwise happen at exit, as a traceback after dipxl's
    one-line message.  Its temporary file is already removed."""
    hook = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None
    try:
        gc.collect()
    finally:
        sys.unraisablehook = hook


def _quiet_terminated(
    hook: Callable[[sys.UnraisableHookArgs], object],
) -> Callable[[sys.UnraisableHookArgs], object]:
    """``hook`` but silent about a :class:`Terminated` raised where Python
    can only print it (a finaliser the signal interrupted): it is raised
    again at the next check (:func:`raise_if_terminated`)."""

    def quiet(unraisable: sys.UnraisableHookArgs) -> None:
        if not isinstance(unraisable.exc_value, Terminated):
            hook(unraisable)

    return quiet
