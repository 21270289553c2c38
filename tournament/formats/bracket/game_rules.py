"""What a bracket game's deadlines and score sheet mean (called by the core through the format):
the no-show forfeit, the time limit, the sheet that ends a game, and what a result may still change.
The row is locked and the deadline checked due by tournament.core.deadlines before these run."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction

import rules
from scoring import confirmed_limit, outcome
from tournament.core import deadlines, ties, transitions
from tournament.core.game_log import Entrant, EntrantTotal
from tournament.core.game_log_words import FEEDER_REVERSED
from tournament.core.game_rows import lock_game, log_event
from tournament.formats.bracket import advancement
from tournament.models import Division, Game, GameSide, Substitution, Team

Status = Game.Status
Reason = Game.Reason


def apply_no_show(game: Game, sides: list[GameSide], now: dt.datetime) -> bool:
    """A team not checked in at the deadline forfeits; both absent is a double forfeit."""
    if len(sides) < 2 or any(s.team_id is None for s in sides) or deadlines.late_feeder(game, sides):
        return False
    absent = [s for s in sides if not s.checked_in_at]
    if not absent:
        return False
    subs = list(Substitution.objects.filter(game=game))
    teams = {t.pk: t for t in Team.objects.filter(pk__in=[s.team_id for s in absent]).prefetch_related("players")}
    reasons = {
        s.team_id: Reason.NO_PARTNER if deadlines.short_of_partner(teams[s.team_id], subs) else Reason.NO_SHOW
        for s in absent
    }
    # The words are made when the log is read (tournament.core.game_log_words), in the reader's language.
    log_event(game, "no_show", at=now, absent=[Entrant.of(s) for s in absent], deadline=game.no_show_at.isoformat(),
              no_partner=[Entrant.of(s) for s in absent if reasons[s.team_id] == Reason.NO_PARTNER])
    if len(absent) == len(sides):
        advancement.double_forfeit(game, reason=Reason.NO_SHOW)
    else:
        present = next(s for s in sides if s.checked_in_at)
        advancement.finish_game(game, present.team, reason=reasons[absent[0].team_id], status=Status.FORFEIT)
    return True


def apply_time_limit(game: Game, sides: list[GameSide], now: dt.datetime) -> bool:
    """The higher total over the hands completed before the limit wins; level waits for the organizer (A7, D6)."""
    if len(sides) < 2 or any(s.team_id is None for s in sides):
        return False
    if game.status == Status.READY and any(not s.checked_in_at for s in sides):
        return False  # nobody played: that is the no-show rule's business, not the clock's
    held = confirmed_limit.hold(game, sides, now)
    if held:  # a hand before the limit is not confirmed yet: the result waits (F1)
        return held == "decision"
    totals = dict(zip((str(s.team_id) for s in sides), outcome.totals_at_limit(game, sides)))
    logged = [EntrantTotal(Entrant.of(s), total) for s, total in zip(sides, totals.values())]
    winner = rules.time_limit_winner(totals)
    if winner is not None:
        log_event(game, "time_limit", at=now, totals=logged)
        advancement.finish_game(game, next(s.team for s in sides if str(s.team_id) == winner), reason=Reason.TIME_LIMIT)
        return True
    moved = transitions.move(
        game, "await_decision", claim=True, at=now, reason=Reason.TIME_LIMIT_TIE, log="time_limit_tie",
        fields={"tie_totals": list(totals.values()), "tie_notified_at": None}, log_data={"totals": logged},
    )
    if moved is None:
        return False
    transaction.on_commit(lambda: ties.notify_organizers(game.pk))
    return True


def sheet_over(game: Game, state, *, user=None) -> bool:
    """The sheet ends the game: its winner advances; a tie waits for the organizer."""
    side = state.winner_side
    if side is None and state.extra_hand:  # level again after the one more hand: the organizer decides
        moved = transitions.move(
            game, "await_decision", claim=True, reason=Reason.TIME_LIMIT_TIE, log="time_limit_tie",
            fields={"tie_notified_at": None},
            log_data={"totals": [EntrantTotal(Entrant.of(s), t) for s, t in zip(state.sides, state.totals)],
                      "hand": game.extra_hand},
        )
        if moved is not None:
            transaction.on_commit(lambda: ties.notify_organizers(game.pk))
        return moved is not None
    if side is None:  # over with no single winner (a tie the rules leave to the organizer)
        return transitions.move(game, "await_decision", claim=True) is not None
    reason = Reason.TIME_LIMIT if state.extra_hand else Reason.SCORE
    try:
        advancement.finish_game(game, side.team, reason=reason, by=user)
    except ValidationError:  # someone else (the time limit, the organizer) got there first
        return False
    return True


def blocks_reversal(game: Game) -> Game | None:
    """The next game when it has started or has a result, so a forfeit here can no longer be reversed."""
    following = advancement.next_game(game)
    if following is None:
        return None
    if following.status == Status.FORFEIT and following.result_reason == Reason.WALKOVER:
        # An automatic walkover is no game played; it can be undone while its own next game waits.
        return following if advancement.next_game_started(following) else None
    started = following.status in advancement.STARTED or (following.is_done and following.status != Status.NOT_NEEDED)
    return following if started else None


def undo_result(game: Game) -> None:
    """Take a result's consequences back out of the games it feeds (a walkover undone in turn)."""
    Division.objects.filter(pk=game.division_id, champion_id=game.winner_id).update(champion=None)
    for side in GameSide.objects.select_for_update().filter(fed_by=game):
        following = lock_game(side.game_id)
        if following.status == Status.NOT_NEEDED or (
            following.status == Status.FORFEIT and following.result_reason == Reason.WALKOVER
        ):
            undo_result(following)
        if following.status != Status.IN_PLAY:
            advancement.reopen(following, reason=FEEDER_REVERSED)
        if side.team_id == game.winner_id:
            GameSide.objects.filter(pk=side.pk).update(team=None)
