"""The organizer's hand on a running game's clock: pause it (a fire alarm, a dispute), resume it,
or give the game more time, with a reason that goes in the game's log.

The time limit is the row's `time_limit_at`. A pause stamps `paused_at` and the limit cannot fall
due while it is set (Game.objects.time_limit_due and deadlines.apply_time_limit skip a paused game);
resuming moves `time_limit_at` on by the length of the pause, and every change of the limit is
handed to `deadlines.schedule_deadlines`, so the exact-moment task follows the new limit. The
status does not change (still in play), so no move of the funnel is made.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common.localtime import clock as local_clock
from tournament.core import deadlines
from tournament.core.game_rows import count_change, lock_game, log_event
from tournament.models import Game

Status = Game.Status
MAX_EXTENSION_MINUTES = 120
MAX_REASON = 200


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason (e.g. “fire alarm”); it goes in the game's log."))
    if len(reason) > MAX_REASON:
        raise ValidationError(_("Keep the reason to %(max)s characters (it has %(count)s).")
                              % {"max": MAX_REASON, "count": len(reason)})
    return reason


def _running(game: Game) -> None:
    """Refused unless the game is in play with a time limit (the only clock there is to stop)."""
    if game.status != Status.IN_PLAY:
        raise ValidationError(_("%(game)s is not in play (it is %(status)s), so its clock is not running.")
                              % {"game": game.label, "status": game.get_status_display().lower()})
    if game.time_limit_at is None:
        raise ValidationError(_("%(game)s has no time limit running (one more hand is being played).")
                              % {"game": game.label})


def left(game: Game, now: dt.datetime) -> dt.timedelta | None:
    """The time left on the game's clock at `now` (stopped at the pause while paused)."""
    if game.time_limit_at is None:
        return None
    return max(game.time_limit_at - (game.paused_at or now), dt.timedelta(0))


def _save(game: Game, kind: str, *, by, reason: str, now: dt.datetime, fields: dict, **data) -> Game:
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, **fields)
    game.refresh_from_db()
    log_event(game, kind, by=by, note=reason, at=now,
              time_limit_at=game.time_limit_at.isoformat() if game.time_limit_at else None, **data)
    count_change(game)
    deadlines.schedule_deadlines(game, now=now)
    return game


def pause(game: Game, *, by, reason: str, now: dt.datetime | None = None) -> Game:
    now = now or timezone.now()
    reason = _reason(reason)
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.paused_at:
            raise ValidationError(_("The clock of %(game)s is already paused (since %(clock)s). Nothing changed.")
                                  % {"game": locked.label, "clock": local_clock(locked.division.tournament, locked.paused_at)})
        _running(locked)
        if now >= locked.time_limit_at:
            raise ValidationError(_("The time limit of %(game)s has already passed (%(clock)s); the result is being "
                                    "recorded. Give the game more time instead, or reopen it once it is finished.")
                                  % {"game": locked.label, "clock": local_clock(locked.division.tournament, locked.time_limit_at)})
        return _save(locked, "clock_paused", by=by, reason=reason, now=now, fields={"paused_at": now},
                     left_seconds=int((locked.time_limit_at - now).total_seconds()))


def resume(game: Game, *, by, reason: str = "", now: dt.datetime | None = None) -> Game:
    now = now or timezone.now()
    reason = (reason or "").strip()[:MAX_REASON]
    with transaction.atomic():
        locked = lock_game(game.pk)
        if not locked.paused_at:
            raise ValidationError(_("The clock of %(game)s is not paused, so there is nothing to resume. Nothing changed.")
                                  % {"game": locked.label})
        stopped = max(now - locked.paused_at, dt.timedelta(0))
        return _save(locked, "clock_resumed", by=by, reason=reason, now=now,
                     fields={"paused_at": None, "time_limit_at": F("time_limit_at") + stopped},
                     paused_seconds=int(stopped.total_seconds()))


def extend(game: Game, minutes, *, by, reason: str, now: dt.datetime | None = None) -> Game:
    """More time for the game: its limit moves `minutes` later (paused or running)."""
    now = now or timezone.now()
    try:
        minutes = int(str(minutes).strip())
    except (TypeError, ValueError):
        raise ValidationError(_("Give the extra time as a whole number of minutes, from 1 to %(max)s.")
                              % {"max": MAX_EXTENSION_MINUTES}) from None
    if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise ValidationError(_("Give the extra time as a whole number of minutes, from 1 to %(max)s.")
                              % {"max": MAX_EXTENSION_MINUTES})
    reason = _reason(reason)
    with transaction.atomic():
        locked = lock_game(game.pk)
        _running(locked)
        if not locked.paused_at and now >= locked.time_limit_at:
            raise ValidationError(_("The time limit of %(game)s has already passed (%(clock)s); the result is being "
                                    "recorded. Reopen the game once it is finished if it must go on.")
                                  % {"game": locked.label, "clock": local_clock(locked.division.tournament, locked.time_limit_at)})
        return _save(locked, "clock_extended", by=by, reason=reason, now=now,
                     fields={"time_limit_at": F("time_limit_at") + dt.timedelta(minutes=minutes)}, minutes=minutes)
