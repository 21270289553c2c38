"""Hand-written SQL of the hot score-entry paths, run as server-side prepared statements on PostgreSQL.

Planning the Entry's six-table join took longer than running it (0.7 ms against 0.2 ms, measured
with EXPLAIN ANALYZE); a statement prepared once per database connection is planned once and then
reused (Django keeps connections, CONN_MAX_AGE). Elsewhere (SQLite) the SQL simply runs.

PREPARE and EXECUTE go through Django's cursor, so query logging and counting see them like any
other query."""

from __future__ import annotations

import re

from django.db import connection

_PLACEHOLDER = re.compile(r"%s")


def execute(cursor, name: str, sql: str, params: list) -> None:
    """cursor.execute(sql, params), as a statement prepared on this connection under `name` when the
    database is PostgreSQL. `sql` uses %s placeholders and no literal percent sign."""
    if connection.vendor != "postgresql":
        cursor.execute(sql, params)
        return
    raw = connection.connection
    prepared = raw.__dict__.setdefault("_meldboard_prepared", set())
    if name not in prepared:
        numbered = iter(range(1, len(params) + 1))
        cursor.execute(f"PREPARE {name} AS " + _PLACEHOLDER.sub(lambda _: f"${next(numbered)}", sql))
        prepared.add(name)
    cursor.execute(f"EXECUTE {name}({', '.join(['%s'] * len(params))})" if params else f"EXECUTE {name}", params)
