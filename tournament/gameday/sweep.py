"""The minute sweep: every transition that is due and not yet applied, whatever happened to its task.

Each entry is an idempotent function `(now) -> count` that claims its rows with a conditional
update, so the sweep and the exact-moment tasks can race safely.
"""

from django.utils import timezone
from django.utils.module_loading import import_string

SWEEPS = [
    "tournament.signups.registration.close_due_registrations",
    "tournament.gameday.deadlines.apply_due_no_shows",
    "tournament.gameday.deadlines.apply_due_time_limits",
    "tournament.gameday.deadlines.arm_upcoming_deadlines",
]


def sweep(now=None) -> dict[str, int]:
    now = now or timezone.now()
    return {path.rsplit(".", 1)[1]: import_string(path)(now) for path in SWEEPS}
