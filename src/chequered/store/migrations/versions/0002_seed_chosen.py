"""races.seed_chosen: whether the client chose the race's seed (allowed in
solo races only). A chosen seed is shown to the race's seats; any other stays
secret until the race is over. Races stored before this were all given a
seed by the server, except those a client seeded: those are marked as not
chosen, which keeps their seed secret (the safe side).

Revision ID: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("races") as batch:
        batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("races") as batch:
        batch.drop_column("seed_chosen")
