"""BOT cars in hand-written positions (position.py, formulagp-positions.md):
a car with `controller = "pro"` or `"rookie"` may carry a `bot` table, and
the position a `bots` table for the BOT decks (tops listed first) and the
Rookies' TACTICS card. Without them a BOT gets the first cards of the decks
in content order and its Pit token for a die score of 0; nothing is random."""
from __future__ import annotations

from ....engine.deck import Deck
from ....engine.protocol import BadInput
from .setup import place_pit_token, radar_space
from .table import bot_content, kind
from .stress import start
from .team_orders import control_card

CAR_KEYS = ("side", "bonus", "strategy", "tactics", "tactics_up", "tyre_token", "pit", "battle",
            "stops", "damage", "weather_stop", "weather_rolled", "late_stop", "stress")
RACE_KEYS = ("strategy", "tactics", "battle", "rookie_tactics")


def build(race, cars_doc: list[dict], doc: dict | None, take, stack) -> None:
    """Fill Race.bots and the BOT decks; `take` / `stack` are position.py's
    card helpers (errors name the key)."""
    doc = doc or {}
    if race.bots is None:
        if doc or any("bot" in c for c in cars_doc):
            raise BadInput("bot / bots: only for cars with controller \"pro\" or \"rookie\"")
        return
    bad = sorted(set(doc) - set(RACE_KEYS))
    if bad:
        raise BadInput(f"bots: unknown key(s) {', '.join(bad)}; allowed: {', '.join(RACE_KEYS)}")
    bc = bot_content(race)
    race.bots.pop("next", None)
    race.bots["start"] = race.flag - race.round + 1          # the radar space of round 1
    seats = range(len(race.cars))
    rookies = [s for s in seats if kind(race, s) == "rookie"]
    piles = {"strategy": [c.id for c in bc.strategy][::-1],
             "tactics": [c.id for c in bc.tactics if not (rookies and c.rookie)][::-1],
             "battle": [c.id for c in bc.battle][::-1]}       # the top is the end of a pile
    for name, pile in piles.items():
        piles[name] = stack(f"bots.{name}", doc.get(name, []), pile, f"BOT {name.upper()}")
    if rookies:
        card = doc.get("rookie_tactics", next(c.id for c in bc.tactics if c.rookie))
        if card not in [c.id for c in bc.tactics if c.rookie]:
            raise BadInput(f"bots.rookie_tactics: {card!r} is not a single-LED TACTICS card")
        side = cars_doc[rookies[0]].get("bot", {}).get("side", "fast")
        race.bots["rookie"] = {"tactics": card, "side": side}
    for s in seats:
        c = cars_doc[s].get("bot", {})
        where = f"car[{s}].bot"
        bad = sorted(set(c) - set(CAR_KEYS))
        if bad:
            raise BadInput(f"{where}: unknown key(s) {', '.join(bad)}; allowed: {', '.join(CAR_KEYS)}")
        k = kind(race, s)
        if k is None:
            if c:
                raise BadInput(f"{where}: only for a car with controller \"pro\" or \"rookie\"")
            continue
        side = c.get("side", "fast")
        if side not in ("fast", "slow"):
            raise BadInput(f"{where}.side: {side!r} is not fast or slow")
        rec = {"kind": k, "side": side, "battle": take(f"{where}.battle", c.get("battle", []),
                                                         piles["battle"], "BOT BATTLE")}
        race.bots["cars"][str(s)] = rec
        if k == "rookie":
            rec["card"] = bc.rookie.id
            if side != race.bots["rookie"]["side"]:
                raise BadInput(f"{where}.side: all Rookies use the one control card's side")
            continue
        rec.update(card=control_card(race, s), bonus=bool(c.get("bonus", False)),
                   tyre_token=c.get("tyre_token", "full"),
                   tactics_up=bool(c.get("tactics_up", True)))
        if rec["tyre_token"] not in ("full", "lower"):
            raise BadInput(f"{where}.tyre_token: full or lower")
        for name in ("strategy", "tactics"):
            pile = piles[name]
            card = c.get(name, pile[-1] if pile else None)
            rec[name] = take(f"{where}.{name}", [card], pile, f"BOT {name.upper()}")[0]
        pit = c.get("pit")
        if pit is None:
            place_pit_token(race, s, 0)
        else:
            if not isinstance(pit, dict) or set(pit) - {"round", "icon", "entry"} \
                    or "round" not in pit or pit.get("icon", "tyre") not in ("tyre", "pit"):
                raise BadInput(f"{where}.pit: a table like {{round = 12, icon = \"pit\"}}")
            rec["pit"] = {"round": int(pit["round"]),
                          "space": radar_space(race.bots["start"], int(pit["round"])),
                          "icon": pit.get("icon", "tyre")}
            if pit.get("entry"):                  # BOT 4.1: on the pit lane entry (bot/pits.py)
                rec["pit"].update(icon="pit", entry=True)
        if "bot_stress" in race.config.options:   # BOT 7.4: stress = 0 (Focus token), 1 or 2
            start(rec)
            if c.get("stress", 2) not in (0, 1, 2):
                raise BadInput(f"{where}.stress: 0, 1 or 2 (BOT 7.4)")
            rec.update(stress=int(c.get("stress", 2)), focus=c.get("stress", 2) == 0)
        elif "stress" in c:
            raise BadInput(f"{where}.stress: only with the option bot_stress (BOT 7.4)")
        if c.get("stops"):                        # BOT 5.2 / 4.2: pit stops made so far
            rec["stops"] = int(c["stops"])
        dmg = c.get("damage")
        if dmg is not None:                       # BOT 6.3: Damage tokens {ot = 1, tyre = 0}
            if not isinstance(dmg, dict) or set(dmg) - {"ot", "tyre"} \
                    or any(v not in (0, 1) for v in dmg.values()):
                raise BadInput(f"{where}.damage: a table like {{ot = 1, tyre = 0}}")
            rec["damage"] = {"ot": int(dmg.get("ot", 0)), "tyre": int(dmg.get("tyre", 0))}
        for key in ("weather_stop", "weather_rolled"):   # BOT 7.1's weather check: green / red
            ws = c.get(key)
            if ws is None:
                continue
            if not (isinstance(ws, list) and len(ws) == 2 and isinstance(ws[0], int)
                    and ws[1] in ("rainy", "cloudy")):
                raise BadInput(f"{where}.{key}: [radar space, \"rainy\" or \"cloudy\"]")
            rec[key] = [ws[0], ws[1]]
        if c.get("late_stop"):                    # BOT 7.3: its stop fits the card's final tyre
            rec["late_stop"] = True
    for name, pile in piles.items():
        race.decks[name] = Deck(pile)
