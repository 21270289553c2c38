"""Play-offs as the pages show them: the organizer's list (each play-off's table, start, grace, state,
and its table phone's link and QR code, so nobody has to print a card to reach it) and the form's
first values (the next five minutes, table 1, the event's grace)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import segno
from django.urls import reverse
from django.utils import timezone

from tournament.common.localtime import day_and_clock
from tournament.core import formats as core_formats
from tournament.formats.tables import seat_lists
from tournament.models import Game, Tournament

ROUND_UP = dt.timedelta(minutes=5)


@dataclass
class PlayoffTable:
    game: Game
    name: str
    starts: str
    no_show_minutes: int
    sides: list[str]
    state: str
    link: str
    qr: str
    manage: str


def grace_minutes(tournament: Tournament, rnd) -> int:
    grace = rnd.no_show_grace if rnd.no_show_grace is not None else tournament.no_show_grace
    return int(grace.total_seconds() // 60)


def qr_svg(link: str) -> str:
    return segno.make(link, error="m").svg_data_uri(scale=4, border=2, dark="#000")


def organizer_list(tournament: Tournament, base_url: str) -> list[PlayoffTable]:
    """Each play-off table, oldest first, with what the organizer needs to reach its phone."""
    numbers = seat_lists.playoff_numbers(tournament)
    if not numbers:
        return []
    games = (Game.objects.filter(division__tournament=tournament, round__number__in=numbers)
             .select_related("round", "division__tournament", "winner").prefetch_related("sides__team", "sides__player")
             .order_by("round__number"))
    found = []
    for game in games:
        sides = sorted(game.sides.all(), key=lambda s: s.slot)
        link = base_url.rstrip("/") + reverse("table:sheet", args=[game.table_token])
        state = (core_formats.of(tournament).result_label(game, sides) if game.is_done
                 else game.get_status_display())
        found.append(PlayoffTable(
            game=game, name=str(game.round), starts=day_and_clock(tournament, game.starts_at),
            no_show_minutes=grace_minutes(tournament, game.round), sides=[str(s) for s in sides], state=state,
            link=link, qr=qr_svg(link), manage=reverse("table:manage_sheet", args=[game.pk]),
        ))
    return found


def first_values(tournament: Tournament, now: dt.datetime | None = None) -> dict:
    """The play-off form's values before anything is typed: the next round five minutes (local)."""
    now = (now or timezone.now()).astimezone(tournament.tz).replace(second=0, microsecond=0)
    start = now + (ROUND_UP - dt.timedelta(minutes=now.minute % 5)) if now.minute % 5 else now + ROUND_UP
    return {"starts_at": start, "table": 1,
            "no_show_minutes": int(tournament.no_show_grace.total_seconds() // 60)}
