"""The bracket format (Bayfest: teams of two, Division 1 and Division 2 drawn at random into
single-elimination charts, and a final) as an event-format plug-in (tournament.core.formats)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, ngettext

from tournament.core import clock
from tournament.core.formats import EventFormat
from tournament.formats.bracket import advancement, event_end, final_results, game_rules, live_now, records, withdrawal
from tournament.models import Division, Game, Team
from tournament.signups import registration
from tournament.signups.forms import SignupForm

# The moves after which a result is carried into the game it feeds.
ADVANCING = ("finish", "forfeit", "double_forfeit", "decide", "correct", "not_needed")


class BracketFormat(EventFormat):
    key = "bracket"
    label = gettext_lazy("Two divisions and a final")

    public_nav_template = "public/_nav.html"
    organizer_tabs_template = "organizer/_bracket_tabs.html"
    before_draw_template = "public/_before_draw.html"
    home_live_template = "brackets/_home_live.html"
    tv_live_template = "brackets/_tv_live.html"
    dashboard_template = "organizer/_dashboard_teams.html"

    def live_now(self, tournament):
        return live_now.read(tournament)

    def signed_up(self, tournament):
        return tournament.teams.filter(withdrawn_at__isnull=True).count()

    def signups_closed_mail(self, count):
        return (
            ngettext("%(tournament)s: sign-ups closed with %(count)s team",
                     "%(tournament)s: sign-ups closed with %(count)s teams", count),
            ngettext("Sign-ups for %(tournament)s closed at %(when)s.\n"
                     "%(count)s team signed up. The draw can be made now.\n",
                     "Sign-ups for %(tournament)s closed at %(when)s.\n"
                     "%(count)s teams signed up. The draw can be made now.\n", count),
        )

    def dashboard(self, tournament):
        teams = Team.objects.filter(tournament=tournament).prefetch_related("players").order_by("withdrawn_at", "created_at")
        return {"teams": teams, "active_count": sum(1 for t in teams if t.withdrawn_at is None),
                "posts": registration.open_posts(tournament), "form": SignupForm(public=False)}

    def entrants_are_players(self, tournament):
        return False

    def add_to_entrant_page(self, tournament, page, entrant, player_names):
        """A team's page lists its games; a bracket adds nothing to it."""

    # ---- what the shared pages ask -------------------------------------------------------------
    division_kinds = (Division.Kind.D1, Division.Kind.D2, Division.Kind.FINAL)
    has_final = True
    final_kind = Division.Kind.FINAL
    charts = True
    team_withdrawal_page = True
    print_division_template = "brackets/_print_division.html"
    print_results_template = "brackets/_print_results.html"

    def open_games(self, team):
        return withdrawal.open_games(team)

    def withdraw_team(self, tournament, team, *, by, reason, division=None):
        return withdrawal.withdraw(tournament, team, by=by, reason=reason, division=division)

    def undo_team_withdrawal(self, row, *, by, reason=""):
        return withdrawal.undo(row, by=by, reason=reason)

    def record_places(self, tournament, record, teams):
        records.places(tournament, record, teams)

    # ---- a game's life -----------------------------------------------------------------------
    # Every move of the core's table: games wait for their teams, and a final may not be needed.
    moves = frozenset({"ready", "start", "finish", "forfeit", "double_forfeit", "await_decision", "decide",
                       "one_more_hand", "correct", "reverse_forfeit", "resume_play", "reopen", "not_needed"})

    def apply_no_show(self, game, sides, now):
        return game_rules.apply_no_show(game, sides, now)

    def apply_time_limit(self, game, sides, now):
        return game_rules.apply_time_limit(game, sides, now)

    def sheet_over(self, game, state, *, user=None):
        return game_rules.sheet_over(game, state, user=user)

    def after_move(self, game: Game, move: str, before: str) -> None:
        if move in ADVANCING:
            advancement.advance(game)
        event_end.follow_final(game)

    def result_label(self, game, sides):
        return clock.result_text(game)

    def result_locked(self, game):
        return advancement.next_game_started(game)

    def correct_result(self, game, winner, *, by, note):
        return advancement.correct_result(game, winner.team, by=by, note=note)

    def blocks_reversal(self, game):
        return game_rules.blocks_reversal(game)

    def undo_result(self, game):
        game_rules.undo_result(game)

    def is_over(self, tournament):
        return final_results.is_over(tournament)

    def final_results(self, tournament):
        return final_results.lines(tournament)

