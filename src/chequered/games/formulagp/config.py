"""FormulaGP configuration: track, rule level, seats and their teams."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import GameConfig

RULE_LEVELS = ("standard", "advanced")
# The optional rules, each with what it changes (for players choosing them).
OPTION_NOTES = {
    "championship": "a series of races, scored for points (FGP 14)",
    "constructors": "team standings as well; needs teams (FGP 14.4)",
    "must_counter_steer": "no spin while you hold a counter-steer card (FGP 13.4.2)",
    "pit_start_round_3": "cars that crash in qualifying start from the pits in round 3, "
                         "not round 2 (FGP 7.2)",
    "red_flag_restart_draw": "a draw phase before the restart after a Red Flag (FGP 13.10)",
    "sc_red_flag_on_6": "Advanced: only a 6 on the Safety Car period roll is a Red Flag "
                        "(FGP 13.10)",
    "safety_car_card_twice": "the first Safety Car card drawn goes back (FGP 15.11.1)",
    "fast_virtual_safety_car": "one Virtual Safety Car round, every car 4 spaces (FGP 15.11.3)",
    "race_director_penalties": "a WHITE die roll decides incident penalties (FGP 15.9)",
    "bot_pro_slow": "Pro BOTs drive on the slower side of their control card (BOT 1.3)",
    "bot_pro_bonus": "Pro BOTs take the +1 movement point bonus (BOT 1.3)",
    "bot_rookie_slow": "Rookie BOTs drive on the slower side (BOT 1.4.1)",
    "bot_pit_checks": "BOTs may stop early: the Pit Check token (BOT 7.1)",
    "bot_late_pit_check": "Advanced: BOTs make the Late Pit Bonus check (BOT 7.3)",
    "bot_late_pit_soft_medium": "the Late Pit Bonus check only on Soft or Medium tyres "
                                "(BOT 7.3)",
    "street_circuit": "walls everywhere, two Close Calls, the defender +1 (FGP 15.2)",
    "street_defence_2": "with street_circuit: the defender +2 instead (FGP 15.2)",
    "quali_die_roll": "qualifying by a WHITE die roll, not by cards (FGP 15.3)",
    "grid_order_start": "round 1 runs in grid order, not by LEDs (FGP 15.4)",
    "medium_wear_placement": "Medium tyres start one wear space earlier (FGP 15.5)",
    "counter_steer_outside": "a corner's counter-steer goes to the outside (FGP 15.6)",
    "ot_management": "full OT must attack, and all OT is used (FGP 15.7.1)",
    "fast_safety_car": "no cards under the Safety Car: 6 spaces a turn (FGP 15.11.2)",
    "limited_tyre_sets": "tyre set A (2 Soft, 1 Medium, 1 Hard) or B (1 Soft, 2 Medium, "
                         "1 Hard), no more (FGP 15.10)",
    "weather_modifier": "two WHITE rolls move the Weather token (FGP 15.14)",
    "defending_position": "after a tied battle the defender may block (FGP 15.7.2)",
    "photo_finish": "cars level for the win race on (FGP 15.8)",
    "overtake_mode": "no DRS; OT is saved at the control point (FGP 15.13)",
    "momentum_sequence": "cars sharing a tile move in the order of LEDs shown (FGP 15.1)",
    "turn_time_limit": "a time limit on each decision (turn_seconds), penalty tokens "
                       "from the third time over (FGP 15.12)",
    "bot_blocking": "a Pro BOT that ties a player's attack may block (BOT 7.2)",
    "team_orders": "orders to a BOT teammate, by a WHITE die (FGP 14.4)",
    "bot_stress": "a Pro BOT's own stress level and focus (BOT 7.4)",
    "bot_photo_finish": "in a photo finish a BOT moves on a green WHITE roll (BOT 7.5)",
}
OPTIONS = tuple(OPTION_NOTES)
NOTES = {
    **OPTION_NOTES,
    "heuristic": "our driver: scores its cards and drives each move to gain the most ground",
    "pro": "the rulebook's Pro BOT (BOT rules)",
    "rookie": "the rulebook's Rookie BOT, slower than the Pro (BOT rules)",
    "standard": "the Standard race",
    "advanced": "the Standard race with the Advanced rules added ([ADV])",
}


def seat_kinds() -> tuple[str, ...]:
    """human, random and the game's own agents (declared once, in SPEC.agents)."""
    from . import SPEC
    return ("human", "random", *SPEC.agents)


class FormulaGPConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["human"] + ["pro"] * 5,   # BOT rules
                             min_length=1, max_length=10)
    track: str = "fast"
    rules: Literal[RULE_LEVELS] = "standard"
    options: list[Literal[OPTIONS]] = Field(default_factory=list)
    boards: list[str] | None = None       # team board per seat (default: boards.toml order)
    sides: list[Literal["A", "B"]] | None = None
    tyres: list[Literal["soft", "medium", "hard", "wet"]] | None = None   # wet: [ADV] 10.2
    drivers: list[str | None] | None = None   # DRIVER or CHAMPIONS card ids (FGP 5.1.2)
    # FGP 14.4 / 11.2.2: each seat's team number ([1, 1, 2, 2]): teammates share a
    # pit box; None = every car its own team (rules/teams.py)
    teams: list[int] | None = None
    # FGP 15.12 (option turn_time_limit): the seconds a person has for each decision
    turn_seconds: int = Field(default=60, ge=45, le=60)

    @model_validator(mode="after")
    def _check(self):
        self.check_seat_kinds(seat_kinds())
        self.season_from_track("championship")        # FGP 14.1: the circuits of the series
        if "street_defence_2" in self.options and "street_circuit" not in self.options:
            raise ValueError("street_defence_2 raises the street_circuit bonus (FGP 15.2): "
                             "add street_circuit")
        if "defending_position" in self.options and self.rules != "advanced":
            raise ValueError("defending_position changes the [ADV] second attempt after a "
                             "tie (FGP 15.7.2, 9.4.3): use rules = advanced")
        if "bot_photo_finish" in self.options and "photo_finish" not in self.options:
            raise ValueError("bot_photo_finish is the BOTs' part of the photo finish (BOT 7.5, "
                             "FGP 15.8): add photo_finish")
        for name in ("boards", "sides", "tyres", "drivers"):
            v = getattr(self, name)
            if v is not None and len(v) != len(self.seats):
                raise ValueError(f"{name}: one entry per seat ({len(self.seats)})")
        from .bot.team_orders import check_teams as bot_teams
        from .rules.teams import check_teams
        problems = check_teams(self.teams, len(self.seats)) or \
            bot_teams(self.seats, self.teams)
        if problems:
            raise ValueError("; ".join(problems))
        if "constructors" in self.options and self.teams is None:
            raise ValueError("constructors (FGP 14.4) needs `teams`: each seat's team number")
        return self
