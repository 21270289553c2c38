"""The organizer corrects or removes an event typed in from before Meldboard (tournament.models.PastEvent).

Each change bumps the club's counter in its own transaction, so the roll of honour (page and wall
PDF) shows it on the very next request."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs.forms import PastEventForm
from tournament.clubs.views_organizer import club_organizer, member_names
from tournament.models import Club, PastEvent


def _gone(request, club):
    """A second tap on Remove, or a page left open after a colleague removed the event."""
    messages.info(request, _("That event is no longer on the roll of honour: nothing changed."))
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
def edit_past_event(request, club, past_id):
    past = PastEvent.objects.filter(club=club, pk=past_id).first()
    if past is None:
        if request.method != "POST":
            raise Http404(_("No such event on this club's roll of honour."))
        return _gone(request, club)
    shown = str(past)
    form = PastEventForm(request.POST or None, instance=past)
    if request.method != "POST":
        return render(request, "clubs/past_event.html", {"club": club, "past": past, "shown": shown, "form": form,
                                                     "member_names": member_names(club)})
    if form.is_valid() and PastEvent.objects.filter(club=club, name__iexact=form.cleaned_data["name"],
                                                    year=form.cleaned_data["year"]).exclude(pk=past.pk).exists():
        form.add_error("name", _("%(event)s is already on the roll of honour.") % {
            "event": PastEvent.shown_as(form.cleaned_data["name"], form.cleaned_data["year"])})
    if not form.is_valid():
        return render(request, "clubs/past_event.html", {"club": club, "past": past, "shown": shown, "form": form,
                                                     "member_names": member_names(club)}, status=400)
    with transaction.atomic():
        form.save()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("%(event)s saved on the roll of honour.") % {"event": form.instance})
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
@require_POST
def delete_past_event(request, club, past_id):
    with transaction.atomic():
        past = PastEvent.objects.select_for_update().filter(club=club, pk=past_id).first()
        if past is None:
            return _gone(request, club)
        past.delete()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("%(event)s removed from the roll of honour.") % {"event": past})
    return redirect("clubs_organizer:manage", club.slug)
