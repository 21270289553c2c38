"""Sign-ups: registering teams, the partner board, and closing registration at the deadline.

The deadline is decided by the clock of whoever asks; the Celery task and the minute sweep only
record that registration closed (once) and tell the organizer. Every change here shows on a page
(the home, the teams, the partner board, the bracket and the printouts by name), so each one bumps
the tournament's change counter in its own transaction (tournament.core.page_cache).
"""

import datetime as dt
import logging

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common import names
from tournament.common.field_errors import FieldErrors
from tournament.core.signup_deadline import closed_message, draw_started
from tournament.models import PartnerPost, Player, Team, Tournament

log = logging.getLogger(__name__)


def _lock(tournament: Tournament) -> None:
    """Claim the tournament's row for this transaction: sign-ups of one tournament take turns, so the
    submission key and the duplicate names are checked against every sign-up committed before."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk", flat=True).get()


def _by_key(tournament: Tournament, submission_key: str | None) -> Team | None:
    if not submission_key:
        return None
    return Team.objects.filter(submission_key=submission_key, tournament=tournament).first()


def register_team(
    tournament: Tournament,
    *,
    team_name: str,
    player_names: tuple[str, str],
    contact: str = "",
    submission_key: str | None = None,
    late: bool = False,
    now: dt.datetime | None = None,
    from_players: bool = False,
) -> Team:
    """Create a team of two partners, or raise ValidationError keyed by form field.

    `late` is the organizer's own entry after the deadline (allowed until a draw is published).
    A repeated `submission_key` returns the team the first submission made: it is looked up before
    any other check, under the tournament's row lock, so a retry or a burst of identical
    submissions is told it succeeded, never that its own name is taken.
    """
    now = now or timezone.now()
    try:
        with transaction.atomic():
            _lock(tournament)
            existing = _by_key(tournament, submission_key)
            if existing:
                return existing
            name, first, second = _checked_entry(tournament, team_name, player_names, late=late, now=now,
                                                 longest=names.TEAM_NAME_LONGEST if from_players else 60)
            team = Team.objects.create(
                tournament=tournament, name=name, from_players=from_players, contact=contact.strip()[:200], submission_key=submission_key,
                added_late=late and not tournament.signups_open(now), created_at=now,
            )
            free = Q(team__isnull=True) | Q(team__withdrawn_at__isnull=False)
            players = list(Player.objects.filter(free, tournament=tournament))
            for person in (first, second):
                # A player from the partner board or a withdrawn team joins with their existing row.
                waiting = names.find_person(players, person)
                if waiting:
                    Player.objects.filter(pk=waiting.pk).update(team=team)
                else:
                    Player.objects.create(tournament=tournament, name=person, team=team, created_at=now)
            PartnerPost.objects.filter(player__team=team, closed_at__isnull=True).update(closed_at=now)
            Tournament.objects.filter(pk=tournament.pk).bump()
    except IntegrityError:
        # The key is unique across tournaments: another tournament's team holds it.
        raise ValidationError({"team_name": [_("That team or one of its players was just signed up by someone else.")]})
    return team


def _checked_entry(tournament, team_name, player_names, *, late, now, longest: int = 60) -> tuple[str, str, str]:
    """The clean team and player names, or ValidationError keyed by form field."""
    if late:
        if draw_started(tournament):
            raise ValidationError(_("The draw is published; teams can no longer be added."))
    elif not tournament.signups_open(now):
        raise ValidationError(closed_message(tournament))

    errors = FieldErrors()
    name = errors.check("team_name", lambda: names.entered(team_name, _("Team name"), longest))
    first = errors.check("player1", lambda: names.entered(player_names[0], _("First partner's name"), names.PLAYER_NAME_LONGEST))
    second = errors.check("player2", lambda: names.entered(player_names[1], _("Second partner's name"), names.PLAYER_NAME_LONGEST))
    if name and names.find(Team.objects.filter(tournament=tournament).only("name"), name):
        errors.add("team_name", _("A team called “%(name)s” has already signed up. Pick another name.") % {"name": name})
    if first and second and names.same_person(first, second):
        errors.add("player2", _("The two partners must be two different people."))
    on_teams = list(Player.objects.filter(tournament=tournament, team__isnull=False, team__withdrawn_at__isnull=True).select_related("team"))
    for field, person in (("player1", first), ("player2", second)):
        # Accents, case and spaces aside: "jose nunez" is the José Núñez already on a team.
        taken = names.find_person(on_teams, person) if person else None
        if taken:
            errors.add(field, _("%(player)s is already on team “%(team)s”. A player can be on one team only.")
                       % {"player": taken.name, "team": taken.team.name})
    errors.raise_any()
    return name, first, second


def withdraw_team(team: Team, now: dt.datetime | None = None) -> None:
    if draw_started(team.tournament):
        raise ValidationError(_("The draw is published; a team can no longer be withdrawn here."))
    with transaction.atomic():
        if not Team.objects.filter(pk=team.pk, withdrawn_at__isnull=True).update(withdrawn_at=now or timezone.now()):
            return  # withdrawn already (a double click)
        # Its players stay linked so the withdrawal can be undone (team_changes.undo_withdrawal);
        # they are free to join another team all the same (register_team moves them).
        Tournament.objects.filter(pk=team.tournament_id).bump()


def post_partner_wanted(tournament: Tournament, *, name: str, contact: str = "", note: str = "", now=None) -> PartnerPost:
    now = now or timezone.now()
    if not tournament.signups_open(now):
        raise ValidationError(closed_message(tournament))
    errors = FieldErrors()
    name = errors.check("name", lambda typed=name: names.entered(typed, _("Your name"), 80))
    if len(note or "") > 200:
        errors.add("note", _("The note is too long: at most %(max)s characters (this one has %(length)s).")
                   % {"max": 200, "length": len(note)})
    errors.raise_any()
    with transaction.atomic():
        _lock(tournament)
        existing = names.find_person(Player.objects.filter(tournament=tournament).select_related("team", "partner_post"), name)
        if existing and existing.team_id and existing.team.withdrawn_at is None:
            raise ValidationError({"name": [_("%(player)s is already on team “%(team)s”.")
                                            % {"player": existing.name, "team": existing.team.name}]})
        if existing and hasattr(existing, "partner_post") and existing.partner_post.closed_at is None:
            raise ValidationError({"name": [_(
                "%(player)s is already on the board. To choose, accept or withdraw from this phone, open the private "
                "link you were given when you posted (it was e-mailed to you if you gave an e-mail address)."
            ) % {"player": name}]})
        player = existing or Player.objects.create(
            tournament=tournament, name=name, contact=contact.strip()[:200], created_at=now
        )
        if existing and contact.strip():
            Player.objects.filter(pk=player.pk).update(contact=contact.strip()[:200])
            player.contact = contact.strip()[:200]
        PartnerPost.objects.filter(player=player).delete()
        post = PartnerPost.objects.create(player=player, note=(note or "").strip(), created_at=now)
        Tournament.objects.filter(pk=tournament.pk).bump()
    return post


def open_posts(tournament: Tournament):
    return (
        PartnerPost.objects.filter(player__tournament=tournament, closed_at__isnull=True)
        .select_related("player", "wants__player")
        .order_by("created_at", "id")
    )


def choose_partner(post: PartnerPost, target: PartnerPost, now=None) -> Team | None:
    """`post` asks `target`; when `target` already asked `post`, the two become a team."""
    now = now or timezone.now()
    tournament = post.player.tournament
    if not tournament.signups_open(now):
        raise ValidationError(closed_message(tournament))
    if post.pk == target.pk:
        raise ValidationError(_("You cannot choose yourself."))
    if target.closed_at or target.player.tournament_id != tournament.pk:
        raise ValidationError(_("That player is no longer looking for a partner."))
    with transaction.atomic():
        PartnerPost.objects.filter(pk=post.pk).update(wants=target)
        Tournament.objects.filter(pk=tournament.pk).bump()
        target.refresh_from_db()
        if target.wants_id == post.pk:
            return pair(post, target, now=now)
    return None


def pair(a: PartnerPost, b: PartnerPost, *, team_name: str = "", now=None, late: bool = False) -> Team:
    """Make a team of two board posts (both agreed, or the organizer decided)."""
    people = (a.player.name, b.player.name)
    name = team_name or f"{people[0].split()[0]} & {people[1].split()[0]}"
    if names.find(Team.objects.filter(tournament=a.player.tournament).only("name"), name):
        name = names.partners_name(people)
    # The players typed their contacts on the board; the organizer's team list must be able to call them.
    contacts = list(dict.fromkeys(c.strip() for c in (a.player.contact, b.player.contact) if c.strip()))
    return register_team(
        a.player.tournament, team_name=name, player_names=people, contact="; ".join(contacts), now=now, late=late,
        from_players=not team_name,
    )


def withdraw_post(post: PartnerPost, now=None) -> None:
    with transaction.atomic():
        PartnerPost.objects.filter(pk=post.pk, closed_at__isnull=True).update(closed_at=now or timezone.now())
        PartnerPost.objects.filter(wants=post).update(wants=None)
        Tournament.objects.filter(pk=post.player.tournament_id).bump()
