"""The outbox: one row per message and recipient, written in the transaction that decides to send
it and sent later by the worker (tournament.mail.outbox), so a mail server that is down never fails
the page or command that wrote it, and each message goes out once."""

import uuid

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy


class OutboxQuerySet(models.QuerySet):
    def due(self, now, stale_before):
        """Rows a sender may claim now: queued and due, or claimed by a sender that died mid-send."""
        return self.filter(
            Q(status=OutboxMessage.Status.QUEUED, next_attempt_at__lte=now)
            | Q(status=OutboxMessage.Status.SENDING, claimed_at__lt=stale_before)
        )


class OutboxMessage(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", pgettext_lazy("e-mail status", "Waiting")
        SENDING = "sending", pgettext_lazy("e-mail status", "Sending")
        SENT = "sent", pgettext_lazy("e-mail status", "Sent")
        FAILED = "failed", pgettext_lazy("e-mail status", "Failed")

    class Kind(models.TextChoices):
        SIGNUPS_CLOSED = "signups_closed", gettext_lazy("Sign-ups closed (to the organizers)")
        TIE = "tie", gettext_lazy("A tie to decide (to the organizers)")
        PARTNER_LINK = "partner_link", gettext_lazy("Partner-board link")
        INVITATION = "invitation", gettext_lazy("Invitation to organize")
        ACCOUNT = "account", gettext_lazy("Account (address check, password reset)")
        OTHER = "other", gettext_lazy("Other")

    # Enqueuing the same key twice writes one row: a claim that runs twice queues one message.
    key = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=24, choices=Kind.choices, default=Kind.OTHER)
    tournament = models.ForeignKey("tournament.Tournament", null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="outbox")
    club = models.ForeignKey("tournament.Club", null=True, blank=True, on_delete=models.CASCADE, related_name="outbox")
    to = models.EmailField()
    subject = models.CharField(max_length=300)
    body = models.TextField()
    # Extra headers (List-Unsubscribe ...) and attachments [{"name", "content", "mimetype"}], as sent.
    headers = models.JSONField(default=dict, blank=True)
    attachments = models.JSONField(default=list, blank=True)
    # One Message-ID for every try: a receiving server or reader can tell a resend from a new message.
    message_id = models.CharField(max_length=200, default="", blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    # Which try a sender claimed (a uuid): only that sender may mark the row sent or failed.
    claim = models.UUIDField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = OutboxQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="outbox_due")]

    def __str__(self) -> str:
        return f"{self.to}: {self.subject}"

    def save(self, *args, **kwargs):
        if not self.message_id:
            self.message_id = f"<{uuid.uuid4().hex}@meldboard>"
        super().save(*args, **kwargs)
