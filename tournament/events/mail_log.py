"""The organizer's e-mail page: what this tournament sent, to whom, and what failed (the outbox rows,
tournament.mail.outbox), with "try again" for a message the mail server refused for good."""

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.core.decorators import organizer_required, tournament_view
from tournament.mail import outbox
from tournament.models import OutboxMessage

SHOWN = 200


def listing(rows) -> dict:
    """A mail log's rows (the latest SHOWN) and its counts by status: an event's, a club's announcements'."""
    counts = dict(rows.values_list("status").annotate(n=Count("pk")).order_by())
    return {
        "rows": rows[:SHOWN], "shown": SHOWN, "total": sum(counts.values()),
        "counts": [(status, label, counts.get(status, 0)) for status, label in OutboxMessage.Status.choices],
    }


def send_again(rows, message_id: int) -> bool:
    """Queue again a message among `rows` the mail server refused for good; False if it is no such one."""
    again = rows.filter(pk=message_id, status=OutboxMessage.Status.FAILED).update(
        status=OutboxMessage.Status.QUEUED, attempts=0, next_attempt_at=timezone.now(), claim=None)
    if again:
        outbox.wake()
    return bool(again)


@organizer_required
@require_GET
@tournament_view
def page(request, tournament):
    return render(request, "organizer/mail_log.html", {"tournament": tournament, **listing(tournament.outbox.all())})


@organizer_required
@require_POST
@tournament_view
def retry(request, tournament, message_id: int):
    if send_again(tournament.outbox.all(), message_id):
        messages.success(request, _("The message will be sent again in a moment."))
    else:
        messages.error(request, _("That message is not a failed one of this tournament (it may be on its way already)."))
    return redirect("organizer:mail_log", tournament.slug)
