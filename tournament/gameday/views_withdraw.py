"""Withdrawing a bracket team after the draw (tournament.formats.bracket.withdrawal): a page that
says what will happen (which games become walkovers), asks where from — the whole event, or one
division (or the final) while the team plays on in the other — and the reason, and does it; a
one-division withdrawal is undone from the same page while its games can still be taken back. A
refusal answers 400 with the page, the message and the typed reason kept; nothing changes."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from tournament.common.form_input import cleaned
from tournament.core import formats
from tournament.core.decorators import organizer_required, tournament_view
from tournament.core.signup_deadline import draw_started
from tournament.models import Division, DivisionWithdrawal, Team

EVENT = "event"


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=500)
    scope = forms.CharField(label=gettext_lazy("From"), required=False, max_length=20)


def _bracket(tournament):
    if not formats.of(tournament).team_withdrawal_page or not draw_started(tournament):
        raise Http404(_("Withdrawing a team after the draw is for a bracket whose draw is published."))


def _divisions_left(tournament, team: Team) -> list[tuple[Division, list]]:
    """The divisions the team still has a game to play in, each with those games."""
    by_division: dict[int, tuple[Division, list]] = {}
    for game in formats.of(tournament).open_games(team):
        by_division.setdefault(game.division_id, (game.division, []))[1].append(game)
    left = {w.division_id for w in team.division_withdrawals.all()}
    return [pair for pk, pair in by_division.items() if pk not in left]


def _scope(tournament, value: str) -> Division | None:
    if not value or value == EVENT:
        return None
    number = int(value) if value.isascii() and value.isdigit() and len(value) < 10 else 0  # "²" is a digit to isdigit
    division = Division.objects.filter(tournament=tournament, pk=number).first()
    if division is None:
        raise ValidationError(_("Choose where the team withdraws from: the whole event or one division."))
    return division


def _done_message(team, division, given) -> str:
    if division is None:
        text = _("%(team)s is withdrawn.") % {"team": team.name}
    else:
        text = _("%(team)s has left %(division)s and plays on in the rest of the event.") % {
            "team": team.name, "division": division.title}
    names = ", ".join(g.label for g in given)
    if names:
        text += " " + _("Walkover for the opponent in: %(games)s.") % {"games": names}
    return text


@organizer_required
@require_http_methods(["GET", "POST"])
@tournament_view
def withdraw_team(request, tournament, team_id: int):
    _bracket(tournament)
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    error, typed, status = "", "", 200
    chosen = request.POST.get("scope", "") if request.method == "POST" else request.GET.get("division", "")
    if request.method == "POST":
        typed = request.POST.get("reason", "")[:500]
        try:
            data = cleaned(WithdrawForm(request.POST))
            division = _scope(tournament, data["scope"])
            given = formats.of(tournament).withdraw_team(tournament, team, by=request.user, reason=data["reason"],
                                                         division=division)
        except ValidationError as exc:
            error, status = " ".join(exc.messages), 400
            team.refresh_from_db()
        else:
            messages.success(request, _done_message(team, division, given))
            return redirect("gameday:withdraw_team", tournament.slug, team.pk)
    left = list(team.division_withdrawals.select_related("division").order_by("division__kind"))
    return render(request, "gameday/withdraw.html", {
        "tournament": tournament, "team": team, "games": list(formats.of(tournament).open_games(team)),
        "divisions": _divisions_left(tournament, team), "left": left, "chosen": chosen,
        "error": error, "typed": typed,
    }, status=status)


@organizer_required
@require_POST
@tournament_view
def undo_division_withdrawal(request, tournament, team_id: int, withdrawal_id: int):
    _bracket(tournament)
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    row = DivisionWithdrawal.objects.filter(pk=withdrawal_id, team=team).select_related("division").first()
    if row is None:
        messages.info(request, _("That withdrawal was undone already. Nothing changed."))
        return redirect("gameday:withdraw_team", tournament.slug, team.pk)
    try:
        games = formats.of(tournament).undo_team_withdrawal(row, by=request.user, reason=request.POST.get("reason", ""))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        text = _("%(team)s is back in %(division)s.") % {"team": team.name, "division": row.division.title}
        if games:
            text += " " + _("To be played again: %(games)s.") % {"games": ", ".join(g.label for g in games)}
        messages.success(request, text)
    return redirect("gameday:withdraw_team", tournament.slug, team.pk)
