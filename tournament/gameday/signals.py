"""Queue the exact-moment game-day tasks when a game's deadlines are set or moved.

Tasks carry the game id only and are sent once the row is committed; each task reads the row
again, so a task for a deadline that has since moved simply finds nothing due.
"""

import datetime as dt

from django.db import transaction
from django.db.models.signals import post_init, post_save
from django.dispatch import receiver
from django.utils import timezone

from tournament.models import Game
from tournament.scheduling import send_task_safely

DEADLINES = {"no_show": "no_show_at", "time_limit": "time_limit_at"}


def _task(kind: str):
    from tournament import tasks

    return {"no_show": tasks.apply_no_show_at_deadline, "time_limit": tasks.apply_time_limit_at_deadline}[kind]


def schedule_deadline(kind: str, game_id: int, eta: dt.datetime, *, now=None, on_commit: bool = True) -> int:
    """Send the task for one deadline (on commit); deadlines beyond the horizon are armed by the sweep."""
    from tournament.gameday.deadlines import SCHEDULE_HORIZON

    now = now or timezone.now()
    if eta is None or eta - now > SCHEDULE_HORIZON:
        return 0
    task = _task(kind)
    if on_commit:
        transaction.on_commit(lambda: send_task_safely(task, game_id, eta=eta))
    else:
        send_task_safely(task, game_id, eta=eta)
    return 1


def _snapshot(instance: Game) -> tuple:
    # __dict__, not attribute access: a deferred field must not cost a query here.
    return tuple(instance.__dict__.get(field) for field in DEADLINES.values())


@receiver(post_init, sender=Game)
def remember_deadlines(sender, instance: Game, **kwargs):
    instance._saved_deadlines = _snapshot(instance)


@receiver(post_save, sender=Game)
def schedule_game_deadlines(sender, instance: Game, created: bool, **kwargs):
    before = (None, None) if created else getattr(instance, "_saved_deadlines", (None, None))
    after = _snapshot(instance)
    instance._saved_deadlines = after
    if instance.status in Game.DONE:
        return
    for (kind, _field), old, new in zip(DEADLINES.items(), before, after):
        if new is not None and new != old:
            schedule_deadline(kind, instance.pk, new)
