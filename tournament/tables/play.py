"""Starting the tables of a table-round event, from the organizer's round board.

A table of partnerships (club 4-deck, Fiji teams, Baja partners) checks in and starts like a
bracket game (tournament.gameday.actions: each team checks in, the no-show rule applies). A table
of single players checks in seat by seat (the no-show rule forfeits a seat not checked in by the
grace, the others play on); starting it says everyone still seated is here. It may start before the
posted start too: the time limit then runs from the actual start, as for brackets.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.gameday import actions, deadlines
from tournament.gameday.game_rows import count_change, lock_game, log_event, sides_of
from tournament.localtime import clock as local_clock
from tournament.models import Game, GameSide

Status = Game.Status


def start_table(game: Game, *, by=None, now: dt.datetime | None = None) -> Game:
    """Start one table now; a second press finds it started. Refused with a message otherwise."""
    now = now or timezone.now()
    if any(side.team_id for side in sides_of(game)):
        return actions.start_game(game, by=by, via="organizer", now=now)
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.status == Status.IN_PLAY:
            return locked
        if locked.status != Status.READY:
            raise ValidationError(_("Table %(table)s cannot start: it is %(status)s.")
                                  % {"table": locked.table_number, "status": locked.get_status_display().lower()})
        base = min(now, locked.starts_at) if locked.starts_at else now
        time_limit_at = base + locked.division.tournament.game_time_limit
        claimed = Game.objects.filter(pk=locked.pk, status=Status.READY).update(
            status=Status.IN_PLAY, started_at=now, early_start_agreed=bool(locked.starts_at and now < locked.starts_at),
            time_limit_at=time_limit_at, version=F("version") + 1,
        )
        if not claimed:
            raise ValidationError(_("Table %(table)s changed while starting it; reload and try again.") % {"table": locked.table_number})
        GameSide.objects.filter(game=locked, checked_in_at__isnull=True, forfeited_at__isnull=True).update(checked_in_at=now)
        log_event(locked, "started", by=by, at=now, via="organizer", time_limit_at=time_limit_at.isoformat())
        count_change(locked)
        locked.refresh_from_db()
        deadlines.schedule_deadlines(locked, now=now)
    return locked


def check_in_seat(game: Game, side: GameSide, *, by=None, now: dt.datetime | None = None) -> None:
    """A single player is at the table. After the no-show deadline the claim runs instead (as for teams)."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.status != Status.READY:
            raise ValidationError(_("Table %(table)s is %(status)s: check-in is over.")
                                  % {"table": locked.table_number, "status": locked.get_status_display().lower()})
        if not (locked.no_show_at and now >= locked.no_show_at):
            if GameSide.objects.filter(pk=side.pk, game=locked, checked_in_at__isnull=True).update(checked_in_at=now):
                log_event(locked, "checked_in", by=by, at=now, via="organizer", side=side.slot)
                count_change(locked)
            return
    deadlines.apply_no_show(locked.pk, now=now)
    raise ValidationError(
        _("Check-in refused: the no-show deadline was %(time)s.")
        % {"time": local_clock(locked.division.tournament, locked.no_show_at)}
    )


def start_message(game: Game) -> str:
    tournament = game.division.tournament
    return _("Table %(table)s started; time is up at %(time)s.") % {
        "table": game.table_number, "time": local_clock(tournament, game.time_limit_at)}
