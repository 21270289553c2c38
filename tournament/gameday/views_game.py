"""One game's organizer page: everything about the game in one place — its state and result,
check-ins, start, substitutes, the decision of a tie, forfeit reversal, the result correction, the
score sheet and table links, and the log.

The actions post to their own URLs (tournament.gameday.views) and come back here. A correction
goes through the event format's correct_result (a bracket's redoes advancement and refuses
once the next game has started); a refused correction answers 400 with the message and the typed
note kept, and changes nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from scoring.models import Hand
from scoring.sheet import hand_scores
from tournament.common import durations
from tournament.common.form_input import error_messages
from tournament.common.names import people_in, sorted_by_name
from tournament.core import formats, game_log_words, held_result, ties
from tournament.core.board import game_view, games_for_board
from tournament.core.decorators import organizer_required, tournament_view
from tournament.core.game_log_words import VIA_WORDS
from tournament.gameday.forms import CorrectionForm
from tournament.models import CheckIn, Game, GameEvent, PartnerPost, Player

NOT_CORRECTABLE = (Game.Status.BYE, Game.Status.NOT_NEEDED)


def load_game(tournament, game_id: int) -> Game:
    """The game with everything its page and the board card show (404 outside this tournament)."""
    game = games_for_board(Game.objects.filter(pk=game_id, division__tournament=tournament)).first()
    if game is None:
        raise Http404(_("No such game in this tournament."))
    return game


def correction_block(game: Game, sides) -> str:
    """Why this game's result cannot be corrected now, or "" when it can."""
    if not game.is_done:
        return _("This game has no result to correct yet.")
    if game.status in NOT_CORRECTABLE:
        return _("A bye or a final that was not needed has no result to correct.")
    refused = formats.of_game(game).correction_block(game, sides)
    if refused:
        return refused
    if any(s.team_id is None for s in sides) or len(sides) < 2:
        return _("Only one of this game's teams is known (a walkover), so there is no other winner to choose.")
    if formats.of(game.division.tournament).result_locked(game):
        return _("The next game has already started, so this result can no longer be corrected. "
                 "Record the decision in the next game instead.")
    return ""


def _log(game: Game, sides) -> list[dict]:
    """The game's events and check-ins in time order, in the reader's words (who won, who replaced whom)."""
    events = GameEvent.objects.filter(game=game).select_related("by")
    entries = [{"at": line.at, "by": line.by, "note": line.note, "words": line.words}
               for line in game_log_words.lines(game, events, sides)]
    entries += [
        {"at": c.at, "by": c.recorded_by, "note": "",
         "words": ngettext("%(team)s checked in (%(via)s)", "%(team)s checked in (%(via)s)", people_in(c.team.name))
         % {"team": c.team.name, "via": VIA_WORDS.get(c.via, c.via)}}
        for c in CheckIn.objects.filter(game=game).select_related("team", "recorded_by")
    ]
    return sorted(entries, key=lambda entry: entry["at"])


def held_decision(game: Game, sides) -> dict | None:
    """What the organizer decides from when a hand unconfirmed at the time limit holds the result
    (RULES F1): each side's confirmed total and its total with the unconfirmed hands, and those
    hands. None for any other game."""
    if not held_result.awaiting(game):
        return None
    playing = [s for s in sides if not s.is_bye]
    hands = [{"number": h.number, "scores": hand_scores(h.result), "entered_by": h.entered_by, "at": h.created_at}
             for h in Hand.objects.filter(game=game, number__in=game.held_hands or []).order_by("number")]
    return {
        "note": held_result.board_alert(game),
        "hands": hands,
        "sides": [{"side": side, "name": str(side), "confirmed": side.confirmed_total, "entered": side.total,
                   "scores": [h["scores"][i] if i < len(h["scores"]) else 0 for h in hands]}
                  for i, side in enumerate(playing)],
    }


def _render(request, tournament, game: Game, *, error: str = "", typed=None, status: int = 200):
    sides = list(game.sides.all())
    board_players = sorted_by_name(Player.objects.filter(
        partner_post__in=PartnerPost.objects.filter(player__tournament=tournament, closed_at__isnull=True)
    ))
    return render(request, "gameday/game.html", {
        "tournament": tournament,
        "game": game,
        "row": game_view(game, timezone.now()),
        "sides": sides,
        "board_players": board_players,
        "log": _log(game, sides),
        "hands": Hand.objects.filter(game=game).count(),
        "blocked": correction_block(game, sides),
        "error": error,
        "typed": typed or {},
        "limit_text": durations.length(tournament.game_time_limit),
        "story": ties.story(game),
        "held": held_decision(game, sides),
        # A table names its winner in its own words (a player or a pair; nobody "advances").
        "table_result": formats.of(tournament).result_label(game, sides)
        if game.is_done and formats.of(tournament).own_result_words else "",
        "reversible": game.status in (Game.Status.FORFEIT, Game.Status.DOUBLE_FORFEIT)
        and game.result_reason in Game.FORFEIT_REASONS,
    }, status=status)


@organizer_required
@require_GET
@tournament_view
def game_page(request, tournament, game_id: int):
    return _render(request, tournament, load_game(tournament, game_id))


@organizer_required
@require_POST
@tournament_view
def correct(request, tournament, game_id: int):
    game = load_game(tournament, game_id)
    typed = {"winner": request.POST.get("winner", ""), "note": request.POST.get("note", "")}  # shown again as typed
    sides = list(game.sides.all())
    form = CorrectionForm(request.POST, teams={str(s.team_id): s.team for s in sides if s.team_id})
    error = ""
    if not game.is_done or game.status in NOT_CORRECTABLE or not all(s.team_id for s in sides):
        # Whether the next game started is left to correct_result, which decides it under the row lock.
        error = correction_block(game, sides)
    elif not form.is_valid():
        error = " ".join(error_messages(form))
    elif not form.cleaned_data["note"]:
        error = _("Write a note saying why the result is corrected; it goes in the game's log.")
    else:
        winner, note, seen = form.cleaned_data["winner"], form.cleaned_data["note"], form.cleaned_data["version"]
        try:
            with transaction.atomic():
                # Claim the row first: a correction made by someone else since this page was shown wins.
                current = Game.objects.select_for_update().filter(pk=game.pk).values_list("version", flat=True).first()
                if seen is not None and seen != current:
                    raise ValidationError(_(
                        "This game changed since you opened the page (someone else recorded or corrected it). "
                        "Check the result below and try again if it is still wrong."
                    ))
                side = next(s for s in sides if s.team_id == winner.pk)
                formats.of(tournament).correct_result(game, side, by=request.user, note=note)
        except ValidationError as exc:
            error = " ".join(exc.messages)
    if error:
        return _render(request, tournament, load_game(tournament, game_id), error=error, typed=typed, status=400)
    messages.success(request, _("Result corrected: %(team)s wins %(game)s. Advancement redone.") % {
        "team": winner.name, "game": game.label})
    return redirect("gameday:game", tournament.slug, game.pk)


@organizer_required
def former_result_page(request, slug: str, game_id: int):
    """The result page's old address: the game's one page now; a correction posted there keeps its form (307)."""
    if request.method == "POST":
        return redirect("gameday:correct", slug, game_id, preserve_request=True)
    return redirect("gameday:game", slug, game_id)
