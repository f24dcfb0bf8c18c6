"""Shared helpers for the Race Pace rule tests.

A scenario is built through the protocol (`chequered.game("racepace")`,
`config`, `new`, `apply`); the helpers only pick tyres, choose actions for a
round, and swap known cards into the current round so that a test is not
disturbed by random Race Situation or Weather cards.

A helper that changes the state by hand also drops the decision machine's
cached legal lists (`fresh`), as a test that edits the state must.
"""
from __future__ import annotations

import chequered
from chequered.games.racepace.actions import ChooseTyre, Copy, Select
from chequered.games.racepace.state import AER, EBS, MEC, PU, SKI, XP  # noqa: F401
from chequered.games.racepace.tables import tables

G = chequered.game("racepace")
T = tables()

# Button numbers as printed on the board (RP Step 2, "The 11 actions").
MEC_B, PU_B, AER_B, SKI_B, XP_B, CHARGE, USE_EBS, DEFEND, START, REACT, BOXBOX = range(1, 12)

# Situation cards whose only effect is a Safety Car condition: once Step 1 has
# been done they do nothing more during the round, so they make a calm round.
CALM = {"I": "si_01", "II": "sii_02"}

# Teams with every bar at B (base RP 1 + SKI) and other plain teams, in the
# order new_race() hands them out when a test does not name them.
PLAIN_TEAMS = ["silverline_gp", "polar_motorsport", "violet_vector", "ironworks_racing",
               "greenleaf_engineering", "crimson_racing", "azure_dynamics", "orange_motors"]


def new_race(drivers, teams=None, seats=None, track="usa_austin", tyres="M", seed=1,
             rules="standard", options=(), calm=True, **extra):
    """A race at the start of round 1 (Step 2), tyres chosen.

    `tyres` is one compound for every human seat or a dict seat -> compound.
    """
    n = len(drivers)
    seats = seats or ["human"] * n
    if teams is None:
        if "team" in options:
            teams = [PLAIN_TEAMS[i // 2] for i in range(n)]
        else:
            teams = PLAIN_TEAMS[:n]
    cfg = G.config(seats=list(seats), teams=list(teams), drivers=list(drivers), track=track,
                   rules=rules, options=list(options), **extra)
    s = G.new(cfg, seed)
    choose_tyres(s, tyres)
    if calm:
        make_calm(s)
    return s


def phase(s) -> str:
    """The phase of the race: team, driver, tyre, select, react or over."""
    return s.turn.phase


def to_decide(s) -> list[int]:
    """The seats still to decide in this phase, in order, the one deciding now first."""
    p = s.turn.pending
    return [] if p is None or s.turn.over else list(p.seats) + list(s.queue)


def now(s) -> int:
    """The seat deciding now (Race Pace is sequential)."""
    (seat,) = G.to_act(s)
    return seat


def fresh(s):
    """After editing the state by hand: legal lists are computed again."""
    s.turn.cache = None
    return s


def choose_tyres(s, tyres="M"):
    while phase(s) == "tyre":
        seat = now(s)
        t = tyres if isinstance(tyres, str) else tyres[seat]
        G.apply(s, seat, ChooseTyre(t))


def set_card(s, deck: str, key: str) -> None:
    """Make `key` the current card of deck I/II (or the weather card), swapping
    it with the card shown so that every card stays in the game once."""
    d = s.decks[deck]
    current = s.weather_card if deck == "weather" else s.situation.get(deck)
    if current == key:
        return
    for where in (d.pile, d.discards, s.hidden[deck], d.removed):
        if key in where:
            where[where.index(key)] = current
            break
    else:
        raise AssertionError(f"card {key} not found in deck {deck}")
    if deck == "weather":
        s.weather_card = key
    else:
        s.situation[deck] = key
    fresh(s)


def make_calm(s, I=CALM["I"], II=CALM["II"]):
    """Calm current round: no situation effect, no Safety Car, dry forecast."""
    set_card(s, "I", I)
    set_card(s, "II", II)
    s.safety_car = False
    s.sc_cause = set()
    s.weather = ["sun"] * 4
    s.rain_drawn = False
    fresh(s)


def stack(s, deck: str, key: str) -> None:
    """Put `key` on top of a deck's draw pile: the next Step 1 turns it."""
    d = s.decks[deck]
    for where in (d.pile, d.discards, s.hidden[deck], d.removed):
        if key in where:
            where.remove(key)
            break
    else:
        raise AssertionError(f"card {key} is not in the draw pile, discards or aside")
    d.pile.append(key)
    fresh(s)


def place(s, seat: int, dist: int, *, td=None, tyre=None, bars=None, stamp=None,
          ebs_entry=False):
    """Put a car on lap `dist` (entering it after every car placed before)."""
    car = s.cars[seat]
    s.stamp_counter += 1
    car.place(dist, s.stamp_counter if stamp is None else stamp, ebs_entry)
    if td is not None:
        car.td = td
    if tyre is not None:
        car.tyre = tyre
    if bars is not None:
        for k, v in bars.items():
            car.bars[{"MEC": MEC, "PU": PU, "AER": AER, "SKI": SKI, "XP": XP, "EBS": EBS}[k]] = \
                "ABCDE".index(v)
    fresh(s)
    return car


def _as_select(a):
    if isinstance(a, Select):
        return a
    if isinstance(a, tuple):
        return Select(*a)
    return Select(a)


def _as_copy(a):
    if a is None or isinstance(a, Copy):
        return a or Copy(None)
    if isinstance(a, tuple):
        return Copy(*a)
    return Copy(a)


def play_round(s, picks=None, copies=None, calm_after=True):
    """Play Step 2 (and React) of the current round and resolve it.

    picks: seat -> button number, (11, tyre) or Select; bots take their light.
    copies: seat -> button number, (11, tyre), Copy or None (React copies).
    Returns every event of the round (including the next round's Step 1).
    """
    picks = picks or {}
    copies = copies or {}
    r, race = s.round, s.race_index
    events = []
    while phase(s) in ("select", "react") and s.round == r and s.race_index == race:
        seat = now(s)
        if phase(s) == "select":
            if s.cars[seat].bot and seat not in picks:
                a = G.legal_actions(s, seat)[0]
            else:
                a = _as_select(picks[seat])
        else:
            a = _as_copy(copies.get(seat))
        events += G.apply(s, seat, a)
    if calm_after and phase(s) in ("select",):
        make_calm(s)
    return events


def moved(events) -> dict[int, int]:
    """Laps each car moved in the round (from the round_end event)."""
    ends = [e for e in events if e.kind == "round_end"]
    assert ends, "the round did not end"
    return dict(ends[-1].data["moved"])


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def turned(events) -> list[tuple[str, str]]:
    """(deck, card) of each card turned face up (engine/chance.py draws)."""
    from chequered.games.racepace.rules.cards import DECK_OF_WORD
    return [(DECK_OF_WORD[e.data["what"]], card) for e in kinds(events, "draw")
            if e.to is None and "cards" in e.data for card in e.data["cards"]]


def reshuffled(events) -> list[str]:
    """The decks whose discards were shuffled back in."""
    from chequered.games.racepace.rules.cards import DECK_WORDS
    deck_of = {w: name for name, w in DECK_WORDS.items()}
    return [deck_of[e.data["what"]] for e in kinds(events, "shuffle") if e.data.get("discards")]


def rp_now(s, seat):
    """The Race Pace a car would count if the round resolved now (Step 3a),
    computed by the game's own pace rules on a copy of the state."""
    from chequered.games.racepace.rules import pace
    c = s.clone()
    order = pace.running(pace.leaderboard(c))
    pace.apply_situations(c, T, order, [])
    pace.double_pit(c, T, order, [])
    return pace.race_pace(c, T, c.cars[seat])


def seat_order(s):
    from chequered.games.racepace.rules import pace
    return [c.seat for c in pace.leaderboard(s)]


def a_card(s, deck: str, prefix: str) -> str:
    """A card of that kind still in the draw pile (not the one shown)."""
    return next(k for k in reversed(s.decks[deck].pile) if k.startswith(prefix))
