"""The database: engine, migrations and every query the web app makes.

Methods are synchronous (SQLAlchemy sessions); the web app calls them from a
worker thread so a slow commit never stalls the event loop.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from sqlalchemy import bindparam, create_engine, delete, event, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import sessionmaker

from .models import ActionRow, RaceRow, SeatRow, StandingRow, UploadRow, now

MIGRATIONS = Path(__file__).with_name("migrations")


def data_dir() -> Path:
    """The user's data directory for chequered, as each platform expects it."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "chequered"


def default_url() -> str:
    path = data_dir() / "chequered.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(eng, "connect")
        def _pragmas(conn, _record):
            cur = conn.cursor()
            # WAL lets readers and the writer overlap; synchronous=FULL makes
            # every commit durable before we acknowledge the action it holds.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
            # The driver's own transaction handling never sends BEGIN before a
            # SAVEPOINT, so each savepoint of a group commit (append_many) was
            # a transaction of its own, one disk flush per race: we open the
            # transactions ourselves (`begin` below).
            conn.isolation_level = None

        @event.listens_for(eng, "begin")
        def _begin(conn):
            conn.exec_driver_sql("BEGIN")
        return eng
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision with the packaged migrations."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


_RACES = RaceRow.__table__
_MOVE_RACE = (update(_RACES)
              .where(_RACES.c.id == bindparam("rid"), _RACES.c.n_actions == bindparam("first"))
              .values(n_actions=bindparam("n"), state_hash=bindparam("hash"),
                      updated_at=bindparam("at"), status=bindparam("status"),
                      result=bindparam("res", type_=_RACES.c.result.type)))
_SEATS = SeatRow.__table__
_MARK_JOINED = (update(_SEATS)
                .where(_SEATS.c.race_id == bindparam("rid"), _SEATS.c.seat == bindparam("who"),
                       _SEATS.c.joined_at.is_(None))
                .values(joined_at=bindparam("at")))
_INSERT_ACTION = insert(ActionRow.__table__)
_INSERT_STANDING = insert(StandingRow.__table__)


class Conflict(Exception):
    """The stored race moved on since we loaded it (another writer)."""


class Store:
    def __init__(self, url: str):
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    # ---- races ------------------------------------------------------------------
    def create_race(self, race: dict, seats: list[dict]) -> None:
        with self.session.begin() as s:
            s.add(RaceRow(**race))
            s.flush()       # the race row first: PostgreSQL checks the seats' key at once
            for seat in seats:
                s.add(SeatRow(race_id=race["id"], **seat))

    def append_actions(self, race_id: str, first_ply: int, actions: list[tuple],
                       state_hash: str, finished: bool, result: dict | None,
                       standings: list[dict] | None = None) -> None:
        """Store actions first_ply.. in one transaction; raise Conflict if the
        stored race does not end exactly where these actions begin."""
        errors = self.append_many([(race_id, first_ply, actions, state_hash, finished, result,
                                    standings)])
        if errors[0] is not None:
            raise errors[0]

    def append_many(self, batches: list[tuple]) -> list[Exception | None]:
        """Several races' appends (append_actions arguments, and optionally
        an eighth: a seat whose person joins with this action, mark_joined)
        in ONE transaction
        and so one disk flush: under load, commits are grouped instead of
        queueing one flush each. A batch that conflicts is reported in its
        slot of the returned list and writes nothing: its race's row is
        checked and moved first (one UPDATE), and its actions are inserted
        only if that moved it. Core statements made once, not the ORM: the
        writer thread shares the GIL with the event loop."""
        out: list[Exception | None] = []
        actions, standings = [], []
        at = now()
        with self.session.begin() as s:
            conn = s.connection()
            for race_id, first_ply, rows, state_hash, finished, result, table, *joined in batches:
                moved = conn.execute(_MOVE_RACE, {
                    "rid": race_id, "first": first_ply, "n": first_ply + len(rows),
                    "hash": state_hash, "at": at, "status": "finished" if finished else "running",
                    "res": result})
                if moved.rowcount != 1:
                    out.append(Conflict(f"race {race_id} is not at action {first_ply}"))
                    continue
                actions += [{"race_id": race_id, "ply": first_ply + i, "seat": seat,
                             "action": doc, "by": by, "created_at": at}
                            for i, (seat, doc, by) in enumerate(rows)]
                standings += [{"race_id": race_id, **row} for row in table or ()]
                if joined and joined[0] is not None:    # the acting person's first action
                    conn.execute(_MARK_JOINED, {"rid": race_id, "who": joined[0], "at": at})
                out.append(None)
            if actions:
                conn.execute(_INSERT_ACTION, actions)
            if standings:
                conn.execute(_INSERT_STANDING, standings)
        return out

    def truncate(self, race_id: str, from_ply: int, old_n: int, state_hash: str) -> None:
        """Undo: forget actions from_ply.. (the race had old_n actions)."""
        with self.session.begin() as s:
            moved = s.execute(
                update(RaceRow).where(RaceRow.id == race_id, RaceRow.n_actions == old_n)
                .values(n_actions=from_ply, state_hash=state_hash, updated_at=now(),
                        status="running", result=None))
            if moved.rowcount != 1:
                raise Conflict(f"race {race_id} is not at action {old_n}")
            s.execute(delete(ActionRow).where(ActionRow.race_id == race_id,
                                              ActionRow.ply >= from_ply))

    def load(self, race_id: str) -> tuple[RaceRow, list[SeatRow], list[ActionRow]] | None:
        with self.session() as s:
            race = s.get(RaceRow, race_id)
            if race is None:
                return None
            seats = s.scalars(select(SeatRow).where(SeatRow.race_id == race_id)
                              .order_by(SeatRow.seat)).all()
            actions = s.scalars(select(ActionRow).where(ActionRow.race_id == race_id)
                                .order_by(ActionRow.ply)).all()
            return race, list(seats), list(actions)

    def seats(self, race_id: str) -> list[SeatRow]:
        with self.session() as s:
            return list(s.scalars(select(SeatRow).where(SeatRow.race_id == race_id)
                                  .order_by(SeatRow.seat)))

    def seat_of_token(self, token: str) -> tuple[str, int] | None:
        with self.session() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.token == token)).first()
            return (row.race_id, row.seat) if row else None

    def race_of_host(self, token: str) -> str | None:
        with self.session() as s:
            return s.scalars(select(RaceRow.id).where(RaceRow.host_token == token)).first()

    def set_controller(self, race_id: str, seat: int, controller: str) -> None:
        with self.session.begin() as s:
            s.execute(update(SeatRow).where(SeatRow.race_id == race_id, SeatRow.seat == seat)
                      .values(controller=controller))

    def mark_joined(self, race_id: str, seat: int) -> None:
        with self.session.begin() as s:
            s.execute(update(SeatRow).where(SeatRow.race_id == race_id, SeatRow.seat == seat,
                                            SeatRow.joined_at.is_(None)).values(joined_at=now()))

    def list_races(self, limit: int = 50) -> list[dict]:
        with self.session() as s:
            races = s.scalars(select(RaceRow).order_by(RaceRow.updated_at.desc())
                              .limit(limit)).all()
            ids = [r.id for r in races]
            seats = s.scalars(select(SeatRow).where(SeatRow.race_id.in_(ids))).all() if ids else []
        by_race: dict[str, list[SeatRow]] = {}
        for seat in seats:
            by_race.setdefault(seat.race_id, []).append(seat)
        out = []
        for r in races:
            rs = sorted(by_race.get(r.id, []), key=lambda x: x.seat)
            waiting = [x.seat for x in rs if x.controller == "human" and x.joined_at is None]
            status = r.status if r.status == "finished" or not waiting else "open"
            out.append({"id": r.id, "game": r.game, "status": status, "actions": r.n_actions,
                        "track": r.config.get("track"), "season": r.season_name,
                        "seats": [x.controller for x in rs], "waiting_for": waiting,
                        "updated_at": r.updated_at.isoformat() if r.updated_at else None})
        return out

    def unfinished(self) -> list[str]:
        with self.session() as s:
            return list(s.scalars(select(RaceRow.id).where(RaceRow.status != "finished")))

    # ---- uploaded records -----------------------------------------------------------
    def add_upload(self, upload_id: str, game: str, name: str, doc: dict) -> None:
        with self.session.begin() as s:
            s.add(UploadRow(id=upload_id, game=game, name=name, doc=doc))

    def upload(self, upload_id: str) -> UploadRow | None:
        with self.session() as s:
            return s.get(UploadRow, upload_id)

    # ---- seasons --------------------------------------------------------------------
    def seasons(self) -> list[dict]:
        """Every championship with its standings (final ones once it is over)."""
        with self.session() as s:
            races = s.scalars(select(RaceRow).where(RaceRow.season_name.is_not(None))
                              .order_by(RaceRow.created_at.desc())).all()
            rows = s.scalars(select(StandingRow).order_by(StandingRow.position)).all()
        table: dict[str, list[dict]] = {}
        for row in rows:
            table.setdefault(row.race_id, []).append(
                {"position": row.position, "seat": row.seat, "name": row.name,
                 "points": row.points, "team": row.team, "human": row.human})
        return [{"race": r.id, "name": r.season_name, "game": r.game, "status": r.status,
                 "circuits": r.config.get("season") or [r.config.get("track")],
                 "standings": table.get(r.id, []),
                 # Team (constructors') points, where the game's result has them.
                 "teams": ((r.result or {}).get("extra") or {}).get("teams")} for r in races]
