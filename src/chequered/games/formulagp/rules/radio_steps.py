"""[ADV] TEAM RADIO decisions (FGP 4.9, 4.3.3, 7.2, 11.2); the rules are
rules/team_radio.py (its notes list the choices A94-A97).

- The race start (FGP 7.2, A94): phase `radio_deal` draws two cards for every
  player, who keeps one face down (step `radio_pick`, all at once); phase
  `radio_shown` puts the others on the discard pile, then the pole bonus.
- The preparations of a turn (FGP 7.3.3.1): an Option card may be played to
  change the card (FGP 4.3.3) instead of drawing an EVENT card, and the card
  held may be used (A96): `prep_legal` / `prep_act`, called by rules/turn.py;
  the Option card of the no-movement procedure (FGP 7.3.1 step 3) too.
- A change, with an Option card or free in the pit stop (FGP 11.2, A97): stage
  `radio_swap` (the discard pile's top card, or draw two) and, after a draw,
  stage `radio_keep`; then the turn goes on at the stage it came from.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import Done, NoMove, PlayCard, RadioKeep, RadioSwap, UseRadio
from ..state import Race
from ..bot.table import is_bot
from . import cards as C
from . import draw as D
from . import team_radio as TR
from .decide import wait

RULE = TR.RULE


# ---- FGP 7.2 / A94: the card every player starts with ---------------------------------
def start_phase(race: Race, then: str) -> str:
    """The phase after the grid: the TEAM RADIO deal in an Advanced race."""
    return "radio_deal" if TR.in_play(race) else then


def _deal(race: Race) -> list[Event]:
    ev: list[Event] = []
    for s in _order(race):
        if not is_bot(race, s):         # A158: "each player"; the BOT rules give BOTs none
            TR.draw(race, race.cars[s], ev)
    race.turn.phase = "radio_shown"
    seats = [c.seat for c in race.cars if c.radio_drawn]
    if seats:
        wait(race, "radio_pick", seats)
    return ev


def _order(race: Race) -> list[int]:
    """Grid order (the pole sitter first), then any car without a grid place."""
    return list(dict.fromkeys([*race.sequence, *(c.seat for c in race.cars)]))


def _pick_legal(race: Race, seat: int) -> list:
    return [RadioKeep(c) for c in dict.fromkeys(race.cars[seat].radio_drawn)]


def _pick_act(race: Race, seat: int, action: RadioKeep) -> list[Event]:
    TR.keep(race, race.cars[seat], action.card, [], show=False)
    return [Event("secret_chosen", {"seat": seat}, RULE)]


def _shown(race: Race) -> list[Event]:
    ev: list[Event] = []
    TR.show_discards(race, _order(race), ev)
    race.turn.phase = "pole"
    return ev


# ---- FGP 7.3.3.1: the preparations ----------------------------------------------------------
def prep_legal(race: Race, seat: int, *, sc: bool, fixed: bool) -> list:
    """The TEAM RADIO choices of the preparations: an Option card played for a
    change (FGP 4.3.3: not in round 1 nor under the Safety Car, as for an EVENT
    card), and the card held used (A96)."""
    if not TR.in_play(race):
        return []
    car = race.cars[seat]
    out: list = []
    if not sc and not fixed and TR.ways(race):
        out += [PlayCard(c, "radio") for c in dict.fromkeys(car.hand)
                if C.kind_of(race, c) == "option"]
    if TR.usable(race, seat, used=race.move.get("radio"), fixed=fixed):
        out.append(UseRadio(car.radio))
    if not fixed and TR.ways(race) and not D.has_playable_movement(race, car):
        # FGP 7.3.1 step 3: the Option card played and "resolved immediately" there
        # may change the TEAM RADIO card too (FGP 4.3.3)
        out += [NoMove(("play_radio", ch[1])) for ch in D.no_move_choices(race, seat)
                if ch[0] == "play" and C.kind_of(race, ch[1]) == "option"]
    return out


def prep_act(race: Race, seat: int, action) -> list[Event] | None:
    """Carry out a TEAM RADIO preparation; None when the action is another."""
    car = race.cars[seat]
    if isinstance(action, UseRadio):
        from .turn import _queue                    # its dice come after the move (A80)
        race.move["radio"] = action.card            # once a turn; no pairs (FGP 4.9)
        return _queue(race, TR.use(race, seat))
    if isinstance(action, PlayCard) and action.how == "radio":
        C.play(car, action.card, "FGP 4.3.3")
        return _option_radio(race, seat)
    if isinstance(action, NoMove) and action.choice[:1] == ("play_radio",):
        return D.apply_no_move(race, seat, ("play", action.choice[1]), draw_event=_option_radio)
    return None


def _option_radio(race: Race, seat: int) -> list[Event]:
    """FGP 4.3.3 / 4.9: the Option card played asks for the change now."""
    ask_swap(race, "prep", free=False)
    return [Event("play_option_radio", {"seat": seat}, "FGP 4.3.3")]


# ---- a change: the Option card (FGP 4.9) or the pit stop (FGP 11.2, A97) -----------------------
def ask_swap(race: Race, then: str, *, free: bool) -> None:
    """Ask for a change now; the turn then goes on at stage `then`. free: the
    pit stop's change, which the player may also decline."""
    race.move.update(stage="radio_swap", radio_then=then, radio_free=free)


def pit_change(race: Race, then: str) -> str:
    """FGP 11.2 [ADV]: the stage after the tyres and repairs: the free change
    of the TEAM RADIO card in an Advanced race, else `then`."""
    if not TR.in_play(race) or is_bot(race, race.move["seat"]):      # A158
        return then
    ask_swap(race, then, free=True)
    return "radio_swap"


def _back(race: Race) -> list[Event]:
    mv = race.move
    mv["stage"] = mv.pop("radio_then")
    mv.pop("radio_free", None)
    return []


def _swap_stage(race: Race) -> list[Event]:
    wait(race, "radio_swap", [race.move["seat"]])
    return []


def _swap_legal(race: Race, seat: int) -> list:
    out: list = [RadioSwap(w) for w in TR.ways(race)]
    if race.move.get("radio_free") or not out:
        out.append(Done())                          # keep the card held (A97)
    return out


def _swap_act(race: Race, seat: int, action) -> list[Event]:
    car = race.cars[seat]
    ev: list[Event] = []
    if isinstance(action, Done):
        return [Event("radio_kept", {"seat": seat}, "FGP 11.2")] + _back(race)
    if action.way == "discard":
        TR.swap_with_discards(race, car, ev)
        return ev + _back(race)
    TR.draw(race, car, ev)
    race.move["stage"] = "radio_keep"
    return ev


def _keep_stage(race: Race) -> list[Event]:
    wait(race, "radio_keep", [race.move["seat"]])
    return []


def _keep_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    held = [car.radio] if car.radio is not None else []
    return [RadioKeep(c) for c in dict.fromkeys([*car.radio_drawn, *held])]


def _keep_act(race: Race, seat: int, action: RadioKeep) -> list[Event]:
    ev: list[Event] = []
    TR.keep(race, race.cars[seat], action.card, ev)
    return ev + _back(race)


# ---- the tables (rules/steps.py joins every module's) ----------------------------------------
PHASES = {"radio_deal": _deal, "radio_shown": _shown}
STAGES = {"radio_swap": _swap_stage, "radio_keep": _keep_stage}

STEPS = (
    Step("radio_pick", "FGP 4.9", _pick_legal, _pick_act, label="keep a TEAM RADIO card",
         concurrent=True, secret=True, from_hand=True,
         public_text=lambda action: "keeps a TEAM RADIO card face down"),
    Step("radio_swap", "FGP 4.9", _swap_legal, _swap_act, label="change the TEAM RADIO card"),
    Step("radio_keep", "FGP 4.9", _keep_legal, _keep_act, label="keep a TEAM RADIO card",
         secret=True, from_hand=True,
         public_text=lambda action: "keeps a TEAM RADIO card face down"),
)
