"""What a table's own pages (its phone, its printed card, the round board) tell the players sitting
there: where each one sits, and the first-table bonus at stake or won.

Seats come from the round's published seating, clockwise from seat 1. Two partnerships at a table
of four sit by the compass, as card players call their places (North and South against East and
West, partners opposite); any other table numbers its seats 1 … n."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.formats.tables import bonus
from tournament.models import Game, Player, Round, SeatingDraw, TableBonus, Tournament


@dataclass
class Position:
    label: str  # "North" / "Seat 2"
    short: str  # "N" / "2"
    name: str


def compass() -> list[tuple[str, str]]:
    return [(pgettext("compass seat", "North"), pgettext("compass seat, one letter", "N")),
            (pgettext("compass seat", "East"), pgettext("compass seat, one letter", "E")),
            (pgettext("compass seat", "South"), pgettext("compass seat, one letter", "S")),
            (pgettext("compass seat", "West"), pgettext("compass seat, one letter", "W"))]


def labels(count: int, partnerships: bool) -> list[tuple[str, str]]:
    if partnerships and count == 4:
        return compass()
    return [(_("Seat %(number)s") % {"number": n}, str(n)) for n in range(1, count + 1)]


def positions(game: Game) -> list[Position]:
    """Everyone at this table, clockwise, with their place; [] when the seating is not known."""
    record = SeatingDraw.objects.filter(tournament_id=game.division.tournament_id, round_number=game.round.number,
                                        published_at__isnull=False).first()
    if record is None or not 0 < game.number <= len(record.seats):
        return []
    seats = record.seats[game.number - 1]
    sides = record.sides[game.number - 1] if game.number <= len(record.sides) else []
    partnerships = bool(sides) and all(len(side) == 2 for side in sides)
    names = dict(Player.objects.filter(pk__in=seats).values_list("pk", "name"))
    return [Position(label, short, names.get(pid, "?")) for (label, short), pid in zip(labels(len(seats), partnerships), seats)]


@dataclass
class BonusNote:
    points: int
    here: bool  # this table has it
    elsewhere: int | None  # the table number that has it


def bonus_note(game: Game) -> BonusNote | None:
    """The first-table bonus as this table reads it; None when the event (or a play-off) has none."""
    points = bonus.bonus_points(game.division.tournament)
    if not points or game.division.kind != "tables" or bonus.is_playoff(game.round):
        return None
    award = TableBonus.objects.filter(round_id=game.round_id).select_related("game").first()
    if award is None or award.game is None:
        return BonusNote(points, False, None)
    return BonusNote(award.points, award.game_id == game.pk,
                     None if award.game_id == game.pk else award.game.table_number)


def round_bonus(tournament: Tournament, rnd: Round) -> Callable[[int], BonusNote | None]:
    """bonus_note for every game of one round, by the game's id, from two queries at most (the round
    board reads it for each of its tables)."""
    points = bonus.bonus_points(tournament)
    if not points or rnd.division.kind != "tables" or bonus.is_playoff(rnd):
        return lambda game_id: None
    award = TableBonus.objects.filter(round_id=rnd.pk).select_related("game").first()
    if award is None or award.game is None:
        return lambda game_id: BonusNote(points, False, None)
    return lambda game_id: BonusNote(award.points, award.game_id == game_id,
                                     None if award.game_id == game_id else award.game.table_number)


def no_show_rule(sides) -> str:
    """What the table card says of a seat not here by the no-show deadline: the absent player or
    partnership forfeits its place and, with three or more sides, the others play on
    (tournament.formats.tables.table_deadlines)."""
    play_on = len(sides) > 2
    if any(s.team_id for s in sides):
        if play_on:
            return _("a partnership not here by then forfeits this table; the others play on")
        return _("a partnership not here by then forfeits this table")
    if play_on:
        return _("a player not here by then forfeits this table; the others play on")
    return _("a player not here by then forfeits this table")
