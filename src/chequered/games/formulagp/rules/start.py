"""Qualifying and the race start (FGP 6, 7.2-7.2.3) as small functions that return data.

Nothing here mutates a Race. Cards are passed as `battle.CardInfo` (id, kind,
colour, printed LEDs); seats/cars are any hashable key; the pit-box order is a
sequence of keys, box 0 nearest the pit exit (as `Race.pit_order`). The round
machine calls these, applies the records and emits the events.

Choices where the rulebook is open (docs/design/formulagp-digest.md):
* A7: a qualifying play follows the battle combination rule (one movement
  card, one legal pair with ORANGE wild and BLUE pairs allowed, or a Tyre Wear
  card as the primary; plus any Tyre Wear and Option cards), or is empty
  (missed qualifying). BLUE cards cost no ERS here (FGP 6.1) and the YELLOW
  die is not rolled for pairs.
* A48: Tyre Wear and Option cards count +1 LED each in qualifying and round 1,
  whatever is printed on them (the content prints 1 anyway).
* A8: a counter-steer spent after a red push roll costs only the card; option
  `counter_steer_wear=True` adds the usual +1 tyre wear.
* The base score (tyre bonus + maximum OT) is read before the Tyre Wear cards
  of the qualifying play move the wear marker (FGP 6.2 computes it first).
* A red push roll requires a counter-steer card when the car has one (FGP 6.2
  "will require"); the player only picks which. Without one the car crashes.
* A car that played no cards (score 0, missed qualifying) may not push: its
  score is zero by FGP 6.2 and a die cannot lift a missed session.
* Grid (FGP 6.2, 7.1 per A9, 7.2): higher score first, ties by pit box nearer
  the exit; zero scores behind every scoring car in pit-box order; crashed cars
  are not on the grid (they start from the pit lane).
* A51: a car stuck in neutral takes no part in the round-1 LED reveal; after
  all the others it draws/discards until a movement card and moves with that
  one card in 2nd gear. Several such cars go in grid order.
* A11 (option): pit-lane starters move after the cars on track in round 2
  (`pit_start_round=2`, the default) or in round 3 (`pit_start_round=3`, as the
  first paragraph of FGP 7.2 says). Several starters go in pit-box order (the
  rules are silent; the box nearest the exit is nearest the lane's end).
* A2: round 1 is played without advancing the chequered flag; `round_rules`
  only reports whether the flag advances.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Hashable

from ..memo import keep, remembered
from .battle import CardInfo, battle_plays
from .movement import MOVEMENT_COLOURS, IllegalMove, MovementPoints, Pace, movement_points, play_pace

RULE_QUALI = "FGP 6.1"
RULE_QUALI_PROC = "FGP 6.2"
RULE_START = "FGP 7.2"
RULE_ROUND1 = "FGP 7.2.1"
RULE_ROUND2 = "FGP 7.2.2"
RULE_SUMMARY = "FGP 7.2.3"

START_GEAR = 2                 # FGP 7.2.1 / 7.2: round 1 and pit-lane starters
POLE_BONUS_DRAW = 3            # FGP 7.2.1: draw 3, keep 1
PIT_START_ROUNDS = (2, 3)      # A11

Key = Hashable


def _extra_leds(card: CardInfo) -> int:
    """FGP 6.1 / 7.2.1 with A48: Tyre Wear and Option cards add +1 LED each."""
    return 1 if card.kind in ("tyre_wear", "option") else card.leds


# =====================================================================================
# FGP 6.1 / 6.2: the qualifying play and the score
# =====================================================================================
@dataclass(slots=True, unsafe_hash=True)
class QualiPlay:
    """One secret qualifying choice (FGP 6.1). Empty `cards` = no cards played."""
    cards: tuple[str, ...] = ()
    primary: tuple[str, ...] = ()
    pair: bool = False
    orange_as: tuple[str, ...] = ()
    leds: int = 0              # LEDs the cards add to the score
    tyre_wear: int = 0         # Tyre Wear cards: +1 wear each (FGP 6.1)
    rule: str = RULE_QUALI

    @property
    def missed(self) -> bool:
        return not self.cards


def quali_plays(hand: Iterable[CardInfo], *, no_pairs: bool = False,
                max_extras: int | None = None) -> list[QualiPlay]:
    """FGP 6.1 with A7: every legal qualifying choice from `hand`, the empty
    play (missed qualifying) first. BLUE needs no ERS (FGP 6.1)."""
    hand = tuple({c.id: c for c in hand}.values())
    # asked for the legal list and again when the choice is checked: worked
    # out once per hand and rules (the plays are frozen)
    return list(remembered(_QUALI, (hand, no_pairs, max_extras),
                           lambda: tuple(_quali_plays(hand, no_pairs, max_extras))))


_QUALI: dict = {}


def _quali_plays(hand: tuple, no_pairs: bool, max_extras: int | None) -> list[QualiPlay]:
    extra = {c.id: _extra_leds(c) for c in hand}
    out = [QualiPlay()]
    for p in battle_plays(hand, ers=0, blue_free_in_battle=True, no_pairs=no_pairs,
                          max_extras=max_extras):
        out.append(QualiPlay(p.cards, p.primary, p.pair, p.orange_as,
                             sum([extra[c] for c in p.cards]), p.tyre_wear))
    return out


def check_quali_play(hand: Iterable[CardInfo], cards: Iterable[str], **kw) -> QualiPlay:
    """The QualiPlay for the chosen cards, or IllegalMove citing FGP 6.1."""
    want = tuple(sorted(cards))
    for p in quali_plays(hand, **kw):
        if tuple(sorted(p.cards)) == want:
            return p
    raise IllegalMove("FGP 6.1: qualifying cards combine as in a battle (FGP 9.3): one "
                      "movement card, one legal pair or a Tyre Wear card, plus any Tyre "
                      "Wear and Option cards")


def base_score(tyre_bonus: int, max_ot: int) -> int:
    """FGP 6.2: the tyre bonus of the chosen compound + the car's maximum OT."""
    if tyre_bonus < 0 or max_ot < 0:
        raise ValueError("tyre bonus and maximum OT are non-negative")
    return tyre_bonus + max_ot


@dataclass(slots=True, unsafe_hash=True)
class QualiScore:
    base: int
    leds: int
    total: int                 # base + leds, or 0 when no card was played
    missed: bool
    rule: str = RULE_QUALI_PROC


def quali_score(tyre_bonus: int, max_ot: int, play: QualiPlay) -> QualiScore:
    """FGP 6.2: base + the LEDs of the cards played; no cards -> score 0."""
    base = base_score(tyre_bonus, max_ot)
    if play.missed:
        return QualiScore(base=base, leds=0, total=0, missed=True)
    return QualiScore(base=base, leds=play.leds, total=base + play.leds, missed=False)


# =====================================================================================
# FGP 6.2: pushing the limit
# =====================================================================================
def push_order(pit_order: Sequence[Key], scores: Mapping[Key, int]) -> list[Key]:
    """FGP 6.2: who is asked, one by one, whether to push: pit-box order from
    the box nearest the exit; only cars with a score (see module notes)."""
    return [k for k in pit_order if scores.get(k, 0) > 0]


@dataclass(slots=True, unsafe_hash=True)
class PushRoll:
    value: int                 # the number added on a green face (icon face = 1)
    colour: str
    bonus: int                 # added to the score if nothing else happens
    counter_steer_needed: bool
    rule: str = RULE_QUALI_PROC


def push_roll(value: int, colour: str, *, icon: bool = False) -> PushRoll:
    """FGP 6.2: the WHITE die face in; a green face adds its number (the icon
    face counts 1), a red face demands a counter-steer card and adds nothing."""
    if not 1 <= value <= 6:
        raise ValueError("a WHITE die face shows 1..6")
    if colour not in ("green", "red"):
        raise ValueError(f"WHITE die colour is green or red, not {colour!r}")
    n = 1 if icon else value
    if colour == "red":
        return PushRoll(value=n, colour=colour, bonus=0, counter_steer_needed=True)
    return PushRoll(value=n, colour=colour, bonus=n, counter_steer_needed=False)


def push_roll_face(face) -> PushRoll:
    """`push_roll` for a content WhiteFace (value, colour, icon)."""
    return push_roll(face.value, face.colour, icon=face.icon)


def counter_steer_cards(hand_spends: Iterable[tuple[str, str | None]]) -> list[str]:
    """FGP 6.2 / 13.4.1: the cards left in hand that can be spent as a
    counter-steer, from (secondary function, card id) pairs such as
    `secondary.single_spends` returns. Cards played in qualifying are gone."""
    return list(dict.fromkeys(c for f, c in hand_spends if f == "counter_steer"))


def push_choices(roll: PushRoll, counter_steers: Sequence[str]) -> list[str | None]:
    """The finite choice after a roll: nothing to choose on green ([None]);
    on red each counter-steer card (one is required when held), else [None] =
    the crash."""
    if not roll.counter_steer_needed or not counter_steers:
        return [None]
    return list(dict.fromkeys(counter_steers))


@dataclass(frozen=True, slots=True)
class PushOutcome:
    score: int                 # the qualifying score after the push
    crashed: bool              # score 0, starts from the pit lane (FGP 6.2, 7.2)
    counter_steer: str | None  # the card spent
    tyre_wear: int             # A8 option
    rule: str = RULE_QUALI_PROC


def push_outcome(score: int, roll: PushRoll, counter_steer: str | None = None, *,
                 counter_steer_wear: bool = False) -> PushOutcome:
    """FGP 6.2: green -> score + roll; red with a counter-steer -> score kept,
    no die bonus, the card spent; red without -> crash: 0 and a pit-lane start."""
    if not roll.counter_steer_needed:
        if counter_steer is not None:
            raise IllegalMove("FGP 6.2: a counter-steer is only spent on a red result")
        return PushOutcome(score + roll.bonus, False, None, 0)
    if counter_steer is None:
        return PushOutcome(0, True, None, 0)
    return PushOutcome(score, False, counter_steer, 1 if counter_steer_wear else 0)


# =====================================================================================
# FGP 6.2 / 7.1 (A9) / 7.2: the grid
# =====================================================================================
def grid_order(scores: Mapping[Key, int], pit_order: Sequence[Key],
               crashed: Iterable[Key] = ()) -> list[Key]:
    """FGP 6.2: highest score on pole; ties -> the pit box nearer the exit first;
    zero scores (missed qualifying) at the back in pit-box order (FGP 7.2);
    crashed cars are left off (they start from the pit lane)."""
    out = set(crashed)
    box = {k: i for i, k in enumerate(pit_order)}
    missing = [k for k in scores if k not in box]
    if missing:
        raise ValueError(f"no pit box for {missing}")
    cars = [k for k in scores if k not in out]
    return sorted(cars, key=lambda k: (scores[k] <= 0, -scores[k], box[k]))


# =====================================================================================
# FGP 7.2: special cases
# =====================================================================================
def stuck_in_neutral(hand_left: Iterable[CardInfo]) -> bool:
    """FGP 7.2: no movement card left in hand after qualifying (the pole's
    bonus card counts once kept): the car is stuck in neutral in round 1."""
    return not any(c.kind == "movement" and c.colour in MOVEMENT_COLOURS for c in hand_left)


def neutral_draw_stops(card: CardInfo) -> bool:
    """FGP 7.2 / A51: drawing one card at a time, the first movement card stops
    the draw (earlier cards are discarded); the car moves with it, 2nd gear."""
    return card.kind == "movement" and card.colour in MOVEMENT_COLOURS


def missed_qualifying(play: QualiPlay) -> bool:
    """FGP 7.2: no cards played -> score 0, back of the grid (`grid_order`)."""
    return play.missed


# =====================================================================================
# FGP 7.2.1: the pole bonus card
# =====================================================================================
@dataclass(slots=True, unsafe_hash=True)
class PoleChoice:
    """Keep one card; the others go on the deck. `top` lists the cards put on
    top as they then lie, top-most first; `bottom` as they lie, bottom-most last."""
    keep: str
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    rule: str = RULE_ROUND1


def pole_bonus_choices(drawn: Sequence[str]) -> list[PoleChoice]:
    """FGP 7.2.1: the pole draws 3, keeps 1 and returns the other 2 to the top
    or bottom of its deck in any order: for 3 distinct cards 3 x 6 = 18 choices
    (both on top in 2 orders, both at the bottom in 2 orders, one each way in 2).
    Choices giving the same deck are listed once."""
    out: dict[tuple, PoleChoice] = {}
    for i, keep in enumerate(drawn):
        rest = list(drawn[:i]) + list(drawn[i + 1:])
        for n_top in range(len(rest) + 1):
            for top_set in combinations(range(len(rest)), n_top):
                tops = [rest[j] for j in top_set]
                bots = [rest[j] for j in range(len(rest)) if j not in top_set]
                for t in permutations(tops):
                    for b in permutations(bots):
                        c = PoleChoice(keep, tuple(t), tuple(b))
                        out.setdefault((keep, c.top, c.bottom), c)
    return list(out.values())


def apply_pole_choice(deck_top_first: Sequence[str], choice: PoleChoice) -> tuple[str, ...]:
    """The deck (top first) after the returns of FGP 7.2.1."""
    return tuple(choice.top) + tuple(deck_top_first) + tuple(choice.bottom)


# =====================================================================================
# FGP 7.2.1: round 1
# =====================================================================================
@dataclass(slots=True, unsafe_hash=True)
class StartPlay:
    """One secret round-1 choice: a movement play plus any TW/Option cards."""
    cards: tuple[str, ...]
    movement: tuple[str, ...]
    pace: Pace
    leds: int                  # the LEDs that order round 1
    tyre_wear: int             # +1 wear per Tyre Wear card
    options: int               # Option cards: +1 LED each, no EVENT draw
    rule: str = RULE_ROUND1


def start_plays(hand: Iterable[CardInfo], *, ers: int, no_pairs: bool = False,
                max_extras: int | None = None) -> list[StartPlay]:
    """FGP 7.2.1: every legal round-1 choice: one GREEN/RED/BLUE/ORANGE card or
    a legal movement pair (ORANGE declared; a BLUE pair is battle-only; a BLUE
    card costs an ERS charge, FGP 4.3.1), plus any Tyre Wear and Option cards.
    The LEDs: printed on the movement cards, +1 per Tyre Wear and Option card."""
    hand = tuple(hand)
    # asked for the legal list and again at the reveal: once per hand (plays are frozen)
    # (keep, not a lambda: its cells are made at every call)
    key = (hand, ers, no_pairs, max_extras)
    got = _STARTS.get(key)
    if got is None:
        got = keep(_STARTS, key, tuple(_start_plays(hand, ers, no_pairs, max_extras)))
    return list(got)


_STARTS: dict = {}


def _start_plays(hand: tuple, ers: int, no_pairs: bool, max_extras: int | None) -> list:
    hand = list({c.id: c for c in hand}.values())
    moves = [c for c in hand if c.kind == "movement" and c.colour in MOVEMENT_COLOURS]
    extras = [c for c in hand if c.kind in ("tyre_wear", "option")]
    prims: list[tuple[tuple[CardInfo, ...], tuple[str, ...]]] = []
    for c in moves:
        prims += [((c,), d) for d in ((("green",), ("red",)) if c.colour == "orange" else ((),))]
    for a, b in combinations(moves, 2):
        n = (a.colour, b.colour).count("orange")
        decls = [()] if n == 0 else ([("green",), ("red",)] if n == 1 else
                                     [("green", "green"), ("red", "red")])
        prims += [((a, b), d) for d in decls]
    subsets = [s for n in range(len(extras) + 1) for s in combinations(extras, n)
               if max_extras is None or n <= max_extras]
    out: list[StartPlay] = []
    for prim, decl in prims:
        try:
            pace = play_pace([c.colour for c in prim], decl, no_pairs=no_pairs)
        except IllegalMove:
            continue
        if pace.ers_cost > ers:
            continue
        for s in subsets:
            cards = tuple(c.id for c in prim) + tuple(c.id for c in s)
            out.append(StartPlay(cards=cards, movement=tuple(c.id for c in prim), pace=pace,
                                 leds=sum(c.leds for c in prim) + sum(_extra_leds(c) for c in s),
                                 tyre_wear=sum(1 for c in s if c.kind == "tyre_wear"),
                                 options=sum(1 for c in s if c.kind == "option")))
    return out


def round1_order(leds: Mapping[Key, int], grid: Sequence[Key],
                 stuck: Iterable[Key] = ()) -> list[Key]:
    """FGP 7.2.1: most LEDs moves first; equal LEDs -> better grid position
    first. Cars stuck in neutral (FGP 7.2, A51) move after all others, in grid
    order. Pit-lane starters are not in round 1."""
    pos = {k: i for i, k in enumerate(grid)}
    stuck = [k for k in grid if k in set(stuck)]
    revealed = [k for k in leds if k not in set(stuck)]
    if any(k not in pos for k in revealed):
        raise ValueError("every revealing car needs a grid position")
    return sorted(revealed, key=lambda k: (-leds[k], pos[k])) + stuck


def round1_mp(speed_table, play: StartPlay | Pace, *, tyre_bonus: int = 0,
              focus: bool = False, secondary: int = 0, event: int = 0,
              malus: int = 0) -> MovementPoints:
    """FGP 7.2.1: every car in 2nd gear, the revealed pace, the tyre bonus,
    focus and secondary bonuses; never the car characteristic."""
    pace = play.pace if isinstance(play, StartPlay) else play
    return movement_points(speed_table, START_GEAR, pace.pace, tyre_bonus=tyre_bonus,
                           characteristic=False, focus=focus, secondary=secondary,
                           event=event, malus=malus)


# =====================================================================================
# FGP 7.2 / 7.2.2 (A11): pit-lane starters
# =====================================================================================
def pit_start_plays(hand: Iterable[CardInfo], *, ers: int) -> list[StartPlay]:
    """FGP 7.2: leaving the pit lane at the start: one GREEN/RED/BLUE/ORANGE
    card, no pairs (2nd gear; forward, not across the yellow line: pit.py)."""
    return [p for p in start_plays(hand, ers=ers, no_pairs=True, max_extras=0)]


def pit_start_moves_in(round_no: int, *, pit_start_round: int = 2) -> bool:
    """A11: the round in which the pit-lane starters make their first move,
    after every car on track has moved."""
    if pit_start_round not in PIT_START_ROUNDS:
        raise ValueError("pit_start_round is 2 (FGP 7.2.2/7.2.3) or 3 (FGP 7.2)")
    return round_no == pit_start_round


def start_round_order(round_no: int, track_order: Sequence[Key], pit_starters: Iterable[Key],
                      pit_order: Sequence[Key], *, pit_start_round: int = 2) -> list[Key]:
    """FGP 7.2 / 7.2.2: the order of a start round: the track cars in their
    order (`round1_order` or the FGP 7.3.2 sequence), then - in the round A11
    names - the pit-lane starters in pit-box order. Before it they sit out."""
    starters = set(pit_starters)
    cars = [k for k in track_order if k not in starters]
    if pit_start_moves_in(round_no, pit_start_round=pit_start_round):
        cars += [k for k in pit_order if k in starters]
    return cars


# =====================================================================================
# FGP 7.2.3: what is on and off in a round
# =====================================================================================
@dataclass(frozen=True, slots=True)
class RoundRules:
    round_no: int
    sequence: str              # "leds" (round 1) | "normal" (FGP 7.3.2)
    draw: str                  # "none" (qualifying leftovers) | "normal" (FGP 7.3.1)
    pole_bonus: bool
    event_draws: bool          # Option cards draw EVENTs
    gear: int | None           # 2 in round 1; None = the gear of the car's tile
    characteristic: bool
    battles: bool              # False: cars pass freely (A10)
    w2w_tokens: bool
    slipstream_ot: bool
    drs: bool
    stress_relief: bool        # single GREEN card
    pairs: bool
    flag_advances: bool        # A2
    pit_starters_move: bool    # A11
    rule: str = RULE_SUMMARY


def round_rules(round_no: int, *, pit_start_round: int = 2) -> RoundRules:
    """FGP 7.2.3 (with 7.2.1 and 7.2.2): the start-phase switches of a round."""
    if round_no < 1:
        raise ValueError("rounds are numbered from 1")
    first, start = round_no == 1, round_no <= 2
    return RoundRules(
        round_no=round_no,
        sequence="leds" if first else "normal",
        draw="none" if first else "normal",
        pole_bonus=first,
        event_draws=not first,
        gear=START_GEAR if first else None,
        characteristic=not first,
        battles=not start,
        w2w_tokens=not start,
        slipstream_ot=not start,
        drs=not start,
        stress_relief=not start,
        pairs=True,
        flag_advances=not first,
        pit_starters_move=pit_start_moves_in(round_no, pit_start_round=pit_start_round),
    )
