"""Small helpers shared by the rulebook scenario tests of chapters 1-7 and 14:
card ids by kind from the content, WHITE/YELLOW/RED faces by name, starting a
game with forced qualifying hands."""
from __future__ import annotations

import chequered
from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.config import FormulaGPConfig
from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules.setup import new_game
from chequered.games.formulagp.rules.steps import MACHINE as machine

GAME = chequered.game("formulagp")
CONTENT = load_content()


def ids(kind=None, colour=None, *, secondary=None, exclude_secondary=None) -> list[str]:
    """ACTION card ids of one deck by kind / colour / secondary function."""
    return [c.id for c in CONTENT.action.cards
            if (kind is None or c.kind == kind) and (colour is None or c.colour == colour)
            and (secondary is None or c.secondary == secondary)
            and (exclude_secondary is None or c.secondary != exclude_secondary)]


def leds(card: str) -> int:
    return next(c.leds for c in CONTENT.action.cards if c.id == card)


def white(colour: str, value: int | None = None) -> int:
    """The scripted roll (face index) of a WHITE face of this colour (and number)."""
    for i, f in enumerate(CONTENT.dice.white, 1):
        if f.colour == colour and (value is None or f.value == value) and \
                (value is not None or not f.icon):
            return i
    raise LookupError((colour, value))


def white_icon() -> int:
    return next(i for i, f in enumerate(CONTENT.dice.white, 1) if f.icon)


def new(n=3, *, hands=None, seed=1, **cfg):
    """A game at its first decision (qualifying's returns), the seats' qualifying
    hands forced when given (each must be the full hand: 4 + ERS LEDs cards)."""
    cfg.setdefault("tyres", ["medium"] * n)          # fixed: no face-down pick first (A69)
    config = FormulaGPConfig(seats=["human"] * n, track=cfg.pop("track", "fast"), **cfg)
    st = new_game(config, seed)
    with chance.scripted(st.chance, cards=[c for h in (hands or []) for c in h]):
        machine.advance(st)
    return st


def done_returns(st):
    while st.turn.pending and st.turn.pending.step == "returns":
        for s in sorted(GAME.to_act(st)):
            GAME.apply(st, s, A.Done())


def qualify(st, plays: dict):
    """Every seat commits its qualifying cards (a list, or (cards, orange_as))."""
    for s in sorted(GAME.to_act(st)):
        p = plays.get(s, ())
        cards, decl = p if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], list) \
            else (list(p), [])
        GAME.apply(st, s, A.Cards(tuple(cards), tuple(decl)))


def no_pushes(st):
    while st.turn.pending and st.turn.pending.step == "push":
        GAME.apply(st, st.turn.pending.seats[0], A.Push(False))


# ---- positions and turns ----------------------------------------------------------
def pos(text: str):
    from chequered.games.formulagp.position import position
    return position(text)


def at(st, seat) -> str:
    """The car's space name (tile.lane.space)."""
    from chequered.games.formulagp.position import space_name
    return space_name(st.track, st.cars[seat].space)


def space(st, name: str) -> int:
    from chequered.games.formulagp.position import parse_space
    return parse_space(st.track, name)


def all_done(st, step="returns"):
    """Every seat waiting at `step` says Done."""
    while st.turn.pending and st.turn.pending.step == step:
        for s in sorted(GAME.to_act(st)):
            GAME.apply(st, s, A.Done())


def forward(st, seat):
    """Drive the move point by point straight on where possible (a lane change
    only when no forward step is left)."""
    from chequered.games.formulagp.track import track
    trk = track(st.track)
    while st.turn.pending and st.turn.pending.step == "move" and \
            seat in GAME.to_act(st):
        steps = [a for a in GAME.fine_actions(st, seat) if isinstance(a, A.Step)]
        if not steps:
            break
        here = st.cars[seat].space
        fwd = [a for a in steps
               if not next(m for m in trk.moves(here) if m.to == a.to).lane_change]
        GAME.apply(st, seat, (fwd or steps)[0])


def finish_turn(st, seat):
    """Play the rest of `seat`'s turn with plain choices: Done, no attack,
    straight on."""
    rnd = st.round
    while st.turn.pending and seat in GAME.to_act(st) and st.round == rnd \
            and seat not in st.done and st.turn.pending.step != "returns":
        step = st.turn.pending.step
        legal = GAME.fine_actions(st, seat)
        if step == "move":
            if any(isinstance(a, A.Step) for a in legal):
                forward(st, seat)
                continue
        for pref in (A.Done(), A.Attack(None), A.Stop()):
            if pref in legal:
                GAME.apply(st, seat, pref)
                break
        else:
            GAME.apply(st, seat, legal[0])


def face(die: str, result: str) -> int:
    """The scripted roll (face index) of a YELLOW or RED result."""
    return list(getattr(CONTENT.dice, die)).index(result) + 1


def drive(st, seat, route: list[str]):
    """Step the car along these named spaces (one movement point each)."""
    for name in route:
        GAME.apply(st, seat, A.Step(space(st, name)))
