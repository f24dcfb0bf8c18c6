"""Storage of races, seats, actions, uploaded records and seasons (SQLAlchemy).

SQLite by default, PostgreSQL by URL. The schema is created and upgraded by
the packaged alembic migrations (`migrate`), never by `create_all`, so that a
database made by one version of chequered is upgraded by the next.
"""
from .db import Store, default_url, migrate

__all__ = ["Store", "default_url", "migrate"]
