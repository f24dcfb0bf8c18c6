"""Helpers of the BOT movement scenario tests: a hand-written position with BOT
cars, then the BOT's turn played through the protocol, each BOT seat by its
agent (bot/agent.py), every other decision by its last legal action."""
from __future__ import annotations

from chequered.games.formulagp.bot.agent import BotAgent
from chequered.games.formulagp.bot.content import load_bot_content

from .common import GAME, at, position

BC = load_bot_content()
HEAD = 'format = "formulagp-position/1"\n'


def pos(text: str):
    return position(HEAD + text)


def bot_turn(st, seat: int) -> list:
    """Play on until `seat`'s turn is over; the events of it."""
    ev: list = []
    agents: dict = {}
    while not GAME.is_over(st) and not any(e.kind == "turn_end" and e.data["seat"] == seat
                                           for e in ev):
        s = min(GAME.to_act(st))
        legal = GAME.fine_actions(st, s)
        if st.cars[s].controller in ("pro", "rookie"):
            agents.setdefault(s, BotAgent(st.cars[s].controller, s, 1))
            pick = agents[s].choose(GAME, st, s)
        else:
            pick = legal[-1]
        ev += GAME.apply(st, s, pick)
    return ev


def path(st, ev, seat: int) -> list[str]:
    """The spaces the car stepped onto, by name."""
    from chequered.games.formulagp.position import space_name
    return [space_name(st.track, e.data["to"]) for e in ev
            if e.kind == "step" and e.data["seat"] == seat]


def bot_move(ev, seat: int) -> dict:
    return next(e.data for e in ev if e.kind == "bot_move" and e.data["seat"] == seat)


__all__ = ["BC", "GAME", "at", "bot_move", "bot_turn", "path", "pos"]
