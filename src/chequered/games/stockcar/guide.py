"""For players, beside the board (engine/guide.py): the legend of the
board's marks, the running order, a short word on each decision, the
warnings before a choice that harms your own race, and a first race.

The legend and the running order are read from a view only, so they tell a
seat nothing it could not see at the table; the words on the car's fields
are status.py's, the drawings svg_marks.py's (the legend's swatches are the
board's own marks).
"""
from __future__ import annotations

from ...engine.guide import Fact, Mark, Standing, Tutorial
from . import status
from .actions import Pit, Retire
from .content import load_content
from .rules import order, pits
from .svg_marks import LAPPED_RING, MOVING_HALO, car_body, card, star, tick, wear_bar


def _box(inner: str) -> str:
    return f'<g transform="translate(12 12)">{inner}</g>'


def _rect(fill: str, extra: str = "") -> str:
    return (f'<rect x="2" y="5" width="20" height="14" fill="{fill}" stroke="#555" '
            f'stroke-width="0.5"/>{extra}')


# ---- the legend ---------------------------------------------------------------------
def legend(v: dict) -> list[Mark]:
    numbers = v["numbers"]
    first = v["teams"][0]
    sample = car_body(first["colour"], 43)
    marks = []
    for tm in v["teams"]:
        cars = [c for c in v["cars"] if c["seat"] == tm["seat"]]
        you = " - your team" if tm["seat"] == v["you"] else ""
        marks.append(Mark(
            f"{tm['code']} {tm['key'].capitalize()}", tm["name"],
            f"The cars of {tm['name']}{you}: " + ", ".join(f"#{c['number']}" for c in cars)
            + f". On the terminal board their numbers end in {tm['code']}.",
            "STOCK The Team Sheet",
            _box(car_body(tm["colour"], cars[0]["number"] if cars else ""))))
    marks += [
        Mark("43R", "A car",
             "One car counter in its team's colour with its number. Point at it for its lap, "
             "wear, speed and markers.", "STOCK Cars and activation", _box(sample)),
        Mark("Moving #43", "The car moving now",
             "Ringed in gold: the car in its action segment. The line under the heading says "
             "its card, the MP left and the cars of its pack.", "STOCK Action segments",
             _box(MOVING_HALO + sample)),
        Mark("moved", "Activated this turn",
             "The car has had its action segment this turn: its counter is turned over and it "
             "waits for the next turn.", "STOCK Cars and activation",
             _box(sample + tick(-6.5, 5.5))),
        Mark("leader #43", "Current Leader marker",
             "On the car ahead in the running order. Its owner becomes First Player at the end "
             "of the turn, and the leader decides who is lapped.", "STOCK Running order",
             _box(sample + star(6.5, -6, 3.6))),
        Mark("*", "Lap-down marker",
             "The leader has caught this car a whole lap. If it is still a lap down when the "
             "turn ends, it leaves the race.", "STOCK Lapped cars",
             _box(f'<circle r="9.5" {LAPPED_RING}/>' + sample)),
        Mark("wT+P", "Wear markers",
             "T = temporary wear (tyre, suspension, fuel), which a pit stop clears; "
             "P = permanent wear (engine, body), kept all race. In all they slow the car: "
             f"{status.penalty_words(numbers)}. The bar on the Team Sheet shows them, light "
             "temporary, dark permanent, and a red -1 the MP the car loses now.",
             "STOCK Wear, Speed penalties",
             wear_bar(1, 10, 2, 1, 4, size=4.5)),
        Mark("^2", "Turn Leader markers",
             "A car leading at the end of a turn earns one, worth "
             f"{numbers['turn_leader_points']} point at the finish.", "STOCK End of turn",
             star(12, 12, 8)),
        Mark("P3", "Position marker",
             "A car out of the race holds its place: finishers take the best markers left, "
             "cars retired, worn out or lapped the worst.", "STOCK Losing a car",
             '<text x="12" y="16" font-size="10" font-weight="bold" text-anchor="middle">'
             'P3</text>'),
        Mark("lap 2", "Lap", "The lap a car is on; the heading shows the Current Lap marker: "
             "the leader's lap, out of the laps of this race.", "STOCK Start/Finish line and laps",
             '<text x="12" y="16" font-size="8" text-anchor="middle">lap 2</text>'),
        Mark(".", "A space", "Holds one car. In one sector the car nearer the inside is "
             "ahead; cars never move backwards.", "STOCK Spaces and sectors",
             _rect("#b5b5b5")),
        Mark("lane 1, lane 2", "Restart lanes", "The darker inside lanes: after a Yellow "
             "Flag the field lines up on them two by two behind the leader.",
             "STOCK Restart lanes", _rect("#8d8d8d")),
        Mark("Apron", "The Apron (pit road)", "The yellow inside lane. A car gets there only "
             "by a pit stop; several cars may stack, the bottom one ahead.", "STOCK The Apron",
             _rect("#f5d90a")),
        Mark("+43R", "A stack on the Apron", "Several cars on one Apron space; the one at the "
             "bottom counts as ahead.", "STOCK The Apron",
             _rect("#f5d90a", _box(car_body(first["colour"], 43, size=0.8)))),
        Mark("F", "Start/Finish line", "The leader crossing it moves the Current Lap marker "
             "up; on the last lap it ends the race.", "STOCK Start/Finish line and laps",
             '<line x1="12" y1="2" x2="12" y2="22" stroke="#111" stroke-width="3" '
             'stroke-dasharray="3 3"/>'),
        Mark("g", "Green restart line", "Only for a restart on the last lap: the field then "
             "lines up here, so the race is decided over the last sectors.",
             "STOCK Green Restart Line", _rect("#3aa655")),
        Mark("c", "Corner", "Fewer lanes, the same rules. Where lanes merge or split the "
             "driver picks the lane.", "STOCK Corners",
             '<path d="M3,21 Q3,3 21,3" fill="none" stroke="#8d8d8d" stroke-width="6"/>'),
        Mark("~5", "Empty sectors left out", "On the terminal board three or more empty "
             "sectors in a row fold into one column that says how many.",
             "STOCK Spaces and sectors",
             '<text x="12" y="16" font-size="10" text-anchor="middle">~5</text>'),
        Mark("to sector 12 lane 3", "Where a move ends",
             "Your possible moves light up the space where the front car of the pack ends; "
             "point at it for the cost. Moving space by space, the framed spaces are the next "
             "steps you may take.", "STOCK Movement",
             '<rect x="3" y="5" width="18" height="14" rx="2.5" fill="#fffbe6" stroke="#111" '
             'stroke-width="1.6"/><circle cx="12" cy="12" r="1.8" fill="#111"/>'),
        Mark("R00", "Race card", "Movement points (MP), the movement type (solo, draft, lead, "
             "pursuit), the wear it gives (a white title: none), maybe an effect, and the Team "
             "Bar. Only your own hand is shown.", "STOCK Race card parts",
             f'<g transform="scale(0.3)">{_sample_card(v)}</g>'),
        Mark("hand 5", "Cards in hand", "How many Race cards a team holds; hands are filled "
             "up at the start of every turn.", "STOCK Fill hands",
             '<rect x="7" y="4" width="10" height="16" rx="1.5" fill="#2f66c4" stroke="#111"/>'),
        Mark("1st", "First Player marker", "Its holder acts first in the turn and draws "
             "first; it goes to the leader's owner at the end of each turn.",
             "STOCK End of turn",
             '<path d="M6,21 v-18 h12 l-3,4 l3,4 h-12" fill="#fff" stroke="#111"/>'),
        Mark("YELLOW FLAG", "Yellow flag", "A caution: after the pit stops the field lines "
             "up on the restart lanes, the cars that stayed out first.",
             "STOCK Yellow Flag restart", _rect("#facc15")),
    ]
    return marks


def _sample_card(v: dict) -> str:
    sample = {"id": "R00", "title": "Race card", "mp": 6, "move": "draft", "wear": "tyre",
              "effect": None, "bar": [tuple(team) for team in v["bar"].values()]}
    return card(14, 4, sample)


# ---- the running order ----------------------------------------------------------------
def standings(v: dict) -> list[Standing]:
    """Finished cars by Position marker, then the racing cars in running
    order, then the other cars out of the race (the worst markers)."""
    cars = {c["number"]: c for c in v["cars"]}
    teams = {tm["seat"]: tm for tm in v["teams"]}
    laps = v["track"]["laps"]
    out_cars = sorted((c for c in v["cars"] if c["status"] != "racing"),
                      key=lambda c: c["position"])
    rows = [c for c in out_cars if c["status"] == "finished"]
    rows += [cars[n] for n in v["order"]]
    rows += [c for c in out_cars if c["status"] != "finished"]
    lead = cars.get(v["leader"]) if v["leader"] is not None else None
    result = []
    for place, c in enumerate(rows, start=1):
        tm = teams[c["seat"]]
        facts = []
        if c["status"] == "racing":
            gap = "leader" if lead is None or c is lead else f"{lead['dist'] - c['dist']} back"
            facts = [
                Fact("lap", f"{max(1, c['lap'])}/{laps}", "The lap this car is on, of the laps "
                     "of this race (STOCK Start/Finish line and laps)"),
                Fact("gap", gap, "Sectors behind the Current Leader (STOCK Running order)"),
                Fact("wear", f"{status.temp_wear(c)}+{status.perm_wear(c)}",
                     f"Wear markers, temporary + permanent: {status.wear_text(c)} "
                     "(STOCK Wear)"),
                Fact("speed", f"-{c['penalty']} MP" if c["penalty"] else "full",
                     f"MP it loses from its card for its wear: "
                     f"{status.penalty_words(v['numbers'])} (STOCK Speed penalties)"),
                Fact("moved", "yes" if c["flipped"] else "no",
                     "Whether it has been activated this turn (STOCK Cars and activation)"),
            ]
        facts += [
            Fact("leads", str(c["leads"]), "Turn Leader markers, "
                 f"{v['numbers']['turn_leader_points']} point each (STOCK End of turn)"),
            Fact("hand", str(tm["hand"]), f"Race cards in {tm['name']}'s hand (STOCK Fill "
                 "hands)"),
        ]
        if c["status"] == "racing":
            st = "a lap down" if c["lapdown"] else "on the Apron" if c["lane"] == 0 else ""
        else:
            st = f"{status.OUT_WORDS.get(c['status'], c['status'])}, P{c['position']}"
        result.append(Standing(place, f"#{c['number']} {tm['name']}", c["seat"], tuple(facts),
                               st))
    return result


# ---- a short word on each decision ------------------------------------------------------
EXPLAIN = {
    "car": "Choose which of your cars moves now, and with which Race card (or retire it). "
           "Move a car that can join a line of cars in the same lane with a draft, lead or "
           "pursuit card, and keep big cards for the car that leads; a car with 3 or more "
           "wear markers is slowed.",
    "card": "Choose the Race card this car plays, or retire it. The MP is how far the front "
            "car of its pack goes; the wear on the card goes on the car after the move, so a "
            "white-titled card is free.",
    "type": "Move as the card says (the cars linked to yours in the same lane come along) or "
            "alone. Moving as a pack carries your teammates and rivals forward too; alone "
            "you may push cars out of your way. Each choice names where the front car ends.",
    "move": "Choose where the front car of your pack ends; every point must be spent while a "
            "step is possible. Ending in a lane right behind or beside other cars sets up a "
            "draft for your next move, and pushing a rival aside costs extra points.",
    "affect": "An event picked your team: choose which of your racing cars takes the wear. "
              "Give it to a car with little wear, or to one that is about to pit anyway if the "
              "wear is temporary.",
    "pits": "Send cars with temporary wear (tyre, suspension, fuel) for a pit stop to clear "
            "it. Under a yellow flag a stop costs nothing but the place in line; under green "
            "the car drops back several sectors onto the Apron.",
    "discard": "Throw away Race cards you do not want, face down; your hand is filled up "
               "again at the start of the next turn. Low cards and cards giving wear are the "
               "usual ones to let go.",
}


# ---- warnings before a choice that harms your own race -------------------------------------
def confirm(state, seat: int, action) -> str | None:
    """A warning for an action that hurts the seat's own race for good:
    retiring a car (STOCK Action segments 4), and a pit stop under green
    that leaves the car a lap down, so that it is removed at the end of the
    turn (STOCK Pit Stops, Lapped cars). A whole move is checked step by
    step (the engine may hand over a route or its last step)."""
    path = action.path if type(action).__name__ == "Route" else (action,)
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    car = None
    if state.move is not None and "car" in state.move:
        car = state.cars[state.move["car"]]
    for a in path:
        number = getattr(a, "car", None)
        if type(a).__name__ == "Activate":
            car = next((c for c in state.cars if c.team == seat and c.number == number), car)
        if isinstance(a, Retire):
            which = f"#{car.number}" if car is not None else "this car"
            return (f"Retire {which}? It leaves the race for good and takes the worst Position "
                    f"marker still free ({order.worst_marker(state)}), which scores the "
                    "fewest points. This cannot be undone.")
        if isinstance(a, Pit) and not state.yellow:
            c = next((x for x in state.cars if x.team == seat and x.number == number), None)
            if c is not None and _pit_laps(state, T, c):
                return (f"Pit #{number} now? Under green it drops {T.pit_loss} sectors back "
                        "onto the Apron, a lap behind the leader: it will be lapped and "
                        "removed from the race at the end of this turn.")
    return None


def _pit_laps(state, T, car) -> bool:
    """Whether a green-flag stop leaves `car` a lap down (tried on a copy)."""
    trial = state.clone()
    c = trial.cars[car.idx]
    pits.pit(trial, T, c, [])
    order.update_lapped(trial, T, [])
    return c.lapdown


# ---- a first race ---------------------------------------------------------------------------
def tutorial() -> Tutorial:
    return Tutorial(
        config={"seats": ["human", "bot", "bot", "bot"], "track": "short", "laps": 1},
        seed=TUTORIAL_SEED,
        intro=("A first race: one lap of the short track, your Red team of four cars against "
               "three bot teams. Each turn you move each of your cars once: pick a car and a "
               "Race card, then where the front of its pack ends. Cars in the same lane one "
               "behind another move together when the card drafts, so stay in line with "
               "others. Every car scores for its finishing place and for each turn it led; the "
               "team with the most points wins."),
        outro=("That was a whole race. In a full race, watch the wear on your cars: three "
               "markers slow a car and six retire it, and a pit stop under a yellow flag clears "
               "the temporary ones cheaply. More in docs/play/stockcar.md."),
        max_decisions=TUTORIAL_MAX,
        notes={"car": "Try the card with the most MP on the car at the front of a line.",
               "move": "The first choice goes furthest; a space further inside is ahead in its "
                       "sector.",
               "pits": "No wear to clear yet? Then no pit stop."},
    )


TUTORIAL_SEED = 7
TUTORIAL_MAX = 60
