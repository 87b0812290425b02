"""The ``thebes`` command line's streams and signals (issue 30, items 10 and 12).

What :func:`thebes.cli.main` wraps every command in: standard streams that are safe to
write (closed, full, early-closed or narrow outputs become one line and an exit code,
never a traceback) and signal handlers (Ctrl-C 130, SIGTERM 143, SIGHUP 129; pools stop
their workers first). docs/cli.md, Exit codes.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
from typing import Any, Iterator

from thebes.cli_args import stderr_line
from thebes.core import ThebesError


def _quiet_stdout() -> None:
    """Point standard output at /dev/null so that Python's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _describe(err: BaseException) -> str:
    if isinstance(err, OSError) and not isinstance(err, ThebesError):
        reason = err.strerror or str(err) or type(err).__name__
        return f"{err.filename}: {reason}" if err.filename else reason
    return str(err)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP: unwinds like Ctrl-C (pools stop their workers, ``play`` says how
    to go on), then :func:`main` exits ``128 + signal``."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class ClosedOutput(io.TextIOBase):
    """Standard output when the process started with it closed (``>&-``): every write is
    an ``OSError`` (one line and exit 2 in :func:`main`), as ``>`` to an unwritable file."""

    encoding = "utf-8"
    errors = "strict"
    name = "<stdout>"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed: nowhere to write")


def _standard_streams() -> None:
    """Make the standard streams safe to use, once per process.

    A closed descriptor 0, 1 or 2 (``<&-``, ``>&-``, ``2>&-``) is opened on /dev/null, so
    that no file thebes opens later takes its number (a record or a database would get a
    worker's output); a closed standard output becomes :class:`ClosedOutput`. Text that
    the output's encoding cannot show (``PYTHONIOENCODING=ascii``, ``LC_ALL=C``) is
    replaced by ``?`` rather than stopping the command; records go out as UTF-8 bytes
    (:func:`thebes.core.recordio.write_text`).
    """
    for fd, flags in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(fd)
        except OSError:
            try:
                placeholder = os.open(os.devnull, flags)
                if placeholder != fd:
                    os.dup2(placeholder, fd)
                    os.close(placeholder)
            except OSError:
                pass
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "strict") == "strict":
            try:
                reconfigure(errors="replace")
            except (OSError, ValueError, TypeError, AttributeError):
                pass


def _raise_broken_pipe(console: Any) -> None:
    """rich's ``Console.on_broken_pipe`` (its documented hook) as :func:`main` wants it: the
    closed pipe raised as ``BrokenPipeError`` (exit 141), not rich's ``SystemExit(1)``."""
    console.quiet = True
    _quiet_stdout()
    raise BrokenPipeError(errno.EPIPE, "standard output was closed early")


@contextlib.contextmanager
def _signals() -> Iterator[None]:
    """While a command runs: SIGTERM and SIGHUP raise :class:`Terminated`, Ctrl-C raises
    ``KeyboardInterrupt`` (also when a caller set another handler before :func:`main`), and
    rich reports a closed pipe as ``BrokenPipeError``. Signals a parent set to be ignored
    (``nohup``, a background job) stay ignored. The previous handlers come back after."""
    from rich.console import Console

    def terminated(signum: int, _frame: Any) -> None:
        raise Terminated(signum)

    saved: dict[int, Any] = {}
    wanted = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: terminated}
    if hasattr(signal, "SIGHUP"):
        wanted[signal.SIGHUP] = terminated
    for signum, handler in wanted.items():
        try:
            previous = signal.getsignal(signum)
            if previous is signal.SIG_IGN:
                continue
            signal.signal(signum, handler)
            saved[signum] = previous
        except (ValueError, OSError):   # not the main thread: leave the signals alone
            pass
    on_broken_pipe = Console.on_broken_pipe
    Console.on_broken_pipe = _raise_broken_pipe  # type: ignore[method-assign]
    try:
        yield
    finally:
        Console.on_broken_pipe = on_broken_pipe  # type: ignore[method-assign]
        for signum, previous in saved.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(signum, previous)


def _say(prog: str, message: str) -> None:
    """One line on stderr; nothing when stderr itself is gone (a closed terminal)."""
    try:
        stderr_line(prog, message)
    except (OSError, ValueError, AttributeError):
        pass
