"""Sign-ups: registering teams, the partner board, and closing registration at the deadline.

The deadline is decided by the clock of whoever asks; the Celery task and the minute sweep only
record that registration closed (once) and tell the organizer. Every change here shows on a page
(the home, the teams, the partner board, the bracket and the printouts by name), so each one bumps
the tournament's change counter in its own transaction (tournament.page_cache).
"""

import datetime as dt
import logging

from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from tournament.localtime import full_text
from tournament.models import PartnerPost, Player, Team, Tournament

log = logging.getLogger(__name__)


def closed_message(tournament: Tournament) -> str:
    if tournament.registration_closed_at and tournament.registration_closed_at < tournament.signup_deadline:
        return f"Sign-ups were closed early by the organizer at {full_text(tournament, tournament.registration_closed_at)}."
    return f"Sign-ups closed at {full_text(tournament, tournament.signup_deadline)}. Ask the organizer if you still want to play."


def draw_started(tournament: Tournament) -> bool:
    return tournament.divisions.filter(published_at__isnull=False).exists()


def _clean_name(value: str, what: str, max_length: int) -> str:
    name = " ".join((value or "").split())
    if not name:
        raise ValidationError(f"{what} is required.")
    if len(name) > max_length:
        raise ValidationError(f"{what} is too long: at most {max_length} characters (this one has {len(name)}).")
    return name


def register_team(
    tournament: Tournament,
    *,
    team_name: str,
    player_names: tuple[str, str],
    contact: str = "",
    submission_key: str | None = None,
    late: bool = False,
    now: dt.datetime | None = None,
) -> Team:
    """Create a team of two partners, or raise ValidationError keyed by form field.

    `late` is the organizer's own entry after the deadline (allowed until a draw is published).
    A repeated `submission_key` returns the team the first submission made.
    """
    now = now or timezone.now()
    if submission_key:
        existing = Team.objects.filter(submission_key=submission_key, tournament=tournament).first()
        if existing:
            return existing
    if late:
        if draw_started(tournament):
            raise ValidationError("The draw is published; teams can no longer be added.")
    elif not tournament.signups_open(now):
        raise ValidationError(closed_message(tournament))

    errors: dict[str, list[str]] = {}

    def check(field, fn):
        try:
            return fn()
        except ValidationError as exc:
            errors.setdefault(field, []).extend(exc.messages)

    name = check("team_name", lambda: _clean_name(team_name, "Team name", 60))
    first = check("player1", lambda: _clean_name(player_names[0], "First partner's name", 80))
    second = check("player2", lambda: _clean_name(player_names[1], "Second partner's name", 80))
    if name and Team.objects.filter(tournament=tournament, name__iexact=name).exists():
        errors.setdefault("team_name", []).append(f"A team called “{name}” has already signed up. Pick another name.")
    if first and second and first.casefold() == second.casefold():
        errors.setdefault("player2", []).append("The two partners must be two different people.")
    for field, person in (("player1", first), ("player2", second)):
        if not person:
            continue
        taken = Player.objects.filter(tournament=tournament, name__iexact=person, team__isnull=False).select_related("team").first()
        if taken:
            errors.setdefault(field, []).append(f"{person} is already on team “{taken.team.name}”. A player can be on one team only.")
    if errors:
        raise ValidationError(errors)

    try:
        with transaction.atomic():
            team = Team.objects.create(
                tournament=tournament, name=name, contact=contact.strip()[:200], submission_key=submission_key,
                added_late=late and not tournament.signups_open(now), created_at=now,
            )
            for person in (first, second):
                # A player from the partner board joins with their existing row (and leaves the board).
                updated = Player.objects.filter(tournament=tournament, name__iexact=person, team__isnull=True).update(team=team)
                if not updated:
                    Player.objects.create(tournament=tournament, name=person, team=team, created_at=now)
            PartnerPost.objects.filter(player__team=team, closed_at__isnull=True).update(closed_at=now)
            Tournament.objects.filter(pk=tournament.pk).bump()
    except IntegrityError:
        # Two requests raced on one name or one key: the other one won; report it like a duplicate.
        if submission_key:
            existing = Team.objects.filter(submission_key=submission_key, tournament=tournament).first()
            if existing:
                return existing
        raise ValidationError({"team_name": ["That team or one of its players was just signed up by someone else."]})
    return team


def withdraw_team(team: Team, now: dt.datetime | None = None) -> None:
    if draw_started(team.tournament):
        raise ValidationError("The draw is published; a team can no longer be withdrawn here.")
    with transaction.atomic():
        if not Team.objects.filter(pk=team.pk, withdrawn_at__isnull=True).update(withdrawn_at=now or timezone.now()):
            return  # withdrawn already (a double click)
        # Withdrawn players are free to join another team.
        Player.objects.filter(team=team).update(team=None)
        Tournament.objects.filter(pk=team.tournament_id).bump()


def post_partner_wanted(tournament: Tournament, *, name: str, contact: str = "", note: str = "", now=None) -> PartnerPost:
    now = now or timezone.now()
    if not tournament.signups_open(now):
        raise ValidationError(closed_message(tournament))
    errors: dict[str, list[str]] = {}
    try:
        name = _clean_name(name, "Your name", 80)
    except ValidationError as exc:
        errors["name"] = exc.messages
    if len(note or "") > 200:
        errors["note"] = [f"The note is too long: at most 200 characters (this one has {len(note)})."]
    if not errors:
        existing = Player.objects.filter(tournament=tournament, name__iexact=name).first()
        if existing and existing.team_id:
            errors["name"] = [f"{name} is already on team “{existing.team.name}”."]
        elif existing and hasattr(existing, "partner_post") and existing.partner_post.closed_at is None:
            errors["name"] = [f"{name} is already on the board."]
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        player, _ = Player.objects.get_or_create(
            tournament=tournament, name=name, defaults={"contact": contact.strip()[:200], "created_at": now}
        )
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
        raise ValidationError("You cannot choose yourself.")
    if target.closed_at or target.player.tournament_id != tournament.pk:
        raise ValidationError("That player is no longer looking for a partner.")
    with transaction.atomic():
        PartnerPost.objects.filter(pk=post.pk).update(wants=target)
        Tournament.objects.filter(pk=tournament.pk).bump()
        target.refresh_from_db()
        if target.wants_id == post.pk:
            return pair(post, target, now=now)
    return None


def pair(a: PartnerPost, b: PartnerPost, *, team_name: str = "", now=None, late: bool = False) -> Team:
    """Make a team of two board posts (both agreed, or the organizer decided)."""
    names = (a.player.name, b.player.name)
    name = team_name or f"{names[0].split()[0]} & {names[1].split()[0]}"
    if Team.objects.filter(tournament=a.player.tournament, name__iexact=name).exists():
        name = f"{names[0]} & {names[1]}"[:60]
    return register_team(a.player.tournament, team_name=name, player_names=names, now=now, late=late)


def withdraw_post(post: PartnerPost, now=None) -> None:
    with transaction.atomic():
        PartnerPost.objects.filter(pk=post.pk, closed_at__isnull=True).update(closed_at=now or timezone.now())
        PartnerPost.objects.filter(wants=post).update(wants=None)
        Tournament.objects.filter(pk=post.player.tournament_id).bump()


def close_registration(tournament_id: int, *, early: bool = False, now: dt.datetime | None = None) -> bool:
    """Close sign-ups once. True for the one caller that closed them; False for everyone after.

    The conditional UPDATE is the claim: a task delivered twice, the sweep and the task together,
    or two organizers clicking at once all end with one close and one email.
    """
    now = now or timezone.now()
    due = Q() if early else Q(signup_deadline__lte=now)
    with transaction.atomic():
        claimed = Tournament.objects.filter(
            due, pk=tournament_id, status=Tournament.Status.OPEN, registration_closed_at__isnull=True
        ).update(status=Tournament.Status.CLOSED, registration_closed_at=now)
        if claimed:
            Tournament.objects.filter(pk=tournament_id).bump()
            transaction.on_commit(lambda: notify_registration_closed(tournament_id))
    return bool(claimed)


def close_due_registrations(now: dt.datetime) -> int:
    due = Tournament.objects.filter(
        status=Tournament.Status.OPEN, registration_closed_at__isnull=True, signup_deadline__lte=now
    ).values_list("pk", flat=True)
    return sum(close_registration(pk, now=now) for pk in list(due))


def notify_registration_closed(tournament_id: int) -> None:
    tournament = Tournament.objects.get(pk=tournament_id)
    teams = tournament.teams.filter(withdrawn_at__isnull=True).count()
    recipients = [tournament.organizer_email] if tournament.organizer_email else []
    if tournament.created_by and tournament.created_by.email:
        recipients.append(tournament.created_by.email)
    log.info("Sign-ups closed for %s with %d teams", tournament.slug, teams)
    if recipients:
        send_mail(
            subject=f"{tournament.name}: sign-ups closed with {teams} teams",
            message=(
                f"Sign-ups for {tournament.name} closed at "
                f"{full_text(tournament, tournament.registration_closed_at)}.\n"
                f"{teams} teams signed up. The draw can be made now.\n"
            ),
            from_email=None,
            recipient_list=sorted(set(recipients)),
        )
