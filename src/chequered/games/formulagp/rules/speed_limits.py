"""[ADV] FGP 8.4.2 Speed limits by card colour (with 2.1, 3.1, 7.3.3.5, 12.1,
13.2, 18.1): a GREEN gear marker limits a corner tile to GREEN movement cards,
a RED one to RED or GREEN cards. Going faster is allowed but costs a hazard
check: the RED die after the move (FGP 13.2), one RED die and then a YELLOW
die for each further tile (FGP 4.11.3, 8.4.2, 13.2).

Only the colour of the cards played counts, never the pace: two GREEN cards
(RED pace) respect a GREEN limit, two RED cards (BLUE pace) a RED one. Only
leaving the tile counts ("drive through or start a move from"): a car may
end its move on a marked tile at any colour. The OT move after a won battle
is judged by the movement cards of the turn, not the battle cards.

Readings (A83, ours):
- an ORANGE card counts as the colour it was played as (its pace, FGP 4.3.1);
- the tiles left are counted along the whole turn (regular move, extension,
  DRS, OT moves): the RED die for the first breach, a YELLOW die for each
  further one (FGP 4.11.3: "for each additional event"); dice due before a
  battle or a pit entry are rolled there (FGP 4.11.3), later breaches after;
- no check inside a Yellow Flag zone (FGP 13.8.1: hazards and track events
  are inactive there) or under the Safety Car (FGP 13.9.2); the pit lane is
  no corner; the check still applies after the finish line (FGP 12.1).

The pure functions take the track and what the turn did; `due_dice` reads
the move in progress (race.move) and records what it has charged."""
from __future__ import annotations

from typing import Iterable, Sequence

from ..state import Race
from ..track import Track
from .advanced import is_advanced
from .hazards import dice_for

SPEED_LIMIT = "speed_limit"            # the high-risk event of FGP 13.2
RANK = {"green": 0, "red": 1, "blue": 2}
LIMIT_RANK = {"GREEN": 0, "RED": 1}


def card_colour(colours: Iterable[str | None]) -> str | None:
    """The colour the speed limit judges: the fastest colour of the movement
    cards played (as played: an ORANGE card by its declared colour)."""
    known = [c for c in colours if c in RANK]
    return max(known, key=RANK.__getitem__) if known else None


def exceeds(limit: str | None, colour: str | None) -> bool:
    """FGP 8.4.2: a colour faster than the tile's limit colour."""
    return limit is not None and colour is not None and RANK[colour] > LIMIT_RANK[limit]


def tiles_left(track: Track, start_tile: int, now_tile: int) -> list[int]:
    """The tiles a car has left on its way from `start_tile` to `now_tile`
    (the start tile included, the tile it is on now not)."""
    n = (now_tile - start_tile) % track.lap_tiles
    return [(start_tile + k) % track.lap_tiles for k in range(n)]


def breaches(track: Track, tiles: Sequence[int], colour: str | None,
             skip: Iterable[int] = ()) -> list[int]:
    """The tiles of `tiles` whose speed limit `colour` exceeds, `skip` left out."""
    out = set(skip)
    return [t for t in tiles if t not in out and exceeds(track.tiles[t].speed_limit, colour)]


def breach_dice(new: int, before: int) -> list[str]:
    """FGP 13.2 / 4.11.3: the dice for `new` breaches after `before` already
    charged this turn: RED for the first of the turn, YELLOW for each further."""
    return [d for d, _ in dice_for([SPEED_LIMIT] * (before + new))[before:]]


def _tile_now(race: Race, car, track: Track) -> int | None:
    if car.space is not None:
        sp = track.spaces[car.space]
        return None if sp.pit_lane else sp.tile
    if car.off_track and car.off_spot:
        return car.off_spot[0]
    return None


def due_dice(race: Race, car) -> list[str]:
    """The dice the move in progress owes for speed limits not charged yet;
    records the tiles charged in race.move["limits"]."""
    mv = race.move
    if not is_advanced(race) or race.safety_car is not None or race.vsc or not mv.get("visited") \
            or mv.get("bot"):                  # BOT 2.1.1: BOTs ignore speed limits
        return []
    from .where import in_yellow_zone, track_of
    trk = track_of(race)
    first = trk.spaces[mv["visited"][0]]
    now = _tile_now(race, car, trk)
    if now is None:
        return []
    tiles = tiles_left(trk, first.tile, now)
    if first.pit_lane:                         # left the pit lane, not a corner
        tiles = tiles[1:]
    seen = mv.setdefault("limits", [])
    new = [t for t in breaches(trk, tiles, card_colour(mv.get("colours", ())), skip=seen)
           if not in_yellow_zone(race, t)]
    dice = breach_dice(len(new), len(seen))
    seen += new
    return dice
