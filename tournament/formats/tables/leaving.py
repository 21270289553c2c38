"""A player who leaves a table during the game (RULES-DECISIONS S4). The organizer says so on the
round board: the hands saved so far keep their score (the player's side played them); every later
hand treats the seat as absent (S1: no part, the house rule's points); the seat is placed after the
seats that play on, but the table counts as one it played; the player is withdrawn from the event
from then on (a partner left alone is offered a substitute partner, as after any withdrawal).
Logged ("seat_left"). Seating the player back (late_arrivals) undoes it: they play from the next
hand and are back in the event."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Hand
from tournament.core import seat_state
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event
from tournament.formats.tables import withdrawals
from tournament.models import Game, GameSide, Player


def leave(game: Game, side_id: int, *, player_id: int | None = None, by=None) -> str:
    """`side_id`'s player (at a partnership, `player_id`) left the table in play; returns what happened."""
    now = timezone.now()
    with transaction.atomic():
        locked = lock_game(game.pk)
        side = GameSide.objects.select_for_update(of=("self",)).select_related("player", "team").filter(
            pk=side_id, game=locked).first()
        if side is None or not (side.team_id or side.player_id):
            raise ValidationError(_("Pick one of the table's seats."))
        if side.team_id:
            leaver = Player.objects.filter(pk=player_id, team_id=side.team_id).first()
            if leaver is None:
                raise ValidationError(_("Say which partner of %(name)s left.") % {"name": side})
        else:
            leaver = side.player
        named = {"name": leaver.name, "table": locked.table_number}
        if locked.status != Game.Status.IN_PLAY:
            raise ValidationError(_("Table %(table)s is not in play: only a player at a table in play can leave it "
                                    "(before the start, start without them; after the end, withdraw them).") % named)
        if seat_state.is_absent(side):
            raise ValidationError(_("%(name)s's seat at table %(table)s already takes no part.") % named)
        played = Hand.objects.filter(game=locked).count()
        # Seated back after leaving and gone again before their next hand: they left when they first left.
        again = side.left_after_hand is not None and side.back_from_hand and side.back_from_hand > played
        GameSide.objects.filter(pk=side.pk).update(
            forfeited_at=now, left_after_hand=side.left_after_hand if again else played,
            back_from_hand=None if again else side.back_from_hand)
        log_event(locked, "seat_left", by=by, at=now, entrant=Entrant.of(side), after_hand=played, player=leaver.pk)
        count_change(locked)
        tournament = locked.division.tournament
    said = withdrawals.withdraw(tournament, leaver, by=by)  # the table plays on: no seats to hand over
    below = seat_state.below_minimum(tournament, GameSide.objects.filter(game=game))
    message = _("%(name)s left table %(table)s after hand %(number)s: the hands played stand, the seat takes no part "
                "from hand %(next)s.") % {**named, "number": played, "next": played + 1}
    return " ".join([message, said] + ([seat_state.too_few_words(tournament)] if below else []))


def who_left(game: Game, side: GameSide) -> Player | None:
    """The player whose leaving made this seat absent (the log's latest "seat_left"), if any."""
    entry = game.events.filter(kind="seat_left").order_by("-at", "-id").values_list("data", flat=True).first()
    return Player.objects.filter(pk=(entry or {}).get("player")).first() if side.left_after_hand is not None else None
