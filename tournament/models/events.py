import datetime as dt
import uuid
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

import rules
from tournament.common import front_cache_purge, time_zones


def validate_time_zone(value: str) -> None:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValidationError(_("“%(value)s” is not on the time zone list.") % {"value": value})


# The presets of rules/ (RULES.md); a test checks this list against rules.PRESET_NAMES.
VARIANTS = [
    ("baja-partners", gettext_lazy("Baja Rummy, partners")),
    ("baja-cutthroat", gettext_lazy("Baja Rummy, cutthroat")),
    ("fiji-individual", gettext_lazy("Fiji Rummy, individual")),
    ("fiji-team", gettext_lazy("Fiji Rummy, teams")),
    ("club-4deck", gettext_lazy("Club 4-deck partners")),
    ("rummikub", gettext_lazy("Rummikub")),
]


# How the event is played; chosen at creation (tournament.formats.tables runs the table-round format).
def format_choices() -> list[tuple[str, str]]:
    """The event formats of settings.MELDBOARD_FORMATS (tournament.core.formats), each with its label:
    read when a form or a check asks, so a format is added by its registry line alone."""
    return [(key, import_string(path).label) for key, path in settings.MELDBOARD_FORMATS.items()]


# The Bayfest game length (RULES A7), for a game whose sheets give none.
GAME_TIME_LIMIT = dt.timedelta(hours=2, minutes=30)
TIME_LIMIT = "time_limit_minutes"


class TournamentQuerySet(models.QuerySet):
    def bump(self) -> int:
        """Count one change that a cached page or PDF of these tournaments shows.

        Call it inside the transaction that makes the change: the next request then reads the new
        count, so its cache key is new and nothing stale is ever served; the front cache, when there
        is one, is emptied of their pages once the transaction commits (before the response returns)."""
        front_cache_purge.purge_on_commit(lambda: [tag for pk, club_id in self.values_list("pk", "club_id")
                                                  for tag in front_cache_purge.tournament_tags(pk, club_id)])
        return self.update(changes=F("changes") + 1)

    def run_by(self, user) -> "TournamentQuerySet":
        """The tournaments `user` may run: every one for staff, those they organize for anyone else.

        The one rule of who organizes what: every organizer page and action asks it (through
        tournament.core.decorators), and the organizer's list shows what it returns."""
        if not user.is_authenticated:
            return self.none()
        if user.is_staff:
            return self.all()
        return self.filter(organizers=user)


class Tournament(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", gettext_lazy("Sign-ups open")
        CLOSED = "closed", gettext_lazy("Sign-ups closed")
        RUNNING = "running", pgettext_lazy("tournament status", "In play")
        FINISHED = "finished", pgettext_lazy("tournament status", "Finished")

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    venue = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True, help_text=gettext_lazy("What the event is; shown on the home page."))
    time_zone = models.CharField(max_length=64, default="America/Mazatlan", validators=[validate_time_zone])
    signup_deadline = models.DateTimeField()
    variant = models.CharField(max_length=40, default="baja-partners", choices=VARIANTS)
    format = models.CharField(max_length=12, default="bracket", choices=format_choices)
    # The numbers the tournament was created with; editing a preset later never rewrites them.
    rules_numbers = models.JSONField(default=dict, blank=True)
    # Every house-rule change: {"at": ISO time, "by": username, "changes": {number: [old, new]}}.
    rules_history = models.JSONField(default=list, blank=True)
    # A new tournament given no length takes its game's (save(): RULES D3, club 4-deck 1 h 45).
    game_time_limit = models.DurationField(default=GAME_TIME_LIMIT)
    no_show_grace = models.DurationField(default=dt.timedelta(minutes=5))
    require_confirmation = models.BooleanField(
        default=True, help_text=gettext_lazy("The other side confirms each hand entered at the table.")
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    registration_closed_at = models.DateTimeField(null=True, blank=True)
    # The claims that e-mail the entrants once (tournament.mail.closing, tournament.core.entrant_notices):
    # the deadline "sign-ups close tomorrow" was sent for (a moved deadline is told again), and when
    # the event's results went out.
    closing_notice_for = models.DateTimeField(null=True, blank=True)
    results_mailed_at = models.DateTimeField(null=True, blank=True)
    organizer_email = models.EmailField(blank=True)
    # What its printed sheets and background mail speak, and its pages to a browser naming neither language.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default="en")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=timezone.now)
    # Who runs the event besides staff: its creator and the co-organizers they add (run_by above).
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organized_tournaments", blank=True)
    # Bumped (TournamentQuerySet.bump) with every change a page shows; cache keys include it.
    changes = models.PositiveBigIntegerField(default=0)
    # The club whose memory the event joins (seasons, members, ratings, roll of honour); not in its backup.
    club = models.ForeignKey("tournament.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    # The event's identity wherever it goes: its backup carries it, so a second copy (imported twice,
    # or imported and the original added too) is recognised and refused, naming the first.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-signup_deadline"]

    def __str__(self) -> str:
        return self.name

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Whether whoever made it chose a length (a keyword; the form sets it): see save().
        self.length_given = "game_time_limit" in kwargs

    def preset_time_limit(self) -> dt.timedelta:
        """The game's own length: its preset's time limit, else the Bayfest 2 h 30."""
        minutes = rules.preset_numbers(self.variant).get(TIME_LIMIT) if self.variant in dict(VARIANTS) else None
        return dt.timedelta(minutes=minutes) if minutes else GAME_TIME_LIMIT

    def save(self, *args, **kwargs):
        adding = self._state.adding
        if adding and not self.length_given and self.game_time_limit == GAME_TIME_LIMIT:
            # Made outside the form (factory, admin, a script) with no length chosen: the game's own.
            self.game_time_limit = self.preset_time_limit()
        if not self.rules_numbers:
            self.rules_numbers = rules.preset_numbers(self.variant)
            if TIME_LIMIT in self.rules_numbers and self.game_time_limit:
                # The rules numbers keep the clock's minutes (tournament.core.house_rules).
                self.rules_numbers[TIME_LIMIT] = int(self.game_time_limit.total_seconds() // 60)
        super().save(*args, **kwargs)
        if adding and self.created_by_id:
            # Whoever makes a tournament runs it, however it is made (the form, the demo, a script).
            self.organizers.add(self.created_by_id)

    def is_run_by(self, user) -> bool:
        return Tournament.objects.run_by(user).filter(pk=self.pk).exists()

    @property
    def zone_words(self) -> str:
        """The time zone in words people read (“La Paz, Mazatlán”), for sentences; `time_zone` is its id."""
        return time_zones.words(self.time_zone)

    @property
    def tz(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)

    def local(self, moment: dt.datetime | None) -> dt.datetime | None:
        return moment.astimezone(self.tz) if moment else None

    def signups_open(self, now: dt.datetime | None = None) -> bool:
        """Decided by the clock of the request, never by whether the closing task has run."""
        now = now or timezone.now()
        return self.status == self.Status.OPEN and self.registration_closed_at is None and now < self.signup_deadline
