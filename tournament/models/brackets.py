import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from tournament.common.stored_words import stored_name


def english(text) -> str:
    """A (lazy) label as stored in the database: always English, whatever the page speaks."""
    with translation.override("en"):
        return str(text)


def new_table_token() -> str:
    return secrets.token_urlsafe(18)


class Division(models.Model):
    class Kind(models.TextChoices):
        D1 = "d1", gettext_lazy("Division 1")
        D2 = "d2", gettext_lazy("Division 2")
        FINAL = "final", gettext_lazy("Final")
        TABLES = "tables", gettext_lazy("Table rounds")

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="divisions")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    name = models.CharField(max_length=60)
    size = models.PositiveIntegerField(default=0, help_text=gettext_lazy("Bracket size: the next power of two."))
    published_at = models.DateTimeField(null=True, blank=True)
    champion = models.ForeignKey("tournament.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["tournament", "kind"]
        constraints = [models.UniqueConstraint("tournament", "kind", name="one_division_per_kind")]

    def __str__(self) -> str:
        return f"{self.tournament} — {self.name}"

    @property
    def title(self) -> str:
        """The division's name in the page's language (the stored name is its kind's English label)."""
        return stored_name(self.name)


class DrawRecord(models.Model):
    """One preview of a division's draw; the published one is frozen for good."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="draws")
    seed = models.BigIntegerField()
    # Team ids by chart line, top to bottom; null marks a bye.
    lines = models.JSONField(default=list)
    # A seeded draw: the team ids kept apart by club rating, strongest first (draw positions 1, 2, …).
    seeded = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=timezone.now)
    published_at = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                "division", condition=models.Q(published_at__isnull=False), name="one_published_draw_per_division"
            )
        ]


class Round(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=60, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True, help_text=gettext_lazy("Posted start time of the round's games."))
    # A play-off sets its own no-show grace (the players are already in the room); empty: the event's.
    no_show_grace = models.DurationField(null=True, blank=True)

    class Meta:
        ordering = ["division", "number"]
        constraints = [models.UniqueConstraint("division", "number", name="one_round_number_per_division")]

    def __str__(self) -> str:
        """In the page's language: “Semi-finals” / “Semifinales”; a name typed by hand stays as it is."""
        return stored_name(self.name or f"Round {self.number}")

    @property
    def round_words(self) -> str:
        """The round's name, or "" where it only repeats the division's (the final's round is "Final")."""
        name = str(self)
        return "" if name == self.division.title else name

    @property
    def where(self) -> str:
        """“Division 1 · Semi-finals”, “Final” (never “Final · Final”): a round on the schedule and tabs."""
        return " · ".join(part for part in (str(self.division.title), self.round_words) if part)


class GameQuerySet(models.QuerySet):
    """Which games have a deadline that has passed at `now` and not been applied yet: the sweep,
    the pages that apply a due deadline themselves and their cache keys all ask here."""

    def no_show_due(self, now):
        """READY games past the no-show deadline with a side (a team, or a player at a table) not checked in."""
        return self.filter(
            models.Q(sides__team__isnull=False) | models.Q(sides__player__isnull=False),
            status=Game.Status.READY, no_show_at__lte=now, sides__checked_in_at__isnull=True,
            sides__forfeited_at__isnull=True,
        ).distinct()

    def time_limit_due(self, now):
        return self.filter(status__in=(Game.Status.IN_PLAY, Game.Status.READY), time_limit_at__lte=now,
                           paused_at__isnull=True)


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", gettext_lazy("Waiting for teams")
        READY = "ready", pgettext_lazy("game status", "Ready")
        IN_PLAY = "in_play", pgettext_lazy("game status", "In play")
        FINISHED = "finished", pgettext_lazy("game status", "Finished")
        BYE = "bye", pgettext_lazy("bracket", "Bye")
        FORFEIT = "forfeit", gettext_lazy("Forfeit")
        DOUBLE_FORFEIT = "double_forfeit", gettext_lazy("Double forfeit")
        AWAITING_DECISION = "awaiting_decision", gettext_lazy("Awaiting organizer")
        NOT_NEEDED = "not_needed", gettext_lazy("Not needed")

    class Reason(models.TextChoices):
        """Why a game ended as it did; the value is the text the pages and printouts show."""
        SCORE = "score", gettext_lazy("Score")
        TIME_LIMIT = "time limit", gettext_lazy("Time limit")
        TIME_LIMIT_TIE = "time limit tie", gettext_lazy("Level at the time limit")
        NO_SHOW = "no show", gettext_lazy("No show")
        NO_PARTNER = "no partner", gettext_lazy("No partner")
        ORGANIZER_DECISION = "organizer decision", gettext_lazy("Organizer decision")
        CORRECTION = "correction", gettext_lazy("Correction")
        WALKOVER = "walkover", gettext_lazy("Walkover")
        BYE = "bye", pgettext_lazy("bracket", "Bye")
        SAME_CHAMPION = "same team won both divisions", gettext_lazy("Same team won both divisions")
        NOBODY_REACHED = "no team reached this game", gettext_lazy("No team reached this game")
        WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")
        # A hand still unconfirmed when the clock ran out and its window closed: the organizer decides (RULES F1).
        UNCONFIRMED_AT_LIMIT = "unconfirmed at time limit", gettext_lazy("Unconfirmed hand at the time limit")

    DONE = (Status.FINISHED, Status.BYE, Status.FORFEIT, Status.DOUBLE_FORFEIT, Status.NOT_NEEDED)
    FORFEIT_REASONS = (Reason.NO_SHOW, Reason.NO_PARTNER)

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="games")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveIntegerField(help_text=gettext_lazy("Position in its round, top to bottom, from 1."))
    table_number = models.PositiveIntegerField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True, help_text=gettext_lazy("Posted start; the round's unless changed."))
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.WAITING, db_index=True)
    winner = models.ForeignKey("tournament.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    result_reason = models.CharField(max_length=40, blank=True, choices=Reason.choices)
    decision_note = models.TextField(blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Deadlines live on the row and are claimed with a conditional update.
    no_show_at = models.DateTimeField(null=True, blank=True, db_index=True)
    time_limit_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The organizer stopped the clock (a fire alarm, a dispute): the time limit does not fall due
    # while set; resuming moves time_limit_at on by the pause (tournament.core.game_clock).
    paused_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    early_start_agreed = models.BooleanField(default=False)
    finished_at = models.DateTimeField(null=True, blank=True)
    table_token = models.CharField(max_length=40, unique=True, default=new_table_token)
    version = models.PositiveIntegerField(default=0, help_text=gettext_lazy("Bumped on every change of result or state."))
    # When the table's phone last reached the server (any table-link request), so the organizer's
    # board shows a silent table; written at most every HEARD_EVERY (tournament.core.heard).
    last_heard_at = models.DateTimeField(null=True, blank=True)
    # A tie at the time limit (RULES A7): the sides' totals then, in slot order (the pages say how it
    # was settled); the number of the one more hand the organizer let the table play (the game ends
    # on it, tournament.core.ties); when the organizers were e-mailed about the tie awaiting them
    # (the claim that sends that e-mail once).
    tie_totals = models.JSONField(default=list, blank=True)
    extra_hand = models.PositiveSmallIntegerField(null=True, blank=True)
    tie_notified_at = models.DateTimeField(null=True, blank=True)
    # The posted start its players were reminded of (tournament.mail.reminders, the claim that sends
    # the reminder once); a moved start is reminded again.
    reminded_for = models.DateTimeField(null=True, blank=True)
    # The hands unconfirmed at the time limit that hold the result (RULES F1); empty when none does.
    held_hands = models.JSONField(default=list, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["division", "round__number", "number"]
        constraints = [models.UniqueConstraint("round", "number", name="one_game_per_position")]

    def __str__(self) -> str:
        return self.label

    @property
    def is_done(self) -> bool:
        return self.status in self.DONE

    @property
    def status_words(self) -> str:
        """The status as the pages' badges say it. A walkover given by a team that withdrew after the
        draw says so: "Forfeit" alone reads as a no-show (in Spanish, "wins by no-show")."""
        if self.status == self.Status.FORFEIT and self.result_reason == self.Reason.WITHDRAWN:
            return pgettext("game status", "Opponent withdrew")
        return self.get_status_display()

    @property
    def round_words(self) -> str:
        """The round's name, or "" where it only repeats the division's (the final's round is "Final")."""
        name = str(self.round)
        return "" if name == self.division.title else name

    @property
    def round_where(self) -> str:
        """“Division 1 · Semi-finals”, “Final” (never “Final · Final”): the game's round in its division."""
        return " · ".join(str(part) for part in (self.division.title, self.round_words) if part)

    @property
    def where(self) -> str:
        """“Division 1 · Semi-finals · table 4”, “Final · table 1”: where a game is, on the pages."""
        parts = [self.division.title, self.round_words]
        if self.table_number:
            parts.append(pgettext("where a game is", "table %(number)s") % {"number": self.table_number})
        return " · ".join(p for p in parts if p)

    @property
    def label(self) -> str:
        """“Division 1 Semi-finals game 2, table 4”: how every message names a game (the final: “Final, table 1”)."""
        values = {"division": self.division.title, "round": self.round, "number": self.number, "table": self.table_number}
        if not self.round_words:
            if self.table_number:
                return _("%(division)s, table %(table)s") % values
            return str(values["division"])
        if self.table_number:
            return _("%(division)s %(round)s game %(number)s, table %(table)s") % values
        return _("%(division)s %(round)s game %(number)s") % values


class GameSide(models.Model):
    """One side of a game: a team (bracket games) or a player (table formats). 2 to 6 per game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sides")
    slot = models.PositiveSmallIntegerField()
    team = models.ForeignKey("tournament.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey("tournament.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    fed_by = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="feeds",
        help_text=gettext_lazy("The earlier game whose winner takes this slot."),
    )
    is_bye = models.BooleanField(default=False)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # Table games only: this side did not show up by the deadline and forfeits its place at the table
    # (placed last there) while the others play on.
    forfeited_at = models.DateTimeField(null=True, blank=True)
    # Table games only: an absent seat whose player arrived after all (the organizer's undo) plays from
    # this hand on; the hands before it scored the seat as absent (tournament.core.seat_state).
    back_from_hand = models.PositiveSmallIntegerField(null=True, blank=True)
    # Table games only: the seat's player left the table during the game (the organizer said so) after
    # this many hands: those hands keep their score; later hands treat the seat as absent (forfeited_at
    # is set with it). RULES-DECISIONS S4.
    left_after_hand = models.PositiveSmallIntegerField(null=True, blank=True)
    total = models.IntegerField(default=0)  # over every hand saved, confirmed or not (the table's running total)
    # Results count confirmed hands only (RULES F1): the total over them, and how many of the game's
    # hands still wait for confirmation (0: `total` is confirmed). Kept by scoring.hands with `total`.
    confirmed_total = models.IntegerField(default=0)
    pending_hands = models.PositiveSmallIntegerField(default=0)

    class Meta:
        # By the game's id, not the game: ordering by the relation joins the game, its division, round
        # and tournament (their own orderings) just to sort the sides.
        ordering = ["game_id", "slot"]
        constraints = [models.UniqueConstraint("game", "slot", name="one_side_per_slot")]

    def __str__(self) -> str:
        if self.team_id:
            return str(self.team)
        if self.player_id:
            return str(self.player)
        return _("BYE") if self.is_bye else "—"


class DivisionWithdrawal(models.Model):
    """A team that left one division of a bracket (or the final) after the draw and plays on in the
    other (tournament.formats.bracket.withdrawal): its games there are walkovers for its opponents,
    recorded as "withdrawn", never as a no-show. Undone by deleting the row while the games it gave
    away can still be taken back."""

    team = models.ForeignKey("tournament.Team", on_delete=models.CASCADE, related_name="division_withdrawals")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="withdrawals")
    reason = models.CharField(max_length=200)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["at", "id"]
        constraints = [models.UniqueConstraint("team", "division", name="one_withdrawal_per_team_per_division")]
