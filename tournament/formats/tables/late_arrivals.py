"""Undoing a single absent seat: the player arrived after all (RULES-DECISIONS S2). The organizer
seats them back; at a table in play they play from the next hand (the hands before it scored them as
absent, 0), at a table not started yet they are simply present. Logged as a late arrival
("seat_back"); refused with the reason once the table is over."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models import Hand
from tournament.core import seat_state
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event
from tournament.formats.tables import leaving, undo_changes
from tournament.models import Game, GameSide

Status = Game.Status


def seat_back(game: Game, side_id: int, *, by=None) -> str:
    """Seat an absent player back at their table; returns what happened, in words."""
    now = timezone.now()
    with transaction.atomic():
        locked = lock_game(game.pk)
        side = GameSide.objects.select_for_update(of=("self",)).select_related("player", "team").filter(
            pk=side_id, game=locked).first()
        if side is None:
            raise ValidationError(_("Pick one of the table's seats."))
        named = {"name": str(side), "table": locked.table_number}
        count = seat_state.people(side)
        if not seat_state.is_absent(side):
            raise ValidationError(ngettext("%(name)s is not absent at table %(table)s: nothing to undo.",
                                           "%(name)s are not absent at table %(table)s: nothing to undo.", count) % named)
        if locked.status not in (Status.READY, Status.IN_PLAY):
            raise ValidationError(ngettext("Table %(table)s is over: %(name)s can no longer be seated back (reopen the "
                                           "table first).", "Table %(table)s is over: %(name)s can no longer be seated "
                                           "back (reopen the table first).", count) % named)
        hand = Hand.objects.filter(game=locked).count() + 1 if locked.status == Status.IN_PLAY else 1
        gone = leaving.who_left(locked, side)  # a player who left the table comes back (S4 undone)
        # Back before the next hand, a player who left missed nothing: neither late nor ever absent.
        # Back later, they played up to leaving and from `hand` on (seat_state.plays_hand).
        missed = hand > 1 and not (side.left_after_hand is not None and hand == side.left_after_hand + 1)
        GameSide.objects.filter(pk=side.pk).update(
            forfeited_at=None, checked_in_at=side.checked_in_at or now, back_from_hand=hand if missed else None,
            left_after_hand=side.left_after_hand if missed else None)
        log_event(locked, "seat_back", by=by, at=now, entrant=Entrant.of(side), hand=hand)
        count_change(locked)
        if gone is not None and gone.table_entry.withdrawn_at:
            undo_changes.undo_withdrawal(locked.division.tournament, gone, by=by)
    if hand > 1:
        return ngettext("%(name)s is seated back at table %(table)s and plays from hand %(number)s.",
                        "%(name)s are seated back at table %(table)s and play from hand %(number)s.", count) % {
            **named, "number": hand}
    return ngettext("%(name)s is seated back at table %(table)s.", "%(name)s are seated back at table %(table)s.", count) % named
