"""The browser client's pages and files: the shell ``index.html`` for the lobby and a game's page,
and :class:`WebFiles`, which serves thebes/web/ and each game's web folder (mounted at the end of
``create_app``, thebes/server/app.py). The other pages are routed with their resource
(``/replay``, ``/upload``: replay.py; ``/leaderboard``, ``/player``: players.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

#: the browser client (thebes/web/)
WEB_DIR = Path(__file__).resolve().parents[2] / "web"

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>thebes</title></head>
<body><h1>thebes</h1>
<p>The browser client (thebes/web/index.html) is not installed. The API is at
<a href="/docs">/docs</a>.</p></body></html>
"""


class WebFiles(StaticFiles):
    """thebes/web/ with ``Cache-Control: no-cache``: a browser revalidates (ETag) after an upgrade."""

    async def get_response(self, path: str, scope: Any) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "no-cache"
        return response


def web_index() -> Response | None:
    """The client's ``index.html`` (every page of the client is this shell), or ``None`` when
    the browser client is not installed."""
    page = WEB_DIR / "index.html"
    if page.is_file():
        return FileResponse(page, media_type="text/html", headers={"Cache-Control": "no-cache"})
    return None


def index() -> Response:
    page = web_index()
    return page if page is not None else HTMLResponse(PLACEHOLDER)


router = APIRouter()


@router.get("/", include_in_schema=False)
def lobby_page() -> Response:
    return index()


@router.get("/play/{game_id}", include_in_schema=False)
def play_page(game_id: str) -> Response:
    return index()
