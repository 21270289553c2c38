"""Organizer actions on sign-ups: a late team, a withdrawal and its undoing, a new team name, closing
early, pairing the partner board."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.common.form_input import cleaned, error_messages
from tournament.core import signup_deadline
from tournament.core.decorators import organizer_required, tournament_view
from tournament.models import Team
from tournament.signups import registration, signup_mail, team_changes
from tournament.signups.forms import PairForm, SignupForm, TeamNameForm
from tournament.signups.views_public import _apply_errors


@organizer_required
@require_POST
@tournament_view
def add_team(request, tournament):
    form = SignupForm(request.POST, public=False)
    if form.is_valid():
        data = form.cleaned_data
        try:
            team = registration.register_team(
                tournament, team_name=data["team_name"], player_names=(data["player1"], data["player2"]),
                contact=data["contact"], submission_key=data["submission_key"] or None, late=True,
            )
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Added team “%(team)s”.") % {"team": team.name})
            if data.get("mail_opt_in"):  # the team agreed at the desk: their e-mail, in the event's language
                with translation.override(tournament.language):
                    signup_mail.team_opted_in(request, tournament, team, data["contact"])
            return redirect("organizer:dashboard", slug=tournament.slug)
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else _("Team")
        messages.error(request, _("%(field)s: %(errors)s") % {"field": label, "errors": " ".join(errors)})
    return redirect("organizer:dashboard", slug=tournament.slug)


@organizer_required
@require_POST
def withdraw_team(request, slug, team_id):
    team = get_object_or_404(Team, pk=team_id, tournament__slug=slug)
    try:
        registration.withdraw_team(team)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Withdrew “%(team)s”.") % {"team": team.name})
    return redirect("organizer:dashboard", slug=slug)


@organizer_required
@require_POST
def undo_withdrawal(request, slug, team_id):
    team = get_object_or_404(Team, pk=team_id, tournament__slug=slug)
    try:
        back = team_changes.undo_withdrawal(team)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        text = _("“%(team)s” is back in.") if back else _("“%(team)s” was not withdrawn.")
        messages.success(request, text % {"team": team.name})
    return redirect("organizer:dashboard", slug=slug)


@organizer_required
@require_POST
def rename_team(request, slug, team_id):
    team = get_object_or_404(Team, pk=team_id, tournament__slug=slug)
    old = team.name
    try:
        team_changes.rename_team(team, cleaned(TeamNameForm(request.POST))["name"])
    except ValidationError as exc:
        messages.error(request, _("Renaming “%(team)s”: %(errors)s") % {"team": old, "errors": " ".join(exc.messages)})
    else:
        messages.success(request, _("“%(old)s” is now “%(new)s”.") % {"old": old, "new": team.name}
                         if team.name != old else _("The name is unchanged."))
    return redirect("organizer:dashboard", slug=slug)


@organizer_required
@require_POST
@tournament_view
def close_signups(request, tournament):
    if signup_deadline.close_registration(tournament.pk, early=True):
        messages.success(request, _("Sign-ups are closed."))
    else:
        messages.info(request, _("Sign-ups were already closed."))
    return redirect("organizer:dashboard", slug=tournament.slug)


@organizer_required
@require_POST
@tournament_view
def pair_posts(request, tournament):
    form = PairForm(request.POST, tournament=tournament)
    if not form.is_valid():
        for text in error_messages(form):
            messages.error(request, text)
        return redirect("organizer:dashboard", slug=tournament.slug)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    try:
        team = registration.pair(first, second, team_name=form.cleaned_data["team_name"], late=True)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Paired %(players)s as “%(team)s”.") % {"players": team.player_names(), "team": team.name})
    return redirect("organizer:dashboard", slug=tournament.slug)
