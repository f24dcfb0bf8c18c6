"""Alembic environment: the web app passes an open connection in
config.attributes["connection"]; nothing is read from an ini file."""
from alembic import context

from chequered.store.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
