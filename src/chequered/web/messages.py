"""What a client is sent: one seat's view of a race, its legal actions as
{index, label, key} (plus, for a move that ends on a space, its `route`:
{to, cost, path}, web/routes_info.py), and the event log filtered for that
seat.

A seat may ask for its moves space by space (`fine`): its legal list is then
the game's fine list (Game.fine_actions) and its board is drawn as for it.

Hidden information only ever leaves the server through game.view(state,
seat) and what it renders; the log is the session's text for that viewer
(other seats' face-down choices and private events never appear).
"""
from __future__ import annotations

from ..engine.board import action_key
from .live import Entry, LiveRace
from .routes_info import RouteBoard, route_spec


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
        "who": race.name(entry.seat),
        "by": entry.by,
        "action": race.action_text(entry, viewer),
        "events": [{"text": text, "rule": rule} for text, rule in race.event_texts(entry, viewer)],
    }


def log_since(race: LiveRace, start: int, viewer) -> list[dict]:
    return [log_entry(race, i, race.entries[i], viewer)
            for i in range(start, len(race.entries))]


def state_message(race: LiveRace, viewer, deadline: float | None = None,
                  fine: bool = False) -> dict:
    """Everything the race page draws, for one seat (None: a spectator);
    `fine`: that seat's moves space by space."""
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
        "svg": game.render_svg(view),
        "text": game.render_text(view),
        # beside the board (engine/guide.py): all from the view or public
        "turn": game.turn(state),
        "standings": [row.to_doc() for row in game.standings(view)],
        "legend": [mark.to_doc() for mark in game.legend(view)],
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
