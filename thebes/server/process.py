"""What a server process tunes once its app is built: the cycle collector (:func:`tune_gc`),
called by ``thebes serve`` and each of its ``--workers`` processes (thebes/server/app.py,
``app_from_env``); ``thebes loadtest`` tunes its own process alike (thebes/loadtest/cli.py)."""

from __future__ import annotations

#: the cycle collector's thresholds in a server process (Python's default: 700, 10, 10)
GC_THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    """Make the cycle collector fit a server process (called once the app is built, by
    ``thebes serve`` and each of its workers; never in tests or a library user's process).

    With 500 live games a full collection scans about 180,000 objects and stops every thread
    for 100-300 ms: the load test's p99 round trip was 287 ms, 92 ms with these thresholds and
    76 ms with no collector at all (docs/deploy.md). So: what exists now (the code, the app) is
    frozen out of every later collection (:func:`gc.freeze`), and collections run 70 times
    less often. Games free their memory by reference counting; the collector only finds
    cycles, which the server makes few of.
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
