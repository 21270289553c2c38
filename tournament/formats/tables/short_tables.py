"""A table with fewer seats playing on than the variant needs (RULES-DECISIONS S3: cutthroat 3,
Rummikub 2, …) never plays on silently: it takes no start and no hand until the organizer chooses
— wait (the table waits for a late arrival), move the players to another table of the round that has
not started and has room, or forfeit the table (it is not played: nobody is placed there and it
counts as no table played). Each choice is logged ("short_table")."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournament.common.names import and_list
from tournament.core import seat_state, transitions
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event
from tournament.formats.tables import formats
from tournament.models import Game, GameSide

WAIT, MOVE, FORFEIT = "wait", "move", "forfeit"
CHOICES = (WAIT, MOVE, FORFEIT)
Status = Game.Status


def too_few_message(game: Game, playing) -> str:
    tournament = game.division.tournament
    return _("Table %(table)s has too few players to play (%(present)s of the %(minimum)s needed): the organizer "
             "chooses to wait, to move them to another table, or to forfeit the table.") % {
        "table": game.table_number, "present": len(playing), "minimum": seat_state.minimum(tournament)}


def is_short(game: Game, sides=None) -> bool:
    """A table not started whose seats playing on are below the minimum."""
    sides = list(game.sides.all()) if sides is None else sides
    return game.status == Status.READY and seat_state.below_minimum(game.division.tournament, sides)


def room_at(game: Game, moving: int) -> list[Game]:
    """The round's other tables not started where `moving` more seats still fit."""
    most = formats.side_bounds(game.division.tournament)[1]
    tables = Game.objects.filter(round=game.round, status=Status.READY).exclude(pk=game.pk).order_by("table_number")
    return [t for t in tables.prefetch_related("sides") if len(seat_state.present(t.sides.all())) + moving <= most]


def choose(game: Game, choice: str, *, by=None, to_game: int | None = None) -> str:
    """Record the organizer's choice for a short table; returns what happened, in words."""
    if choice not in CHOICES:
        raise ValidationError(_("Choose to wait, to move the players or to forfeit the table."))
    with transaction.atomic():
        locked = lock_game(game.pk)
        sides = list(GameSide.objects.filter(game=locked).select_related("player", "team").order_by("slot"))
        if not is_short(locked, sides):
            raise ValidationError(_("Table %(table)s has enough players (or has started): nothing to decide.")
                                  % {"table": locked.table_number})
        playing = seat_state.present(sides)
        data = {"choice": choice, "present": [Entrant.of(s) for s in playing],
                "minimum": seat_state.minimum(locked.division.tournament)}
        names = and_list([str(s) for s in playing])
        if choice == WAIT:
            log_event(locked, "short_table", by=by, **data)
            count_change(locked)
            return _("Table %(table)s waits for its players.") % {"table": locked.table_number}
        if choice == FORFEIT:
            transitions.move(locked, "double_forfeit", by=by, reason=Game.Reason.NO_SHOW, log="short_table",
                             log_data=data)
            return _("Table %(table)s is forfeited: it is not played and counts for nobody.") % {"table": locked.table_number}
        target = next((t for t in room_at(locked, len(playing)) if t.pk == to_game), None)
        if target is None:
            raise ValidationError(_("Choose a table of this round that has not started and has room for %(names)s.")
                                  % {"names": names})
        _move_seats(playing, target)
        log_event(target, "short_table", by=by, **data, to_game=target.pk)
        transitions.move(locked, "double_forfeit", by=by, reason=Game.Reason.NO_SHOW, log="short_table",
                         log_data={**data, "to_game": target.pk})
        return _("%(names)s moved to table %(target)s; table %(table)s is not played.") % {
            "names": names, "target": target.table_number, "table": locked.table_number}


def _move_seats(playing: list[GameSide], target: Game) -> None:
    lock_game(target.pk)
    slot = GameSide.objects.filter(game=target).aggregate(top=Max("slot"))["top"] or 0
    for side in playing:
        slot += 1
        GameSide.objects.filter(pk=side.pk).update(game=target, slot=slot)
