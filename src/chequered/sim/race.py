"""Playing a chunk of a study's races: what a worker runs.

`play_chunk(job)` is a plain module-level function of a small picklable job,
so local processes and Dask workers run the same code. It returns the rows
(one per race and seat) and, when asked, each race's record; the caller
writes them, so a remote worker needs no access to the study's folder.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..engine import registry
from ..engine.play import agents_for, play
from ..engine.records import record_of
from .plan import Job, race_seed, seating

_configs: dict = {}           # (game, overrides json) -> config, per process


@dataclass
class Chunk:
    """What a worker sends back for one job."""

    variant: int
    start: int
    stop: int
    rows: list[dict] = field(default_factory=list)
    records: dict[int, dict] = field(default_factory=dict)    # race index -> record doc


def _config(game, overrides: dict):
    key = (game.name, json.dumps(overrides, sort_keys=True))
    config = _configs.get(key)
    if config is None:
        config = _configs[key] = game.config(**overrides)
    return config


def play_chunk(job: Job) -> Chunk:
    game = registry.game(job.game)
    metrics = getattr(game.spec, "metrics", None)
    tally = getattr(game.spec, "tally", None)
    out = Chunk(job.variant, job.start, job.stop)
    base_seats = job.overrides["seats"]
    for index in range(job.start, job.stop):
        seed = race_seed(job.study_seed, index)
        kinds = seating(base_seats, index, job.rotate)
        config = _config(game, {**job.overrides, "seats": kinds})
        agents = agents_for(game, config, seed)
        if tally is None:
            played, counted = play(game, config, seed, agents=agents), {}
        else:
            played, counted = _play_counting(game, config, seed, agents, tally)
        state = played.state
        result = game.result(state)
        extra = metrics(state) if metrics is not None else {}
        for seat, values in counted.items():
            extra.setdefault(seat, {}).update(values)
        out.rows.extend(race_rows(job, index, seed, config, kinds, played, result, extra))
        if job.records:
            out.records[index] = record_of(game, config, seed, played.actions, state).to_doc()
    return out


def _play_counting(game, config, seed, agents, tally):
    """Play a race while the game's tally reads every step's events (what the
    final state does not keep: actions chosen, battles won, drafts)."""
    state = game.new(config, seed)
    counter = tally(state)
    step = counter.step
    played = play(game, config, seed, agents=agents, state=state,
                  on_step=lambda seat, action, events, _: step(state, seat, action, events))
    return played, counter.values()


def race_rows(job: Job, index: int, seed: int, config, kinds, played, result,
              extra: dict) -> list[dict]:
    """One row per seat: the study, the config, the race and the seat's result."""
    finish = {seat: pos for pos, seat in enumerate(result.classification, start=1)}
    actions = [0] * len(kinds)
    for seat, _ in played.actions:
        actions[seat] += 1
    common = {
        "study": job.study, "variant": job.label, "variant_index": job.variant,
        "game": job.game, "track": config.track, "rules": config.rules,
        "options": ",".join(config.options),
        "settings": json.dumps(job.settings, sort_keys=True),
        "race": index, "seed": seed, "seats": len(kinds), "decisions": played.decisions,
    }
    for key, value in job.varied.items():
        common[f"vary_{key}"] = value if isinstance(value, str) else json.dumps(value)
    rows = []
    for seat, kind in enumerate(kinds):
        row = dict(common)
        row.update(seat=seat, seat_kind=kind, finish=finish.get(seat),
                   win=finish.get(seat) == 1, points=result.points.get(seat),
                   laps=result.laps.get(seat), seat_actions=actions[seat])
        for name, value in (extra.get(seat) or {}).items():
            row[f"metric_{name}"] = value
        rows.append(row)
    return rows
