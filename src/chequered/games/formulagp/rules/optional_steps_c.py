"""FGP 15.1, 15.7.2, 15.8, 15.12, 15.13 as they act on a race: small hooks the
step modules call, each doing nothing unless its option is in
`race.config.options`. The rules themselves are the pure functions of
rules/optional_rules_c.py."""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import Done, PlayCard
from ..state import Race
from . import cards as C
from .car_state import wear
from . import optional_rules_c as R
from .decide import wait
from .where import occupancy, place, track_of

DEFENDING = "defending_position"        # FGP 15.7.2


def on(race: Race, name: str) -> bool:
    return name in race.config.options


# ---- FGP 15.7.2 Defending Position ---------------------------------------------------------
def _blocks(race: Race) -> list[str]:
    b = race.battle
    return R.block_cards(race.cars[b["defender"]].hand, C._facts(race))


def after_tie_stage(race: Race) -> str:
    """The decision after a tie that allows a second attempt ([ADV] FGP 9.4.3):
    with FGP 15.7.2 the defender may first block, unless the attacker started
    the battle from a slipstream space or the defender has no card to block."""
    if on(race, DEFENDING) and not race.battle["slip"] and _blocks(race):
        return "defend_block"
    return "second_attempt"


def _stage(race: Race) -> list[Event]:
    wait(race, "defend_block", [race.battle["defender"]])
    return []


def _legal(race: Race, seat: int) -> list:
    return [PlayCard(c, "block") for c in _blocks(race)] + [Done()]


def _shift(race: Race, defender, attacker) -> list[Event]:
    """FGP 15.7.2 "change lanes ... block" (A150): one lane toward the attacker
    when that space on the track is free; else the car holds its line."""
    trk = track_of(race)
    side = R.block_side(trk.spaces[defender.space].lanes, trk.spaces[attacker.space].lanes)
    if side is None:
        return []
    to = trk.spot_outcome(defender.space, side)
    if not isinstance(to, int) or occupancy(race, defender.seat).get(to, 0) \
            >= trk.spaces[to].capacity:
        return []
    defender.space = to
    return [Event("block_lane", {"seat": defender.seat, **place(race, to)}, "FGP 15.7.2")]


def _act(race: Race, seat: int, action) -> list[Event]:
    from .battle_steps import failed_lapping
    if isinstance(action, Done):                      # no block: the attacker decides
        race.move["stage"] = "second_attempt"
        return [Event("no_block", {"seat": seat}, "FGP 15.7.2")]
    b = race.battle
    att, dfd = race.cars[b["attacker"]], race.cars[seat]
    C.play(dfd, action.card, "FGP 15.7.2")
    ev = [Event("block", {"seat": seat, "attacker": att.seat, "card": action.card},
                "FGP 15.7.2")]
    ev += _shift(race, dfd, att)
    ev += wear(race, att, R.BLOCK_WEAR, "FGP 15.7.2")
    race.battle = None                                # "cannot attempt a second attack"
    att.ot = 0
    race.move["stage"] = "resolve"
    return ev + failed_lapping(race, att.seat, [seat])


STAGES = {"defend_block": _stage}


def steps():
    return (Step("defend_block", "FGP 15.7.2", _legal, _act,
                 label="block the second attempt with a GREEN, RED or ORANGE card, or not",
                 from_hand=True),)


# ---- the log's words for the events above (log.py joins them) ---------------------------
EVENT_TEXT = {
    "block": lambda d, w: f"{w.who(d['seat'])} blocks {w.who(d['attacker'])} with "
                          f"{w.card(d['card'])}: no second attempt, +1 tyre wear for the attacker",
    "block_lane": lambda d, w: f"{w.who(d['seat'])} changes lanes to block",
    "no_block": lambda d, w: f"{w.who(d['seat'])} does not block",
}
