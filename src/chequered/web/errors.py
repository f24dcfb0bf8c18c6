"""Errors the web app reports to clients as JSON {"error": message}."""
from __future__ import annotations


class WebError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


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
