"""The pure reading of a game's state against a clock: what every page shows for it.

No writes and no queries when the game comes with its sides prefetched, so a page is right even
when no worker has applied a passed deadline yet.
"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common import durations
from tournament.common.localtime import clock as local_clock
from tournament.common.names import people_in
from tournament.common.stored_words import reason as reason_words
from tournament.core import formats, held_result, seat_state, ties
from tournament.models import Game

Status = Game.Status
Reason = Game.Reason

def countdown_text(left: dt.timedelta) -> str:
    """What is left, as every countdown writes it ("2 h 29 min"; static/js/meldboard.js counts on
    with the same words), so a page is right before its script runs."""
    return durations.left(left)


def clock(game: Game, now: dt.datetime) -> dict:
    """What a game's state is at `now`, by its status and its deadlines (no queries if prefetched).

    phase: waiting | check_in | no_show_due | ready | in_play | paused | one_more_hand | time_up | awaiting_decision | done
    countdown_to: the moment the browser counts down to (None when nothing is counting),
    countdown_label / done_text: the words around it; tone: ok | warn | bad | "" for the badge;
    alert: the organizer's board line; table_note: what the table phone tells the players next.
    """
    sides = list(game.sides.all())
    team_sides = [s for s in sides if s.team_id]
    # Every seat checks in: a team (bracket, partnerships) or a single player at a table round.
    absent = [s for s in sides if (s.team_id or s.player_id) and not s.checked_in_at and not s.forfeited_at]
    # A table-round game's sides may be single players (no team, no check-in): known from the draw.
    both_known = all(s.team_id or s.player_id for s in sides) and len(sides) >= 2
    state = {
        "phase": "done", "label": "", "tone": "", "countdown_to": None, "countdown_label": "", "done_text": "",
        "countdown_text": "", "absent": absent, "no_show_passed": bool(game.no_show_at and now >= game.no_show_at),
        "time_limit_passed": bool(game.time_limit_at and now >= game.time_limit_at), "can_start": False,
        "can_start_without": False,
        "early": bool(game.starts_at and now < game.starts_at), "alert": "",
        "table_note": ties.table_note(game),
    }

    def counting(to, words, done):
        state.update(countdown_to=to, countdown_label=words, done_text=done, countdown_text=countdown_text(to - now))

    status = game.status
    if status in Game.DONE:
        # The format names the result: a table of single players has no Team winner, so it names who
        # placed 1st (or who is level) the way the round board does, and the phone and the board agree.
        state["label"] = formats.of(game.division.tournament).result_label(game, sides)
        state["tone"] = "bad" if status in (Status.FORFEIT, Status.DOUBLE_FORFEIT) and game.result_reason in Game.FORFEIT_REASONS else "ok"
        if state["tone"] == "bad":
            state["alert"] = state["label"]
    elif held_result.awaiting(game) or held_result.held(game, now):  # an unconfirmed hand holds the result (F1)
        state.update(phase="awaiting_decision" if status == Status.AWAITING_DECISION else "time_up",
                     label=held_result.label(game), tone="warn", alert=held_result.board_alert(game),
                     table_note=held_result.table_note(game))
    elif status == Status.AWAITING_DECISION:
        state.update(phase="awaiting_decision", label=_("Level at the time limit — awaiting the organizer's decision"),
                     tone="warn", alert=ties.board_alert(game))
    elif status == Status.WAITING or not both_known:
        state.update(phase="waiting", label=_("Waiting for the earlier games"))
        if game.starts_at and now < game.starts_at:
            counting(game.starts_at, _("Posted start in"), _("posted start passed"))
    elif status == Status.IN_PLAY and game.extra_hand:  # no clock: the limit is lifted for this one hand
        state.update(phase="one_more_hand", label=_("Tied at the time limit — one more hand (hand %(number)s)") % {"number": game.extra_hand},
                     tone="warn", alert=ties.board_alert(game))
    elif status == Status.IN_PLAY and game.paused_at and game.time_limit_at:
        # Stopped by the organizer: nothing counts down; what is left is what was left at the pause.
        left = durations.length(game.time_limit_at - game.paused_at)
        state.update(phase="paused", label=_("Clock paused — %(left)s left") % {"left": left}, tone="warn",
                     time_limit_passed=False, paused_left=left,
                     alert=_("Clock paused at %(clock)s by the organizer.")
                     % {"clock": local_clock(game.division.tournament, game.paused_at)})
    elif status == Status.IN_PLAY:
        if state["time_limit_passed"]:
            state.update(phase="time_up", label=_("Time limit reached — higher total wins"), tone="warn",
                         alert=_("Time is up: the result is being recorded."))
        else:
            state.update(phase="in_play", label=_("In play"), tone="ok")
            counting(game.time_limit_at, _("Time left"), _("time up"))
    else:  # ready: both teams known, not started
        if absent and state["no_show_passed"]:
            names = _(" and ").join(str(s.team or s.player) for s in absent)
            state.update(phase="no_show_due", label=_("No-show: forfeit due (%(names)s)") % {"names": names}, tone="bad",
                         alert=ngettext("No-show: %(names)s not checked in by %(clock)s.",
                                        "No-show: %(names)s not checked in by %(clock)s.",
                                        sum(people_in(s.team.name) if s.team_id else 1 for s in absent))
                         % {"names": names, "clock": local_clock(game.division.tournament, game.no_show_at)})
        elif absent:
            # A seat not checked in keeps the table from starting (issue 34): only the organizer may
            # start a table of single players without it, which makes it absent (can_start_without).
            state.update(phase="check_in", label=_("Check-in open"), tone="warn" if not state["early"] else "",
                         can_start_without=not team_sides and formats.of_game(game).absent_seats_play_on
                         and not seat_state.below_minimum(game.division.tournament, [s for s in sides if s not in absent]))
            if game.no_show_at:
                counting(game.no_show_at, _("No-show deadline in"), _("forfeit due"))
        elif state["time_limit_passed"]:
            state.update(phase="time_up", label=_("Time limit reached — higher total wins"), tone="warn",
                         alert=_("Time is up: the result is being recorded."))
        elif formats.of_game(game).absent_seats_play_on and seat_state.below_minimum(game.division.tournament, sides):
            words = {"present": len(seat_state.present(sides)), "minimum": seat_state.minimum(game.division.tournament)}
            state.update(phase="short", tone="bad",
                         label=_("Too few players (%(present)s of the %(minimum)s needed) — the organizer decides") % words,
                         alert=_("Too few players to play (%(present)s of the %(minimum)s needed): wait, move them to "
                                 "another table, or forfeit the table.") % words)
        else:
            both = len(team_sides) == 2 == len(sides)
            label = _("Both teams here — ready to start") if both else _("Seated — ready to start")
            state.update(phase="ready", label=label, tone="ok", can_start=True)
            if state["early"]:
                counting(game.starts_at, _("Posted start in"), _("posted start"))
            elif game.time_limit_at:
                # The limit runs from the posted start even before anyone presses start.
                counting(game.time_limit_at, _("Time left"), _("time up"))
    return state


def result_text(game: Game) -> str:
    winner = game.winner.name if game.winner_id else ""
    reason = game.result_reason
    if game.status == Status.DOUBLE_FORFEIT:
        return _("Double forfeit (%(reason)s) — nobody advances") % {"reason": reason_words(reason or Reason.NO_SHOW)}
    named = {"winner": winner, "reason": reason_words(reason or "forfeit")}
    if game.status == Status.FORFEIT:
        if reason == Reason.WITHDRAWN:
            return _("%(winner)s wins: the opponent withdrew") % named
        if reason in Game.FORFEIT_REASONS:
            return _("Forfeit (%(reason)s) — %(winner)s wins") % named
        return _("%(winner)s wins by %(reason)s") % named
    if game.status == Status.BYE:
        return _("Bye — %(winner)s advances") % named
    if game.status == Status.NOT_NEEDED:
        return _("Not needed")
    return _("%(winner)s won (%(reason)s)") % named if reason else _("%(winner)s won") % named
