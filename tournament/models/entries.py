import secrets

from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common import names


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class Team(models.Model):
    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="teams")
    # A typed team name is at most 60 characters (the sign-up form); a name made of its players'
    # names holds them whole, however long (never cut: "Hank Jones" must stay on every page).
    name = models.CharField(max_length=names.TEAM_NAME_LONGEST)
    # True when the name is its players' names (table events' pairs): shown joined in the page's language.
    from_players = models.BooleanField(default=False)
    contact = models.CharField(max_length=200, blank=True, help_text=gettext_lazy("Phone or email for the organizer."))
    created_at = models.DateTimeField(default=timezone.now)
    added_late = models.BooleanField(default=False, help_text=gettext_lazy("Added by the organizer after the deadline."))
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # The sign-up form's one-time key: a double tap or a resent POST finds this team, not a new one.
    submission_key = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "tournament", name="team_name_unique_per_tournament"),
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Loaded or created: a name of players' names shows joined in the page's language.
        if self.__dict__.get("from_players") and isinstance(self.__dict__.get("name"), str):
            self.name = names.Partners(self.name)

    def __str__(self) -> str:
        return str(self.name)

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None

    def player_names(self) -> str:
        return names.joined(p.name for p in self.players.all())


class Player(models.Model):
    """A person in one tournament; on at most one team there (the FK makes that structural)."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=names.PLAYER_NAME_LONGEST)
    contact = models.CharField(max_length=200, blank=True)
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "tournament", name="player_name_unique_per_tournament"),
        ]

    def __str__(self) -> str:
        return self.name


class PartnerPost(models.Model):
    """"Looking for a partner": a player without a team; two posts that choose each other pair up."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="partner_post")
    note = models.CharField(max_length=200, blank=True)
    secret = models.CharField(max_length=64, default=new_secret, unique=True)
    wants = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="wanted_by")
    created_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return _("%(name)s looking for a partner") % {"name": self.player.name}

    @property
    def tournament(self):
        return self.player.tournament
