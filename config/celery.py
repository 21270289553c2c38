import os

from celery import Celery
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("meldboard")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["tournament.printing", "tournament.clubs", "scoring"])
# Every deadline task (no-show, time limit, the minute sweep; the sign-up close) lives with its rule.
app.autodiscover_tasks(["tournament.core"], related_name="deadlines")
app.autodiscover_tasks(["tournament.core"], related_name="signup_deadline")
# The outbox: every e-mail is sent by the worker (tournament.mail.outbox).
app.autodiscover_tasks(["tournament.mail"], related_name="outbox")


@app.on_after_finalize.connect
def schedule_sweeps(sender, **kwargs):
    """The minute sweep that catches any deadline whose own task was lost or late."""
    sender.conf.beat_schedule = {
        "sweep-deadlines": {
            "task": "tournament.core.deadlines.sweep_deadlines",
            "schedule": float(settings.SWEEP_INTERVAL_SECONDS),
        },
        # Mail whose wake-up was lost (broker down when it was queued) or whose retry is due.
        "send-outbox": {
            "task": "tournament.mail.outbox.send_outbox",
            "schedule": float(settings.SWEEP_INTERVAL_SECONDS),
        },
    }
