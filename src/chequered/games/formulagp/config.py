"""FormulaGP configuration: track, rule level, seats and their teams."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import GameConfig

RULE_LEVELS = ("standard", "advanced")
OPTIONS = (
    "championship",                   # FGP 14: a series of races
    "constructors",                   # FGP 14.4: team standings (needs `teams`)
    "must_counter_steer",             # FGP 13.4.2: no spin while a counter-steer card is held
    "pit_start_round_3",              # FGP 7.2 (A11): qualifying crashes start in round 3, not 2
    "red_flag_restart_draw",          # FGP 13.10 (A38): a draw phase before the restart
    "sc_red_flag_on_6",               # [ADV] FGP 13.10 (A81): only a 6 on the SC period roll is a Red Flag
    "safety_car_card_twice",          # FGP 15.11.1: the first 'Safety Car' card goes back
    "fast_virtual_safety_car",        # FGP 15.11.3: one VSC round, every car 4 spaces
    "race_director_penalties",        # FGP 15.9: a WHITE roll decides incident penalties
    "bot_pro_slow",                   # BOT 1.3 b (A121): Pro BOTs on the slower control-card side
    "bot_pro_bonus",                  # BOT 1.3 f (A121): Pro BOTs take the +1 MP bonus
    "bot_rookie_slow",                # BOT 1.4.1 b (A121): Rookie BOTs on the slower side
    "bot_pit_checks",                 # BOT 7.1 (A187): Pit Check token, early-stop checks
    "bot_late_pit_check",             # BOT 7.3 (A188) [ADV]: the Late Pit Bonus check
    "bot_late_pit_soft_medium",       # BOT 7.3 (A188): that check only on Soft / Medium tyres
    "street_circuit",                 # FGP 15.2 (A100): walls everywhere, two Close Calls, defender +1
    "street_defence_2",               # FGP 15.2 (A100): with street_circuit, the defender +2
    "quali_die_roll",                 # FGP 15.3 (A101): qualifying by a WHITE roll, not cards
    "grid_order_start",               # FGP 15.4 (A102): round 1 in grid order, not by LEDs
    "medium_wear_placement",          # FGP 15.5 (A102): Mediums start one wear space earlier
    "counter_steer_outside",          # FGP 15.6 (A103): a corner's counter-steer goes outside
    "ot_management",                  # FGP 15.7.1 (A103): full OT must attack, all OT used
    "fast_safety_car",                # FGP 15.11.2: no cards under the SC, 6 spaces a turn
    "limited_tyre_sets",              # FGP 15.10: sets A (2S 1M 1H) or B (1S 2M 1H), no more
    "weather_modifier",               # FGP 15.14 (A89): two WHITE rolls move the Weather token
    "defending_position",             # FGP 15.7.2 (A150): after a tie the defender may block
    "photo_finish",                   # FGP 15.8 (A151): cars level for the win race on
    "overtake_mode",                  # FGP 15.13 (A152): no DRS; OT saved at the control point
    "momentum_sequence",              # FGP 15.1 (A153): cars sharing a tile move by LEDs shown
    "turn_time_limit",                # FGP 15.12 (A154): turn_seconds a decision; tokens from offence 3
    "bot_blocking",                   # BOT 7.2 (A201): a Pro BOT tying a player's attack may block
    "team_orders",                    # FGP 14.4 (A202, A203): orders to a BOT teammate, WHITE die
    "bot_stress",                     # BOT 7.4 (A206-A208): a Pro BOT's own stress level and focus
    "bot_photo_finish",               # BOT 7.5 (A204): in a photo finish a BOT moves on a green WHITE
)


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
