"""BOT 7: the optional Pro BOT rules, each an option of `config.OPTIONS`
doing nothing unless it is in `race.config.options`:

* `bot_blocking` (BOT 7.2): a Pro BOT that ties a battle against a player's
  attack may block the player's lane (a green WHITE die).
* `bot_photo_finish` (BOT 7.5, with FGP 15.8's `photo_finish`): a BOT in a
  photo finish has movement points on a green WHITE die.

Choices (docs/rules/formulagp.md, "Choices"):
* A201 BOT 7.2 is rolled where a player's second attempt after the tie would be
  open (OT left after the -1, a card to attack with: bot/battle.py's tie);
  "block the racing lane" is FGP 15.7.2's lane change (A150: one lane toward
  the attacker when that space is free, else the BOT holds its line and the
  block still stands). BOT 7.2 names no slipstream exception, so none is made.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.car_state import wear
from ..rules.dice import roll_die
from ..rules.optional_rules_c import BLOCK_WEAR
from .table import is_bot, kind

BLOCKING = "bot_blocking"          # BOT 7.2
PHOTO = "bot_photo_finish"         # BOT 7.5


def on(race, name: str) -> bool:
    return name in race.config.options


# ---- BOT 7.2 Blocking the Attack ------------------------------------------------------
def block(race, ev: list) -> bool:
    """BOT 7.2, after a tie in which a Pro BOT defended against a player
    (bot/battle.py's tie, before the player's second attempt is offered): the
    WHITE die; green, the BOT moves into the player's lane (no movement point,
    no tyre wear for the BOT), the player's tyre wear +1 and no second attempt:
    True (the battle ends). Red: False, the player may attack again with -1 OT.
    Never against a BOT (first bullet), never by a Rookie (last bullet)."""
    from ..rules.optional_steps_c import _shift
    b = race.battle
    a, d = b["attacker"], b["defender"]
    if not on(race, BLOCKING) or kind(race, d) != "pro" or is_bot(race, a):
        return False
    yes = roll_die(race, ev, "white", "BOT 7.2", seat=d).colour == "green"
    ev.append(Event("bot_block", {"seat": d, "attacker": a, "yes": yes}, "BOT 7.2"))
    if yes:
        ev += _shift(race, race.cars[d], race.cars[a])
        ev += wear(race, race.cars[a], BLOCK_WEAR, "BOT 7.2")
    return yes


EVENT_TEXT = {
    "bot_block": lambda d, w: (
        f"{w.who(d['seat'])} (Pro BOT) blocks the lane of {w.who(d['attacker'])}: "
        "+1 tyre wear for the attacker, no second attempt" if d["yes"] else
        f"{w.who(d['seat'])} (Pro BOT) does not block: {w.who(d['attacker'])} may attack "
        "again with -1 OT"),
}
