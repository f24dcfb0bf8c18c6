"""Errors the web app reports to clients as JSON {"error": message}, and
how the OpenAPI schema documents them."""
from __future__ import annotations

from pydantic import BaseModel


class WebError(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def not_found(what: str) -> WebError:
    return WebError(404, f"no such {what}")


def forbidden(message: str) -> WebError:
    return WebError(403, message)


def bad(message: str) -> WebError:
    return WebError(400, message)


def illegal(message: str) -> WebError:
    return WebError(422, message)


def conflict(message: str) -> WebError:
    return WebError(409, message)


def too_large(message: str) -> WebError:
    return WebError(413, message)


def too_many(message: str, retry_after: float) -> WebError:
    return WebError(429, message, {"Retry-After": str(max(1, int(retry_after + 0.999)))})


def unavailable(message: str = "the database is busy or cannot be written just now; "
                               "nothing was changed, try again in a moment") -> WebError:
    return WebError(503, message, {"Retry-After": "5"})


class ErrorDoc(BaseModel):
    error: str


def _error(description: str, retry: bool = False) -> dict:
    doc: dict = {"model": ErrorDoc, "description": description}
    if retry:
        doc["headers"] = {"Retry-After": {"description": "seconds to wait",
                                          "schema": {"type": "string"}}}
    return doc


# Every error answer is {"error": text}; FastAPI's own 422 document is not used
# (a malformed request is a 400 here, 422 is an illegal move).
ERRORS = {
    400: _error("malformed request (wrong field, type, value or JSON nesting)"),
    403: _error("unknown seat or host link"),
    404: _error("no such thing"),
    409: _error("the race moved on, is not over yet, or cannot do this now"),
    413: _error("request body too large, or a record too long to replay here"),
    422: _error("an action the rules do not allow now"),
    429: _error("too many requests from this client: wait Retry-After seconds", retry=True),
    503: _error("the database is busy or cannot be written: try again", retry=True),
}
