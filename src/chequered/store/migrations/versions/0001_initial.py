"""The first schema: races, seats, actions, uploads, standings.

Revision ID: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "races",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False, index=True),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("host_token", sa.String(64), nullable=False, unique=True),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("n_actions", sa.Integer, nullable=False),
        sa.Column("state_hash", sa.String(64), nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("move_timer", sa.Integer, nullable=True),
        sa.Column("season_name", sa.String(120), nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("race_id", sa.String(32), sa.ForeignKey("races.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("controller", sa.String(40), nullable=False),
        sa.Column("joined_at", TS, nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("race_id", sa.String(32), sa.ForeignKey("races.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "uploads",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("doc", sa.JSON, nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "standings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("race_id", sa.String(32), sa.ForeignKey("races.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("team", sa.String(120), nullable=True),
        sa.Column("human", sa.Boolean, nullable=False),
        sa.UniqueConstraint("race_id", "seat"),
    )


def downgrade() -> None:
    for name in ("standings", "uploads", "actions", "seats", "races"):
        op.drop_table(name)
