"""The printed results of a table-round event: the standings with gold, silver and bronze (a
numbered disc and the word, so a black-and-white copy still says which), each entrant's bonus, and
what each play-off decided. The standings are tournament.formats.tables.results.standings, the same rows as
the public page; served through the PDF cache (tournament.printing.cache) like every document."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from weasyprint import HTML

from tournament.common.stored_words import level_for, medal
from tournament.core.language import in_tournament_language
from tournament.formats.tables import formats, results
from tournament.formats.tables.standings import placings
from tournament.models import Game, Tournament
from tournament.printing import data
from tournament.printing.paper import Paper


@dataclass
class PlayoffNote:
    title: str  # "Play-off for the win"
    sides: list[tuple[str, str]]  # (entrant, total as text), seat order
    outcome: str  # "won by …", "ended level: still tied", "under way"


def _outcome(game: Game, sides) -> str:
    if game.status not in results.FINISHED:
        return _("under way") if game.status == Game.Status.IN_PLAY else _("to be played")
    places = placings([s.total for s in sides])
    if places.count(1) > 1:
        return _("ended level: still tied")
    ordered = [str(s) for _place, s in sorted(zip(places, sides), key=lambda pair: pair[0])]
    if len(ordered) > 2:
        return _("won by %(first)s, then %(rest)s") % {"first": ordered[0], "rest": ", ".join(ordered[1:])}
    return _("won by %(first)s") % {"first": ordered[0]}


def playoff_notes(tournament: Tournament) -> list[PlayoffNote]:
    notes = []
    for game in results.table_games(tournament).filter(playoff=True):
        sides = list(game.sides.all())
        notes.append(PlayoffNote(
            title=str(game.round),
            sides=[(str(s), data.points_text(s.total)) for s in sides],
            outcome=_outcome(game, sides),
        ))
    return notes


def table_results_pdf(tournament: Tournament, paper: Paper, now: dt.datetime | None = None) -> bytes:
    """The standings and medals; ValidationError (as the standings) before round 1 is seated."""
    with in_tournament_language(tournament):
        table = results.standings(tournament)
        names = {row.entrant: row.name for row in table.rows}
        ties = [(level_for(tie.rank), [names[e] for e in tie.entrants], tie.playoff) for tie in table.ties]
        return HTML(string=render_to_string("print/table_results.html", {
            "title": _("%(tournament)s results") % {"tournament": tournament.name}, "page_size": paper.css_size(),
            "tournament": tournament, "lines": [(row, medal(row.medal)) for row in table.rows], "mode": table.mode,
            "ties": ties, "playoffs": playoff_notes(tournament),
            "entrant_word": _("Partnership") if formats.in_partnerships(tournament) else _("Player"),
            "has_bonus": any(row.bonus for row in table.rows),
            "still_playing": any(row.still_playing for row in table.rows),
            "base_size": round(10.5 * paper.width / 612, 1),
            "printed": data.printed_at(tournament, now or timezone.now()),
        }), base_url=".").write_pdf()
