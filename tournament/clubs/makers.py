"""The club's PDFs by name and plain arguments, so that the PDF worker can make them
(tournament.clubs.tasks, handed over as tournament.printing.handover does for an event's) and the web
process only hands the request over. Each document is made in the language of the request that
asked for it (it is in the document's cache key): the worker has no request of its own."""

from __future__ import annotations

from collections.abc import Callable

from django.shortcuts import get_object_or_404
from django.utils import translation

from tournament.clubs import documents, honours, memory, seasons
from tournament.models import Club, Season


def standings_context(club: Club, season_id: int) -> dict:
    """A season's standings as its page, PDF and CSV show them."""
    season = get_object_or_404(Season, club=club, pk=season_id)
    mem = memory.load(club)
    events = seasons.in_season(season, mem.events)
    rows = seasons.standings(club, events, mem.mapping)
    for row in rows:
        row.name, row.listed = mem.name(row.member), mem.listed(row.member)
    return {"season": season, "events": events, "rows": rows, "points_table": club.place_points,
            "taking_part": club.taking_part_points}


def _season(club: Club, season_id: int) -> bytes:
    return documents.season_pdf(club, standings_context(club, season_id))


def _honours(club: Club) -> bytes:
    return documents.honours_pdf(club, honours.roll(memory.load(club)))


MAKERS: dict[str, Callable[..., bytes]] = {"season-pdf": _season, "honours-pdf": _honours}


def check(kind: str, args: list) -> None:
    """Http404 for a document that cannot be made (another club's season), before it is handed over:
    a worker failing on it would keep the request waiting for nothing."""
    _language, club_id, *rest = args
    if kind == "season-pdf":
        get_object_or_404(Season, club_id=club_id, pk=rest[0])


def make(kind: str, args: list) -> bytes:
    """`args`: the language, the club's id, then the document's own (a season's id)."""
    language, club_id, *rest = args
    with translation.override(language):
        return MAKERS[kind](Club.objects.get(pk=club_id), *rest)
