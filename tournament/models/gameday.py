from django.conf import settings
from django.db import models
from django.utils import timezone


class CheckIn(models.Model):
    """A team reported at its table, as an event: who recorded it and when."""

    game = models.ForeignKey("tournament.Game", on_delete=models.CASCADE, related_name="checkins")
    team = models.ForeignKey("tournament.Team", on_delete=models.CASCADE, related_name="+")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    via = models.CharField(max_length=20, default="organizer", help_text="organizer or table")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        constraints = [models.UniqueConstraint("game", "team", name="one_checkin_per_team_per_game")]


class Substitution(models.Model):
    """A substitute partner for one game only."""

    game = models.ForeignKey("tournament.Game", on_delete=models.CASCADE, related_name="substitutions")
    team = models.ForeignKey("tournament.Team", on_delete=models.CASCADE, related_name="+")
    replaced = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    substitute = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="substitutions")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        constraints = [models.UniqueConstraint("game", "replaced", name="one_substitute_per_player_per_game")]


class GameEvent(models.Model):
    """The game's log: starts, forfeits, reversals, decisions, corrections."""

    game = models.ForeignKey("tournament.Game", on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=40)
    note = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
