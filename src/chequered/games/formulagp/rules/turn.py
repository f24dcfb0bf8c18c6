"""One car's turn (FGP 7.3.3): its beginning, the preparations and the
movement play; then every movement point, extend or reduce
(rules/move_steps.py), the battle (rules/battle_steps.py) and the effects
(dice, hazards: rules/incident_steps.py).

`race.move` holds the turn in progress; its "stage" says what comes next:
  begin -> prep -> play -> moving <-> extend -> after_move -> battle... ->
  resolve -> incidents -> end
Stages that need a decision ask for it (rules/decide.py); the others run at
once. Each step module lists its stages in STAGES and its decisions in
STEPS; rules/steps.py joins them into the machine."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event, SharedEvents
from ....engine.steps import Step as Decision
from ..bot import move as BS
from ..bot import stress as BSTR
from ..bot import team_orders as TO
from . import optional_steps_c as OC
from ..actions import (Done, NoMove, Parameter, Play, PlayCard, QuickRepair, Spend,
                       canon, one)
from ..memo import keep
from ..state import Race
from . import card_effects as FX
from . import car_state as CS
from . import cards as C
from . import secondary as SF
from . import optional_steps_b as OB
from . import draw as D
from . import flags as F
from . import late_pit as LP
from . import movement as M
from . import pit as P
from . import radio_steps as RS
from . import weather_steps as WX
from .decide import wait
from .hazards import quick_repair, quick_repair_choices, rejoin_plan
from .move_routes import PREP_ROUTE
# the plays (FGP 7.3.3.5)
from .plays import _play_legal, _rejoining, _sc, gear_for
from .tyres import tyre_bonus, worn_out
from .where import race_round, track_of


# ---- the turns of a round -------------------------------------------------------------
def next_turn(race: Race) -> list[Event]:
    """FGP 7.3.2: the next car in the sequence that has not moved takes its
    turn; after the last, the round ends."""
    while race.seq_pos < len(race.sequence) and race.sequence[race.seq_pos] in race.done:
        race.seq_pos += 1
    if race.seq_pos >= len(race.sequence):
        race.turn.phase = "round_end"
        return []
    seat = race.sequence[race.seq_pos]
    race.move = {"seat": seat, "stage": "begin"}
    return []


# FGP 7.3.3: a public event, data only the seat: one a seat, shared by every race
_TURN_END = SharedEvents(lambda seat: Event("turn_end", {"seat": seat}, "FGP 7.3.3"))


def end_turn(race: Race) -> list[Event]:
    seat = race.move["seat"]
    car = race.cars[seat]
    FX.clear_turn_effects(car)
    car.moved = True
    car.mp_bonus = 0
    car.ot = 0
    car.characteristic_used = False
    race.done.append(seat)
    race.move = None
    race.seq_pos += 1
    return BSTR.after_move(race, seat) + [_TURN_END[seat]]


def car_of(race: Race):
    return race.cars[race.move["seat"]]


# ---- begin (FGP 7.3.3.1, 11.2, 13.4.5) ------------------------------------------------------
def _begin(race: Race) -> list[Event]:
    held = TO.w2w_turn(race)                            # FGP 14.4: a team order (option)
    if held is not None:
        return held
    mv = race.move
    car = car_of(race)
    # FGP 10.1: a tyres' RED roll that kept the car out of the pit lane spares
    # the roll of a pit entry on this turn only
    mv["skip_red"], car.skip_red = car.skip_red, False
    if car.lose_turn:                                   # FGP 13.11.1, 13.9.3
        car.lose_turn = False
        mv["stage"] = "end"
        return [Event("turn_lost", {"seat": car.seat}, "FGP 13.11")] + end_turn(race)
    if car.in_pit and car.box_wait > 0:                 # FGP 11.2: held in the box
        car.box_wait -= 1
        mv["stage"] = "end"
        return [Event("box_wait", {"seat": car.seat}, "FGP 11.2")] + end_turn(race)
    ev = _draw_failures(race, car)
    if car.in_pit and car.box_call:                     # FGP 11.2: the stop
        if race_round(race) == 1:
            # a car pushed into the pit lane before its round-1 move (A214): the
            # start cards it showed (FGP 7.2.1) are spent, never driven
            race.secret.pop(car.seat, None)
        mv["stage"] = "pit_stop"
        if mv.get("followups"):                         # the FAILURE card's, before the stop
            mv["stage"], mv["next"] = "incidents", "pit_stop"
        return ev
    trk = track_of(race)
    if car.in_pit:                                      # FGP 7.2: a pit-lane start
        car.space = trk.pit.exit_space
        car.in_pit = False
        mv["exit"] = True
        ev.append(Event("pit_exit", {"seat": car.seat}, "FGP 11.3"))
    elif car.space is not None and trk.spaces[car.space].pit_exit:
        # FGP 11.3: the turn after the stop starts on the pit-exit space: this
        # move leaves the pit lane (2nd gear, single cards) and the Cold Tyres
        # token lies by the car in this round and the next (A62)
        mv["exit"] = True
        car.cold_tyres = max(car.cold_tyres, P.cold_tyres_token())
        ev.append(Event("pit_exit", {"seat": car.seat}, "FGP 11.3"))
        ev.append(Event("cold_tyres", {"seat": car.seat, "rounds": car.cold_tyres},
                        "FGP 11.3"))
    if BS.drives(race, car.seat):                       # BOT 1.7.2, 2.1: no cards, the control card
        return ev + BS.begin_move(race)
    first = race_round(race) == 1
    fixed = race.secret.pop(car.seat, None) if first else \
        OC.momentum_play(race, car.seat)                # FGP 15.1 (option): the shown play
    if fixed is not None:                               # FGP 7.2.1: the revealed play,
        mv["fixed"] = fixed                             # after the free actions (A72)
        mv["stage"] = "prep"
        return ev
    if first and car.stuck_in_neutral:                  # FGP 7.2 (A51)
        return ev + _neutral(race)
    mv["stage"] = "prep"
    return ev


def _draw_failures(race: Race, car) -> list[Event]:
    """FGP 4.3.4 / 7.3.3.1: a Draw Failure card in the hand is played first,
    at the start of every turn the car takes (its pit stop too); the FAILURE
    card drawn is resolved, a 'no failure' one too (then discarded); the
    cards already by the board do not act again."""
    ev: list[Event] = []
    facts = C.card_facts(race)
    failing = []                # (a loop: a comprehension's cell is made at every call)
    for c in car.hand:
        if facts[c][0] == "draw_failure":
            failing.append(c)
    for c in failing:
        C.play(car, c, "FGP 4.3.4")
        ev += _queue(race, FX.draw_and_resolve(race, car.seat, "failure",
                                               situation=FX.Situation()))
    return ev


def _neutral(race: Race) -> list[Event]:
    """FGP 7.2: stuck in neutral: draw and discard until a movement card comes."""
    car = car_of(race)
    ev = []
    for _ in range(C.ACTION_DECK_SIZE):
        got = C.draw_cards(race, car, 1, "FGP 7.2", events=ev)
        if not got:
            break
        c = got[0]
        if C.kind_of(race, c) == "movement" and (C.colour_of(race, c) != "blue" or car.ers):
            chance.reveal(ev, "neutral_draw", {"seat": car.seat, "card": c}, "FGP 7.2")
            decl = ("green",) if C.colour_of(race, c) == "orange" else ()
            return ev + start_move(race, [c], decl, characteristic=False)
        if not C.is_tyre_wear(race, c) and not C.is_draw_failure(race, c):
            C.discard(car, c, "FGP 7.2")
            ev.append(C.face_down("discard", car.seat, c, "FGP 7.2"))
    race.move["stage"] = "end"
    return ev + [Event("no_move", {"seat": car.seat}, "FGP 7.2")] + end_turn(race)


# ---- FGP 7.3.3.1 preparations -------------------------------------------------------------
def _prep_stage(race: Race) -> list[Event]:
    wait(race, "prep", [race.move["seat"]])
    return []


_DONE = Done()
_YELLOW, _WHITE = Parameter("yellow"), Parameter("white")     # values: one object serves


_PREP_ROWS: dict = {}   # content dir -> _prep_rows


def _prep_rows(race: Race) -> dict:
    """card id -> (kind, whether it shows a 2x icon, its PlayCard of the
    preparations, its worn-tyre discard, whether it is a GREEN, RED or
    ORANGE movement card: always playable, D.has_playable_movement) of the
    ACTION cards: what the preparations read of each card in hand, with the
    actions ready made (values: one object per card serves every race),
    once per content."""
    got = _PREP_ROWS.get(race.content_dir)
    if got is None:
        icons = SF.pair_icons(race)
        how = {"option": "play", "tyre_wear": "tyre_wear"}
        got = {c: (k, c in icons, PlayCard(c, how[k]) if k in how else None,
                   PlayCard(c, "worn_discard") if k == "tyre_wear" else None,
                   k == "movement" and colour != "blue")
               for c, (k, colour) in C.card_facts(race).items()}
        _PREP_ROWS[race.content_dir] = got          # one store: key and answer
    return got


def _prep_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    out: list = []
    sc = _sc(race)
    fixed = race.move.get("fixed") is not None          # round 1: the play is revealed
    worn = None                 # worn-out tyres: read at the first Tyre Wear card
    rows = _PREP_ROWS.get(race.content_dir) or _prep_rows(race)
    options = not sc and not (fixed and race_round(race) == 1)      # FGP 7.2.3
    icons: list = []            # the hand's cards with a 2x icon (FGP 4.2.2), in order
    moves = False               # a movement card playable whatever the ERS
    # one pass over the hand: the Option and Tyre Wear plays, the 2x cards
    # and whether a movement card is surely playable
    for c in dict.fromkeys(car.hand):
        k, icon, play, worn_play, free = rows[c]
        if free:
            moves = True
        if icon:
            icons.append(c)
        if k == "option":
            if options:
                out.append(play)                        # FGP 4.3.3: draw an EVENT
        elif k == "tyre_wear":                          # one or more, each +1 wear (A73)
            out.append(play)                            # FGP 7.3.3.1: free hand space
            if worn is None:
                worn = worn_out(C.board_side(race, car), car.tyre, car.wear)
            if worn:
                out.append(worn_play)                   # FGP 10.1 / 4.3.2
    if sc:                      # FGP 13.9.2 benefits: one Tyre Wear card, any Option cards
        out += _sc_discards(race, car)
    if "radio" in race.decks:   # FGP 4.9 [ADV]: the TEAM RADIO deck (RS asks the rest)
        out += RS.prep_legal(race, seat, sc=sc, fixed=fixed)
    if not sc and car.held_events:
        for c in FX.held_event_choices(race, seat, when="turn"):
            out.append(one(PlayCard, c, "event"))
    params = car.params         # the parameter tokens not used yet (C.can_use_parameter)
    yellow = params.get("yellow", False)
    # the YELLOW token and a 2x ERS pair ask the same: read once (FGP 4.12, 8.8.1, 13.7)
    room = SF.ers_room(race, car) if yellow else None
    if len(icons) > 1 or car.held_events:               # (a pair is two cards)
        for f, a, b, *rest in SF.pair_spends(race, car, icons, room):
            out.append(one(Spend, f, (a, b), rest[0] if rest else None))
    if yellow and room:                                 # FGP 4.12, 13.7
        out.append(_YELLOW)
    if car.failures:
        for fid in dict.fromkeys(car.failures):
            for pay in quick_repair_choices(race, car, fid):
                out.append(QuickRepair(fid, tuple(pay)))
    if params.get("white", False):
        out.append(_WHITE)                              # FGP 4.12: at any time (A3)
    if sc and OB.fast_sc(race):                         # FGP 15.11.2 (option): no cards
        return OB.fast_sc_prep(race, seat, out)
    if fixed or moves or D.has_playable_movement(race, car):
        out.append(_DONE)
    else:
        out += [one(NoMove, ch) for ch in D.no_move_choices(race, seat) if ch != ("white",)]
    return out


def _prep_act(race: Race, seat: int, action) -> list[Event]:
    car = race.cars[seat]
    if "radio" in race.decks:   # FGP 4.9 [ADV]: a TEAM RADIO choice (only with the deck)
        radio = RS.prep_act(race, seat, action)
        if radio is not None:
            return radio
    if isinstance(action, Done):
        fixed = race.move.pop("fixed", None)
        if fixed is not None:                           # FGP 7.2.1: move with the revealed cards
            return start_move(race, fixed["movement"], fixed.get("orange_as", ()),
                              characteristic=fixed.get("characteristic", False), in_hand=False)
        if OB.fast_sc(race):                            # FGP 15.11.2 (option): 6 spaces
            return OB.fast_sc_move(race)
        race.move["stage"] = "play"
        if not race.move.get("now"):
            # the play asked at once, as the stage would (no round trip
            # through the machine's automatic steps)
            _play_stage(race)
        return []
    if isinstance(action, PlayCard):
        if action.how == "event":
            return _queue(race, FX.play_held_event(race, seat, action.card,
                                                   situation=FX.Situation()))
        if action.how == "worn_discard":
            C.discard(car, action.card, "FGP 10.1")
            return [C.face_down("discard", seat, action.card, "FGP 10.1")]
        if action.how == "sc_discard":
            C.discard(car, action.card, "FGP 13.9.2") if not C.is_tyre_wear(race, action.card) \
                else C.play(car, action.card, "FGP 13.9.2")
            if C.is_tyre_wear(race, action.card):
                race.move["sc_tyre_discard"] = True
            return [Event("sc_discard", {"seat": seat}, "FGP 13.9.2")]
        C.play(car, action.card, "FGP 7.3.3.1")
        if action.how == "tyre_wear":
            return [Event("play_tyre_wear", {"seat": seat}, "FGP 7.3.3.1")] \
                + wear(race, car, 1, "FGP 4.3.2")
        return [Event("play_option", {"seat": seat}, "FGP 4.3.3")] + _option_event(race, seat)
    if isinstance(action, Spend):
        choice = (action.function, *action.cards) + ((action.colour,) if action.colour else ())
        return SF.spend_pair(race, car, choice)
    if isinstance(action, Parameter):
        if action.colour == "white":                    # FGP 4.12: the cards to discard next
            race.move["white"] = []
            race.move["stage"] = "white"
            return []
        return C.use_parameter(race, car, action.colour)
    if isinstance(action, QuickRepair):
        return quick_repair(race, car, action.failure, action.cards)
    if isinstance(action, NoMove):
        return D.apply_no_move(race, seat, action.choice, draw_event=_option_event)
    raise AssertionError(action)


def _fu(outcome) -> list[dict]:
    return [{"kind": f.kind, "seat": f.seat, "data": f.data} for f in outcome.followups]


RACE_CONTROL_NOW = ("yellow_flag", "safety_car", "investigation")


def _option_event(race: Race, seat: int) -> list[Event]:
    """FGP 4.3.3: the Option card played draws an EVENT card, resolved now."""
    return _queue(race, FX.draw_and_resolve(race, seat, "event", situation=FX.Situation()))


def _queue(race: Race, outcome) -> list[Event]:
    """What a card played before the move asks of the round machine. Race
    control acts at once (A67): its yellow flag goes on the tile where the car
    stands, and a Safety Car or Red Flag it brings ends the round before the
    car moves (FGP 13.9.2 step 2, 13.10). A cut down to a lowered hand limit is
    made at once too (FGP 8.8, the 'now' queue); dice and the rest come after
    the move, with the move's own (A80)."""
    ev = list(outcome.events)
    for f in _fu(outcome):
        if f["kind"] in RACE_CONTROL_NOW:
            from .incident_steps import apply_followup     # (imported only when asked)
            sc = race.safety_car is not None
            ev += apply_followup(race, f["kind"], f["seat"], f["data"])
            if race.move.get("red_flag") or (race.safety_car is not None and not sc):
                race.move["stage"] = "end"              # the round is over: no move
                race.move.pop("followups", None)
                break
            continue
        now = f["kind"] == "discard" and f["data"].get("reason") == "hand_limit"
        race.move.setdefault("now" if now else "followups", []).append(f)
    return ev


# ---- FGP 7.3.3.2 / 7.3.3.5: the movement play ----------------------------------------------
def _play_stage(race: Race) -> list[Event]:
    wait(race, "play", [race.move["seat"]])
    return []


def _play_act(race: Race, seat: int, action: Play) -> list[Event]:
    return start_move(race, list(action.cards), action.orange_as,
                      characteristic=action.characteristic)


def move_points(race: Race, car, pace: str, gear: int, characteristic: bool):
    """FGP 7.3.3.2 / 7.3.3.5: the board's speed for the gear and pace, the tyre
    bonus (none while rejoining or after gravel), focus, the characteristic,
    secondary and card bonuses, [ADV] the Late Pit Bonus (FGP 11.4),
    DAMAGE/FAILURE maluses."""
    side = C.board_side(race, car)
    mods = FX.modifiers(race, car)
    bonus_off = _rejoining(car) or mods.no_tyre_bonus
    tb = 0 if bonus_off else tyre_bonus(side, car.tyre, car.wear, mods.tyre_bonus)
    # [ADV] the weather (FGP 10.2.1) and the Late Pit Bonus (FGP 11.4), asked
    # only in a race that has them
    if race.weather is not None:
        tb = WX.tyre_bonus(race, car, tb)
    event = car.mp_event
    malus = -mods.speed.get(gear, 0) + (-event if event < 0 else 0)
    late = LP.move_bonus(race, car, tyre_bonus_off=bonus_off) if LP.advanced(race) else 0
    # the points follow from these values alone: counted once per board
    # side and values (a MovementPoints nothing changes), served every race
    key = (race.content_dir, car.board, car.side, gear, pace, tb, characteristic,
           car.focus, car.mp_bonus, event, malus, late)
    got = _POINTS.get(key)
    if got is None:
        # (keep, not a lambda: a closure's cells are made at every call)
        got = keep(_POINTS, key, M.movement_points(
            side.speed, gear, pace, tyre_bonus=tb, characteristic=characteristic,
            focus=car.focus, secondary=car.mp_bonus, event=event if event > 0 else 0, malus=malus,
            late_pit=late))
    return got


def _sc_discards(race: Race, car) -> list:
    """FGP 13.9.2: the Safety Car discards of the preparations (apart: the
    comprehensions' cells would be made at every call of _prep_legal)."""
    kinds = {c: C.kind_of(race, c) for c in car.hand}
    return [one(PlayCard, c, "sc_discard") for what, c in F.sc_discard_choices(
        car.hand, kinds, tyre_wear_discarded=bool(race.move.get("sc_tyre_discard")))
        if what != "done"]


_POINTS: dict = {}      # (board side, gear, pace, bonuses, malus) -> M.movement_points


def start_move(race: Race, cards, orange_as, *, characteristic: bool,
               in_hand: bool = True) -> list[Event]:
    """Play the movement card(s) and count the movement points (FGP 7.3.3.5).
    `in_hand` False: round 1's cards, already revealed and out of the hand."""
    mv = race.move
    car = car_of(race)
    facts = C.card_facts(race)
    colours = []                # (a loop: a comprehension's cell is made at every call)
    for c in cards:
        colours.append(facts[c][1])
    pace = M.play_pace(colours, tuple(orange_as), no_pairs=False)
    ev: list[Event] = []
    for c in cards if in_hand else ():
        C.play(car, c, "FGP 7.3.3.2")
    if pace.ers_cost:
        ev += CS.spend_ers(race, car, pace.ers_cost, "FGP 4.3.1")
    gear = gear_for(race, car)
    mp = move_points(race, car, pace.pace, gear, characteristic)
    if characteristic:
        car.characteristic_used = True
    # FGP 4.3.1 / 13.3: a single GREEN card relieves stress (not in rounds 1-2)
    if pace.stress_relief and race_round(race) > 2 and not _sc(race):
        ev += CS.stress(race, car, -1, "FGP 13.3")[0]
    turn_mp = 0
    if car.rejoin is not None:                          # FGP 13.4.5
        plan = rejoin_plan(car.rejoin, spun=car.facing_back)
        turn_mp = plan.turn_mp
    total = mp.total
    mv.update(stage="moving", cards=list(cards), colours=list(pace.as_colour),
              pace=pace.pace, pair=pace.pair, lanes=pace.lane_changes,
              lc_wear=pace.lane_change_wear, mp=total, left=total, start=car.space,
              visited=[car.space] if car.space is not None else [], changes=0,
              reduced=False, extending=False, blocked=[], ahead=None, dice=[],
              blue=pace.ers_cost > 0, gear=gear, turning=turn_mp)
    if pace.yellow_die:
        mv["dice"].append("yellow")                     # FGP 4.11.2: every pair
    ev.append(Event("move_play", {"seat": car.seat, "cards": list(cards), "pace": pace.pace,
                                  "gear": gear, "mp": total}, "FGP 7.3.3.5"))
    if car.off_track or car.rejoin is not None:
        mv["stage"] = "rejoin"
    return ev


wear = CS.wear


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
STAGES = {"begin": _begin, "prep": _prep_stage, "play": _play_stage}     # "white": white_steps

def _prep_shows(race, seat, action):
    """What the table sees of a preparation: all of it, but the card of a
    face-down discard (FGP 10.1, 13.9.2); spent and played cards are shown."""
    if isinstance(action, PlayCard) and action.how in ("worn_discard", "sc_discard"):
        return ["face-down discard", action.how]
    return [type(action).__name__, repr(action)]


STEPS = (
    # the Option, EVENT and Tyre Wear cards played face up say so in their events;
    # a worn-tyre or Safety Car discard goes face down (FGP 10.1, 13.9.2)
    Decision("prep", "FGP 7.3.3.1", _prep_legal, _prep_act, label="prepare the move",
             secret=True, from_hand=True, key=canon, route=PREP_ROUTE,
             public_text=lambda action: "prepares the move", shows=_prep_shows),
    Decision("play", "FGP 7.3.3.5", _play_legal, _play_act, label="play movement cards",
             from_hand=True, key=canon),
)
