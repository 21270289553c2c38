from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from tournament.models import Tournament
from tournament.scheduling import send_task_safely


@receiver(post_save, sender=Tournament)
def schedule_registration_close(sender, instance: Tournament, **kwargs):
    """Send the closing task for the exact deadline once the row is committed (ids only)."""
    if instance.status != Tournament.Status.OPEN or instance.registration_closed_at:
        return
    from tournament.tasks import close_registration_at_deadline

    tournament_id, eta = instance.pk, instance.signup_deadline
    transaction.on_commit(lambda: send_task_safely(close_registration_at_deadline, tournament_id, eta=eta))
from tournament.gameday import signals  # noqa: E402,F401  (game-day deadline tasks)
