"""Race Pace actions: small frozen dataclasses that round-trip through JSON."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PickTeam:
    """RP Setup K: choose a Race Team board."""
    team: str


@dataclass(frozen=True, slots=True)
class PickDriver:
    """RP Setup L: choose a Driver board."""
    driver: str


@dataclass(frozen=True, slots=True)
class ChooseTyre:
    """RP Setup 3: the compound to start the race on."""
    tyre: str


@dataclass(frozen=True, slots=True)
class Select:
    """RP Step 2: put your action token on button 1..11; Box Box names the
    compound to fit."""
    button: int
    tyre: str | None = None


@dataclass(frozen=True, slots=True)
class Copy:
    """RP React: copy the action of a driver ahead (button None: copy nothing)."""
    button: int | None
    tyre: str | None = None


ACTION_TYPES = (PickTeam, PickDriver, ChooseTyre, Select, Copy)
