"""The routes of game reviews: ``GET`` and ``POST /api/games/<id>/review`` (docs/web-api.md,
Reviews). The reviews are computed by thebes/server/live/reviewer.py (one :class:`Reviewer`
per app, made on first use)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from thebes.core import Record

from ..live.errors import ApiError
from ..live.reviewer import Reviewer
from ..live.scheduler import requester
from ..storage.schema import IMPORTED

router = APIRouter()


def _reviewer(request: Request) -> Reviewer:
    state = request.app.state
    found = getattr(state, "reviewer", None)
    if found is None:
        found = state.reviewer = Reviewer(state.storage, getattr(state, "settings", None))
    return found


def _reviewable(request: Request, game_id: str) -> Record:
    """The record of a finished game or an uploaded record; 404 / 409 otherwise."""
    storage = request.app.state.storage
    if not isinstance(game_id, str) or not game_id or len(game_id) > 32:
        raise ApiError(404, f"no game {game_id!r}")
    data = storage.load_game(game_id)
    if data is None:
        raise ApiError(404, f"no game {game_id!r}")
    if data.status != IMPORTED and data.result is None:
        raise ApiError(409, "only a finished game is reviewed (a review would tell its "
                            "players what the others hold)")
    names = [s.name for s in data.seats]
    extra = {"names": names} if any(names) else {}
    return Record(data.game, data.players, dict(data.options), [t for t, _ in data.events],
                  data.result, extra)


@router.get("/api/games/{game_id}/review", tags=["replay"])
def get_review(request: Request, game_id: str) -> dict[str, Any]:
    """The review's state: ``{"status": "none" | "queued" | "running" | "done" | "failed",
    "done", "total"[, "ahead", "wait", "cost", "yours"][, "review"][, "error"]}``
    (``ahead``/``wait``/``cost``/``yours`` while queued or running: the other reviews sharing
    the workers with it, the seconds until it should be done, its search iterations, and
    whether the asking client queued it; the review: docs/review.md)."""
    _reviewable(request, game_id)
    return _reviewer(request).state(game_id, requester(request.scope))


@router.post("/api/games/{game_id}/review", status_code=202, tags=["replay"])
def post_review(request: Request, game_id: str) -> dict[str, Any]:
    """Compute the review of a finished game or an uploaded record (once; later calls
    answer its state). 409 for an unfinished game, 400 for a review costing more than the
    server's ``review_cost`` (the sum in the sentence), 429 when too many are waiting."""
    record = _reviewable(request, game_id)
    return _reviewer(request).start(game_id, record, requester(request.scope))


@router.delete("/api/games/{game_id}/review", tags=["replay"])
def cancel_review(request: Request, game_id: str) -> dict[str, Any]:
    """Cancel the review you asked for while it waits or is computed (its place in the queue
    goes to the others): 404 when none is, 403 for a review another client asked for."""
    if not isinstance(game_id, str) or not game_id or len(game_id) > 32:
        raise ApiError(404, f"no game {game_id!r}")
    return _reviewer(request).cancel(game_id, requester(request.scope))
