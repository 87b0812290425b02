"""Game records: load, save and replay (shared/spec/RECORDS.md).

A record is one JSON object ``{"game", "players", "options", "events"[,
"result"]}``; other keys are kept in :attr:`Record.extra` and ignored by
replay. Seats in ``result.ranking`` are 1-based, as in every text a person
reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Iterable, TextIO

from .errors import InvalidEventError, OptionsError, RecordError, ReplayError
from .game import get_game
from .recordio import check_value, parse_json, read_text, write_text
from .state import State, TERMINAL

_CORE_KEYS = ("game", "players", "options", "events", "result")


@dataclass
class Record:
    """One game's complete omniscient history.

    Attributes:
        game: game name (``"ra"``).
        players: number of seats.
        options: variant options as given (``{}`` for the standard game).
        events: every event from the first setup outcome on, as notation text.
        result: ``{"scores": [...], "ranking": [1-based seats]}`` for a finished game, else ``None``.
        extra: any other keys (``names``, ``bots``, ``seed``...), kept and written back.
    """

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    # -------------------------------------------------------------- I/O
    @classmethod
    def from_dict(cls, data: Any) -> "Record":
        """Build from a parsed JSON value (shared/spec/RECORDS.md, Format).

        Raises:
            RecordError: not an object, a missing or mistyped key, nesting,
                numbers or text past the caps of :mod:`thebes.core.recordio`.
                (An event that is not a string is an illegal event at its
                index: :meth:`replay` raises :class:`ReplayError`.)
        """
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        check_value(data)
        for key in ("game", "players", "events"):
            if key not in data:
                raise RecordError(f"the record has no {key!r}")
        if not isinstance(data["game"], str):
            raise RecordError("'game' must be a string")
        players = data["players"]
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("'players' must be an integer")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        events = data["events"]
        if not isinstance(events, list):
            raise RecordError("'events' must be a list of strings")
        result = data.get("result")
        if result is not None and not (
                isinstance(result, dict) and isinstance(result.get("scores"), list)
                and isinstance(result.get("ranking"), list)):
            raise RecordError("'result' must be {\"scores\": [...], \"ranking\": [...]}")
        extra = {k: v for k, v in data.items() if k not in _CORE_KEYS}
        return cls(data["game"], players, options, list(events), result, extra)

    @classmethod
    def loads(cls, text: str | bytes, name: str = "the record") -> "Record":
        """Parse a record from JSON text (or UTF-8 bytes).

        Raises :class:`RecordError` for anything that is not a record, as
        :func:`thebes.core.recordio.parse_json` and :meth:`from_dict` say.
        """
        return cls.from_dict(parse_json(text, name))

    @classmethod
    def load(cls, source: str | Path | TextIO | BinaryIO) -> "Record":
        """Read a record from a path (``"-"`` is standard input) or an open file.

        Raises :class:`RecordError` (unreadable, too large, not UTF-8, not a record).
        """
        if hasattr(source, "read"):
            name = str(getattr(source, "name", "the input"))
        elif str(source) == "-":
            name = "standard input"
        else:
            name = str(source)
        return cls.loads(read_text(source, name), name)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "players": self.players,
                                "options": self.options}
        data.update(self.extra)
        data["events"] = self.events
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        """The record as JSON text: one event a line, deterministic byte for byte.

        Raises :class:`RecordError` for a record :meth:`loads` would not read back (the
        checks of :meth:`check`, which are :meth:`from_dict`'s).
        """
        self.check()
        try:
            text = self._text()
        except (TypeError, ValueError, RecursionError) as err:
            raise RecordError(f"not a record: {err}") from None
        return text

    def _text(self) -> str:
        head = {k: v for k, v in self.to_dict().items() if k not in ("events", "result")}
        lines = ["{"]
        for key, value in head.items():
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)},")
        lines.append('  "events": [')
        for i, event in enumerate(self.events):
            comma = "," if i < len(self.events) - 1 else ""
            lines.append(f"    {json.dumps(event, ensure_ascii=False)}{comma}")
        lines.append("  ]" + ("," if self.result is not None else ""))
        if self.result is not None:
            lines.append(f'  "result": {json.dumps(self.result, sort_keys=True)}')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path, *, overwrite: bool = False) -> None:
        """Write the record to ``path`` (``"-"``: standard output) atomically.

        Follows symbolic links and keeps the file's mode; never leaves half a
        record or a temporary file. Raises :class:`RecordError` when ``path``
        exists and ``overwrite`` is false, or the write fails
        (:func:`thebes.core.recordio.write_text`), or the record is one
        :meth:`load` would refuse (a badly built record: nothing is written).
        """
        text = self.dumps()
        Record.loads(text)   # the very reader: never write what it would refuse
        write_text(path, text, overwrite=overwrite)

    # -------------------------------------------------------------- replay
    def check(self) -> None:
        """Check the fields' shapes, as :meth:`from_dict` does for a loaded record.

        For a record built in Python. Raises :class:`RecordError`.
        """
        if not isinstance(self.extra, dict):
            raise RecordError("'extra' must be a dict")
        clash = sorted(str(k) for k in self.extra if k in _CORE_KEYS)
        if clash:
            raise RecordError(f"'extra' holds {', '.join(clash)}, a field of the record itself")
        try:
            data = self.to_dict()
        except (TypeError, ValueError) as err:
            raise RecordError(f"not a record: {err}") from None
        self.from_dict(data)

    def new_state(self) -> State:
        """The game's initial state for this record's players and options.

        Raises :class:`RecordError` (bad field shapes) or :class:`OptionsError`
        (unknown game, bad player count or option).
        """
        self.check()
        return get_game(self.game).new_initial_state(self.players, self.options)

    def replay(self, check_result: bool = True) -> State:
        """Replay every event and return the state after the last one.

        Raises:
            RecordError: a field of the wrong shape (a record built in Python).
            OptionsError: unknown game, bad player count or option.
            ReplayError: the first event that is not legal (its 0-based index,
                text and the legal events there), or (``index=None``) a
                ``result`` that disagrees with the replay.
        """
        state = self.new_state()
        replay_events(state, self.events)
        if check_result and self.result is not None:
            mine = result_of(state)
            if mine != {"scores": list(self.result.get("scores", [])),
                        "ranking": list(self.result.get("ranking", []))}:
                raise ReplayError(
                    f"the record's result {json.dumps(self.result, sort_keys=True)} disagrees "
                    f"with the replay's {json.dumps(mine, sort_keys=True) if mine else 'unfinished game'}",
                    None, None, [], state)
        return state


def replay_events(state: State, events: Iterable[str], start: int = 0) -> State:
    """Apply ``events`` in order to ``state`` (in place), checked.

    Raises :class:`ReplayError` naming the first bad event's index (counted from ``start``);
    :class:`RecordError` when ``state`` is no state or ``events`` is not a list of events.
    """
    if not isinstance(state, State):
        raise RecordError(f"replay_events needs a State, not {type(state).__name__}")
    if isinstance(events, (str, bytes)) or not hasattr(events, "__iter__"):
        raise RecordError(f"events are a list of strings, not {type(events).__name__}")
    for i, event in enumerate(events, start):
        try:
            state.apply(event)
        except InvalidEventError as err:
            raise ReplayError(f"event {i} {event!r}: {err}", i, event, err.legal, state) from None
    return state


def result_of(state: State) -> dict[str, Any] | None:
    """``{"scores", "ranking"}`` (ranking 1-based) of a finished game, else ``None``.

    Raises :class:`RecordError` when ``state`` is no state.
    """
    if not isinstance(state, State):
        raise RecordError(f"result_of needs a State, not {type(state).__name__}")
    if state.current_player() != TERMINAL:
        return None
    return {"scores": list(state.scores() or []),
            "ranking": [s + 1 for s in state.ranking() or []]}


__all__ = ["Record", "replay_events", "result_of", "OptionsError", "RecordError", "ReplayError"]
