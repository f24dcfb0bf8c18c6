"""WebSockets: /ws/play/{token} for a seat, /ws/watch/{race} for spectators.

The server pushes {"type": "state", ...} after every change (only that
seat's view). A seat sends {"type": "join"} when its person opens the page
(answered {"type": "joined"}), {"type": "act", "action": {...}, "version": n}
(n, required, is the version of the state the action was chosen on),
{"type": "undo"}, {"type": "fine", "on": true|false} (moves space by space
instead of whole routes; answered with a fresh state; `?fine=1` on the URL
sets it from the start), {"type": "text", "on": true|false} (whether states
carry the race as text, `text`, else null; `?text=0` on the URL starts
without: the page asks for it while its text panel is open), or
{"type": "ping"}; it gets {"type": "ack"} or
{"type": "error", "error": message} back, after the action is stored.
A malformed message (not JSON, nested too deep, a bad version) is answered
with an error message; the socket stays open.
"""
from __future__ import annotations

import asyncio
import json
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .errors import WebError
from .guard import deep_message, too_deep
from .hub import valid_version

router = APIRouter()
log = logging.getLogger("chequered.web")


@router.websocket("/ws/play/{token}")
async def play_socket(ws: WebSocket, token: str, fine: bool = False, text: bool = True):
    hub = ws.app.state.hub
    await ws.accept()
    try:
        race, seat = await hub.seat_of(token)
    except WebError as exc:
        await ws.send_json({"type": "error", "error": exc.message})
        await ws.close(code=4403)
        return
    await serve(ws, hub, race, seat, fine, text)


@router.websocket("/ws/watch/{race_id}")
async def watch_socket(ws: WebSocket, race_id: str, text: bool = True):
    hub = ws.app.state.hub
    await ws.accept()
    try:
        race = await hub.get(race_id)
    except WebError as exc:
        await ws.send_json({"type": "error", "error": exc.message})
        await ws.close(code=4404)
        return
    await serve(ws, hub, race, None, text=text)


async def serve(ws: WebSocket, hub, race, seat, fine: bool = False, text: bool = True) -> None:
    from .app import MAX_MESSAGE
    sub = hub.subscribe(race, seat, fine, text)
    writer = asyncio.create_task(_write(ws, sub))
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                sub.push({"type": "error", "error": "send JSON as text frames"})
                continue
            if len(text) > MAX_MESSAGE:
                await ws.close(code=1009, reason="message too big")
                return
            reply = await handle(hub, race, seat, text, sub)
            if reply is not None:
                sub.push(reply)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.unsubscribe(sub)
        writer.cancel()


async def _write(ws: WebSocket, sub) -> None:
    try:
        while True:
            text = await sub.queue.get()
            if text is None:              # the client fell too far behind
                await ws.close(code=1013, reason="too slow; reconnect")
                return
            await ws.send_text(text)
    except Exception:                      # the socket went away: the reader ends too
        pass


async def handle(hub, race, seat, text: str, sub=None) -> dict | None:
    if too_deep(text):
        return {"type": "error", "error": deep_message()}
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return {"type": "error", "error": "messages must be JSON objects"}
    if not isinstance(msg, dict):
        return {"type": "error", "error": "messages must be JSON objects"}
    kind, ref = msg.get("type"), msg.get("ref")
    if kind == "ping":
        return {"type": "pong", "ref": ref}
    if kind == "text":
        on = msg.get("on")
        if not isinstance(on, bool):
            return {"type": "error", "ref": ref, "error": "text needs \"on\": true or false"}
        if sub is not None:
            hub.set_text(race, sub, on)
        return None
    if seat is None:
        return {"type": "error", "ref": ref, "error": "spectators cannot act"}
    try:
        if kind == "act":
            version, action = msg.get("version"), msg.get("action")
            if not valid_version(version):
                return {"type": "error", "ref": ref, "error": "version must be an integer of "
                        "at least 0 (the version of the state the action was chosen on)"}
            if not isinstance(action, dict):
                return {"type": "error", "ref": ref, "error": "action must be a JSON object"}
            done = await hub.act(race, seat, action, version)
        elif kind == "join":
            await hub.joined(race, seat)
            return {"type": "joined", "ref": ref}
        elif kind == "undo":
            done = await hub.undo(race, seat)
        elif kind == "fine":
            on = msg.get("on")
            if not isinstance(on, bool):
                return {"type": "error", "ref": ref, "error": "fine needs \"on\": true or false"}
            if sub is not None:
                hub.set_fine(race, sub, on)
            return None
        else:
            named = f" {kind}" if isinstance(kind, str) and kind.isidentifier() \
                and len(kind) <= 40 else ""
            return {"type": "error", "ref": ref, "error": f"unknown message type{named}; "
                    "send join, act, undo, fine, text or ping"}
    except WebError as exc:
        return {"type": "error", "ref": ref, "error": exc.message}
    except Exception:                  # a bug: log it, keep the socket, never a trace
        log.exception("unexpected error handling %r", kind)
        return {"type": "error", "ref": ref,
                "error": "internal error (the server log has the details)"}
    return {"type": "ack", "ref": ref, "version": done}
