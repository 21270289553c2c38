"""A game's outcome from its score sheet: where it stands (totals, whether the rules engine calls it
over and who wins, which hands still await confirmation) and finishing it once it is over. The
engine decides (rules.totals_after, rules.game_over, rules.time_limit_winner); this module reads
the saved hands, asks it and records the result, counting the change in the same transaction."""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

import rules
from scoring import sheet as sheets
from scoring.models import Hand
from tournament.formats.bracket import advancement
from tournament.core import ties
from tournament.core.game_log import Entrant, EntrantTotal
from tournament.core.game_rows import log_event
from tournament.models import Game, GameSide, Tournament
from tournament.formats.tables import bonus

log = logging.getLogger(__name__)


class SavedHand(NamedTuple):
    """What of a saved hand decides the game's end."""

    number: int
    scores: list[int]
    confirmed_at: dt.datetime | None
    created_at: dt.datetime  # when the server received it: a hand counts at the time limit if before it


def saved_hands(game_id: int) -> list[SavedHand]:
    rows = Hand.objects.filter(game_id=game_id).order_by("number").values_list(
        "number", "result", "confirmed_at", "created_at"
    )
    return [SavedHand(number, sheets.hand_scores(result), confirmed, created) for number, result, confirmed, created in rows]


def before_limit(game: Game, hands: list[SavedHand]) -> list[SavedHand]:
    """The hands completed before the game's time limit: only they count for a time-limit result
    (A7, D6). A hand is complete when the server received it (created_at)."""
    if game.time_limit_at is None:
        return hands
    return [h for h in hands if h.created_at < game.time_limit_at]


def totals_at_limit(game: Game, sides: list[GameSide]) -> list[int]:
    """Each side's total over the hands received before the time limit, in the sides' order (their
    slots): its GameSide.total (every saved hand) less any hand received at or after the limit —
    none once late hands are refused, but a sheet saved before that still has them."""
    late = Hand.objects.filter(game_id=game.pk, created_at__gte=game.time_limit_at).values_list("result", flat=True)
    return [side.total - extra for side, extra in zip(sides, sheets.totals_after(late, len(sides)))]


@dataclass(frozen=True)
class Standing:
    sides: list[GameSide]
    names: list[str]
    totals: list[int]
    over: bool
    winner: str | None
    unconfirmed: list[int]  # numbers of hands still waiting for the other side's confirmation
    extra_hand: bool = False  # over because the one more hand after a tie at the time limit is played

    @property
    def winner_side(self) -> GameSide | None:
        return self.sides[self.names.index(self.winner)] if self.winner is not None else None

    def over_message(self) -> str:
        if self.unconfirmed:
            pending = ", ".join(str(n) for n in self.unconfirmed)
            return _("The scores end the game: confirm hand %(numbers)s (or correct it) to finish it. "
                     "No more hands.") % {"numbers": pending}
        return _("The scores end the game; no more hands can be entered.")


def standing(tournament: Tournament, sides: list[GameSide], names: list[str], hands: list[SavedHand],
             extra_hand: int | None = None) -> Standing:
    """`extra_hand`: the game's Game.extra_hand (one more hand after a tie at the time limit)."""
    totals = rules.totals_after((h.scores for h in hands), len(sides))
    over, winner = (False, None)
    if hands:
        over, winner = rules.game_over(
            tournament.variant, dict(zip(names, totals)), len(hands), tournament.rules_numbers or None
        )
    extra = not over and sheets.extra_hand_played(extra_hand, len(hands))
    if extra:
        over, winner = True, rules.time_limit_winner(dict(zip(names, totals)))
    unconfirmed = [h.number for h in hands if tournament.require_confirmation and h.confirmed_at is None]
    return Standing(sides, names, totals, over, winner, unconfirmed, extra)


def result_winner(game: Game, names: list[str], hands: list[SavedHand]) -> str | None:
    """Who a finished game's result gives the win to with these hands, or None if nobody would win:
    by the score, the engine's game end; at the time limit, the sole highest total over the hands
    completed before it (A7, D6)."""
    if game.result_reason != Game.Reason.SCORE:
        counted = before_limit(game, hands)
        return rules.time_limit_winner(dict(zip(names, rules.totals_after((h.scores for h in counted), len(names)))))
    totals = rules.totals_after((h.scores for h in hands), len(names))
    tournament = game.division.tournament
    over, winner = rules.game_over(tournament.variant, dict(zip(names, totals)), len(hands), tournament.rules_numbers or None)
    return winner if over else None


@bonus.awards_first_finish
def finish_if_over(game: Game, *, user=None) -> bool:
    """Finish an in-play game the engine calls over once its hands are confirmed. Idempotent: safe to
    call after every write and on every page view; a second caller finds the game finished."""
    game = Game.objects.select_related("division__tournament").get(pk=game.pk)
    if game.status != Game.Status.IN_PLAY:
        return False
    tournament = game.division.tournament
    sides, names = sheets.sides_and_names(game)
    state = standing(tournament, sides, names, saved_hands(game.pk), game.extra_hand)
    if not state.over or state.unconfirmed:
        return False
    side = state.winner_side
    if not all(s.team_id for s in sides):
        # Player sides (table formats): no bracket to carry the winner into; the sheet names them.
        return _claim_end(game, tournament, Game.Status.FINISHED, "result", user=user,
                          data={"winner": Entrant.of(side) if side else None})
    if side is None and state.extra_hand:  # level again after the one more hand: the organizer decides
        return _level_again(game, tournament, state.totals)
    if side is None:  # over with no single winner (a tie the rules leave to the organizer)
        return _claim_end(game, tournament, Game.Status.AWAITING_DECISION, "awaiting_decision",
                          note="tie on the score sheet")
    reason = Game.Reason.TIME_LIMIT if state.extra_hand else Game.Reason.SCORE
    try:
        advancement.finish_game(game, side.team, reason=reason, by=user)  # counts the change itself
    except ValidationError as exc:  # someone else (the time limit, the organizer) got there first
        log.info("game %s not finished from the sheet: %s", game.pk, exc)
        return False
    return True


def _claim_end(game: Game, tournament: Tournament, status: str, kind: str, *, user=None, note: str = "",
               data: dict | None = None) -> bool:
    """Move an in-play game to `status` unless someone else moved it first (a claim on the row)."""
    finished = {"result_reason": Game.Reason.SCORE, "finished_at": timezone.now()} if status == Game.Status.FINISHED else {}
    with transaction.atomic():
        claimed = Game.objects.filter(pk=game.pk, status=Game.Status.IN_PLAY).update(
            status=status, version=F("version") + 1, **finished
        )
        if claimed:
            log_event(game, kind, by=user, note=note, **(data or {}))
            Tournament.objects.filter(pk=tournament.pk).bump()
    return bool(claimed)


def _level_again(game: Game, tournament: Tournament, totals: list[int]) -> bool:
    """Still level after the one more hand the organizer allowed: back to the organizer's decision,
    and the organizers are told again (tournament.core.ties)."""
    with transaction.atomic():
        claimed = Game.objects.filter(pk=game.pk, status=Game.Status.IN_PLAY).update(
            status=Game.Status.AWAITING_DECISION, result_reason=Game.Reason.TIME_LIMIT_TIE,
            finished_at=timezone.now(), tie_notified_at=None, version=F("version") + 1,
        )
        if claimed:
            sides = GameSide.objects.filter(game=game).order_by("slot")
            log_event(game, "time_limit_tie", note="level again after one more hand", hand=game.extra_hand,
                      totals=[EntrantTotal(Entrant.of(s), total) for s, total in zip(sides, totals)])
            Tournament.objects.filter(pk=tournament.pk).bump()
            transaction.on_commit(lambda: ties.notify_organizers(game.pk))
    return bool(claimed)
