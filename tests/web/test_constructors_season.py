"""A FormulaGP Constructors' Championship (FGP 14.4) stored as a season: the
drivers' standings name each driver's team and the season keeps the team
standings, both cars' points added."""
from __future__ import annotations

import time

from .helpers import create


def test_a_formulagp_constructors_season_stores_team_standings(client):
    made = create(client, game="formulagp", track="fast,street",
                  options=["championship", "constructors"], seats=["heuristic"] * 4,
                  settings={"teams": [1, 1, 2, 2]}, season="Constructors Cup")
    race = made["race"]
    end = time.monotonic() + 240
    while not client.get(f"/api/races/{race}").json()["over"]:
        assert time.monotonic() < end
        time.sleep(0.2)
    result = client.get(f"/api/races/{race}").json()["result"]
    cup = {s["race"]: s for s in client.get("/api/seasons").json()}[race]
    assert cup["circuits"] == ["fast", "street"]
    team_of = result["extra"]["team_of"]
    assert [r["team"] for r in cup["standings"]] == [team_of[str(r["seat"])]
                                                    for r in cup["standings"]]
    assert set(team_of.values()) == {"Vireo Racing", "Corsa Nera"}
    by_team: dict[str, int] = {}
    for r in cup["standings"]:
        by_team[r["team"]] = by_team.get(r["team"], 0) + r["points"]
    assert cup["teams"] == by_team
    table = result["extra"]["constructors"]
    assert list(cup["teams"]) == [t["team"] for t in table]       # in standings order
    assert len(result["extra"]["races"]) == 2
