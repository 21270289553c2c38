"""Game day deadlines: the no-show forfeit and the time limit, and the sweep that finds them due.

These live apart from the people's actions in tournament.gameday.actions because each transition is an
idempotent claim reached by three callers: the exact-moment task (tournament.tasks), the minute
sweep (tournament.gameday.sweep) and any page that notices a passed deadline (`apply_due`). Each one
locks the game row and reads its status and deadline again before acting, so a task delivered
twice, the sweep and a page may all arrive at once: the first one acts, the others do nothing.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournament.gameday.actions import (
    NO_PARTNER,
    NO_SHOW,
    TIME_LIMIT,
    TIME_LIMIT_TIE,
    Status,
    _late_feeder,
    _lock,
    _log,
    _short_of_partner,
    _sides,
)
from tournament.localtime import clock as local_clock
from tournament.models import Game, Substitution, Team

log = logging.getLogger(__name__)

# Deadlines further ahead than this are left to the minute sweep to arm (see arm_upcoming_deadlines):
# Redis redelivers an unacknowledged message after the broker's visibility timeout (1 h), so a task
# parked for days would come back again and again.
SCHEDULE_HORIZON = dt.timedelta(minutes=50)
ARM_WINDOW = dt.timedelta(minutes=3)


def apply_no_show(game_id: int, now: dt.datetime | None = None) -> bool:
    """At the no-show deadline a team not checked in forfeits; both absent is a double forfeit.

    True for the one caller that applied it; False when it is not due, not needed, or done already.
    """
    from tournament.gameday import advancement

    now = now or timezone.now()
    with transaction.atomic():
        game = _lock(game_id)
        if game is None or game.status != Status.READY or not game.no_show_at or now < game.no_show_at:
            return False
        sides = _sides(game)
        if len(sides) < 2 or any(s.team_id is None for s in sides):
            return False
        if _late_feeder(game, sides):
            return False
        absent = [s for s in sides if not s.checked_in_at]
        if not absent:
            return False
        subs = list(Substitution.objects.filter(game=game))
        teams = {t.pk: t for t in Team.objects.filter(pk__in=[s.team_id for s in absent]).prefetch_related("players")}
        reasons = {s.team_id: NO_PARTNER if _short_of_partner(teams[s.team_id], subs) else NO_SHOW for s in absent}
        tournament = game.division.tournament
        _log(game, "no_show", at=now, absent=[s.team_id for s in absent], deadline=game.no_show_at.isoformat(),
             note=f"Not checked in by {local_clock(tournament, game.no_show_at)}: "
                  + ", ".join(f"{s.team.name} ({reasons[s.team_id]})" for s in absent))
        if len(absent) == len(sides):
            advancement.double_forfeit(game, reason=NO_SHOW)
        else:
            present = next(s for s in sides if s.checked_in_at)
            advancement.finish_game(game, present.team, reason=reasons[absent[0].team_id], status=Status.FORFEIT)
    log.info("No-show applied to game %s", game_id)
    return True


def apply_time_limit(game_id: int, now: dt.datetime | None = None) -> bool:
    """At the time limit the higher total wins; level totals wait for the organizer's decision."""
    from tournament.gameday import advancement

    now = now or timezone.now()
    with transaction.atomic():
        game = _lock(game_id)
        if game is None or game.status not in (Status.IN_PLAY, Status.READY):
            return False
        if not game.time_limit_at or now < game.time_limit_at:
            return False
        sides = _sides(game)
        if len(sides) < 2 or any(s.team_id is None for s in sides):
            return False
        if game.status == Status.READY and any(not s.checked_in_at for s in sides):
            return False  # nobody played: that is the no-show rule's business, not the clock's
        totals = {s.team_id: s.total for s in sides}
        top = max(totals.values())
        leaders = [s for s in sides if s.total == top]
        if len(leaders) == 1:
            _log(game, "time_limit", at=now, totals={str(k): v for k, v in totals.items()})
            advancement.finish_game(game, leaders[0].team, reason=TIME_LIMIT)
        else:
            claimed = Game.objects.filter(pk=game.pk, status=game.status).update(
                status=Status.AWAITING_DECISION, result_reason=TIME_LIMIT_TIE, finished_at=now,
                version=F("version") + 1,
            )
            if not claimed:
                return False
            _log(game, "time_limit_tie", at=now, totals={str(k): v for k, v in totals.items()})
    return True


def _apply_each(apply, ids, now: dt.datetime) -> int:
    applied = 0
    for pk in list(ids):
        try:
            applied += bool(apply(pk, now))
        except ValidationError:  # one game's refusal (e.g. by advancement) must not stop the sweep
            log.warning("Could not apply %s to game %s", apply.__name__, pk, exc_info=True)
    return applied


def apply_due_no_shows(now: dt.datetime) -> int:
    return _apply_each(apply_no_show, Game.objects.no_show_due(now).values_list("pk", flat=True), now)


def apply_due_time_limits(now: dt.datetime) -> int:
    return _apply_each(apply_time_limit, Game.objects.time_limit_due(now).values_list("pk", flat=True), now)


def apply_due(games, now: dt.datetime) -> int:
    """Apply whatever is due among these games (a queryset): a page that sees a passed deadline calls this."""
    return (_apply_each(apply_no_show, games.no_show_due(now).values_list("pk", flat=True), now)
            + _apply_each(apply_time_limit, games.time_limit_due(now).values_list("pk", flat=True), now))


def arm_upcoming_deadlines(now: dt.datetime) -> int:
    """Queue the exact-moment task for every deadline in the next few minutes (see SCHEDULE_HORIZON)."""
    from tournament.gameday.signals import schedule_deadline

    soon = now + ARM_WINDOW
    armed = 0
    for pk, at in Game.objects.filter(status=Status.READY, no_show_at__gt=now, no_show_at__lte=soon).values_list("pk", "no_show_at"):
        armed += schedule_deadline("no_show", pk, at, now=now, on_commit=False)
    for pk, at in Game.objects.filter(
        status__in=(Status.IN_PLAY, Status.READY), time_limit_at__gt=now, time_limit_at__lte=soon
    ).values_list("pk", "time_limit_at"):
        armed += schedule_deadline("time_limit", pk, at, now=now, on_commit=False)
    return armed
