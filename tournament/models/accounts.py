"""An invitation to organize an event or a club, sent by e-mail (tournament.accounts.invitations):
the link carries a secret whose digest alone is stored; it works once, until it expires or the
organizer cancels it, and makes an account or joins the one logged in."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Invitation(models.Model):
    email = models.EmailField()
    tournament = models.ForeignKey("tournament.Tournament", null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="invitations")
    club = models.ForeignKey("tournament.Club", null=True, blank=True, on_delete=models.CASCADE, related_name="invitations")
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    # sha256 of the link's secret: a database read never yields a working link. Resending makes a new one.
    digest = models.CharField(max_length=64, unique=True)
    # The language of its e-mail and of the page the link opens first.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default="en")
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(default=timezone.now)
    sends = models.PositiveSmallIntegerField(default=1)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.CheckConstraint(
            condition=models.Q(tournament__isnull=False, club__isnull=True) | models.Q(tournament__isnull=True, club__isnull=False),
            name="invitation_to_one_event_or_club")]

    def __str__(self) -> str:
        return f"{self.email} → {self.tournament or self.club}"

    @property
    def place(self):
        """The event or the club the invitation is to."""
        return self.tournament or self.club

    def pending(self, now=None) -> bool:
        return not self.accepted_at and not self.cancelled_at and (now or timezone.now()) < self.expires_at
