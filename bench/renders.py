"""The "renders per change" rows: a hand saved at a table, then many readers at once on every page the
hand changes; tournament.core.render_once counts the renders of each page kind (in Redis, which
the bench reads as the server writes it). One render per page kind whatever the number of readers
is the target: the others wait for that render, and every one of them gets the page after the hand.
"""

from __future__ import annotations

import statistics
import threading
import time

from bench import report, site
from bench.load import Connection, Request
from bench.table_peak import small_hand
from tournament.core import render_once
from tournament.models import Game

READERS, CHANGES = 32, 5
TARGET = "1 render per page kind"


def _readers(port: int, pages: list[tuple[str, dict]], count: int) -> list[int]:
    """`count` readers on each page at once (a fresh connection each, as a thousand browsers); their statuses."""
    conns = [(Connection("127.0.0.1", port), path, headers) for path, headers in pages for _ in range(count)]
    barrier, statuses = threading.Barrier(len(conns)), []

    def read(conn, path, headers):
        barrier.wait()
        statuses.append(conn.request(Request(path, headers=headers))[0])
        conn.close()

    threads = [threading.Thread(target=read, args=c, daemon=True) for c in conns]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return statuses


def measure(ctx, name: str, game_ids: list[int], pages: dict[str, tuple[str, dict]], hand) -> dict:
    """CHANGES times: one hand saved over HTTP, READERS readers on each page at once (their renders
    counted), one more read of each (a cached page, timed); then another hand and one reader alone
    on each page (a render, timed)."""
    conn = Connection("127.0.0.1", ctx.port)
    table = site.Table(Game.objects.get(pk=game_ids[-1]).table_token).load(conn)
    fields = hand(table, conn)
    _readers(ctx.port, list(pages.values()), 1)  # every page read once before (an organizer's flash messages shown)
    per_change: dict[str, list[int]] = {kind: [] for kind in pages}
    first: dict[str, list[float]] = {kind: [] for kind in pages}  # one reader alone after a change: a render
    hit: dict[str, list[float]] = {kind: [] for kind in pages}  # a page read again unchanged: a cached page
    errors = 0

    def save() -> bool:
        if conn.request(table.submit_request(conn, fields))[0] not in site.REDIRECTS:
            return False
        table.number += 1
        return True

    def timed(path: str, headers: dict) -> float:
        started = time.perf_counter()
        conn.request(Request(path, headers=headers))
        return time.perf_counter() - started

    for _ in range(CHANGES):
        if not save():
            errors += 1
            continue
        before = render_once.counts(list(pages))
        statuses = _readers(ctx.port, list(pages.values()), READERS)
        errors += sum(s != 200 for s in statuses)
        after = render_once.counts(list(pages))
        for kind, (path, headers) in pages.items():
            per_change[kind].append(after[kind] - before[kind])
            hit[kind].append(timed(path, headers))
        if save():  # one more hand, and one reader alone on each page: what a render costs
            for kind, (path, headers) in pages.items():
                first[kind].append(timed(path, headers))
    conn.close()
    worst = max((max(v) for v in per_change.values() if v), default=None)
    note = "; ".join(
        f"{kind}: {', '.join(map(str, v))} (a render {_ms(first[kind])}, a cached page {_ms(hit[kind])}, medians over HTTP)"
        for kind, v in per_change.items())
    return report.figure_row(
        name, worst, "renders", target=TARGET, ok=worst == 1 and not errors,
        note=f"renders of each page kind after each of {CHANGES} hands, {READERS} readers a page at once: {note}"
             + (f"; {errors} errors" if errors else ""))


def _ms(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1000:.0f} ms" if seconds else "—"


def renders_per_change(ctx) -> list[dict]:
    fixture, rows = ctx.fixture, []
    organizer = site.organizer_headers(fixture.organizer_session)
    bracket, board = site.url("brackets:division", fixture.event.slug, "d1"), site.url("gameday:board", fixture.event.slug)
    name = "renders per change: bracket event (128 teams)"
    if fixture.tables and bracket and board:
        rows.append(measure(ctx, name, fixture.tables, {"bracket": (bracket, {}), "board": (board, organizer)},
                            lambda table, conn: table.hand(table.small_hand(conn))))
    else:
        rows.append(report.missing_row(name, TARGET))
    day = getattr(fixture, "day", None)
    name = "renders per change: table round (30 tables)"
    if day is not None and fixture.day_tables:
        pages = {"seating": (site.url("tables:public_seating", day.slug), {}),
                 "standings": (site.url("tables:public_standings", day.slug), {}),
                 "tables-board": (site.url("tables:board", day.slug), organizer)}
        rows.append(measure(ctx, name, fixture.day_tables, pages, lambda table, conn: small_hand(table)))
    else:
        rows.append(report.missing_row(name, TARGET))
    return rows
