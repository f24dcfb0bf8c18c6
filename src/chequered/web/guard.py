"""What a hostile client cannot do to the server: send bodies over the size
limit (declared or streamed in chunks), JSON nested deep enough to exhaust
the parser's recursion, or requests faster than a person would.

`BodyGuard` reads each HTTP request body whole (it is at most MAX_BODY
bytes) and checks its size and nesting before any route sees it;
`too_deep` is the same cheap bracket scan for WebSocket frames.
`RateLimiter` is a token bucket per (what, client host) in memory.
"""
from __future__ import annotations

import re
import threading
import time
from itertools import accumulate

from starlette.responses import JSONResponse

MAX_DEPTH = 32                   # arrays/objects inside one another in one JSON message

# A JSON string, escapes included; one left open runs to the end of the text
# (so the scan stays linear whatever the quotes and backslashes).
_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")


def too_deep(data: bytes | str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests arrays and objects more than `limit` deep.
    Brackets inside strings do not count; the text need not be valid JSON
    (the parser judges that afterwards), and the scan never recurses."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if data.count(b"[") + data.count(b"{") <= limit:
        return False                                   # the common case: no scan at all
    brackets = _STRING.sub(b"", data).translate(_STEP, _NOT_BRACKET)
    return max(accumulate(b - 1 for b in brackets), default=0) > limit


def deep_message(limit: int = MAX_DEPTH) -> str:
    return f"the JSON nests more than {limit} levels deep"


class BodyGuard:
    """ASGI middleware: an HTTP body over `limit` bytes answers 413 (whether
    its Content-Length says so or it streams in chunks without one), JSON
    nested over `depth` levels answers 400; the route then gets the body
    already read, in one piece."""

    def __init__(self, app, limit: int, depth: int = MAX_DEPTH):
        self.app = app
        self.limit = limit
        self.depth = depth

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await _refuse(send, 413, f"request body over {self.limit} bytes")
        chunks, seen = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":       # the client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                return await _refuse(send, 413, f"request body over {self.limit} bytes")
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if too_deep(body, self.depth):
            return await _refuse(send, 400, deep_message(self.depth))
        given = False

        async def replay():
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()                        # waits for the disconnect
        await self.app(scope, replay, send)


async def _refuse(send, status: int, message: str) -> None:
    body = JSONResponse({"error": message}).body
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class RateLimiter:
    """Token buckets per (what, client host): each `what` has a capacity of
    `per_minute` requests, refilled evenly over a minute. `take` returns 0.0
    if a token was taken, else the seconds until one is back."""

    MAX_CLIENTS = 10_000         # buckets kept before the full ones are forgotten

    def __init__(self, per_minute: dict[str, float]):
        self.per_minute = dict(per_minute)
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, what: str, client: str) -> float:
        rate = self.per_minute.get(what)
        if rate is None:
            return 0.0
        if rate <= 0:
            return 60.0
        now = time.monotonic()
        per_second = rate / 60.0
        with self.lock:
            tokens, last = self.buckets.get((what, client), (rate, now))
            tokens = min(rate, tokens + (now - last) * per_second)
            if tokens < 1.0:
                self.buckets[(what, client)] = (tokens, now)
                return (1.0 - tokens) / per_second
            self.buckets[(what, client)] = (tokens - 1.0, now)
            if len(self.buckets) > self.MAX_CLIENTS:
                self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        """A bucket that has refilled is the same as no bucket: drop those."""
        for key, (tokens, last) in list(self.buckets.items()):
            rate = self.per_minute.get(key[0], 1.0)
            if tokens + (now - last) * rate / 60.0 >= rate:
                del self.buckets[key]
