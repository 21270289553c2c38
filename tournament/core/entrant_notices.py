"""The entrants' e-mails that follow the games: a decided game's result with each side's next game,
and the event's results once it is over. The transition funnel (tournament.core.transitions) calls
`game_decided` inside the move's transaction, after the event format carried the result on (a
bracket's winner is in its next game, a champion named), so what is told is what was recorded; the
words of a result and of the final standings are the format's (EventFormat.result_label,
EventFormat.final_results). The messages themselves are tournament.mail.results'."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournament.core import formats
from tournament.mail import results
from tournament.models import Game, Tournament

S = Game.Status
DECIDED = (S.FINISHED, S.FORFEIT, S.DOUBLE_FORFEIT)


def game_decided(game: Game, move: str, before: str) -> None:
    """A move ended `game` (or corrected its result): tell its entrants, then whether the event is over."""
    if game.status not in DECIDED or (before == game.status and move != "correct"):
        return
    tournament = game.division.tournament
    if tournament.entrant_mail.exists():
        event_format = formats.of(tournament)
        sides = list(game.sides.select_related("team", "player", "fed_by"))
        results.result_and_next(game, lambda: event_format.result_label(game, sides))
        event_over(tournament.pk)


def event_over(tournament_id: int) -> bool:
    """Claim and queue the event's results if it is over and they have not gone out; True when queued now."""
    with transaction.atomic():
        tournament = Tournament.objects.filter(pk=tournament_id, results_mailed_at__isnull=True).first()
        if tournament is None:
            return False
        event_format = formats.of(tournament)
        if not event_format.is_over(tournament):
            return False
        if not Tournament.objects.filter(pk=tournament_id, results_mailed_at__isnull=True).update(
                results_mailed_at=timezone.now()):
            return False
        results.event_results(tournament, lambda: event_format.final_results(tournament))
    return True
