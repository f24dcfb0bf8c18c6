"""The served app deflates WebSocket messages at zlib level 1 (web/ws_deflate.py):
checked on the wire, against a real uvicorn server started with the same
options as `chequered serve`."""
from __future__ import annotations

import json
import zlib

import httpx2
from websockets.extensions.permessage_deflate import (ClientPerMessageDeflateFactory,
                                                      PerMessageDeflate)
from websockets.sync.client import connect

from chequered.web.ws_deflate import DEFLATE_LEVEL

from .helpers import create


class Recorder:
    def __init__(self):
        self.compressed: list[int] = []   # bytes on the wire, per compressed message
        self.plain: list[bytes] = []


def recording_factory(rec: Recorder) -> ClientPerMessageDeflateFactory:
    class Recording(PerMessageDeflate):
        def decode(self, frame, *, max_size=None):
            # Messages arrive as single frames; the first is the one measured.
            if frame.rsv1:
                rec.compressed.append(len(frame.data))
            out = super().decode(frame, max_size=max_size)
            rec.plain.append(bytes(out.data))
            return out

    class Factory(ClientPerMessageDeflateFactory):
        def process_response_params(self, params, accepted):
            ext = super().process_response_params(params, accepted)
            return Recording(ext.remote_no_context_takeover, ext.local_no_context_takeover,
                             ext.remote_max_window_bits, ext.local_max_window_bits)

    return Factory()


def deflated_size(data: bytes, level: int) -> int:
    # What permessage-deflate sends for a first message: raw deflate with the
    # server's 12-bit window and memory level 5, sync-flushed, minus the
    # 4-byte empty block (RFC 7692 7.2.1).
    enc = zlib.compressobj(level, zlib.DEFLATED, -12, 5)
    return len(enc.compress(data) + enc.flush(zlib.Z_SYNC_FLUSH)) - 4


def test_served_messages_are_deflated_at_level_1(live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="formulagp", seats=["human", "heuristic"], seed=3)
    token = made["seats"][0]["token"]
    rec = Recorder()
    url = live_server.replace("http", "ws", 1) + f"/ws/play/{token}"
    with connect(url, compression=None, extensions=[recording_factory(rec)]) as ws:
        first = json.loads(ws.recv(timeout=30))
    assert first["type"] == "board" and "<svg" in json.dumps(first)   # the static board, sent once
    data = rec.plain[0]
    assert len(data) > 50_000                      # the board: big enough to tell levels apart
    level1, level6 = deflated_size(data, DEFLATE_LEVEL), deflated_size(data, 6)
    assert level1 != level6
    assert rec.compressed[0] == level1
