"""Organizer pages of an event: the list, create and edit, the dashboard, the backup download."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournament.common import localtime
from tournament.core import formats, signup_deadline
from tournament.core.decorators import organizer_required, tournament_view
from tournament.events import game_length
from tournament.events.backup import export_tournament
from tournament.events.forms import TournamentForm
from tournament.models import Tournament


@login_required
def home(request):
    return render(request, "organizer/home.html", {"tournaments": Tournament.objects.run_by(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def create(request):
    """Anyone with an account may start a tournament; they become its first organizer."""
    return tournament_form(request, None)


@organizer_required
@require_http_methods(["GET", "POST"])
def edit(request, slug):
    return tournament_form(request, get_object_or_404(Tournament, slug=slug))


def tournament_form(request, tournament: Tournament | None):
    previous_deadline = tournament.signup_deadline if tournament else None
    previous_length = tournament.game_time_limit if tournament else None
    form = TournamentForm(request.POST or None, instance=tournament, user=request.user)
    if request.method == "POST" and form.is_valid():
        saved = form.save(commit=False)
        if not saved.created_by_id:
            saved.created_by = request.user
        try:
            with transaction.atomic():
                saved.save()  # a new tournament's creator becomes its organizer (Tournament.save)
                Tournament.objects.filter(pk=saved.pk).bump()  # name, venue, times: every page shows them
                if saved.signup_deadline != previous_deadline:
                    signup_deadline.schedule_registration_close(saved)
                if previous_length is not None and saved.game_time_limit != previous_length:
                    game_length.apply(saved, previous_length, saved.game_time_limit,
                                      form.cleaned_data.get("running_games") or game_length.KEEP, by=request.user)
        except IntegrityError:
            # Someone saved the same web address between the check and this save: nothing was saved.
            if not Tournament.objects.filter(slug=saved.slug).exclude(pk=saved.pk).exists():
                raise
            form.add_error("slug", _("Another tournament has just taken …/t/%(slug)s/; save again for another address.")
                           % {"slug": saved.slug})
        else:
            messages.success(request, _("Saved “%(name)s”.") % {"name": saved.name})
            return redirect("organizer:dashboard", slug=saved.slug)
    if tournament and form.errors:
        # The form wrote what was typed onto the instance; the page's links need the saved address.
        tournament = Tournament.objects.get(pk=tournament.pk)
    context = {"form": form, "tournament": tournament, "address_base": address_base(request)}
    return render(request, "organizer/tournament_form.html", context, status=400 if form.errors else 200)


def address_base(request) -> str:
    """“meldboard.example/t/”: the start of every tournament's public address, as people type it."""
    return request.get_host() + reverse("public:home", args=["x"]).removesuffix("x/")


@organizer_required
@tournament_view
def dashboard(request, tournament):
    context = {
        "tournament": tournament,
        "open": tournament.signups_open(),
        "draw_started": signup_deadline.draw_started(tournament),
        "closed_message": signup_deadline.closed_message(tournament, organizer=True),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
        # Who signed up, in the format's shape (teams and the partner board, or players).
        **formats.of(tournament).dashboard(tournament),
    }
    return render(request, "organizer/dashboard.html", context)


@organizer_required
@require_GET
def export_json(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    body = json.dumps(export_tournament(tournament), indent=1, ensure_ascii=False)
    stamp = timezone.now().astimezone(tournament.tz).strftime("%Y-%m-%d-%H%M")
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="meldboard-{tournament.slug}-{stamp}.json"'
    response["Cache-Control"] = "no-store"
    return response
