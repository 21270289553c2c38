"""The time limit with hands not yet confirmed (RULES.md F1): the result waits.

Each format's time-limit claim (tournament.formats.*.game_rules.apply_time_limit, run by the worker's
task, the minute sweep and a page that applies a due deadline alike, with the game row locked) asks
`hold` first. With every hand before the limit confirmed it records nothing and the claim goes on;
with one still unconfirmed the result is held: for CONFIRM_WINDOW_MINUTES the other side may still
confirm it at the table (the game stays in play, its phone and the organizer's board say why), and
once the window closes the game awaits the organizer's decision. A confirmation, at the table or by
the organizer, applies the time limit again at once (`after_confirmation`)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import F

import rules
from scoring import outcome
from tournament.common.scheduling import send_task_safely
from tournament.core import deadlines, ties, transitions
from tournament.core.game_log import Entrant, EntrantTotal
from tournament.core.game_rows import count_change, log_event
from tournament.models import Game, GameSide

WINDOW = dt.timedelta(minutes=rules.CONFIRM_WINDOW_MINUTES)
Status = Game.Status
Reason = Game.Reason


def counted_at_limit(game: Game, sides: list[GameSide]) -> rules.Counted:
    """The hands received before the limit, counted by the rules engine: confirmed ones only."""
    hands = outcome.before_limit(game, outcome.saved_hands(game.pk))
    require = game.division.tournament.require_confirmation
    return rules.confirmed_totals(((h.number, h.scores, h.confirmed_at is not None) for h in hands), len(sides), require)


def window_closes(game: Game) -> dt.datetime | None:
    return game.time_limit_at + WINDOW if game.time_limit_at else None


def may_confirm_late(game: Game, number: int, now: dt.datetime) -> bool:
    """Whether the table may still confirm hand `number` although the time is up: it holds the result
    and the window is open."""
    return (game.status == Status.IN_PLAY and number in (game.held_hands or []) and not game.paused_at
            and game.time_limit_at is not None and now < window_closes(game))


def hold(game: Game, sides: list[GameSide], now: dt.datetime) -> str:
    """"" when no unconfirmed hand holds the result (the claim records it); "held" while the table's
    window is open (nothing recorded); "decision" once the game awaits the organizer."""
    counted = counted_at_limit(game, sides)
    if not counted.held:
        return ""
    until = window_closes(game)
    data = {"hands": counted.pending, "until": until.isoformat(),
            "totals": [EntrantTotal(Entrant.of(s), t) for s, t in zip(sides, counted.totals)],
            "as_entered": [EntrantTotal(Entrant.of(s), t) for s, t in zip(sides, counted.as_entered)]}
    if now < until:
        if game.status == Status.IN_PLAY and list(game.held_hands or []) != counted.pending:
            Game.objects.filter(pk=game.pk).update(held_hands=counted.pending, version=F("version") + 1)
            log_event(game, "result_held", at=now, **data)
            count_change(game)
            transaction.on_commit(lambda: send_task_safely(deadlines.apply_time_limit_at_deadline, game.pk, eta=until))
        return "held"
    if game.status == Status.AWAITING_DECISION:
        return "decision"  # still waiting for the organizer: nothing new to record
    moved = transitions.move(game, "await_decision", claim=True, at=now, reason=Reason.UNCONFIRMED_AT_LIMIT,
                             log="unconfirmed_at_limit", log_data=data,
                             fields={"held_hands": counted.pending, "tie_totals": [], "tie_notified_at": None})
    if moved is None:
        return "held"
    transaction.on_commit(lambda: ties.notify_organizers(game.pk))  # as a tie is told: the organizers decide
    return "decision"


def after_confirmation(game_id: int) -> bool:
    """A hand was confirmed (or corrected by the organizer): if the time limit had been held for
    it, apply it now over the confirmed hands. True when a result was recorded."""
    game = Game.objects.filter(pk=game_id).only("status", "held_hands", "result_reason", "time_limit_at").first()
    if game is None or not game.held_hands:
        return False
    held = game.status == Status.IN_PLAY or (
        game.status == Status.AWAITING_DECISION and game.result_reason == Reason.UNCONFIRMED_AT_LIMIT)
    return held and deadlines.apply_time_limit(game_id)


def apply_if_due(game: Game, now: dt.datetime) -> bool:
    """The table phone's page applies a passed time limit itself (as the live pages do), so that a
    hand holding the result can be confirmed the moment time is up, whatever the worker is doing.
    True when the game row changed (read it again)."""
    if game.status != Status.IN_PLAY or not game.time_limit_at or game.paused_at or now < game.time_limit_at:
        return False
    before = (game.status, list(game.held_hands or []))
    deadlines.apply_time_limit(game.pk, now)
    after = Game.objects.filter(pk=game.pk).values_list("status", "held_hands").first()
    return after is not None and (after[0], list(after[1] or [])) != before
