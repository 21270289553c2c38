"""The printed results of a table-round event: the standings with gold, silver and bronze (a
numbered disc and the word, so a black-and-white copy still says which), each entrant's bonus, and
what each play-off decided. The standings are the format's (EventFormat.standings), the same rows as
the public page; served through the PDF cache (tournament.printing.cache) like every document."""

from __future__ import annotations

import datetime as dt

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from weasyprint import HTML

from tournament.common.stored_words import level_for, medal
from tournament.core import formats, house_rules
from tournament.core.language import in_tournament_language
from tournament.models import Tournament
from tournament.printing import data
from tournament.printing.paper import Paper


def table_results_pdf(tournament: Tournament, paper: Paper, now: dt.datetime | None = None) -> bytes:
    """The standings and medals; ValidationError (as the standings) before round 1 is seated."""
    with in_tournament_language(tournament):
        event_format = formats.of(tournament)
        table = event_format.standings(tournament)
        names = {row.entrant: row.name for row in table.rows}
        ties = [(level_for(tie.rank), [names[e] for e in tie.entrants], tie.playoff) for tie in table.ties]
        return HTML(string=render_to_string("print/table_results.html", {
            "title": _("%(tournament)s results") % {"tournament": tournament.name}, "page_size": paper.css_size(),
            "tournament": tournament, "lines": [(row, medal(row.medal)) for row in table.rows], "mode": table.mode,
            "ties": ties, "playoffs": event_format.playoff_notes(tournament),
            "entrant_word": _("Partnership") if house_rules.in_partnerships(tournament) else _("Player"),
            "has_bonus": any(row.bonus for row in table.rows),
            "still_playing": any(row.still_playing for row in table.rows),
            "base_size": round(10.5 * paper.width / 612, 1),
            "printed": data.printed_at(tournament, now or timezone.now()),
        }), base_url=".").write_pdf()
