"""Pit stops (FGP 11): entering, the procedures in the box, repairs,
teammates, the pit-exit order by WHITE die, leaving, cold tyres.

The functions are pure: they take the track, small values and the WHITE die
faces already rolled, and return data (dataclasses, lists of choices) that
the round machine applies. The finite choices of a player in the box are
`tyre_choices`, `discard_choices` (one card at a time, then 'done') and
`repair_choices`.

Choices made (see docs/rules/formulagp.md):
- Only the PIT LANE space leads into the pit lane; a car that does not pit may
  not end its move there (FGP 11.1) and so stops at the latest on the shadow car.
- 'keep' fits no new set; naming a compound (the fitted one included) fits a
  new set (FGP 11.2 "another or an identical one"). The tyre sets are not
  limited in a Standard race; wet tyres only when the caller allows them.
- A car leaving after a held round (penalties served or a long repair) does
  nothing more in the box on that turn and lines up with the cars that did not
  repair that round (FGP 11.2, 11.2.1).
- Exit order groups: cars that stopped first (not repairing), then teammates
  that stopped second (not repairing), then repairing cars; inside a group the
  WHITE rolls, lowest first, the icon face (1) last; ties: the pit box nearer
  the exit first (FGP 11.2, 11.2.2). A lone car leaving rolls no die.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..track import Move, Track

RULE_ENTRY = "FGP 11.1"
RULE_STOP = "FGP 11.2"
RULE_REPAIR = "FGP 11.2.1"
RULE_TEAM = "FGP 11.2.2"
RULE_EXIT = "FGP 11.3"

PIT_EXIT_GEAR = 2                      # FGP 11.3
PIT_EXIT_COLOURS = ("green", "red", "blue", "orange")   # FGP 11.3, single cards
COLD_TYRES_LEDS = -2                   # FGP 11.3
COLD_TYRES_ROUNDS = 2                  # this round and the next (FGP 11.3)
SLOW_STOP = 1                          # the WHITE die icon face (FGP 11.2)


# ---- FGP 11.1 entering --------------------------------------------------------
def is_pit_entry(track: Track, space: int) -> bool:
    """FGP 11.1: the PIT LANE space of the pit-entry tile."""
    return track.spaces[space].pit_lane


def may_end_move_on(track: Track, space: int, *, pitting: bool) -> bool:
    """FGP 11.1: the space behind the yellow line is no racing space: only a car
    entering the pit lane may reach it."""
    return pitting or not track.spaces[space].pit_lane


def entry_moves(track: Track, space: int) -> list[Move]:
    """FGP 11.1: the moves from `space` that reach the PIT LANE space."""
    return [m for m in track.moves(space) if track.spaces[m.to].pit_lane]


@dataclass(slots=True, unsafe_hash=True)
class PitEntry:
    """What entering the pit lane costs (FGP 11.1)."""
    mp_lost: int           # movement points left over are lost
    penalties: int         # Penalty tokens at once (lateral crossing of the yellow line)
    speed_check: bool      # the WHITE die must be rolled for pit speeding
    ers_charge: int = 0    # never: no ERS charging while entering


def enter_pit(move: Move, mp_left: int, *, blue_card: bool = False,
              extended: bool = False, unintended: bool = False) -> PitEntry:
    """FGP 11.1: the car made `move` onto the PIT LANE space with `mp_left`
    movement points still unused. A lateral move across the yellow line is a
    Penalty token unless a counter-steer pushed the car there (`unintended`).
    A BLUE card or an extension (ERS or Tyre Wear) to get there calls for the
    WHITE speed check."""
    pen = 1 if move.crosses_yellow_line and not unintended else 0
    return PitEntry(mp_lost=max(0, mp_left), penalties=pen,
                    speed_check=blue_card or extended)


def speeding_penalty(white: int) -> int:
    """FGP 11.1: the WHITE die icon face (1) means pit speeding: 1 Penalty token."""
    return 1 if white == SLOW_STOP else 0


def pit_lane_crosses_line(track: Track) -> bool:
    """FGP 11.2 / 12.1: the pit lane runs from the entry tile forward to the
    exit tile; when the exit tile lies past the finish line (a lower tile
    index), a car driving through it crosses the line in the pit lane and
    completes a lap like a car on the track."""
    p = track.pit
    return p is not None and p.exit_tile < p.entry_tile


def spin_into_pit_lane(track: Track, space: int, side: str) -> bool:
    """FGP 11.1: a spin shift that would put the car into the pit lane hits the
    wall instead: DAMAGE card, car placed backwards in the pit lane, turn over;
    next round it goes to its box and stops normally."""
    to = track.spot_outcome(space, side)
    return isinstance(to, int) and track.spaces[to].pit_lane and not track.spaces[space].pit_lane


# ---- FGP 11.2 in the box -------------------------------------------------------
def penalty_hold(penalties: int, table: tuple[int, ...] = (0, 1, 1, 2)) -> int:
    """FGP 11.2: rounds the car stays in its box to serve Penalty tokens:
    1 or 2 tokens -> 1 round, 3 or more -> 2 rounds (control.toml
    pit_penalty_rounds for 0, 1, 2, 3+ tokens). The tokens go afterwards."""
    return table[min(max(penalties, 0), len(table) - 1)]


@dataclass(slots=True, unsafe_hash=True)
class BoxArrival:
    """The forced part of the first turn in the box (FGP 11.2)."""
    hold_rounds: int       # penalty rounds to sit out before the stop proper
    ers: int               # +1 if below the maximum
    stress: int            # set to the middle space
    penalties_after: int   # tokens left once served (0)


def box_arrival(*, penalties: int, ers: int, ers_max: int, stress_middle: int,
                stress: int, table: tuple[int, ...] = (0, 1, 1, 2)) -> BoxArrival:
    """FGP 11.2: with Penalty tokens the car first serves them (the ERS and
    stress steps then come with the stop proper, on the turn after); without
    them: +1 ERS if possible and stress to the middle."""
    hold = penalty_hold(penalties, table)
    if hold:
        return BoxArrival(hold_rounds=hold, ers=ers, stress=stress, penalties_after=0)
    return BoxArrival(hold_rounds=0, ers=min(ers_max, ers + 1), stress=stress_middle,
                      penalties_after=0)


TyreChoice = str


def tyre_choices(*, wet_allowed: bool = False) -> list[TyreChoice]:
    """FGP 11.2: keep the fitted set, or fit a new set of any compound (the same
    one included). Wet tyres only in a wet race ([ADV] 10.2)."""
    return ["keep", "soft", "medium", "hard"] + (["wet"] if wet_allowed else [])


def discard_choices(hand: list[str], *, draw_failure: set[str]) -> list[str]:
    """FGP 11.2: any ACTION card may be discarded in the box, Tyre Wear cards
    included, the Draw Failure card not; the step ends with 'done'. Each card
    id is offered once (its first copy)."""
    out: list[str] = []
    for c in hand:
        if c not in draw_failure and c not in out:
            out.append(c)
    return out + ["done"]


def redraw_count(hand_size: int, hand_limit: int) -> int:
    """FGP 11.2: after the discards, draw up to the hand limit (4 + ERS LEDs)."""
    return max(0, hand_limit - hand_size)


RepairChoice = tuple


def repair_choices(damage: list[str], failures: list[str]) -> list[RepairChoice]:
    """FGP 11.2.1: no repair; (a) repair one DAMAGE or FAILURE card (WHITE roll);
    (b) repair them all (stay in the box a round)."""
    cards = [*damage, *failures]
    if not cards:
        return [("none",)]
    return [("none",)] + [("one", c) for c in cards] + [("all",)]


@dataclass(slots=True, unsafe_hash=True)
class RepairResult:
    removed: tuple[str, ...]     # DAMAGE/FAILURE cards taken off the board
    stays: bool                  # the car waits in its box until the next round
    repaired: bool               # it lines up with the repairing cars
    roll: int | None             # its WHITE roll, used in the repairers' order


def repair(choice: RepairChoice, damage: list[str], failures: list[str],
           white: int | None = None) -> RepairResult:
    """FGP 11.2.1: carry out a repair choice. (a) needs the WHITE roll: the icon
    face (1) is a long repair (every DAMAGE and FAILURE card removed, the car
    stays); a number lets it leave after the cars that did not repair. (b) no
    roll; all removed; the car stays."""
    every = tuple([*damage, *failures])
    kind = choice[0]
    if kind == "none":
        return RepairResult((), False, False, None)
    if kind == "all":
        return RepairResult(every, True, True, None)
    if kind == "one":
        if choice[1] not in every:
            raise ValueError(f"{RULE_REPAIR}: {choice[1]!r} is not on the board")
        if white is None:
            raise ValueError(f"{RULE_REPAIR}: a single repair needs the WHITE roll")
        if white == SLOW_STOP:
            return RepairResult(every, True, True, white)
        return RepairResult((choice[1],), False, True, white)
    raise ValueError(f"{RULE_REPAIR}: unknown repair choice {choice!r}")


@dataclass(frozen=True, slots=True)
class StopChoices:
    """Everything a player decides in the box, in order (FGP 11.2)."""
    tyres: list[TyreChoice]
    discards: list[str]
    repairs: list[RepairChoice]


def stop_choices(hand: list[str], damage: list[str], failures: list[str], *,
                 draw_failure: set[str], second_turn: bool = False,
                 wet_allowed: bool = False) -> StopChoices | None:
    """FGP 11.2: the finite choices in the box; None on a second turn there
    (long repair or served penalties' wait), when nothing may be done."""
    if second_turn:
        return None
    return StopChoices(tyre_choices(wet_allowed=wet_allowed),
                       discard_choices(hand, draw_failure=draw_failure),
                       repair_choices(damage, failures))


# ---- FGP 11.2 / 11.2.2 leaving the box: the exit order ---------------------------
@dataclass(frozen=True, slots=True)
class Leaver:
    seat: int
    box: int                     # 0 = the box nearest the pit exit
    repaired: bool = False
    second: bool = False         # the teammate served second (FGP 11.2.2)
    roll: int | None = None      # WHITE pit-time roll (repairers: the repair roll)


def exit_group(car: Leaver) -> int:
    """FGP 11.2 / 11.2.2: 0 first stoppers, 1 teammates served second,
    2 repairing cars."""
    return 2 if car.repaired else (1 if car.second else 0)


def team_stop_order(seats_pitting: list[int], teams: dict[int, str],
                    sequence: list[int]) -> dict[int, bool]:
    """FGP 11.2.2: of two teammates pitting in one round, the one reaching the
    box later in the driver sequence waits: True = served second."""
    seen: set[str] = set()
    out: dict[int, bool] = {}
    for s in sorted(seats_pitting, key=sequence.index):
        t = teams[s]
        out[s] = t in seen
        seen.add(t)
    return out


def needs_exit_roll(leavers: list[Leaver], seat: int) -> bool:
    """FGP 11.2: a WHITE pit-time roll only when 2+ cars leave in one round;
    repairers have already rolled their repair die."""
    me = next(c for c in leavers if c.seat == seat)
    return len(leavers) >= 2 and not me.repaired


def exit_order(leavers: list[Leaver]) -> list[int]:
    """FGP 11.2, 11.2.1, 11.2.2: the order the cars leave the pit lane (their
    sequence on the next round): by group, then WHITE roll lowest first with
    the icon face (1) last, then the box nearer the exit."""
    def key(c: Leaver):
        r = c.roll if c.roll is not None else 0
        return (exit_group(c), 7 if r == SLOW_STOP else r, c.box)
    return [c.seat for c in sorted(leavers, key=key)]


# ---- FGP 11.3 leaving the pits -------------------------------------------------
def exit_move_rules() -> dict:
    """FGP 11.3: the first move from the pit-exit space: 2nd gear, one GREEN,
    RED, BLUE or ORANGE card, no pairs, forward (crossing the yellow line
    laterally is a Penalty token)."""
    return {"gear": PIT_EXIT_GEAR, "colours": PIT_EXIT_COLOURS, "pairs": False}


def exit_move_penalty(move: Move) -> int:
    """FGP 11.3: leaving the pit exit across the yellow line: 1 Penalty token."""
    return 1 if move.crosses_yellow_line else 0


def passable_without_battle(track: Track, space: int) -> bool:
    """FGP 11.2 / 11.3: cars on the pit-exit space may be passed freely."""
    return track.spaces[space].pit_exit


def cold_tyres_token() -> int:
    """FGP 11.3: rounds a Cold Tyres token lasts (this round and the next)."""
    return COLD_TYRES_ROUNDS


def cold_tyres_leds(rounds_left: int) -> int:
    """FGP 11.3: -2 LEDs in every battle while the token lies by the car."""
    return COLD_TYRES_LEDS if rounds_left > 0 else 0


def end_of_round_cold_tyres(rounds_left: int) -> int:
    """FGP 11.3: one round less at each round end; removed at 0."""
    return max(0, rounds_left - 1)


