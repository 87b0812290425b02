"""How the app answers an error: every one as ``{"error": sentence, "code": name, "params":
{...}}`` JSON (``legal`` too for a refused move), with its status (docs/web-api.md): the
English sentence, and a stable code with its variable parts that a client translates
(thebes/server/live/errors.py, ``CODES``); :data:`ERRORS` documents them in the OpenAPI
schema of the routes."""

from __future__ import annotations

import logging
from typing import Any, Optional

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..live.errors import ApiError, refusal_body

log = logging.getLogger("thebes.server")


class ErrorOut(BaseModel):
    error: str
    code: Optional[str] = None
    params: Optional[dict[str, Any]] = None
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
        return JSONResponse(refusal_body("bad request: " + "; ".join(problems), "bad_request",
                                         {"problems": "; ".join(problems)}), status_code=400)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, err: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=err)
        return JSONResponse(refusal_body("internal error: the server could not answer this request",
                                         "internal", {}), status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(refusal_body(str(err.detail)), status_code=err.status_code,
                            headers=getattr(err, "headers", None))
