"""The decision steps before the racing rounds: the draw-and-return step
(FGP 7.3.1, also qualifying's FGP 6.2 step 1), qualifying (FGP 6), the grid,
the pole bonus card and round 1's secret plays (FGP 7.2.1). The rules
themselves are the pure functions of rules/start.py and rules/draw.py."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ....engine.steps import Step
from ..bot import qualifying as BQ
from ..bot import start as BS
from ..bot.table import is_bot, players
from ..actions import Cards, CounterSteer, Done, PoleKeep, Push, Return, canon, one
from ..state import Race
from . import cards as C
from . import secondary as SF
from . import draw as D
from . import start as S
from .battle import card_info
from .decide import keep_deciding, remember, wait
from .dice import roll_die
from .hazards import STRESSED_SPACE, become_leader
from .radio_steps import start_phase
from .tyres import tyre_bonus
from .weather_steps import race_start as race_start_weather, tyre_bonus as weather_bonus
from .where import grid_spaces, track_of


def infos(race: Race, seat: int):
    content = C.content_of(race)
    return [card_info(content, c) for c in race.cars[seat].hand]


def stressed(race: Race, seat: int) -> bool:
    """FGP 13.3: on the STRESSED space (the 3rd) no pairs are played."""
    return race.cars[seat].stress >= STRESSED_SPACE


# ---- FGP 7.3.1 step 2: returns (every seat at once) -------------------------------
def _returns_legal(race: Race, seat: int) -> list:
    return _returns_list(D.legal_returns(race, seat))


_DONE = Done()      # values: one object serves every list (as turn._DONE)


def _returns_list(cards: list) -> list:
    return [one(Return, c) for c in cards] + [_DONE]


def _why_not_return(race: Race, seat: int, action) -> str | None:
    return D.why_not_return(race, seat, action.card) if isinstance(action, Return) else None


def _returns_act(race: Race, seat: int, action) -> list[Event]:
    if isinstance(action, Return):
        ev = D.return_card(race, seat, action.card)
        if D.legal_returns(race, seat):
            keep_deciding(race)                 # more cards it may return
            return ev
        return ev + D.finish_returns(race, seat)
    return D.finish_returns(race, seat)


def draw_phase(race: Race, seats, rule: str, then: str) -> list[Event]:
    """Everyone draws to the hand limit at once, then those with cards to
    return decide; the race goes on with phase `then`."""
    ev: list[Event] = []
    for s in seats:
        ev += D.draw_to_limit(race, s, rule)
    race.turn.phase = then
    returns = {s: D.legal_returns(race, s) for s in seats}
    waiting = [s for s in seats if returns[s]]
    if waiting:
        wait(race, "returns", waiting)
        first = race.turn.pending.seats[0]              # the seat asked first
        remember(race, first, _returns_list(returns[first]))    # its list, just made
    return ev


# ---- FGP 6: qualifying --------------------------------------------------------------
def _qualifying(race: Race) -> list[Event]:
    ev = [Event("qualifying", {}, "FGP 6.2")]
    return ev + draw_phase(race, range(len(race.cars)), "FGP 6.2", "q_cards")


def _q_cards(race: Race) -> list[Event]:
    if "quali_die_roll" in race.config.options:    # FGP 15.3: a die, not cards
        race.turn.phase = "qd_start"                 # (rules/optional_steps.py)
        return []
    race.turn.phase = "q_reveal"
    if players(race):                               # BOTs qualify by their cards (BOT 1.5)
        wait(race, "quali_cards", players(race))
    return []


def _quali_legal(race: Race, seat: int) -> list:
    plays = S.quali_plays(infos(race, seat), no_pairs=stressed(race, seat))
    return [one(Cards, p.cards, p.orange_as) for p in plays]


def _quali_act(race: Race, seat: int, action: Cards) -> list[Event]:
    race.secret[seat] = {"cards": list(action.cards), "orange_as": list(action.orange_as)}
    return [Event("secret_chosen", {"seat": seat}, "FGP 6.1")]


def _q_reveal(race: Race) -> list[Event]:
    """FGP 6.2 steps 2-4 and 7: reveal, score, discard the cards played."""
    ev: list[Event] = []
    scores = {}
    for car in race.cars:
        if is_bot(race, car.seat):                      # BOT 1.5: a BATTLE card's LEDs
            got, scores[car.seat], crash = BQ.qualify(race, car.seat)
            car.quali_score = scores[car.seat]
            ev += got + (_crash(race, car.seat) if crash else [])
            continue
        sec = race.secret.pop(car.seat)
        play, sc = quali_preview(race, car.seat, sec["cards"])
        for c in play.cards:
            C.play(car, c, "FGP 6.2")
        if play.tyre_wear:
            ev += C.add_wear(race, car, play.tyre_wear, "FGP 6.1")
        car.quali_score = sc.total
        scores[car.seat] = sc.total
        chance.reveal(ev, "quali_reveal", {"seat": car.seat, "cards": list(play.cards),
                                           "score": sc.total}, "FGP 6.2")
    # BOTs do not push the limit (A127): their score is the BOT rules' (BOT 1.5)
    race.move = {"queue": S.push_order([s for s in race.pit_order if not is_bot(race, s)],
                                       scores)}
    race.turn.phase = "q_push"
    return ev


def quali_preview(race: Race, seat: int, cards) -> tuple[S.QualiPlay, S.QualiScore]:
    """FGP 6.1-6.2: the play these qualifying cards make and the score it
    gives (the menu shows it before the choice)."""
    car = race.cars[seat]
    play = S.check_quali_play(infos(race, seat), cards, no_pairs=stressed(race, seat))
    tb = weather_bonus(race, car, tyre_bonus(C.board_side(race, car), car.tyre, car.wear))
    return play, S.quali_score(tb, C.max_ot(race, car), play)     # [ADV] 10.2.1 above


# ---- FGP 6.2 step 5: push the limit ---------------------------------------------------
def _q_push(race: Race) -> list[Event]:
    queue = race.move["queue"]
    if not queue:
        race.move = None
        race.turn.phase = "grid"
        return []
    wait(race, "push", [queue[0]])
    return []


def _push_legal(race: Race, seat: int) -> list:
    return [Push(True), Push(False)]


def _push_act(race: Race, seat: int, action: Push) -> list[Event]:
    car = race.cars[seat]
    if not action.push:
        race.move["queue"].pop(0)
        return [Event("no_push", {"seat": seat}, "FGP 6.2")]
    ev: list[Event] = []
    face = roll_die(race, ev, "white", "FGP 6.2", seat=seat)
    roll = S.push_roll_face(face)
    if not roll.counter_steer_needed:
        car.quali_score += roll.bonus
        race.move["queue"].pop(0)
        ev.append(Event("quali_score", {"seat": seat, "score": car.quali_score}, "FGP 6.2"))
        return ev
    steers = S.counter_steer_cards(SF.single_spends(race, car))
    if not steers:
        race.move["queue"].pop(0)
        return ev + _crash(race, seat)
    wait(race, "quali_save", [seat])
    return ev


def _crash(race: Race, seat: int) -> list[Event]:
    car = race.cars[seat]
    car.quali_score = 0
    car.crashed = True
    car.pit_lane_start = True
    return [Event("quali_crash", {"seat": seat}, "FGP 6.2")]


def _save_legal(race: Race, seat: int) -> list:
    steers = S.counter_steer_cards(SF.single_spends(race, race.cars[seat]))
    return [CounterSteer(c) for c in S.push_choices(S.push_roll(1, "red"), steers)]


def _save_act(race: Race, seat: int, action: CounterSteer) -> list[Event]:
    race.move["queue"].pop(0)
    if action.card is None:
        return _crash(race, seat)
    return SF.spend_single(race, race.cars[seat], "counter_steer", action.card)


# ---- FGP 6.2 step 6: the grid; FGP 7.2.1 the pole bonus --------------------------------
def _grid(race: Race) -> list[Event]:
    trk = track_of(race)
    scores = {c.seat: c.quali_score or 0 for c in race.cars}
    grid = S.grid_order(scores, race.pit_order, [c.seat for c in race.cars if c.crashed])
    for i, (seat, space) in enumerate(zip(grid, grid_spaces(trk, len(grid)))):
        car = race.cars[seat]
        car.grid = i + 1
        car.in_pit = False
        car.space = space
        car.laps = -1                       # behind the line: crossing it starts lap 1
    for car in race.cars:
        if car.crashed:                      # FGP 7.2: starts from the pit lane
            car.in_pit = True
            car.laps = 0
    race.sequence = list(grid)
    race.turn.phase = start_phase(race, "pole")        # FGP 7.2 [ADV]: TEAM RADIO first
    ev = [Event("grid", {"order": grid}, "FGP 6.2")]
    if grid:                        # the pole sitter leads the race from the start: it
        ev += _leader_token(race, grid[0])   # holds the Race Leader token (FGP 7.3.2, 13.3)
    return ev + race_start_weather(race)     # [ADV] FGP 7.2: the track temperature


def _leader_token(race: Race, seat: int) -> list[Event]:
    """FGP 13.3: the Focus Bonus token of the race leader is flipped to its
    Race Leader side (the leader cannot take the focus space)."""
    for car in race.cars:
        car.leader = False
    car = race.cars[seat]
    race.leader = seat
    car.leader = True
    ch = become_leader(car.stress)
    car.stress, car.focus = ch.stress, ch.focus
    return [Event("race_leader", {"seat": seat}, "FGP 13.3")]


def _pole(race: Race) -> list[Event]:
    race.turn.phase = "r1_cards"
    if not race.sequence or is_bot(race, race.sequence[0]):   # a BOT's pole is +2 LEDs (A129)
        return []
    pole = race.cars[race.sequence[0]]
    n = C.content_of(race).control.pole_draw
    ev: list[Event] = []
    drawn = C.draw_cards(race, pole, n, "FGP 7.2.1", events=ev)
    if not drawn:
        return ev
    race.move = {"pole": drawn}
    wait(race, "pole_keep", [pole.seat])
    return ev


def _pole_legal(race: Race, seat: int) -> list:
    return [PoleKeep(c.keep, c.top, c.bottom) for c in S.pole_bonus_choices(race.move["pole"])]


def _pole_act(race: Race, seat: int, action: PoleKeep) -> list[Event]:
    car = race.cars[seat]
    for c in reversed(action.top):                      # the kept card stays in hand
        C.put_on_top(car, c, "FGP 7.2.1")
    for c in action.bottom:
        C.return_to_bottom(car, c, "FGP 7.2.1")
    race.move = None
    return [Event("pole_bonus", {"seat": seat, "top": len(action.top),
                                 "bottom": len(action.bottom)}, "FGP 7.2.1")]


# ---- FGP 7.2.1 round 1: secret plays, order by LEDs -------------------------------------
def _r1_cards(race: Race) -> list[Event]:
    race.round = max(race.round, 1)          # a red-flag restart keeps its round number
    grid = list(race.sequence)
    for seat in grid:
        # FGP 13.10: a red flag in a restart's first round cuts it short; the play a
        # car had not driven yet is spent (its cards were shown and played)
        race.secret.pop(seat, None)
        # FGP 7.2 (A51): no movement card it can play (a BLUE card needs an ERS
        # charge, which a red-flag restart may not give: an ERS failure stays)
        race.cars[seat].stuck_in_neutral = not is_bot(race, seat) and (
            S.stuck_in_neutral(infos(race, seat)) or not _start_plays(race, seat))
    choosing = [s for s in grid if not race.cars[s].stuck_in_neutral and not is_bot(race, s)]
    race.turn.phase = "r1_order"
    ev = [Event("round", {"round": race.round, "flag": race.flag}, "FGP 7.2.1")]
    if choosing:
        wait(race, "start_cards", choosing)
    return ev


def _start_plays(race: Race, seat: int) -> list:
    car = race.cars[seat]
    return S.start_plays(infos(race, seat), ers=car.ers, no_pairs=stressed(race, seat))


def _start_legal(race: Race, seat: int) -> list:
    return [Cards(p.cards, declared(p.pace)) for p in _start_plays(race, seat)]


def declared(pace) -> tuple:
    """The declared colour of each ORANGE card of a play (FGP 4.3.1)."""
    return tuple(a for a, c in zip(pace.as_colour, pace.cards) if c == "orange")


def _start_act(race: Race, seat: int, action: Cards) -> list[Event]:
    race.secret[seat] = {"cards": list(action.cards), "orange_as": list(action.orange_as)}
    return [Event("secret_chosen", {"seat": seat}, "FGP 7.2.1")]


def start_play_of(race: Race, seat: int, cards, orange_as) -> S.StartPlay:
    for p in _start_plays(race, seat):
        if sorted(p.cards) == sorted(cards) and declared(p.pace) == tuple(orange_as):
            return p
    raise ValueError(f"seat {seat}: {cards} is not a round-1 play")


def _r1_order(race: Race) -> list[Event]:
    """FGP 7.2.1 steps 3-4: reveal together; most LEDs first, ties by grid."""
    ev: list[Event] = []
    leds = {}
    for seat, sec in sorted(race.secret.items()):
        p = start_play_of(race, seat, sec["cards"], sec["orange_as"])
        leds[seat] = p.leds
        car = race.cars[seat]
        for c in p.cards:                       # revealed: on the table, out of the hand
            C.play(car, c, "FGP 7.2.1")         # (Option: LEDs only, no EVENT draw)
        if p.tyre_wear:
            ev += C.add_wear(race, car, p.tyre_wear, "FGP 7.2.1")
        sec["movement"] = list(p.movement)
        chance.reveal(ev, "start_reveal", {"seat": seat, "cards": list(p.cards), "leds": p.leds},
                      "FGP 7.2.1")
    got, bot_leds = BS.start_leds(race, race.sequence)     # BOT 1.7.2.1, after the reveal
    ev += got
    leds.update(bot_leds)
    stuck = [s for s in race.sequence if race.cars[s].stuck_in_neutral]
    if "grid_order_start" in race.config.options:   # FGP 15.4 (A103): the grid's order
        leds = dict.fromkeys(leds, 0)
    race.sequence = S.round1_order(leds, race.sequence, stuck)
    race.seq_pos = 0
    race.done = []
    race.turn.phase = "turns"
    ev.append(Event("sequence", {"order": list(race.sequence)}, "FGP 7.2.1"))
    return ev


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
def _text(words):
    return lambda action: words


STEPS = (
    Step("returns", "FGP 7.3.1", _returns_legal, _returns_act, label="return drawn cards",
         concurrent=True, secret=True, why_not=_why_not_return,
         public_text=_text("decides which drawn cards to return (face down)")),
    Step("quali_cards", "FGP 6.1", _quali_legal, _quali_act, label="choose qualifying cards",
         concurrent=True, secret=True, key=canon,
         public_text=_text("chooses qualifying cards face down")),
    Step("push", "FGP 6.2", _push_legal, _push_act, label="push the limit or not"),
    Step("quali_save", "FGP 6.2", _save_legal, _save_act, label="counter-steer or crash",
         from_hand=True),
    Step("pole_keep", "FGP 7.2.1", _pole_legal, _pole_act, label="keep a card of the pole draw",
         secret=True, key=canon, public_text=_text("keeps one card and puts the others back"),
         # the table sees how many go on top and how many under, not which
         shows=lambda race, seat, a: (len(a.top), len(a.bottom))),
    Step("start_cards", "FGP 7.2.1", _start_legal, _start_act, label="choose start cards",
         concurrent=True, secret=True, key=canon,
         public_text=_text("chooses start cards face down")),
)

PHASES = {
    "qualifying": _qualifying, "q_cards": _q_cards, "q_reveal": _q_reveal, "q_push": _q_push,
    "grid": _grid, "pole": _pole, "r1_cards": _r1_cards, "r1_order": _r1_order,
}
