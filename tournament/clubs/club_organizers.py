"""Who runs a club: its organizers, adding one by user name or e-mail, inviting one by e-mail
(tournament.accounts), the invitations waiting, and removing one (never the last)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.accounts import inviting
from tournament.clubs.views_organizer import club_organizer
from tournament.events.organizers import OrganizerForm, page_context


def _render(request, club, form=None, invite_form=None, status=200):
    return render(request, "clubs/organizers.html", {
        "club": club, **page_context(club, "clubs_organizer", form or OrganizerForm(place=club), invite_form),
    }, status=status)


@require_GET
@club_organizer
def page(request, club):
    return _render(request, club)


@require_POST
@club_organizer
def add(request, club):
    form = OrganizerForm(request.POST, place=club)
    if not form.is_valid():
        return _render(request, club, form=form, status=400)
    user = form.cleaned_data["who"]
    club.organizers.add(user)
    messages.success(request, _("%(user)s now organizes %(club)s.") % {"user": user.get_username(), "club": club.name})
    return redirect("clubs_organizer:organizers", club.slug)


@require_POST
@club_organizer
def remove(request, club, user_id: int):
    user = club.organizers.filter(pk=user_id).first()
    if user is None:
        messages.error(request, _("That account is not an organizer of this club (someone may have removed it already)."))
    elif club.organizers.count() == 1:
        messages.error(request, _("%(user)s is the club's only organizer: invite or add another first.") % {"user": user.get_username()})
    else:
        club.organizers.remove(user)
        messages.success(request, _("%(user)s no longer organizes %(club)s.") % {"user": user.get_username(), "club": club.name})
        if user == request.user and not request.user.is_staff:
            return redirect("clubs_organizer:list")
    return redirect("clubs_organizer:organizers", club.slug)


@require_POST
@club_organizer
def invite(request, club):
    form = inviting.invite(request, club)
    if form is not None:
        return _render(request, club, invite_form=form, status=400)
    return redirect("clubs_organizer:organizers", club.slug)


@require_POST
@club_organizer
def invitation(request, club, invitation_id: int, action: str):
    inviting.ACTIONS[action](request, club, invitation_id)
    return redirect("clubs_organizer:organizers", club.slug)
