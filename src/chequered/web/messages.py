"""What a client is sent: one seat's view of a race, its legal actions as
{index, label, key} (plus, for a move that ends on a space, its `route`:
{to, cost, path}, web/routes_info.py), and the event log filtered for that
seat.

A seat may ask for its moves space by space (`fine`): its legal list is then
the game's fine list (Game.fine_actions) and its board is drawn as for it.

A socket gets a game's board in two layers when the game draws it so
(engine/spec.LayeredSvg, issue 16): the static board once, as a message of
its own ({"type": "board", "id", "svg"}), then in each state only `board`:
{id, attrs, parts}, what the view draws over it (a part the game draws in
pieces is here the list of them). HTTP answers keep the whole `svg`.

Hidden information only ever leaves the server through game.view(state,
seat) and what it renders; the log is the session's text for that viewer
(other seats' face-down choices and private events never appear). A static
board depends on the race's config alone: a key the config does not list
is never sent as one (the view is then drawn whole).
"""
from __future__ import annotations

import hashlib
import json
import logging
from functools import lru_cache

from ..engine.board import action_key
from ..engine.spec import static_text
from .live import Entry, LiveRace
from .routes_info import RouteBoard, route_spec

log = logging.getLogger("chequered.web")
_BOARDS: dict[tuple, tuple[str, str]] = {}      # (game, key) -> (id, board message JSON)
BOARD_MESSAGES: dict[str, str] = {}              # id -> board message JSON


def legal_list(race: LiveRace, seat, fine: bool = False) -> list[dict]:
    if seat is None or race.controllers[seat] != "human":
        return []
    game, state = race.game, race.state
    actions = race.fine_legal(seat) if fine else race.legal(seat)
    board = RouteBoard(game, state, seat)
    out = []
    for i, a in enumerate(actions):
        item = {"index": i, "label": game.describe_choice(state, seat, a),
                "key": action_key(game.encode_action(a))}
        warning = game.confirm(state, seat, a)
        if warning:
            item["confirm"] = warning      # the page asks before sending it
        info = board.info(a)
        if info is not None:
            item["route"] = info
        out.append(item)
    return out


def log_entry(race: LiveRace, ply: int, entry: Entry, viewer) -> dict:
    """One entry of the log as `viewer` may read it (engine/session.py): a
    face-down choice shows its public text, events are seen through
    Event.seen_by."""
    return {
        "ply": ply,
        "seat": entry.seat,
        "who": entry.who or race.name(entry.seat),
        "by": entry.by,
        "action": race.action_text(entry, viewer),
        "events": [{"text": text, "rule": rule} for text, rule in race.event_texts(entry, viewer)],
    }


def log_since(race: LiveRace, start: int, viewer) -> list[dict]:
    return [log_entry(race, i, race.entries[i], viewer)
            for i in range(start, len(race.entries))]


@lru_cache(maxsize=4096)
def _doc(item) -> dict:
    """A legend mark's or running-order row's document (engine/guide.py),
    made once per distinct one: they are frozen and recur from one state to
    the next, and to_doc copies through dataclasses.asdict. Read only."""
    return item.to_doc()


def static_board(game, key) -> tuple[str, str]:
    """(id, board message as JSON) of a game's static board, made once per
    process: the id is a digest of the picture, so a page keeps a board it
    already has."""
    found = _BOARDS.get((game.name, key))
    if found is None:
        text = static_text(game.board_layers.static(key))
        bid = hashlib.sha256(text.encode()).hexdigest()[:16]
        found = _BOARDS[game.name, key] = (
            bid, json.dumps({"type": "board", "id": bid, "svg": text}))
        BOARD_MESSAGES[bid] = found[1]
    return found


def board_fields(race: LiveRace, view: dict, layered: bool) -> dict:
    """The board of a state message: {"svg": the whole picture}, or, for a
    socket and a game that draws in layers, {"board": {id, attrs, parts}}
    over a static board keyed by the race's config."""
    game = race.game
    layers = game.board_layers if layered else None
    if layers is None:
        return {"svg": game.render_svg(view)}
    layer = layers.dynamic(view)
    if layer.key not in race.board_keys():
        log.error("%s drew a static board its config does not list: %r; sent whole",
                  game.name, layer.key)
        return {"svg": game.render_svg(view)}
    # a part in pieces stays a list of them: a socket is sent again only the
    # pieces it does not have (subscriber.Subscriber.push_state)
    return {"board": {"id": static_board(game, layer.key)[0], "attrs": dict(layer.attrs),
                      "parts": [list(p) if isinstance(p, tuple) else p for p in layer.parts]}}


def state_message(race: LiveRace, viewer, deadline: float | None = None,
                  fine: bool = False, layered: bool = False, text: bool = True) -> dict:
    """Everything the race page draws, for one seat (None: a spectator);
    `fine`: that seat's moves space by space; `layered`: the board as a
    layer over its static board (for a socket), else the whole SVG; `text`:
    the race as text (else null: the page's text panel is closed)."""
    game, state = race.game, race.state
    to_act = sorted(game.to_act(state))
    fine = bool(fine)
    if fine and viewer is not None and viewer in to_act \
            and route_spec(game, state, viewer) is not None:
        # the board marks what the fine list offers: the view is decorated
        # from a copy whose legal list is the fine one (engine/steps.Turn.fine)
        shown = game.clone(state)
        shown.turn.fine = True
        view = game.view(shown, viewer)
    else:
        view = game.view(state, viewer)
    over = game.is_over(state)
    msg = {
        "type": "state",
        "race": race.race_id,
        "game": game.name,
        "title": game.title,
        "version": race.version,
        "you": viewer,
        "over": over,
        "to_act": to_act,
        "controllers": list(race.controllers),
        "names": {str(k): v for k, v in game.seat_names(state).items()},
        **board_fields(race, view, layered),
        "text": game.render_text(view) if text else None,
        # beside the board (engine/guide.py): all from the view or public
        "turn": game.turn(state, whole=not fine),
        "standings": [_doc(row) for row in game.standings(view)],
        "legend": [_doc(mark) for mark in game.legend(view)],
        "legal": legal_list(race, viewer, fine) if viewer in to_act else [],
        "fine": fine,
        "deadline": deadline,
        "result": game.result(state).to_doc() if over else None,
        "season": race.season_name,
    }
    if race.seed_chosen or over:
        # The seed gives away every hidden card and die to come: only a seed
        # the solo player chose, or one whose race is over, is ever sent.
        msg["seed"] = race.seed
    if viewer is not None:
        ply, reason = race.undo_point(viewer)
        msg["undo"] = {"ok": ply is not None, "reason": reason}
    return msg
