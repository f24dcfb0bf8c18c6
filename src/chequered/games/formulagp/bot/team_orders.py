"""FGP 14.4 with BOT cars and BOT 3.5: a team of a person's car and a Pro BOT
(or of two BOTs), the team orders (option `team_orders`) and a BOT
overtaking its BOT teammate. Teams are the config's `teams` (rules/teams.py).

* The Pro BOT of a team races with its team's own control card (A200).
* Team orders (option `team_orders`, "at the start of a Team Championship,
  players may choose to use team orders"): the team's player may issue one to
  its BOT teammate when it is ahead of it in the drivers' standings; each order
  issued rolls the WHITE die for the BOT: green, it follows the order; red, it
  makes its planned move. A person is asked (step `team_order`, the action
  `TeamOrder`) at the moment the order is for; a BOT team's player always
  issues it.
* BOT 3.5: a BOT in position to overtake its BOT teammate: the slower one
  moves aside on its TACTICS card's yellow arrow when that space is free, and
  the faster one passes without a battle; else they battle but the slower one
  does not defend.

Choices (docs/rules/formulagp.md, "Choices"):
* A200 A Pro BOT with a teammate takes the control card of its team's driver
  by its place in the team: the team is named by its first car's board (A112),
  the first car is driver 1, the second driver 2; so a person's Pro BOT
  teammate drives the second control card of the person's team. Alone in its
  team, driver 1 of its own board (A121). In a team of a person and a BOT the
  person's car is listed first (the config refuses the other order): "the
  player will qualify first and the Pro BOT second".
* A202 The team's player: its person; in a team of two BOTs, the Pro BOT with
  the more championship points (level: the team's first car; a team of two
  Rookies has none). "Ahead in the Drivers' Championship standings": more
  points than the teammate before this race (level points, as in a first race,
  are not ahead). The teammate obeys (on green) whether Pro or Rookie.
* A203 The moments of the orders: "do not overtake the player" when the BOT
  is in position to attack the player (BOT 3.2), before its TACTICS decision;
  "do not defend" when the player attacks it, before its BATTLE cards (the
  player's cards are shown, BOT 3.2.4.2's order of play); "move after the
  player" when the BOT's turn would begin before the player's while the two
  are wheel-to-wheel (FGP 9.5 tokens, FGP 7.3.2's inside-lane order): obeyed,
  its turn moves to just after the player's.
* A205 BOT 3.5's pass without a battle uses the faster BOT's OT points as
  they would be after a won battle with no BATTLE card: its control card's
  maximum OT (BOT 1.3 a, less a Damage token), at least 2 from a slipstream
  space (BOT 3.3, A143); the OT move is the players' (FGP 9.4.1). Where the
  yellow arrow took the slower BOT into the faster one's lane just ahead of
  it, the faster one's first OT point goes to the side, as from a slipstream
  shadow (A29): its own yellow arrow's side when free, else the other.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import TeamOrder
from ..rules.dice import roll_die
from ..rules.teams import units
from ..rules.where import tile_of
from .table import BOT_KINDS, bot_content, is_bot, kind, max_ot, tactics_of

OPTION = "team_orders"               # FGP 14.4
ORDER_TEXT = {"no_overtake": "do not overtake me",
              "no_defence": "do not defend against me",
              "w2w_after": "move after me in a wheel-to-wheel battle"}


# ---- teams with BOTs --------------------------------------------------------------------
def unit_of(race, seat: int) -> list[int]:
    return next(u for u in units(race.config.teams, len(race.cars)) if seat in u)


def mate(race, seat: int) -> int | None:
    """The seat's teammate, if its team has two cars."""
    return next((s for s in unit_of(race, seat) if s != seat), None)


def control_card(race, seat: int) -> str:
    """A200: the Pro BOT control card a Pro BOT seat races with."""
    bc = bot_content(race)
    unit = unit_of(race, seat)
    if len(unit) == 1:
        return bc.pro_for(race.cars[seat].board).id          # A121: its own team's first
    return bc.pro_for(race.cars[unit[0]].board, unit.index(seat) + 1).id


def check_teams(seats, teams) -> list[str]:
    """A200: a person's car is its team's first, before its BOT teammate."""
    if teams is None:
        return []
    out = []
    for unit in units(teams, len(seats)):
        kinds = [seats[s] in BOT_KINDS for s in unit]
        if kinds == [True, False]:
            out.append(f"teams: team {teams[unit[0]]} lists its BOT before its player's car; "
                       "the player qualifies first, the Pro BOT second (FGP 14.4)")
    return out


def team_player(race, seat: int) -> int | None:
    """A202: the car of seat's team that counts as its player."""
    unit = unit_of(race, seat)
    people = [s for s in unit if not is_bot(race, s)]
    if people:
        return people[0]
    pros = [s for s in unit if kind(race, s) == "pro"]
    if not pros:
        return None
    return max(pros, key=lambda s: (race.standings.get(s, 0), -unit.index(s)))


def may_order(race, player: int, bot: int) -> bool:
    """FGP 14.4: `player` may give its BOT teammate `bot` a team order now."""
    if OPTION not in race.config.options or not is_bot(race, bot) or mate(race, player) != bot:
        return False
    if team_player(race, player) != player:
        return False
    return race.standings.get(player, 0) > race.standings.get(bot, 0)          # A202


def bot_teammates(race, a: int, b: int) -> bool:
    """BOT 3.5: two BOTs of one team."""
    return is_bot(race, a) and is_bot(race, b) and mate(race, a) == b


# ---- the orders -------------------------------------------------------------------------
def _roll(race, ev: list, player: int, bot: int, order: str) -> bool:
    """FGP 14.4: an order issued: the WHITE die, green the BOT follows it."""
    followed = roll_die(race, ev, "white", "FGP 14.4", seat=bot).colour == "green"
    ev.append(Event("team_order", {"seat": player, "bot": bot, "order": order,
                                   "followed": followed}, "FGP 14.4"))
    return followed


def _order(race, ev: list, player: int, bot: int, order: str, where: str, resume: str):
    """The order at its moment: True (followed), False (not issued, or red),
    or "wait" (the person is asked: step `team_order`, then stage `resume`).
    The answer is kept in race.move / race.battle (`where`) for the resumed stage."""
    holder = race.move if where == "move" else race.battle
    rec = holder.get("team_order")
    if rec is not None and rec["order"] == order and rec["bot"] == bot:
        return rec["followed"]
    if not may_order(race, player, bot):
        return False
    if is_bot(race, player):                         # a BOT team's player always issues it
        followed = _roll(race, ev, player, bot, order)
        holder["team_order"] = {"order": order, "bot": bot, "followed": followed}
        return followed
    race.move["order_ask"] = {"order": order, "player": player, "bot": bot, "where": where,
                              "resume": race.move["stage"] if resume is None else resume}
    race.move["stage"] = "team_order"
    return "wait"


def before_attack(race, ev: list, seat: int, target: int) -> str:
    """bot/battle.py, a BOT in position to attack `target` (BOT 3.2), before its
    TACTICS decision: "wait" (a person decides the team order), "hold" (it
    follows "do not overtake the player"), "aside" (BOT 3.5: its BOT teammate
    moved out of the way) or "attack" (on as planned)."""
    r = _order(race, ev, target, seat, "no_overtake", "move", "battle")
    if r == "wait":
        return "wait"
    if r:
        return "hold"
    if bot_teammates(race, seat, target) and _aside(race, ev, target):
        return "aside"
    return "attack"


def pass_order(race, car, to: int) -> tuple[bool, list[Event]]:
    """rules/move_steps, a BOT's step `to` that would take it past its team's
    player without a battle (BOT 3.1: by an open lane): "do not overtake the
    player" is asked there too (A203). (held, events): held, the step is not
    taken: the person is asked (stage `team_order`, the step then asked
    again) or the order is followed (the BOT's move ends behind the player,
    its points lost); else the step goes on after the events (a red die)."""
    player = team_player(race, car.seat)
    if player is None or player == car.seat or not may_order(race, player, car.seat):
        return False, []
    p = race.cars[player]
    if p.space is None or car.space is None or p.seat not in race.sequence:
        return False, []
    from ..rules.where import distance, track_of
    trk = track_of(race)
    now = distance(race, car)
    tile, frac = trk.progress(to)
    after = car.laps * trk.lap_tiles + tile + frac
    if after < now - trk.lap_tiles / 2:               # the step crosses the line
        after += trk.lap_tiles
    if not now <= distance(race, p) < after:
        return False, []
    ev: list[Event] = []
    r = _order(race, ev, player, car.seat, "no_overtake", "move", "moving")
    if r == "wait":
        return True, ev
    if not r:
        return False, ev
    race.move["left"] = 0
    race.move["stage"] = "after_move"
    ev.append(Event("team_order_held", {"seat": car.seat, "player": player}, "FGP 14.4"))
    return True, ev


def defence_wait(race) -> bool:
    """bot/battle.py's result, first: a person attacking its BOT teammate is
    asked for "do not defend" (True: the step is pending)."""
    b = race.battle
    a, d = b["attacker"], b["defender"]
    if is_bot(race, a) or not is_bot(race, d):
        return False
    return _order(race, [], a, d, "no_defence", "battle", "battle_result") == "wait"


def no_defence(race, d: int, a: int) -> bool:
    """The BOT `d` does not defend against `a`: BOT 3.5 (a faster BOT teammate),
    or the player's "do not defend" followed (FGP 14.4)."""
    if bot_teammates(race, a, d):
        return True
    rec = race.battle.get("team_order")
    return bool(rec and rec["order"] == "no_defence" and rec["followed"])


def w2w_turn(race) -> list[Event] | None:
    """rules/turn.py, a turn about to begin: a BOT wheel-to-wheel with its team's
    player (FGP 9.5 tokens) that would move before it may be ordered to "move
    after the player": a person is asked (the events so far, the step pending);
    followed, the BOT's turn moves to just after the player's in this round's
    sequence (the events). None: the turn goes on."""
    seat = race.move["seat"]
    if not is_bot(race, seat):                  # (before the teammate is looked up)
        return None
    car = race.cars[seat]
    player = mate(race, seat)
    if player is None or player in race.done or player not in race.sequence[race.seq_pos:]:
        return None
    other = race.cars[player]
    # wheel-to-wheel with the player: both hold the FGP 9.5 token, on one tile
    if car.w2w is None or other.w2w is None or car.space is None or other.space is None \
            or tile_of(race, car) != tile_of(race, other):
        return None
    ev: list[Event] = []
    r = _order(race, ev, player, seat, "w2w_after", "move", "begin")
    if r == "wait":
        return ev
    if not r:
        return _go_on(race, ev) if ev else None
    seq = race.sequence
    seq.remove(seat)
    seq.insert(seq.index(player) + 1, seat)
    race.move = None
    return ev + [Event("sequence", {"order": list(seq)}, "FGP 14.4")]


def _go_on(race, ev: list) -> list[Event]:
    """An order not followed (a BOT team's red die): the turn begins now."""
    from ..rules.turn import _begin
    return ev + _begin(race)


# ---- BOT 3.5 ------------------------------------------------------------------------------
def _aside(race, ev: list, seat: int) -> bool:
    """BOT 3.5: the slower BOT changes lanes toward its TACTICS card's yellow
    arrow when the space there is free (no movement point)."""
    from ..rules.where import occupancy, place, track_of
    trk = track_of(race)
    car = race.cars[seat]
    arrow = bot_content(race).tactics_card(tactics_of(race, seat)).arrow
    to = trk.spot_outcome(car.space, arrow)
    if not isinstance(to, int) or trk.spaces[to].pit_lane or \
            occupancy(race, seat).get(to, 0) >= trk.spaces[to].capacity:
        return False
    car.space = to
    ev.append(Event("bot_aside", {"seat": seat, "side": arrow, **place(race, to)}, "BOT 3.5"))
    return True


def pass_teammate(race, seat: int, target) -> list[Event]:
    """BOT 3.5: the faster BOT overtakes without a battle, with its OT points (A205)."""
    from ..rules import battle as B
    from ..rules import battle_steps as S
    from ..rules.overtake import _occupancy, free_sides
    from ..rules.where import positions, track_of
    from .battle import bot_ot
    trk = track_of(race)
    car = race.cars[seat]
    others = positions(race, seat)
    side = None
    mate_lanes = set(trk.spaces[race.cars[target.defender].space].lanes)
    # A205: moved aside into this car's lane ahead of it, the way past is to the side
    sideways = target.from_slipstream or bool(mate_lanes & set(trk.spaces[car.space].lanes))
    if sideways:
        occ = _occupancy(others.values())
        occ[car.space] = occ.get(car.space, 0) + 1
        # the sides free now: the teammate's move aside may have filled the
        # one the target was found with (FGP 9.4.1: no room, no lateral move)
        sides = free_sides(trk, car.space, occ)
        if not sides:               # no free space beside: it cannot get by this turn
            race.move["stage"] = "resolve"
            return [Event("bot_teammate_no_way", {"seat": seat, "mate": target.defender},
                          "BOT 3.5")] + S.failed_lapping(race, seat, race.move["blocked"])
        arrow = bot_content(race).tactics_card(tactics_of(race, seat)).arrow
        side = arrow if arrow in sides else sides[0]
    ot = bot_ot(race, seat, max_ot(race, seat), slipstream=target.from_slipstream, retry=False)
    res = B.resolve_battle(trk, attacker=seat, defender=target.defender,
                           attacker_space=car.space, ot=ot, attack=B.BattlePlay(),
                           defence=B.BattlePlay(), attack_total=0, defence_total=None,
                           others=others, from_slipstream=sideways, side=side)
    ev = [Event("bot_teammate_pass", {"seat": seat, "mate": target.defender, "ot": ot},
                "BOT 3.5")]
    if res.path:
        ev += S._drive(race, car, list(res.path))
    race.move["stage"] = "resolve"
    return ev


# ---- the step of a person's team order -----------------------------------------------------
def _stage(race) -> list[Event]:
    from ..rules.decide import wait
    wait(race, "team_order", [race.move["order_ask"]["player"]])
    return []


def _legal(race, seat: int) -> list:
    return [TeamOrder(race.move["order_ask"]["order"]), TeamOrder(None)]


def _act(race, seat: int, action) -> list[Event]:
    ask = race.move.pop("order_ask")
    ev: list[Event] = []
    if action.order:
        followed = _roll(race, ev, seat, ask["bot"], ask["order"])
    else:
        followed = False
        ev.append(Event("team_order_none", {"seat": seat, "bot": ask["bot"]}, "FGP 14.4"))
    holder = race.move if ask["where"] == "move" else race.battle
    holder["team_order"] = {"order": ask["order"], "bot": ask["bot"], "followed": followed}
    race.move["stage"] = ask["resume"]
    return ev


STAGES = {"team_order": _stage}
STEPS = (Step("team_order", "FGP 14.4", _legal, _act,
              label="give your Pro BOT teammate a team order, or not"),)

EVENT_TEXT = {
    "team_order": lambda d, w: (
        f"{w.who(d['seat'])} orders {w.who(d['bot'])}: {ORDER_TEXT[d['order']]} - "
        + ("green: team orders, it obeys" if d["followed"] else
           "red: no team orders, it makes its planned move")),
    "bot_teammate_no_way": lambda d, w: (f"{w.who(d['seat'])} (BOT) cannot get past "
                                         f"{w.who(d['mate'])}: no free space beside it"),
    "team_order_held": lambda d, w: (f"{w.who(d['seat'])} stays behind {w.who(d['player'])} "
                                     "as ordered: its move ends here"),
    "team_order_none": lambda d, w: f"{w.who(d['seat'])} gives {w.who(d['bot'])} no team order",
    "bot_aside": lambda d, w: f"{w.who(d['seat'])} (BOT) moves aside for its teammate",
    "bot_teammate_pass": lambda d, w: (f"{w.who(d['seat'])} (BOT) passes its teammate "
                                       f"{w.who(d['mate'])} without a battle, {d['ot']} OT"),
}
