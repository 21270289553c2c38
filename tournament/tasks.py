from celery import shared_task

from . import deadlines, registration


@shared_task(acks_late=True, ignore_result=True)
def close_registration_at_deadline(tournament_id: int) -> bool:
    return registration.close_registration(tournament_id)


@shared_task(ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    return deadlines.sweep()
