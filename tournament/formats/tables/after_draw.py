"""Changes to a table event after the draw: a substitute for one round or the rest of the event, and
a withdrawal with what happens to the withdrawn entrant's seats.

"This round" is the last published regular round while one of its tables has not finished. Its
published seating (SeatingDraw) is what the seating pages, the round board and the table phone read,
so a change rewrites that record and the table's GameSide together: whoever left is never left at
a table. Points follow what an organizer expects: a partnership keeps its points whoever plays for
one of its partners; a player seated alone is credited with what they play (a one-round substitute
scores under their own name; the absent player has that round as a bye).
Every change is written in the log of the table it touches (tournament.core.game_log kinds
withdrawn, seat_taken, reseated, partner_replaced, substitute).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common import names
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game
from tournament.models import (
    CheckIn,
    Game,
    GameEvent,
    GameSide,
    PeopleChange,
    Player,
    SeatingDraw,
    Substitution,
    TableEntry,
    Team,
    Tournament,
)

NOT_STARTED = (Game.Status.WAITING, Game.Status.READY)
SUBSTITUTE, SITTING_OUT, RESEAT = "substitute", "sitting_out", "reseat"


@dataclass
class Seat:
    """Where an entrant sits in this round: its table's game, and the table's number."""

    record: SeatingDraw
    table: int
    game: Game

    @property
    def round(self) -> int:
        """This round as people count rounds: play-offs left out (tournament.formats.tables.rounds.shown_numbers)."""
        return SeatingDraw.objects.filter(tournament_id=self.record.tournament_id, published_at__isnull=False, playoff=False,
                                          round_number__lte=self.record.round_number).count()

    @property
    def not_started(self) -> bool:
        return self.game.status in NOT_STARTED and not self.game.started_at


def open_record(tournament: Tournament) -> SeatingDraw | None:
    """This round's published seating, while one of its tables has not finished."""
    record = (SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False, playoff=False)
              .order_by("-round_number").first())
    if record is None:
        return None
    games = Game.objects.filter(division__tournament=tournament, division__kind="tables", round__number=record.round_number)
    return record if games.exclude(status__in=Game.DONE).exists() else None


def seat_of(tournament: Tournament, player_ids) -> Seat | None:
    """The table of this round where any of these players sits (None: sitting out, or no open round)."""
    record = open_record(tournament)
    if record is None:
        return None
    wanted = set(player_ids)
    for index, seats in enumerate(record.seats, start=1):
        if wanted & set(seats):
            game = Game.objects.select_related("division__tournament", "round").get(
                division__tournament=tournament, division__kind="tables", round__number=record.round_number, number=index)
            return Seat(record, index, game)
    return None


def entrant_ids(player: Player) -> list[int]:
    """The player ids of `player`'s entrant: their partnership, or themselves."""
    if player.team_id:
        return list(Player.objects.filter(team_id=player.team_id).order_by("created_at", "id").values_list("pk", flat=True))
    return [player.pk]


def entrant_of(player: Player) -> Entrant:
    return Entrant(team=player.team_id) if player.team_id else Entrant(player=player.pk)


def sitting_out(tournament: Tournament) -> list[list[Player]]:
    """Those sitting out this round who are still in the event, entrant by entrant."""
    record = open_record(tournament)
    if record is None:
        return []
    players = Player.objects.filter(pk__in=record.sitting_out, table_entry__withdrawn_at__isnull=True).order_by("created_at", "id")
    by_entrant: dict[object, list[Player]] = {}
    for player in players:
        by_entrant.setdefault(("t", player.team_id) if player.team_id else ("p", player.pk), []).append(player)
    return list(by_entrant.values())


@dataclass
class Logged:
    """One change after the draw as logged: at a table (`game`), or before any table existed."""

    kind: str
    data: dict
    at: object
    by: object
    game: Game | None


# The kinds of log entry that are changes after the draw (listed under "Changes after the draw").
CHANGE_KINDS = ("withdrawn", "seat_taken", "reseated", "partner_replaced", "substitute", "change_undone")


def logged(tournament: Tournament, kinds) -> list[Logged]:
    """Every logged change of these kinds, oldest first: the tables' logs and the changes made before
    any table existed (PeopleChange) read alike."""
    found = [Logged(e.kind, e.data, e.at, e.by, e.game) for e in GameEvent.objects.filter(
        game__division__tournament=tournament, kind__in=kinds).select_related("by", "game").order_by("at", "id")]
    found += [Logged(c.kind, c.data, c.at, c.by, None) for c in PeopleChange.objects.filter(
        tournament=tournament, kind__in=kinds).select_related("by").order_by("at", "id")]
    return sorted(found, key=lambda entry: entry.at)


def round_partners(tournament: Tournament, number: int) -> dict[int, int]:
    """A partnership left with one player: the one-round partner it was given for round `number`
    (team id -> the substitute's player id)."""
    return {team: data["substitute"] for team, data in round_partner_entries(tournament, number).items()}


def round_partner_entries(tournament: Tournament, number: int) -> dict[int, dict]:
    """The logged one-round partners of round `number` (team id -> the entry's data: who they replace)."""
    return {entry.data["entrant"]["team"]: entry.data for entry in logged(tournament, ["partner_replaced"])
            if not entry.data.get("rest_of_event") and entry.data.get("round") == number and entry.data.get("alone")}


def round_substitutes(tournament: Tournament, drawing: int | None = None) -> set[int]:
    """Players who only ever stood in for someone for a round: no entrants of their own (but for the
    one-round partners of round `drawing`, who are seated with the partner they play with)."""
    ids = set(Substitution.objects.filter(game__division__tournament=tournament).values_list("substitute_id", flat=True))
    for entry in logged(tournament, ["partner_replaced"]):
        if not entry.data.get("rest_of_event") and not (entry.data.get("alone") and entry.data.get("round") == drawing):
            ids.add(entry.data["substitute"])
    return ids


def alone(player: Player) -> bool:
    """A partnership's player whose partner has left it (withdrew): waiting for a partner."""
    return bool(player.team_id) and not Player.objects.filter(team_id=player.team_id).exclude(pk=player.pk).exists()


# ---- rewriting a published seat -------------------------------------------------------------------

def rewrite_record(record: SeatingDraw, mapping: dict[int, int]) -> None:
    """Put each new player in the old one's seat (and side); a newcomer leaves the byes."""
    record.sides = [[[mapping.get(p, p) for p in side] for side in sides] for sides in record.sides]
    record.seats = [[mapping.get(p, p) for p in seats] for seats in record.seats]
    record.sitting_out = [p for p in record.sitting_out if p not in mapping.values()]
    record.save(update_fields=["sides", "seats", "sitting_out"])


def hand_over_side(seat: Seat, leaving: Player, *, team: Team | None, player: Player | None) -> Game:
    """The entrant of `leaving` gives its side of this (unstarted) table to `team` or `player`."""
    locked = lock_game(seat.game.pk)
    if locked.status not in NOT_STARTED or locked.started_at:
        raise ValidationError(_("Table %(table)s has started: its seats can no longer change hands.") % {"table": seat.table})
    side = GameSide.objects.get(game=locked, **({"team_id": leaving.team_id} if leaving.team_id else {"player_id": leaving.pk}))
    if side.team_id:
        # The partnership leaves the table with its check-in and any substitute it had here.
        CheckIn.objects.filter(game=locked, team_id=side.team_id).delete()
        Substitution.objects.filter(game=locked, team_id=side.team_id).delete()
    GameSide.objects.filter(pk=side.pk).update(team=team, player=player, checked_in_at=None)
    return locked


# ---- choosing the substitute ----------------------------------------------------------------------

def substitute_person(tournament: Tournament, typed: str, chosen: int | None, replaced: Player) -> Player | None:
    """The substitute: a player picked from the list, or an existing player of the typed name, or
    None when the typed name is new (the caller creates them). ValidationError names what is wrong."""
    if chosen:
        person = Player.objects.filter(pk=chosen, tournament=tournament).first()
        if person is None:
            raise ValidationError(_("Pick the substitute from the list, or type a name."))
    elif not names.clean(typed or ""):
        raise ValidationError(_("Give the substitute's name, or pick a player who is not seated."))
    else:
        name = names.entered(typed, _("The substitute's name"), 80)
        person = names.find_person(Player.objects.filter(tournament=tournament), name)  # "jose nunez" is José Núñez
        if person is None:
            return None
    if person.pk == replaced.pk:
        raise ValidationError(_("%(name)s cannot substitute for themselves.") % {"name": person.name})
    seat = seat_of(tournament, [person.pk])
    if seat is not None:
        raise ValidationError(_("%(name)s is seated at table %(table)s this round.") % {"name": person.name, "table": seat.table})
    entry = getattr(person, "table_entry", None)
    # A player left alone by their partner may play with another: two left alone are paired with each other.
    if person.team_id and entry and entry.withdrawn_at is None and not alone(person):
        raise ValidationError(_("%(name)s already plays for %(team)s.") % {"name": person.name, "team": person.team.name})
    return person


def new_player(tournament: Tournament, typed: str, *, entrant: bool) -> Player:
    """A substitute nobody knew yet; an entrant from now on gets a (late) sign-up entry."""
    now = timezone.now()
    person = Player.objects.create(tournament=tournament, name=names.entered(typed, _("The substitute's name"), 80), created_at=now)
    if entrant:
        TableEntry.objects.create(player=person, added_late=True)
    return person


def make_entrant(person: Player) -> None:
    """A substitute for the rest of the event is in the event: an active sign-up entry."""
    entry, made = TableEntry.objects.get_or_create(player=person, defaults={"added_late": True})
    if not made and entry.withdrawn_at:
        TableEntry.objects.filter(pk=entry.pk).update(withdrawn_at=None)


def bump(tournament: Tournament, game: Game | None = None) -> None:
    if game is not None:
        count_change(game)
    else:
        Tournament.objects.filter(pk=tournament.pk).bump()


def atomic():
    return transaction.atomic()
