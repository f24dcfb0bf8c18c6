"""What happens in FormulaGP races between heuristic bots: the distributions.

    PYTHONPATH=src .venv/bin/python benchmarks/formulagp_races.py N \\
        [--tracks fast,street,twisty] [--workers 2] [--out PATH] [--seats 6]
        [--rules standard|advanced] [--opt NAME ...]

Plays N six-car races (seeds 1..N, so a run is reproducible) on each track
through the engine's own loop (engine/play.play with the agents SPEC.agents
makes) and reads what happened from the race's events and its final state:
laps of the winner, rounds, Safety Cars / VSCs / red flags, pit stops (and
what the car had when it went in), compounds, battles, penalties, blue flags,
gaps at the flag; for an Advanced race (`--rules advanced`) also the cars
disqualified for racing on one tyre type (FGP 5.1.3) and the share of races
ending under the Safety Car (FGP 13.9.1) or by the flag (FGP 12.1). `--opt`
(repeated) switches an FGP 15 / choice option on (config.OPTIONS). Writes a JSON (per track: mean, median, p10, p90 and the
counts of every figure; `--out`, default benchmarks/results/formulagp-races.json,
formulagp-races-advanced.json for Advanced races)
and prints a markdown table.

`race_record(track, seed)` is one race's record; `summarise(records)` the
per-track summary; both are used by tests/formulagp/test_race_stats.py.
"""
from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

from chequered.bench import in_parallel, machine
from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.config import OPTIONS, RULE_LEVELS
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules import weather_steps as WX
from chequered.games.formulagp.rules.round_flow import MAX_ROUNDS
from chequered.games.formulagp.rules.tyres import tyre_state
from chequered.games.formulagp.rules.where import whole_tiles
from chequered.games.formulagp.track import track_keys

OUT = Path(__file__).parent / "results" / "formulagp-races.json"
OUTCOMES = ("attacker", "defender", "tie")         # FGP 9.4.1-9.4.3


# ---- one race ------------------------------------------------------------------------
def _car_snapshot(race, car) -> dict:
    """What a car has as it goes into the pit lane: why it might stop."""
    side = C.board_side(race, car)
    return {"tyre": car.tyre, "wear": car.wear,
            "tyre_state": tyre_state(side, car.tyre, car.wear),
            "penalties": car.penalties,
            "damage": len(car.damage) + len(car.failures)}


def race_record(track: str, seed: int, seats: int = 6, kind: str = "heuristic",
                rules: str = "standard", options: tuple[str, ...] = ()) -> dict:
    """Play one race and return what happened in it (JSON-ready); `options`:
    the optional rules switched on (config.OPTIONS, `--opt`)."""
    config = GAME.config(seats=[kind] * seats, track=track, rules=rules, options=list(options))
    agents = agents_for(GAME, config, seed)
    state = GAME.new(config, seed)
    rec = {"track": track, "seed": seed, "safety_cars": 0, "vscs": 0, "red_flags": 0,
           "battles": Counter(), "penalties": 0, "penalty_causes": Counter(),
           "penalties_served": 0, "blue_flags": 0, "disqualified": 0,
           # [ADV] FGP 3.3 / 13.1: the forecast drawn (None: Standard) and whether it rained
           "forecast": WX.kind(state), "rained": WX.raining(state)}
    cars = [{"start_tyre": None, "tyres": [], "stops": []} for _ in range(seats)]
    # read from the events in order: one apply may run on past the end of a round
    now = {"round": 0, "sc": False, "vsc": False}

    def on_step(seat, action, events, step):
        race = state
        for e in events:
            k, d = e.kind, e.data
            if k == "round":
                now["round"] = d["round"]
            elif k in ("safety_car", "safety_car_in", "virtual_safety_car", "vsc_end"):
                now["sc" if k.startswith("safety") else "vsc"] = not k.endswith(("_in", "_end"))
            if k == "round" and d["round"] == 1 and cars[0]["start_tyre"] is None:
                for c in race.cars:          # FGP 5.1.3: the compound the race starts on
                    cars[c.seat]["start_tyre"] = c.tyre
                    cars[c.seat]["tyres"] = [c.tyre]
            elif k == "safety_car":
                rec["safety_cars"] += 1
            elif k == "virtual_safety_car":
                rec["vscs"] += 1
            elif k == "red_flag":
                rec["red_flags"] += 1
            elif k == "disqualified":        # [ADV] FGP 5.1.3: one tyre type all race
                rec["disqualified"] += 1
            elif k == "battle_result":
                rec["battles"][d["outcome"]] += 1
            elif k == "penalty":
                n = d.get("tokens", 1)
                rec["penalties"] += n
                rec["penalty_causes"][d.get("cause", "card")] += n
            elif k == "penalty_served":
                rec["penalties_served"] += d.get("tokens", 0)
            elif k == "weather_change" and d["kind"] == "rainy":      # [ADV] FGP 13.1.1
                rec["rained"] = True
            elif k == "blue_flag" and d["laps_down"] > 0:
                rec["blue_flags"] += 1
            elif k in ("pit_entry", "pit_wall"):      # FGP 11.1; a spin into the wall: forced
                car = race.cars[d["seat"]]
                snap = _car_snapshot(race, car)
                # a Penalty for the entry itself (yellow line, speeding) is no reason to stop
                snap["penalties"] -= sum(1 for x in events if x.kind == "penalty"
                                         and x.data.get("seat") == car.seat
                                         and x.data.get("cause") in ("yellow_line", "speeding"))
                snap.update(round=now["round"], lap=car.laps, forced=k == "pit_wall",
                            safety_car=now["sc"], vsc=now["vsc"])
                cars[car.seat]["stops"].append(snap)
            elif k == "tyres":                # a pit stop's (FGP 11.2) or a red flag's (13.10)
                t = d["tyre"]
                cars[d["seat"]]["tyres"].append(t)
                if e.rule == "FGP 11.2" and cars[d["seat"]]["stops"]:
                    cars[d["seat"]]["stops"][-1]["fitted"] = t

    played = play(GAME, config, seed, agents=agents, on_step=on_step, state=state)
    race = played.state
    order = list(race.classification)
    # gaps on track at the end, before the end-of-race penalties (FGP 12.2.1): negative
    # when the car behind on track was classified ahead (penalties, FGP 12.2.2 order)
    dist = {c.seat: whole_tiles(race, c) for c in race.cars}
    for pos, seat in enumerate(order, 1):
        car = race.cars[seat]
        cars[seat].update(position=pos, laps=car.laps, laps_down=car.laps_down,
                          penalties=car.penalties, took_flag=bool(car.crossed_final),
                          end_wear=car.wear, end_tyre=car.tyre,
                          end_tyre_state=tyre_state(C.board_side(race, car), car.tyre, car.wear))
        plan = getattr(agents.get(seat), "plan", None)
        if plan is not None:                 # the bot's own strategy, if it has one
            cars[seat]["strategy"] = plan.name if hasattr(plan, "name") else str(plan)
    rec.update(
        rounds=race.round,
        decisions=played.decisions,
        winner_laps=race.cars[order[0]].laps,
        ended_under_sc=race.safety_car is not None,
        # a Safety Car out in the final round ends the race under it (FGP 13.9.1)
        ended_by_flag=bool(race.final_round) and race.safety_car is None,
        stopped_at_max_rounds=race.round >= MAX_ROUNDS and not race.final_round,
        gap_p1_p2=dist[order[0]] - dist[order[1]] if len(order) > 1 else 0,
        gap_p1_last=dist[order[0]] - dist[order[-1]],
        cars_lapped=sum(1 for c in race.cars if c.laps_down > 0),
        battles=dict(rec["battles"]),
        penalty_causes=dict(rec["penalty_causes"]),
        cars=cars,
    )
    return rec


def _one(job):
    track, seed, seats, rules, options = job
    return race_record(track, seed, seats, rules=rules, options=options)


# ---- the summary -----------------------------------------------------------------------
def _quantile(xs: list[float], q: float) -> float:
    """Nearest-rank quantile (p10 = the value 10 % of the races do not exceed)."""
    s = sorted(xs)
    return s[max(0, min(len(s) - 1, int(round(q * (len(s) - 1)))))]


def dist(xs: list) -> dict:
    """mean, median, p10/p90, the sum and the count of each value of a figure."""
    xs = [float(x) for x in xs]
    if not xs:
        return {"n": 0}
    counts = Counter(int(x) if x == int(x) else x for x in xs)
    return {"n": len(xs), "sum": sum(xs), "mean": round(statistics.fmean(xs), 3),
            "median": statistics.median(xs), "p10": _quantile(xs, 0.1),
            "p90": _quantile(xs, 0.9), "min": min(xs), "max": max(xs),
            "counts": {str(k): v for k, v in sorted(counts.items())}}


def summarise(records: list[dict]) -> dict:
    """One track's figures from its race records."""
    cars = [c for r in records for c in r["cars"]]
    stops = [s for c in cars for s in c["stops"]]
    battles = Counter()
    for r in records:
        battles.update(r["battles"])
    causes = Counter()
    for r in records:
        causes.update(r["penalty_causes"])
    by_strategy: dict[str, list[int]] = {}
    for c in cars:
        if "strategy" in c:
            by_strategy.setdefault(c["strategy"], []).append(c["position"])

    def reasons(s) -> list[str]:
        out = ["forced (spin into the pit wall)"] if s["forced"] else []
        if s["tyre_state"] != "fresh":
            out.append(f"tyres {s['tyre_state']}")
        if s["penalties"]:
            out.append("penalties")
        if s["damage"]:
            out.append("damage")
        if s["safety_car"] or s["vsc"]:
            out.append("safety car")
        return out or ["none"]
    return {
        "races": len(records),
        "winner_laps": dist([r["winner_laps"] for r in records]),
        "rounds": dist([r["rounds"] for r in records]),
        "safety_cars": dist([r["safety_cars"] for r in records]),
        "vscs": dist([r["vscs"] for r in records]),
        "red_flags": dist([r["red_flags"] for r in records]),
        "races_with_sc": sum(r["safety_cars"] > 0 for r in records),
        "races_ended_under_sc": sum(r["ended_under_sc"] for r in records),
        "races_stopped_at_max_rounds": sum(r["stopped_at_max_rounds"] for r in records),
        "pit_stops_per_car": dist([len(c["stops"]) for c in cars]),
        "pit_stops_per_race": dist([sum(len(c["stops"]) for c in r["cars"]) for r in records]),
        "voluntary_stops_per_race": dist([sum(not s["forced"] for c in r["cars"] for s in c["stops"])
                                          for r in records]),
        "pit_stops": len(stops),
        "forced_stops": sum(s["forced"] for s in stops),
        "stops_in_round_1": sum(s["round"] == 1 for s in stops),
        "stop_reasons": dict(Counter(x for s in stops for x in reasons(s))),
        "stop_tyre_state": dict(Counter(s["tyre_state"] for s in stops)),
        "stop_rounds": dist([s["round"] for s in stops]),
        "start_tyres": dict(Counter(c["start_tyre"] for c in cars)),
        "tyres_fitted": dict(Counter(s.get("fitted", "kept") for s in stops)),
        "compounds_used_per_car": dist([len(set(c["tyres"])) for c in cars]),
        "end_tyre_state": dict(Counter(c["end_tyre_state"] for c in cars)),
        "battles_per_race": dist([sum(r["battles"].values()) for r in records]),
        "battle_outcomes": {k: battles.get(k, 0) for k in OUTCOMES},
        "penalties_per_race": dist([r["penalties"] for r in records]),
        "penalty_causes": dict(causes),
        "penalties_served": sum(r["penalties_served"] for r in records),
        # the Standard rules retire no car: every car is classified (FGP 12.2.2); what
        # comes closest is a car that did not take the chequered flag in the final round
        # of a race that ended by the flag (not under the Safety Car, not at round 40)
        "races_ended_by_flag": sum(r["ended_by_flag"] for r in records),
        "cars_not_taking_flag_per_race": dist([sum(not c["took_flag"] for c in r["cars"])
                                               for r in records if r["ended_by_flag"]]),
        "gap_p1_p2": dist([r["gap_p1_p2"] for r in records]),
        "gap_p1_last": dist([r["gap_p1_last"] for r in records]),
        "blue_flags_per_race": dist([r["blue_flags"] for r in records]),
        "cars_lapped_per_race": dist([r["cars_lapped"] for r in records]),
        # [ADV] the weather (FGP 3.3, 13.1, 10.2): races with rain, stops that fitted wets
        "races_with_rain": sum(bool(r.get("rained")) for r in records),
        "wet_tyre_stops": sum(s.get("fitted") == "wet" for s in stops),
        "finish_by_strategy": {k: {"cars": len(v), "mean_position": round(statistics.fmean(v), 2),
                                   "wins": v.count(1)}
                               for k, v in sorted(by_strategy.items())},
        # [ADV] FGP 5.1.3 disqualifications; how the races ended (FGP 13.9.1, 12.1, A53)
        "disqualified_per_race": dist([r.get("disqualified", 0) for r in records]),
        "disqualified_cars": sum(r.get("disqualified", 0) for r in records),
        "share_ended_under_sc": _share(records, "ended_under_sc"),
        "share_ended_by_flag": _share(records, "ended_by_flag"),
        "share_stopped_at_max_rounds": _share(records, "stopped_at_max_rounds"),
    }


def _share(records: list[dict], key: str) -> float:
    return round(sum(bool(r[key]) for r in records) / len(records), 3) if records else 0.0


# ---- the table --------------------------------------------------------------------------
def _fmt(d: dict) -> str:
    if not d.get("n"):
        return "–"
    return f"{d['mean']:.2f} ({d['median']:g}; {d['p10']:g}–{d['p90']:g})"


def markdown(summary: dict) -> str:
    """The table for docs/rules/formulagp.md: one column per track."""
    tracks = list(summary["tracks"])
    t = summary["tracks"]
    rows = [
        ("races", lambda s: str(s["races"])),
        ("laps by the winner", lambda s: _fmt(s["winner_laps"])),
        ("rounds", lambda s: _fmt(s["rounds"])),
        ("Safety Cars per race", lambda s: _fmt(s["safety_cars"])),
        ("VSCs per race", lambda s: _fmt(s["vscs"])),
        ("red flags per race", lambda s: _fmt(s["red_flags"])),
        ("races with a Safety Car", lambda s: f"{s['races_with_sc']}"),
        ("races ended under the Safety Car", lambda s: f"{s['races_ended_under_sc']}"),
        ("pit stops per car", lambda s: _fmt(s["pit_stops_per_car"])),
        ("voluntary pit stops per race", lambda s: _fmt(s["voluntary_stops_per_race"])),
        ("pit stops in round 1", lambda s: str(s["stops_in_round_1"])),
        ("stop reasons", lambda s: ", ".join(f"{k} {v}" for k, v in
                                             sorted(s["stop_reasons"].items()))),
        ("starting compounds", lambda s: ", ".join(f"{k} {v}" for k, v in
                                                   sorted(s["start_tyres"].items()))),
        ("compounds used per car", lambda s: _fmt(s["compounds_used_per_car"])),
        ("battles per race", lambda s: _fmt(s["battles_per_race"])),
        ("battle outcomes (attacker / defender / tie)",
         lambda s: " / ".join(str(s["battle_outcomes"][k]) for k in OUTCOMES)),
        ("penalty tokens per race", lambda s: _fmt(s["penalties_per_race"])),
        ("races ended by the flag", lambda s: str(s["races_ended_by_flag"])),
        ("cars not taking the flag (races ended by it)",
         lambda s: _fmt(s["cars_not_taking_flag_per_race"])),
        ("gap P1–P2 (tiles)", lambda s: _fmt(s["gap_p1_p2"])),
        ("gap P1–last (tiles)", lambda s: _fmt(s["gap_p1_last"])),
        ("blue flags per race", lambda s: _fmt(s["blue_flags_per_race"])),
        ("cars lapped per race", lambda s: _fmt(s["cars_lapped_per_race"])),
        ("races with rain [ADV]", lambda s: str(s["races_with_rain"])),
        ("stops for wet tyres [ADV]", lambda s: str(s["wet_tyre_stops"])),
    ]
    if summary.get("rules") == "advanced":
        rows += [
            ("cars disqualified per race (one tyre type, FGP 5.1.3)",
             lambda s: _fmt(s["disqualified_per_race"])),
            ("share of races ended under the SC / by the flag / at round 40",
             lambda s: f"{s['share_ended_under_sc']:.0%} / {s['share_ended_by_flag']:.0%} / "
                       f"{s['share_stopped_at_max_rounds']:.0%}"),
        ]
    if any(t[k]["finish_by_strategy"] for k in tracks):
        rows.append(("mean finish by strategy", lambda s: ", ".join(
            f"{k} {v['mean_position']:.2f} ({v['cars']})"
            for k, v in s["finish_by_strategy"].items())))
    out = ["| figure: mean (median; p10–p90) | " + " | ".join(tracks) + " |",
           "|---|" + "---|" * len(tracks)]
    for name, cell in rows:
        out.append(f"| {name} | " + " | ".join(cell(t[k]) for k in tracks) + " |")
    return "\n".join(out)


# ---- main --------------------------------------------------------------------------------
def run(n: int, tracks: list[str], workers: int = 2, seats: int = 6,
        progress: bool = True, rules: str = "standard",
        options: tuple[str, ...] = ()) -> tuple[dict, dict[str, list[dict]]]:
    """Play the races; returns (summary document, records by track)."""
    jobs = [(t, seed, seats, rules, tuple(options)) for t in tracks for seed in range(1, n + 1)]
    records: dict[str, list[dict]] = {t: [] for t in tracks}

    for rec in in_parallel(_one, jobs, workers, "FormulaGP races", progress):
        records[rec["track"]].append(rec)
    for t in tracks:
        records[t].sort(key=lambda r: r["seed"])
    doc = {"races_per_track": n, "seeds": [1, n], "seats": seats, "rules": rules,
           "options": list(options),
           "tracks": {t: summarise(records[t]) for t in tracks},
           "machine": machine(), "date": datetime.date.today().isoformat()}
    return doc, records


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="races per track (seeds 1..N)")
    ap.add_argument("--tracks", default=",".join(track_keys()))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seats", type=int, default=6)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--rules", choices=RULE_LEVELS, default="standard")
    ap.add_argument("--opt", action="append", choices=OPTIONS, default=[],
                    help="an option on (repeat for more)")
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args(argv)
    tracks = [t.strip() for t in a.tracks.split(",") if t.strip()]
    unknown = [t for t in tracks if t not in track_keys()]
    if unknown or a.n < 1:
        ap.error(f"unknown track(s) {unknown}" if unknown else "N must be at least 1")
    doc, _ = run(a.n, tracks, a.workers, a.seats, progress=not a.no_progress,
                 rules=a.rules, options=tuple(a.opt))
    out = a.out or (OUT if a.rules == "standard" else
                    OUT.with_name(f"formulagp-races-{a.rules}.json"))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=1) + "\n")
    print(markdown(doc))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
