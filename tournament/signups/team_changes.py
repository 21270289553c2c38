"""The organizer's corrections to a signed-up team: its name, and taking back a withdrawal.

A withdrawn team keeps its players linked (registration.withdraw_team) so that its withdrawal can be
undone until the draw; a player of a withdrawn team is still free to sign up again, which moves
their row to the new team — and then the old team cannot come back without them.
"""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common import names
from tournament.core.signup_deadline import draw_started
from tournament.models import PartnerPost, Team, Tournament


def rename_team(team: Team, new_name: str) -> Team:
    """Give `team` a new name (any time: the bracket and the printouts follow), or ValidationError."""
    name = names.entered(new_name, _("Team name"), 60)
    others = Team.objects.filter(tournament_id=team.tournament_id).exclude(pk=team.pk).only("name")
    taken = names.find(others, name)
    if taken:
        raise ValidationError(_("A team called “%(name)s” is already signed up. Pick another name.") % {"name": taken.name})
    if name == team.name:
        return team
    try:
        with transaction.atomic():
            # A name typed is the team's own, no longer its players' names joined.
            Team.objects.filter(pk=team.pk).update(name=name, from_players=False)
            Tournament.objects.filter(pk=team.tournament_id).bump()
    except IntegrityError:
        raise ValidationError(_("A team called “%(name)s” was just signed up. Pick another name.") % {"name": name})
    team.name, team.from_players = name, False
    return team


def undo_withdrawal(team: Team, now=None) -> bool:
    """Bring a withdrawn team back before the draw. False when it was not withdrawn (a double click)."""
    if draw_started(team.tournament):
        raise ValidationError(_(
            "The draw is published, so “%(team)s” cannot come back: the bracket is made. "
            "Add them as a substitute team at the table instead, if a game needs one."
        ) % {"team": team.name})
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=team.tournament_id).values_list("pk", flat=True).get()
        players = list(team.players.all())
        if len(players) < 2:
            if players:
                refusal = _("“%(team)s” cannot come back: only %(player)s is still on it; their partner has joined "
                            "another team since. Add the team again with its players instead.")
            else:
                refusal = _("“%(team)s” cannot come back: neither of its players is on it any more. "
                            "Add the team again with its players instead.")
            raise ValidationError(refusal % {"team": team.name, "player": players[0].name if players else ""})
        if not Team.objects.filter(pk=team.pk, withdrawn_at__isnull=False).update(withdrawn_at=None):
            return False
        # Back on a team, they are no longer looking for a partner.
        PartnerPost.objects.filter(player__team=team, closed_at__isnull=True).update(closed_at=now or timezone.now())
        Tournament.objects.filter(pk=team.tournament_id).bump()
    return True
