"""Overtaking and battles (FGP 9.1-9.5) as small functions that return data.

Nothing here mutates a Race: each function takes the track graph and plain
inputs (space ids, OT numbers, card ids with their colours/LEDs) and returns
what should change (`OtCharge`, `LedTotal`, `BattleResult`, `W2WUpdate` ...),
so the round machine applies it and emits the events.

Cars are named by any hashable key (a seat number in the game); `others`
maps the key of every other car on the track to its space id.

Choices where the rulebook is open (docs/design/formulagp-digest.md):
* A10: passing freely (rounds 1-2, W2W partners, spun cars ...) lifts only the
  tile stop rule; a car still never moves through an occupied space.
* A27: the defender is the car ahead in the attacker's own slipstream space
  when the attacker sits in its shadow; otherwise the attacker names one of the
  blocking cars in an adjacent lane on the next tile. Cars in the same lane on
  the next tile (not slipstream) cannot be attacked (FGP 9.2 b needs an
  adjacent lane) and block the OT move; the others "cannot defend".
* A28: after the reveal both sides choose ERS spend, EVENT cards and the
  driver skill at once (`Boost`), secretly.
* A29: the slipstream +2 is the one bonus of FGP 9.2; an attacker attacking
  from a slipstream shadow spends its first OT point on a lateral move.
* A42: every BLUE card played in a battle costs one ERS charge (option
  `blue_free_in_battle=True` waives it); that charge gives no LEDs, the
  separate ERS spend does, at the level left after the BLUE charges.
* A43: a battle play is exactly one movement card or one legal pair (ORANGE
  wild, BLUE pairs allowed) or a Tyre Wear card as the primary, plus any
  number of Tyre Wear and Option cards.
* A46: OT is 0 at the start and the end of every turn.
* A47: lanes are compared on the tile being entered, in global lane numbers;
  a double-lane space occupies both its lanes; the separating lane must be a
  racing lane of that tile (it has spaces) with no car on it.
* A18: wheel-to-wheel tokens are handled once at the end of the round in three
  stages (none -> VS, VS -> Stress +1, Stress -> +1 and removed).
* Secondary attack (FGP 9.4.1): its OT is the remaining OT + 2, not capped by
  the car's maximum (the text adds the bonus to what is left); it is won as
  soon as the attacker commits one movement card (the car ahead cannot defend).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import NamedTuple

from ..track import Track
from .movement import (MOVEMENT_COLOURS, NO_BONUS_ROUNDS, SLIPSTREAM_OT, IllegalMove,
                       play_pace)

# FGP 9.1-9.2 and the shared constants (RULE_*, COLD_TYRES_LEDS, Key), re-exported.
from .overtake import *  # noqa: F401,F403
from .overtake import COLD_TYRES_LEDS, RULE_LOSE, RULE_TIE, RULE_W2W, RULE_WIN
from .overtake import Key, Target, _occupancy
from ..memo import keep
from .cards import action_card

# =====================================================================================
# FGP 9.3: the cards committed, and the boost after the reveal
# =====================================================================================
class CardInfo(NamedTuple):
    """What a battle needs to know of an ACTION card (content ActionCard). A
    named tuple: hands of them key the play tables, hashed in C (a
    dataclass's hash is a Python call a card)."""
    id: str
    kind: str                  # movement | tyre_wear | option | draw_failure
    colour: str | None
    leds: int


def card_info(content, card_id: str) -> CardInfo:
    """CardInfo of an ACTION card from the content (rules.cards.action_card)."""
    # asked for every card of a hand at every battle step: one object per
    # content and card (nothing changes it), in a table per content
    table = _INFOS.get(id(content))
    if table is None or table[0] is not content:
        table = _INFOS[id(content)] = (content, {})     # one store: content and its table
    got = table[1].get(card_id)
    if got is None:
        c = action_card(content, card_id)
        got = table[1][card_id] = CardInfo(c.id, c.kind, c.colour, c.leds)
    return got


_INFOS: dict = {}       # id(content) -> (content, {card id: CardInfo})


@dataclass(slots=True, unsafe_hash=True)
class BattlePlay:
    """One secret battle commitment (FGP 9.3). Empty `cards` = no defence."""
    cards: tuple[str, ...] = ()
    orange_as: tuple[str, ...] = ()   # declared colour of each ORANGE primary card
    primary: tuple[str, ...] = ()     # the movement card / pair, or the TW card
    pair: bool = False
    blue: int = 0                     # BLUE cards (ERS cost, A42)
    tyre_wear: int = 0                # Tyre Wear cards (+1 wear each)
    leds: int = 0                     # LEDs printed on the cards

    @property
    def defends(self) -> bool:
        return bool(self.cards)


def _subsets(items: Sequence[str]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for n in range(len(items) + 1):
        out += list(combinations(items, n))
    return out


def battle_plays(hand: Iterable[CardInfo], *, ers: int, role: str = "attack",
                 no_pairs: bool = False, blue_free_in_battle: bool = False,
                 max_extras: int | None = None, may_defend: bool = True) -> list[BattlePlay]:
    """FGP 9.3 with A43/A42: every legal secret battle commitment from `hand`.

    A primary (one movement card, one legal pair: ORANGE wild, BLUE pairs
    allowed, or else a Tyre Wear card) plus any set of further Tyre Wear and
    Option cards. BLUE cards need one ERS charge each (A42) unless
    `blue_free_in_battle`. `no_pairs`: stressed drivers and other no-pair
    situations. The defender also has 'no defence' (an empty play, listed
    first). `max_extras` bounds the added cards (None: any number).
    `may_defend=False`: a car that cannot defend (a car being lapped, FGP
    13.11; the car ahead in a secondary attack, FGP 9.4.1) has only 'no defence'."""
    if role == "defend" and not may_defend:
        return [BattlePlay()]
    hand = tuple(hand)
    # a battle asks for the same list several times (legal list, reveal, boost):
    # worked out once per hand and situation, the plays being values
    key = (hand, ers, role, no_pairs, blue_free_in_battle, max_extras)
    got = _PLAYS.get(key)
    if got is None:     # (memo.keep, not remembered's lambda: its cells are made at every call)
        got = keep(_PLAYS, key, tuple(_battle_plays(
            hand, ers, role, no_pairs, blue_free_in_battle, max_extras)))
    return list(got)


_PLAYS: dict = {}


def _battle_plays(hand: tuple, ers: int, role: str, no_pairs: bool, blue_free_in_battle: bool,
                  max_extras: int | None) -> list[BattlePlay]:
    hand = list({c.id: c for c in hand}.values())
    moves = [c for c in hand if c.kind == "movement" and c.colour in MOVEMENT_COLOURS]
    extras_pool = [c for c in hand if c.kind in ("tyre_wear", "option")]
    primaries: list[tuple[tuple[str, ...], tuple[str, ...], bool]] = []
    for c in moves:
        primaries.append(((c.id,), (), False))     # a lone ORANGE needs no declaration
    if not no_pairs:
        for a, b in combinations(moves, 2):
            decls = _pair_decls(a.colour, b.colour)
            if decls:       # another declaration of an ORANGE pair plays the same cards
                primaries.append(((a.id, b.id), decls[0], True))
    # each card's (BLUE, Tyre Wear, LEDs), and each set of extras with its
    # totals: summed once, not again for every primary it joins
    counts = {c.id: (1 if c.colour == "blue" else 0, 1 if c.kind == "tyre_wear" else 0, c.leds)
              for c in hand}

    def totals(cards: tuple) -> tuple:
        blue = tw = leds = 0
        for c in cards:
            b, t, n = counts[c]
            blue += b
            tw += t
            leds += n
        return cards, blue, tw, leds
    ids = [c.id for c in extras_pool]
    subsets = [totals(s) for s in _subsets(ids) if max_extras is None or len(s) <= max_extras]
    out: list[BattlePlay] = [BattlePlay()] if role == "defend" else []

    def add(primary, decl, pair, sets):
        # every set of cards once: a primary holds one or two movement cards,
        # a pair one declaration, and a set of Tyre Wear cards alone is led
        # by its first card (below)
        _, pblue, ptw, pleds = totals(primary)
        for s, blue, tw, leds in sets:
            blue += pblue
            if not blue_free_in_battle and blue > ers:
                continue
            out.append(BattlePlay(primary + s, decl, primary, pair, blue, ptw + tw, pleds + leds))

    for primary, decl, pair in primaries:
        add(primary, decl, pair, subsets)
    tws = [c.id for c in extras_pool if c.kind == "tyre_wear"]
    for i, tw in enumerate(tws):                        # TW as the primary
        # the subsets of the other extras (in the same order: combinations of a
        # sublist) without the Tyre Wear cards that led before it
        led = set(tws[:i + 1])
        add((tw,), (), False, [s for s in subsets if led.isdisjoint(s[0])])
    return out


def _pair_decls(a: str, b: str) -> tuple:
    """The ORANGE declarations that make colours a and b a battle pair (FGP
    4.3.1: ORANGE wild, BLUE pairs allowed, A43); a fact of the colours,
    worked out once per pair of colours."""
    key = (a, b)
    got = _DECLS.get(key)
    if got is None:
        n = (a, b).count("orange")
        decls = [()] if n == 0 else ([("green",), ("red",)] if n == 1 else
                                     [("green", "green"), ("red", "red")])
        ok = []
        for d in decls:
            try:
                play_pace((a, b), d, battle=True)
            except IllegalMove:
                continue
            ok.append(d)
        got = _DECLS[key] = tuple(ok)
    return got


_DECLS: dict = {}


def check_play(hand: Iterable[CardInfo], play: BattlePlay, **kw) -> BattlePlay:
    """The canonical BattlePlay for a chosen set of cards, or IllegalMove."""
    want = tuple(sorted(play.cards))
    for p in battle_plays(hand, **kw):
        if tuple(sorted(p.cards)) == want:
            return p
    raise IllegalMove("FGP 9.3: a battle needs one movement card, one legal pair or a "
                      "Tyre Wear card, plus any Tyre Wear and Option cards")


@dataclass(slots=True, unsafe_hash=True)
class Boost:
    """The post-reveal choice of one side (FGP 9.3 step 2, A28)."""
    spend_ers: bool = False
    skill: bool = False
    events: tuple[str, ...] = ()


def skill_applies(skill, role: str, conditions: Iterable[str]) -> bool:
    """FGP 4.8: a DRIVER skill (content DriverSkill: role, condition, leds) fits
    this battle when its role matches and its condition holds. `conditions`:
    the true facts among the content's SkillCondition names ('from_slipstream',
    'on_straight', 'with_pair', ...); 'always' always holds."""
    if skill is None:
        return False
    if skill.role not in ("any", role):
        return False
    return skill.condition == "always" or skill.condition in set(conditions)


def boost_choices(*, ers_after_cards: int, skill_usable: bool,
                  events: Sequence[str] = ()) -> list[Boost]:
    """FGP 9.3 step 2: spend one ERS charge or not (needs a charge left after the
    BLUE costs), use the driver skill or not (once per round, when it applies),
    and any set of the battle EVENT cards held that fit the role."""
    out = []
    for ers in ((False, True) if ers_after_cards >= 1 else (False,)):
        for sk in ((False, True) if skill_usable else (False,)):
            for ev in _subsets(list(dict.fromkeys(events))):
                out.append(Boost(ers, sk, ev))
    return out


def skill_facts(play: BattlePlay, colours: Mapping[str, str | None], boost: Boost = Boost(), *,
                from_slipstream: bool = False, straight: bool = True,
                cold_tyres: bool = False, w2w: bool = False) -> set[str]:
    """The SkillCondition names that hold for one side of a battle (FGP 4.8):
    colours maps the played card ids to their colours (None for TW/Option).
    `straight`: the tile the battle is fought for (the defender's) is straight."""
    facts = {"always", "on_straight" if straight else "on_curve"}
    if from_slipstream:
        facts.add("from_slipstream")
    facts.add("with_pair" if play.pair else "single_card")
    for c in play.primary:
        col = colours.get(c)
        if col in ("green", "red", "blue"):
            facts.add(f"with_{col}")
    if play.tyre_wear:
        facts.add("with_tyre_wear_card")
    if cold_tyres:
        facts.add("with_cold_tyres")
    if boost.spend_ers:
        facts.add("with_ers")
    if w2w:
        facts.add("wheel_to_wheel")
    return facts


def event_leds(card, role: str) -> int:
    """FGP 9.3: LEDs an EVENT card (content EventCard) adds for this role: the
    sum of its 'battle_leds' effects whose role fits; 0 when none (then the card
    is not a battle card for this side)."""
    if getattr(card, "play", None) != "battle":
        return 0
    return sum(e.amount for e in card.effects
               if e.type == "battle_leds" and e.role in ("any", role))


@dataclass(slots=True, unsafe_hash=True)
class LedTotal:
    """FGP 9.3: one side's battle strength, term by term."""
    cards: int
    ot: int = 0
    skill: int = 0
    ers: int = 0
    events: int = 0
    cold_tyres: int = 0        # the penalty, as a positive number

    @property
    def total(self) -> int:
        return self.cards + self.ot + self.skill + self.ers + self.events - self.cold_tyres


def led_total(play: BattlePlay, *, ot_leds: int = 0, skill_leds: int = 0, ers_leds: int = 0,
              event_leds: int = 0, cold_tyres: bool = False,
              cold_tyres_leds: int = COLD_TYRES_LEDS) -> LedTotal:
    """FGP 9.3: LEDs on the cards, + the attacker's OT-level LEDs, + driver
    skill, + the ERS spend (LEDs beside the level spent), + EVENT cards, -2 with
    Cold Tyres (FGP 11.3)."""
    return LedTotal(cards=play.leds, ot=ot_leds, skill=skill_leds, ers=ers_leds,
                    events=event_leds, cold_tyres=cold_tyres_leds if cold_tyres else 0)


def ers_spend_leds(ers_leds_table: Sequence[int], ers: int, blue: int = 0,
                   blue_free_in_battle: bool = False) -> int:
    """A42 / FGP 9.3: LEDs of one ERS spend, read beside the level left after the
    BLUE cards' charges."""
    level = ers if blue_free_in_battle else ers - blue
    if level < 1:
        raise IllegalMove("FGP 9.3: no ERS charge left to spend")
    return ers_leds_table[level]


# =====================================================================================
# FGP 9.4: results
# =====================================================================================
def outcome(attacker: int, defender: int | None) -> str:
    """FGP 9.4: 'attacker' (more LEDs, or no defence), 'defender' or 'tie'."""
    if defender is None or attacker > defender:
        return "attacker"
    return "defender" if defender > attacker else "tie"


def ot_move(track: Track, space: int, ot: int, occupied: Mapping[int, int], *,
            side: str | None = None) -> tuple[list[int], int, bool]:
    """FGP 9.4.1: the winner drives forward exactly its OT in spaces of its own
    lane, no lane changes (cars in adjacent lanes do not matter). With `side`
    (attacking from a slipstream shadow, A29) the first OT point is a lateral
    move to that side. A full space ahead or the end of the lane stops it; the
    rest is lost. Entering a free slipstream shadow behind a car ends the move.

    Returns (spaces driven in order, OT left at the stop, ended in a shadow)."""
    path: list[int] = []
    here, left = space, ot
    occ = dict(occupied)
    if side is not None and left > 0:
        sp = track.spaces[here]
        cands = [s for s in (sp.left if side == "left" else sp.right)
                 if occ.get(s, 0) < track.spaces[s].capacity]
        if not cands:
            raise IllegalMove(f"FGP 9.4.1: no room to move {side} from a slipstream space")
        here = track.spot_outcome(here, side) if track.spot_outcome(here, side) in cands \
            else cands[0]
        path.append(here)
        left -= 1
    while left > 0:
        lanes = set(track.spaces[here].lanes)
        fwd = [m.to for m in track.moves(here) if not m.lane_change]
        fwd = [s for s in dict.fromkeys(fwd) if s not in path and s != space
               and set(track.spaces[s].lanes) & lanes and not track.spaces[s].pit_lane]
        if not fwd:
            break
        nxt = max(fwd, key=lambda s: (len(set(track.spaces[s].lanes) & lanes), -s))
        n = occ.get(nxt, 0)
        if n >= track.spaces[nxt].capacity:
            break
        path.append(nxt)
        left -= 1
        here = nxt
        if n > 0:                     # a free shadow behind a car: stop here
            return path, left, True
    return path, left, False


@dataclass(frozen=True, slots=True)
class SecondaryAttack:
    """FGP 9.4.1: the OT move ended in a slipstream shadow behind `target`."""
    target: Key
    ot: int                    # remaining OT + 2
    space: int


@dataclass(slots=True, unsafe_hash=True)
class BattleResult:
    """What the round machine applies after a battle (FGP 9.4)."""
    outcome: str                                 # attacker | defender | tie
    attacker: Key
    defender: Key
    attacker_total: int | None = None
    defender_total: int | None = None
    path: tuple[int, ...] = ()                   # spaces the attacker drives
    space: int | None = None                     # attacker's final space
    ot_used: int = 0
    ot_lost: int = 0
    stress: dict = field(default_factory=dict)   # key -> +stress
    wear: dict = field(default_factory=dict)     # key -> +tyre wear (TW cards)
    ers: dict = field(default_factory=dict)      # key -> -charges (BLUE + spend)
    yellow_die: tuple = ()                       # keys rolling YELLOW (pairs)
    discards: dict = field(default_factory=dict)  # key -> cards to discard
    secondary: SecondaryAttack | None = None
    rule: str = RULE_WIN


def declare_choices(targets: Sequence[Target]) -> list:
    """FGP 9.2: the declare step: attack one of the targets (its key) or end the
    move (None; the OT is wasted)."""
    return [t.defender for t in targets] + [None]


def resolve_battle(track: Track, *, attacker: Key, defender: Key, attacker_space: int,
                   ot: int, attack: BattlePlay, defence: BattlePlay,
                   attack_total: LedTotal | int, defence_total: LedTotal | int | None,
                   others: Mapping[Key, int], attack_boost: Boost = Boost(),
                   defence_boost: Boost = Boost(), from_slipstream: bool = False,
                   side: str | None = None, blue_free_in_battle: bool = False,
                   ahead: Mapping[int, Key] | None = None) -> BattleResult:
    """FGP 9.4: compare the totals and say what changes.

    others: every other car's space (the defender included), for the OT move.
    side: the lateral side of the first OT point when attacking from a
    slipstream shadow (A29). ahead: slipstream space -> the car in front there,
    to name the target of a secondary attack. A defence with no cards is no
    defence: the attack succeeds (FGP 9.3)."""
    a_tot = attack_total.total if isinstance(attack_total, LedTotal) else attack_total
    d_tot = None
    if defence.defends and defence_total is not None:
        d_tot = defence_total.total if isinstance(defence_total, LedTotal) else defence_total
    res = outcome(a_tot, d_tot)
    wear = {k: p.tyre_wear for k, p in ((attacker, attack), (defender, defence)) if p.tyre_wear}
    if not defence.defends:
        defence_boost = Boost()            # no defence: nothing to boost (FGP 9.3)
    ers = {}
    for k, p, b in ((attacker, attack, attack_boost), (defender, defence, defence_boost)):
        n = (0 if blue_free_in_battle else p.blue) + (1 if b.spend_ers else 0)
        if n:
            ers[k] = -n
    dice = tuple(k for k, p in ((attacker, attack), (defender, defence)) if p.pair)
    discards = {k: tuple(p.cards) + tuple(b.events)
                for k, p, b in ((attacker, attack, attack_boost),
                                (defender, defence, defence_boost)) if p.cards or b.events}
    common = dict(attacker=attacker, defender=defender, attacker_total=a_tot,
                  defender_total=d_tot, wear=wear, ers=ers, yellow_die=dice,
                  discards=discards)
    if res == "defender":
        return BattleResult("defender", ot_lost=ot, space=attacker_space, rule=RULE_LOSE,
                            **common)
    if res == "tie":
        return BattleResult("tie", ot_lost=ot, space=attacker_space, rule=RULE_TIE,
                            stress={attacker: 1, defender: 1}, **common)
    occ = _occupancy(s for k, s in others.items() if k != attacker)
    if from_slipstream and side is None:
        raise IllegalMove("FGP 9.4.1: choose the side of the first OT point")
    path, left, in_shadow = ot_move(track, attacker_space, ot, occ,
                                    side=side if from_slipstream else None)
    end = path[-1] if path else attacker_space
    sec = None
    lost = left
    if in_shadow:
        front = (ahead or {}).get(end)
        if front is None:
            front = next((k for k, s in others.items() if s == end), None)
        sec = SecondaryAttack(front, left + SLIPSTREAM_OT, end)
        lost = 0
    return BattleResult("attacker", path=tuple(path), space=end, ot_used=ot - left,
                        ot_lost=lost, secondary=sec, **common)


def secondary_attack_choices(hand: Iterable[CardInfo], *, ers: int,
                             blue_free_in_battle: bool = False) -> list[str | None]:
    """FGP 9.4.1: a secondary attack needs one movement card from the hand
    (BLUE needs a charge, A42); None = decline."""
    out: list[str | None] = []
    for c in hand:
        if c.kind == "movement" and (c.colour != "blue" or blue_free_in_battle or ers >= 1):
            out.append(c.id)
    return list(dict.fromkeys(out)) + [None]


# =====================================================================================
# FGP 9.4.1 end of round / 9.5 wheel-to-wheel
# =====================================================================================
@dataclass(slots=True, unsafe_hash=True)
class W2WUpdate:
    tokens: dict               # key -> None | "vs" | "stress" after the round
    stress: dict               # key -> +stress
    partners: dict = field(default_factory=dict)   # key -> the cars sharing its tile
    rule: str = RULE_W2W


def w2w_end_of_round(track: Track, positions: Mapping[Key, int | None],
                     tokens: Mapping[Key, str | None], *, round_no: int,
                     safety_car: bool = False) -> W2WUpdate:
    """FGP 9.4.1 (end of round) / 9.5 with A18, once after all turns.

    A car ending the round on a tile with other cars, at least one of them not
    on a slipstream space: no token -> 'vs'; 'vs' -> 'stress' and +1 stress;
    'stress' -> +1 stress and the token is removed (no W2W next round). A car
    with a token alone on its tile (or only in a shared slipstream space) loses
    it. No tokens in rounds 1-2 (FGP 7.2) or under the Safety Car (cancelled).
    `partners`: for each car holding a token, the cars it shared its tile with:
    its wheel-to-wheel battle next round is with them (FGP 9.5)."""
    new = {k: tokens.get(k) for k in positions}
    stress: dict = {}
    if round_no <= NO_BONUS_ROUNDS or safety_car:
        return W2WUpdate({k: None for k in positions}, {})
    by_tile: dict[int, list] = {}
    for k, s in positions.items():
        if s is not None:
            by_tile.setdefault(track.spaces[s].tile, []).append(k)
    engaged: set = set()
    partners: dict = {}
    for tile, keys in by_tile.items():
        if len(keys) >= 2 and any(track.spaces[positions[k]].slipstream == 0 for k in keys):
            engaged.update(keys)
            for k in keys:
                partners[k] = tuple(x for x in keys if x != k)
    for k in positions:
        tok = tokens.get(k)
        if k not in engaged:
            new[k] = None
        elif tok is None:
            new[k] = "vs"
        elif tok == "vs":
            new[k] = "stress"
            stress[k] = 1
        else:
            new[k] = None
            stress[k] = 1
    return W2WUpdate(new, stress, {k: partners[k] for k in partners if new[k] is not None})


def w2w_partners(tokens: Mapping[Key, str | None], positions: Mapping[Key, int | None],
                 track: Track, mover: Key, partners: Mapping[Key, Iterable] | None = None
                 ) -> list[Key]:
    """FGP 9.5: cars the mover may pass freely (both hold a W2W token and
    shared a tile at the end of the last round: `partners`, from
    `w2w_end_of_round`; without that record every token holder counts).
    Callers add them to `passable`."""
    if tokens.get(mover) is None:
        return []
    mine = set((partners or {}).get(mover, ()))
    return [k for k, t in tokens.items() if k != mover and t is not None
            and positions.get(k) is not None and (not mine or k in mine)]


def resolve_secondary_attack(track: Track, *, attacker: Key, target: Key,
                             attack: SecondaryAttack, card: str | None, colour: str | None,
                             side: str | None, others: Mapping[Key, int],
                             blue_free_in_battle: bool = False,
                             ahead: Mapping[int, Key] | None = None) -> BattleResult:
    """FGP 9.4.1 secondary attack: the attacker stopped in the slipstream shadow
    behind `target` and attacks with the remaining OT + 2. The car ahead cannot
    defend, so committing one movement card (`card`, of `colour`) wins; the
    first OT point is lateral (A29), to `side`. card None: declined (the OT is
    lost). The result may itself end in another shadow (a further secondary)."""
    if card is None:
        return BattleResult("declined", attacker, target, space=attack.space,
                            ot_lost=attack.ot, rule=RULE_WIN)
    play = BattlePlay(cards=(card,), primary=(card,), blue=1 if colour == "blue" else 0)
    return resolve_battle(track, attacker=attacker, defender=target,
                          attacker_space=attack.space, ot=attack.ot, attack=play,
                          defence=BattlePlay(), attack_total=0, defence_total=None,
                          others=others, from_slipstream=True, side=side,
                          blue_free_in_battle=blue_free_in_battle, ahead=ahead)
