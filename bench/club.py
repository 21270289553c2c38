"""The club's memory under load: a club of 10 seasons × 40 events × 200 players (built as rows by
tournament.clubs.sample), its latest season's standings and a player's page as a visitor, served from
the page cache; then an event's result changed (its counter bumped in the same transaction) and the
time until the season's page shows it, rendered afresh."""

from __future__ import annotations

import time

from django.db import transaction

from bench import report, site
from bench.load import Connection, Request
from tournament.clubs import sample
from tournament.models import Club, GameSide, Season, Tournament

SLUG = "bench-club"
TARGET = "≥ 0.20× baseline"
FRESH_TARGET = "on the next request, ≤ 3 s"


def build(log) -> Club:
    Tournament.objects.filter(club__slug=SLUG).delete()
    Club.objects.filter(slug=SLUG).delete()
    started = time.perf_counter()
    club = sample.build(SLUG, seasons=10, events=40, players=200, seed=2026)
    log(f"  club of 10 seasons × 40 events × 200 players built in {time.perf_counter() - started:.0f} s")
    return club


def club_pages(ctx) -> list[dict]:
    season_name, player_name = "club: season standings (10 × 40 events, 200 players)", "club: a player's page"
    club = build(ctx.log)
    season = Season.objects.filter(club=club).order_by("-starts_on").first()
    conn = Connection("127.0.0.1", ctx.port)
    season_path = site.url("clubs:season", club.slug, season.pk)
    if not season_path:
        return [report.missing_row(season_name, TARGET)]
    started = time.perf_counter()
    conn.request(Request(season_path))
    first = time.perf_counter() - started
    member = club.members.order_by("pk").first()
    player_path = site.url("clubs:player", club.slug, member.pk)
    conn.request(Request(player_path))
    rows = []
    result, base = ctx.beside(season_name, lambda state, n: Request(season_path))
    rows.append(report.load_row(result, base, target=TARGET, checks=[_ratio(result, base)]))
    result, base = ctx.beside(player_name, lambda state, n: Request(player_path))
    rows.append(report.load_row(result, base, target=TARGET, checks=[_ratio(result, base)]))
    rows.append(_fresh(conn, club, season, season_path, first))
    return rows


def _ratio(result, base) -> tuple[str, bool]:
    return TARGET, bool(base.rps) and result.rps / base.rps >= 0.20


def _fresh(conn, club, season, path, first: float) -> dict:
    """A table's last player corrected to its winner in the season's last table day: the next request
    must show the games won moved (and the version with it)."""
    name = "club: season standings after a change"
    event = Tournament.objects.filter(club=club, format="tables", signup_deadline__date__lte=season.ends_on).order_by("-signup_deadline").first()
    game = GameSide.objects.filter(game__division__tournament=event).order_by("pk").first().game
    side = game.sides.order_by("total", "pk").first()
    before = conn.request(Request(path))[2].decode()
    with transaction.atomic():
        GameSide.objects.filter(pk=side.pk).update(total=side.total + 9000)
        Tournament.objects.filter(pk=event.pk).bump()
    started = time.perf_counter()
    after = conn.request(Request(path))[2].decode()
    seconds = time.perf_counter() - started
    changed = after != before
    return report.figure_row(name, round(seconds, 3), "s", target=FRESH_TARGET, ok=changed and seconds <= 3,
                             note=f"first render of the season (nothing cached) {first:.2f} s; after the change the "
                                  f"page {'was' if changed else 'was NOT'} rendered afresh on the next request")
