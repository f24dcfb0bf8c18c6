"""The race log in players' words: one line per event, naming cars by their
number and team, cards by colour and LEDs (ACTION) or by name (EVENT, RISK,
DAMAGE, FAILURE, DRIVER), places by tile and lane.

Every event kind the rules emit has its text here; an unknown kind is a bug
(tests/formulagp/test_turn_engine.py plays races and scans the sources to
make sure each has one). Events are described as their viewer sees them
(Event.seen_by): a face-down card's owner reads it, the others read that a
card went."""
from __future__ import annotations

from ...engine.chance import CHANCE_KINDS, describe_chance
from ...engine.protocol import Event
from .content import load_content
from .bot.text import BOT_TEXT, card_name
from .render_board import PARTS
from .rules import cards as C
from .rules.optional_steps_b import EVENT_TEXT as OB_TEXT
from .rules.optional_steps_c import EVENT_TEXT as OC_TEXT
from .rules.where import place_text
from .bot.optional import EVENT_TEXT as BOT7_TEXT
from .bot.team_orders import EVENT_TEXT as TEAM_TEXT
from .bot.stress import EVENT_TEXT as STRESS_TEXT

FUNCTIONS = {"counter_steer": "a counter-steer", "ot_plus1": "+1 OT", "brake": "Brake!",
             "ers_2x": "+1 ERS", "tyre_2x": "a tyre-wear space back",
             "parameter_2x": "a parameter token back", "mp_2x": "+1 MP"}
CAUSES = {"collision": "for a collision", "push": "for pushing a car", "end": "at the finish",
          "push_off": "for pushing a car off the track", "speeding": "for pit-lane speeding",
          "yellow_line": "for crossing a pit-lane yellow line", "investigation": "after the "
          "investigation", "card": "from a card",
          "time": "for going over the time limit"}


def _words(s) -> str:
    return str(s).replace("_", " ")


BLOCKED = {"ers": "ERS charge"}           # what a card's effect would have given


def _part(key) -> str:
    return PARTS.get(key, _words(key))


class Words:
    """Names for one state (or the shipped content when there is none)."""

    def __init__(self, state=None):
        self.state = state
        self.names = {c.seat: f"#{c.seat + 1} {c.team}" for c in state.cars} if state else {}
        self.content = C.content_of(state) if state is not None else load_content()

    def who(self, seat) -> str:
        if not isinstance(seat, int):
            return "a car"
        return self.names.get(seat) or f"car #{seat + 1}"

    def order(self, seats) -> str:
        return ", ".join(self.who(s) for s in seats) or "nobody"

    def card(self, cid) -> str:
        try:
            ac = C.action_card(self.content, cid)
        except KeyError:
            ac = None
        if ac is not None:
            led = f"{ac.leds} LED" + ("" if ac.leds == 1 else "s")
            if ac.kind == "movement":
                return f"{ac.colour.upper()} card ({led})"
            return {"tyre_wear": "Tyre Wear card", "option": f"Option card ({led})",
                    "draw_failure": "Draw Failure card"}[ac.kind]
        for deck in (self.content.event, self.content.risk, self.content.damage,
                     self.content.failure, self.content.driver, self.content.champions,
                     self.content.team_radio):
            for c in deck.cards:
                if c.id == cid:
                    return c.name
        return card_name(cid) or "a card"          # a BOT card, with what it says

    def cards(self, ids) -> str:
        return ", ".join(self.card(c) for c in ids) or "no cards"

    @staticmethod
    def place(d: dict) -> str:
        """Where an event happened: the tile and lanes it recorded (where.place)."""
        return place_text(d["tile"], d["lanes"], d.get("index"), d.get("count"),
                          d.get("pit_lane", False))


def _n(n, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _ers(d, w):
    if d.get("capped"):
        return f"{w.who(d['seat'])}: ERS down to its new maximum, {d['ers']}"
    return f"{w.who(d['seat'])} ERS {d['delta']:+d} (now {d['ers']})"


def _skipped(d, w):
    what = w.card(d["card"]) if d.get("card") else "a card"
    return f"{w.who(d['seat'])}: {what} has no {_words(d.get('effect', 'effect'))} effect now"


def _penalty(d, w):
    n = d.get("tokens", 1)
    cause = CAUSES.get(d.get("cause"), "")
    return f"{w.who(d['seat'])} gets {_n(n, 'penalty token')} {cause}".rstrip()


def _time_offence(d, w):
    if d["warning"]:
        return f"{w.who(d['seat'])} went over the time limit: warning {d['offence']} of 2"
    return f"{w.who(d['seat'])} went over the time limit again (offence {d['offence']})"


def _investigation(d, w):
    shown = [f"{w.who(int(s))} shows {w.cards(c)}" for s, c in d["shown"].items() if c]
    return "Investigation: " + ("; ".join(shown) if shown else "nobody holds an EVENT card")


def _points(d, w):
    pts = sorted(((int(s), p) for s, p in d["points"].items()), key=lambda x: -x[1])
    return "points: " + ", ".join(f"{w.who(s)} {p}" for s, p in pts)


def _result(d, w):
    winner = w.who(d["attacker"] if d["outcome"] == "attacker" else d["defender"])
    defender = w.who(d["defender"])
    defence = (f"{defender} does not defend" if d.get("defence") is None
               else f"{defender} defends with {d['defence']}")
    return (f"battle: {w.who(d['attacker'])} attacks with {d['attack']} LEDs, {defence}: "
            f"{winner} wins")


def _boost(d, w):
    used = (["an ERS charge"] if d["ers"] else []) + (["the driver skill"] if d["skill"] else []) \
        + [w.card(c) for c in d["events"]]
    return f"{w.who(d['seat'])} boosts with " + (", ".join(used) if used else "nothing")


def _stress(d, w):
    tail = " and is focused" if d.get("focus") else ""
    tail += ": STRESSED" if d.get("stressed") else ""
    return f"{w.who(d['seat'])} stress on space {d['stress']}{tail}"


def _quick_repair(d, w):
    paid = [w.card(c) for c in d.get("paid", ())] + \
        [f"the {p.upper()} parameter token" for p in d.get("parameters", ())]
    return f"{w.who(d['seat'])} repairs {w.card(d['card'])} at once, paying " + \
        (", ".join(paid) if paid else "nothing")


def _dice(d, w):
    face = d.get("face")
    if d.get("die") == "white":
        shown = f"{face} {d['colour']}"
    else:
        shown = _words(face)
    who = f"{w.who(d['seat'])} rolls" if "seat" in d else "Rolled"
    return f"{who} the {d['what']}: {shown}"


def _move_play(d, w):
    return (f"{w.who(d['seat'])} plays {w.cards(d['cards'])}: {d['pace'].upper()} pace in gear "
            f"{d['gear']}, {_n(d['mp'], 'movement point')}")


S = "seat"
EVENT_TEXT = {
    # ---- qualifying and the start (FGP 6, 7.2) ----
    "start_tyres": lambda d, w: "starting tyres: " + ", ".join(
        f"{w.who(int(s))} {t}" for s, t in d["tyres"].items()),
    "qualifying": lambda d, w: "-- qualifying --",
    "secret_chosen": lambda d, w: f"{w.who(d[S])} has chosen, face down",
    "quali_reveal": lambda d, w: f"{w.who(d[S])} shows {w.cards(d['cards'])}: qualifying "
                                 f"score {d['score']}",
    "no_push": lambda d, w: f"{w.who(d[S])} does not push the limit",
    "quali_score": lambda d, w: f"{w.who(d[S])} pushes the limit: qualifying score {d['score']}",
    # FGP 15.3 (option quali_die_roll)
    "quali_attempt": lambda d, w: f"{w.who(d[S])} sets a qualifying score of {d['score']} "
                                  f"(best {d['best']})",
    "quali_failed": lambda d, w: f"{w.who(d[S])} fails the qualifying attempt: score 0",
    "quali_no_retry": lambda d, w: f"{w.who(d[S])} makes no further qualifying attempt",
    "quali_crash": lambda d, w: f"{w.who(d[S])} crashes in qualifying and starts from the "
                                "pit lane",
    "grid": lambda d, w: "grid: " + w.order(d["order"]),
    "pole_bonus": lambda d, w: f"{w.who(d[S])} keeps one card, puts {_n(d['top'], 'card')} on "
                               f"top of the deck and {_n(d['bottom'], 'card')} under it",
    "start_reveal": lambda d, w: f"{w.who(d[S])} starts with {w.cards(d['cards'])}: "
                                 f"{_n(d['leds'], 'LED')}",
    "neutral_draw": lambda d, w: f"{w.who(d[S])} finds a gear: {w.card(d['card'])}",
    "no_move": lambda d, w: f"{w.who(d[S])} is stuck in neutral and does not move",
    # ---- rounds and the order (FGP 7.1-7.3) ----
    "round": lambda d, w: f"-- round {d['round']} (chequered flag on {d['flag']}) --",
    "sequence": lambda d, w: "order: " + w.order(d["order"]),
    "final_lap": lambda d, w: "final lap",
    "turn_end": lambda d, w: f"{w.who(d[S])} ends the turn",
    "turn_lost": lambda d, w: f"{w.who(d[S])} loses the turn",
    "lose_turn": lambda d, w: f"{w.who(d[S])} will lose the next turn",
    "disqualified": lambda d, w: f"{w.who(d[S])} is disqualified and classified last: "
                                 f"one tyre type all race ({', '.join(d['tyres'])})",
    "finish": lambda d, w: "classification: " + w.order(d["classification"]),
    "race_points": _points,
    "team_points": lambda d, w: "team points: " + ", ".join(
        f"{t} {p}" for t, p in d["points"].items()),
    "next_race": lambda d, w: f"next race: {d['track']}; pit boxes from the exit: "
                              + w.order(d["pit_order"]),
    # ---- cards (FGP 4, 7.3.1, 8.8) ----
    "return": lambda d, w: f"{w.who(d[S])} returns "
                           + (w.card(d["card"]) if "card" in d else "a card")
                           + " under the deck",
    "discard": lambda d, w: f"{w.who(d[S])} discards "
                            + (w.card(d["card"]) if "card" in d else "a card face down"),
    "discarded": lambda d, w: f"{w.who(d[S])} loses "
                              + (w.card(d["card"]) if "card" in d else "a card")
                              + ", taken at random",
    "pit_discard": lambda d, w: f"{w.who(d[S])} discards "
                                + (w.card(d["card"]) if "card" in d else "a card face down")
                                + " in the pit box",
    "discard_draw": lambda d, w: f"{w.who(d[S])} discards "
                                 + (w.card(d["card"]) if "card" in d else "a card face down")
                                 + " to draw another",
    "sc_discard": lambda d, w: f"{w.who(d[S])} discards a card face down under the Safety Car",
    "discard_none": lambda d, w: f"{w.who(d[S])} has no card that may be discarded",
    "play_tyre_wear": lambda d, w: f"{w.who(d[S])} plays a Tyre Wear card",
    "play_draw_failure": lambda d, w: f"{w.who(d[S])} plays the Draw Failure card",
    "no_move_play": lambda d, w: f"{w.who(d[S])} has no movement card: plays "
                                 f"{w.card(d['card'])} and draws one",
    "play_option": lambda d, w: f"{w.who(d[S])} plays an Option card and draws an EVENT card",
    # ---- [ADV] TEAM RADIO cards (FGP 4.9) ----
    "play_option_radio": lambda d, w: f"{w.who(d[S])} plays an Option card to change the "
                                      "TEAM RADIO card",
    "radio_used": lambda d, w: f"{w.who(d[S])} uses the TEAM RADIO card {w.card(d['card'])}",
    "radio_swapped": lambda d, w: f"{w.who(d[S])} takes {w.card(d['took'])} from the TEAM RADIO "
                                  "discard pile" + (f" and puts {w.card(d['gave'])} there"
                                                    if d.get("gave") else ""),
    "radio_discarded": lambda d, w: f"{w.who(d[S])} puts {w.cards(d['cards'])} face up on the "
                                    "TEAM RADIO discard pile",
    "radio_kept": lambda d, w: f"{w.who(d[S])} keeps the TEAM RADIO card",
    "event_held": lambda d, w: f"{w.who(d[S])} keeps the EVENT card face down",
    "event_drawn": lambda d, w: f"{w.who(d[S])} draws the EVENT card {w.card(d['card'])}",
    "event_played": lambda d, w: f"{w.who(d[S])} plays the EVENT card {w.card(d['card'])}",
    "card_resolved": lambda d, w: f"{w.card(d['card'])} takes effect for {w.who(d[S])}",
    "damage_drawn": lambda d, w: f"{w.who(d[S])}: {w.card(d['card'])} "
                                 + ("lies by the board" if d.get("held", True)
                                    else "does no damage"),
    "failure_drawn": lambda d, w: f"{w.who(d[S])}: {w.card(d['card'])} "
                                  + ("lies by the board" if d.get("held", True)
                                     else "means no failure"),
    "damage_ignored": lambda d, w: f"{w.who(d[S])} takes no more damage this round",
    "deck_empty": lambda d, w: f"the {d['deck'].upper()} deck is empty",
    "draw_stopped": lambda d, w: f"{w.who(d[S])} draws no more {d['deck'].upper()} cards",
    "spend": lambda d, w: f"{w.who(d[S])} spends {w.card(d['card'])} for "
                          f"{FUNCTIONS.get(d['function'], _words(d['function']))}",
    "spend_pair": lambda d, w: f"{w.who(d[S])} spends {w.cards(d['cards'])} for "
                               f"{FUNCTIONS.get(d['function'], _words(d['function']))}",
    "parameter": lambda d, w: f"{w.who(d[S])} uses the {d['colour'].upper()} parameter token"
                              + (f", discarding {_n(d['discarded'], 'card')}"
                                 if d.get("discarded") else ""),
    "parameter_restored": lambda d, w: f"{w.who(d[S])} gets the {d['colour'].upper()} "
                                       "parameter token back",
    "parameter_lost": lambda d, w: f"{w.who(d[S])} loses the {d['colour'].upper()} "
                                   "parameter token",
    "quick_repair": _quick_repair,
    "effect_skipped": _skipped,
    "effect_blocked": lambda d, w: (f"{w.who(d[S])}: no "
                                    f"{BLOCKED.get(d['effect'], _words(d['effect']))} while "
                                    f"{_part(d['by'])} is out of order"),
    "damage_token": lambda d, w: f"{w.who(d[S])}: {w.card(d['card'])} covers "
                                 f"{_part(d['key'])}",
    "failure_token": lambda d, w: f"{w.who(d[S])}: {w.card(d['card'])} puts "
                                  f"{_part(d['key'])} out of order",
    "repaired": lambda d, w: f"{w.who(d[S])} repairs {w.card(d['card'])}",
    "repair": lambda d, w: f"{w.who(d[S])} repairs {_n(d['n'], 'card')}",
    "mp_event": lambda d, w: f"{w.who(d[S])} movement points this turn {d['delta']:+d}",
    "leds_event": lambda d, w: f"{w.who(d[S])} battle LEDs {d['delta']:+d}",
    "no_pairs_next": lambda d, w: f"{w.who(d[S])} may play no pair "
                                  + ("until repaired" if d.get("until") == "repaired"
                                     else "next turn"),
    "no_tyre_bonus_next": lambda d, w: f"{w.who(d[S])} has no tyre bonus "
                                       + ("until repaired" if d.get("until") == "repaired"
                                          else "next turn"),
    "cold_tyres": lambda d, w: f"{w.who(d[S])} has cold tyres for {_n(d['rounds'], 'round')}",
    # ---- the car: ERS, OT, stress, tyres (FGP 4.10, 4.12, 5.1.3, 10, 13.3) ----
    "ers": _ers,
    "ers_spent": lambda d, w: f"{w.who(d[S])} spends {_n(d['n'], 'ERS charge')} "
                              f"(now {d['ers']})"
                              + (f" and must discard {_n(d['must_discard'], 'card')}"
                                 if d.get("must_discard") else ""),
    "ot": lambda d, w: f"{w.who(d[S])} OT {d['delta']:+d} (now {d['ot']})",
    "stress": _stress,
    "race_leader": lambda d, w: f"{w.who(d[S])} takes the race-leader token",
    "tyre_wear": lambda d, w: f"{w.who(d[S])} tyre wear {d['delta']:+d} (marker on {d['wear']})",
    "tyre_bonus": lambda d, w: f"{w.who(d[S])} tyre bonus: "
                               + ({"none": "gone", "fresh": "fresh side"}.get(d["side"])
                                  or f"{d['side']} side"),
    "red_die_tyres": lambda d, w: f"{w.who(d[S])} tyres reach the RED die: RED after every move",
    "tyres": lambda d, w: f"{w.who(d[S])} fits {d['tyre']} tyres",
    # ---- [ADV] the weather (FGP 3.3, 13.1, 13.1.1, 13.13.4) ----
    "weather": lambda d, w: f"the forecast: {w.content.weather.card(d['card']).name}",
    "weather_token": lambda d, w: f"the Weather token on radar space {d['space']}"
                                  + (" (a forecast check)" if d["side"] == "die"
                                     else " (the weather changes there)"),
    "forecast": lambda d, w: f"forecast check {d['total']}: " + {
        "none": "the weather holds", "now": "the weather changes now",
        "later": "the weather will change"}[d["result"]],
    "weather_change": lambda d, w: "the weather changes: "
                                   + w.content.weather.card(d["card"]).name,
    "track_temperature": lambda d, w: f"track temperature: {d['temperature']}",
    "standing_water": lambda d, w: "standing water on tile"
                                   + ("s " if len(d["tiles"]) > 1 else " ")
                                   + ", ".join(str(t) for t in d["tiles"]),
    "standing_water_hit": lambda d, w: f"{w.who(d[S])} stops in the standing water on tile "
                                       f"{d['tile']}",
    "water_dried": lambda d, w: f"the standing water on tile {d['tile']} is gone",
    # ---- moving (FGP 7.3.3, 8) ----
    "move_play": _move_play,
    "step": lambda d, w: f"{w.who(d[S])} to {w.place(d)}",
    "lap": lambda d, w: f"{w.who(d[S])} completes lap {d['laps']}",
    "extend": lambda d, w: f"{w.who(d[S])} extends with "
                           + ("an ERS charge" if d["via"] == "ers" else "a Tyre Wear card"),
    # FGP 15.7.1 (option ot_management)
    "brake": lambda d, w: f"{w.who(d[S])} brakes before the battle: OT {d['ot']}",
    "ot_overrun": lambda d, w: f"{w.who(d[S])} cannot hold back the OT left: " + {
        "collision": "into the car ahead", "wall": "into the wall",
        "off_track": "off the track"}[d["result"]],
    "reduce": lambda d, w: f"{w.who(d[S])} stops early: {_n(d['charge'], 'point')} to ERS, "
                           f"{d['brake']} braked",
    "points_lost": lambda d, w: f"{w.who(d[S])} cannot go further: "
                                f"{_n(d['n'], 'movement point')} lost",
    "drs": lambda d, w: f"{w.who(d[S])} DRS to {w.place(d)}",
    "stop_behind": lambda d, w: f"{w.who(d[S])} stops behind, {_n(d['left'], 'point')} left",
    "push": lambda d, w: f"{w.who(d[S])} pushes {w.who(d['pushed'])} aside",
    "turned": lambda d, w: f"{w.who(d[S])} turns the car round",
    "rejoin": lambda d, w: f"{w.who(d[S])} rejoins at {w.place(d)}",
    # ---- battles (FGP 9) ----
    "ot_charge": lambda d, w: f"{w.who(d[S])} OT {d['ot']}"
                              + (f" ({d['lost']} lost)" if d.get("lost") else ""),
    "battle": lambda d, w: f"{w.who(d['attacker'])} attacks {w.who(d['defender'])} with OT "
                           f"{d['ot']}",
    "no_battle": lambda d, w: f"{w.who(d[S])} does not attack"
                              + (f", {d['ot_lost']} OT wasted" if d.get("ot_lost") else ""),
    "second_attempt": lambda d, w: f"{w.who(d[S])} attacks {w.who(d['defender'])} again "
                                   f"with OT {d['ot']}",
    "no_second_attempt": lambda d, w: f"{w.who(d[S])} does not attack again"
                                      + (f", {d['ot_lost']} OT wasted" if d.get("ot_lost") else ""),
    "battle_cards_wanted": lambda d, w: "both cars choose their battle cards face down",
    "battle_reveal": lambda d, w: f"{w.who(d[S])} shows {w.cards(d['cards'])}",
    "battle_boost": _boost,
    "battle_result": _result,
    "overtake": lambda d, w: f"{w.who(d[S])} overtakes to {w.place(d)}",
    "secondary_attack": lambda d, w: f"{w.who(d[S])} attacks {w.who(d['target'])} from the "
                                     f"slipstream with {w.card(d['card'])}",
    "secondary_declined": lambda d, w: f"{w.who(d[S])} does not attack from the slipstream",
    "lapping_attempt": lambda d, w: f"{w.who(d[S])} holds off the lapping car "
                                    f"({_n(d['attempts'], 'attempt')})",
    # ---- incidents (FGP 13) ----
    "loss_of_control": lambda d, w: f"{w.who(d[S])} loses control: {_words(d['result'])}"
                                    + (", spun" if d.get("spun") else ""),
    "collision": lambda d, w: f"{w.who(d[S])} collides with "
                              + (w.who(d["hit"]) if d.get("hit") is not None else "a car"),
    "collision_over": lambda d, w: f"{w.who(d[S])} and {w.who(d['hit'])} are already in this "
                                   "collision",
    "pit_wall": lambda d, w: f"{w.who(d[S])} hits the pit wall",
    "bot_no_stop": lambda d, w: f"{w.who(d[S])} (Rookie BOT) makes no stop: through the pit "
                                "lane to the pit exit",
    "pushed_into_pit_lane": lambda d, w: f"{w.who(d[S])} is pushed across the yellow line "
                                         "into the pit lane: its next turn is a pit stop",
    "penalty": _penalty,
    "time_offence": _time_offence,
    "gravel": lambda d, w: f"{w.who(d[S])} clears the gravel on tile {d['tile']}",
    "hazard": lambda d, w: f"{_words(d['token'])} on tile {d['tile']}",
    # [ADV] FGP 11.4, 13.13.2, 13.13.3
    "fresh_tyres": lambda d, w: "Fresh Tyres tokens go into the pit boxes: a new set from now "
                                "on brings the late pit bonus",
    "late_pit_bonus": lambda d, w: f"{w.who(d[S])} takes a Fresh Tyres token (late pit bonus)",
    "debris_hit": lambda d, w: f"{w.who(d[S])} runs over the debris on tile {d['tile']}",
    "debris_avoided": lambda d, w: f"{w.who(d[S])} changes lanes round the debris on tile "
                                   f"{d['tile']}",
    "oil_hit": lambda d, w: f"{w.who(d[S])} spins on the oil on tile {d['tile']}",
    "yellow_flag": lambda d, w: f"yellow flag on tile {d['tile']} (race control "
                                f"{d['panel']})",
    "yellow_flag_later": lambda d, w: f"{w.who(d[S])}: the yellow flag waits for the end of "
                                      "round 1",
    "race_control": lambda d, w: f"race control yellow token on {d['panel']}",
    "flags_cleared": lambda d, w: "a yellow zone ends",
    "safety_car": lambda d, w: f"SAFETY CAR on tile {d['tile']} until flag {d['until']}",
    "safety_car_in": lambda d, w: "the Safety Car comes in",
    "safety_car_not_needed": lambda d, w: "race control keeps the Safety Car in the pit lane",
    "yellow_zone_extended": lambda d, w: f"another incident in the yellow zone on tile "
                                         f"{d['tile']}: it lasts a round longer (race control "
                                         f"{d['panel']})",
    "virtual_safety_car": lambda d, w: f"VIRTUAL SAFETY CAR, called by {w.who(d[S])}",
    "vsc_plan": lambda d, w: f"under the VSC every car drives {_n(d['steps'], 'space')}: "
                             + w.order(d["movers"]),
    "vsc_step": lambda d, w: f"{w.who(d[S])} to {w.place(d)}",
    "vsc_end": lambda d, w: "the Virtual Safety Car ends",
    "red_flag": lambda d, w: "RED FLAG: the grid is " + w.order(d["grid"]),
    "red_flag_final": lambda d, w: "RED FLAG in the final round: the race ends here, the cars "
                                   "classified where they stand",
    "investigation": _investigation,
    "blue_flag": lambda d, w: f"{w.who(d[S])} is {_n(d['laps_down'], 'lap')} down"
                              if d["laps_down"] else f"{w.who(d[S])} is on the lead lap",
    "unlapped": lambda d, w: f"{w.who(d[S])} gets a lap back and moves again",
    # ---- pit stops (FGP 11) ----
    "pit_entry": lambda d, w: f"{w.who(d[S])} enters the pit lane"
                              + (f", {_n(d['lost'], 'point')} lost" if d.get("lost") else ""),
    "box_wait": lambda d, w: f"{w.who(d[S])} waits in the pit box",
    "penalty_served": lambda d, w: f"{w.who(d[S])} serves {_n(d['tokens'], 'penalty token')} "
                                   f"in the box: {_n(d['rounds'], 'round')}",
    "to_pit_exit": lambda d, w: f"{w.who(d[S])} waits at the pit exit",
    "pit_exit_order": lambda d, w: "pit exit order: " + w.order(d["order"]),
    "pit_exit": lambda d, w: f"{w.who(d[S])} leaves the pit lane",
    **BOT_TEXT,                                     # BOT 1 (bot/text.py)
}


EVENT_TEXT.update(OB_TEXT)                  # FGP 15.8-15.13 optional rules
EVENT_TEXT.update(OC_TEXT)                  # FGP 15.1, 15.7.2, 15.8, 15.12, 15.13
EVENT_TEXT.update(BOT7_TEXT)                # BOT 7 optional Pro BOT rules (bot/optional.py)
EVENT_TEXT.update(TEAM_TEXT)                # FGP 14.4 team orders, BOT 3.5 (bot/team_orders.py)
EVENT_TEXT.update(STRESS_TEXT)              # BOT 7.4 (bot/stress.py)


def describe(event: Event, state=None) -> str:
    """One log line for an event as its viewer sees it, with the rule cited."""
    w = Words(state)
    if event.kind == "roll":
        body = _dice(event.data, w)
    elif event.kind == "chance":
        body = f"drawn by lot: {event.data.get('what', 'a choice')}"
    elif event.kind in CHANCE_KINDS:
        seats = range(max(len(w.names), (event.data.get("seat") or 0) + 1))
        body = describe_chance(event, {s: w.who(s) for s in seats}, w.card)
    else:
        body = EVENT_TEXT[event.kind](event.data, w)
    return f"{body} ({event.rule})"
