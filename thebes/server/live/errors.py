"""What the API refuses: :class:`ApiError`, raised anywhere below the routes and answered by
the app's handler (thebes/server/api/errors.py) as ``{"error": ...}`` with its status."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error the API reports as ``{"error": message[, "legal": [...]]}`` with ``status``
    (and ``headers``, e.g. ``{"Retry-After": "30"}`` on a 429)."""

    def __init__(self, status: int, message: str, legal: list[str] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.legal = legal
        self.headers = headers

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.message}
        if self.legal is not None:
            out["legal"] = self.legal
        return out
