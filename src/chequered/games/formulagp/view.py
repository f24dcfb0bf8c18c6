"""What each seat may see (FGP 4.1: hands are private, EVENT cards are held
face down, DAMAGE and FAILURE cards lie face up; simultaneous choices stay
secret until revealed), the position document, and redeterminization for
search (resampling everything a seat has not seen)."""
from __future__ import annotations

from ...engine.board import action_doc
from ...engine.positions import FORMAT
from ...engine.protocol import BadInput
from ...engine.chance import Chance
from ...engine.rng import Rng
from . import actions as A
from . import face_down
from .bot import view as bot_view
from .render_board import board_view
from .rules import cards as C
from .rules import draw as D
from .rules import team_radio as TR
from .rules import time_limit as TL
from .rules.where import distance, running_order, track_of
from .state import Race

PUBLIC_CAR = ("seat", "board", "side", "team", "number", "driver", "controller", "space",
              "box", "in_pit", "laps", "tyre", "wear", "tyres_left", "ot", "ers", "stress",
              "focus", "leader", "params", "damage", "failures", "damage_tokens",
              "failure_tokens", "penalties", "w2w", "cold_tyres", "blue_flag", "laps_down",
              "attempts", "moved", "spun", "off_track", "off_spot", "facing_back", "rejoin",
              "quali_score", "crashed", "grid", "crossed_final", "box_wait", "box_call")

PUBLIC_MOVE = ("seat", "stage", "cards", "colours", "pace", "pair", "mp", "left", "start",
               "visited", "changes", "reduced", "extending", "blocked", "ahead", "gear",
               "exit", "drs", "secondary")


def view(race: Race, seat: int | None) -> dict:
    trk = track_of(race)
    cars = []
    for car in race.cars:
        doc = {f: _plain(getattr(car, f)) for f in PUBLIC_CAR}
        doc["hand_size"] = len(car.hand)
        # FGP 4.3 / 4.3.4: the Draw Failure card's back shows a yellow band
        doc["draw_failure"] = sum(1 for c in car.hand if C.is_draw_failure(race, c))
        # FGP 7.3.1: how many cards went back under the deck this phase is
        # seen at the table (not which ones)
        doc["returned"] = car.returned
        doc["held_events"] = len(car.held_events)
        doc["deck_size"] = len(car.deck.pile)
        doc["discards"] = len(car.deck.discards)            # FGP 4.2: piles are face down
        doc["distance"] = distance(race, car)
        if TR.in_play(race):            # FGP 4.9: face down until the table has seen it
            doc["radio"] = _radio_card(race, TR.shown(race, car, seat))
            doc["has_radio"] = car.radio is not None
            doc["radio_drawn"] = len(car.radio_drawn)
        if race.config.rules == "advanced":             # [ADV] FGP 11.4, on the board
            doc["fresh_tyres"] = car.fresh_tyres
        if "overtake_mode" in race.config.options:      # FGP 15.13: saved OT, on the board
            from .rules.optional_steps_c import saved_ot
            doc["overtake_ot"] = saved_ot(race, car.seat)
        cars.append(doc)
    p = race.turn.pending
    v = {
        "game": "formulagp", "seat": seat, "track": race.track, "track_name": trk.name,
        "round": race.round, "flag": race.flag, "final_flag": race.final_flag,
        "phase": race.turn.phase, "over": race.turn.over, "final_round": race.final_round,
        "panel_side": race.panel_side, "yellow_panel": race.yellow_panel,
        "yellow_flags": [dict(z) for z in race.yellow_flags],
        "safety_car": dict(race.safety_car) if race.safety_car else None,
        "vsc": race.vsc, "hazards": {str(k): h for k, h in race.hazards.items()},
        "leader": race.leader, "sequence": list(race.sequence), "turn": race.seq_pos,
        "order": running_order(race),                   # A212: the running order
        "pit_order": list(race.pit_order), "classification": list(race.classification),
        "pending": {"step": p.step, "seats": list(p.seats)} if p else None,
        "chosen": sorted(int(s) for s in race.secret),
        "cars": cars,
        "decks": {k: {"pile": len(d.pile), "discards": len(d.discards)}
                  for k, d in race.decks.items()},
        "move": {k: _plain(race.move[k]) for k in PUBLIC_MOVE if race.move and k in race.move},
        "battle": _battle(race, seat),
    }
    if TR.in_play(race):                # FGP 4.9: the discard pile lies face up
        v["radio_discard_top"] = _radio_card(race, TR.discard_top(race))
    if TL.seconds(race) is not None:    # FGP 15.12: the offences are the table's to see
        v["time_limit"] = {"seconds": TL.seconds(race),
                           "offences": {str(c.seat): TL.offences(race, c.seat)
                                        for c in race.cars}}
    if race.bots is not None:           # BOT 1.3: control cards, BOT cards (only races with BOTs)
        v["bots"] = bot_view.public(race)
    if race.weather is not None:                        # [ADV] FGP 3.2 g-i: all face up
        from .rules.weather_steps import view as weather_view
        v["weather"] = weather_view(race)
    if seat is not None:
        car = race.cars[seat]
        v["hand"] = list(car.hand)
        v["held"] = list(car.held_events)
        v["drawn"] = list(car.drawn)
        v["returns_left"] = car.returns_left
        v["secret"] = race.secret.get(seat)
        v["board"] = board_view(car, C.board_side(race, car), C.content_of(race))
        picks = _picks_of(race)
        if picks is not None and picks[0] == seat and picks[1] == "white":
            # FGP 4.12: the cards laid aside for the WHITE token, still in hand
            # until the choice is done: the seat sees which they are
            v["board"]["aside"] = picks[2]
        if TR.in_play(race):            # the seat's own TEAM RADIO cards (FGP 4.9)
            v["radio_drawn"] = [_radio_card(race, c) for c in car.radio_drawn]
        if race.move and "pole" in race.move and p and seat in p.seats:
            v["pole_cards"] = list(race.move["pole"])
    return v


def decorate_view(race: Race, seat: int, v: dict, legal: list) -> dict:
    """The spaces this seat may move to now, marked on the pictures, and the
    board elements that stand for an action (clickable in the web page,
    engine/board.py)."""
    v["highlight"] = [a.to for a in legal if isinstance(a, (A.Step, A.Rejoin))]
    spaces, cards = {}, {}
    for a in legal:
        if isinstance(a, (A.Step, A.Rejoin)):
            spaces.setdefault(str(a.to), action_doc(a))
        elif isinstance(a, (A.Return, A.Discard, A.PlayCard)):
            cards.setdefault(a.card, action_doc(a))
        elif isinstance(a, A.Play) and len(a.cards) == 1 and not a.orange_as \
                and not a.characteristic:
            cards.setdefault(a.cards[0], action_doc(a))
    v["clickable"] = {"spaces": spaces, "cards": cards}
    return v


def _battle(race: Race, seat: int | None) -> dict | None:
    b = race.battle
    if not b:
        return None
    revealed = len(b["cards"]) == 2 and (race.turn.pending is None or
                                         race.turn.pending.step != "battle_cards")
    return {"attacker": b["attacker"], "defender": b["defender"], "side": b["side"],
            "chosen": sorted(int(s) for s in b["cards"]),
            "cards": {s: list(c) for s, c in b["cards"].items()
                      if revealed or (seat is not None and int(s) == seat)}}


def _radio_card(race: Race, cid: str | None) -> dict | None:
    if cid is None:
        return None
    c = TR.card(race, cid)
    return {"id": cid, "name": c.name, "text": c.text}


def _plain(x):
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


# ---- positions ----------------------------------------------------------------------
def dump_position(race: Race) -> dict:
    return {"format": FORMAT, "game": "formulagp", "state": race.to_doc()}


def load_position(doc: dict) -> Race:
    if not isinstance(doc, dict) or doc.get("game") not in (None, "formulagp"):
        raise BadInput("not a FormulaGP position")
    body = doc.get("state", doc)
    try:
        race = Race.from_doc(body)
        track_of(race)
        for car in race.cars:
            C.board_side(race, car)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"FormulaGP position: {exc}") from None
    return race


# ---- redeterminization --------------------------------------------------------------
def redeterminize(race: Race, seat: int, rng: Rng) -> Race:
    """A copy in which what `seat` has not seen is resampled: every deck's
    order (its own included), the other players' hands and their face-down
    EVENT cards, and the future dice. Cards the others have committed to a
    choice `seat` has seen stay in their hands; a face-down choice `seat`
    has not seen yet is drawn afresh (face_down.py). Only worlds in which
    every other seat asked now has a legal choice are kept: the table saw
    them asked, or choose."""
    for _ in range(face_down.TRIES):
        r = race.clone()
        step, taken = face_down.take_back(r, seat)
        if _resample(r, seat, rng) and _resample_choices(r, step, taken, rng) \
                and face_down.can_choose(r, seat):
            break
    else:       # no such world found: the real hands stay, to keep the state valid
        r = race.clone()
        rng.shuffle(r.cars[seat].deck.pile)
    r.chance = Chance(Rng(state=rng.next64()))
    return r


def _resample_choices(race: Race, step: str, taken: dict, rng: Rng) -> bool:
    """Each taken-back choice drawn afresh, uniformly, from that seat's legal
    choices in this world (the view shows only that it has chosen, not how
    many cards it laid down). False when a seat has no legal choice in this
    world (it could not be the real one)."""
    if not taken:
        return True
    from .rules.steps import MACHINE
    st = MACHINE.steps[step]
    for s in taken:
        legal = st.legal(race, s)
        if not legal:
            return False
        st.apply(race, s, rng.choice(legal))
    MACHINE.forget(race)                    # the legal lists cached for the real hands
    return True


def _resample(r: Race, seat: int, rng: Rng) -> bool:
    """Every pool is sorted before it is shuffled, so that the world drawn
    depends only on what `seat` knows, not on the real order of what it
    cannot see. False when the world drawn cannot be the real one."""
    committed = {}
    for s, sec in r.secret.items():
        committed[s] = list(sec.get("cards", ()))
    if r.battle:
        for s, cards in r.battle["cards"].items():
            committed[int(s)] = committed.get(int(s), []) + list(cards)
    # Another player's pole draw (FGP 7.2.1) and the cards it is picking for
    # its WHITE token (FGP 4.12) are in its hand, unseen: drawn afresh with it
    # (_redraw_picks); in `seat`'s own hand they stay.
    picks = _picks_of(r)
    redealt: dict = {}
    for car in r.cars:
        if car.seat == seat:
            rng.shuffle(car.deck.pile)
            continue
        # a Draw Failure card in a hand is seen by its yellow band (FGP 4.3.4):
        # it stays there, and one still in the deck is not dealt
        df = [c for c in car.hand if C.is_draw_failure(r, c)]
        keep = list(committed.get(car.seat, ())) + df
        pool = [c for c in car.deck.pile if not C.is_draw_failure(r, c)]
        rest = list(car.hand)
        for c in keep:
            if c in rest:
                rest.remove(c)
        pool += rest
        pool.sort()
        rng.shuffle(pool)
        dealt = pool[:len(rest)]
        redealt[car.seat] = dict(zip(rest, dealt))
        # FGP 7.3.1: how many of the hand's cards were drawn this phase is seen
        # (they may still go back): as many of the dealt cards count as drawn
        redrawn = sum(1 for c in car.drawn if c in rest)
        car.drawn = [c for c in car.drawn if c in keep] + dealt[:redrawn]
        car.hand = [c for c in car.hand if c in keep] + dealt
        car.deck.pile = pool[len(rest):] + [c for c in car.deck.pile if C.is_draw_failure(r, c)]
        rng.shuffle(car.deck.pile)
    # face-down EVENT cards of the others come from the unseen EVENT cards
    others = [c for c in r.cars if c.seat != seat]
    ev = r.decks["event"]
    pool = sorted(list(ev.pile) + [e for c in others for e in c.held_events])
    rng.shuffle(pool)
    for c in others:
        n = len(c.held_events)
        c.held_events, pool = pool[:n], pool[n:]
    ev.pile = pool
    consistent = _redraw_picks(r, seat, picks, redealt)
    _resample_radio(r, seat, rng)                       # FGP 4.9 [ADV]
    for name, d in r.decks.items():
        if name != "event":
            rng.shuffle(d.pile)
    bot_view.redeterminize(r, rng)                      # face-down TACTICS cards (BOT 1.3 d)
    return consistent


def _picks_of(r: Race) -> tuple[int, str, list] | None:
    """(the seat, "pole" or "white", the cards) of a pick in progress."""
    mv = r.move
    if not mv:
        return None
    if "pole" in mv:
        return (mv["seat"] if "seat" in mv else r.sequence[0]), "pole", list(mv["pole"])
    if mv.get("white"):
        return mv["seat"], "white", list(mv["white"])
    return None


def _redraw_picks(r: Race, seat: int, picks, redealt: dict) -> bool:
    """The picked cards of another seat become the cards dealt in their
    place. A WHITE pick is as many cards as the player has laid aside (that
    much the table sees), each one the token may discard in this world (not
    Tyre Wear nor Draw Failure, FGP 4.12): a dealt card it may not discard
    gives way to another it may. False when the hand has too few such cards
    (this world cannot be the real one)."""
    if picks is None or picks[0] == seat:
        return True
    who, key, cards = picks
    swap = redealt.get(who, {})
    new = [swap.get(c, c) for c in cards]
    if key == "white":
        allowed = list(D.white_discard_choices(r, who))
        kept = []
        for c in new:
            if c in allowed:
                allowed.remove(c)
                kept.append(c)
        while len(kept) < len(new) and allowed:
            kept.append(allowed.pop(0))
        if len(kept) < len(new):
            return False
        new = kept
    r.move[key] = new
    return True


def _resample_radio(race: Race, seat: int, rng: Rng) -> None:
    """The other players' face-down TEAM RADIO cards (held and not yet shown,
    or drawn and not yet kept) come again from the cards `seat` has not seen:
    those and the deck's draw pile, which is shuffled too."""
    if not TR.in_play(race):
        return
    d = TR.deck(race)
    others = [c for c in race.cars if c.seat != seat]
    hidden = [c for c in others if c.radio is not None and not c.radio_seen]
    pool = list(d.pile) + [c.radio for c in hidden] + [x for c in others for x in c.radio_drawn]
    rng.shuffle(pool)
    for c in hidden:
        c.radio = pool.pop()
    for c in others:
        c.radio_drawn = [pool.pop() for _ in c.radio_drawn]
    d.pile = pool
