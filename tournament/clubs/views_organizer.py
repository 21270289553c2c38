"""The organizer's club pages: create a club, its settings (place points, seasons, past events, its
events, importing a backup) and its members (look-alikes merged or confirmed apart, not listed)."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs import members as people
from tournament.clubs.forms import BackupForm, ClubForm, PastEventForm, PointsForm, SeasonForm
from tournament.models import Club, Member, PastEvent, Season, Tournament


def club_organizer(view):
    @login_required
    @functools.wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        club = get_object_or_404(Club.objects.run_by(request.user), slug=slug)
        return view(request, club, *args, **kwargs)
    return wrapper


@login_required
def clubs(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            club = form.save()
            club.organizers.add(request.user)
            return redirect("clubs_organizer:manage", club.slug)
        return render(request, "clubs/organizer_list.html", {"form": form, "clubs": Club.objects.run_by(request.user)}, status=400)
    return render(request, "clubs/organizer_list.html", {"form": form, "clubs": Club.objects.run_by(request.user)})


def _manage_context(request, club, **forms):
    attachable = Tournament.objects.run_by(request.user).filter(club__isnull=True).order_by("-signup_deadline")
    return {"club": club, "seasons": club.seasons.all(), "past": club.past_events.all(),
            "events": club.events.order_by("-signup_deadline"), "attachable": attachable,
            "points_form": forms.get("points_form") or PointsForm(initial={
                "place_points": ", ".join(str(p) for p in club.place_points), "taking_part_points": club.taking_part_points}),
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
            messages.info(request, _("%(name)s %(year)s is already on the roll of honour.") % form.cleaned_data)
            return redirect("clubs_organizer:manage", club.slug)
        form.save()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, _("%(name)s %(year)s added to the roll of honour.") % form.cleaned_data)
    return redirect("clubs_organizer:manage", club.slug)


@club_organizer
def member_list(request, club):
    people.sync(club)
    return render(request, "clubs/members.html", {
        "club": club, "members": club.members.all(), "look_alikes": people.look_alikes(club)})


def _two(request, club):
    ids = [request.POST.get("keep", ""), request.POST.get("other", "")]
    if not all(i.isdigit() for i in ids) or ids[0] == ids[1]:
        return None
    found = {m.pk: m for m in Member.objects.filter(club=club, pk__in=[int(i) for i in ids])}
    return (found[int(ids[0])], found[int(ids[1])]) if len(found) == 2 else None


@club_organizer
@require_POST
def merge(request, club):
    pair = _two(request, club)
    if pair is None:
        messages.info(request, _("Those two members are no longer both here (already merged?): nothing changed."))
        return redirect("clubs_organizer:members", club.slug)
    people.merge(club, *pair)
    messages.success(request, _("Merged into %(name)s.") % {"name": pair[0].name})
    return redirect("clubs_organizer:members", club.slug)


@club_organizer
@require_POST
def apart(request, club):
    pair = _two(request, club)
    if pair is not None:
        people.confirm_apart(club, *pair)
        messages.success(request, _("%(first)s and %(second)s are kept as different people.") % {
            "first": pair[0].name, "second": pair[1].name})
    return redirect("clubs_organizer:members", club.slug)


@club_organizer
@require_POST
def listing(request, club, member_id):
    member = get_object_or_404(Member, club=club, pk=member_id)
    unlisted = request.POST.get("unlisted") == "1"
    with transaction.atomic():
        Member.objects.filter(pk=member.pk).update(unlisted=unlisted)
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, (_("%(name)s is no longer listed publicly.") if unlisted
                               else _("%(name)s is listed publicly again.")) % {"name": member.name})
    return redirect("clubs_organizer:members", club.slug)
