"""How the app answers an error: every one as ``{"error": sentence}`` JSON (``legal`` too for a
refused move), with its status (docs/web-api.md); :data:`ERRORS` documents them in the
OpenAPI schema of the routes."""

from __future__ import annotations

import logging
from typing import Any, Optional

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..live.errors import ApiError

log = logging.getLogger("thebes.server")


class ErrorOut(BaseModel):
    error: str
    legal: Optional[list[str]] = None


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "bad input (unparsable body, illegal move: with legal)"},
    403: {"model": ErrorOut, "description": "wrong token, or hidden information"},
    404: {"model": ErrorOut, "description": "unknown game or seat"},
    409: {"model": ErrorOut, "description": "stale version, not your turn, game over, seat taken"},
}


def add_error_handlers(app: FastAPI) -> None:
    """Answer :class:`ApiError`, bad requests, HTTP errors and failures as JSON."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, err: ApiError) -> JSONResponse:
        return JSONResponse(err.body(), status_code=err.status, headers=err.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        problems = []
        for e in err.errors():
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            problems.append(f"{where}: {e.get('msg')}" if where else str(e.get("msg")))
        return JSONResponse({"error": "bad request: " + "; ".join(problems)}, status_code=400)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, err: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=err)
        return JSONResponse({"error": "internal error: the server could not answer this request"},
                            status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(err.detail)}, status_code=err.status_code,
                            headers=getattr(err, "headers", None))
