"""Starting the tables of a table-round event, from the organizer's round board.

A table of partnerships (club 4-deck, Fiji teams, Baja partners) checks in and starts like a
bracket game (tournament.core.actions: each team checks in, the no-show rule applies). A table
of single players checks in seat by seat (the no-show rule forfeits a seat not checked in by the
grace, the others play on); starting it says everyone still seated is here. It may start before the
posted start too: the time limit then runs from the actual start, as for brackets.

The table's own phone uses the same services, seat by seat: it checks a seat in (a partnership as a
team), and its early start needs every seated entrant's agreement, where the organizer's does not.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common.localtime import clock as local_clock
from tournament.common.names import and_list
from tournament.core import actions, deadlines, seat_state, transitions
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event, sides_of
from tournament.formats.tables import short_tables
from tournament.models import Game, GameSide

Status = Game.Status


def start_table(game: Game, *, by=None, via: str = "organizer", agreed_side_ids=None,
                now: dt.datetime | None = None, without_missing: bool = False) -> Game:
    """Start one table now; a second press finds it started. Refused with a message otherwise.

    agreed_side_ids: the seats that agree to start before the posted time, from the table's phone
    (every seated entrant must); None from the organizer's board, whose start is the organizer's say.
    A seat not checked in is never marked present by a start (issue 34): the start is refused naming
    it, unless the organizer says `without_missing` — those seats are then absent (no-show), logged
    with the start, and may still be seated back (undo_absent). A phone never starts without a seat.
    """
    now = now or timezone.now()
    sides = sides_of(game)
    if any(side.team_id for side in sides):
        agreed = {int(pk) for pk in agreed_side_ids or ()}
        return actions.start_game(game, by=by, via=via, now=now,
                                  agreed_team_ids=[side.team_id for side in sides if side.pk in agreed])
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.status == Status.IN_PLAY:
            return locked
        if locked.status != Status.READY:
            raise ValidationError(_("Table %(table)s cannot start: it is %(status)s.")
                                  % {"table": locked.table_number, "status": locked.get_status_display().lower()})
        seats = list(GameSide.objects.filter(game=locked).select_related("player").order_by("slot"))
        missing = seat_state.missing(seats)
        if missing and not (without_missing and via == "organizer"):
            raise ValidationError(_missing_message(locked, missing, phone=via != "organizer"))
        tournament = locked.division.tournament
        playing = [s for s in seat_state.present(seats) if s not in missing]
        if len(playing) < seat_state.minimum(tournament):
            raise ValidationError(short_tables.too_few_message(locked, playing))
        if agreed_side_ids is not None and locked.starts_at and now < locked.starts_at:
            _everyone_agrees(locked, {int(pk) for pk in agreed_side_ids})
        base = min(now, locked.starts_at) if locked.starts_at else now
        time_limit_at = base + tournament.game_time_limit
        if missing:
            GameSide.objects.filter(pk__in=[s.pk for s in missing]).update(forfeited_at=now)
        transitions.move(
            locked, "start", by=by, at=now, log="started",
            fields={"started_at": now, "early_start_agreed": bool(locked.starts_at and now < locked.starts_at),
                    "time_limit_at": time_limit_at},
            log_data={"via": via, "time_limit_at": time_limit_at.isoformat(),
                      "missing": [Entrant.of(s) for s in missing],
                      **({} if agreed_side_ids is None else {"agreed": _entrants(locked, {int(pk) for pk in agreed_side_ids})})},
        )
        locked.refresh_from_db()
    return locked


def _missing_message(game: Game, missing: list[GameSide], *, phone: bool) -> str:
    names = and_list([str(s) for s in missing])
    if phone:
        return ngettext(
            "Table %(table)s cannot start: %(names)s has not checked in. Check in at the table, or ask the "
            "organizer to start without them.",
            "Table %(table)s cannot start: %(names)s have not checked in. Check in at the table, or ask the "
            "organizer to start without them.", len(missing)) % {"table": game.table_number, "names": names}
    return ngettext(
        "Table %(table)s cannot start yet: %(names)s has not checked in. Check them in, or start without them "
        "(they are then absent).",
        "Table %(table)s cannot start yet: %(names)s have not checked in. Check them in, or start without them "
        "(they are then absent).", len(missing)) % {"table": game.table_number, "names": names}


def _entrants(game: Game, side_ids: set[int]) -> list[Entrant]:
    """The entrants seated on these sides of the game, in seat order (for the log)."""
    return [Entrant.of(side) for side in GameSide.objects.filter(game=game, pk__in=side_ids).order_by("slot")]


def _everyone_agrees(game: Game, agreed: set[int]) -> None:
    """Before the posted start a table of players starts only if everyone still seated agrees."""
    seated = GameSide.objects.filter(game=game, player__isnull=False, forfeited_at__isnull=True).select_related("player")
    missing = [side.player.name for side in seated.order_by("slot") if side.pk not in agreed]
    if missing:
        raise ValidationError(
            ngettext("Starting before the posted time (%(clock)s) needs everyone seated to agree: "
                     "%(names)s has not agreed.",
                     "Starting before the posted time (%(clock)s) needs everyone seated to agree: "
                     "%(names)s have not agreed.", len(missing))
            % {"clock": local_clock(game.division.tournament, game.starts_at), "names": and_list(missing)}
        )


def check_in_side(game: Game, side: GameSide, *, by=None, via: str = "organizer", now: dt.datetime | None = None) -> None:
    """A seat is at the table: a partnership checks in as a team (the bracket rules: no-show,
    no partner), a single player seat by seat. A second check-in changes nothing."""
    if side.team_id:
        actions.check_in(game, side.team, by=by, via=via, now=now)
    else:
        check_in_seat(game, side, by=by, via=via, now=now)


def check_in_seat(game: Game, side: GameSide, *, by=None, via: str = "organizer", now: dt.datetime | None = None) -> None:
    """A single player is at the table. After the no-show deadline the claim runs instead (as for teams)."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.status != Status.READY:
            raise ValidationError(_("Table %(table)s is %(status)s: check-in is over.")
                                  % {"table": locked.table_number, "status": locked.get_status_display().lower()})
        if not (locked.no_show_at and now >= locked.no_show_at):
            if GameSide.objects.filter(pk=side.pk, game=locked, checked_in_at__isnull=True).update(checked_in_at=now):
                log_event(locked, "checked_in", by=by, at=now, via=via, entrant=Entrant.of(side))
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
