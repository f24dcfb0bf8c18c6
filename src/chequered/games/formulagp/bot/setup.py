"""BOT 1.3-1.4: setting up the Pro and Rookie BOTs, run as the race's first
automatic phase (`bot_setup`) so that every card and die of it is in the log.

Order of the chance (fixed, so a seed replays): the three BOT decks are
shuffled (STRATEGY, TACTICS, BATTLE); the Rookie TACTICS card is drawn from
the single-LED cards; then each Pro BOT in seat order draws its STRATEGY card
(face up) and its TACTICS card (face down), rolls the WHITE die for its
starting tyre (BOT 1.3.1) and again for its Pit token (BOT 1.3.2).

Choices (ours, docs/rules/formulagp.md):
- A120 the rounds of BOT 1.3.2 / 5.2 and the radar's tyre icons count game
  rounds of the race: round r lies on radar space start + r - 1 (in an
  Advanced race, which starts on space 1, that is space r, as printed; a
  Standard race starts on space 9, BOT 1.3.2's 12th round lies on space 20).
- A121 a Pro BOT uses the control card of its team's first driver, faster
  side, no bonus MP; a Rookie the faster side; options bot_pro_slow,
  bot_pro_bonus and bot_rookie_slow change that (BOT 1.3 b, f; 1.4.1 b).
- A122 with Rookie BOTs in the race the ten single-LED cards leave the
  TACTICS deck: one is drawn for the Rookies, the other nine are set aside
  (BOT 1.1: "if you are not using Rookie BOTs, these cards can remain").
- A124 the Rookies share one TACTICS card, as they share the control card
  it lies next to (BOT 1.4.1: "randomly draw one").
- A125 a Rookie's board keeps the compound the config (or Medium) gives:
  the rules still run on player boards in the sections not built yet.
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..rules.dice import roll_die
from ..rules.setup_steps import fit_start_tyre
from ..rules.weather_steps import raining
from .table import bot_content, kind, record
from . import stress as BSTR
from .team_orders import control_card


def die_score(face) -> int:
    """BOT 1.3.2: the WHITE die's score; the die-icon face is 'a result of 0'."""
    return 0 if face.icon else face.value


def pit_round(life: int, score: int, now: int = 0) -> int:
    """BOT 1.3.2 / 5.2: the game round of the tyre check: basic life + die
    score, counted from the current round at a pit stop (0 before the race)."""
    return now + life + score


def pit_icon(round_: int, icon_round: int) -> str:
    """BOT 1.3.2: on or past the tyre type's radar icon the token shows PIT."""
    return "pit" if round_ >= icon_round else "tyre"


def radar_space(start: int, round_: int) -> int:
    """A120: the radar space of a game round of a race starting on `start`."""
    return start + round_ - 1


def place_pit_token(race, seat: int, score: int, now: int = 0) -> dict:
    bc = bot_content(race).bot
    tyre = race.cars[seat].tyre
    rnd = pit_round(bc.tyre_life[tyre], score, now)
    tok = {"round": rnd, "space": radar_space(race.bots["start"], rnd),
           "icon": pit_icon(rnd, bc.radar_icons[tyre])}
    record(race, seat)["pit"] = tok
    return tok


def _setup(race) -> list[Event]:
    ch, ev = race.chance, [Event("bot_setup", {}, "BOT 1.3")]
    bc = bot_content(race)
    opts = race.config.options
    race.bots["start"] = race.flag                  # A120: the radar space of round 1
    rookies = [c.seat for c in race.cars if kind(race, c.seat) == "rookie"]
    pros = [c.seat for c in race.cars if kind(race, c.seat) == "pro"]
    tactics = [c.id for c in bc.tactics if not (rookies and c.rookie)]          # A122
    for name, ids, rule in (("strategy", [c.id for c in bc.strategy], "BOT 1.3"),
                            ("tactics", tactics, "BOT 1.3"),
                            ("battle", [c.id for c in bc.battle], "BOT 1.5")):
        race.decks[name] = chance.new_deck(ch, ev, ids, rule=rule, what=f"BOT {name.upper()} deck")
    if rookies:                                      # BOT 1.4.1
        pile = chance.new_deck(ch, ev, [c.id for c in bc.tactics if c.rookie], rule="BOT 1.4.1",
                               what="single-LED TACTICS pile")
        card = chance.draw(ch, ev, pile, rule="BOT 1.4.1", what="Rookie TACTICS card")
        side = "slow" if "bot_rookie_slow" in opts else "fast"
        race.bots["rookie"] = {"tactics": card, "side": side}
        for s in rookies:
            race.bots["cars"][str(s)] = {"kind": "rookie", "card": bc.rookie.id, "side": side,
                                         "battle": []}
        ev.append(Event("bot_rookie", {"seats": rookies, "card": bc.rookie.id, "side": side,
                                       "tactics": card}, "BOT 1.4.1"))
    for s in pros:                                   # BOT 1.3
        ev += _pro(race, s)
    race.turn.phase = race.bots.pop("next")
    return ev


def _pro(race, seat: int) -> list[Event]:
    ch, ev = race.chance, []
    bc = bot_content(race)
    car = race.cars[seat]
    opts = race.config.options
    card = control_card(race, seat)                  # A121 / A200 (FGP 14.4 teammates)
    rec = {"kind": "pro", "card": card, "side": "slow" if "bot_pro_slow" in opts else "fast",
           "bonus": "bot_pro_bonus" in opts, "tyre_token": "full", "battle": [],
           "tactics_up": False}
    if BSTR.OPTION in opts:                          # BOT 7.4 (option): at the maximum
        BSTR.start(rec)
    race.bots["cars"][str(seat)] = rec
    # c) the STRATEGY card, face up; d) a TACTICS card, face down (nobody sees it)
    rec["strategy"] = chance.draw(ch, ev, race.decks["strategy"], rule="BOT 1.3",
                                  what="STRATEGY card", seat=seat)
    rec["tactics"] = chance.draw(ch, ev, race.decks["tactics"], rule="BOT 1.3",
                                 what="TACTICS card", to=chance.SECRET,
                                 masked={"what": "TACTICS card", "count": 1, "seat": seat,
                                         "face_down": True})
    # BOT 1.3.1 / e): the starting tyre by the WHITE die, read on the STRATEGY card;
    # [ADV] a race that starts WET: the Wet tyre token, no roll (A183)
    if raining(race):
        tyre = "wet"
    else:
        face = roll_die(race, ev, "white", "BOT 1.3.1", seat=seat)
        tyre = bc.strategy_card(rec["strategy"]).start[face.value - 1]
    fit_start_tyre(race, car, tyre)
    # BOT 1.3.2: the Pit token on the Weather Radar
    face = roll_die(race, ev, "white", "BOT 1.3.2", seat=seat)
    tok = place_pit_token(race, seat, die_score(face))
    ev.append(Event("bot_pro", {"seat": seat, "card": card, "side": rec["side"],
                                "bonus": rec["bonus"], "max_ot": bc.pro_card(card).max_ot,
                                "tyre": tyre, "pit": dict(tok)}, "BOT 1.3"))
    return ev


PHASES = {"bot_setup": _setup}
