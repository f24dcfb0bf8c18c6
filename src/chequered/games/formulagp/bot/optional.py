"""BOT 7: the optional Pro BOT rules, each an option of `config.OPTIONS`
doing nothing unless it is in `race.config.options`:

* `bot_blocking` (BOT 7.2): a Pro BOT that ties a battle against a player's
  attack may block the player's lane (a green WHITE die).
* `bot_photo_finish` (BOT 7.5, with FGP 15.8's `photo_finish`): a BOT in a
  photo finish has movement points on a green WHITE die (rules/optional_steps_c's
  photo-finish round asks `photo_movers`).

Choices (docs/rules/formulagp.md, "Choices"):
* A201 BOT 7.2 is rolled where a player's second attempt after the tie would be
  open (OT left after the -1, a card to attack with: bot/battle.py's tie);
  "block the racing lane" is FGP 15.7.2's lane change (A150: one lane toward
  the attacker when that space is free, else the BOT holds its line and the
  block still stands). BOT 7.2 names no slipstream exception, so none is made.
* A204 BOT 7.5: the WHITE die is rolled for each BOT at every photo-finish
  round (each is "an additional game turn"); when no car can move, the players
  draw their top card (FGP 15.8.1) and the BOTs roll again. The sentences of
  BOT 7.5 after the first repeat BOT 7.2's and add nothing to a photo finish.
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


# ---- BOT 7.5 Photo Finish -------------------------------------------------------------
def bot_rolls(race, seat: int) -> bool:
    """BOT 7.5 decides for this car: a BOT, with the option."""
    return on(race, PHOTO) and is_bot(race, seat)


def photo_movers(race, cars, ev: list, has_movement) -> list[int]:
    """FGP 15.8.1 / BOT 7.5: the photo-finish cars that move this round, in
    the order given: a player with a movement card it can play
    (`has_movement(race, car)`); with the option, a BOT on a green WHITE die
    (its movement points; its move is then the BOT rules', BOT 2). A204: where
    no car can move, the players draw the top card (FGP 15.8.1) and the BOTs
    roll again."""
    out = []
    for s in cars:
        if bot_rolls(race, s):
            yes = roll_die(race, ev, "white", "BOT 7.5", seat=s).colour == "green"
            ev.append(Event("bot_photo", {"seat": s, "yes": yes}, "BOT 7.5"))
        else:
            yes = has_movement(race, race.cars[s])
        if yes:
            out.append(s)
    return out


EVENT_TEXT = {
    "bot_photo": lambda d, w: f"{w.who(d['seat'])} (BOT) " + (
        "has movement points for the photo finish" if d["yes"] else
        "has no movement points left for the photo finish"),
    "bot_block": lambda d, w: (
        f"{w.who(d['seat'])} (Pro BOT) blocks the lane of {w.who(d['attacker'])}: "
        "+1 tyre wear for the attacker, no second attempt" if d["yes"] else
        f"{w.who(d['seat'])} (Pro BOT) does not block: {w.who(d['attacker'])} may attack "
        "again with -1 OT"),
}
