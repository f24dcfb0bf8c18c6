"""The tables. A race is stored as its record: config, seed and the ordered
actions; its state is always rebuilt by replaying them, so the stored hash
after the last action is the only derived value we keep (to check a rebuild).
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String,
                        UniqueConstraint, false)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class RaceRow(Base):
    __tablename__ = "races"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    config: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    # The client chose the seed (a solo race): it may be shown while the race runs.
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    host_token: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16), index=True)      # running | finished
    n_actions: Mapped[int] = mapped_column(Integer, default=0)
    state_hash: Mapped[str] = mapped_column(String(64))              # after the last action
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    move_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    season_name: Mapped[str | None] = mapped_column(String(120), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    __tablename__ = "seats"

    race_id: Mapped[str] = mapped_column(ForeignKey("races.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(40))          # the seat kind in the config
    controller: Mapped[str] = mapped_column(String(40))    # who acts now: human or a bot kind
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    race_id: Mapped[str] = mapped_column(ForeignKey("races.id", ondelete="CASCADE"),
                                         primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)    # 0-based position
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(16))            # human | bot | timeout
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class UploadRow(Base):
    __tablename__ = "uploads"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    doc: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class StandingRow(Base):
    """A championship's final standings, one row per seat, with the points
    the game awarded (Result.points) and, where the game has teams, the team."""
    __tablename__ = "standings"
    __table_args__ = (UniqueConstraint("race_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    race_id: Mapped[str] = mapped_column(ForeignKey("races.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(120))
    points: Mapped[int] = mapped_column(Integer)
    team: Mapped[str | None] = mapped_column(String(120), nullable=True)
    human: Mapped[bool] = mapped_column(Boolean, default=False)
