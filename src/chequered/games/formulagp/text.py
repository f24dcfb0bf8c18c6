"""Words for FormulaGP: actions for menus, seat names, and our own short
summary of the rule behind each decision step (the log's event texts are
log.py)."""
from __future__ import annotations

from . import actions as A
from .rules import cards as C

HELP = {
    "tyre_sets": "FGP 15.10: choose the dry tyre sets for the race: Option A (2 soft, 1 "
                 "medium, 1 hard) or B (1 soft, 2 medium, 1 hard); there are no others",
    "start_tyre": "FGP 5.1.3: choose the tyres you start on, face down: soft (the biggest "
                  "bonus, wears out first), medium, or hard (the smallest bonus, lasts "
                  "longest). The others wait in your pit box.",
    "returns": "FGP 7.3.1: you may return up to as many of the cards you just drew as the "
               "LEDs beside your ERS charge; they go under your deck and you draw as many.",
    "quali_cards": "FGP 6.1: choose your qualifying cards in secret: a movement card or a "
                   "pair (or a Tyre Wear card) plus any Tyre Wear and Option cards. Score = "
                   "tyre bonus + max OT + the cards' LEDs; no cards = back of the grid.",
    "push": "FGP 6.2: push the limit: roll WHITE; green adds the number, red needs a "
            "counter-steer card or you crash and start from the pit lane.",
    "quali_save": "FGP 6.2: a red face: spend a counter-steer card (no bonus) or crash.",
    "pole_keep": "FGP 7.2.1: keep one of the three cards; the others go on top of or under "
                 "your deck.",
    "start_cards": "FGP 7.2.1: choose your start play in secret (single or pair, plus Tyre "
                   "Wear / Option cards for LEDs); most LEDs moves first, all in 2nd gear.",
    "prep": "FGP 7.3.3.1: before moving: play Option cards (draw an EVENT), held EVENT "
            "cards, two-card secondary functions, the YELLOW parameter, quick repairs; "
            "then Done to play your movement card.",
    "play": "FGP 7.3.3.5: one movement card or a pair (GREEN+GREEN runs at RED pace, "
            "RED+RED at BLUE, ORANGE is wild; pairs roll the YELLOW die). Speed = the board "
            "for the gear of your tile and the pace, + tyre bonus, focus, characteristic.",
    "move": "FGP 8.3 / 9.1-9.2: one movement point at a time: forward or one lane sideways. "
            "A car in the same or the next lane on the tile ahead stops you (Stop: the "
            "points left become OT for a battle). Reduce: stop now, turning the points "
            "into ERS charges or braking with Tyre Wear cards.",
    "extend": "FGP 8.2.2: one more point from an ERS charge on a straight or a Tyre Wear "
              "card on a curve (+1 wear).",
    "attack": "FGP 9.2: attack a car that stopped you (OT from your points left), or end "
              "your move and waste the OT.",
    "ot_boost": "FGP 9.2 c: +1 OT from a card's secondary function or the RED parameter.",
    "battle_cards": "FGP 9.3: choose your battle cards in secret: a movement card or pair "
                    "or a Tyre Wear card, plus any Tyre Wear / Option cards for LEDs. The "
                    "defender may play nothing (no defence).",
    "battle_boost": "FGP 9.3 step 2: after the reveal, spend an ERS charge for its LEDs, use "
                    "your driver skill, play battle EVENT cards.",
    "secondary": "FGP 9.4.1: you ended in a slipstream shadow: attack the car ahead with "
                 "your OT left + 2 (it cannot defend), or decline.",
    "control": "FGP 13.4: loss of control: spend a counter-steer card (you shift a lane by "
               "the WHITE die, +1 wear) or spin.",
    "discard": "Discard a card (a card effect or the hand limit).",
    "white": "FGP 4.12: WHITE parameter token: discard any cards (not Tyre Wear or Draw "
             "Failure) one at a time, then done: draw back up to the hand limit.",
    "rejoin": "FGP 13.4.5 b: come back onto the nearest track space.",
    "end_events": "FGP 7.3.3.1 / 13.7.1: play held EVENT cards or quick-repair a failure at "
                  "the end of your turn, or done.",
    "pit_stop": "FGP 11.2: change tyres (any compound) and choose repairs: one card (roll "
                "WHITE: 1 = long repair) or all (you stay until next round).",
    "pit_discard": "FGP 11.2: discard any cards (not Draw Failure), then draw to the limit.",
    "vsc_step": "FGP 13.9.3: under the Virtual Safety Car every car drives exactly the "
                "drawer's distance, one space at a time, without overtaking.",
    "red_flag": "FGP 13.10: red flag: fit new tyres and repair damage if you wish.",
    "radio_pick": "FGP 4.9 [ADV]: keep one of the two TEAM RADIO cards, face down; the other "
                  "goes face up on the discard pile.",
    "radio_swap": "FGP 4.9 [ADV]: change your TEAM RADIO card: take the top card of the "
                  "discard pile (yours goes there), or draw two and keep one of the three.",
    "radio_keep": "FGP 4.9 [ADV]: keep one TEAM RADIO card (a new one or yours); the others go "
                  "face up on the discard pile.",
}


# how a card is played outside a movement play (actions.PlayCard.how)
PLAY_CARD_TEXT = {
    "play": "play {card}: draw an EVENT card",                     # FGP 4.3.3
    "event": "play EVENT card {card}",                             # FGP 4.4
    "tyre_wear": "tyre wear {card}: +1 wear to free a hand space",  # FGP 7.3.3.1
    "worn_discard": "discard worn-out {card}",                     # FGP 10.1 / 4.3.2
    "sc_discard": "discard {card} under the Safety Car",           # FGP 13.9.2
    "radio": "play {card} to change your TEAM RADIO card",         # FGP 4.3.3 / 4.9 [ADV]
    "block": "block with {card}",                                  # FGP 15.7.2
}


def help_text(race, seat: int) -> str:
    """`help rules`: the rule of the decision in hand, then the reference card:
    the seat's whole board (speed table, wear track with its start spaces) and
    what every symbol of the boards means (legend.py)."""
    from .legend import legend_lines
    from .render_board import board_text
    from .view import view
    p = race.turn.pending
    out = [HELP[p.step] if p is not None else "Nothing to decide now."]
    v = view(race, seat)
    if v.get("board"):
        out += ["", "Your board in full:", board_text(v["board"])]
    out += ["", "What the symbols mean:"] + legend_lines(v)
    return "\n".join(out)


def seat_names(race) -> dict[int, str]:
    """A name per seat: its car number and team (FGP 16.5)."""
    return {c.seat: f"#{c.seat + 1} {c.team}" for c in race.cars}


def describe_action(action) -> str:
    if isinstance(action, A.Done):
        return "done"
    if isinstance(action, A.QualiWear):
        return f"add {action.points} tyre wear for qualifying" if action.points \
            else "add no tyre wear for qualifying"
    if isinstance(action, A.StartTyre):
        return f"start on {action.tyre} tyres"
    if isinstance(action, A.TyreSets):                  # FGP 15.10 (option)
        return f"tyre sets Option {action.choice} " + \
            ("(2 soft, 1 medium, 1 hard)" if action.choice == "A" else "(1 soft, 2 medium, 1 hard)")
    if isinstance(action, A.Return):
        return f"return {action.card}"
    if isinstance(action, A.Cards):
        if not action.cards:
            return "play no cards"
        decl = f" (orange as {', '.join(action.orange_as)})" if action.orange_as else ""
        return "cards " + " + ".join(action.cards) + decl
    if isinstance(action, A.Push):
        return "push the limit" if action.push else "do not push"
    if isinstance(action, A.CounterSteer):
        return f"counter-steer with {action.card}" if action.card else "no counter-steer"
    if isinstance(action, A.PoleKeep):
        return (f"keep {action.keep}; on top {', '.join(action.top) or 'none'}; "
                f"under the deck {', '.join(action.bottom) or 'none'}")
    if isinstance(action, A.Play):
        decl = f" (orange as {', '.join(action.orange_as)})" if action.orange_as else ""
        return "play " + " + ".join(action.cards) + decl + \
            (" + car characteristic" if action.characteristic else "")
    # Without the race a space has no name players know (no board numbers
    # its spaces): the log's next line says where it was (describe_choice).
    if isinstance(action, A.Step):
        return "move one space"
    if isinstance(action, A.Rejoin):
        return "rejoin the track"
    if isinstance(action, A.Stop):
        return "stop here (points left become OT for a battle, or are lost)"
    if isinstance(action, A.Reduce):
        return f"stop: {action.charge} to ERS, brake with {len(action.brake)} card(s)"
    if isinstance(action, A.Extend):
        return {"ers": "extend with ERS", "characteristic": "extend with the car characteristic"
                }.get(action.via, f"extend with {action.card}")
    if isinstance(action, A.Attack):
        if action.defender is None:
            return "no battle"
        return f"attack #{action.defender + 1}" + (f" ({action.side})" if action.side else "")
    if isinstance(action, A.Boost):
        bits = (["ERS"] if action.ers else []) + (["skill"] if action.skill else []) \
            + list(action.events)
        return "boost: " + (", ".join(bits) if bits else "nothing")
    if isinstance(action, A.PitStop):
        return (f"tyres: {action.tyre or 'keep'}; repair {action.repair}"
                + (f" {action.card}" if action.card else ""))
    if isinstance(action, A.PlayCard):
        return PLAY_CARD_TEXT.get(action.how, action.how.replace("_", " ") + " {card}") \
            .format(card=action.card)
    if isinstance(action, A.Spend):
        from .render_board import SECONDARY_TEXT
        return f"spend {' + '.join(action.cards)} for " \
            f"{SECONDARY_TEXT.get(action.function, action.function.replace('_', ' '))}" + \
            (f" ({action.colour})" if action.colour else "")
    if isinstance(action, A.Parameter):
        return f"use the {action.colour} parameter" + \
            (f", discarding {len(action.discard)}" if action.discard else "")
    if isinstance(action, A.QuickRepair):
        return f"quick repair {action.failure} paying {', '.join(action.cards) or 'nothing'}"
    if isinstance(action, A.NoMove):
        return "no movement card: " + " ".join(map(str, action.choice))
    if isinstance(action, A.Discard):
        return f"discard {action.card}"
    if isinstance(action, A.RadioKeep):
        return f"keep TEAM RADIO {action.card}"
    if isinstance(action, A.RadioSwap):
        return {"discard": "take the top card of the TEAM RADIO discard pile",
                "deck": "draw two TEAM RADIO cards"}.get(action.way, action.way)
    if isinstance(action, A.UseRadio):
        return f"use TEAM RADIO {action.card}"
    if isinstance(action, A.TeamOrder):                 # FGP 14.4 (option team_orders)
        from .bot.team_orders import ORDER_TEXT
        return f"team order: {ORDER_TEXT[action.order]}" if action.order else "no team order"
    raise TypeError(f"not a FormulaGP action: {type(action).__name__}")


def _space_choice(race, seat: int, action) -> str:
    """A fine move's menu line: the space named as the board shows it (the
    terminal board has no space numbers), how it is reached, what is on it."""
    from .rules.where import place_text, track_of
    trk = track_of(race)
    sp = trk.spaces[action.to]
    car = race.cars[seat]
    here = trk.spaces[car.space] if car.space is not None else None
    how = "" if here is None else (" (lane change)" if action.to in here.lateral else
                                   " (forward)")
    extra = []
    if sp.slipstream:
        extra.append("slipstream")
    if sp.kerb:
        extra.append("kerb")
    if sp.pit_lane:
        extra.append("PIT LANE")
    if sp.skid_to is not None:
        extra.append("tricky corner!")
    verb = "move to" if isinstance(action, A.Step) else "rejoin at"
    return f"{verb} {place_text(sp.tile, sp.lanes, sp.index, sp.count)}{how}" + \
        (f" [{', '.join(extra)}]" if extra else "")


def describe_choice(race, seat: int, action) -> str:
    """A menu line: the action in words with what it would give where that
    is known before choosing (the qualifying score, the LEDs of a start or
    battle play, the pace and points of a movement play), the cards named by
    colour and LEDs, and the tile and lane of a space. Typed back, it is the
    action (engine/session.Session.parse)."""
    p = race.turn.pending
    step = p.step if p is not None else None
    preview = _preview(race, seat, step, action)
    if preview and isinstance(action, A.Cards):     # the hand lists each card's colour
        return f"{_play_words(action)}: {preview}"
    if isinstance(action, (A.Step, A.Rejoin)) and not preview:
        return _space_choice(race, seat, action)
    base = _named_cards(race, describe_action(action), action)
    if preview:
        return f"{base} -> {preview}"
    if isinstance(action, (A.RadioKeep, A.UseRadio)):     # FGP 4.9: name and text
        rc = C.content_of(race).team_radio.card(action.card)
        return f"{base}: {rc.name} ({rc.text})"
    return base


def _play_words(action) -> str:
    """A secret card play in few words: `R06 + O04 (orange as red)`."""
    if not action.cards:
        return "play no cards"
    return " + ".join(action.cards) + (f" (orange as {', '.join(action.orange_as)})"
                                       if action.orange_as else "")


def _named_cards(race, base: str, action) -> str:
    """`base` with each card id followed by its colour (or kind) and LEDs."""
    one = getattr(action, "card", None)
    cards = getattr(action, "cards", None) or ((one,) if isinstance(one, str) else None)
    if not cards:
        return base
    names = []
    for c in cards:
        try:
            ac = C.action_card(C.content_of(race), c)
            what = ac.colour.upper() if ac.colour else ac.kind.replace("_", " ").title()
            names.append(f"{c} ({what}, {ac.leds} LED{'s' if ac.leds != 1 else ''})")
        except KeyError:
            names.append(c)
    return base.replace(" + ".join(cards), " + ".join(names))


def _preview(race, seat: int, step: str | None, action) -> str:
    """What the choice gives, known before it is made (empty: nothing to add)."""
    car = race.cars[seat]
    if isinstance(action, A.Play) and race.move and race.move.get("seat") == seat:
        from .rules.move_routes import play_preview
        pace, mp = play_preview(race, seat, action)
        return f"{pace.upper()} pace, {mp} MP"
    if step == "quali_cards" and isinstance(action, A.Cards):          # FGP 6.1-6.2
        from .rules.start_steps import quali_preview
        _, sc = quali_preview(race, seat, action.cards)
        if sc.missed:
            return "no score, back of the grid"
        return f"score {sc.total}"
    if step == "start_cards" and isinstance(action, A.Cards):          # FGP 7.2.1
        from .rules.start_steps import start_play_of
        play = start_play_of(race, seat, action.cards, action.orange_as)
        return f"{play.leds} LED{'s' if play.leds != 1 else ''}"
    if step == "battle_cards" and isinstance(action, A.Cards):         # FGP 9.3
        from .rules.battle_steps import preview
        total = preview(race, seat, action.cards)
        return "" if total is None else f"{total.total} LEDs before boosts"
    if step == "push" and isinstance(action, A.Push):                  # FGP 6.2
        score = car.quali_score or 0
        return (f"score {score} + a green WHITE face; on red, counter-steer or crash"
                if action.push else f"keep score {score}")
    if step in ("quali_wear", "quali_again"):                           # FGP 15.3
        q = race.move["quali"]
        key = str(seat)
        added = action.points if isinstance(action, A.QualiWear) else int(action.push)
        if isinstance(action, A.Push) and not action.push:
            return f"keep your best score {car.quali_score or 0}"
        score = q["base"][key] + q["points"].get(key, 0) + added \
            - (1 if seat in q["failed"] else 0)
        return f"score {score} + the WHITE die (its icon face: a failed attempt)"
    return ""
