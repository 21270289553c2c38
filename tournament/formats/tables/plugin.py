"""Table rounds (the club 4-deck game, Rummikub, Fiji, cutthroat: players or partnerships drawn to
tables of 2 to 6 sides, timed rounds, standings across the tables, medals and play-offs) as an
event-format plug-in (tournament.core.formats)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.core import seat_state, transitions
from tournament.core.formats import EventFormat
from tournament.core.game_log import Entrant
from tournament.formats.tables import (
    entrant_pages,
    event_state,
    final_results,
    formats,
    game_rules,
    live_now,
    play,
    reopening,
    results,
    round_order,
    rounds,
    seat_lists,
    short_tables,
    signups,
    table_deadlines,
    table_facts,
)
from tournament.formats.tables.forms import SeatForm
from tournament.models import Division, Game


class TableRoundsFormat(EventFormat):
    key = "tables"
    label = gettext_lazy("Table rounds")

    player_pages = True
    absent_seats = True
    public_nav_template = "tables/public_nav.html"
    organizer_tabs_template = "tables/_tabs.html"
    before_draw_template = "tables/_before_draw.html"
    home_live_template = "tables/_home_live.html"
    tv_live_template = "tables/_tv_live.html"
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

    # ---- what the shared pages ask -------------------------------------------------------------
    division_kinds = (Division.Kind.TABLES,)
    games_are_tables = True
    absent_seats_play_on = True
    sheet_names_who_sits = True
    own_result_words = True
    withdrawn_results_count = True
    print_division_template = "tables/_print_division.html"
    print_results_template = "tables/_print_results.html"

    def entrant_kind(self, tournament):
        return "partnership" if formats.in_partnerships(tournament) else "player"

    def most_sides(self, tournament):
        return formats.side_bounds(tournament)[1]

    def no_show_words(self, game, sides):
        return table_facts.no_show_rule(sides)

    def seated_rounds(self, tournament):
        return seat_lists.published_numbers(tournament)

    def round_seating(self, tournament, number):
        return seat_lists.round_seating(tournament, number)

    def short_table_room(self, game):
        return short_tables.room_at(game, len(seat_state.present(game.sides.all())))

    def phone_check_in(self, game, data, *, by):
        form = SeatForm(data, game=game)
        if not form.is_valid():
            raise ValidationError(_("Pick one of the table's seats."))
        side = form.cleaned_data["side"]
        play.check_in_side(game, side, by=by, via="table")
        return (side.team or side.player).name

    def phone_start(self, game, agreed_side_ids, *, by):
        round_order.check_start(game)  # a round out of order is refused before the seats are read
        return play.start_table(game, by=by, via="table", agreed_side_ids=agreed_side_ids())

    def standings(self, tournament):
        return results.standings(tournament)

    def playoff_notes(self, tournament):
        return results.playoff_notes(tournament)

    def results_refusal(self, tournament):
        try:
            rounds.standings_rounds(tournament)
        except ValidationError as exc:
            return " ".join(exc.messages)
        return ""

    def seat_positions(self, game):
        return table_facts.positions(game)

    def bonus_note(self, game):
        return table_facts.bonus_note(game)

    def correction_block(self, game, sides):
        if not any(s.team_id for s in sides):
            # Players' places at a table follow their totals: there is no winner to pick from a list.
            return _("A table's places follow its hands' totals: correct a hand on the table's sheet, or reopen the table.")
        return ""

    def hands_after_limit_text(self, game):
        return _("The time limit passed at %(clock)s; hands entered after it do not count. "
                 "The table is placed by its totals before the limit.")

    def record_places(self, tournament, record, teams):
        results.record_places(tournament, record, teams)

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
