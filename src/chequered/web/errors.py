"""Errors the web app reports to clients as JSON {"error": message}."""
from __future__ import annotations


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
