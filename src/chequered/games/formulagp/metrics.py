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
