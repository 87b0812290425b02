"""Alembic environment: run with the connection handed over by thebes.server.storage.database.upgrade_schema."""

from alembic import context

from thebes.server.storage.schema import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only through upgrade_schema
    raise RuntimeError("thebes migrations run through thebes.server.storage.database.upgrade_schema()")

context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
