"""A fair share of the server's searching workers between clients (issue 30, items 1 and 2).

Bots that search (the ISMCTS levels), hints and the units of a game review are
CPU-bound work that runs in a few worker processes. First come, first served
let one client starve everyone: ten 99-seat games of ``hard`` bots made another
person's bots wait 74-181 s a turn. :class:`FairScheduler` queues that work per
client, then per key (a game, a review) within the client, and hands a free
worker slot to the next client in turn (round-robin), then to the next key of
that client in turn; a client never holds more than ``per_client`` slots at
once. A person's search therefore waits for at most one search of each other
client that holds a slot, whatever those clients queue (docs/security.md,
"Bots and reviews: a fair share").

A "client" is what the limits count (thebes/server/guard/limits.py:
``client_key``, the address, the proxy's ``X-Forwarded-For`` when trusted).
:data:`REQUESTER` carries it from the request (set by the security layer, the
outermost one) to the code that creates a game, so that the bot runner knows
which client each game's bots belong to.
"""

from __future__ import annotations

import contextvars
import logging
import threading
from collections import OrderedDict, deque
from concurrent.futures import Future
from typing import Any, Callable

log = logging.getLogger("thebes.server.scheduler")

#: the client (``client_key``) of the request being handled, if any
REQUESTER: contextvars.ContextVar[str | None] = contextvars.ContextVar("thebes_requester",
                                                                       default=None)


def requester(scope: dict[str, Any]) -> str:
    """The client of the request of ``scope``: :data:`REQUESTER` (set by the security layer
    from the limits' ``client_key``), else the connection's address."""
    client = REQUESTER.get()
    if client is not None:
        return client
    address = scope.get("client")
    return str(address[0]) if address else "unknown"


class FairScheduler:
    """Runs queued callables on ``slots`` threads, fairly between clients and their keys.

    ``submit(client, key, fn)`` queues ``fn`` and answers a :class:`Future` of its
    result. A free slot goes to the next client in turn that has work queued
    and fewer than ``per_client`` callables running; within a client, to its
    next key in turn. When all ``slots`` are busy, a client running nothing
    still starts at once, up to ``max_slots`` in all (its work shares the CPU
    with the others' instead of waiting for them to end). ``cancel(key)`` drops
    the queued work of a key.
    """

    def __init__(self, slots: int, per_client: int, name: str = "thebes-fair",
                 max_slots: int | None = None) -> None:
        self.slots = max(1, int(slots))
        self.per_client = max(1, int(per_client))
        #: past ``slots``, a client running nothing still gets a slot at once, up to this many
        #: in all: its first search waits for no one's (the CPU is shared, not the queue)
        self.max_slots = max(self.slots, int(max_slots or self.slots))
        self.name = name
        self._lock = threading.Lock()
        #: client -> key -> queued (fn, future); clients and keys in their turn's order
        self._queued: OrderedDict[str, OrderedDict[str, deque[tuple[Callable[[], Any], Future]]]] = \
            OrderedDict()
        self._running: dict[str, int] = {}
        self._served: dict[str, int] = {}                  # client -> when last served
        self._key_served: dict[tuple[str, str], int] = {}  # (client, key) -> when last served
        self._stamp = 0
        self._busy = 0
        self._stopping = False
        self._threads: set[threading.Thread] = set()

    # ------------------------------------------------------------ the queue
    def submit(self, client: str, key: str, fn: Callable[[], Any]) -> Future:
        future: Future = Future()
        with self._lock:
            if self._stopping:
                future.cancel()
                return future
            keys = self._queued.setdefault(client, OrderedDict())
            keys.setdefault(key, deque()).append((fn, future))
        self._dispatch()
        return future

    def cancel(self, key: str) -> int:
        """Drop the queued (not running) work of ``key``, whoever's; how many were dropped."""
        dropped = 0
        with self._lock:
            for client in list(self._queued):
                work = self._queued[client].pop(key, None)
                if work is not None:
                    for _fn, future in work:
                        future.cancel()
                        dropped += 1
                if not self._queued[client]:
                    del self._queued[client]
                    self._forget(client)
        return dropped

    def queued(self, client: str | None = None) -> int:
        with self._lock:
            clients = [client] if client is not None else list(self._queued)
            return sum(len(w) for c in clients for w in self._queued.get(c, {}).values())

    def running(self, client: str | None = None) -> int:
        with self._lock:
            return self._busy if client is None else self._running.get(client, 0)

    def clients_waiting(self) -> int:
        """Clients with work queued or running (those a slot is shared between)."""
        with self._lock:
            return len(set(self._queued) | {c for c, n in self._running.items() if n})

    def stop(self, timeout: float | None = None) -> None:
        """Drop every queued callable (their futures are cancelled) and wait for the running."""
        with self._lock:
            self._stopping = True
            work = [w for keys in self._queued.values() for q in keys.values() for w in q]
            self._queued.clear()
            threads = list(self._threads)
        for _fn, future in work:
            future.cancel()
        for thread in threads:
            thread.join(timeout)

    # ------------------------------------------------------------ dispatch
    def _next(self) -> tuple[str, Callable[[], Any], Future] | None:
        """The next work in turn (call with the lock held), taken off the queue: of the
        clients under their share, the one served longest ago (one never served, or back
        after a pause, first); of its keys, likewise."""
        best = None
        for client in self._queued:
            running = self._running.get(client, 0)
            if running >= self.per_client or (self._busy >= self.slots and running):
                continue
            stamp = self._served.get(client, 0)
            if best is None or stamp < best[0]:
                best = (stamp, client)
        if best is None:
            return None
        client = best[1]
        keys = self._queued[client]
        key = min(keys, key=lambda k: self._key_served.get((client, k), 0))
        work = keys[key]
        fn, future = work.popleft()
        self._stamp += 1
        self._served[client] = self._stamp
        self._key_served[(client, key)] = self._stamp
        if not work:
            del keys[key]
        if not keys:
            del self._queued[client]
        return client, fn, future

    def _forget(self, client: str) -> None:
        """A client with nothing queued or running loses its turn's place (call with the lock
        held): back, it is served first, as a newcomer."""
        if client not in self._queued and not self._running.get(client):
            self._served.pop(client, None)
            for k in [k for k in self._key_served if k[0] == client]:
                del self._key_served[k]

    def _dispatch(self) -> None:
        while True:
            with self._lock:
                if self._stopping or self._busy >= self.max_slots:
                    return
                found = self._next()
                if found is None:
                    return
                client, fn, future = found
                if not future.set_running_or_notify_cancel():
                    continue
                self._busy += 1
                self._running[client] = self._running.get(client, 0) + 1
                thread = threading.Thread(target=self._run, args=(client, fn, future),
                                          name=self.name, daemon=True)
                self._threads.add(thread)
                thread.start()                  # under the lock: stop() joins started threads

    def _run(self, client: str, fn: Callable[[], Any], future: Future) -> None:
        try:
            result = fn()
        except BaseException as err:  # noqa: BLE001 - handed to whoever waits on the future
            future.set_exception(err)
        else:
            future.set_result(result)
        finally:
            with self._lock:
                self._busy -= 1
                left = self._running.get(client, 0) - 1
                if left > 0:
                    self._running[client] = left
                else:
                    self._running.pop(client, None)
                    self._forget(client)
                self._threads.discard(threading.current_thread())
            self._dispatch()


def end_processes(procs: Any) -> None:
    """Shut a ``ProcessPoolExecutor`` down at once: its queue dropped and its processes ended
    mid-work (a search may run for minutes; a stopping server does not wait for it)."""
    workers = list((getattr(procs, "_processes", None) or {}).values())  # no public way
    procs.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        try:
            process.terminate()
        except Exception:  # noqa: BLE001 - already gone
            pass
    for process in workers:
        process.join(5)
