"""The service half: packets in the database (SQLAlchemy + Alembic), stored files, tenants and
their keys, Celery tasks or an in-process pool, callbacks and settings. It drives the reading
pipeline (intake/) and the judging (validators/); only api/ and cli/ call it."""
