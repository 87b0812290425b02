"""What the API refuses: :class:`ApiError`, raised anywhere below the routes and answered by
the app's handler (thebes/server/api/errors.py) as ``{"error": ..., "code": ..., "params":
{...}}`` with its status.

``error`` is the English sentence (for people reading the API, and the client's fallback);
``code`` is a stable name of the refusal and ``params`` its variable parts, from which a
client says it in its own language (the browser client: ``refusal.<code>`` in
thebes/web/i18n_*.js). A raise site may name its code (``ApiError(409, "...", code="x",
params={...})``); otherwise :func:`refusal` finds it from the sentence with :data:`CODES`,
and a sentence no pattern knows gets the code ``other`` (no params: the client shows the
English sentence).
"""

from __future__ import annotations

import re
from typing import Any

#: (code, pattern of the whole English sentence): the named groups are the params.
#: Codes are stable names: a client translates them, so renaming one is an API change.
CODES: list[tuple[str, str]] = [
    ("game_over", r"the game is over"),
    ("game_not_over", r"the game is not over yet"),
    ("game_over_players", r"the game is over: its seats can no longer change players"),
    ("no_game", r"no game '(?P<game>[^']*)'"),
    ("no_seat_in_game", r"no seat (?P<seat>\d+) in a (?P<players>\d+)-player game"),
    ("no_seat", r"no seat (?P<seat>\d+)"),
    ("seat_bot", r"seat (?P<seat>\d+) is a bot seat"),
    ("seat_taken", r"seat (?P<seat>\d+) is taken"),
    ("no_free_seat", r"no free seat in this game"),
    ("bad_token", r"this token opens no seat of this game"),
    ("seat_joined", r"this seat was taken by someone who joined the game"),
    ("stored_first", r"another move was stored first; reload the game"),
    ("stale_version", r"stale version (?P<version>-?\d+): the game is at version (?P<now>\d+)"),
    ("not_your_turn", r"it is not seat (?P<seat>\d+)'s turn"),
    ("move_not_text", r"a move is a notation string"),
    ("move_unreadable", r"(?P<move>'.*'|\".*\") could not be read as a move"),
    ("move_not_legal", r"(?P<move>'[^']*'|\"[^\"]*\") is not legal here"),
    ("move_not_canonical", r"(?P<move>'[^']*'|\"[^\"]*\") is not spelled canonically \(write (?P<canonical>'[^']*'|\"[^\"]*\")\)"),
    ("move_not_event", r"(?P<move>'[^']*'|\"[^\"]*\") is not an event of (?P<game>[^:]+)(?::.*)?"),
    ("move_after_end", r"(?P<move>'[^']*'|\"[^\"]*\"): the game is over, no event is legal"),
    ("record_secret", r"the record of an unfinished game with hidden information is secret"),
    ("replay_hidden", r"an unfinished game with hidden information is replayed only for a seat, "
                      r"with its token"),
    ("spectator_hidden", r"spectators see a game with hidden information only when it is over"),
    ("spectator_move", r"spectators cannot move"),
    ("move_needs_token", r"a move needs a seat's token"),
    ("hint_needs_token", r"a hint needs a seat's token"),
    ("hint_not_to_move", r"a hint is for the seat to move"),
    ("rename_needs_token", r"naming a seat needs its token"),
    ("needs_token", r"this needs a seat's token"),
    ("no_table", r"this game has no table settings"),
    ("not_person_seat", r"seat (?P<seat>\d+) is not a person's seat"),
    ("vote_self", r"a seat cannot vote itself away \(say you are back instead\)"),
    ("vote_clock", r"this game has a clock: a seat whose time runs out is played by its "
                   r"stand-in without a vote"),
    ("vote_too_soon", r"seat (?P<seat>\d+) has been disconnected for (?P<away>\d+) s; "
                      r"a vote needs (?P<need>\d+) s"),
    ("rematch_bot", r"a bot's seat does not play again by itself"),
    ("rematch_other", r"this seat of the rematch was given to another token"),
    ("clock_busy", r"the table's clock changed too often meanwhile; try again"),
    ("name_not_text", r"a player name is a text"),
    ("name_empty", r"a player name cannot be empty"),
    ("name_too_long", r"a player name has at most (?P<max>\d+) characters, not (?P<length>\d+)"),
    ("name_bot", r"a player name cannot start with 'bot:' \(the bots' names\)"),
    ("name_taken", r"the name '(?P<name>.*)' is already taken: choose another one"),
    ("bad_player_key", r"this player key opens no player"),
    ("bot_no_player", r"a bot's seat has no player"),
    ("no_such_player", r"no such player"),
    ("no_player_named", r"no player named '(?P<name>.*)'"),
    ("no_client", r"the browser client is not installed"),
    ("review_unfinished", r"only a finished game is reviewed .*"),
    ("review_none", r"no review of this game is waiting or being computed"),
    ("review_not_yours", r"only the client that asked for this review can cancel it"),
    ("review_per_client", r"you already have (?P<mine>\d+) reviews waiting or being computed "
                          r"\(at most (?P<max>\d+)\); ask again in (?P<wait>\d+) s.*"),
    ("review_queue_full", r"the review queue is full \((?P<active>\d+) waiting or being computed\); "
                          r"ask again in (?P<wait>\d+) s"),
    ("review_bad_record", r"this record cannot be reviewed: (?P<reason>.*)"),
    ("review_too_costly", r"this review would cost .*"),
    ("stopping", r"the server is stopping; ask again in a moment"),
    ("bot_seats_limit", r"your unfinished games already have (?P<held>\d+) bot seats and this one "
                        r"asks for (?P<asked>\d+); this server runs at most (?P<max>\d+) bot seats.*"),
    ("seed_many_people", r"a chosen seed lets its chooser compute every hidden tile .*"),
    ("seats_count", r"(?P<players>\d+) players need \d+ seats, not (?P<seats>\d+)"),
    ("unknown_bot", r"seat (?P<seat>\d+): unknown bot '(?P<bot>[^']*)' .*"),
    ("unknown_standin", r"unknown stand-in bot '(?P<bot>[^']*)' .*"),
    ("seat_kind", r"seat (?P<seat>\d+): kind must be 'human' or 'bot'.*"),
    ("game_unavailable", r"game '(?P<game>[^']*)' is not available in this version"),
    ("unknown_game", r"unknown game '(?P<game>[^']*)'.*"),
    ("finished_record", r"this record is of a finished game: there is nothing to continue .*"),
    ("game_changed", r"the game changed while it was loaded; try again"),
    ("link_race", r"this seat was linked at the same moment by another request; try again"),
    ("stored_broken", r"game \S+: (?:the )?stored .*"),
    ("no_static", r"no static file (?P<path>.*)"),
    ("too_many", r"(?:too many|rate limit).*"),
    ("bad_request", r"bad request: .*"),
    ("internal", r"internal error: .*"),
]
_COMPILED = [(code, re.compile(pattern, re.DOTALL)) for code, pattern in CODES]


def refusal(message: str) -> tuple[str, dict[str, str]]:
    """The code and params of an English refusal sentence (``("other", {})`` if none fits)."""
    for code, pattern in _COMPILED:
        found = pattern.fullmatch(message)
        if found:
            return code, {k: v.strip("'\"") for k, v in found.groupdict().items() if v is not None}
    return "other", {}


def refusal_body(message: str, code: str | None = None, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """``{"error": message, "code": ..., "params": {...}}`` for a refusal sentence."""
    if code is None:
        code, found = refusal(message)
        params = found if params is None else params
    return {"error": message, "code": code, "params": dict(params or {})}


class ApiError(Exception):
    """An error the API reports as ``{"error": message, "code": ..., "params": {...}[,
    "legal": [...]]}`` with ``status`` (and ``headers``, e.g. ``{"Retry-After": "30"}`` on a
    429). ``code`` and ``params`` default to what :func:`refusal` finds in ``message``."""

    def __init__(self, status: int, message: str, legal: list[str] | None = None,
                 headers: dict[str, str] | None = None, code: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.legal = legal
        self.headers = headers
        self.code = code
        self.params = params

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = refusal_body(self.message, self.code, self.params)
        if self.legal is not None:
            out["legal"] = self.legal
        return out
