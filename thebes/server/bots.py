"""Bot seats: a scheduler thread and a small pool of worker threads.

After every change to a game (and for every unfinished game at start-up) the
runner is poked; when a bot is to move it schedules that game ``delay``
seconds later (a human-watchable pace), and a worker thread lets the bot
choose and posts its move through the same checked path as a person's
(:meth:`GameService.bot_move`). The asyncio event loop never waits for a bot.
A bot's generator is made from the game's seed, its seat and the event index,
so a restarted server goes on exactly where it stopped.
"""

from __future__ import annotations

import heapq
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from .service import ApiError, GameService

log = logging.getLogger("thebes.server.bots")


class BotRunner:
    def __init__(self, service: GameService, delay: float = 0.8, workers: int = 2) -> None:
        self.service = service
        self.delay = max(0.0, float(delay))
        self._heap: list[tuple[float, int, str]] = []
        self._pending: set[str] = set()
        self._seq = 0
        self._cond = threading.Condition()
        self._stopping = False
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="thebes-bot")
        self._thread = threading.Thread(target=self._loop, name="thebes-bot-scheduler", daemon=True)
        self._thread.start()

    # called from any thread, after every change to a game
    def poke(self, game_id: str) -> None:
        g = self.service._games.get(game_id)
        if g is None or g.bot_to_move() is None:
            return
        with self._cond:
            if self._stopping or game_id in self._pending:
                return
            self._pending.add(game_id)
            self._seq += 1
            heapq.heappush(self._heap, (time.monotonic() + self.delay, self._seq, game_id))
            self._cond.notify()

    def resume_all(self) -> int:
        """Load every unfinished game and schedule the ones where a bot is to move."""
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
        self._thread.join(timeout=5)
        self._pool.shutdown(wait=True, cancel_futures=True)

    # ------------------------------------------------------------ internals
    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._stopping and (not self._heap or self._heap[0][0] > time.monotonic()):
                    timeout = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._cond.wait(timeout)
                if self._stopping:
                    return
                _due, _seq, game_id = heapq.heappop(self._heap)
            try:
                self._pool.submit(self._step, game_id)
            except RuntimeError:  # pool shut down
                return

    def _step(self, game_id: str) -> None:
        with self._cond:
            self._pending.discard(game_id)
            if self._stopping:
                return
        try:
            self.service.bot_move(game_id)
        except Exception:
            log.exception("bot failed in game %s", game_id)
            return
        # a refused or conflicting bot move leaves the bot to move: try again
        self.poke(game_id)
