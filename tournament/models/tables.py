"""The rows of a table-round event (a table-round event).

Entrants are the shared Player rows (and Team rows for partnerships); the rounds are the shared
Division (kind TABLES), Round, Game (one per table) and GameSide (one per side, slot = seat order)
rows, so sheets, clocks, deadlines and printing work as for brackets. What only table events need
lives here: who came together, a player's own sign-up state, the event's settings and the
partner and seating draws as drawn (seed and result), like DrawRecord for a bracket.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common import names
from tournament.common.numbers import points_text


class Household(models.Model):
    """Players who came together (a couple, a family): never drawn as partners."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="households")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return names.joined(entry.player.name for entry in self.entries.all()) or _("Household %(number)s") % {"number": self.pk}


class TableEntry(models.Model):
    """A player's sign-up to a table event: whom they came with, whether they withdrew."""

    player = models.OneToOneField("tournament.Player", on_delete=models.CASCADE, related_name="table_entry")
    household = models.ForeignKey(Household, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries")
    # The names as typed; matched again whenever someone named here signs up later.
    came_with = models.CharField(max_length=200, blank=True)
    added_late = models.BooleanField(default=False, help_text=gettext_lazy("Added by the organizer after the deadline."))
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # The sign-up form's one-time key: a double tap or a resent POST finds this entry, not a new one.
    submission_key = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        ordering = ["player__created_at", "player_id"]

    def __str__(self) -> str:
        return str(self.player)

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


class TableEvent(models.Model):
    """How a table-round event plays its rounds."""

    class Movement(models.TextChoices):
        REDRAW = "redraw", gettext_lazy("A new draw each round")
        WINNERS_STAY = "winners_stay", gettext_lazy("Winners stay, losers move")

    class Standings(models.TextChoices):
        TOTAL = "total", gettext_lazy("Total score")
        PLACINGS = "placings", gettext_lazy("Table placings")

    tournament = models.OneToOneField("tournament.Tournament", on_delete=models.CASCADE, related_name="table_event")
    hands_per_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Hands in each round's game; empty = play to the variant's target.")
    )
    movement = models.CharField(max_length=16, choices=Movement.choices, default=Movement.REDRAW)
    standings = models.CharField(max_length=16, choices=Standings.choices, default=Standings.TOTAL)
    # Seat each round's tables balanced by club rating (one side from each rating tier per table).
    balanced_tables = models.BooleanField(default=False)


class PartnerDraw(models.Model):
    """One partner draw by lot (a preview, or the published one, which is frozen)."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="partner_draws")
    seed = models.BigIntegerField()
    # Pairs of player ids, as drawn.
    pairs = models.JSONField(default=list)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=timezone.now)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                "tournament", condition=models.Q(published_at__isnull=False), name="one_published_partner_draw"
            )
        ]


class SeatingDraw(models.Model):
    """One seating of a round (a preview, or the published one that made the round's games).

    Three lists of player ids, table by table: `sides` (each side's players), `seats` (everyone
    clockwise) and `sitting_out` (a bye this round)."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="seating_draws")
    round_number = models.PositiveIntegerField()
    # A play-off (ties for the win or a medal) is a round of its own, flagged here.
    playoff = models.BooleanField(default=False)
    seed = models.BigIntegerField()
    sides = models.JSONField(default=list)
    seats = models.JSONField(default=list)
    sitting_out = models.JSONField(default=list)
    # A balanced draw's club ratings as it read them, [[side's player ids], strength] strongest first
    # (empty when the tables were by lot alone): ratings move after every club event, and the draw
    # must stay explainable and reproducible from its own record.
    strengths = models.JSONField(default=list)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=timezone.now)
    published_at = models.DateTimeField(null=True, blank=True)
    # A publication taken back before the round's first hand (tournament.formats.tables.take_back).
    taken_back_at = models.DateTimeField(null=True, blank=True)
    taken_back_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="+")

    class Meta:
        ordering = ["round_number", "-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                "tournament", "round_number", condition=models.Q(published_at__isnull=False),
                name="one_published_seating_per_round",
            )
        ]

    @property
    def as_data(self) -> dict:
        """The seating in the shape the saving code and the JSON output use."""
        return {
            "tables": [{"sides": sides, "seats": seats} for sides, seats in zip(self.sides, self.seats)],
            "sitting_out": self.sitting_out,
        }


class TableBonus(models.Model):
    """A round's first-table bonus (club 4-deck: +400 per team to the first table to finish and hand
    in its cards, RULES §5 / sheet 003). One per round — the row is the claim, so two tables ending
    at once give one award. Awarded automatically when a table's sheet ends its game (every hand
    entered and confirmed); the organizer may move it to another table or remove it (game empty),
    with a reason, logged on the games concerned."""

    round = models.OneToOneField("tournament.Round", on_delete=models.CASCADE, related_name="table_bonus")
    game = models.ForeignKey("tournament.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    points = models.PositiveIntegerField(help_text=gettext_lazy("Added to the total of every side at the table."))
    reason = models.CharField(max_length=200)
    awarded_at = models.DateTimeField(default=timezone.now)
    # Empty for the automatic award; the organizer who moved or removed it otherwise.
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    def __str__(self) -> str:
        return _("%(round)s: +%(points)s to %(table)s") % {
            "round": self.round, "points": points_text(self.points), "table": self.game.label if self.game_id else _("no table")}


class PeopleChange(models.Model):
    """A change to a table event's people after its draw (a withdrawal, a substitute, two players left
    alone paired) made while no table exists to hold it in its log — between the partner draw and the
    first round. Its `data` is typed as the game log's entry of the same `kind` (tournament.core.game_log),
    so the changes-after-the-draw list reads both alike."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="people_changes")
    kind = models.CharField(max_length=40)
    note = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
