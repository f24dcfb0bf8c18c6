"""A study's folder: study.json, Parquet part files, and race records.

    DIR/study.json                       the study's config (plan.Study.study_doc)
    DIR/parts/v000-0000040.parquet       rows of variant 0, races 40.. (one chunk)
    DIR/records/v000/race-0000041.json   a race's record (with --records)

Every file is written to a temporary name and renamed into place, so a
part is either whole or absent: a study killed at any moment (Ctrl-C,
kill -9) resumes by playing only the chunks without a part. A part is
written after its records, so a part on disk means its records are too.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..engine.protocol import BadInput
from .plan import FORMAT, Study

PART = re.compile(r"^v(\d{3,})-(\d{7,})\.parquet$")


def _atomic_write(path: Path, write) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _pa():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:      # the sim extra is not installed
        raise BadInput(f"studies need the sim extra: pip install 'chequered[sim]' "
                       f"({exc.name} is missing)") from None
    return pa, pq


class StudyDir:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.parts = self.path / "parts"
        self.records = self.path / "records"

    # ---- study.json -------------------------------------------------------
    def read_doc(self) -> dict:
        file = self.path / "study.json"
        if not file.is_file():
            raise BadInput(f"{self.path} is not a study folder (no study.json)")
        doc = json.loads(file.read_text(encoding="utf-8"))
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise BadInput(f"{file}: not a {FORMAT} document")
        return doc

    def study(self) -> Study:
        doc = self.read_doc()
        return Study.from_config_doc(doc["config"], name=doc.get("name", ""),
                                     notes=doc.get("notes", {}))

    def open(self, study: Study) -> None:
        """Create the folder for `study`, or check that it holds the same study."""
        file = self.path / "study.json"
        if self.path.exists() and not self.path.is_dir():
            raise BadInput(f"{self.path} exists and is not a folder")
        if file.exists():
            doc = self.read_doc()
            old = doc["config"]
            new = study.config_doc()
            if old != new:
                diff = [k for k in new if old.get(k) != new.get(k)]
                k = diff[0] if diff else "?"
                raise BadInput(f"{self.path} holds a different study ({k}: "
                               f"{json.dumps(old.get(k))} there, {json.dumps(new.get(k))} now); "
                               "give another --out or remove that folder")
        elif self.path.is_dir() and any(self.path.iterdir()):
            raise BadInput(f"{self.path} is not empty and has no study.json; "
                           "give an empty or new folder as --out")
        self.parts.mkdir(parents=True, exist_ok=True)
        # A run killed mid-write leaves a temporary file; one run uses a folder
        # at a time, so any found now is litter.
        for litter in self.path.glob("**/.*.tmp"):
            litter.unlink()
        if not file.exists() or doc.get("notes", {}) != study.notes:
            # new, or the same study with another question or report options
            text = json.dumps(study.study_doc(), indent=1, ensure_ascii=False) + "\n"
            _atomic_write(file, lambda p: p.write_text(text, encoding="utf-8"))

    # ---- parts --------------------------------------------------------------
    def done(self) -> set[tuple[int, int]]:
        """{(variant, first race)} of every part on disk."""
        if not self.parts.is_dir():
            return set()
        out = set()
        for p in self.parts.iterdir():
            m = PART.match(p.name)
            if m:
                out.add((int(m.group(1)), int(m.group(2))))
        return out

    def part_path(self, variant: int, start: int) -> Path:
        return self.parts / f"v{variant:03d}-{start:07d}.parquet"

    def write_chunk(self, chunk) -> None:
        """A worker's chunk: its records first, then its part (see above)."""
        pa, pq = _pa()
        for index, doc in sorted(chunk.records.items()):
            folder = self.records / f"v{chunk.variant:03d}"
            folder.mkdir(parents=True, exist_ok=True)
            text = json.dumps(doc, ensure_ascii=False) + "\n"
            _atomic_write(folder / f"race-{index:07d}.json",
                          lambda p, t=text: p.write_text(t, encoding="utf-8"))
        # Every key of every row: from_pylist would take the first row's keys
        # only, dropping a metric the first seat lacks (a bot's tyres).
        keys = list(dict.fromkeys(k for row in chunk.rows for k in row))
        table = pa.Table.from_pylist([{k: row.get(k) for k in keys} for row in chunk.rows])
        _atomic_write(self.part_path(chunk.variant, chunk.start),
                      lambda p: pq.write_table(table, p))

    def record_path(self, variant: int, race: int) -> Path:
        return self.records / f"v{variant:03d}" / f"race-{race:07d}.json"

    def table(self):
        """Every row on disk as one pyarrow Table, ordered by variant, race, seat.
        Parts whose metric columns differ (a metric always empty in one chunk)
        are unified."""
        pa, pq = _pa()
        files = sorted(p for p in self.parts.iterdir() if PART.match(p.name)) \
            if self.parts.is_dir() else []
        if not files:
            raise BadInput(f"{self.path} has no results yet")
        import pyarrow.dataset as ds
        # one read of every part (threaded in pyarrow), cast to the schema
        # they share: 1.2 s rather than 2.0 s for the 500 parts of 100,000 races
        schema = pa.unify_schemas([pq.read_schema(f) for f in files],
                                  promote_options="permissive")
        table = ds.dataset([str(f) for f in files], format="parquet", schema=schema).to_table()
        return table.sort_by([("variant_index", "ascending"), ("race", "ascending"),
                              ("seat", "ascending")])
