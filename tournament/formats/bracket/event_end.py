"""A bracket event ends with its final: decided (won, forfeited, nobody reached it, or not needed
because one team won both divisions), the event is finished; taken back (reopened, a forfeit
reversed, a feeder's result changed), it is running again. Called by the format's `after_move`,
inside the move of the final's game, through the event's funnel (tournament.core.event_status)."""

from __future__ import annotations

from tournament.core import event_status
from tournament.models import Division, Game

# A final in one of these has decided the event.
DECIDED = (Game.Status.FINISHED, Game.Status.FORFEIT, Game.Status.DOUBLE_FORFEIT, Game.Status.NOT_NEEDED)


def follow_final(game: Game) -> None:
    if game.division.kind != Division.Kind.FINAL:
        return
    # A claim: the event may already be where the final puts it (a result corrected, a final started).
    name = "finish" if game.status in DECIDED else "reopen"
    event_status.move(game.division.tournament_id, name, claim=True, log_on=game, cause="final")
