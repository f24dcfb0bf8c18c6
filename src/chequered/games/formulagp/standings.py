"""The running order as a seat sees it (engine/guide.Standing), and its short
text for the terminal board. Only from the view: every fact here is on the
table for everyone (positions, laps, tyres and their wear marker, ERS, the
number of cards in a hand, tokens), never a hand's contents.

The order is the view's `order` (rules/where.running_order, A212): laps and
tiles first, then on a shared tile the Race Leader token's holder and the
FGP 7.3.2 lanes, so the token (FGP 13.3) is always on the first car of its
tile and never shown on a car that is a whole tile behind another."""
from __future__ import annotations

from ...engine.guide import Fact, Standing

TYRE_LETTER = {"soft": "S", "medium": "M", "hard": "H", "wet": "W"}

# The notes of the text's running order: (code, what it means, rule)
NOTES = {
    "RL": ("holds the Race Leader token", "FGP 13.3"),
    "box": ("in its pit box", "FGP 11.2"),
    "spun": ("spun: faces the wrong way, moves last", "FGP 13.4"),
    "off": ("off the track, rejoins next turn", "FGP 13.4.3"),
    "blue": ("one lap down (blue flag)", "FGP 13.11"),
    "2blue": ("two laps down (double blue flag)", "FGP 13.11"),
    "W2W": ("wheel to wheel with a car on its tile", "FGP 9.5"),
    "dmg": ("has DAMAGE cards", "FGP 13.6"),
    "fail": ("has FAILURE cards", "FGP 13.7"),
    "pen": ("holds Penalty tokens", "FGP 13.12"),
    "pit": ("starts from the pit lane", "FGP 6.2"),
}


def _status(c: dict, over: bool) -> tuple[str, list[str]]:
    """(status in words, short note codes) of a car doc of the view."""
    codes = []
    if c["leader"]:
        codes.append("RL")
    if c["space"] is None and not c["off_track"]:
        codes.append("pit" if c["crashed"] else "box")
    if c["spun"]:
        codes.append("spun")
    if c["off_track"]:
        codes.append("off")
    if c["laps_down"]:
        codes.append("blue" if c["laps_down"] == 1 else "2blue")
    if c["w2w"]:
        codes.append("W2W")
    if c["damage"]:
        codes.append("dmg")
    if c["failures"]:
        codes.append("fail")
    words = [NOTES[k][0] for k in codes if k not in ("RL", "dmg", "fail")]
    status = "finished" if over else (words[0] if words else "")
    return status, codes


FACE_DOWN = "face down"


def _tyres_face_down(view: dict) -> set[int]:
    """The players whose starting tyres are not shown yet (FGP 5.1.3: chosen
    face down, shown together): their car holds a placeholder compound."""
    if view.get("phase") != "start_tyres_shown":
        return set()
    pending = view.get("pending") or {}
    asked = pending.get("seats", []) if pending.get("step") == "start_tyre" else []
    return {*asked, *view.get("chosen", [])}


def standings(view: dict) -> list[Standing]:
    """One row per car in running order, with the facts a player decides from."""
    cars = {c["seat"]: c for c in view["cars"]}
    order = view.get("order") or sorted(cars, key=lambda s: -cars[s]["distance"])
    out = []
    ahead = None
    face_down = _tyres_face_down(view)
    for place, seat in enumerate(order, start=1):
        c = cars[seat]
        status, codes = _status(c, view["over"])
        gap = "" if ahead is None else f"{max(0.0, ahead - c['distance']):.1f}"
        ahead = c["distance"]
        mine = (view.get("secret") or {}).get("tyre") if seat == view.get("seat") else None
        facts = [
            Fact("lap", str(max(0, c["laps"])), "laps completed (FGP 12)"),
            # your own choice is yours to see; the others' stay face down
            Fact("tyre", f"{mine}, {FACE_DOWN}", "your starting tyres, chosen face down: "
                 "the others see them when all are shown together (FGP 5.1.3)")
            if seat in face_down and mine else
            Fact("tyre", FACE_DOWN, "the starting tyres are chosen face down and shown "
                                    "together (FGP 5.1.3)") if seat in face_down else
            Fact("tyre", f"{c['tyre']} {c['wear']}",
                 f"tyre compound and the wear marker's space on its board's wear track "
                 f"(FGP 10.1); in the box: {', '.join(c['tyres_left']) or 'none'}"),
            Fact("ERS", str(c["ers"]), "ERS charges: each one extends a move on a straight "
                                       "or pays for BLUE pace (FGP 4.10, 8.2.2)"),
            Fact("cards", str(c["hand_size"]),
                 "cards in hand (the table sees how many, not which: FGP 4.1)"
                 + (f"; {c['draw_failure']} shows the Draw Failure band"
                    if c["draw_failure"] else "")),
            Fact("stress", str(c["stress"]) + (" F" if c["focus"] else ""),
                 "stress token on the driver card; F = the Focus bonus, +1 movement point "
                 "(FGP 13.3)"),
        ]
        if c["penalties"]:
            facts.append(Fact("penalties", str(c["penalties"]),
                              "Penalty tokens: 5 tiles back each at the finish (FGP 12.2.1)"))
        if gap:
            facts.append(Fact("gap", gap, "tiles behind the car ahead in the running order"))
        if codes:
            facts.append(Fact("notes", " ".join(codes),
                              "; ".join(f"{k}: {NOTES[k][0]} ({NOTES[k][1]})" for k in codes)))
        out.append(Standing(place=place, name=f"#{seat + 1} {c['team']}", seat=seat,
                            facts=tuple(facts), status=status))
    return out


def order_lines(view: dict, width: int = 52) -> list[str]:
    """The running order in `width` columns: place (`@` your car), car, its
    team number and name (FGP 16.5), laps, tyre and wear, ERS, cards in hand,
    notes (the legend explains the codes)."""
    rows = [f" {'P':>2} {'car':<3} {'team':<16} {'lap':>3} {'tyre':<4}{'ERS':>4} {'cards':>5} notes"]
    me = view.get("seat")
    teams = {c["seat"]: c["number"] for c in view["cars"]}
    for st in standings(view):
        f = {x.label: x.value for x in st.facts}
        if f["tyre"].endswith(FACE_DOWN):      # your own choice shows, with a ? for the others
            tyre, wear = f["tyre"].split(",")[0], " ?" if f["tyre"] != FACE_DOWN else ""
        else:
            tyre, wear = f["tyre"].split()
        line = (f"{'@' if st.seat == me else ' '}{st.place:>2} #{st.seat + 1:<2} "
                f"T{teams.get(st.seat) or '-':<2} {st.name.split(' ', 1)[1]:<12.12} {f['lap']:>3} "
                f"{TYRE_LETTER.get(tyre, '?')}{wear:>3} {f['ERS']:>3} {f['cards']:>5} "
                f"{f.get('notes', '')}")
        rows.append(line[:width].rstrip())
    return rows
