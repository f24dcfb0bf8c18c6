"""Beside and under the track on the page: the Team Sheets (each car's
box with its wear, Turn Leader markers and place), the decks, the points at
the end, and the seat's own hand drawn as cards. Other seats' hands only
ever appear as a count (the view holds nothing more).

STOCK The Team Sheet, Race card parts, Fill hands, Events, Scoring.
"""
from __future__ import annotations

from html import escape

from ...engine.board import action_doc, data_action
from ...engine.spec import pieces
from . import status
from .actions import Discard, PlayCard
from .svg_marks import INK, card, card_title, face, star, tick, wear_bar

PANEL_W = 240.0
BOX_W, BOX_H = 37.0, 27.0
CARD_W, CARD_H = 52.0, 72.0
CARD_ACTIONS = {"card": PlayCard, "discard": Discard}


def team_sheet(v: dict, x: float, y: float, tips: dict) -> tuple[tuple[str, ...], float]:
    """The Team Sheets from (x, y), one block a team, each car's box with
    its tooltip from `tips` (escaped, by car number); returns (svg pieces,
    height): the pieces joined are the picture, each car's box one piece,
    so that a page is sent again only the boxes a move changed."""
    out = [f'<text x="{x:.1f}" y="{y + 8:.1f}" font-size="9" font-weight="bold">Team Sheets'
           '<title>Each team\'s cars with their markers: wear, Turn Leader markers, and the '
           'Position marker of a car out of the race (STOCK The Team Sheet)</title></text>']
    top = y
    y += 14
    slots = v["numbers"]["retire_wear"]
    for tm in v["teams"]:
        out.append(_team_head(v, tm, x, y))
        cars = [c for c in v["cars"] if c["seat"] == tm["seat"]]
        for k, c in enumerate(cars):
            out.append(_car_box(c, tm, tips[c["number"]], x + 2 + k * (BOX_W + 2), y + 12,
                                slots))
        y += 12 + BOX_H + 6
    y += 2
    out.append(_decks(v, x, y))
    y += 22
    if v["scores"]:
        names = {str(tm["seat"]): tm["name"] for tm in v["teams"]}
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="8" font-weight="bold">Final points'
                   '<title>Each car scores for its Position marker, the winner a bonus, and '
                   'each Turn Leader marker a point; the team with most points wins (STOCK '
                   'Scoring)</title></text>')
        for k, (seat, pts) in enumerate(sorted(v["scores"].items(), key=lambda kv: -kv[1])):
            out.append(f'<text x="{x + 4:.1f}" y="{y + 10 + 9 * k:.1f}" font-size="7.5">'
                       f'{escape(names[seat])}: {pts}</text>')
        y += 12 + 9 * len(v["scores"])
    return pieces(out), y - top


def _team_head(v: dict, tm: dict, x: float, y: float) -> str:
    you = tm["seat"] == v["you"]
    first = tm["seat"] == v["first"]
    tip = (f"{tm['name']} ({'your team' if you else tm['kind']}): {tm['hand']} Race cards "
           "in hand" + ("; holds the First Player marker, so it acts first"
                        if first else "") + " (STOCK Fill hands, End of turn)")
    out = [f'<g class="team mark"><title>{escape(tip)}</title>'
           f'<rect x="{x + 2:.1f}" y="{y + 1:.1f}" width="9" height="9" fill="{tm["colour"]}" '
           f'stroke="{INK}" stroke-width="0.8"/>'
           f'<text x="{x + 14:.1f}" y="{y + 9:.1f}" font-size="8" font-weight="bold">'
           f'{escape(tm["name"])}{" (you)" if you else ""}</text>']
    # the hand as card backs with a count; the First Player marker as a flag
    hx = x + PANEL_W - 30
    out.append(f'<rect x="{hx:.1f}" y="{y:.1f}" width="7" height="10" rx="1" fill="#2f66c4" '
               f'stroke="{INK}" stroke-width="0.6"/><text x="{hx + 9:.1f}" y="{y + 8:.1f}" '
               f'font-size="7.5">{tm["hand"]}</text>')
    if first:
        fx = hx - 16
        out.append(f'<path d="M{fx:.1f},{y + 10:.1f} v-10 h8 l-2,3 l2,3 h-8" fill="#fff" '
                   f'stroke="{INK}" stroke-width="0.8"/><text x="{fx + 2:.1f}" '
                   f'y="{y + 5:.1f}" font-size="4" font-weight="bold">1</text>')
    out.append("</g>")
    return "".join(out)


def _car_box(c: dict, tm: dict, tip: str, x: float, y: float, slots: int) -> str:
    racing = c["status"] == "racing"
    fill = "#fff" if racing and not c["flipped"] else "#e4e4e4"
    out = [f'<g class="sheet-car mark" data-car="{c["number"]}">'
           f'<title>{tip}</title>'
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W:.1f}" height="{BOX_H:.1f}" rx="2" '
           f'fill="{fill}" stroke="{INK}" stroke-width="0.6"/>'
           f'<rect x="{x:.1f}" y="{y:.1f}" width="3" height="{BOX_H:.1f}" fill="{tm["colour"]}"/>'
           f'<text x="{x + 5:.1f}" y="{y + 8:.1f}" font-size="7.5" font-weight="bold">'
           f'#{c["number"]}</text>']
    if c["leads"]:
        out.append(star(x + BOX_W - 9, y + 5, 3.2)
                   + f'<text x="{x + BOX_W - 1.5:.1f}" y="{y + 8:.1f}" font-size="6" '
                   f'text-anchor="end">{c["leads"]}</text>')
    if racing:
        out.append(wear_bar(x + 5, y + 11, status.temp_wear(c), status.perm_wear(c), slots,
                            size=4.0))
        words = f"lap {max(1, c['lap'])}" + (" down" if c["lapdown"] else "")
        if c["flipped"]:
            out.append(tick(x + BOX_W - 5, y + BOX_H - 5, 2.6))
        if c["penalty"]:
            # STOCK Speed penalties: the MP its wear costs it now
            out.append(f'<text x="{x + BOX_W - 9:.1f}" y="{y + BOX_H - 3:.1f}" font-size="5.6" '
                       f'font-weight="bold" fill="#b91c1c" text-anchor="end">'
                       f'-{c["penalty"]}</text>')
    else:
        words = f"P{c['position']} {status.OUT_WORDS.get(c['status'], c['status']).split()[0]}"
    out.append(f'<text x="{x + 5:.1f}" y="{y + BOX_H - 3:.1f}" font-size="5.6">'
               f'{escape(words)}</text></g>')
    return "".join(out)


def _decks(v: dict, x: float, y: float) -> str:
    deck, ev = v["deck"], v["events"]
    line = f"Race deck {deck['pile']}, discards {deck['discards']}; Event deck {ev['pile']}"
    out = [f'<text class="mark" x="{x:.1f}" y="{y + 7:.1f}" font-size="7">{escape(line)}'
           '<title>Cards left to draw and thrown away; an empty Race deck is made again from '
           'its discards (STOCK Fill hands, Events)</title></text>']
    if ev["last_title"]:
        out.append(f'<text class="mark" x="{x:.1f}" y="{y + 16:.1f}" font-size="7">Last Event: '
                   f'{escape(ev["last_title"])} ({escape(ev["last_kind"])})<title>The Event card '
                   'turned up at the end of the last turn (STOCK Events)</title></text>')
    return "".join(out)


def hand_row(v: dict, x: float, y: float, width: float) -> tuple[tuple[str, ...], float]:
    """The seat's own hand as cards from (x, y); returns (svg pieces, one a
    card, height).
    In the card and discard decisions each card stands for playing or
    throwing it away (engine/board.py)."""
    hand = v["hand"]
    if hand is None:
        return (), 0.0
    out = [f'<text class="mark" x="{x:.1f}" y="{y + 9:.1f}" font-size="9" font-weight="bold">'
           f'Your hand: {len(hand)} of {v["hand_size"]} Race cards<title>Your Race cards, '
           'seen by you alone; the hand is filled up at the start of each turn (STOCK Fill '
           'hands)</title></text>']
    act = CARD_ACTIONS.get(v["phase"])
    per = _per_row(width)
    for k, c in enumerate(hand):
        cx = x + (k % per) * (CARD_W + 6)
        cy = y + 14 + (k // per) * (CARD_H + 6)
        mark = data_action(action_doc(act(c["id"]))) if act else ""
        f = face(c, v["bar"])
        out.append(f'<g class="card" data-card="{escape(c["id"])}"{mark}>'
                   f'<title>{escape(card_title(f))}</title>'
                   + card(cx, cy, f, CARD_W, CARD_H) + "</g>")
    return pieces(out), hand_height(len(hand), width)


def _per_row(width: float) -> int:
    return max(1, int(width // (CARD_W + 6)))


def hand_height(n: int, width: float) -> float:
    """The height of a hand of `n` cards laid out in `width`."""
    rows = max(1, -(-n // _per_row(width)))
    return 14 + rows * (CARD_H + 6) + 4

