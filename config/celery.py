import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("meldboard")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["tournament", "tournament.printing", "scoring"])


@app.on_after_finalize.connect
def schedule_sweeps(sender, **kwargs):
    """The minute sweeps that catch any deadline whose own task was lost or late."""
    from django.conf import settings

    sender.conf.beat_schedule = {
        "sweep-deadlines": {
            "task": "tournament.tasks.sweep_deadlines",
            "schedule": float(settings.SWEEP_INTERVAL_SECONDS),
        },
    }
