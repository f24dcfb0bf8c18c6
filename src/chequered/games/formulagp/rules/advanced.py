"""The Advanced race's setup (FGP 1, 3.2 b): the rule level and where the
Chequered Flag starts. FGP 3.4's Advanced-only EVENT and RISK cards are dealt
by `Content.race_cards`."""
from __future__ import annotations

from ..content import Control
from ..state import Race

ADVANCED = "advanced"


def is_advanced(race: Race) -> bool:
    return race.config.rules == ADVANCED


def flag_start(control: Control, rules: str) -> int:
    """FGP 3.2 b: the Chequered Flag starts on radar space 9 for a Standard race
    and on space 1 for an Advanced one; with the final lap at 24 (FGP 12.1)
    that is 16 or 24 game rounds (FGP 1)."""
    return control.start_advanced if rules == ADVANCED else control.start_standard
