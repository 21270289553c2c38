from celery import shared_task

from tournament.gameday import sweep
from tournament.signups import registration


@shared_task(acks_late=True, ignore_result=True)
def close_registration_at_deadline(tournament_id: int) -> bool:
    return registration.close_registration(tournament_id)


@shared_task(ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    return sweep.sweep()


# ---- game day: each task only names the game; the transition re-reads the row and its deadline ----

def _at_deadline(apply, game_id: int, field: str) -> bool:
    import time

    from django.utils import timezone

    from tournament.models import Game

    # A timer that fires a hair early must not find the deadline "not yet due" and give up.
    deadline = Game.objects.filter(pk=game_id).values_list(field, flat=True).first()
    if deadline is not None:
        early = (deadline - timezone.now()).total_seconds()
        if 0 < early <= 2:
            time.sleep(early)
    return apply(game_id)


@shared_task(acks_late=True, ignore_result=True)
def apply_no_show_at_deadline(game_id: int) -> bool:
    from tournament.gameday import deadlines

    return _at_deadline(deadlines.apply_no_show, game_id, "no_show_at")


@shared_task(acks_late=True, ignore_result=True)
def apply_time_limit_at_deadline(game_id: int) -> bool:
    from tournament.gameday import deadlines

    return _at_deadline(deadlines.apply_time_limit, game_id, "time_limit_at")
