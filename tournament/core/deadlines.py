"""Every deadline of a tournament in one place: the sign-up close, the no-show forfeit, the time limit.

How a deadline fires: whoever sets or moves one calls `schedule_deadlines(game)` (or
`signup_deadline.schedule_registration_close(tournament)`), which queues the exact-moment task for after the commit.
The task only names the row; the claim (`apply_no_show`, `apply_time_limit`,
`signup_deadline.close_registration`) locks the row and reads its status and deadline again before
acting. The minute `sweep` applies whatever is due whatever happened to its task, and a page that
sees a passed deadline applies it too (`apply_due`): the first caller acts, the others find nothing.
"""

from __future__ import annotations

import datetime as dt
import logging
import time

from celery import shared_task
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournament.common.scheduling import send_task_safely
from tournament.core import formats, signup_deadline, ties
from tournament.core.game_rows import lock_game, sides_of
from tournament.mail import closing, reminders
from tournament.models import Game, GameSide, Team

log = logging.getLogger(__name__)
Status = Game.Status
Reason = Game.Reason

# Deadlines further ahead than this are left to the minute sweep to arm (see arm_upcoming_deadlines):
# Redis redelivers an unacknowledged message after the broker's visibility timeout (1 h), so a task
# parked for days would come back again and again.
SCHEDULE_HORIZON = dt.timedelta(minutes=50)
ARM_WINDOW = dt.timedelta(minutes=3)
# A timer that fires a hair early must not find the deadline "not yet due" and give up.
EARLY_TOLERANCE_SECONDS = 2


# ---- the rule -----------------------------------------------------------------------------------

def short_of_partner(team: Team, substitutions) -> bool:
    """Fewer than two players and no substitute recorded for this game."""
    players = len(team.players.all())
    subs = sum(1 for s in substitutions if s.team_id == team.pk)
    return players < 2 and players + subs < 2


def late_feeder(game: Game, sides: list[GameSide]) -> bool:
    """A team still playing the game that feeds this one when the deadline passed could not be here."""
    return any(s.fed_by and s.fed_by.finished_at and s.fed_by.finished_at > game.no_show_at for s in sides)


# ---- the claims ---------------------------------------------------------------------------------

def apply_no_show(game_id: int, now: dt.datetime | None = None) -> bool:
    """At the no-show deadline whoever is not checked in forfeits (what that means is the event
    format's: a bracket game is lost, a table seat placed last while the others play on).

    True for the one caller that applied it; False when it is not due, not needed, or done already.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id, missing_ok=True)
        if game is None or game.status != Status.READY or not game.no_show_at or now < game.no_show_at:
            return False
        if not formats.of(game.division.tournament).apply_no_show(game, sides_of(game), now):
            return False
    log.info("No-show applied to game %s", game_id)
    return True


def apply_time_limit(game_id: int, now: dt.datetime | None = None) -> bool:
    """At the time limit the game ends on the hands completed before it (A7, D6; the event format
    says who wins or places where). A hand received after the limit never counts, whether or not
    this claim had run by then; one not yet confirmed holds the result (F1, scoring.confirmed_limit)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id, missing_ok=True)
        held = game is not None and game.status == Status.AWAITING_DECISION and game.result_reason == Reason.UNCONFIRMED_AT_LIMIT
        if game is None or (game.status not in (Status.IN_PLAY, Status.READY) and not held):
            return False  # held: the organizer confirmed the hand that held the result (RULES F1)
        if not game.time_limit_at or now < game.time_limit_at or game.paused_at:
            return False  # a paused clock falls due only after it is resumed (tournament.core.game_clock)
        return formats.of(game.division.tournament).apply_time_limit(game, sides_of(game), now)


def apply_due(games, now: dt.datetime) -> int:
    """Apply whatever is due among these games (a queryset): a page that sees a passed deadline calls this."""
    return _apply_each(apply_no_show, games.no_show_due(now), now) + _apply_each(apply_time_limit, games.time_limit_due(now), now)


def _apply_each(apply, due, now: dt.datetime) -> int:
    applied = 0
    for pk in list(due.values_list("pk", flat=True)):
        try:
            applied += bool(apply(pk, now))
        except ValidationError:  # one game's refusal (e.g. by advancement) must not stop the others
            log.warning("Could not apply %s to game %s", apply.__name__, pk, exc_info=True)
    return applied


# ---- queueing the exact-moment tasks --------------------------------------------------------------

def schedule_deadlines(game: Game, *, now: dt.datetime | None = None, on_commit: bool = True) -> int:
    """Queue the tasks for this game's deadlines that matter in its state; call it wherever one is set or moved.

    Sent once the row is committed (ids only); deadlines beyond SCHEDULE_HORIZON are armed by the
    sweep minutes before. Returns how many tasks were queued.
    """
    now = now or timezone.now()
    wanted = []
    if game.status in (Status.WAITING, Status.READY):
        wanted.append((apply_no_show_at_deadline, game.no_show_at))
    if game.status in (Status.WAITING, Status.READY, Status.IN_PLAY) and not game.paused_at:
        wanted.append((apply_time_limit_at_deadline, game.time_limit_at))
    queued = 0
    for task, eta in wanted:
        if eta is not None and eta - now <= SCHEDULE_HORIZON:
            _send(task, game.pk, eta, on_commit)
            queued += 1
    return queued


def _send(task, pk: int, eta: dt.datetime, on_commit: bool) -> None:
    if on_commit:
        transaction.on_commit(lambda: send_task_safely(task, pk, eta=eta))
    else:
        send_task_safely(task, pk, eta=eta)


# ---- the minute sweep ---------------------------------------------------------------------------

def apply_due_no_shows(now: dt.datetime) -> int:
    return _apply_each(apply_no_show, Game.objects.no_show_due(now), now)


def apply_due_time_limits(now: dt.datetime) -> int:
    return _apply_each(apply_time_limit, Game.objects.time_limit_due(now), now)


def arm_upcoming_deadlines(now: dt.datetime) -> int:
    """Queue the exact-moment task for every deadline in the next few minutes (see SCHEDULE_HORIZON)."""
    soon = now + ARM_WINDOW
    armed = 0
    for pk, at in Game.objects.filter(status=Status.READY, no_show_at__gt=now, no_show_at__lte=soon).values_list("pk", "no_show_at"):
        _send(apply_no_show_at_deadline, pk, at, on_commit=False)
        armed += 1
    for pk, at in Game.objects.filter(
        status__in=(Status.IN_PLAY, Status.READY), time_limit_at__gt=now, time_limit_at__lte=soon, paused_at__isnull=True
    ).values_list("pk", "time_limit_at"):
        _send(apply_time_limit_at_deadline, pk, at, on_commit=False)
        armed += 1
    return armed


def sweep(now: dt.datetime | None = None) -> dict[str, int]:
    """Every transition that is due and not yet applied, whatever happened to its task."""
    now = now or timezone.now()
    return {
        "close_due_registrations": signup_deadline.close_due_registrations(now),
        "apply_due_no_shows": apply_due_no_shows(now),
        "apply_due_time_limits": apply_due_time_limits(now),
        "arm_upcoming_deadlines": arm_upcoming_deadlines(now),
        "notify_ties": ties.notify_unsent(now),
        "signups_closing_mail": closing.notify_due(now),
        "reminder_mail": reminders.notify_due(now),
    }


# ---- the Celery tasks: each names a row; the claim reads it again -------------------------------

@shared_task(ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    return sweep()


@shared_task(acks_late=True, ignore_result=True)
def apply_no_show_at_deadline(game_id: int) -> bool:
    _wait_if_early(game_id, "no_show_at")
    return apply_no_show(game_id)


@shared_task(acks_late=True, ignore_result=True)
def apply_time_limit_at_deadline(game_id: int) -> bool:
    _wait_if_early(game_id, "time_limit_at")
    return apply_time_limit(game_id)


def _wait_if_early(game_id: int, field: str) -> None:
    deadline = Game.objects.filter(pk=game_id).values_list(field, flat=True).first()
    if deadline is not None:
        early = (deadline - timezone.now()).total_seconds()
        if 0 < early <= EARLY_TOLERANCE_SECONDS:
            time.sleep(early)
