"""The BOT cards and BOT events in players' words, for the race log: the
card drawn and what it says, as the table reads it (log.py uses these)."""
from __future__ import annotations

from .content import load_bot_content

RESPONSE = {"surrender": "gives up its place in the sequence",
            "not_aggressive": "drives on straight ahead (or waits)",
            "aggressive": "changes lanes at the other car"}
AGGRESSION = {"leds": "LEDs only", "die": "adds the WHITE die (a green face aborts)",
              "join": "adds a second BATTLE card", "lose": "redraws if it would lose",
              "best": "draws two and keeps the better", "worst": "draws two and keeps the worse",
              "cross": "aborts"}
HAZARD = {"move": "RED-die hazard after the move", "corner": "RED-die hazard on the corner bonus",
          "battle": "RED-die hazard after an overtake attempt"}
DECISION = {"yes": "{} always", "roll": "{} on a green WHITE die", "no": "never {}"}


def _tyres_by_face(tyres) -> str:
    by: dict[str, list[str]] = {}
    for i, t in enumerate(tyres, 1):
        by.setdefault(t, []).append(str(i))
    return ", ".join(f"{t} on {'/'.join(f)}" for t, f in by.items())


def _lane(c) -> str:
    if c.lane == 0:
        return "stays in its lane"
    edge = "the left edge" if c.tile == "straight" else "the inside"
    where = "straights" if c.tile == "straight" else "curves"
    return f"takes lane {c.lane} from {edge} on {where}"


def card_name(cid, directory: str | None = None) -> str | None:
    """'STRATEGY card S03: ...' for a BOT card id, None for any other id."""
    bc = load_bot_content(directory)
    if not isinstance(cid, str):
        return None
    if cid.startswith("STR"):
        c = next((c for c in bc.strategy if c.id == cid), None)
        if c:
            pit = ("rolls the WHITE die at the stop (" + _tyres_by_face(c.pit_roll) + ")"
                   if c.pit == "roll" else f"fits {c.pit} at the stop")
            return (f"STRATEGY card {cid}: starts {_tyres_by_face(c.start)}; {pit}; "
                    f"weather change: {c.weather[0]}, then {c.weather[1]}")
    if cid.startswith("TAC"):
        c = next((c for c in bc.tactics if c.id == cid), None)
        if c:
            if c.failure:
                return (f"TACTICS card {cid} (Failure): to the pit lane at once, no attack "
                        f"or defence, yellow arrow {c.arrow}")
            parts = [_lane(c), f"yellow arrow {c.arrow}",
                     f"blocked: green {RESPONSE[c.blocked.green]}, red {RESPONSE[c.blocked.red]}",
                     f"corners {c.corner:+d}", DECISION[c.attack].format("attacks"),
                     DECISION[c.defend].format("defends")]
            if c.hazard:
                parts.append(HAZARD[c.hazard])
            # a Rookie-marked card also serves the Pro BOTs (BOT 1.1): say it is a mark,
            # so that "(Rookie)" is not read as the driver's kind
            mark = " (single-LED Rookie mark)" if c.rookie else ""
            return f"TACTICS card {cid}{mark}: " + "; ".join(parts)
    if cid.startswith("BAT"):
        c = next((c for c in bc.battle if c.id == cid), None)
        if c:
            return (f"BATTLE card {cid}: {c.leds} LED{'s' if c.leds != 1 else ''}, {c.ot} OT, "
                    f"{AGGRESSION[c.aggression]}")
    return None


def _pro(d, w):
    side = "faster" if d["side"] == "fast" else "slower"
    bonus = ", +1 MP bonus" if d.get("bonus") else ""
    pit = d["pit"]
    return (f"{w.who(d['seat'])} is a Pro BOT: control card {d['card']} ({side} side{bonus}, "
            f"max OT {d['max_ot']}), starts on {d['tyre']} tyres; " + _token_place(pit, w))


def _token_place(p, w) -> str:
    """Where a Pro BOT's Pit token goes (BOT 1.3.2, 5.2): a radar space after the
    race's last one means no further stop."""
    last = w.state.final_flag if w.state is not None else None
    if last is not None and p["space"] > last:
        return (f"no further stop planned (its Pit token would go on round {p['round']}, "
                "after the last round)")
    return (f"its Pit token goes on round {p['round']} (radar space {p['space']}), "
            f"{p['icon'].upper()} side up")


def _rookie(d, w):
    side = "faster" if d["side"] == "fast" else "slower"
    return (f"Rookie BOTs {w.order(d['seats'])}: control card {d['card']} ({side} side), "
            f"their TACTICS card {d['tactics']}")


def _quali(d, w):
    if d["crashed"]:
        return f"{w.who(d['seat'])} (BOT) crashes in qualifying: two BATTLE cards with no LEDs"
    leds = d["score"] - d["base"]
    return (f"{w.who(d['seat'])} (BOT) qualifies with {d['score']}: {d['base']} from its control "
            f"card and tyres, {_leds(leds)} on BATTLE card {d['cards'][-1]}")


def _start(d, w):
    pole = ", +2 on pole" if d["pole"] else ""
    return f"{w.who(d['seat'])} (BOT) starts with {_leds(d['leds'])} (BATTLE card {d['card']}{pole})"


def _leds(n: int) -> str:
    return f"{n} LED" + ("" if n == 1 else "s")


def _tactics(d, w):
    old = f"discards TACTICS card {d['old']} and " if d.get("old") else ""
    return f"{w.who(d['seat'])} (BOT) {old}drives by TACTICS card {d['card']}"


WHY = {"rejoin": " (back onto the track)", "yellow": " (yellow flag)", "sc": " (behind the Safety Car)",
       "w2w": " (wheel-to-wheel: the WHITE die)", "wet": " (dry tyres on a wet track: the WHITE die)"}


def _move(d, w):
    return (f"{w.who(d['seat'])} (BOT) drives {d['pace'].upper()} pace{WHY.get(d.get('why'), '')}"
            f" in gear {d['gear']}: {d['mp']} MP from its control card")


def _decision(d, w):
    role = "attack" if d["role"] == "attack" else "defend"
    return (f"{w.who(d['seat'])} (BOT) {'decides to ' + role if d['yes'] else 'does not ' + role}"
            f" (TACTICS card {d['card']})")


def _score(d, w):
    # the cards' own text is in the draw just before: their numbers are enough
    cards = " and ".join(d["cards"])
    if d["aborted"]:
        return f"{w.who(d['seat'])} (BOT): {cards} says abort"
    return (f"{w.who(d['seat'])} (BOT) counts {d['leds']} LED{'s' if d['leds'] != 1 else ''}"
            f" and {d['ot']} OT ({cards})")


def _pit(d, w):
    p = d["pit"]
    fits = f"fits {d['tyre']} tyres by its STRATEGY card" if d["tyre"] else \
        "keeps its tyres (no set left to fit, FGP 15.10)"          # A138
    return f"{w.who(d['seat'])} (Pro BOT) {fits}; " + _token_place(p, w)


def _damage(d, w):
    where = {"ot": "beside its OT level (max OT -1)", "tyre": "beside its tyre marker (tyre bonus -1)"}
    if d["icon"] is None:
        return f"{w.who(d['seat'])} (Pro BOT) has a close call: no damage"
    return f"{w.who(d['seat'])} (Pro BOT) takes a Damage token {where[d['icon']]}"


def _red_flag(d, w):
    tyres = f"fits {d['tyre']} tyres (Pit token on round {d['pit']['round']})" if d["tyre"] \
        else "keeps its tyres"
    return f"{w.who(d['seat'])} (Pro BOT) at the Red Flag: {tyres}, repairs its damage"


BOT_TEXT = {
    "bot_pit": _pit,
    "bot_pit_call": lambda d, w: f"{w.who(d['seat'])} (Pro BOT) will make an early stop under "
                                 f"the Safety Car: its Pit token goes to the pit lane entry",
    "bot_pit_token": lambda d, w: f"{w.who(d['seat'])} (Pro BOT) saves its tyres under the Safety "
                                  f"Car: its Pit token moves to round {d['pit']['round']}",
    "bot_damage": _damage,
    "bot_no_damage": lambda d, w: f"{w.who(d['seat'])} (Rookie BOT) takes no damage",
    "bot_no_failure_card": lambda d, w: f"{w.who(d['seat'])} (BOT) draws no FAILURE card",
    "bot_failure_repaired": lambda d, w: f"{w.who(d['seat'])} (Pro BOT) repairs its failure: "
                                         f"TACTICS card {d['card']} goes back into the deck",
    "bot_battle_decision": _decision,
    "bot_battle_score": _score,
    "bot_battle_aborted": lambda d, w: f"{w.who(d['seat'])} (BOT) aborts the attack",
    "bot_battle": lambda d, w: f"{w.who(d['attacker'])} (BOT) attacks {w.who(d['defender'])}",
    "bot_second_attempt": lambda d, w: f"{w.who(d['seat'])} (BOT) attacks "
                                       f"{w.who(d['defender'])} again",
    "bot_slipstream_attack": lambda d, w: f"{w.who(d['seat'])} (BOT) attacks "
                                          f"{w.who(d['target'])} from the slipstream with "
                                          f"{d['ot']} OT",
    "bot_setup": lambda d, w: "BOT setup: control cards, STRATEGY, TACTICS and BATTLE decks",
    "bot_pro": _pro,
    "bot_rookie": _rookie,
    "bot_quali": _quali,
    "bot_start_leds": _start,
    "bot_tactics_shown": lambda d, w: f"{w.who(d['seat'])} (BOT) turns over "
                                      f"{card_name(d['card'])}",
    "bot_tactics": _tactics,
    "bot_move": _move,
    "bot_discard": lambda d, w: "the BOTs discard their start BATTLE cards",
    "bot_corner": lambda d, w: (f"{w.who(d['seat'])} (BOT) ends its move on a corner: "
                                f"{d['n']:+d} space{'s' if abs(d['n']) != 1 else ''} "
                                f"(TACTICS card {d['card']})"),
    "bot_corner_back": lambda d, w: f"{w.who(d['seat'])} (BOT) drops back on the corner",
    "bot_temperature": lambda d, w: (f"{d['temperature'].capitalize()} track: the Pit tokens of "
                                     f"{w.order([int(s) for s in d['moved']])} (Pro BOTs on Soft"
                                     f" or Medium) move {d['rounds']} round"
                                     f"{'s' if d['rounds'] > 1 else ''} earlier"),
    "bot_pit_check": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) tyre check: " + (
        "the Pit token goes to the pit lane entry: it stops the next time it reaches the pits" if d["pit"].get("entry")
        else f"the Pit token moves to round {d['pit']['round']}, PIT side up") +
        (", its tyre token on the lower side" if d["tyre_token"] == "lower" else "")),
    "bot_wrong_tyres": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) has the wrong tyres "
                                     f"({d['tyre']}) for the track: lower tyre bonus, it stops "
                                     "the next time it reaches the pits"),
    "bot_red_flag": _red_flag,
    "bot_weather_stop": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) " + (
        f"stops early for the {'rain' if d['to'] == 'rainy' else 'dry track'} to come"
        if d["early"] else "keeps its tyre plan for the weather change")),
    "bot_tyre_check": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) passes the pits, too late to "
                                    "stop: tyre check, " + ("its tyre token on the lower side"
                                                            if d["tyre_token"] == "lower"
                                                            else "its tyres hold")),
    "bot_early_stop": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) pit check: " + (
        "an early stop, its Pit token goes to the pit lane entry" if d["early"]
        else "it keeps its pit strategy")),
    "bot_no_penalty": lambda d, w: f"{w.who(d['seat'])} (Rookie BOT) receives no penalty",
    "bot_no_red": lambda d, w: f"{w.who(d['seat'])} (Rookie BOT) never rolls the RED die",
    "bot_blocked": lambda d, w: (f"{w.who(d['seat'])} (BOT) has a car in the lane it wants: "
                                 f"{BLOCKED[d['response']]} (TACTICS card {d['card']})"),
    "bot_surrender": lambda d, w: (f"{w.who(d['seat'])} (BOT) gives up its place in the driver "
                                   f"sequence: it moves after {w.who(d['after'])}"),
    "bot_resume": lambda d, w: f"{w.who(d['seat'])} (BOT) now takes its turn",
    "bot_gravel": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) goes through the gravel: no tyre "
                                "bonus on its next move"),
    "bot_hazard_stop": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) stops on the "
                                     f"{d['token'].replace('_', ' ')}: it rolls the RED die"),
    "bot_water_slow": lambda d, w: (f"{w.who(d['seat'])} (Pro BOT) is slowed by {d['n']} Standing "
                                    f"Water token{'s' if d['n'] != 1 else ''}"),
}

BLOCKED = {"aggressive": "aggressive, it changes lanes all the same",
           "not_aggressive": "not aggressive, it keeps straight on",
           "surrender": "it surrenders"}
