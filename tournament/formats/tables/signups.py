"""Sign-ups to a table event: a player alone, or (partnership events) a pair of partners, each
optionally naming who they came with; the organizer's additions, edits and withdrawals.

The table-event counterpart of tournament.signups.registration (which signs up bracket teams): the
same one-time submission key, the same deadline rule (the clock of the request decides), every
change bumping the change counter in its own transaction. People who came together share a
Household and are never drawn as partners.
"""

from __future__ import annotations

import datetime as dt
import re

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common import names
from tournament.common.field_errors import FieldErrors
from tournament.core.signup_deadline import closed_message
from tournament.formats.tables import formats
from tournament.models import (
    Household,
    PartnerDraw,
    Player,
    SeatingDraw,
    TableEntry,
    Team,
    Tournament,
)

# "Ann, Bob & Cy and Di" → four names.
NAME_SEPARATORS = re.compile(r"\s*(?:,|;|/|\+|&|\band\b)\s*", re.IGNORECASE)


def named_in(came_with: str) -> list[str]:
    return [names.clean(part) for part in NAME_SEPARATORS.split(came_with or "") if names.clean(part)]


def came_with_keys(came_with: str) -> set[str]:
    """The people `came_with` names, as one event tells people apart: "Pedro Diaz", "pedro  DÍAZ" and
    "Pedro Díaz" are one person (tournament.common.names.same_person_key)."""
    return {names.same_person_key(n) for n in named_in(came_with)}


def unmatched_came_with(tournament: Tournament, players) -> dict[int, list[str]]:
    """For each of `players` (with its table_entry), the names in its "came with" that match nobody
    signed up to the event (yet): a misspelling would let a couple be drawn together unseen."""
    known = {names.same_person_key(n) for n in Player.objects.filter(tournament=tournament).values_list("name", flat=True)}
    found = {}
    for player in players:
        entry = getattr(player, "table_entry", None)
        missing = [n for n in named_in(entry.came_with if entry else "") if names.same_person_key(n) not in known]
        if missing:
            found[player.pk] = missing
    return found


def active_players(tournament: Tournament):
    return Player.objects.filter(tournament=tournament, table_entry__withdrawn_at__isnull=True)


def partners_published(tournament: Tournament) -> bool:
    return PartnerDraw.objects.filter(tournament=tournament, published_at__isnull=False).exists()


def rounds_published(tournament: Tournament) -> bool:
    return SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False).exists()


def _existing(tournament: Tournament, name: str, *, besides: Player | None = None) -> Player | None:
    """The player of this name, compared as one event tells its players apart (issue 39: accents,
    case and spaces ignored, so "jose nunez" is the José Núñez already signed up); `besides` left out."""
    players = Player.objects.filter(tournament=tournament).select_related("table_entry", "team")
    if besides is not None:
        players = players.exclude(pk=besides.pk)
    return names.find_person(players, name)


def _taken_message(player: Player) -> str:
    entry = getattr(player, "table_entry", None)
    if entry and entry.withdrawn_at:
        return _("%(name)s signed up earlier and withdrew. Ask the organizer to add them again.") % {"name": player.name}
    return _("%(name)s has already signed up.") % {"name": player.name}


def register(
    tournament: Tournament,
    *,
    name: str,
    partner: str = "",
    came_with: str = "",
    contact: str = "",
    submission_key: str | None = None,
    late: bool = False,
    now: dt.datetime | None = None,
) -> list[Player]:
    """Sign up one player, or a pair of partners (partnership events); raise ValidationError keyed
    by form field ("name", "partner", "came_with") and save nothing when anything is wrong.

    A partner who signed up alone earlier joins the new pair. `late` is the organizer's own entry
    after the deadline. A repeated `submission_key` returns the players the first submission made.
    """
    now = now or timezone.now()
    if submission_key:
        first = TableEntry.objects.filter(submission_key=submission_key, player__tournament=tournament).select_related("player").first()
        if first:
            return _signed_together(first.player)
    if not late and not tournament.signups_open(now):
        raise ValidationError(closed_message(tournament))

    errors = FieldErrors()
    first = errors.check("name", lambda: names.entered(name, _("Your name"), 80))
    second = errors.check("partner", lambda: names.entered(partner, _("Partner's name"), 80)) if (partner or "").strip() else None
    errors.check("came_with", lambda: names.entered(came_with, _("Came with"), 200) if (came_with or "").strip() else "")
    partner_row = None
    if second and not formats.in_partnerships(tournament):
        errors.add("partner", _("In this event everyone plays for themselves: sign up without a partner."))
    elif not second and formats.in_partnerships(tournament) and partners_published(tournament):
        errors.add("partner", _("The partners were drawn already: sign up as a pair, with your partner's name."))
    if first:
        taken = _existing(tournament, first)
        if taken:
            errors.add("name", _taken_message(taken))
    if first and second:
        if names.same_person(first, second):
            errors.add("partner", _("The two partners must be two different people."))
        elif names.same_person_key(second) in came_with_keys(came_with):
            errors.add("partner", _("%(name)s came with you: people who came together are never partners. "
                                    "Sign up alone to be drawn.") % {"name": second})
        else:
            partner_row = _existing(tournament, second)
            if partner_row and (partner_row.team_id or not partner_row.table_entry.active):
                errors.add("partner", _("%(name)s is already partnered with someone.") % {"name": partner_row.name}
                           if partner_row.team_id else _taken_message(partner_row))
    errors.raise_any()

    added_late = late and not tournament.signups_open(now)
    try:
        with transaction.atomic():
            player = Player.objects.create(tournament=tournament, name=first, contact=contact.strip()[:200], created_at=now)
            entry = TableEntry.objects.create(
                player=player, came_with=" ".join(came_with.split()), added_late=added_late, submission_key=submission_key
            )
            players, entries = [player], [entry]
            if second:
                if partner_row is None:
                    partner_row = Player.objects.create(tournament=tournament, name=second, created_at=now)
                    entries.append(TableEntry.objects.create(player=partner_row, added_late=added_late))
                team = Team.objects.create(
                    tournament=tournament, name=names.partners_name((first, second)), from_players=True, contact=contact.strip()[:200],
                    added_late=added_late, created_at=now,
                )
                Player.objects.filter(pk__in=[player.pk, partner_row.pk]).update(team=team)
                players.append(partner_row)
            for each in entries:
                link_household(each)
            Tournament.objects.filter(pk=tournament.pk).bump()
    except IntegrityError:
        # Two requests raced on one name or one key: the other one won; report it like a duplicate.
        if submission_key:
            first_entry = TableEntry.objects.filter(submission_key=submission_key).select_related("player").first()
            if first_entry:
                return _signed_together(first_entry.player)
        raise ValidationError({"name": [_("That name was just signed up by someone else.")]})
    return [Player.objects.select_related("team").get(pk=p.pk) for p in players]


def _signed_together(player: Player) -> list[Player]:
    if player.team_id:
        return list(player.team.players.order_by("created_at", "id"))
    return [player]


def link_household(entry: TableEntry) -> Household | None:
    """Put `entry` in one household with everyone it names and everyone who names it.

    Either side naming the other is enough, so a couple signing up one after the other ends in one
    household whoever typed the name. Households that meet are merged into the oldest."""
    tournament_id = entry.player.tournament_id
    mine = came_with_keys(entry.came_with)
    me = names.same_person_key(entry.player.name)
    others = [
        other
        for other in TableEntry.objects.filter(player__tournament_id=tournament_id).exclude(pk=entry.pk).select_related("player")
        if names.same_person_key(other.player.name) in mine or me in came_with_keys(other.came_with)
    ]
    if not others:
        return entry.household
    members = [entry, *others]
    households = sorted({m.household_id for m in members if m.household_id})
    target = households[0] if households else Household.objects.create(tournament_id=tournament_id).pk
    TableEntry.objects.filter(Q(pk__in=[m.pk for m in members]) | Q(household_id__in=households)).update(household_id=target)
    Household.objects.filter(pk__in=households[1:]).delete()
    entry.household_id = target
    return entry.household


def _drop_lonely_households(tournament: Tournament) -> None:
    """A household of one person constrains nobody."""
    for household in Household.objects.filter(tournament=tournament).prefetch_related("entries"):
        if len(household.entries.all()) < 2:
            household.delete()


def edit_player(player: Player, *, name: str, contact: str = "", came_with: str = "") -> Player:
    """The organizer corrects a name, a contact or whom the player came with."""
    errors = FieldErrors()
    new_name = errors.check("name", lambda: names.entered(name, _("Name"), 80))
    if new_name:
        taken = _existing(player.tournament, new_name, besides=player)  # fixing one's own accents is no clash
        if taken:
            errors.add("name", _("Another player is already called %(name)s.") % {"name": taken.name})
    if len(came_with or "") > 200:
        errors.add("came_with", _("Came with is too long: at most 200 characters (this one has %(count)s).")
                   % {"count": len(came_with)})
    errors.raise_any()
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(name=new_name, contact=(contact or "").strip()[:200])
        entry = TableEntry.objects.get_or_create(player=player)[0]
        TableEntry.objects.filter(pk=entry.pk).update(came_with=" ".join((came_with or "").split()), household=None)
        entry.refresh_from_db()
        link_household(entry)
        _drop_lonely_households(player.tournament)
        if player.team_id:
            mates = Player.objects.filter(team_id=player.team_id).order_by("created_at", "id").values_list("name", flat=True)
            Team.objects.filter(pk=player.team_id).update(name=names.partners_name(mates), from_players=True)
        Tournament.objects.filter(pk=player.tournament_id).bump()
    player.refresh_from_db()
    return player


def withdraw_player(player: Player, now: dt.datetime | None = None) -> str:
    """Take a player out of the rounds not yet seated; returns what happened, in words.

    A partnership goes with them. Before any round is seated the partner is freed to be paired
    again; after, the partnership stays as it played (its sheets name both)."""
    now = now or timezone.now()
    tournament = player.tournament
    with transaction.atomic():
        entry = TableEntry.objects.get_or_create(player=player)[0]
        if not TableEntry.objects.filter(pk=entry.pk, withdrawn_at__isnull=True).update(withdrawn_at=now):
            return _("%(name)s was withdrawn already.") % {"name": player.name}
        message = _("Withdrew %(name)s.") % {"name": player.name}
        if player.team_id:
            partner = Player.objects.filter(team_id=player.team_id).exclude(pk=player.pk).first()
            Team.objects.filter(pk=player.team_id, withdrawn_at__isnull=True).update(withdrawn_at=now)
            if not rounds_published(tournament):
                Player.objects.filter(team_id=player.team_id).update(team=None)
                if partner:
                    message += " " + _("%(name)s has no partner now.") % {"name": partner.name}
            elif partner:
                TableEntry.objects.filter(player=partner, withdrawn_at__isnull=True).update(withdrawn_at=now)
                message += " " + _("Their partner %(name)s is withdrawn with them.") % {"name": partner.name}
        Tournament.objects.filter(pk=tournament.pk).bump()
    return message
