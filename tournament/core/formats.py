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

    def has_bracket(self, tournament: Tournament) -> bool:
        return False

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


def choices() -> list[tuple[str, str]]:
    return [(key, by_key(key).label) for key in _registry()]
