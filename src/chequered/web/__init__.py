"""The browser app: lobby, live races over WebSocket, replays and seasons.

Everything here talks to games only through the Game protocol
(chequered.engine.protocol), so a game registered later appears with no
change to this package.
"""
