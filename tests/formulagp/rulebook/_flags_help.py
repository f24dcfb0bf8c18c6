"""Helpers for the race-control scenario tests (FGP 13.8-13.13): positions
(formulagp-position/1) and a few ways to play them on through the protocol."""
from __future__ import annotations

import tomllib

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.bots import HeuristicBot
from chequered.games.formulagp.position import parse_space, position, space_name
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.track import track


GAME = chequered.game("formulagp")


CONTENT = C.content_of(new_race("fast", 1))


FAST = track("fast")


def pos(text: str, **over):
    """A position from TOML text; keyword arguments override race keys."""
    doc = tomllib.loads(text)
    doc.update(over)
    return position(doc)


def face(die: str, *, colour=None, value=None, result=None) -> int:
    """The roll (1..6) that shows the wanted face of `die` (content/dice.toml)."""
    for i, f in enumerate(getattr(CONTENT.dice, die), 1):
        if die == "white":
            if (colour is None or f.colour == colour) and (value is None or f.value == value) \
                    and (value is not None or not f.icon):
                return i
        elif f == result:
            return i
    raise AssertionError(f"no {die} face {colour or value or result}")


def card_ids(kind=None, colour=None, n=1):
    return [c.id for c in CONTENT.action.cards if (kind is None or c.kind == kind)
            and (colour is None or c.colour == colour)][:n]


def event_id(name: str) -> str:
    return next(c.id for c in CONTENT.event.cards if c.name == name)


def risk_id(name: str) -> str:
    return next(c.id for c in CONTENT.risk.cards if c.name == name)


def kinds(events):
    return [e.kind for e in events]


def tile(st, seat: int) -> int:
    return track(st.track).spaces[st.cars[seat].space].tile


def at(st, seat: int) -> str:
    return space_name(track(st.track), st.cars[seat].space)


def sid(name: str, trk="fast") -> int:
    return parse_space(trk, name)


def zones(st) -> list[tuple[int, int, int]]:
    return [(z["yellow_tile"], z["green_tile"], z["ends_at"]) for z in st.yellow_flags]


def forward(st, seat: int):
    """The legal Step that keeps the car's lane, or None (the car then
    stands at the decision: a lane change, a stop behind, ...)."""
    trk = track(st.track)
    steps = [a for a in GAME.fine_actions(st, seat) if isinstance(a, A.Step)]
    here = st.cars[seat].space
    keep = [a for a in steps if not next(m for m in trk.moves(here) if m.to == a.to).lane_change]
    return keep[0] if keep else None


def drive(st, seat: int, cards, orange_as=(), *, prep=(), characteristic=False):
    """The car's turn from its preparations: `prep` actions, then the play of
    `cards`, then straight on for every point; the rest of the turn is left
    to `finish`. Returns the events."""
    ev = []
    for a in prep:
        ev += GAME.apply(st, seat, a)
    ev += GAME.apply(st, seat, A.Done())
    ev += GAME.apply(st, seat, A.Play(tuple(cards), tuple(orange_as), characteristic))
    while st.turn.pending and st.turn.pending.step == "move" \
            and st.turn.pending.seats == [seat]:
        step = forward(st, seat)
        if step is None:
            break
        ev += GAME.apply(st, seat, step)
    return ev


def finish(st, seat: int, *, limit=50):
    """Play on the rest of `seat`'s turn with the plainest answers: no
    extension, no counter-steer, no battle, Done."""
    ev = []
    turn = st.move
    for _ in range(limit):
        p = st.turn.pending
        if p is None or seat not in p.seats or st.move is not turn:
            return ev
        legal = GAME.fine_actions(st, seat)
        pick = next((a for a in legal if isinstance(a, A.Done)), None) \
            or next((a for a in legal if isinstance(a, A.CounterSteer) and a.card is None), None) \
            or next((a for a in legal if isinstance(a, A.Attack) and a.defender is None), None) \
            or next((a for a in legal if isinstance(a, A.Stop)), None) \
            or legal[0]
        ev += GAME.apply(st, seat, pick)
    raise AssertionError("the turn did not end")


def play_on(st, until, *, limit=3000, seed=7):
    """Heuristic drivers take every decision until `until(st)` holds; the
    events of the way."""
    bots = {s: HeuristicBot(seed + s) for s in range(len(st.cars))}
    ev = []
    for _ in range(limit):
        if until(st):
            return ev
        seats = GAME.to_act(st)
        if not seats:
            return ev
        s = min(seats)
        ev += GAME.apply(st, s, bots[s].choose(GAME, st, s))
    raise AssertionError("the condition never came")


__all__ = ["A", "CONTENT", "FAST", "GAME", "at", "card_ids", "drive", "event_id", "face",
           "finish", "forward", "kinds", "play_on", "pos", "risk_id", "sid", "tile", "zones"]


# Two cars of the same race; the first to move spins at the end of its GREEN
# move (worn tyres: the RED die; loss of control; WHITE red = one lane left;
# then the WHITE die that places the green flag).


SPIN = """
round = 5
rolls = ["red:loss_of_control", "white:2", "white:3"]
[[car]]
name = "vireo"
at = "13.2.1"
wear = 17
hand = ["G05"]
[[car]]
name = "halcyon"
at = "2.2.1"
hand = ["G06"]
"""


def spin_position(**over):
    st = pos(SPIN, **over)
    ev = drive(st, 0, ["G05"])
    return st, ev + finish(st, 0)
