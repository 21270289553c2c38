"""A game's outcome from its score sheet: where it stands (totals, whether the rules engine calls it
over and who wins, which hands still await confirmation) and finishing it once it is over. The
engine decides (rules.totals_after, rules.game_over, rules.time_limit_winner); this module reads
the saved hands, asks it and records the result, counting the change in the same transaction."""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Max
from django.utils.translation import gettext as _

import rules
from scoring import sheet as sheets
from scoring.models import Hand, HandRevision
from tournament.core import formats, seat_state
from tournament.models import Game, GameEvent, GameSide, Tournament

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
    counted = seat_state.counted_totals(names, totals, sides)  # an absent seat never wins (S1)
    over, winner = (False, None)
    if hands:
        over, winner = rules.game_over(tournament.variant, counted, len(hands), tournament.rules_numbers or None)
    extra = not over and sheets.extra_hand_played(extra_hand, len(hands))
    if extra:
        over, winner = True, rules.time_limit_winner(counted)
    unconfirmed = [h.number for h in hands if tournament.require_confirmation and h.confirmed_at is None]
    return Standing(sides, names, totals, over, winner, unconfirmed, extra)


def result_winner(game: Game, names: list[str], hands: list[SavedHand], sides: list[GameSide] | None = None) -> str | None:
    """Who a finished game's result gives the win to with these hands, or None if nobody would win:
    by the score, the engine's game end; at the time limit, the sole highest total over the hands
    completed before it (A7, D6)."""
    def of(totals):  # an absent seat never wins (S1)
        return seat_state.counted_totals(names, totals, sides) if sides else dict(zip(names, totals))
    if game.result_reason != Game.Reason.SCORE:
        counted = before_limit(game, hands)
        return rules.time_limit_winner(of(rules.totals_after((h.scores for h in counted), len(names))))
    totals = rules.totals_after((h.scores for h in hands), len(names))
    tournament = game.division.tournament
    over, winner = rules.game_over(tournament.variant, of(totals), len(hands), tournament.rules_numbers or None)
    return winner if over else None


def finish_if_over(game: Game, *, user=None) -> bool:
    """Finish an in-play game the engine calls over once its hands are confirmed. Idempotent: safe to
    call after every write and on every page view; a second caller finds the game finished. What the
    end means (a winner carried forward, a table placed) is the event format's (sheet_over)."""
    game = Game.objects.select_related("division__tournament").get(pk=game.pk)
    if game.status != Game.Status.IN_PLAY:
        return False
    tournament = game.division.tournament
    sides, names = sheets.sides_and_names(game)
    state = standing(tournament, sides, names, saved_hands(game.pk), game.extra_hand)
    if not state.over or state.unconfirmed:
        return False
    if _reopened_since_last_hand(game):
        return False
    finished = formats.of(tournament).sheet_over(game, state, user=user)
    if not finished:
        log.info("game %s not finished from the sheet: someone else ended it first", game.pk)
    return finished


def _reopened_since_last_hand(game: Game) -> bool:
    """The organizer reopened the game after its sheet last changed: the sheet's end was overruled,
    so it ends again only on the next hand or correction (a page view must not end it again)."""
    reopened = GameEvent.objects.filter(game_id=game.pk, kind="result_reopened").order_by("-at").values_list("at", flat=True).first()
    if reopened is None:
        return False
    changed = [HandRevision.objects.filter(hand__game_id=game.pk).aggregate(at=Max("created_at"))["at"],
               Hand.objects.filter(game_id=game.pk).aggregate(at=Max("confirmed_at"))["at"]]
    return all(at is None or at <= reopened for at in changed)
