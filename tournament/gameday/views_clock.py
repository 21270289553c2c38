"""The organizer's hand on one game, from its page: pause, resume or extend the clock, reopen a
finished game (tournament.core.game_clock, tournament.core.undo). A refusal answers 400 with the
game's page, the message at the top and the typed reason kept; nothing changes."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.common import durations
from tournament.common.form_input import cleaned
from tournament.common.localtime import clock as local_clock
from tournament.core import game_clock, undo
from tournament.core.decorators import organizer_required, tournament_view
from tournament.gameday.views_game import _render, load_game


class ClockForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=500, strip=True)
    minutes = forms.CharField(label=gettext_lazy("Minutes"), required=False, max_length=10)


def _act(request, tournament, game_id, action, ok, anchor: str):
    game = load_game(tournament, game_id)
    typed = {key: request.POST.get(key, "")[:500] for key in ("reason", "minutes")}
    try:
        data = cleaned(ClockForm(request.POST))
        done = action(game, data)
    except ValidationError as exc:
        return _render(request, tournament, load_game(tournament, game_id), error=" ".join(exc.messages),
                       typed={**typed, "form": anchor}, status=400)
    messages.success(request, ok(done))
    return redirect("gameday:game", tournament.slug, game.pk)


@organizer_required
@require_POST
@tournament_view
def pause(request, tournament, game_id: int):
    return _act(request, tournament, game_id,
                lambda game, data: game_clock.pause(game, by=request.user, reason=data["reason"]),
                lambda game: _("Clock paused for %(game)s with %(left)s left.") % {
                    "game": game.label, "left": _minutes(game_clock.left(game, game.paused_at))}, "clock")


@organizer_required
@require_POST
@tournament_view
def resume(request, tournament, game_id: int):
    return _act(request, tournament, game_id,
                lambda game, data: game_clock.resume(game, by=request.user, reason=data["reason"]),
                lambda game: _("Clock running again for %(game)s; time is up at %(clock)s.") % {
                    "game": game.label, "clock": local_clock(tournament, game.time_limit_at)}, "clock")


@organizer_required
@require_POST
@tournament_view
def extend(request, tournament, game_id: int):
    return _act(request, tournament, game_id,
                lambda game, data: game_clock.extend(game, data["minutes"], by=request.user, reason=data["reason"]),
                lambda game: (_("More time for %(game)s: %(left)s left (the clock is paused).") % {
                    "game": game.label, "left": _minutes(game_clock.left(game, game.paused_at))}) if game.paused_at
                else _("More time for %(game)s: time is up at %(clock)s.") % {
                    "game": game.label, "clock": local_clock(tournament, game.time_limit_at)}, "clock")


@organizer_required
@require_POST
@tournament_view
def reopen(request, tournament, game_id: int):
    return _act(request, tournament, game_id,
                lambda game, data: undo.reopen_result(game, by=request.user, reason=data["reason"]),
                lambda game: _("%(game)s is reopened and back in play; its result is taken off the standings.")
                % {"game": game.label}, "reopen")


def _minutes(left) -> str:
    return durations.length(left) if left else durations.length(dt.timedelta(0))
