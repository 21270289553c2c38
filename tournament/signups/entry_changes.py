"""A bracket team's own changes through its change-or-withdraw link (entry_links): its name, its two
partners' names and its contact, or withdrawing, while sign-ups are open. After the deadline only
the organizer changes a team (views_organizer, team_changes). The same checks as a sign-up: a name
another team or player holds is refused with a message at its field, and nothing is saved."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common import names
from tournament.common.field_errors import FieldErrors
from tournament.core.signup_deadline import closed_message
from tournament.models import Player, Team, Tournament


def _locked_open(team: Team, now: dt.datetime) -> Team:
    """The team again, under the tournament's row lock (sign-ups take turns); refused once closed or withdrawn."""
    tournament = Tournament.objects.select_for_update().get(pk=team.tournament_id)
    if not tournament.signups_open(now):
        raise ValidationError(closed_message(tournament))
    team = Team.objects.get(pk=team.pk)
    if team.withdrawn_at:
        raise ValidationError(_("“%(team)s” is withdrawn. To come back, ask the organizer.") % {"team": team.name})
    return team


def change_team(team: Team, *, team_name: str, player_names: tuple[str, str], contact: str = "",
                now: dt.datetime | None = None) -> Team:
    """Save the team's new details, or raise ValidationError keyed by form field and save nothing."""
    now = now or timezone.now()
    try:
        with transaction.atomic():
            team = _locked_open(team, now)
            players = list(team.players.order_by("created_at", "id"))
            name, people = _checked(team, players, team_name, player_names)
            # The name as shown ("Ana y Bea") or stored ("Ana & Bea") is no new name: a team named by
            # its players keeps being named by them, new names included.
            renamed = not (names.same(name, str(team.name)) or names.same(name, str.__str__(team.name)))
            kept = names.partners_name(people) if team.from_players else team.name
            Team.objects.filter(pk=team.pk).update(
                name=name if renamed else kept, from_players=team.from_players and not renamed,
                contact=(contact or "").strip()[:200])
            for player, person in zip(players, people):
                if person != player.name:
                    Player.objects.filter(pk=player.pk).update(name=person)
            Tournament.objects.filter(pk=team.tournament_id).bump()
    except IntegrityError:
        raise ValidationError({"team_name": [_("That team or one of its players was just signed up by someone else.")]})
    return Team.objects.get(pk=team.pk)


def _checked(team: Team, players: list[Player], team_name: str, player_names) -> tuple[str, list[str]]:
    errors = FieldErrors()
    longest = names.TEAM_NAME_LONGEST if team.from_players else 60
    name = errors.check("team_name", lambda: names.entered(team_name, _("Team name"), longest))
    people = [errors.check(field, lambda typed=typed, what=what: names.entered(typed, what, names.PLAYER_NAME_LONGEST))
              for field, typed, what in (("player1", player_names[0], _("First partner's name")),
                                         ("player2", player_names[1], _("Second partner's name")))]
    others = Team.objects.filter(tournament_id=team.tournament_id).exclude(pk=team.pk).only("name")
    if name and names.find(others, name):
        errors.add("team_name", _("A team called “%(name)s” has already signed up. Pick another name.") % {"name": name})
    if all(people) and names.same_person(*people):
        errors.add("player2", _("The two partners must be two different people."))
    someone_else = list(Player.objects.filter(tournament_id=team.tournament_id).exclude(team=team).select_related("team"))
    for field, person in zip(("player1", "player2"), people):
        taken = names.find_person(someone_else, person) if person else None
        if taken and taken.team_id and taken.team.active:
            errors.add(field, _("%(player)s is already on team “%(team)s”. A player can be on one team only.")
                       % {"player": taken.name, "team": taken.team.name})
        elif taken:
            errors.add(field, _("%(player)s is already signed up in this event (on the partner board "
                                "or a withdrawn team): ask the organizer.") % {"player": taken.name})
    errors.raise_any()
    return name, people


def withdraw(team: Team, now: dt.datetime | None = None) -> bool:
    """The team withdraws itself; False when it was withdrawn already (a second tap)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=team.tournament_id)
        if not tournament.signups_open(now):
            raise ValidationError(closed_message(tournament))
        if not Team.objects.filter(pk=team.pk, withdrawn_at__isnull=True).update(withdrawn_at=now):
            return False
        Tournament.objects.filter(pk=team.tournament_id).bump()
    return True
