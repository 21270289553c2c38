"""The organizer's page for one game's result: what happened (sides, totals, log) and the correction.

A correction goes through tournament.gameday.advancement.correct_result, which redoes advancement and refuses
once the next game has started. A refused correction answers 400 with the message and the typed
note kept, and changes nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scoring.models import Hand
from tournament.gameday import advancement
from tournament.models import Game, GameEvent, GameSide
from tournament.decorators import tournament_view
from tournament.gameday.views import EVENT_WORDS

NOT_CORRECTABLE = (Game.Status.BYE, Game.Status.NOT_NEEDED)


def _load(tournament, game_id) -> Game:
    game = (
        Game.objects.filter(pk=game_id, division__tournament=tournament)
        .select_related("division", "round", "winner", "decided_by")
        .first()
    )
    if game is None:
        raise Http404("No such game in this tournament.")
    game.side_list = list(
        GameSide.objects.filter(game=game).select_related("team", "fed_by__round").prefetch_related("team__players").order_by("slot")
    )
    return game


def correction_block(game: Game) -> str:
    """Why this game's result cannot be corrected now, or "" when it can."""
    if not game.is_done or game.status in NOT_CORRECTABLE:
        return "This game has no result to correct yet." if not game.is_done else "A bye or a final that was not needed has no result to correct."
    if any(s.team_id is None for s in game.side_list) or len(game.side_list) < 2:
        return "Only one of this game's teams is known (a walkover), so there is no other winner to choose."
    if advancement.next_game_started(game):
        return "The next game has already started, so this result can no longer be corrected. Record the decision in the next game instead."
    return ""


def _events(game: Game) -> list[GameEvent]:
    names = {s.team_id: s.team.name for s in game.side_list if s.team_id}
    events = list(GameEvent.objects.filter(game=game).select_related("by"))
    for event in events:
        event.words = EVENT_WORDS.get(event.kind, event.kind.replace("_", " ").capitalize())
        if event.kind == "correction":
            old, new = event.data.get("old_winner"), event.data.get("winner")
            event.words += f": {names.get(old, 'nobody')} → {names.get(new, 'nobody')}"
        elif event.data.get("winner") in names:
            event.words += f": {names[event.data['winner']]} wins"
    return events


def _render(request, tournament, game, *, error="", typed=None, status=200):
    following = advancement.next_game(game)
    context = {
        "tournament": tournament,
        "game": game,
        "sides": game.side_list,
        "events": _events(game),
        "hands": Hand.objects.filter(game=game).count(),
        "next_game": following,
        "blocked": correction_block(game),
        "error": error,
        "typed": typed or {},
        "show_totals": game.status in (Game.Status.IN_PLAY, Game.Status.FINISHED, Game.Status.AWAITING_DECISION),
    }
    return render(request, "results/game.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@tournament_view
def game_page(request, tournament, game_id: int):
    game = _load(tournament, game_id)
    if request.method == "GET":
        return _render(request, tournament, game)
    typed = {"winner": request.POST.get("winner", ""), "note": request.POST.get("note", "")}
    note = typed["note"].strip()
    teams = {str(s.team_id): s.team for s in game.side_list if s.team_id}
    winner = teams.get(typed["winner"].strip())
    error = ""
    if not game.is_done or game.status in NOT_CORRECTABLE or not all(s.team_id for s in game.side_list):
        # Whether the next game started is left to correct_result, which decides it under the row lock.
        error = correction_block(game)
    elif not note:
        error = "Write a note saying why the result is corrected; it goes in the game's log."
    elif winner is None:
        names = " or ".join(t.name for t in teams.values()) or "none is known yet"
        error = f"Choose the winner from this game's teams ({names})."
    else:
        try:
            with transaction.atomic():
                # Claim the row first: a correction made by someone else since this page was shown wins.
                current = Game.objects.select_for_update().filter(pk=game.pk).values_list("version", flat=True).first()
                if request.POST.get("version", "") not in ("", str(current)):
                    raise ValidationError(
                        "This game changed since you opened the page (someone else recorded or corrected it). "
                        "Check the result below and try again if it is still wrong."
                    )
                advancement.correct_result(game, winner, by=request.user, note=note)
        except ValidationError as exc:
            error = " ".join(exc.messages)
    if error:
        return _render(request, tournament, _load(tournament, game_id), error=error, typed=typed, status=400)
    messages.success(request, f"Result corrected: {winner.name} wins {game}. Advancement redone.")
    return redirect("gameday:result", tournament.slug, game.pk)
