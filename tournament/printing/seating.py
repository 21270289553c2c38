"""The printed seating chart of a table event's round: by table (seats clockwise, byes at the end)
for the wall, and by name A-Z (table and seat) for the door. Served through the PDF cache
(tournament.printing.cache), keyed by the change counter like every printed document."""

from __future__ import annotations

import datetime as dt

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from weasyprint import HTML

from tournament.core import formats
from tournament.core.language import in_tournament_language
from tournament.models import Tournament
from tournament.printing import data
from tournament.printing.paper import Paper

ORDERS = data.SEATING_ORDERS


def seating_pdf(tournament: Tournament, number: int, order: str, paper: Paper, now: dt.datetime | None = None) -> bytes:
    """Round `number`'s seating chart, `order` "table" or "name" (ValueError otherwise; LookupError
    when the round is not published)."""
    if order not in ORDERS:
        raise ValueError(f"A seating chart is printed “table” (by table) or “name” (A-Z), not “{order}”.")
    with in_tournament_language(tournament):
        shown = formats.of(tournament).round_seating(tournament, number)
        names = {"tournament": tournament.name, "round": shown.name}  # "Round 2", or the play-off's own name
        title = _("%(tournament)s · %(round)s · seating by table") if order == "table" else _(
            "%(tournament)s · %(round)s · seating by name")
        html = render_to_string(f"print/seating_by_{order}.html", {
            "title": title % names, "page_size": paper.css_size(),
            "tournament": tournament, "seating": shown, "base_size": round(11 * paper.width / 612, 1),
            "printed": data.printed_at(tournament, now or timezone.now()),
        })
        return HTML(string=html, base_url=".").write_pdf()
