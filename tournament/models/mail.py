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
        SIGNUP = "signup", gettext_lazy("Sign-up received (to the entrant)")
        DRAW = "draw", gettext_lazy("The draw is out (to the entrant)")
        ANNOUNCEMENT = "announcement", gettext_lazy("The organizer's announcement")
        TIME_CHANGE = "time_change", gettext_lazy("A game's time moved (to the entrant)")
        SIGNUPS_CLOSING = "signups_closing", gettext_lazy("Sign-ups close tomorrow (to those seeking a partner)")
        REMINDER = "reminder", gettext_lazy("A reminder before a game (to the entrant)")
        RESULT = "result", gettext_lazy("A result and the next game (to the entrant)")
        EVENT_RESULTS = "event_results", gettext_lazy("The event's results (to the entrant)")
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


class EntrantMail(models.Model):
    """An entrant who asked, at sign-up, for the event's e-mails: the address, the language of the
    page they signed up on, and the kinds they later stopped with a message's unsubscribe link."""

    class Kind(models.TextChoices):
        SIGNUP = "signup", gettext_lazy("Your sign-up received")
        DRAW = "draw", gettext_lazy("The draw is out, with your first games")
        ANNOUNCEMENT = "announcement", gettext_lazy("The organizer's announcements")
        TIME_CHANGE = "time_change", gettext_lazy("A change of your game's time")
        SIGNUPS_CLOSING = "signups_closing", gettext_lazy("Sign-ups closing while you look for a partner")
        REMINDER = "reminder", gettext_lazy("A reminder before your game")
        RESULT = "result", gettext_lazy("Your results and your next game")
        EVENT_RESULTS = "event_results", gettext_lazy("The event's final results")

    # What a partner-board post's own address gets: it gave an address, not a tick in the e-mail
    # box, so only the notices about its post (the row has board_only set).
    BOARD_KINDS = ("signups_closing",)

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="entrant_mail")
    team = models.ForeignKey("tournament.Team", null=True, blank=True, on_delete=models.CASCADE, related_name="mail")
    player = models.ForeignKey("tournament.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="mail")
    email = models.EmailField()
    language = models.CharField(max_length=8, default="en")
    stopped = models.JSONField(default=list, blank=True)
    # A partner-board post's address (tournament.mail.closing), not an opt-in: only BOARD_KINDS.
    board_only = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint("team", "email", name="entrant_mail_once_per_team"),
                       models.UniqueConstraint("player", "email", name="entrant_mail_once_per_player")]

    def __str__(self) -> str:
        return self.email

    def wants(self, kind: str) -> bool:
        if self.board_only and kind not in self.BOARD_KINDS:
            return False
        return kind not in self.stopped
