"""The organizer's club pages: create a club, its settings (place points, seasons, past events, its
events: tournament.clubs.views_events) and its members (tournament.clubs.views_members)."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs.forms import BackupForm, ClubForm, ClubZoneForm, PastEventForm, PointsForm, SeasonForm
from tournament.models import Club, PastEvent, Season, Tournament


def club_organizer(view):
    @login_required
    @functools.wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        club = get_object_or_404(Club.objects.run_by(request.user), slug=slug)
        return view(request, club, *args, **kwargs)
    return wrapper


@login_required
def clubs(request):
    form = ClubForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if form.is_valid():
            club = form.save()
            club.organizers.add(request.user)
            return redirect("clubs_organizer:manage", club.slug)
        return render(request, "clubs/organizer_list.html", {"form": form, "clubs": Club.objects.run_by(request.user)}, status=400)
    return render(request, "clubs/organizer_list.html", {"form": form, "clubs": Club.objects.run_by(request.user)})


def member_names(club) -> list[str]:
    """The names a past event's winners are chosen from: the club's members as it shows them."""
    return list(club.members.filter(merged_into__isnull=True).order_by("name").values_list("name", flat=True).distinct())


def _manage_context(request, club, **forms):
    attachable = Tournament.objects.run_by(request.user).filter(club__isnull=True).order_by("-signup_deadline")
    return {"club": club, "seasons": club.seasons.all(), "past": club.past_events.all(),
            "member_names": member_names(club),
            "events": club.events.order_by("-signup_deadline"), "attachable": attachable,
            "points_form": forms.get("points_form") or PointsForm(initial={
                "place_points": ", ".join(str(p) for p in club.place_points), "taking_part_points": club.taking_part_points}),
            "zone_form": forms.get("zone_form") or ClubZoneForm(instance=club, user=request.user),
            "season_form": forms.get("season_form") or SeasonForm(),
            "past_form": forms.get("past_form") or PastEventForm(),
            "backup_form": forms.get("backup_form") or BackupForm(), "backup_error": forms.get("backup_error")}


@club_organizer
def manage(request, club):
    return render(request, "clubs/manage.html", _manage_context(request, club))


def _refused(request, club, **forms):
    return render(request, "clubs/manage.html", _manage_context(request, club, **forms), status=400)


@club_organizer
@require_POST
def points(request, club):
    form = PointsForm(request.POST)
    if not form.is_valid():
        return _refused(request, club, points_form=form)
    with transaction.atomic():
        club.place_points = form.cleaned_data["place_points"]
        club.taking_part_points = form.cleaned_data["taking_part_points"]
        club.save(update_fields=["place_points", "taking_part_points"])
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("Season points saved."))
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
@require_POST
def zone(request, club):
    form = ClubZoneForm(request.POST, instance=Club.objects.get(pk=club.pk), user=request.user)
    if not form.is_valid():
        return _refused(request, club, zone_form=form)
    with transaction.atomic():
        form.save()
        Club.objects.filter(pk=club.pk).bump()  # every date the club prints may move to another day
    messages.success(request, _("The club's dates are now the days in %(place)s.") % {"place": form.instance.zone_words})
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
@require_POST
def add_season(request, club):
    form = SeasonForm(request.POST, instance=Season(club=club))
    if not form.is_valid():
        return _refused(request, club, season_form=form)
    with transaction.atomic():
        form.save()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("Season “%(name)s” added.") % {"name": form.instance.name})
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
@require_POST
def add_past_event(request, club):
    form = PastEventForm(request.POST, instance=PastEvent(club=club))
    if not form.is_valid():
        return _refused(request, club, past_form=form)
    with transaction.atomic():
        if PastEvent.objects.filter(club=club, name__iexact=form.cleaned_data["name"], year=form.cleaned_data["year"]).exists():
            messages.info(request, _("%(event)s is already on the roll of honour.") % {
                "event": PastEvent.shown_as(form.cleaned_data["name"], form.cleaned_data["year"])})
            return redirect("clubs_organizer:manage", club.slug)
        form.save()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("%(event)s added to the roll of honour.") % {"event": form.instance})
    return redirect("clubs_organizer:manage", club.slug)
