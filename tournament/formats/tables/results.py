"""The database side of a table event's standings: the published rounds' games, their sides and the
first-table bonuses read in one query plus one prefetch, handed to the pure
tournament.formats.tables.standings as plain data. Pages and PDFs call `standings(tournament)`.

An entrant is a partnership (its Team id) or a player (its Player id), as the variant seats them. A
table's game counts as finished once no more hands can be entered (done, or ended level and waiting
for the organizer). A side that forfeited at the no-show deadline is placed last at its table.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.common.names import sort_key
from tournament.common.numbers import points_text
from tournament.core import seat_state
from tournament.formats.tables import formats, rounds
from tournament.formats.tables import standings as pure
from tournament.models import Division, Game, GameSide, SeatingDraw, Tournament

FINISHED = (*Game.DONE, Game.Status.AWAITING_DECISION)


def table_games(tournament: Tournament):
    """The event's games with their round, bonus, sides and whether the round is a play-off."""
    playoff = SeatingDraw.objects.filter(
        tournament=OuterRef("division__tournament"), round_number=OuterRef("round__number"), playoff=True,
        published_at__isnull=False,
    )
    return (
        Game.objects.filter(division__tournament=tournament, division__kind=Division.Kind.TABLES)
        .select_related("round", "round__table_bonus")
        .annotate(playoff=Exists(playoff))
        .prefetch_related(Prefetch("sides", queryset=GameSide.objects.select_related(
            "team", "player", "player__table_entry").order_by("slot")))
        .order_by("round__number", "number")
    )


def _bonus_of(game: Game) -> int:
    # A missing reverse one-to-one raises an AttributeError subclass, so getattr's default applies.
    award = getattr(game.round, "table_bonus", None)
    return award.points if award and award.game_id == game.pk else 0


def _placings(sides: list[GameSide]) -> list[int]:
    present = [s for s in sides if not s.forfeited_at]
    placed = dict(zip((s.pk for s in present), pure.placings([s.total for s in present])))
    return [placed.get(s.pk, len(present) + 1) for s in sides]


def _withdrew(side: GameSide, partnerships: bool) -> bool:
    """Whether the side's entrant has left the event (a partnership as a pair, a player alone)."""
    if partnerships:
        return side.team is not None and side.team.withdrawn_at is not None
    entry = getattr(side.player, "table_entry", None) if side.player else None
    return entry is not None and entry.withdrawn_at is not None


def gather(tournament: Tournament) -> tuple[list[pure.Round], dict[int, str]]:
    """The rounds as plain data, and each entrant's name by id."""
    return _gathered(tournament)[:2]


def _gathered(tournament: Tournament) -> tuple[list[pure.Round], dict[int, str], set[int]]:
    """The rounds as plain data, each entrant's name by id, and who has withdrawn."""
    partnerships = formats.in_partnerships(tournament)
    by_round: dict[int, pure.Round] = {}
    names: dict[int, str] = {}
    withdrawn: set[int] = set()
    for game in table_games(tournament):
        sides = list(game.sides.all())
        finished = game.status in FINISHED
        bonus = _bonus_of(game)
        table = []
        for side, placing in zip(sides, _placings(sides)):
            entrant = side.team_id if partnerships else side.player_id
            if entrant is None:
                continue
            names[entrant] = str(side.team if partnerships else side.player)
            if _withdrew(side, partnerships):
                withdrawn.add(entrant)
            table.append(pure.SideResult(entrant, side.total, finished, bonus, placing, seat_state.missed_the_table(side)))
        rnd = by_round.setdefault(game.round.number, pure.Round([], playoff=game.playoff))
        rnd.tables.append(pure.Table(table, played=game.status != Game.Status.DOUBLE_FORFEIT))
    return [by_round[n] for n in sorted(by_round)], names, withdrawn


def standings(tournament: Tournament) -> pure.Standings:
    """Ranked rows (with names, medals, ties) of the event; refused (ValidationError) before round 1."""
    rounds.standings_rounds(tournament)
    played, names, withdrawn = _gathered(tournament)
    mode = rounds.event_settings(tournament).standings
    result = pure.compute(played, mode, finished=tournament.status == Tournament.Status.FINISHED)
    # The verb agrees with a pair ("se retiraron").
    word = (pgettext("a partnership in the standings", "withdrew") if formats.in_partnerships(tournament)
            else pgettext("a player in the standings", "withdrew"))
    for row in result.rows:
        row.name = names.get(row.entrant, "?")
        row.withdrawn = word if row.entrant in withdrawn else ""  # still ranked on what they played, and marked
    # Level rows read in the page language's alphabetical order (stable: ranks stay as computed).
    result.rows.sort(key=lambda row: (row.rank, sort_key(row.name)))
    return result


def record_places(tournament: Tournament, record, teams: dict[int, tuple[int, ...]]) -> None:
    """A club record's entrants and places (tournament.clubs.records): the standings' ranks once decided."""
    try:
        result = standings(tournament)
    except ValidationError:
        return
    record.decided = result.decided
    partnerships = formats.in_partnerships(tournament)
    for row in result.rows:
        record.entrants.append(teams.get(row.entrant, ()) if partnerships else (row.entrant,))
        record.entrant_names.append(row.name)
        record.places.append(row.rank if result.decided else 0)


@dataclass
class PlayoffNote:
    title: str  # "Play-off for the win"
    sides: list[tuple[str, str]]  # (entrant, total as text), seat order
    outcome: str  # "won by …", "ended level: still tied", "under way"


def _playoff_outcome(game: Game, sides) -> str:
    if game.status not in FINISHED:
        return _("under way") if game.status == Game.Status.IN_PLAY else _("to be played")
    places = pure.placings([s.total for s in sides])
    if places.count(1) > 1:
        return _("ended level: still tied")
    ordered = [str(s) for _place, s in sorted(zip(places, sides), key=lambda pair: pair[0])]
    if len(ordered) > 2:
        return _("won by %(first)s, then %(rest)s") % {"first": ordered[0], "rest": ", ".join(ordered[1:])}
    return _("won by %(first)s") % {"first": ordered[0]}


def playoff_notes(tournament: Tournament) -> list[PlayoffNote]:
    """What each play-off decided, for the printed results."""
    notes = []
    for game in table_games(tournament).filter(playoff=True):
        sides = list(game.sides.all())
        notes.append(PlayoffNote(
            title=str(game.round),
            sides=[(str(s), points_text(s.total)) for s in sides],
            outcome=_playoff_outcome(game, sides),
        ))
    return notes
