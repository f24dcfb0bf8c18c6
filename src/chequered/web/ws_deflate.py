"""uvicorn's WebSocket protocol with cheaper compression.

A FormulaGP board is about 110 KB of SVG. uvicorn deflates every message at
zlib's default level 6, about 3 ms for that board on this machine, against
0.6 ms at level 1, for messages a few percent larger. When a hundred races
start at once the event loop spends a fifth of its time deflating, and the
slowest acks wait behind it (docs/web.md). uvicorn has no setting for the
level, so this subclass rebuilds its connection object with one; everything
else (window bits, memory level, message limit) is uvicorn's own choice.
"""
from __future__ import annotations

import logging

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

DEFLATE_LEVEL = 1


def deflate_factory() -> ServerPerMessageDeflateFactory:
    # uvicorn 0.54's window and memory settings, with the level added.
    return ServerPerMessageDeflateFactory(
        server_max_window_bits=12, client_max_window_bits=12,
        compress_settings={"memLevel": 5, "level": DEFLATE_LEVEL})


class FastDeflateProtocol(WebSocketsSansIOProtocol):
    def __init__(self, config, server_state, app_state, _loop=None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        # Nothing has been negotiated yet: the handshake comes later, in
        # data_received, so the connection can still be replaced.
        self.conn = ServerProtocol(
            extensions=[deflate_factory()] if config.ws_per_message_deflate else [],
            max_size=config.ws_max_size,
            logger=logging.getLogger("uvicorn.error"))
