"""A club's memory: its organizers, members (people known across its events), seasons, the events
it ran before Meldboard, and each member's stored rating (tournament.ratings replays them).

A member is never tied to a Player row by a key: a tournament's backup carries its own rows only, so
a member is found from a player by the name and contact keys of `MemberName` (tournament.ratings.members)."""

import datetime as dt
import zoneinfo

from django.conf import settings
from django.db import models
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournament.common import front_cache_purge, time_zones
from tournament.models.events import validate_time_zone

DEFAULT_PLACE_POINTS = [10, 7, 5, 3, 1]


def default_place_points() -> list[int]:
    return list(DEFAULT_PLACE_POINTS)


def default_time_zone() -> str:
    """A new club's zone until its secretary picks one: the server's (settings.TIME_ZONE)."""
    return settings.TIME_ZONE


class ClubQuerySet(models.QuerySet):
    def bump(self) -> int:
        """Count one change of the club's own rows (members, seasons, past events): its pages' keys hold it
        (and the front cache, when there is one, is emptied of its pages once the transaction commits)."""
        front_cache_purge.purge_on_commit(lambda: [tag for pk in self.values_list("pk", flat=True)
                                                  for tag in front_cache_purge.club_tags(pk)])
        return self.update(changes=F("changes") + 1)

    def run_by(self, user) -> "ClubQuerySet":
        if not user.is_authenticated:
            return self.none()
        if user.is_staff:
            return self.all()
        return self.filter(organizers=user)


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs", blank=True)
    # Season points for 1st, 2nd, … place in an event, and for taking part at all.
    place_points = models.JSONField(default=default_place_points)
    taking_part_points = models.PositiveSmallIntegerField(default=1)
    # Where the club meets: every date its pages, PDFs and CSV print is the day there (an event at
    # 22:22 on the 27th in Mazatlán is on the 27th, not on UTC's 28th).
    time_zone = models.CharField(max_length=64, default=default_time_zone, validators=[validate_time_zone])
    created_at = models.DateTimeField(default=timezone.now)
    changes = models.PositiveBigIntegerField(default=0)
    # The history the stored ratings were replayed from (tournament.ratings.store): replayed again when it differs.
    rated_from = models.CharField(max_length=200, blank=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def tz(self) -> zoneinfo.ZoneInfo:
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")

    @property
    def zone_words(self) -> str:
        """The zone as people say it (“La Paz, Mazatlán”), never the raw id."""
        return time_zones.words(self.time_zone)

    def day_of(self, moment) -> dt.date | None:
        """The calendar day a moment falls on where the club meets."""
        return timezone.localtime(moment, self.tz).date() if moment else None


class Member(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(max_length=80)
    contact = models.CharField(max_length=200, blank=True)
    unlisted = models.BooleanField(
        default=False, help_text=gettext_lazy("Asked not to be listed publicly: pages show “a member” instead.")
    )
    # The organizer looked at this member's look-alikes and said they are other people.
    confirmed = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    # Merged by the secretary into another member (the same person): every page counts them as that
    # one; a split clears it, and the member's names and contacts are theirs again.
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged")
    merged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class MemberName(models.Model):
    """One way a member appeared in the club's events: a name key and a contact key (either may recur)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="names")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    name_key = models.CharField(max_length=80, db_index=True)
    contact_key = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint("club", "name_key", "contact_key", name="one_member_per_name_and_contact")]


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80)
    starts_on = models.DateField()
    ends_on = models.DateField()
    # The secretary said this season may overlap another of the club's (a summer league beside the year).
    overlap_allowed = models.BooleanField(default=False)

    class Meta:
        ordering = ["-starts_on", "id"]

    def __str__(self) -> str:
        return self.name


class PastEvent(models.Model):
    """An event the club ran before Meldboard, typed in: its champions and medallists by name."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="past_events")
    name = models.CharField(max_length=120)
    year = models.PositiveSmallIntegerField()
    champions = models.CharField(max_length=200)
    silver = models.CharField(max_length=200, blank=True)
    bronze = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-year", "name", "id"]

    def __str__(self) -> str:
        return self.shown_as(self.name, self.year)

    @staticmethod
    def shown_as(name: str, year: int) -> str:
        """"Copa Baja 2019", whether the year was typed into the name or not (never "Copa Baja 2019 2019")."""
        return name if name.rstrip().endswith(str(year)) else f"{name} {year}"


class MemberRating(models.Model):
    """A member's rating as last replayed: mu the estimate, sigma its uncertainty (openskill)."""

    member = models.OneToOneField(Member, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
