"""FormulaGP's numbers for studies (chequered simulate), read from a race's
final state: grid slot, the compounds each car used (FGP 5.1.3), its fitted
tyre and wear, damage and failure cards, penalties and laps down; for a BOT
seat its strategy card and pit stops (BOT 5.2)."""
from __future__ import annotations

from .rules.compounds import used
from .state import Race


def metrics(race: Race) -> dict[int, dict]:
    bots = (race.bots or {}).get("cars", {})
    out = {}
    for car in race.cars:
        compounds = used(car)
        bot = bots.get(str(car.seat)) or bots.get(car.seat) or {}
        out[car.seat] = {
            "team": car.team,
            "grid": car.grid,
            "compounds": "-".join(compounds),
            "compound_count": len(set(compounds)),
            "final_tyre": car.tyre,
            "tyre_wear": car.wear,
            "damage_cards": len(car.damage),            # FGP 13.6
            "failure_cards": len(car.failures),         # FGP 13.7
            "penalties": car.penalties,                 # FGP 13.12
            "laps_down": car.laps_down,                 # FGP 13.11
            "stress": car.stress,
            "qualifying_crash": car.crashed,            # FGP 6.2
            "bot_strategy": bot.get("strategy"),        # BOT 5.2: the strategy card
            "bot_pit_stops": bot.get("stops", 0) if bot else None,
            "rounds": race.round,
        }
    return out


class Tally:
    """What the race's steps show and its final state forgets: battles fought
    and won (FGP 9, BOT 3.2: a battle is won by the attacker when it overtakes,
    by the defender when it holds), and the pit stops of cars that are not
    BOTs (FGP 11.1; a BOT's own stops are its bot_pit_stops)."""

    __slots__ = ("counts",)

    def __init__(self, race: Race):
        bots = (race.bots or {}).get("cars", {})
        self.counts = {car.seat: {"battles_attacked": 0, "battles_defended": 0,
                                  "battles_won": 0,
                                  "pit_stops": None if (str(car.seat) in bots or car.seat in bots)
                                  else 0}
                       for car in race.cars}

    def step(self, race: Race, seat: int, action, events) -> None:
        for e in events:
            kind = e.kind
            if kind == "battle_result":
                d = e.data
                attacker, defender = self.counts[d["attacker"]], self.counts.get(d["defender"])
                attacker["battles_attacked"] += 1
                if d["outcome"] == "attacker":
                    attacker["battles_won"] += 1
                if defender is not None:
                    defender["battles_defended"] += 1
                    if d["outcome"] == "defender":
                        defender["battles_won"] += 1
            elif kind == "pit_entry":
                mine = self.counts[e.data["seat"]]
                if mine["pit_stops"] is not None:
                    mine["pit_stops"] += 1

    def values(self) -> dict[int, dict]:
        return self.counts
