"""Positions and plays shared by the FGP 10 and 11 scenario tests
(test_ch10_tyres.py, test_ch11_pits*.py).

Track "fast": the PIT LANE space is `pit_entry` (40.4.1), the shadow car
`shadow_car` (40.3.1), the finish line lies between tile 40 and tile 0, the
pit-exit space is `pit_exit` (0.4.1); 39.4.1 leads forward into the PIT LANE
space. Tiles 37 to 6 are straights in 8th gear. The first car of a position
takes board "vireo": GREEN 3 / RED 5 MP in 8th gear, RED 2 in 2nd; medium tyres
(start 3) add 2, soft 3, hard 1; ERS 3 at most."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space, position
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.track import track

GAME = chequered.game("formulagp")
FAST = track("fast")
PIT_LANE, SHADOW, PIT_EXIT = FAST.pit.entry_space, FAST.pit.shadow_car, FAST.pit.exit_space
CONTENT = C.content_of(new_race("fast", 1))


def S(name: str) -> int:
    """The space id of a position space name on the fast track."""
    return parse_space(FAST, name)


def roll(die: str, face) -> int:
    """The scripted roll (1..6) showing `face` (a WHITE value or a RED/YELLOW result)."""
    faces = getattr(CONTENT.dice, die)
    return next(i for i, f in enumerate(faces, 1)
                if (f.value == face if die == "white" else f == face))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def steps(st, seat: int, *names: str) -> list:
    """Move `seat` one point at a time through the named spaces; the events."""
    ev = []
    for n in names:
        ev += GAME.apply(st, seat, A.Step(S(n)))
    return ev


def to_step(st, seat: int, step: str) -> None:
    """Play `seat`'s plain choices (Done, else the first legal action) and every
    other seat by the heuristic bot, until `seat` is asked for `step`."""
    bots = {}
    for _ in range(2000):
        seats = GAME.to_act(st)
        assert seats, "the race ended first"
        s = min(seats)
        if s == seat and GAME.pending_step(st).name == step:
            return
        if s == seat:
            legal = GAME.fine_actions(st, s)
            GAME.apply(st, s, A.Done() if A.Done() in legal else legal[0])
        else:
            bot = bots.setdefault(s, GAME.make_agent("heuristic", s, 1))
            GAME.apply(st, s, bot.choose(GAME, st, s))
    raise AssertionError(f"seat {seat} never reached {step}")



def in_pit(extra: str = "", *, others: str = 'name = "Blue"\nat = "10.2.1"', head: str = ""):
    """Red has entered the pit lane (`at = "pit"`) and starts its first turn in the box;
    Blue is on track and moves after it."""
    return position(f"""
        round = 5
        {head}
        [[car]]
        name = "Red"
        at = "pit"
        {extra}
        [[car]]
        {others}
    """)


def on_pit_exit(hand: str) -> object:
    """Red starts its turn on the pit-exit space (its stop was made last round)."""
    return position(f"""
        round = 5
        [[car]]
        name = "Red"
        at = "pit_exit"
        hand = {hand}
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)
