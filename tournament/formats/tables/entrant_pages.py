"""What a table event adds to a team's or player's own page (tournament.live.entrant): where they
sat, round by round, their byes, and their line in the standings."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.formats.tables import results, table_deadlines, table_facts
from tournament.models import SeatingDraw, Tournament


def add_seats_and_standing(tournament: Tournament, page, entrant: int, player_names: dict[int, str]) -> None:
    _seats(tournament, page, player_names)
    page.standing = _standing(tournament, entrant)


def _seats(tournament: Tournament, page, player_names: dict[int, str]) -> None:
    """Where each of `player_names` sat, round by round, from the published seatings."""
    by_round = {line.game.round.number: line for line in page.lines if line.game.division.kind == "tables"}
    counted = 0  # rounds as people count them: a play-off is none of them
    for record in SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False).order_by("round_number"):
        counted += 0 if record.playoff else 1
        if any(pid in record.sitting_out for pid in player_names):
            page.byes.append(counted)
        line = by_round.get(record.round_number)
        if line is None:
            continue
        if line.game.is_done:  # the table's winner by name ("Ann won"), not a bare "Finished"
            line.result = table_deadlines.result_label(line.game, sorted(line.game.sides.all(), key=lambda s: s.slot))
        seats = record.seats[line.game.number - 1] if line.game.number - 1 < len(record.seats) else []
        sides = record.sides[line.game.number - 1] if line.game.number - 1 < len(record.sides) else []
        if len(seats) == 4 and sides and all(len(side) == 2 for side in sides):  # partners opposite: the compass
            line.seats = [_("%(player)s, %(place)s") % {"player": player_names[pid], "place": place}
                          for (place, _short), pid in zip(table_facts.compass(), seats) if pid in player_names]
        else:
            line.seats = [_("%(player)s, seat %(seat)s") % {"player": player_names[pid], "seat": at}
                          for at, pid in enumerate(seats, start=1) if pid in player_names]


def _standing(tournament: Tournament, entrant: int):
    try:
        rows = results.standings(tournament).rows
    except ValidationError:
        return None
    return next((row for row in rows if row.entrant == entrant), None)
