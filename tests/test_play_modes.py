"""A person plays a whole Race Pace race in the terminal, in every mode.

The input is what a player might type: menu numbers, now and then a pit stop
(Box Box is at the end of the menu), sometimes a number the menu does not
have (rejected, asked again). Each race is recorded and the record replays.
"""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from chequered.cli import app

runner = CliRunner()
PATTERN = ["1", "2", "3", "12", "4", "11", "5", "6", "10", "7", "9", "8"]


@pytest.mark.parametrize("args", [
    ["--seats", "human,bot,bot,bot,bot,bot", "--track", "japan"],
    ["--seats", "human,random,random,random", "--track", "monaco"],
    ["--seats", "human,human,bot,bot", "--opt", "team", "--track", "spain"],
    ["--seats", "human,bot,bot", "--rules", "academy", "--track", "mexico"],
    ["--seats", "human,bot,bot", "--opt", "campaign", "--track", "italy,usa_austin"],
], ids=["bot-mode", "vs-random", "team-play", "academy", "campaign"])
def test_a_person_plays_a_whole_race(tmp_path, args):
    rec = tmp_path / "race.json"
    script = "\n".join(PATTERN * 800) + "\n"
    res = runner.invoke(app, ["race", "racepace", *args, "--seed", "11", "--record", str(rec)],
                        input=script)
    assert res.exit_code == 0, res.output[-2000:]
    assert "Traceback" not in res.output
    assert "The race is over." in res.stdout
    done = runner.invoke(app, ["replay", str(rec)])
    assert done.exit_code == 0, done.output
