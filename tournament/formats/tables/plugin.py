"""Table rounds (the club 4-deck game, Rummikub, Fiji, cutthroat: players or partnerships drawn to
tables of 2 to 6 sides, timed rounds, standings across the tables, medals and play-offs) as an
event-format plug-in (tournament.core.formats)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, ngettext

from tournament.core import transitions
from tournament.core.formats import EventFormat
from tournament.core.game_log import Entrant
from tournament.formats.tables import (
    entrant_pages,
    event_state,
    final_results,
    formats,
    game_rules,
    live_now,
    reopening,
    results,
    signups,
    table_deadlines,
)
from tournament.models import Game


class TableRoundsFormat(EventFormat):
    key = "tables"
    label = gettext_lazy("Table rounds")

    player_pages = True
    absent_seats = True
    public_nav_template = "tables/public_nav.html"
    organizer_tabs_template = "tables/_tabs.html"
    before_draw_template = "tables/_before_draw.html"
    dashboard_template = "tables/_dashboard_players.html"
    signup_url_name = "tables:signup"

    def live_now(self, tournament):
        return live_now.read(tournament)

    def signed_up(self, tournament):
        return signups.active_players(tournament).count()

    def signups_closed_mail(self, count):
        return (
            ngettext("%(tournament)s: sign-ups closed with %(count)s player",
                     "%(tournament)s: sign-ups closed with %(count)s players", count),
            ngettext("Sign-ups for %(tournament)s closed at %(when)s.\n"
                     "%(count)s player signed up. The draw can be made now.\n",
                     "Sign-ups for %(tournament)s closed at %(when)s.\n"
                     "%(count)s players signed up. The draw can be made now.\n", count),
        )

    def dashboard(self, tournament):
        return {"player_count": signups.active_players(tournament).count()}

    def entrants_are_players(self, tournament):
        return not formats.in_partnerships(tournament)

    def add_to_entrant_page(self, tournament, page, entrant, player_names):
        entrant_pages.add_seats_and_standing(tournament, page, entrant, player_names)

    # ---- a game's life -----------------------------------------------------------------------
    # A table is seated when its round is published: it never waits for a feeder ("ready", "reopen")
    # and is always needed ("not_needed").
    moves = frozenset({"start", "finish", "forfeit", "double_forfeit", "await_decision", "decide",
                       "one_more_hand", "correct", "reverse_forfeit", "resume_play"})

    def apply_no_show(self, game, sides, now):
        return game_rules.apply_no_show(game, sides, now)

    def apply_time_limit(self, game, sides, now):
        return game_rules.apply_time_limit(game, sides, now)

    def sheet_over(self, game, state, *, user=None):
        return game_rules.sheet_over(game, state, user=user)

    def after_move(self, game, move, before):
        # Ended: counted by the standings (done, or level and awaiting the organizer).
        ended, was_ended = game.status in results.FINISHED, before in results.FINISHED
        if ended != was_ended or move == "correct":
            event_state.follow_playoff(game, ended=ended)

    def result_label(self, game, sides):
        # Partnerships too: a table's words name its winner and never say who "advances".
        return table_deadlines.result_label(game, sides)

    def correct_result(self, game: Game, winner, *, by, note):
        """A table's result carries nobody forward: the new winner is recorded, the standings follow."""
        return transitions.move(game, "correct", winner=winner, by=by, note=note, log="correction",
                                fields={"finished_at": game.finished_at},
                                log_data={"old_winner": Entrant.team_of(game.winner_id), "old_status": game.status})

    def undo_result(self, game: Game) -> None:
        reopening.undo_result(game)

    def is_over(self, tournament):
        return final_results.is_over(tournament)

    def final_results(self, tournament):
        return final_results.lines(tournament)
