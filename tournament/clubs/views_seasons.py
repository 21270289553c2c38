"""The club's organizers correct a season (its name, its days, whether it may overlap another) or
remove it. Each change bumps the club's counter in its own transaction, so the season's page, PDF
and CSV show it on the very next request. Removing a season removes no event: its events stay in
the club, counted in any other season whose days hold them."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs.forms import SeasonForm
from tournament.clubs.views_organizer import club_organizer
from tournament.models import Club, Season


def _gone(request, club):
    messages.info(request, _("That season is no longer the club's: nothing changed."))
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
def edit_season(request, club, season_id):
    season = Season.objects.filter(club=club, pk=season_id).first()
    if season is None:
        if request.method != "POST":
            raise Http404(_("No such season in this club."))
        return _gone(request, club)
    shown = season.name
    form = SeasonForm(request.POST or None, instance=season)
    context = {"club": club, "season": season, "shown": shown, "form": form}
    if request.method != "POST":
        return render(request, "clubs/season_edit.html", context)
    if not form.is_valid():
        return render(request, "clubs/season_edit.html", context, status=400)
    with transaction.atomic():
        form.save()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("Season “%(name)s” saved.") % {"name": form.instance.name})
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
@require_POST
def delete_season(request, club, season_id):
    with transaction.atomic():
        season = Season.objects.select_for_update().filter(club=club, pk=season_id).first()
        if season is None:
            return _gone(request, club)
        season.delete()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("Season “%(name)s” removed; its events stay in the club.") % {"name": season.name})
    return redirect("clubs_organizer:manage", club.slug)
