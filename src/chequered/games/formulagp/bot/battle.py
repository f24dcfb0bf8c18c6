"""BOT 3: battles a BOT fights, decided by its TACTICS card and resolved by
BATTLE cards and the WHITE die, which the rules draw and roll (the BOT seat
is never asked). rules/battle_steps.py hooks these in at three places: the
BOT's own attack (`attack_stage`), who is waited for (`cards_from`) and the
result (`result`). The OT move and its arithmetic are rules/battle.py's.

Choices (docs/rules/formulagp.md, "Choices"):
* A140 A BOT attacks the first car `battle_targets` names (the rules' order);
  from a slipstream space it moves out on the side of its TACTICS card's
  yellow arrow when that side is free, else on the other.
* A141 Only the first BATTLE card's aggression is read (BOT 3.2.3): a second
  or replacement card counts by its LEDs (and OT) only.
* A142 A BOT attacking a BOT draws first (BOT 3.2.2); its 'lose' card is
  checked once the defender's score is known.
* A143 The BOT's OT: the card's OT (-1 on a second attempt), capped by the
  control card's maximum, then at least 2 from a slipstream space (BOT 3.3).
* A144 A BOT's BATTLE cards are discarded when the battle ends (a tie's
  second attempt draws new ones).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ....engine.protocol import Event
from ..rules import battle as B
from ..rules.dice import roll_die
from ..rules.overtake import COLD_TYRES_LEDS
from . import corners as BK
from .cards import discard_battle, draw_battle, new_tactics
from . import stress as BSTR
from . import team_orders as TO
from .optional import block
from .table import bot_content, is_bot, kind, max_ot, tactics_of

SLIPSTREAM_MIN_OT = 2          # BOT 3.3: at least 2 OT from a slipstream space
RETRY_OT = 1                   # BOT 3.2.4.1-3: a second attempt overtakes with -1 OT


# ---- BOT 3.2.2: the decision ---------------------------------------------------------
def decides(race, ev: list, seat: int, role: str, *, lapping: bool = False) -> bool:
    """BOT 3.2.2: the TACTICS card says whether the BOT attacks (defends):
    always, never, or on a green WHITE die. Lapping a slower car it always
    attacks (BOT 6.7)."""
    card = bot_content(race).tactics_card(tactics_of(race, seat))
    sym = card.attack if role == "attack" else card.defend
    if role == "attack" and lapping:
        sym = "yes"
    yes = sym == "yes"
    if sym == "roll":
        yes = roll_die(race, ev, "white", "BOT 3.2.2", seat=seat).colour == "green"
    ev.append(Event("bot_battle_decision", {"seat": seat, "role": role, "card": card.id,
                                            "yes": yes}, "BOT 3.2.2"))
    return yes


# ---- BOT 3.2.3 / 3.2.3.1: the score ----------------------------------------------------
@dataclass
class Score:
    """One BOT side of a battle: its LEDs, its potential OT, the BATTLE cards
    drawn, aborted (a cross, or a green face on the die)."""
    leds: int = 0
    ot: int = 0
    cards: list = field(default_factory=list)
    aborted: bool = False
    lose_check: bool = False       # a 'lose' card not checked yet (A142)


def _card(race, cid):
    return bot_content(race).battle_card(cid)


def _better(race, cids, larger: bool):
    """BOT 3.2.3.1 / 3.2.4: the larger (smaller) LEDs; ties: the higher OT."""
    cs = [_card(race, c) for c in cids]
    key = (lambda c: (c.leds, c.ot)) if larger else (lambda c: (-c.leds, c.ot))
    return max(cs, key=key)


def score(race, ev: list, seat: int, *, against: int | None = None,
          rule: str = "BOT 3.2.3") -> Score:
    """BOT 3.2.3-3.2.3.1: draw a BATTLE card and read its aggression.
    `against`: the opponent's LEDs when known (for the 'lose' symbol)."""
    first = _card(race, draw_battle(race, ev, seat, rule))
    sc = Score(first.leds, first.ot, [first.id])
    agg = first.aggression
    if agg == "cross":
        sc.aborted = True
    elif agg == "die":
        face = roll_die(race, ev, "white", "BOT 3.2.3.1", seat=seat)
        if face.colour == "green":          # a green face aborts
            sc.aborted = True
        else:
            sc.leds += face.value
    elif agg == "join":                      # LEDs added, the first card's OT (BOT 3.2.4)
        second = _card(race, draw_battle(race, ev, seat, "BOT 3.2.3.1"))
        sc.cards.append(second.id)
        sc.leds += second.leds
    elif agg in ("best", "worst"):           # two new cards, the first one not used
        new = [draw_battle(race, ev, seat, "BOT 3.2.3.1") for _ in range(2)]
        use = _better(race, new, agg == "best")
        sc.cards += new
        sc.leds, sc.ot = use.leds, use.ot
    elif agg == "lose":
        sc.lose_check = True
        if against is not None:
            check_lose(race, ev, seat, sc, against)
    ev.append(_event(seat, sc))
    return sc


def check_lose(race, ev: list, seat: int, sc: Score, against: int) -> None:
    """BOT 3.2.3.1: with a 'lose' card that would lose, the next card replaces it."""
    sc.lose_check = False
    if sc.leds < against:
        new = _card(race, draw_battle(race, ev, seat, "BOT 3.2.3.1"))
        sc.cards.append(new.id)
        sc.leds, sc.ot = new.leds, new.ot
        ev.append(_event(seat, sc))


def _event(seat, sc: Score) -> Event:
    return Event("bot_battle_score", {"seat": seat, "cards": list(sc.cards), "leds": sc.leds,
                                      "ot": sc.ot, "aborted": sc.aborted}, "BOT 3.2.3")


def bot_ot(race, seat: int, card_ot: int, *, slipstream: bool, retry: bool) -> int:
    """A143: the OT a winning BOT overtakes with (BOT 3.2.3, 3.2.4.1, 3.3)."""
    ot = min(card_ot - (RETRY_OT if retry else 0), max_ot(race, seat))
    return max(ot, SLIPSTREAM_MIN_OT) if slipstream else max(ot, 0)


def leds_of(race, seat: int, sc: Score) -> int:
    """BOT 3.2.4: the BATTLE card's LEDs; Cold Tyres (BOT 5.4) cost 2 as for players."""
    return sc.leds - (COLD_TYRES_LEDS if race.cars[seat].cold_tyres > 0 else 0)


def as_play(sc: Score) -> B.BattlePlay:
    """The BOT's committed BATTLE cards as a battle play (no hand cards)."""
    return B.BattlePlay(cards=tuple(sc.cards), primary=tuple(sc.cards[:1]), leds=sc.leds)


# ---- the hooks of rules/battle_steps.py ----------------------------------------------
def involved(race) -> bool:
    b = race.battle
    return b is not None and (is_bot(race, b["attacker"]) or is_bot(race, b["defender"]))


def cards_from(race, seats) -> list[int]:
    """BOT 3.2.4.1-2: only players choose battle cards; a BOT draws BATTLE cards."""
    return [s for s in seats if not is_bot(race, s)]


def attack_stage(race) -> list[Event]:
    """BOT 3.2-3.2.2: a BOT that stopped behind a car: no OT from movement
    points (BOT 3.2.1), the TACTICS decision, then the battle."""
    from ..rules import battle_steps as S
    mv = race.move
    car = race.cars[mv["seat"]]
    mv["left"] = 0
    car.ot = max_ot(race, car.seat)          # only to find the cars it may attack
    targets = S._targets(race, car)
    car.ot = 0
    if not targets:
        mv["stage"] = "resolve"
        return S.failed_lapping(race, car.seat, mv["blocked"])
    t = targets[0]                                               # A140
    ev: list[Event] = []
    order = TO.before_attack(race, ev, car.seat, t.defender)    # FGP 14.4, BOT 3.5
    if order == "wait":
        return ev
    if order == "hold":                                          # obeys: no attack
        mv["stage"] = "resolve"
        return ev + S.failed_lapping(race, car.seat, mv["blocked"])
    if order == "aside":
        return ev + TO.pass_teammate(race, car.seat, t)
    if not decides(race, ev, car.seat, "attack", lapping=_lapping(race, car.seat, t.defender)):
        mv["stage"] = "resolve"
        return ev + S.failed_lapping(race, car.seat, mv["blocked"])
    side = None
    if t.from_slipstream:
        arrow = bot_content(race).tactics_card(tactics_of(race, car.seat)).arrow
        side = arrow if arrow in t.sides else t.sides[0]
    race.battle = {"attacker": car.seat, "defender": t.defender, "side": side,
                   "slip": t.from_slipstream, "cards": {}, "boost": {}}
    ev.append(Event("bot_battle", {"attacker": car.seat, "defender": t.defender}, "BOT 3.2"))
    mv["stage"] = "battle_cards" if cards_from(race, [t.defender]) else "battle_result"
    return ev


def _lapping(race, seat: int, other: int) -> bool:
    from ..rules.where import whole_tiles
    m, c = race.cars[seat], race.cars[other]
    return c.laps_down > m.laps_down or whole_tiles(race, m) > whole_tiles(race, c)


def _player_side(race, seat, ev):
    from ....engine import chance
    from ..rules import battle_steps as S
    play = S._play_of(race, seat)
    x = race.battle["boost"].get(str(seat), [False, False, []])
    boost = B.Boost(bool(x[0]), bool(x[1]), tuple(x[2]))
    if boost.skill:
        race.cars[seat].skill_used = True                       # FGP 4.8
    if str(seat) in race.battle["boost"]:
        chance.reveal(ev, "battle_boost", {"seat": seat, "ers": boost.spend_ers,
                                           "skill": boost.skill, "events": list(boost.events)},
                      "FGP 9.3")
    return play, boost, S._total(race, seat, play, boost)


def result(race) -> list[Event]:
    """BOT 3.2.4.1-3: the players' cards are shown first, then the BOTs draw
    (an attacking BOT before a defending one); compare; carry out."""
    from dataclasses import replace
    from ..rules import battle_steps as S
    from ..rules.flags import lapping_defence
    from ..rules.where import positions, track_of, whole_tiles
    if TO.defence_wait(race):                                   # FGP 14.4: a team order
        return []
    b = race.battle
    a, d = b["attacker"], b["defender"]
    retry = bool(b.get("retry"))
    car = race.cars[a]
    ev: list[Event] = []
    plays, boosts, tots = {}, {}, {}
    for s in (a, d):
        if not is_bot(race, s):
            plays[s], boosts[s], t = _player_side(race, s, ev)
            tots[s] = t.total if (s == a or plays[s].defends) else None
    scores: dict = {}
    if is_bot(race, a):
        scores[a] = score(race, ev, a, against=tots.get(d))
        if scores[a].aborted:                                   # BOT 3.2.3.1: aborted
            return ev + _end(race, "aborted")
        plays[a], boosts[a], tots[a] = as_play(scores[a]), B.Boost(), leds_of(race, a, scores[a])
    if is_bot(race, d):
        may = lapping_defence(race.cars[a].laps_down, race.cars[d].laps_down,
                              attacker_ahead=whole_tiles(race, car) > whole_tiles(race, race.cars[d]))
        # a Rookie never defends a second time (BOT 3.2.4.2-3); against a player
        # a Pro defends again on a green WHITE die (3.2.4.2), against a BOT it does (3.2.4.3)
        if not may or (retry and kind(race, d) == "rookie") or TO.no_defence(race, d, a):
            defends = False                                     # FGP 14.4 order, BOT 3.5
        elif retry:
            defends = is_bot(race, a) or \
                roll_die(race, ev, "white", "BOT 3.2.4.2", seat=d).colour == "green"
        else:
            defends = decides(race, ev, d, "defend")
        sc = score(race, ev, d, against=tots[a]) if defends else None
        if sc is None or sc.aborted:
            plays[d], tots[d] = B.BattlePlay(), None
        else:
            plays[d], tots[d] = as_play(sc), leds_of(race, d, sc)
            scores[d] = sc
        boosts[d] = B.Boost()
    if a in scores and scores[a].lose_check and tots.get(d) is not None:    # A142
        check_lose(race, ev, a, scores[a], tots[d])
        plays[a], tots[a] = as_play(scores[a]), leds_of(race, a, scores[a])
    ot = car.ot
    if is_bot(race, a):
        ot = bot_ot(race, a, scores[a].ot, slipstream=b["slip"], retry=retry)
    res = B.resolve_battle(track_of(race), attacker=a, defender=d, attacker_space=car.space,
                           ot=ot, attack=plays[a], defence=plays[d], attack_total=tots[a],
                           defence_total=tots[d], others=positions(race, a),
                           attack_boost=boosts[a], defence_boost=boosts[d],
                           from_slipstream=b["slip"], side=b["side"])
    # BOTs take no stress and have no hand to discard from (BOT 3.2.4.1-2, 3.4)
    res = replace(res, stress={k: n for k, n in res.stress.items() if not is_bot(race, k)},
                  discards={k: c for k, c in res.discards.items() if not is_bot(race, k)})
    ev.append(Event("battle_result", {"attacker": a, "defender": d, "outcome": res.outcome,
                                      "attack": res.attacker_total,
                                      "defence": res.defender_total}, res.rule))
    ev += S._apply_result(race, res, plays, boosts)
    if res.outcome == "tie" and not retry:
        return ev + _tie(race)
    if res.outcome == "attacker":
        return ev + _end(race, "won", lost=d if is_bot(race, d) and plays[d].defends else None,
                         res=res)
    return ev + _end(race, "lost", lost=a)


def _tie(race) -> list[Event]:
    """BOT 3.2.4.1-3: a tie. A BOT attacker: a Pro attacks again on a green
    WHITE die (a Rookie never); a player attacking a BOT decides as after a
    tie between players (rules/battle_retry.py), in every race."""
    from ..rules import battle_retry as BR
    from ..rules import cards as C
    b = race.battle
    a = b["attacker"]
    ev: list[Event] = []
    if is_bot(race, a):
        again = kind(race, a) == "pro" and \
            roll_die(race, ev, "white", "BOT 3.2.4.1", seat=a).colour == "green"
        discard_battle(race, a)
        if is_bot(race, b["defender"]):
            discard_battle(race, b["defender"])
        if not again:
            return ev + _end(race, "tie")
        race.battle = {**b, "cards": {}, "boost": {}, "retry": True}
        race.move["stage"] = "battle_cards" if cards_from(race, [b["defender"]]) \
            else "battle_result"
        ev.append(Event("bot_second_attempt", {"seat": a, "defender": b["defender"]},
                        "BOT 3.2.4.1"))
        return ev
    discard_battle(race, b["defender"])
    car = race.cars[a]
    if car.ot - BR.RETRY_OT >= 1 and (BR._attack_with_movement(race, a)
                                      or C.can_use_parameter(car, "white")):
        if block(race, ev):                                     # BOT 7.2 (option)
            return ev + _end(race, "tie")
        return ev + BR.offer(race)
    return ev + _end(race, "tie")


def _end(race, how: str, *, lost: int | None = None, res=None) -> list[Event]:
    """The battle is over: BATTLE cards discarded (A144), a Pro BOT that lost
    draws a new TACTICS card (a Rookie keeps the shared one), the lapping
    attempt counted, the OT move's follow-up."""
    from ..rules import battle_steps as S
    from ..rules import card_effects as FX
    b = race.battle
    a, d = b["attacker"], b["defender"]
    ev: list[Event] = []
    if how == "aborted":
        ev.append(Event("bot_battle_aborted", {"seat": a}, "BOT 3.2.3.1"))
    for s in (a, d):
        if is_bot(race, s):
            discard_battle(race, s)
    BK.battle_hazard(race, a, attempted=how != "aborted", lost=lost == a)   # BOT 2.4
    if lost is not None and kind(race, lost) == "pro":
        new_tactics(race, ev, lost, "BOT 3.2.4")
    if how != "won":
        ev += S.failed_lapping(race, a, [d])
    race.battle = None
    race.cars[a].ot = 0
    FX.clear_battle_effects(race.cars[d])
    mv = race.move
    mv["stage"] = "resolve"
    if res is not None and res.secondary is not None and res.secondary.target is not None:
        if not is_bot(race, a):
            mv["secondary"] = [res.secondary.target, res.secondary.ot]
            mv["stage"] = "secondary"
        elif kind(race, a) == "pro":
            ev += _slipstream_again(race, a, res.secondary.target)
    return ev


def _slipstream_again(race, seat: int, target: int) -> list[Event]:
    """BOT 3.3: a Pro BOT whose overtake ended in a slipstream space behind
    another car attacks it too with a new BATTLE card, at least 2 OT; that car
    cannot defend. (A Rookie's move ends there.)"""
    from ..rules import battle_steps as S
    from ..rules.overtake import _occupancy, free_sides
    from ..rules.where import positions, track_of
    ev: list[Event] = []
    car = race.cars[seat]
    sc = score(race, ev, seat, rule="BOT 3.3")
    discard_battle(race, seat)
    if sc.aborted:
        return ev + [Event("bot_battle_aborted", {"seat": seat}, "BOT 3.3")]
    trk = track_of(race)
    others = positions(race, seat)
    occ = _occupancy(others.values())
    occ[car.space] = occ.get(car.space, 0) + 1
    sides = free_sides(trk, car.space, occ)
    if not sides:
        return ev
    arrow = bot_content(race).tactics_card(tactics_of(race, seat)).arrow
    side = arrow if arrow in sides else sides[0]
    ot = bot_ot(race, seat, sc.ot, slipstream=True, retry=False)
    res = B.resolve_battle(trk, attacker=seat, defender=target, attacker_space=car.space,
                           ot=ot, attack=as_play(sc), defence=B.BattlePlay(),
                           attack_total=sc.leds, defence_total=None, others=others,
                           from_slipstream=True, side=side)
    ev.append(Event("bot_slipstream_attack", {"seat": seat, "target": target, "ot": ot},
                    "BOT 3.3"))
    if res.path:
        ev += S._drive(race, car, list(res.path))
    if res.secondary is not None and res.secondary.target is not None:
        ev += _slipstream_again(race, seat, res.secondary.target)
    return ev


# ---- BOT 3.4: wheel-to-wheel -----------------------------------------------------------
def w2w_round_end(race, tokens: dict, stress: dict) -> tuple[dict, list[Event]]:
    """BOT 3.4, as the round's wheel-to-wheel tokens are settled (FGP 9.5):
    BOTs take no stress from them; a Pro BOT whose token turns to the Stress
    side (its battle goes into a second round) draws a new TACTICS card, the
    one it starts that round with. The stress left for the players."""
    ev: list[Event] = []
    for seat, tok in sorted(tokens.items()):
        if tok == "stress" and kind(race, seat) == "pro":
            new_tactics(race, ev, seat, "BOT 3.4")
            ev += BSTR.gain(race, seat, "w2w")                 # BOT 7.4 (option)
    return {s: n for s, n in stress.items() if not is_bot(race, s)}, ev
