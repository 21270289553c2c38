"""The club's documents: a season's standings as a PDF (WeasyPrint, like tournament.printing) and as
CSV (django-tables2 + tablib, as the organizer's exports), and the roll of honour as a wall PDF."""

from __future__ import annotations

import django_tables2 as tables
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext_lazy
from django_tables2.export import TableExport


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="#")
    name = tables.Column(verbose_name=gettext_lazy("Player"))
    points = tables.Column(verbose_name=gettext_lazy("Points"))
    events = tables.Column(verbose_name=gettext_lazy("Events"))
    best_place = tables.Column(verbose_name=gettext_lazy("Best place"))
    games = tables.Column(verbose_name=gettext_lazy("Games"))
    games_won = tables.Column(verbose_name=gettext_lazy("Games won"))
    hands_won = tables.Column(verbose_name=gettext_lazy("Hands won"))


def season_csv(rows) -> str:
    data = [{"rank": r.rank, "name": r.name, "points": r.points, "events": r.events, "best_place": r.best_place or "",
             "games": r.games, "games_won": r.games_won, "hands_won": r.hands_won} for r in rows]
    # A byte-order mark first: a spreadsheet opening the file reads it as UTF-8 ("Ríos", not "RÃ­os").
    return "\ufeff" + TableExport("csv", StandingsTable(data)).export()


def _pdf(template: str, context: dict) -> bytes:
    # Imported here: a web process loads WeasyPrint (tens of MB it keeps) only when it makes a PDF.
    from weasyprint import HTML

    printed = context["club"].day_of(timezone.now())  # the club's day (a date: the filter would turn a moment to UTC)
    html = render_to_string(template, {**context, "printed_at": printed})
    return HTML(string=html).write_pdf()


def season_pdf(club, context: dict) -> bytes:
    return _pdf("clubs/season_pdf.html", {"club": club, **context})


def honours_pdf(club, years) -> bytes:
    return _pdf("clubs/honours_pdf.html", {"club": club, "years": years})
