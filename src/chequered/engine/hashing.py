"""Canonical JSON and the sha256 state hash."""
from __future__ import annotations

import hashlib
import json


def canonical_json(doc) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256_of(doc) -> str:
    return hashlib.sha256(canonical_json(doc).encode("utf-8")).hexdigest()
