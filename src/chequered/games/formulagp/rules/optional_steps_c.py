"""FGP 15.1, 15.7.2, 15.8, 15.12, 15.13 as they act on a race: small hooks the
step modules call, each doing nothing unless its option is in
`race.config.options`. The rules themselves are the pure functions of
rules/optional_rules_c.py."""
from __future__ import annotations

from contextlib import contextmanager

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import Done, PlayCard, canon
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
    hand = race.cars[race.battle["defender"]].hand
    return R.block_cards(hand, {c: (C.kind_of(race, c), C.colour_of(race, c)) for c in hand})


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
                 from_hand=True), *_steps_c())


# ---- the log's words for the events above (log.py joins them) ---------------------------
EVENT_TEXT = {
    "block": lambda d, w: f"{w.who(d['seat'])} blocks {w.who(d['attacker'])} with "
                          f"{w.card(d['card'])}: no second attempt, +1 tyre wear for the attacker",
    "block_lane": lambda d, w: f"{w.who(d['seat'])} changes lanes to block",
    "no_block": lambda d, w: f"{w.who(d['seat'])} does not block",
}


# ---- FGP 15.8 Photo Finish -----------------------------------------------------------------
PHOTO = "photo_finish"                  # FGP 15.8


def photo_running(race: Race) -> bool:
    return "photo" in race.optional


def photo_start(race: Race, finishers, penalty_tiles: int) -> list[Event] | None:
    """FGP 15.8: after the penalties (12.2.1) the cars tied on the winner's
    tile race on; None when there is no photo finish (the classification
    stands). The race's `optional["photo"]` holds the cars, their tiles after
    the penalties (`at`) and the tiles they stood on (`from`)."""
    from .finish import apply_end_penalties
    from .where import whole_tiles
    if not on(race, PHOTO) or race.optional.get("stopped"):     # A156: red-flagged
        return None
    trk = track_of(race)
    placed = apply_end_penalties(finishers, trk.lap_tiles, penalty_tiles)
    group = R.photo_group(finishers, placed, race.classification[0])
    if not group:
        return None
    at = {p.seat: p.distance for p in placed}
    race.optional["photo"] = {"cars": group, "all": list(group), "rounds": 0,
                              "at": [at[s] for s in group],
                              "from": [whole_tiles(race, race.cars[s]) for s in group]}
    race.turn.phase = "photo_round"
    return [Event("photo_finish", {"cars": list(group)}, "FGP 15.8")]


def _scores(race: Race) -> dict[int, int]:
    """Each photo-finish car's tile: where the penalties put it plus the tiles
    it has driven since (A151)."""
    from .where import whole_tiles
    pf = race.optional["photo"]
    return {s: a + whole_tiles(race, race.cars[s]) - f
            for s, a, f in zip(pf["all"], pf["at"], pf["from"])}


def _photo_round(race: Race) -> list[Event]:
    """FGP 15.8.1: one more turn each, in driver sequence, with the cards in
    hand (no draw phase); with no movement card among them each draws the top
    card of its deck first; a sole car with one wins once it has moved."""
    from ..bot.optional import bot_rolls, photo_movers
    from .draw import has_playable_movement
    from .round_flow import finish_order
    pf = race.optional["photo"]
    cars = [s for s in finish_order(race) if s in pf["cars"]]
    ev: list[Event] = []
    movers = photo_movers(race, cars, ev, has_playable_movement)      # BOT 7.5 (option)
    if not movers:                                    # FGP 15.8.1 third bullet
        for s in cars:
            if not bot_rolls(race, s):
                C.draw_cards(race, race.cars[s], 1, "FGP 15.8.1", events=ev)
        movers = photo_movers(race, cars, ev, has_playable_movement)
    pf["rounds"] += 1
    pf["sole"] = movers[0] if len(movers) == 1 else None   # FGP 15.8.1 second bullet
    race.sequence = movers
    race.seq_pos = 0
    race.done = [c.seat for c in race.cars if c.seat not in movers]
    race.turn.phase = "turns"
    return ev + [Event("photo_round", {"round": pf["rounds"], "order": list(movers)},
                       "FGP 15.8.1")]


def photo_check(race: Race) -> list[Event]:
    """The photo-finish round is over (round_flow's round end): a winner, or
    the cars still level go again; after PHOTO_ROUNDS the order stands."""
    pf = race.optional["photo"]
    scores = _scores(race)
    winner, front = R.photo_leader({s: scores[s] for s in pf["cars"]})
    if pf.get("sole") is not None:
        winner = pf["sole"]
    if winner is None and pf["rounds"] < R.PHOTO_ROUNDS:
        pf["cars"] = front
        race.turn.phase = "photo_round"
        return []
    race.classification = R.photo_classification(race.classification, pf["all"], scores,
                                                 winner)
    del race.optional["photo"]
    race.turn.phase = "photo_done"
    return [Event("photo_winner", {"seat": race.classification[0],
                                   "decided": winner is not None}, "FGP 15.8.1")]


def _photo_done(race: Race) -> list[Event]:
    from .round_flow import classified
    return classified(race)


PHASES = {"photo_round": _photo_round, "photo_done": _photo_done}
EVENT_TEXT.update({
    "photo_finish": lambda d, w: "PHOTO FINISH: " + w.order(d["cars"]) + " race on for the win",
    "photo_round": lambda d, w: f"photo-finish round {d['round']}: " + w.order(d["order"]),
    "photo_winner": lambda d, w: f"{w.who(d['seat'])} wins the photo finish" if d["decided"]
    else f"no car pulls clear: the driver sequence gives {w.who(d['seat'])} the win",
})


# ---- FGP 15.13 New Overtake Mode -------------------------------------------------------------
OVERTAKE = "overtake_mode"              # FGP 15.13


def no_drs(race: Race) -> bool:
    """FGP 15.13: the regulations have no DRS; the zone is only a control point."""
    return on(race, OVERTAKE)


def saved_ot(race: Race, seat: int) -> int:
    return race.optional.get("overtake", {}).get(str(seat), 0) if on(race, OVERTAKE) else 0


def control_point(race: Race, car) -> list[Event]:
    """FGP 15.13 after the move: a car that entered the zone has its saved OT
    set to the tiles to the car it caught there (up to its maximum OT), or to
    zero when it caught none."""
    if not on(race, OVERTAKE) or car.space is None:
        return []
    trk = track_of(race)
    zone = R.zone_tiles(trk.drs_zones, trk.spec.overtake_zone if trk.spec else None)
    visited = race.move.get("visited") or []           # [] out of the pit box
    start = trk.spaces[visited[0]].tile if visited else None
    if not R.entered(zone, start, [trk.spaces[s].tile for s in visited[1:] + [car.space]]):
        return []
    others = [trk.spaces[c.space].tile for c in race.cars
              if c.seat != car.seat and c.space is not None]
    gap = R.caught_gap(zone, trk.spaces[car.space].tile, others, trk.lap_tiles)
    if race.safety_car is not None or race.vsc:        # A152: no overtaking (FGP 13.9)
        gap = None
    n = R.overtake_charge(gap, max(0, C.max_ot(race, car)))
    race.optional.setdefault("overtake", {})[str(car.seat)] = n
    return [Event("overtake_mode", {"seat": car.seat, "ot": n, "gap": gap or 0}, "FGP 15.13")]


def spend_saved_ot(race: Race, seat: int) -> None:
    """FGP 15.13: the saved points are used once, by a battle; they do not come back."""
    if saved_ot(race, seat):
        race.optional["overtake"][str(seat)] = 0


EVENT_TEXT["overtake_mode"] = lambda d, w: (
    f"{w.who(d['seat'])} crosses the control point {d['gap']} tiles behind: "
    f"Overtake Mode {d['ot']} OT saved" if d["gap"] else
    f"{w.who(d['seat'])} crosses the control point with no car to catch: Overtake Mode 0")


# ---- FGP 15.1 Player Turn Sequence determined by momentum ------------------------------------
MOMENTUM = "momentum_sequence"          # FGP 15.1


def momentum_start(race: Race) -> list[Event]:
    """FGP 15.1 after the standard sequence (FGP 7.3.2) of a round from round 2
    on: the cars sharing a tile choose their movement play face down, all at
    once (step `momentum_cards`). Left out (A153): cars in a slipstream space
    (the book's bullet), spun or off the track, in the pit lane, with a blue
    flag (they move after the others of the tile, 7.3.2), and the rounds under
    the Safety Car or the VSC (single file, no overtaking). BOT cars are in the
    groups but choose nothing: they roll for their LEDs (`_momentum_order`)."""
    race.optional.pop("momentum", None)               # last round's plays are spent
    if not on(race, MOMENTUM):
        return []                                       # (before the imports: every round)
    return _momentum_groups(race)


def _momentum_groups(race: Race) -> list[Event]:
    """momentum_start with the option on (apart: its comprehensions' cells
    would be made at every round of every race, the option off too)."""
    from ..bot.start import is_bot
    from .where import race_round
    if race_round(race) < 2 or race.safety_car is not None or race.vsc:
        return []
    trk = track_of(race)
    tiles = {c.seat: trk.spaces[c.space].tile for c in race.cars
             if c.space is not None and not c.spun and not c.off_track and not c.blue_flag
             and not trk.spaces[c.space].slipstream and not trk.spaces[c.space].pit_lane
             and c.seat in race.sequence}
    groups = R.momentum_groups(tiles)
    if not groups:
        return []
    race.optional["momentum_groups"] = groups
    choosing = [s for g in groups for s in g if not is_bot(race, s) and _plays_now(race, s)]
    race.turn.phase = "momentum_order"
    if choosing:
        wait(race, "momentum_cards", choosing)
    return []


@contextmanager
def turn_start(race: Race, seat: int):
    """The race as at the start of `seat`'s turn, nothing done yet: what the
    turn's play questions (plays._play_legal, gear_for) read of the move."""
    saved, race.move = race.move, {"seat": seat, "stage": "momentum"}
    try:
        yield race
    finally:
        race.move = saved


def _plays_now(race: Race, seat: int) -> list:
    """The plays the car could make at the start of its turn."""
    from .plays import _play_legal
    with turn_start(race, seat):
        return _play_legal(race, seat)


def _momentum_legal(race: Race, seat: int) -> list:
    return _plays_now(race, seat)


def _momentum_act(race: Race, seat: int, action) -> list[Event]:
    race.secret[seat] = {"cards": list(action.cards), "orange_as": list(action.orange_as),
                         "characteristic": action.characteristic}
    return [Event("secret_chosen", {"seat": seat}, "FGP 15.1")]


def _momentum_order(race: Race) -> list[Event]:
    """FGP 15.1: the cards are shown together and go on the table (out of the
    hand, as FGP 7.2.1's); the LEDs order each tile; the car drives them on
    its turn (turn._begin: `momentum_play`)."""
    from ....engine import chance
    from ..bot.start import is_bot
    from .dice import roll_die
    from .tyres import worn_out
    groups = race.optional.pop("momentum_groups")
    ev: list[Event] = []
    leds: dict[int, int] = {}
    plays = race.optional.setdefault("momentum", {})
    for seat in [s for g in groups for s in g if is_bot(race, s)]:
        # FGP 15.1: a BOT shows no card; the WHITE die gives its LEDs, green = 1
        green = roll_die(race, ev, "white", "FGP 15.1", seat=seat).colour == "green"
        leds[seat] = int(green)
        ev.append(Event("momentum_bot", {"seat": seat, "leds": leds[seat]}, "FGP 15.1"))
    for seat in [s for g in groups for s in g if s in race.secret]:
        sec = race.secret.pop(seat)
        car = race.cars[seat]
        leds[seat] = sum(C.action_card(C.content_of(race), c).leds for c in sec["cards"])
        for c in sec["cards"]:
            C.play(car, c, "FGP 15.1")
        plays[str(seat)] = {"movement": sec["cards"], "orange_as": sec["orange_as"],
                            "characteristic": sec["characteristic"]}
        chance.reveal(ev, "momentum_reveal", {"seat": seat, "cards": sec["cards"],
                                              "leds": leds[seat]}, "FGP 15.1")
    worn = [s for g in groups for s in g if not is_bot(race, s)      # A155
            and worn_out(C.board_side(race, race.cars[s]), race.cars[s].tyre, race.cars[s].wear)]
    race.sequence = R.momentum_order(race.sequence, groups, leds, worn)
    race.turn.phase = "turns"
    return ev + [Event("sequence", {"order": list(race.sequence)}, "FGP 15.1")]


def momentum_play(race: Race, seat: int) -> dict | None:
    """FGP 15.1: the play this car showed for the order, driven on its turn."""
    shown = race.optional.get("momentum")          # (none without the option: no dict made)
    return shown.pop(str(seat), None) if shown else None


PHASES["momentum_order"] = _momentum_order


def _leds(n: int) -> str:
    return f"{n} LED" + ("" if n == 1 else "s")


EVENT_TEXT["momentum_reveal"] = lambda d, w: (
    f"{w.who(d['seat'])} shows " + ", ".join(w.card(c) for c in d["cards"])
    + f" ({_leds(d['leds'])} in all) for the order on its tile")
EVENT_TEXT["momentum_bot"] = lambda d, w: (
    f"{w.who(d['seat'])} (a BOT) counts {_leds(d['leds'])} for the order on its tile, "
    "by the WHITE die (green: 1)")


def _steps_c():
    return (Step("momentum_cards", "FGP 15.1", _momentum_legal, _momentum_act,
                 label="choose your movement cards for the order on your tile",
                 concurrent=True, secret=True, key=canon,
                 public_text=lambda action: "chooses movement cards face down"),)
