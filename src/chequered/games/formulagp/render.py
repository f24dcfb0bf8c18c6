"""Text and SVG of a FormulaGP view: the race state line, the track with the
cars and tokens (render_track), the running order, and the seat's own board
and hand (render_board). Pure functions of the view dict."""
from __future__ import annotations

from html import escape

from ...engine.board import data_action
from .render_board import board_svg, board_text
from .render_cb import white_die_text
from .render_track import track_svg, track_text
from .track import track as load_track

PHASE_TEXT = {"q_reveal": "qualifying", "q_push": "qualifying: push the limit",
              "r1_order": "race start", "turns": "racing", "round_end": "end of round",
              "over": "finished", "vsc": "Virtual Safety Car", "restart": "red flag"}


def _car_marks(view: dict) -> list[dict]:
    # FGP 16.5: a car is drawn in its team's colour with the team's number
    return [{"space": c["space"], "number": c["seat"] + 1, "seat": c["seat"],
             "team": c["number"] or None}
            for c in view["cars"] if c["space"] is not None]


def _tokens(view: dict) -> dict:
    tok: dict[int, list[str]] = {}
    for t, h in view["hazards"].items():
        tok.setdefault(int(t), []).append(h)
    for z in view["yellow_flags"]:
        tok.setdefault(z["yellow_tile"], []).append("yellow")
        tok.setdefault(z["green_tile"], []).append("green")
    if view["safety_car"]:
        tok.setdefault(view["safety_car"]["tile"], []).append("SC")
    return tok


def status_line(view: dict) -> str:
    parts = [f"FormulaGP on {view['track_name']}",
             f"round {view['round']} (flag {view['flag']}/{view['final_flag']})",
             PHASE_TEXT.get(view["phase"], view["phase"])]
    if view["final_round"]:
        parts.append("FINAL ROUND")
    if view["safety_car"]:
        parts.append(f"SAFETY CAR on tile {view['safety_car']['tile']}")
    if view["vsc"]:
        parts.append("VSC")
    if view["yellow_flags"]:
        parts.append(f"{len(view['yellow_flags'])} yellow zone(s)")
    parts.append(f"race control {view['yellow_panel']}")
    if view.get("panel_side"):              # the WHITE die's colour (FGP 3.2, 16.1)
        parts.append("panel side " + white_die_text(view["panel_side"]))
    return " | ".join(parts)


def order_lines(view: dict) -> list[str]:
    cars = sorted(view["cars"], key=lambda c: -c["distance"])
    out = ["  pos car team (16.5 number)  lap  tyre    wear ERS stress pen  notes"]
    for i, c in enumerate(cars, 1):
        notes = []
        if c["in_pit"]:
            notes.append("pit box")
        if c["spun"]:
            notes.append("spun")
        if c["off_track"]:
            notes.append("off track")
        if c["laps_down"]:
            notes.append("blue" if c["laps_down"] == 1 else "double blue")
        if c["leader"]:
            notes.append("leader")
        if c["w2w"]:
            notes.append(f"W2W {c['w2w']}")
        if c["damage"]:
            notes.append(f"{len(c['damage'])} damage")
        if c["failures"]:
            notes.append(f"{len(c['failures'])} failure")
        me = "*" if c["seat"] == view.get("seat") else " "
        out.append(f" {me}{i:>2}  #{c['seat'] + 1:<2} T{c['number']:<2} {c['team'][:15]:<15} {max(0, c['laps']):>3}  "
                   f"{c['tyre']:<7} {c['wear']:>4} {c['ers']:>3} {c['stress']:>6} "
                   f"{c['penalties']:>3}  {', '.join(notes)}")
    return out


WINDOW = (4, 14)          # tiles behind / ahead of the seat's car in the text picture


def _window(view: dict, trk, picture: str) -> str:
    """The seat's part of the track (the whole lap for spectators and for a
    car in its box)."""
    me = next((c for c in view["cars"] if c["seat"] == view.get("seat")), None)
    if me is None or me["space"] is None:
        return picture
    tile = trk.spaces[me["space"]].tile
    n = trk.lap_tiles
    keep = {(tile + d) % n for d in range(-WINDOW[0], WINDOW[1] + 1)}
    rows = picture.splitlines()
    out = [r for r in rows if r[:3].strip().isdigit() and int(r[:3]) in keep]
    start = next(i for i, r in enumerate(out) if int(r[:3]) == (tile - WINDOW[0]) % n)
    return "\n".join(out[start:] + out[:start])


def text(view: dict) -> str:
    trk = load_track(view["track"])
    lines = [status_line(view), ""]
    lines.append(_window(view, trk, track_text(trk, _car_marks(view),
                                               highlight=view.get("highlight"))))
    lines.append("")
    lines += order_lines(view)
    if view.get("board"):
        lines += ["", board_text(view["board"])]
    lines += radio_lines(view)
    lines += time_lines(view)
    if view.get("pole_cards"):
        lines.append("pole bonus cards: " + ", ".join(view["pole_cards"]))
    b = view.get("battle")
    if b:
        lines.append(f"battle: #{b['attacker'] + 1} attacks #{b['defender'] + 1}")
    if view["over"]:
        lines.append("classification: " + ", ".join(f"#{s + 1}" for s in view["classification"]))
    return "\n".join(lines)


def time_lines(view: dict) -> list[str]:
    """FGP 15.12: the time limit, and the warnings given so far."""
    tl = view.get("time_limit")
    if not tl:
        return []
    names = {c["seat"]: f"#{c['seat'] + 1} {c['team']}" for c in view["cars"]}
    over = [f"{names[int(s)]} {n}" for s, n in tl["offences"].items() if n]
    return ["", f"time limit: {tl['seconds']:g} s a decision (two warnings, then a penalty "
                "token each time)" + ("; over it so far: " + ", ".join(over) if over else "")]


def radio_lines(view: dict) -> list[str]:
    """FGP 4.9 [ADV]: the seat's TEAM RADIO card, those it drew, the face-up top of
    the discard pile and the cards the table has seen (an Advanced race only)."""
    if "radio_discard_top" not in view:
        return []
    me = next((c for c in view["cars"] if c["seat"] == view.get("seat")), None)
    out = [""]
    if me is not None:
        held = me.get("radio")
        out.append("your TEAM RADIO card: " + (f"{held['name']} ({held['id']}): {held['text']}"
                                                if held else "none"))
        for c in view.get("radio_drawn", []):
            out.append(f"  drawn: {c['name']} ({c['id']}): {c['text']}")
    top = view["radio_discard_top"]
    out.append("TEAM RADIO discard pile: " + (f"{top['name']} ({top['id']}) on top" if top
                                              else "empty"))
    seen = [f"#{c['seat'] + 1} {c['radio']['name']}" for c in view["cars"]
            if c.get("radio") and c is not me]
    if seen:
        out.append("TEAM RADIO cards seen: " + ", ".join(seen))
    return out


def svg(view: dict) -> str:
    trk = load_track(view["track"])
    click = view.get("clickable") or {}
    spaces = {int(s): data_action(doc) for s, doc in click.get("spaces", {}).items()}
    cards = {c: data_action(doc) for c, doc in click.get("cards", {}).items()}
    t = track_svg(trk, _car_marks(view), _tokens(view), highlight=view.get("highlight"),
                  title=status_line(view), marks=spaces, panel=view.get("panel_side"))
    if not view.get("board"):
        return t
    b = board_svg(view["board"], cards)
    tw, th = _size(t)
    bw, bh = _size(b)
    w, h = max(tw, bw), th + 8 + bh
    # one picture: the track above the seat's own board (nested, each keeps its
    # own coordinates), sized so that every element lies inside it
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="formulagp-view" '
            f'width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}">'
            f'<title>{escape(status_line(view))}</title>'
            f'<g class="track">{t}</g><g class="board" transform="translate(0,{th + 8:.0f})">'
            f'{b}</g></svg>')


def _size(svg_text: str) -> tuple[float, float]:
    """(width, height) of a standalone SVG from its root element."""
    head = svg_text.split(">", 1)[0]

    def attr(name: str) -> float:
        try:
            return float(head.split(f' {name}="', 1)[1].split('"', 1)[0])
        except (IndexError, ValueError):
            return 0.0
    return attr("width"), attr("height")
