"""Winners stay, losers move (TableEvent.movement "winners_stay"): who won each table of the last
regular round, read from the same rows and placing rule the standings use, for the seating draw
(tournament.formats.tables.drawing) and for the pages that show who stayed.

A table's winner is the side the game names (Game.winner: a partnership that won on the sheet, or
the organizer's decision on a level game), else the sole side placed 1st by its total among the
sides that did not forfeit (tournament.formats.tables.standings.placings). A forfeited side never wins.
A table level at the top with no decision has no winner: nobody stays there and everyone moves —
the organizer who wants one of them to stay decides the game first. Play-off rounds are not rounds
of the movement: the winners come from the last regular round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.utils.translation import ngettext

from tournament.common.names import and_list
from tournament.formats.tables import formats, rounds, seating
from tournament.formats.tables.results import FINISHED
from tournament.formats.tables.table_deadlines import top_sides
from tournament.models import (
    Division,
    Game,
    GameSide,
    Player,
    SeatingDraw,
    TableEvent,
    Tournament,
)


@dataclass(frozen=True)
class TableWinner:
    number: int  # the table, as numbered in the round the winner comes from
    side: tuple[int, ...] | None  # the winner's player ids, None: nobody stays
    name: str  # the winner's name, or who ended level at the top
    level: bool = False
    moves: str = ""  # the winner cannot keep the table: WITHDRAWN, or FEWER_TABLES next round


WITHDRAWN, FEWER_TABLES = "withdrawn", "fewer_tables"


def winners_stay(tournament: Tournament) -> bool:
    return rounds.event_settings(tournament).movement == TableEvent.Movement.WINNERS_STAY


def last_regular_round(tournament: Tournament, before: int | None = None) -> SeatingDraw | None:
    """The last published seating that is not a play-off (before round `before`, if given)."""
    found = SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False, playoff=False)
    if before is not None:
        found = found.filter(round_number__lt=before)
    return found.order_by("-round_number").first()


def table_winners(tournament: Tournament, record: SeatingDraw) -> list[TableWinner]:
    """Each table's winner in the round `record` published; ValidationError while a table plays on."""
    games = list(
        Game.objects.filter(
            division__tournament=tournament, division__kind=Division.Kind.TABLES, round__number=record.round_number
        )
        .prefetch_related(Prefetch("sides", queryset=GameSide.objects.select_related("team", "player").order_by("slot")))
        .order_by("number")
    )
    playing = [g.number for g in games if g.status not in FINISHED]
    if playing:
        listed = and_list([str(n) for n in playing])
        raise ValidationError(ngettext(
            "Round %(number)s can't be drawn with winners staying until every table of round %(last)s has finished: "
            "table %(tables)s is still playing.",
            "Round %(number)s can't be drawn with winners staying until every table of round %(last)s has finished: "
            "tables %(tables)s are still playing.",
            len(playing),
        ) % {"number": rounds.next_round_number(tournament), "last": record.round_number, "tables": listed})
    players_of = _players_by_side(tournament)
    found = []
    for game in games:
        top = top_sides(game, list(game.sides.all()))
        if len(top) == 1:
            found.append(TableWinner(game.number, players_of[_key(top[0])], str(top[0])))
        else:
            found.append(TableWinner(game.number, None, ", ".join(str(s) for s in top), level=bool(top)))
    return found


def previous_winners(tournament: Tournament) -> list[TableWinner]:
    """The winners who stay for the next round to draw: none in round 1."""
    record = last_regular_round(tournament)
    return table_winners(tournament, record) if record else []


def carried_over(tournament: Tournament) -> list[TableWinner]:
    """The previous round's winners as the next draw treats them: a winner who has withdrawn since,
    or whose table number the next round does not have (fewer players, fewer tables), moves like
    everyone else, and the organizer is told so before drawing rather than finding out after."""
    winners = previous_winners(tournament)
    if not winners:
        return winners
    present = {frozenset(entrant) for entrant in rounds.entrants(tournament)}
    low, high = formats.side_bounds(tournament)
    tables = len(seating.table_sizes(len(present), low, high))
    found = []
    for winner in winners:
        if winner.side is not None and frozenset(winner.side) not in present:
            winner = replace(winner, moves=WITHDRAWN)
        elif winner.side is not None and winner.number > tables:
            winner = replace(winner, moves=FEWER_TABLES)
        found.append(winner)
    return found


def stayed_in(tournament: Tournament, record: SeatingDraw) -> dict[int, TableWinner]:
    """For a published regular round of a winners-stay event: table number → the winner of that
    table in the round before, who kept their place at it."""
    if record.playoff or not winners_stay(tournament):
        return {}
    before = last_regular_round(tournament, before=record.round_number)
    if before is None:
        return {}
    try:
        winners = table_winners(tournament, before)
    except ValidationError:  # a table of the earlier round was reopened; nobody is shown as staying
        return {}
    seated = {index: {frozenset(side) for side in sides} for index, sides in enumerate(record.sides, start=1)}
    return {w.number: w for w in winners if w.side is not None and frozenset(w.side) in seated.get(w.number, set())}


def _key(side: GameSide) -> tuple[str, int]:
    return ("team", side.team_id) if side.team_id else ("player", side.player_id)


def _players_by_side(tournament: Tournament) -> dict[tuple[str, int], tuple[int, ...]]:
    """A GameSide's players as the seating draw names a side: the player ids of its team (in the
    order rounds.entrants lists them), or the player alone."""
    found: dict[tuple[str, int], tuple[int, ...]] = {}
    for pk, team_id in Player.objects.filter(tournament=tournament).order_by("created_at", "id").values_list("pk", "team_id"):
        found[("player", pk)] = (pk,)
        if team_id:
            found[("team", team_id)] = found.get(("team", team_id), ()) + (pk,)
    return found
