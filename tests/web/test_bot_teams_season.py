"""A FormulaGP season with BOT teammates (FGP 14.4, BOT 1) stored by the web
app: a player's car with its Pro BOT, a team of two BOTs, team orders on; both
races run, the season keeps every driver (BOTs too) with its team and the
team standings."""
from __future__ import annotations

import time

from .helpers import create


def test_a_formulagp_season_with_bot_teammates_runs_both_races_and_stores_teams(client):
    made = create(client, game="formulagp", track="fast,street",
                  options=["championship", "constructors", "team_orders", "bot_blocking"],
                  seats=["random", "pro", "pro", "rookie"],
                  settings={"teams": [1, 1, 2, 2]}, season="BOT Teams Cup")
    race = made["race"]
    end = time.monotonic() + 240
    while not client.get(f"/api/races/{race}").json()["over"]:
        assert time.monotonic() < end
        time.sleep(0.2)
    result = client.get(f"/api/races/{race}").json()["result"]
    assert [r["track"] for r in result["extra"]["races"]] == ["fast", "street"]
    cup = {s["race"]: s for s in client.get("/api/seasons").json()}[race]
    assert cup["circuits"] == ["fast", "street"]
    team_of = result["extra"]["team_of"]
    assert team_of["0"] == team_of["1"] and team_of["2"] == team_of["3"] != team_of["0"]
    assert sorted(r["seat"] for r in cup["standings"]) == [0, 1, 2, 3]
    by_team: dict[str, int] = {}
    for r in cup["standings"]:
        by_team[r["team"]] = by_team.get(r["team"], 0) + r["points"]
    assert cup["teams"] == by_team
