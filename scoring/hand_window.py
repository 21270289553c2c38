"""When a game takes new hands, and when its table may still correct or confirm them: the clock is
read at the request (the worker applying the time limit may run late, and a hand received after the
limit must not count, A7, D6); past the limit or once the game is over, only the organizer changes
the sheet. scoring.hands asks here under the game's lock; the table pages ask to word the page."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common.localtime import clock as local_clock
from tournament.core import formats
from tournament.models import Game


def time_limit_passed(game: Game, now: dt.datetime) -> bool:
    # A paused clock stands still at its pause: a hand entered during the pause still counts.
    return game.time_limit_at is not None and (game.paused_at or now) >= game.time_limit_at


def _time_limit_clock(game: Game) -> str:
    return local_clock(game.division.tournament, game.time_limit_at)


def accepting_hands(game: Game, now: dt.datetime | None = None) -> str | None:
    """Why this game takes no new hand at `now` (the request's clock), or None when it does.

    The time limit is read from the clock, not from the game's status: the worker that applies the
    time-limit result may run late, and a hand received after the limit must not count (A7, D6)."""
    status = Game.Status
    if game.status in (status.WAITING, status.READY):
        return _("This game has not started yet: hands can be entered once it is in play.")
    timed_out = game.status == status.IN_PLAY or game.result_reason in (Game.Reason.TIME_LIMIT, Game.Reason.TIME_LIMIT_TIE)
    if timed_out and time_limit_passed(game, now or timezone.now()):
        # The format may say what the limit means for it (a table is placed by its totals).
        text = formats.of_game(game).hands_after_limit_text(game)
        if not text and game.status == status.FINISHED:
            text = _("The time limit passed at %(clock)s; hands entered after it do not count. "
                     "The totals at the limit decided the game.")
        elif not text and game.status == status.AWAITING_DECISION:
            text = _("The time limit passed at %(clock)s; hands entered after it do not count. "
                     "The totals were level: the organizer decides the result.")
        elif not text:  # in play: the worker is recording the result from the totals at the limit
            text = _("The time limit passed at %(clock)s; hands entered after it do not count. "
                     "The totals at the limit decide the game.")
        return text % {"clock": _time_limit_clock(game)}
    if game.status == status.AWAITING_DECISION:
        return _("This game is waiting for the organizer's decision; no more hands can be entered.")
    if game.status == status.FINISHED:
        return _("This game is over; no more hands can be entered.")
    if game.status != status.IN_PLAY:
        # Not "over (finished)": a walkover, a bye or a final not needed was never played.
        return _("This game was not played (%(how)s); no hands can be entered.") % {"how": game.status_words.lower()}
    return None


def table_locked(game: Game, now: dt.datetime) -> str | None:
    """Why the table may no longer correct or confirm this game's hands at `now`, or None while it
    may: only in play and before the time limit. Past either, the organizer corrects."""
    if game.status == Game.Status.IN_PLAY and not time_limit_passed(game, now):
        return None
    if game.status == Game.Status.FINISHED:
        return _("This game is finished: only the organizer can change or confirm these hands now. "
                 "Ask the organizer to correct the sheet.")
    if time_limit_passed(game, now) and game.status in (Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION):
        return _("The time limit passed at %(clock)s: only the organizer can change or confirm these hands now.") % {
            "clock": _time_limit_clock(game)}
    return _("Hands of this game cannot be changed (%(status)s).") % {"status": game.get_status_display().lower()}
