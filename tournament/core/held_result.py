"""A result held at the time limit by a hand not yet confirmed (RULES.md F1): how the table
phone, the organizer's boards and the game's page word it. The hold itself is
scoring.confirmed_limit's; this module only reads the game row (Game.held_hands)."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from tournament.common.localtime import clock as local_clock
from tournament.models import Game

Status = Game.Status


def _hands(game: Game) -> str:
    numbers = [str(n) for n in game.held_hands or []]
    return ngettext("hand %(numbers)s", "hands %(numbers)s", len(numbers)) % {"numbers": ", ".join(numbers)}


def window_closes(game: Game) -> dt.datetime:
    return game.time_limit_at + dt.timedelta(minutes=rules.CONFIRM_WINDOW_MINUTES)


def held(game: Game, now: dt.datetime) -> bool:
    """In play, time up, and a hand unconfirmed at the limit holds the result."""
    return bool(game.status == Status.IN_PLAY and game.held_hands and game.time_limit_at and now >= game.time_limit_at
                and not game.paused_at)


def awaiting(game: Game) -> bool:
    return game.status == Status.AWAITING_DECISION and game.result_reason == Game.Reason.UNCONFIRMED_AT_LIMIT


def label(game: Game) -> str:
    if awaiting(game):
        return _("Time is up with %(hands)s unconfirmed — awaiting the organizer's decision") % {"hands": _hands(game)}
    return _("Time is up — %(hands)s waiting for confirmation") % {"hands": _hands(game)}


def table_note(game: Game) -> str:
    """What the table phone tells the players: why there is no result yet, and what to do."""
    named = {"hands": _hands(game), "clock": local_clock(game.division.tournament, window_closes(game))}
    if awaiting(game):
        return _("Time is up, and %(hands)s was never confirmed: only confirmed hands count, so the organizer "
                 "decides the result (it is on the organizer's board). Please stay at the table.") % named
    return _("Time is up, but %(hands)s is not confirmed yet, and only confirmed hands count. The other side "
             "confirms it below (or asks the organizer to correct it) by %(clock)s; after that the organizer "
             "decides.") % named


def board_alert(game: Game) -> str:
    """The organizer's board line for the held result."""
    named = {"hands": _hands(game), "clock": local_clock(game.division.tournament, window_closes(game))}
    if awaiting(game):
        return _("Time is up with %(hands)s unconfirmed: confirm or correct it on the sheet (the result then "
                 "follows from the confirmed hands), or record the winner and why.") % named
    return _("Time is up with %(hands)s unconfirmed: the result waits for the other side to confirm it "
             "until %(clock)s, then for your decision.") % named
