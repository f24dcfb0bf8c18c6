"""The stock-car game's numbers for studies (chequered simulate), read from a
race's final state, one entry a team (seat): its best car, how many of its
cars finished or dropped out and why (STOCK Losing a car), laps led (Turn
Leader markers) and the permanent wear its cars carry."""
from __future__ import annotations

from .state import FINISHED, LAPPED, RETIRED, WORN, State


def metrics(s: State) -> dict[int, dict]:
    out: dict[int, dict] = {}
    for car in s.cars:
        m = out.setdefault(car.team, {
            "cars": 0, "best_position": None, "cars_finished": 0, "cars_retired": 0,
            "cars_worn": 0, "cars_lapped": 0, "laps_led": 0, "engine_wear": 0,
            "body_wear": 0, "lap_down": 0, "turns": s.turn_number})
        m["cars"] += 1
        if car.position and (m["best_position"] is None or car.position < m["best_position"]):
            m["best_position"] = car.position
        m["cars_finished"] += car.status == FINISHED
        m["cars_retired"] += car.status == RETIRED
        m["cars_worn"] += car.status == WORN
        m["cars_lapped"] += car.status == LAPPED
        m["laps_led"] += car.leads
        m["engine_wear"] += car.perm[0]
        m["body_wear"] += car.perm[1]
        m["lap_down"] += car.lapdown
    return out


class Tally:
    """What the race's moves show (STOCK Race card parts: a car moves solo or
    at the head of a pack): per team, its moves in a pack and alone, and how
    many of the cars a pack carried were its own (team drafting) or an
    opponent's, and how often its cars rode in an opponent's pack."""

    __slots__ = ("team_of", "counts")

    def __init__(self, s: State):
        self.team_of = {car.number: car.team for car in s.cars}
        self.counts = {team: {"solo_moves": 0, "pack_moves": 0, "mates_carried": 0,
                              "opponents_carried": 0, "drafts_with_mates": 0,
                              "rides_in_other_packs": 0}
                       for team in set(self.team_of.values())}

    def step(self, s: State, seat: int, action, events) -> None:
        for e in events:
            if e.kind != "move":
                continue
            d = e.data
            team = self.team_of[d["car"]]
            mine = self.counts[team]
            if d["kind"] == "solo":
                mine["solo_moves"] += 1
                continue
            mine["pack_moves"] += 1
            mates = 0
            for number in d["pack"]:
                if number == d["car"]:
                    continue
                other = self.team_of[number]
                if other == team:
                    mates += 1
                else:
                    mine["opponents_carried"] += 1
                    self.counts[other]["rides_in_other_packs"] += 1
            mine["mates_carried"] += mates
            mine["drafts_with_mates"] += mates > 0

    def values(self) -> dict[int, dict]:
        return self.counts
