"""What a seat may see (view); how it looks is board_text.py (the terminal)
and board_svg.py (the page).

A view shows the whole track (every car, its wear and markers: all public
on the table) and the seat's own hand; other hands only by their size, the
draw piles only by their count.
"""
from __future__ import annotations

from .actions import MoveType, Step
from .board_svg import svg
from .board_text import text
from .content import EFFECTS, MOVES, PERMANENT, TEMPORARY, WEAR_KINDS, load_content
from .rules import movement
from .rules.events import team_indexes
from .rules.movement import PUSH_AHEAD, PUSH_ASIDE
from .rules.order import lap_marker, leader, running_order
from .rules.turn import laps_of, step_name
from .text import card_text

__all__ = ["decorate_view", "svg", "text", "view"]


def view(state, seat) -> dict:
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    teams = team_indexes(state, C)
    lead = leader(state, T)
    order = running_order(state, T)
    cars = []
    for c in state.cars:
        cars.append({
            "number": c.number, "seat": c.team, "status": c.status,
            "dist": c.dist, "sector": c.dist % T.n, "lane": c.lane,
            "lap": max(0, c.dist // T.n + 1) if c.dist >= 0 else 0,
            "temp": dict(zip(TEMPORARY, c.temp)), "perm": dict(zip(PERMANENT, c.perm)),
            "wear": c.wear, "flipped": c.flipped, "position": c.position,
            "leads": c.leads, "lapdown": c.lapdown,
            # STOCK Speed penalties: the MP it would lose if activated now
            "penalty": movement.speed_penalty(C.rules, c.wear),
        })
    phase = step_name(state)
    move = None
    if state.move and phase in ("type", "move", "card"):
        m = state.move
        move = {"car": state.cars[m["car"]].number}
        if "card" in m:
            move["card"] = card_text(C, m["card"])
        if "mp" in m:
            move.update({"kind": m["kind"], "mp": m["mp"],
                         "pack": [state.cars[i].number for i in m["snake"]]})
    if phase == "affect":
        move = {"affect": [state.cars[i].number for i in state.turn.pending.context["cars"]]}
    last = state.events.discards[-1] if state.events.discards else None
    return {
        "game": "stockcar",
        "you": seat,
        "track": {"key": T.key, "name": T.name, "sectors": T.n, "width": list(T.width),
                  "corner": list(T.corner), "turn": list(T.turn),
                  "laps": laps_of(state, T), "green_line": T.green_line,
                  "restart_lanes": list(T.restart), "pit_loss": T.pit_loss},
        "turn": state.turn_number,
        "lap": lap_marker(state, T, laps_of(state, T)),
        "phase": phase,
        "to_act": [] if state.turn.over or state.turn.pending is None
        else list(state.turn.pending.seats),
        "first": state.first,
        "side": "light" if state.side == 0 else "dark",
        "yellow": state.yellow,
        "leader": None if lead is None else lead.number,
        "order": [c.number for c in order],
        "apron": {str(k): [state.cars[i].number for i in v]
                  for k, v in sorted(state.apron.items()) if v},
        "teams": [{"seat": s, "key": C.teams[t].key, "name": C.teams[t].name,
                   "code": C.teams[t].code, "colour": C.teams[t].colour,
                   "kind": state.config.seats[s],
                   "hand": len(state.hands[s])} for s, t in enumerate(teams)],
        # every team by its Team Bar letter, for the bars printed on the cards
        "bar": {t.code: [t.key, t.colour] for t in C.teams},
        "cars": cars,
        "hand": ([_card(C, k) for k in sorted(state.hands[seat])]
                 if seat is not None else None),
        "hand_size": state.hand_size,
        "deck": {"pile": len(state.deck.pile), "discards": len(state.deck.discards)},
        "events": {"pile": len(state.events.pile), "discards": len(state.events.discards),
                   "last": last,
                   "last_title": None if last is None else C.events[last].title,
                   "last_kind": None if last is None else C.events[last].kind},
        # the rule numbers the board's words quote (content/rules.toml)
        "numbers": {"retire_wear": C.rules.retire_wear,
                    "speed_penalty": {str(k): v for k, v in C.rules.speed_penalty.items()},
                    "turn_leader_points": C.rules.turn_leader_points,
                    "win_bonus": C.rules.win_bonus},
        "move": move,
        "pitted": [state.cars[i].number for i in state.pitted],
        "scores": None if state.scores is None else {str(k): v for k, v in state.scores.items()},
    }


def _card(C, key: str) -> dict:
    """A Race card of the seat's own hand, with its printed parts (STOCK Race
    card parts) as numbers and codes (svg_marks.face reads them back): only
    its holder's view has them, and no word of a hidden card may read like
    a word the other seats' boards show anyway ("tyre", "draft")."""
    c = C.cards[key]
    return {"id": key, "text": card_text(C, key), "name": f"{key} {c.title}", "mp": c.mp,
            "move": MOVES.index(c.move),
            "wear": -1 if c.white else WEAR_KINDS.index(c.wear),
            "effect": EFFECTS.index(c.effect) if c.effect else -1, "bar": c.bar}


def decorate_view(state, seat, v: dict, legal: list) -> dict:
    """For the seat to act: the steps and movement types it may choose now,
    drawn as clickable marks on the board (engine/board.py), each step with
    its cost and the cars it would push (STOCK Movement)."""
    steps = [a for a in legal if isinstance(a, Step)]
    costs = {}
    if steps:
        C = load_content(state.config.content)
        costs = movement.steps(state, C.tracks[state.track], C.rules)
    v["steps"] = []
    for a in steps:
        cost, push, data = costs.get(a, (0, 0, None))
        pushed = [data] if push == PUSH_ASIDE else list(data) if push == PUSH_AHEAD else []
        v["steps"].append({"ahead": a.ahead, "lane": a.lane, "mp": cost,
                           "push": [state.cars[i].number for i in pushed],
                           "way": {PUSH_ASIDE: "aside", PUSH_AHEAD: "ahead"}.get(push)})
    v["types"] = [a.kind for a in legal if isinstance(a, MoveType)]
    return v


