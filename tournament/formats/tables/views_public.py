"""The public sign-up page of a table event (no login, phone first)."""

from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tournament.common import localtime
from tournament.core.signup_deadline import closed_message
from tournament.formats.tables import formats, signups, views_signed_up
from tournament.formats.tables.decorators import table_event_view
from tournament.formats.tables.forms import PlayerSignupForm
from tournament.signups import signup_mail
from tournament.signups.views_public import _apply_errors


@require_http_methods(["GET", "POST"])
@table_event_view
def signup(request, tournament):
    form = PlayerSignupForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            added = signups.register(
                tournament, name=data["name"], partner=data.get("partner", ""), came_with=data["came_with"],
                contact=data["contact"], submission_key=data["submission_key"] or None,
            )
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            if data["mail_opt_in"]:
                signup_mail.player_opted_in(request, tournament, added[0], data["contact"])
            views_signed_up.remember(request, tournament, added)
            return redirect("tables:signed_up", slug=tournament.slug)
    context = {
        "tournament": tournament,
        "form": form,
        "format_text": formats.describe(tournament),
        "players": signups.active_players(tournament).order_by("created_at", "id"),
        "open": tournament.signups_open(),
        "closed_message": closed_message(tournament),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
    }
    return render(request, "tables/signup.html", context, status=400 if form.errors else 200)
