"""Withdrawing a bracket team after the draw (tournament.formats.bracket.withdrawal): a page that
says what will happen (which games become walkovers), asks for the reason, and does it. A refusal
answers 400 with the page, the message and the typed reason kept; nothing changes."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournament.common.form_input import cleaned
from tournament.core import formats
from tournament.core.decorators import organizer_required, tournament_view
from tournament.core.signup_deadline import draw_started
from tournament.formats.bracket import withdrawal
from tournament.models import Team


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=500)


@organizer_required
@require_http_methods(["GET", "POST"])
@tournament_view
def withdraw_team(request, tournament, team_id: int):
    if not formats.of(tournament).has_bracket(tournament) or not draw_started(tournament):
        raise Http404(_("Withdrawing a team after the draw is for a bracket whose draw is published."))
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    error, typed, status = "", "", 200
    if request.method == "POST":
        typed = request.POST.get("reason", "")[:500]
        try:
            given = withdrawal.withdraw(tournament, team, by=request.user, reason=cleaned(WithdrawForm(request.POST))["reason"])
        except ValidationError as exc:
            error, status = " ".join(exc.messages), 400
            team.refresh_from_db()
        else:
            names = ", ".join(g.label for g in given)
            text = _("%(team)s is withdrawn.") % {"team": team.name}
            if names:
                text += " " + _("Walkover for the opponent in: %(games)s.") % {"games": names}
            messages.success(request, text)
            return redirect("gameday:withdraw_team", tournament.slug, team.pk)
    return render(request, "gameday/withdraw.html", {
        "tournament": tournament, "team": team, "games": list(withdrawal.open_games(team)),
        "error": error, "typed": typed,
    }, status=status)
