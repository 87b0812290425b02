"""One function over many work items: here, in forked processes or on a Ray cluster.

The one runner of ``thebes arena`` (a game per item) and ``thebes review`` (a
decision or a position's value per item). Results come back as they finish, in
any order, so every item's result must say which item it belongs to; an item
must be picklable and its function importable (a module-level function).
Nothing here draws a random number: the items carry their own seeds, so the
results are the same with any ``jobs`` or on Ray.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from contextlib import closing, suppress
from typing import Callable, Iterator, Sequence, TypeVar

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn,
                           TimeRemainingColumn)

from thebes.core import OptionsError

Item = TypeVar("Item")
Result = TypeVar("Result")


def run_local(fn: Callable[[Item], Result], items: Sequence[Item], jobs: int) -> Iterator[Result]:
    """``fn`` over ``items`` in this process (``jobs`` <= 1, or one item) or in a pool of
    ``jobs`` forked processes, one item at a time each; results as they finish."""
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield fn(item)
        return
    jobs = min(jobs, len(items))   # no idle workers: --jobs 1024 for 3 games forks 3
    with multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_start) as pool:
        yield from pool.imap_unordered(fn, items, chunksize=1)


def _worker_start() -> None:
    """A pool worker leaves signals to its parent: Ctrl-C to the process group and a closed
    terminal (SIGHUP) are the parent's to handle (it stops the pool, which ends its workers
    with SIGTERM, quietly); and on Linux a worker ends with its parent, whatever killed it,
    rather than finishing its task and then failing to hand back the result."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGTERM)          # PR_SET_PDEATHSIG
        parent = multiprocessing.parent_process()
        if parent is not None and parent.pid != os.getppid():   # it died before the line above
            os._exit(0)


def run_ray(fn: Callable[[Item], Result], items: Sequence[Item], address: str) -> Iterator[Result]:
    """``fn`` over ``items`` as Ray tasks; results as they finish.

    ``address``: ``"auto"`` (the running cluster, else a new local one), ``"local"`` (a
    new local one) or a cluster's address. When the results end, are abandoned (the
    generator closed) or an error or Ctrl-C stops them, the tasks still pending are
    cancelled and, if this call connected to Ray, it disconnects (``ray.shutdown()``),
    which stops a local cluster it started; a connection the caller made itself is kept.

    Raises:
        OptionsError: Ray is not installed, or no cluster answers at ``address``.
    """
    try:
        import ray
    except ImportError:
        raise OptionsError("--ray needs Ray: pip install 'thebes[cluster]'") from None
    options = {"ignore_reinit_error": True, "include_dashboard": False, "logging_level": "ERROR"}
    ours = not ray.is_initialized()
    if address == "local":
        ray.init(**options)
    else:
        try:
            ray.init(address=address, **options)
        except ConnectionError:
            if address != "auto":
                raise OptionsError(f"no Ray cluster answers at {address}") from None
            ray.init(**options)  # auto: no cluster running, start a local one
    pending = []
    try:
        remote = ray.remote(fn)
        pending = [remote.remote(item) for item in items]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        with suppress(Exception):   # a cluster that went away cannot cancel: still disconnect
            for ref in pending:
                ray.cancel(ref, force=True)
        if ours:
            ray.shutdown()


def run_all(fn: Callable[[Item], Result], items: Sequence[Item], jobs: int = 1,
            ray: str | None = None, label: str = "", console: Console | None = None
            ) -> Iterator[Result]:
    """``fn`` over ``items`` on Ray (``ray``: its address) or locally with ``jobs`` processes,
    with a progress bar labelled ``label`` on ``console`` (default: standard error; shown
    only on a terminal). Results as they finish; the bar advances once the caller has
    handled each. Closing it (or an error) closes the runner: its processes end, a Ray
    cluster it started is shut down."""
    console = console or Console(stderr=True)
    stream = run_ray(fn, items, ray) if ray else run_local(fn, items, jobs)
    bar = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(), console=console,
                   disable=not console.is_terminal)
    with closing(stream), bar:
        task = bar.add_task(label, total=len(items))
        for result in stream:
            yield result
            bar.advance(task)
