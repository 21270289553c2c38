"""A club's events: one of the organizer's events added, a backup imported into the club, an event
taken out again. An event joins a club once: its identity (Tournament.uid) travels in its backup, so
importing a copy of an event already here is refused naming the first (tournament.events.backup), and
an event already in a club — this one or another — is not added again.

Standings, players' pages and ratings follow on the next request: their keys hold the club's events
(tournament.clubs.pages, tournament.clubs.ratings.heads)."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs import members as people
from tournament.clubs.forms import BackupForm
from tournament.clubs.views_organizer import _refused, club_organizer
from tournament.events.backup import TournamentImportError, import_tournament, read_file
from tournament.models import Club, Tournament


def copy_in_club(club: Club, tournament: Tournament) -> Tournament | None:
    """An event of the club that is this one under another row: a copy imported before events carried
    their identity has the same name and the same sign-up deadline to the microsecond."""
    return (club.events.exclude(pk=tournament.pk)
            .filter(name__iexact=tournament.name, signup_deadline=tournament.signup_deadline).first())


def joining_refused(club: Club, tournament: Tournament, *, imported: bool = False) -> str | None:
    """Why `tournament` cannot join `club` (it is in a club already, or a copy of it is), or None.
    `imported`: the event is a backup just read (the import is undone)."""
    if tournament.club_id == club.pk:
        return _("“%(name)s” is already one of the club's events: nothing changed.") % {"name": tournament.name}
    if tournament.club_id:
        return _("“%(name)s” is one of the events of the club “%(club)s”; an event joins one club once. "
                 "Take it out of that club first.") % {"name": tournament.name, "club": tournament.club.name}
    first = copy_in_club(club, tournament)
    if first is not None:
        where = {"name": tournament.name, "first": first.name, "address": first.slug}
        if imported:
            return _("“%(name)s” is already in the club as “%(first)s” (/t/%(address)s/): an event joins a club "
                     "once; nothing was imported.") % where
        return _("“%(name)s” is already in the club as “%(first)s” (/t/%(address)s/): an event joins a club once. "
                 "Take that one out first if this is the one to keep.") % where
    return None


def _join(club: Club, tournament: Tournament) -> None:
    with transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(club=club)
        Tournament.objects.filter(pk=tournament.pk).bump()
        Club.objects.filter(pk=club.pk).bump()
    people.sync(club)


def _posted_slug(request) -> str:
    """The event picked; a NUL byte (which PostgreSQL cannot even compare) names no event."""
    slug = request.POST.get("event", "")
    return "" if "\x00" in slug else slug


@club_organizer
@require_POST
def attach(request, club):
    tournament = (Tournament.objects.run_by(request.user).select_related("club")
                  .filter(slug=_posted_slug(request)).first())
    if tournament is None:
        messages.error(request, _("Choose one of your events to add to the club."))
        return redirect("clubs_organizer:manage", club.slug)
    refused = joining_refused(club, tournament)
    if refused:
        messages.error(request, refused)
        return redirect("clubs_organizer:manage", club.slug)
    _join(club, tournament)
    messages.success(request, _("“%(name)s” is now one of the club's events.") % {"name": tournament.name})
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
@require_POST
def import_backup(request, club):
    form = BackupForm(request.POST, request.FILES)
    if not form.is_valid():
        return _refused(request, club, backup_form=form)
    try:
        with transaction.atomic():
            tournament = import_tournament(read_file(form.cleaned_data["file"].read()), by=request.user)
            refused = joining_refused(club, tournament, imported=True)
            if refused:
                raise TournamentImportError(refused)  # leaves the atomic block: the import is undone
    except TournamentImportError as exc:
        return _refused(request, club, backup_form=form, backup_error=str(exc))
    _join(club, tournament)
    messages.success(request, _("“%(name)s” imported and added to the club's history (/t/%(address)s/).") % {
        "name": tournament.name, "address": tournament.slug})
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
@require_POST
def detach(request, club):
    """Take an event out of the club: it stays as it is, outside the club's seasons, pages and ratings."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(club=club, slug=_posted_slug(request)).first()
        if tournament is None:
            messages.info(request, _("That event is no longer one of the club's events: nothing changed."))
            return redirect("clubs_organizer:manage", club.slug)
        Tournament.objects.filter(pk=tournament.pk).update(club=None)
        Tournament.objects.filter(pk=tournament.pk).bump()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("“%(name)s” was taken out of the club: its seasons, players' pages and ratings "
                                "no longer count it.") % {"name": tournament.name})
    return redirect("clubs_organizer:manage", club.slug)
