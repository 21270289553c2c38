"""The organizer takes a finished result back: a finished game reopened (play goes on from its
sheet), in either format, with a reason that goes in the game's log.

The game moves through the funnel (`resume_play`: finished -> in play); what the result had set
off is taken back first by its format (`undo_result`: a bracket's winner leaves the next game, a
table's first-table bonus is released), and refused when its format says it is too late
(`blocks_reversal`: a bracket's next game has started). Standings and medals are read from the
games, so they follow by themselves. A no-show forfeit is reversed by tournament.core.actions.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import formats, transitions
from tournament.core.game_log import Entrant
from tournament.core.game_rows import lock_game
from tournament.models import Game

Status = Game.Status
MAX_REASON = 500


def reopen_result(game: Game, *, by, reason: str, now: dt.datetime | None = None) -> Game:
    """Put a finished game back in play. A time limit that has passed is held paused at zero, so
    the game does not end again on the spot: the organizer gives it more time or resumes it."""
    now = now or timezone.now()
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for reopening the game; it goes in the game's log."))
    if len(reason) > MAX_REASON:
        raise ValidationError(_("Keep the reason to %(max)s characters (it has %(count)s).")
                              % {"max": MAX_REASON, "count": len(reason)})
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.status != Status.FINISHED:
            raise ValidationError(
                _("Only a finished game can be reopened; %(game)s is %(status)s. Nothing changed.")
                % {"game": locked.label, "status": locked.get_status_display().lower()})
        event_format = formats.of(locked.division.tournament)
        following = event_format.blocks_reversal(locked)
        if following is not None:
            raise ValidationError(
                _("Too late to reopen %(game)s: the next game (%(next)s) has already started or has a result. "
                  "The result stands.") % {"game": locked.label, "next": following.label})
        event_format.undo_result(locked)
        fields = {"decision_note": "", "decided_by": None, "tie_totals": [], "extra_hand": None}
        passed = bool(locked.time_limit_at and now >= locked.time_limit_at)
        fields["paused_at"] = locked.time_limit_at if passed else None
        old = {"status": locked.status, "winner": Entrant.team_of(locked.winner_id), "reason": locked.result_reason}
        return transitions.move(locked, "resume_play", by=by, note=reason, at=now, log="result_reopened",
                                fields=fields, log_data=old)
