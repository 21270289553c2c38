"""The "table-round peak" row: a 30-table Rummikub day at its busiest, beside the bracket event's peak.

At 1×: 300 spectators reload the public seating and the standings (half each) every 15 s, 30 tables
of four each preview twice and save a hand every 40 s, 4 organizers reload the round board every
10 s. The rare kinds are faster than a real day (a Rummikub hand takes minutes) so that every kind
has 30 samples in the 1× step: harder, not easier. Every hand save is real (a fresh idempotency key,
the next hand number); the hands are small (the player who goes out takes 3 points), so no table
reaches 150 during the run.

The day is built as the organizer and the tables would: players signed up, sign-ups closed, round 1
drawn and saved with the tables' services, every table checked in and started.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from bench import peak, report, site
from bench.arrivals import Kind, OpenLoop
from bench.front_cache import FreshReads
from bench.load import Connection, Request
from scoring.models import Hand
from tournament.core import signup_deadline
from tournament.formats.tables import drawing, play, rounds, signups
from tournament.models import Game, Tournament

SLUG, PLAYERS, SEED = "bench-tables", 120, 20261125
SPECTATORS, SPECTATOR_EVERY_S = 300, 15
TABLES, PREVIEWS_PER_HAND, HAND_EVERY_S = 30, 2, 40
ORGANIZERS, BOARD_EVERY_S = 8, 10
RATES = {
    "seating GET": SPECTATORS / 2 / SPECTATOR_EVERY_S,  # 10
    "standings GET": SPECTATORS / 2 / SPECTATOR_EVERY_S,  # 10
    "score preview": TABLES * PREVIEWS_PER_HAND / HAND_EVERY_S,  # 1.5
    "hand save": TABLES / HAND_EVERY_S,  # 0.75
    "board GET": ORGANIZERS / BOARD_EVERY_S,  # 0.8
}
RENDERED = {"seating GET": "seating", "standings GET": "standings", "board GET": "tables-board"}
NAME = "table-round peak: largest multiple held (30 Rummikub tables)"
NAME_CACHED = "table-round peak through the front cache (30 Rummikub tables, Varnish, 0 stale reads)"


def build_day(by, players: int = PLAYERS) -> tuple[Tournament, list[int]]:
    """The Rummikub day with round 1 in play; (the event, its games' ids)."""
    now = timezone.now()
    Tournament.objects.filter(slug=SLUG).delete()
    day = Tournament.objects.create(
        name="Bench Rummikub day", slug=SLUG, venue="Loopback marina", variant="rummikub", format="tables",
        signup_deadline=now + dt.timedelta(hours=1), organizer_email="bench@localhost", created_by=by,
        game_time_limit=dt.timedelta(hours=3),
    )
    for n in range(1, players + 1):
        signups.register(day, name=f"Player {n:03d}", now=now - dt.timedelta(hours=2, seconds=-n))
    signup_deadline.close_registration(day.pk, early=True, now=now)
    rnd = rounds.save_round(day, 1, drawing.draw_seating(day, 1, SEED), SEED, now + dt.timedelta(minutes=5))
    games = list(Game.objects.filter(round=rnd).order_by("number"))
    for game in games:
        for side in game.sides.all():
            play.check_in_side(game, side, via="table", now=now)
        play.start_table(game, now=now)
    return day, [g.pk for g in games]


def small_hand(table: site.Table) -> dict:
    """Slot 1 goes out, everyone else holds one point: 3 points a hand at a table of four."""
    return table.hand({}, went_out=table.slots[0], per_side=[{}] + [{"rack_points": 1}] * (len(table.slots) - 1))


def table_peak(ctx, *, through_cache: bool = False) -> list[dict]:
    """The peak straight to gunicorn, or `through_cache` as deployed (every request through Varnish)."""
    fixture = ctx.fixture
    day = getattr(fixture, "day", None)
    target = peak.TARGET_TEXT
    name = NAME_CACHED if through_cache else NAME
    if through_cache and not ctx.cache_port:
        return [report.missing_row(name, target, "no front cache (varnishd not installed)")]
    port = ctx.cache_port if through_cache else ctx.port
    if day is None or "table day" in fixture.missing:
        return [report.missing_row(name, target, f"fixture: {fixture.missing.get('table day', report.MISSING)}")]
    seating, standings = site.url("tables:public_seating", day.slug), site.url("tables:public_standings", day.slug)
    board = site.url("tables:board", day.slug)
    if not seating or not standings or not board:
        return [report.missing_row(name, target)]
    conn = Connection("127.0.0.1", port)
    tables = [site.Table(token).load(conn) for token in
              Game.objects.filter(pk__in=fixture.day_tables).order_by("pk").values_list("table_token", flat=True)]
    filled = {table.token: small_hand(table) for table in tables}
    organizer = site.organizer_headers(fixture.organizer_session)
    for path, headers in ((seating, {}), (standings, {}), (board, organizer)):
        conn.request(Request(path, headers=headers))
    conn.close()
    fresh = FreshReads(port, day.slug, seating) if through_cache else None
    save, saved = peak.hand_saves(tables, filled, fresh)

    def preview(conn, rng):
        table = rng.choice(tables)
        return table.preview_request(conn, filled[table.token])

    kinds = [
        Kind("seating GET", RATES["seating GET"], lambda conn, rng: Request(seating)),
        Kind("standings GET", RATES["standings GET"], lambda conn, rng: Request(standings)),
        Kind("score preview", RATES["score preview"], preview),
        Kind("hand save", RATES["hand save"], save, saved),
        Kind("board GET", RATES["board GET"], lambda conn, rng: Request(board, headers=organizer)),
    ]
    loop = OpenLoop(port, kinds, clients=64 if ctx.seconds > 1.0 else 8,
                    prepare=lambda c: c.request(Request(tables[0].sheet)))
    return peak.drive(ctx, loop, name, RATES, RENDERED, Hand.objects.filter(game_id__in=fixture.day_tables), fresh)
