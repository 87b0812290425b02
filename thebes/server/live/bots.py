"""Bot seats: worker threads that think, and a scheduler thread that keeps the pace.

After every change to a game (and for every unfinished game at start-up) the
runner is poked; when a bot is to move, a worker thread lets it choose at
once (from a clone of the state; the event loop never waits for a bot), and
the scheduler posts the chosen move through the same checked path as a
person's (:meth:`GameService.move`, with the version it was chosen at) no
sooner than ``delay`` seconds after the poke: a human-watchable pace that
counts the bot's thinking time, and no thread sleeps while it waits.

On SQLite (:meth:`BotRunner.attach`) a posted move is stored by the server's
event loop, where people's moves from sockets are stored too, one bot move per
turn of the loop: every socket message and view waiting then goes first. Moves
stored by one thread take no turns at the GIL and the SQLite writer's lock
with each other; people never queue behind bots (docs/deploy.md: with 50
saturated games the p99 round trip went from 45-53 to 15 ms and the CPU an
event from 1.46 to 0.97 ms). On PostgreSQL, whose commit waits for its disk,
the worker threads store them, so that commits overlap.

Several processes on one PostgreSQL (docs/deploy.md): exactly one process
moves a game's bot seats, the one that holds the game's row in ``bot_leases``
(taken with an upsert that succeeds only if the lease is free, expired or
already ours; times on the database's clock). A lease thread renews this
process's leases every ``ttl / 3`` seconds and takes over the games whose
lease expired (their process died) or that have none and were not moved for
``ttl`` seconds, so a dead process's bots move again within about ``ttl + 1``
seconds. A process that holds none of a
game's players' sockets hands its lease to the process that stored the players'
move (:meth:`BotRunner.hand_over`, :meth:`BotRunner.adopt`): bots move where
their opponents' sockets are. A bot's move is posted with
the version it was chosen at, so even two owners (a process paused past its
lease) could never both land a move: the database accepts one per version.
On SQLite there is one process, and it owns every game.

Fairness (issue 30, item 1): a searching bot's think is queued in a
:class:`~thebes.server.live.scheduler.FairScheduler` under the client that
created its game (:data:`~thebes.server.live.scheduler.REQUESTER` when the
game is first poked), which hands the worker processes to the clients in
turn and never more than ``per_client`` at once to one of them; hints go
through it too (:meth:`BotRunner.search`). :meth:`BotRunner.admit` caps the
bot seats of one client's unfinished games (``bot_seats``) when a game is
created. A client running no search starts one at once even when the
workers are busy (up to twice as many); searches of games of more than
:data:`CROWDED_SEATS` seats run in processes of their own at a lower CPU
priority. So a person's bot starts at once and gets the CPU first, whatever
other clients run (docs/security.md, "Bots and reviews: a fair share").

A bot's generator is made from the game's seed, its seat and the event index
(:func:`thebes.server.live.livegame.bot_rng`), so a restarted server goes on
exactly where it stopped (for bots whose choice depends only on their
generator; the ``ismcts`` levels think against the clock).
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from thebes.bots import make_bot

from . import botwork
from .errors import ApiError
from .livegame import bot_rng, bot_seed
from .scheduler import REQUESTER, FairScheduler, end_processes
from .service import GameService

log = logging.getLogger("thebes.server.bots")

#: a game of more seats than this (Pharaoh goes to 99) is dear a search: its searches run in
#: worker processes of their own at a lower CPU priority (niceness :data:`CROWDED_NICE`), so
#: that when the cores are short the usual games' searches get them first
CROWDED_SEATS = 6
CROWDED_NICE = 10


class BotRunner:
    def __init__(self, service: GameService, delay: float = 0.8, workers: int = 4,
                 processes: int | None = None, lease_ttl: float = 3.0, per_client: int = 1,
                 bot_seats: int | None = None) -> None:
        self.service = service
        self.storage = service.storage
        #: seconds a bot lease lasts unless renewed (PostgreSQL only)
        self.lease_ttl = lease_ttl
        self._held: set[str] = set()              # games whose bots this process moves
        self._held_until = 0.0                    # monotonic end of the last renewal
        self._others: dict[str, float] = {}       # game -> monotonic time to ask again
        self._handing: set[str] = set()           # games whose lease is being handed over
        self._lease_thread: threading.Thread | None = None
        self._stop_leases = threading.Event()
        self.delay = max(0.0, float(delay))
        #: worker processes for searching bots (None: one per CPU, at most 4; 0: think in threads)
        self.processes = min(4, os.cpu_count() or 1) if processes is None else max(0, processes)
        self._procs: ProcessPoolExecutor | None = None
        #: the worker processes of searches in games of more than CROWDED_SEATS seats (nice 10)
        self._crowded: ProcessPoolExecutor | None = None
        self._heap: list[tuple[float, int, str, int, str, int]] = []
        self._pending: set[str] = set()
        self._seq = 0
        self._cond = threading.Condition()
        self._stopping = False
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="thebes-bot")
        #: searches (bots, hints) share the worker processes fairly between clients
        #: (a client running no search starts one at once, up to twice the workers: a person's
        #: bot then shares the CPU with another client's long search rather than wait for it)
        slots = max(1, self.processes)
        self.fair = FairScheduler(slots, per_client, name="thebes-search", max_slots=2 * slots)
        #: bot seats one client's unfinished games may hold (None: no cap)
        self.bot_seats = bot_seats
        self._owner: dict[str, str] = {}          # game -> the client that created it
        #: client -> [(monotonic expiry, bot seats)] of games admitted but not yet poked
        self._reserved: dict[str, list[tuple[float, int]]] = {}
        self._admit_lock = threading.Lock()
        #: the event loop that stores bot moves, once attached (see :meth:`attach`)
        self._event_loop: asyncio.AbstractEventLoop | None = None
        self._moves: asyncio.Queue[tuple[str, int, str, int]] | None = None
        self._mover: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._loop, name="thebes-bot-scheduler", daemon=True)
        self._thread.start()
        if self.storage.shared:
            self._lease_thread = threading.Thread(target=self._lease_loop, name="thebes-bot-leases",
                                                  daemon=True)
            self._lease_thread.start()

    # ------------------------------------------------------------ leases
    def owns(self, game_id: str) -> bool:
        """Whether this process moves ``game_id``'s bots (taking the lease if it is free)."""
        if not self.storage.shared:
            return True
        if game_id in self._handing:
            return False
        moment = time.monotonic()
        if game_id in self._held and moment < self._held_until:
            return True
        if self._others.get(game_id, 0.0) > moment:
            return False
        try:
            got = self.storage.acquire_lease(game_id, self.lease_ttl)
        except Exception as err:
            log.warning("bot lease of game %s: %s", game_id, err)
            return False
        if got:
            self._held.add(game_id)
            self._others.pop(game_id, None)
            if self._held_until < moment:
                self._held_until = moment + self.lease_ttl
            return True
        self._others[game_id] = moment + self.lease_ttl / 3
        return False

    def holds(self, game_id: str) -> bool:
        """Whether this process holds (or is handing over) the lease on ``game_id``'s bots."""
        return game_id in self._held or game_id in self._handing

    def hand_over(self, game_id: str, to: str) -> None:
        """Give ``game_id``'s bots to the process named ``to`` (:attr:`Storage.origin`), which
        just moved a player of the game while this process holds none of its players' sockets:
        then a bot's move is made where its opponents' sockets are, and no longer crosses
        between processes twice a turn. From the event loop; the database is written in a
        worker thread, and this process moves none of the game's bots from now on."""
        with self._cond:
            if self._stopping or game_id not in self._held:
                return
            self._held.discard(game_id)
            self._handing.add(game_id)

        def hand() -> None:
            try:
                if self.storage.hand_lease(game_id, to, self.lease_ttl):
                    self._held.discard(game_id)   # a renewal meanwhile may have put it back
                    log.debug("handed the bots of game %s to %s", game_id, to)
            except Exception as err:      # the lease expires; whoever asks next takes it
                log.warning("could not hand over the bots of game %s: %s", game_id, err)
            finally:
                self._others[game_id] = time.monotonic() + self.lease_ttl / 3
                self._handing.discard(game_id)

        try:
            self._pool.submit(hand)
        except RuntimeError:              # shut down meanwhile
            self._handing.discard(game_id)

    def adopt(self, game_id: str) -> None:
        """Another process handed this one ``game_id``'s bots (:meth:`hand_over`): move them."""
        if self._stopping:
            return
        self._held.add(game_id)
        self._others.pop(game_id, None)

        def adopted() -> None:
            try:
                self.service.game(game_id)   # in memory (it is, most often), then move
            except ApiError as err:
                log.warning("adopted bots of game %s: %s", game_id, err.message)
                return
            self.poke(game_id)

        try:
            self._pool.submit(adopted)
        except RuntimeError:                 # shut down meanwhile
            pass

    def _lease_loop(self) -> None:
        """Lease thread: renew this process's leases, take over the games nobody leases."""
        while not self._stop_leases.wait(self.lease_ttl / 3):
            try:
                start = time.monotonic()
                self._held = self.storage.renew_leases(self.lease_ttl)
                self._held_until = start + self.lease_ttl
                moment = time.monotonic()
                self._others = {g: t for g, t in self._others.items() if t > moment}
                for game_id in self.storage.orphan_bot_games(self.lease_ttl):
                    if self._stopping:
                        return
                    if not self.storage.acquire_lease(game_id, self.lease_ttl):
                        continue
                    self._held.add(game_id)
                    log.info("took over the bots of game %s", game_id)
                    if not self.service.catch_up(game_id):
                        self.service.game(game_id)      # load it (or it is up to date)
                    self.poke(game_id)
            except Exception as err:
                log.warning("bot leases: %s", err)

    # called from any thread, after every change to a game
    def poke(self, game_id: str) -> None:
        if game_id not in self._owner:
            client = REQUESTER.get()
            if client is not None:             # first poked by a request: its creator's
                self._owner[game_id] = client
                self._settle(client, game_id)
        g = self.service._games.get(game_id)
        if g is not None and g.finished:
            self._owner.pop(game_id, None)     # no longer counted, no search to come
        if g is None or g.bot_to_move() is None:
            return
        with self._cond:
            if self._stopping or game_id in self._pending:
                return
            self._pending.add(game_id)
        due = time.monotonic() + self.delay
        try:
            self._pool.submit(self._think, game_id, due)
        except RuntimeError:  # shut down meanwhile
            with self._cond:
                self._pending.discard(game_id)

    def owner_of(self, game_id: str) -> str:
        """The client whose share a game's searches take: the one that created it (first
        poked it) in this process, else the game itself (resumed, or created elsewhere)."""
        return self._owner.get(game_id) or f"game {game_id}"

    def admit(self, client: str, bot_seats: int) -> None:
        """Refuse (429, with a sentence) a new game of ``bot_seats`` bot seats when the
        unfinished games ``client`` created here already hold ``self.bot_seats - bot_seats``."""
        if self.bot_seats is None or bot_seats <= 0:
            return
        with self._admit_lock:     # creations at once each count the others' reservations
            held = 0
            for game_id, owner in list(self._owner.items()):
                if owner != client:
                    continue
                g = self.service._games.get(game_id)
                if g is None or g.finished:
                    self._owner.pop(game_id, None)   # finished or forgotten here: not counted
                    continue
                held += sum(1 for seat in g.seats if seat.kind == "bot")
            moment = time.monotonic()
            reserved = [r for r in self._reserved.get(client, ()) if r[0] > moment]
            held += sum(n for _t, n in reserved)
            if held + bot_seats > self.bot_seats:
                raise ApiError(429, f"your unfinished games already have {held} bot seats and "
                                    f"this one asks for {bot_seats}; this server runs at most "
                                    f"{self.bot_seats} bot seats for one client: finish a game "
                                    "(or wait for its bots) first", headers={"Retry-After": "60"})
            # counted until the game is first poked (:meth:`_settle`), or 30 s if it never is
            self._reserved[client] = reserved + [(moment + 30.0, bot_seats)]

    def _settle(self, client: str, game_id: str) -> None:
        """``game_id``, admitted for ``client``, now counts as its game: its reservation goes."""
        g = self.service._games.get(game_id)
        seats = sum(1 for seat in g.seats if seat.kind == "bot") if g is not None else 0
        with self._admit_lock:
            reserved = self._reserved.get(client)
            if not reserved:
                return
            for i, (_t, n) in enumerate(reserved):
                if n == seats:
                    del reserved[i]
                    break
            if not reserved:
                self._reserved.pop(client, None)

    def resume_all(self) -> int:
        """Load every unfinished game and set its bot going if a bot is to move (on a shared
        database the lease thread does this for the games no other process leases)."""
        if self.storage.shared:
            return 0
        count = 0
        for game_id in self.service.unfinished_ids():
            try:
                g = self.service.game(game_id)
            except ApiError as err:
                log.error("cannot resume game %s: %s", game_id, err.message)
                continue
            if g.bot_to_move() is not None:
                count += 1
                self.poke(game_id)
        return count

    def idle(self) -> bool:
        with self._cond:
            return not self._pending

    def stop(self) -> None:
        with self._cond:
            self._stopping = True
            self._heap.clear()
            self._cond.notify_all()
        self._stop_leases.set()
        self._thread.join(timeout=5)
        if self._lease_thread is not None:
            self._lease_thread.join(timeout=5)
        self._pool.shutdown(wait=True, cancel_futures=True)
        with self._cond:
            pools = [p for p in (self._procs, self._crowded) if p is not None]
            self._procs = self._crowded = None
        for procs in pools:            # a search may run for minutes: end it, do not wait
            end_processes(procs)
        self.fair.stop(timeout=30)
        if self.storage.shared:
            try:   # a clean stop: another process takes this one's games over at once
                self.storage.release_leases()
            except Exception as err:
                log.warning("could not release the bot leases: %s", err)
            self._held.clear()
        if self._procs is not None:
            self._procs.shutdown(wait=True, cancel_futures=True)

    # ------------------------------------------------------------ internals
    def _think(self, game_id: str, due: float) -> None:
        """Worker thread: let the bot to move choose (a searching bot: in its client's turn,
        :attr:`fair`); queue its move for ``due``."""
        try:
            if not self.owns(game_id):
                self._done(game_id)
                return
            g = self.service.game(game_id)
            with g.lock:
                seat = g.bot_to_move()
                if seat is None or self._stopping:
                    self._done(game_id)
                    return
                version = g.version
                state = g.state.clone()
                name = g.seats[seat].bot or "random"
                searches = botwork.uses_search(name)
                events = list(g.events) if self._in_process(name) else None
            if searches:
                future = self.fair.submit(self.owner_of(game_id), game_id, lambda: self._search(
                    game_id, g, state, events, seat, name, version, due))
                future.add_done_callback(lambda f: self._done(game_id) if f.cancelled() else None)
                return
            bot = make_bot(name, g.game.name, seat, bot_rng(g.seed, seat, version))
            action = bot.choose(state)
            text = state.action_to_text(action)
        except Exception:
            log.exception("bot failed in game %s", game_id)
            self._done(game_id)
            return
        self._chosen(game_id, seat, text, version, due)

    def _search(self, game_id: str, g: Any, state: Any, events: list[str] | None, seat: int,
                name: str, version: int, due: float) -> None:
        """A search slot of this game's client: the searching bot chooses, its move is queued."""
        try:
            if self._stopping:
                self._done(game_id)
                return
            if events is not None:
                text = self._think_in_process(g, state, events, seat, name, version)
            else:
                bot = make_bot(name, g.game.name, seat, bot_rng(g.seed, seat, version))
                text = state.action_to_text(bot.choose(state))
        except Exception:
            if not self._stopping:
                log.exception("bot failed in game %s", game_id)
            self._done(game_id)
            return
        self._chosen(game_id, seat, text, version, due)

    def _chosen(self, game_id: str, seat: int, text: str, version: int, due: float) -> None:
        if due <= time.monotonic():   # already due (no delay, or a long think): post it here
            if not self._stopping:
                self._post(game_id, seat, text, version)
            else:
                self._done(game_id)
            return
        with self._cond:
            if self._stopping:
                return
            self._seq += 1
            heapq.heappush(self._heap, (due, self._seq, game_id, seat, text, version))
            self._cond.notify()

    def _in_process(self, bot: str) -> bool:
        return self.processes > 0 and botwork.uses_search(bot)

    def _think_in_process(self, g: Any, state: Any, events: list[str], seat: int, bot: str,
                          version: int) -> str:
        procs = self._processes(crowded=g.players > CROWDED_SEATS)
        try:
            return procs.submit(botwork.think, g.id, g.game.name, g.players, dict(g.options), events,
                                seat, bot, bot_seed(g.seed, seat, version)).result()
        except BrokenProcessPool:
            if self._stopping:       # ended by stop(): not a failure
                raise RuntimeError("the bot runner stopped") from None
            log.error("bot worker processes died; searching bots think in threads from now on")
            self.processes = 0
            action = make_bot(bot, g.game.name, seat, bot_rng(g.seed, seat, version)).choose(state)
            return state.action_to_text(action)

    def search(self, fn: Any, *args: Any, client: str | None = None, key: str = "hint") -> Any:
        """Run a CPU-bound search ``fn(*args)`` in the worker processes (in a search thread
        when there are none), in ``client``'s turn (:attr:`fair`), and return its result; used
        for hints."""
        from concurrent.futures import CancelledError

        who = client if client is not None else (REQUESTER.get() or "unknown")
        try:
            return self.fair.submit(who, key, lambda: self._search_now(fn, *args)).result()
        except CancelledError:
            raise ApiError(503, "the server is stopping; ask again in a moment",
                           headers={"Retry-After": "5"}) from None

    def _search_now(self, fn: Any, *args: Any) -> Any:
        if self.processes > 0:
            procs = self._processes()
            try:
                return procs.submit(fn, *args).result()
            except BrokenProcessPool:
                if self._stopping:
                    raise ApiError(503, "the server is stopping; ask again in a moment",
                                   headers={"Retry-After": "5"}) from None
                log.error("bot worker processes died; searches run in threads from now on")
                self.processes = 0
        return fn(*args)

    def _processes(self, crowded: bool = False) -> ProcessPoolExecutor:
        """The worker processes (started on first use; none once stopping); ``crowded``: those
        of games of more than :data:`CROWDED_SEATS` seats, at a lower CPU priority."""
        with self._cond:
            if self._stopping:
                raise ApiError(503, "the server is stopping; ask again in a moment",
                               headers={"Retry-After": "5"})
            context = multiprocessing.get_context("spawn")
            if crowded:
                if self._crowded is None:
                    self._crowded = ProcessPoolExecutor(
                        max_workers=self.fair.max_slots, mp_context=context,
                        initializer=os.nice, initargs=(CROWDED_NICE,))
                return self._crowded
            if self._procs is None:
                self._procs = ProcessPoolExecutor(max_workers=self.fair.max_slots,
                                                  mp_context=context)
            return self._procs

    def _done(self, game_id: str) -> None:
        with self._cond:
            self._pending.discard(game_id)

    def _loop(self) -> None:
        """Scheduler thread: hand every queued move to a worker when it is due."""
        while True:
            with self._cond:
                while not self._stopping and (not self._heap or self._heap[0][0] > time.monotonic()):
                    timeout = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._cond.wait(timeout)
                if self._stopping:
                    return
                item = heapq.heappop(self._heap)
            try:
                self._pool.submit(self._post, *item[2:])
            except RuntimeError:  # pool shut down
                return

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Store bot moves in ``loop`` (the server's running event loop; call it from there),
        one a turn of the loop (see the module's docstring); :meth:`detach` before it closes."""
        self._moves = asyncio.Queue()
        self._event_loop = loop
        self._mover = loop.create_task(self._store_in_loop(self._moves))

    async def detach(self) -> None:
        """Stop storing bot moves in the event loop (the queued ones are dropped: the bots
        choose them again when their games are next poked or resumed)."""
        mover, self._mover, self._event_loop = self._mover, None, None
        if mover is not None:
            mover.cancel()
            try:
                await mover
            except asyncio.CancelledError:
                pass

    async def _store_in_loop(self, moves: asyncio.Queue[tuple[str, int, str, int]]) -> None:
        while True:
            self._store(*await moves.get())
            await asyncio.sleep(0)       # people first: what waits in the loop now goes ahead

    def _post(self, game_id: str, seat: int, text: str, version: int) -> None:
        """A worker thread: store the bot's move (in the event loop when attached)."""
        loop, moves = self._event_loop, self._moves
        if loop is not None and moves is not None:
            try:
                loop.call_soon_threadsafe(moves.put_nowait, (game_id, seat, text, version))
                return
            except RuntimeError:     # the loop closed meanwhile: store it here
                pass
        self._store(game_id, seat, text, version)

    def _store(self, game_id: str, seat: int, text: str, version: int) -> None:
        self._done(game_id)          # before the move: its notification pokes the next bot
        if self.storage.shared and not (game_id in self._held
                                        and time.monotonic() < self._held_until):
            return                   # the lease went to another process meanwhile
        try:
            self.service.move(game_id, seat, text, version)
        except ApiError as err:
            if err.status != 409:
                log.error("bot move %r refused in game %s: %s", text, game_id, err.message)
                return
            self.poke(game_id)       # the game moved on meanwhile: think again
        except Exception:
            log.exception("bot move failed in game %s", game_id)
