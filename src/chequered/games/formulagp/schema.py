"""Shared pieces of the FormulaGP content schema: the strict base model and
the small vocabularies (gears, paces, colours, tyres, dice) every file uses."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

CONTENT_DIR = Path(__file__).parent / "content"

GEARS = (2, 4, 6, 8)                                  # FGP 2.1 gear icons
PACES = ("green", "red", "blue")                      # FGP 4.3.1 race pace
Colour = Literal["green", "red", "blue", "orange"]    # movement card colours
Pace = Literal["green", "red", "blue"]
TyreType = Literal["soft", "medium", "hard", "wet"]
ParamColour = Literal["white", "yellow", "red"]       # FGP 4.12
Die = Literal["white", "yellow", "red"]               # FGP 4.11
Who = Literal["self", "all", "others"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
