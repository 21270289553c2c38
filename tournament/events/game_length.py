"""A changed game length, saved from the tournament form: games not started yet take it (their
posted limit moves), running games keep their limit or take the new length as the organizer
chose, and the change goes in the tournament's history (and each moved game's log), so the table
phones, the board and a reprinted sheet all show the same limit."""

from __future__ import annotations

import datetime as dt

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournament.common.rules_words import TIME_LIMIT
from tournament.core import deadlines
from tournament.core.game_rows import log_event
from tournament.core.timetable import STARTED_OR_DONE
from tournament.models import Game, Tournament

KEEP, TAKE = "keep", "take"
CHOICES = [
    (KEEP, gettext_lazy("Games in play keep the limit they started with")),
    (TAKE, gettext_lazy("Games in play take the new length (their limit moves by the difference)")),
]


def running(tournament: Tournament):
    """Games in play on a running clock: the ones the choice is about."""
    return Game.objects.filter(division__tournament=tournament, status=Game.Status.IN_PLAY, time_limit_at__isnull=False)


def apply(tournament: Tournament, old: dt.timedelta, new: dt.timedelta, choice: str, *, by=None,
          now: dt.datetime | None = None, history: bool = True) -> int:
    """Move the limits the new length changes (inside the caller's transaction); how many games
    in play took it. `history=False` when the caller records the change itself (the house rules)."""
    now = now or timezone.now()
    if old == new:
        return 0
    shift = new - old
    waiting = Game.objects.filter(division__tournament=tournament, starts_at__isnull=False).exclude(status__in=STARTED_OR_DONE)
    moved = list(waiting)
    # A posted start's limit follows the length: the card printed next shows what the clock will do.
    waiting.update(time_limit_at=F("starts_at") + new, version=F("version") + 1)
    taken = list(running(tournament)) if choice == TAKE else []
    if taken:
        Game.objects.filter(pk__in=[g.pk for g in taken]).update(time_limit_at=F("time_limit_at") + shift,
                                                                  version=F("version") + 1)
    minutes = int(shift.total_seconds() // 60)
    username = by.get_username() if by is not None and getattr(by, "is_authenticated", False) else ""
    if history:
        entry = {"at": now.isoformat(), "by": username,
                 "changes": {TIME_LIMIT: [int(old.total_seconds() // 60), int(new.total_seconds() // 60)]},
                 "running": choice if running(tournament).exists() or taken else ""}
        Tournament.objects.filter(pk=tournament.pk).update(
            rules_history=[*(Tournament.objects.get(pk=tournament.pk).rules_history or []), entry])
    for game in taken:
        game.refresh_from_db()
        log_event(game, "length_changed", by=by, at=now, minutes=minutes,
                  time_limit_at=game.time_limit_at.isoformat())
    for game in [*moved, *taken]:
        game.refresh_from_db()
        deadlines.schedule_deadlines(game, now=now)
    return len(taken)
