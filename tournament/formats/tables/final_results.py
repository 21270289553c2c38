"""A table event's end, as its entrants' e-mail tells it: over once it is finished (declared by the
organizer, or by a last play-off that settled every medal: tournament.formats.tables.event_state),
in a few lines — the medallists with their scores."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.common.numbers import points_text
from tournament.formats.tables import event_state, results
from tournament.models import Tournament

MEDALS = {"gold": "🥇", "silver": "🥈", "bronze": "🥉"}


def is_over(tournament: Tournament) -> bool:
    return event_state.is_finished(tournament)


def lines(tournament: Tournament) -> list[str]:
    standings = results.standings(tournament)
    told = []
    for row in standings.rows:
        if not row.medal:
            continue
        named = {"sign": MEDALS[row.medal], "rank": row.rank, "name": row.name, "score": points_text(row.score)}
        if standings.mode == "placings":
            told.append(_("%(sign)s %(rank)s. %(name)s — %(points)s points (%(score)s)") % {**named, "points": row.points})
        else:
            told.append(_("%(sign)s %(rank)s. %(name)s — %(score)s") % named)
    return told
