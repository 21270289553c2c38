from django.conf import settings
from django.db import models
from django.utils import timezone


class Hand(models.Model):
    """One deal of one game. Its content lives in revisions; a correction is a new revision."""

    game = models.ForeignKey("tournament.Game", on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    # Sent with the form: a double tap or a retry after a dropped connection finds this hand again.
    # It belongs to its game (unique there), so a backup from another server never meets a local key.
    idempotency_key = models.CharField(max_length=64)
    version = models.PositiveIntegerField(default=1, help_text="Number of the current revision.")
    entries = models.JSONField(default=list, help_text="Current per-side input, as the rules engine takes it.")
    result = models.JSONField(default=dict, help_text="Current rules engine output for this hand.")
    created_at = models.DateTimeField(default=timezone.now)
    entered_by = models.CharField(max_length=80, blank=True)
    # The side a table phone entered or confirmed as (its slot); empty for the organizer.
    entered_by_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.CharField(max_length=80, blank=True)
    confirmed_by_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    # Confirmed on the phone that entered it, passed across the table to the confirming side.
    handed_over = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint("game", "number", name="one_hand_per_number_per_game"),
                       models.UniqueConstraint("game", "idempotency_key", name="one_hand_per_key_per_game")]

    def entered_as(self, slot: int | None, name: str) -> bool:
        """Whether the side with this slot and name entered the hand: by its slot, or by its name for a
        hand saved without one (the organizer's, or one saved before sides were recorded)."""
        if slot is not None and self.entered_by_slot is not None:
            return slot == self.entered_by_slot
        return name == self.entered_by


class HandRevision(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="revisions")
    version = models.PositiveIntegerField()
    entries = models.JSONField(default=list)
    result = models.JSONField(default=dict)
    reason = models.CharField(max_length=200, blank=True)
    author = models.CharField(max_length=80, blank=True, help_text="Who entered it: a side's name or organizer.")
    author_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["hand", "version"]
        constraints = [models.UniqueConstraint("hand", "version", name="one_revision_per_version")]
