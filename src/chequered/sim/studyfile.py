"""Canned studies: a TOML file that states one question and the study that
answers it (`chequered simulate --study studies/X.toml`).

    question = "Which Bolide strategy wins on each circuit?"
    game = "bolide"
    races = 200                 # per variant
    seats = ["expert_82", "expert_73", "expert_672", "expert_573"]
    rules = "advanced"          # optional: track, rules, options, seed, rotate, records, chunk
    rotate = true               # race i seats the kinds rotated by i
    [set]                       # config fields, as --set
    [vary]                      # one variant per value (a cross product), as --vary
    track = ["hairpin", "ring", "twisty"]
    [report]                    # what the report adds (sim/report.py)
    groups = [["variant", "chosen_strategy"]]    # win rate by these columns
    effects = ["dry_", "wet_"]  # finish regressed on the metrics named dry_*, wet_*
    effects_by = "track"        # ... once for each value of this column
    seat_kinds = ["random"]     # the report's extra tables read these seats only
    metrics = ["pit_stops"]     # the metrics it shows (default: every one)

The study's name is the file's stem. Everything but [report] and `question`
is the study's config (plan.Study): a resumed run must match it.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from ..engine.protocol import BadInput
from .plan import Study

STUDY_KEYS = {"game", "races", "seats", "track", "rules", "options", "seed", "rotate",
              "records", "chunk", "set", "vary"}
REPORT_KEYS = {"groups", "effects", "effects_by", "seat_kinds", "metrics"}


def load(path: str | Path, races: int | None = None) -> tuple[Study, dict]:
    """(the study, its report options) from a study file; `races` overrides
    the file's count (a quick trial of a canned study)."""
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput(f"no study file {path}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise BadInput(f"{path}: not a TOML study file ({exc})") from None
    unknown = set(doc) - STUDY_KEYS - {"question", "report"}
    if unknown:
        raise BadInput(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; a study file "
                       f"has {', '.join(sorted(STUDY_KEYS | {'question', 'report'}))}")
    for key in ("game", "races", "seats"):
        if key not in doc:
            raise BadInput(f"{path}: {key} is missing")
    report = doc.get("report", {})
    if not isinstance(report, dict) or set(report) - REPORT_KEYS:
        raise BadInput(f"{path}: [report] takes {', '.join(sorted(REPORT_KEYS))}")
    vary = doc.get("vary", {})
    if not isinstance(vary, dict) or not all(isinstance(v, list) and v for v in vary.values()):
        raise BadInput(f"{path}: [vary] gives each key a non-empty list of values")
    settings = doc.get("set", {})
    if not isinstance(settings, dict) or set(settings) & set(vary):
        raise BadInput(f"{path}: [set] is a table of config fields, none of them also in [vary]")
    if not isinstance(doc["seats"], list) or not all(isinstance(k, str) for k in doc["seats"]):
        raise BadInput(f"{path}: seats is a list of seat kinds")
    count = races if races is not None else doc["races"]
    if not isinstance(count, int) or count < 1:
        raise BadInput(f"{path}: races must be a whole number of at least 1")
    study = Study(game=doc["game"], races=count, seats=list(doc["seats"]),
                  seed=int(doc.get("seed", 0)), track=doc.get("track"), rules=doc.get("rules"),
                  options=list(doc.get("options", ())), settings=dict(settings), vary=dict(vary),
                  chunk=int(doc.get("chunk", 0)), records=bool(doc.get("records", False)),
                  rotate=bool(doc.get("rotate", False)), name=path.stem)
    return study, {"question": str(doc.get("question", "")), **report}
