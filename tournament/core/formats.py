"""Event formats are plug-ins: the one interface a format implements, and the registry that finds
an event's format.

The core (games, sides, hands, clocks and deadlines, the change counter, printing and the live
pages) never asks which format it holds: it asks the event's format (`of(tournament)`) what its
sign-up shape, draw, pages, menus and words are, and what a deadline or the end of a game means in
it. The formats live in tournament/formats/<name>/ and are listed by `settings.MELDBOARD_FORMATS`
(key -> dotted path of the EventFormat subclass): a third format is one folder and one line there.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.utils.module_loading import import_string

from tournament.models import Game, GameSide, Tournament


class EventFormat:
    """What an event format decides. Subclasses live in tournament/formats/<name>/plugin.py."""

    key = ""
    # Shown on the tournament form (a lazy translation).
    label = ""

    # ---- sign-ups, draw, pages ----------------------------------------------------------------
    # The templates of its pages' parts: the public tabs, the organizer's tabs (after "Sign-ups"),
    # the dashboard's entrants (who signed up, how to add one), the public home before the draw
    # (how to sign up, who has).
    public_nav_template = ""
    before_draw_template = ""
    organizer_tabs_template = ""
    # What the public home and the TV show once drawn (reading `live_now`'s context).
    home_live_template = ""
    tv_live_template = ""
    dashboard_template = ""
    # Whether a player has a page of their own (a table round's players) besides their team's.
    player_pages = False
    # Whether a single seat can be absent while its table plays on (table rounds: RULES-DECISIONS S1);
    # a bracket's no-show forfeits the whole game, so its house rules leave the absent seat's number out.
    absent_seats = False
    # The public sign-up page (a URL name taking the slug); the teams' sign-up sends other formats there.
    signup_url_name = "public:signup"

    def live_now(self, tournament: Tournament):
        """What the public home and the TV show now (its games or tables, what is next), under the
        context name of the format's key ("bracket", "tables"), which their templates read."""
        raise NotImplementedError

    def signed_up(self, tournament: Tournament) -> int:
        """How many entrants are signed up (not withdrawn): teams or players."""
        raise NotImplementedError

    def signups_closed_mail(self, count: int) -> tuple[str, str]:
        """The organizers' e-mail when sign-ups close: subject and message, with %(tournament)s,
        %(count)s and %(when)s to fill, in the format's words."""
        raise NotImplementedError

    def dashboard(self, tournament: Tournament) -> dict:
        """The organizer dashboard's context for its `dashboard_template`: who signed up."""
        raise NotImplementedError

    def entrants_are_players(self, tournament: Tournament) -> bool:
        """Whether "Find my team" lists single players (each has a page) rather than teams."""
        raise NotImplementedError

    def add_to_entrant_page(self, tournament: Tournament, page, entrant: int, player_names: dict[int, str]) -> None:
        """What the format adds to a team's or player's own page (`page`: tournament.live.entrant.EntrantPage)."""
        raise NotImplementedError

    # ---- what the shared pages ask -------------------------------------------------------------
    # The kinds of Division its games are played in (Division.Kind values).
    division_kinds: tuple[str, ...] = ()
    # A game is a table of a round ("Table 3"): its phone checks in seat by seat, it starts early
    # from its phone or the round board, and its public page is the seating (a bracket game is
    # "Division 1 · Semi-final game 2", its public page the bracket).
    games_are_tables = False
    # A seat absent at the start does not stop the table: the others play on down to the variant's
    # minimum; below it the table is short and takes no hand (RULES-DECISIONS S1–S3).
    absent_seats_play_on = False
    # The sheet's heading names who sits at a partnership's side (a team keeps its own name).
    sheet_names_who_sits = False
    # A finished game's result is said in the format's own words (`result_label`), not "Winner: X".
    own_result_words = False
    # The event ends with a final: its two finalists are a club record's places 1 and 2.
    has_final = False
    # The kind of its final's division (listed after the divisions that feed it), or "".
    final_kind = ""
    # Its divisions are drawn as bracket charts (the public bracket, the printed charts).
    charts = False
    # A team may withdraw from a division after the draw (its games become walkovers).
    team_withdrawal_page = False
    # The print menu's part for each division, and its results button (a template each).
    print_division_template = ""
    print_results_template = ""
    # The public page of a withdrawn entrant: its results so far count (tables), or its remaining
    # games are walkovers (a bracket).
    withdrawn_results_count = False

    def seat_positions(self, game: Game) -> list:
        """Everyone at a game with their place at the table (North, Seat 2), or [] where seats have none."""
        return []

    def bonus_note(self, game: Game):
        """The bonus at stake or won at this game (a table's first-table bonus), or None."""
        return None

    def correction_block(self, game: Game, sides: list[GameSide]) -> str:
        """Why this format never lets the organizer pick another winner of this game, or ""."""
        return ""

    def hands_after_limit_text(self, game: Game) -> str:
        """What a hand entered after the time limit is told, with %(clock)s, or "" for the core's words."""
        return ""

    def entrant_kind(self, tournament: Tournament) -> str:
        """What one entrant is on a sheet: "team", "partnership" or "player"."""
        return "team"

    def most_sides(self, tournament: Tournament) -> int:
        """The most sides a game seats (a blank score sheet has room for them)."""
        return 2

    def no_show_words(self, game: Game, sides: list[GameSide]) -> str:
        """What happens to a side not here by the no-show deadline, for the table card, or "" for the core's words."""
        return ""

    def seated_rounds(self, tournament: Tournament) -> list[int]:
        """The numbers of the rounds whose seating is published (a printed seating chart each)."""
        return []

    def round_seating(self, tournament: Tournament, number: int):
        """Round `number`'s published seating, for its printed chart (LookupError when there is none)."""
        raise LookupError(f"{tournament} seats no round {number}.")

    def short_table_room(self, game: Game) -> list:
        """The tables a short table's players could move to (the organizer's "move"), or []."""
        return []

    def phone_check_in(self, game: Game, data, *, by) -> str | None:
        """A check-in posted from the table's phone (`data`) of a format whose games are tables: one
        seat checks in; the name checked in (ValidationError: refused). Elsewhere a team checks in."""
        return None

    def phone_start(self, game: Game, agreed_side_ids, *, by) -> Game | None:
        """A start from the table's phone of a format whose games are tables (its round in order,
        every seat agreeing before the posted time). Elsewhere both teams agree (the core's start).
        agreed_side_ids: reads the posted seats that agree (refusing bad input) when the format asks."""
        return None

    def standings(self, tournament: Tournament):
        """The event's standings with their medals, for its printed results (ValidationError before any round)."""
        raise LookupError(f"{tournament} keeps no standings.")

    def playoff_notes(self, tournament: Tournament) -> list:
        """What each play-off decided, for the printed results."""
        return []

    # A team's withdrawal after the draw, where `team_withdrawal_page` (tournament.gameday.views_withdraw).
    def open_games(self, team) -> list:
        """The team's games without a result yet, earliest round first."""
        return []

    def withdraw_team(self, tournament: Tournament, team, *, by, reason: str, division=None) -> list:
        """Withdraw `team` after the draw (from the event, or from `division` alone): the games it gave away."""
        raise LookupError(f"The {self.key} format has no team withdrawal after the draw.")

    def undo_team_withdrawal(self, withdrawal, *, by, reason: str = "") -> list:
        """Bring a team withdrawn from one division back: the games to be played again."""
        raise LookupError(f"The {self.key} format has no team withdrawal after the draw.")

    def results_refusal(self, tournament: Tournament) -> str:
        """Why its printed results cannot be made yet ("" once they can): the menu says so instead of a link."""
        return ""

    def record_places(self, tournament: Tournament, record, teams: dict[int, tuple[int, ...]]) -> None:
        """Fill a club record's entrants, their names and places, and whether the event is decided
        (`record`: tournament.clubs.records.EventRecord; `teams`: team id -> its players' ids)."""
        raise NotImplementedError

    # ---- a game's life -----------------------------------------------------------------------
    # The moves its games may make: a subset of the core's table (tournament.core.transitions.MOVES);
    # any other is refused by the funnel as an illegal move.
    moves: frozenset[str] = frozenset()

    def apply_no_show(self, game: Game, sides: list[GameSide], now: dt.datetime) -> bool:
        """The no-show deadline of a READY game has passed (row locked, checked due): apply it."""
        raise NotImplementedError

    def apply_time_limit(self, game: Game, sides: list[GameSide], now: dt.datetime) -> bool:
        """The time limit of a game has passed (row locked, checked due): end it."""
        raise NotImplementedError

    def sheet_over(self, game: Game, state, *, user=None) -> bool:
        """The score sheet ends the game (`state`: scoring.outcome.Standing, over and confirmed)."""
        raise NotImplementedError

    def after_move(self, game: Game, move: str, before: str) -> None:
        """Called by the transition funnel inside its transaction, after a game moved from `before`."""

    def result_label(self, game: Game, sides: list[GameSide]) -> str:
        """How the pages name a finished game's result ("Sharks won", "Level: Ana, Ben")."""
        raise NotImplementedError

    def result_locked(self, game: Game) -> bool:
        """Whether a finished game's result can no longer change (a bracket: the next game started)."""
        return False

    def correct_result(self, game: Game, winner: GameSide, *, by, note: str) -> Game:
        """The organizer (or a corrected hand) gives a finished game another winner."""
        raise NotImplementedError

    def blocks_reversal(self, game: Game) -> Game | None:
        """The game that makes a forfeit here too late to reverse (it started or has a result), or None."""
        return None

    def undo_result(self, game: Game) -> None:
        """Take a result's consequences back before the game is reopened (a forfeit reversed)."""

    # ---- the end of the event ------------------------------------------------------------------
    def is_over(self, tournament: Tournament) -> bool:
        """Whether the event has its final results (its entrants are then e-mailed them once)."""
        return False

    def final_results(self, tournament: Tournament) -> list[str]:
        """The final results as short lines of plain text (champion, medals), in the active language."""
        return []


def _registry() -> dict[str, str]:
    return settings.MELDBOARD_FORMATS


def keys() -> list[str]:
    return list(_registry())


def by_key(key: str) -> EventFormat:
    try:
        path = _registry()[key]
    except KeyError:
        raise LookupError(f"No event format {key!r}; the formats are {', '.join(_registry())}.") from None
    return import_string(path)()


def of(tournament: Tournament) -> EventFormat:
    """The event's format."""
    return by_key(tournament.format)


def of_game(game: Game) -> EventFormat:
    """The format of the event a game is played in, known from its division's kind (no query for the
    tournament when only the division is loaded)."""
    return of_division_kind(game.division.kind) or of(game.division.tournament)


def of_division_kind(kind: str) -> EventFormat | None:
    """The format whose games are played in divisions of `kind` (a backup file's rows), or None."""
    for key in _registry():
        event_format = by_key(key)
        if kind in event_format.division_kinds:
            return event_format
    return None


def choices() -> list[tuple[str, str]]:
    return [(key, by_key(key).label) for key in _registry()]
