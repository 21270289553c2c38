"""What a table event's variant decides: whether entrants are players or partnerships, and how many
sides sit at a table. The numbers are the tournament's frozen rules numbers (rules/presets.py:
players_per_side, min_sides, max_sides); this module only reads them."""

from __future__ import annotations

from django.utils.translation import gettext

import rules

# Read here by the tables' pages; they are the variant's numbers, which the core reads too.
from tournament.core.house_rules import game_length_number, in_partnerships, players_per_side  # noqa: F401
from tournament.models import Tournament


def _number(tournament: Tournament, name: str, default: int) -> int:
    numbers = tournament.rules_numbers or rules.preset_numbers(tournament.variant)
    return numbers.get(name, default)


def side_bounds(tournament: Tournament) -> tuple[int, int]:
    """(fewest, most) sides at one table."""
    return _number(tournament, "min_sides", 2), _number(tournament, "max_sides", 2)


def is_table_event(tournament: Tournament) -> bool:
    return tournament.format == "tables"


def describe(tournament: Tournament) -> str:
    """“Partnerships, 2 a table” / “Players, 2 to 4 a table”: the line the organizer pages show."""
    low, high = side_bounds(tournament)
    numbers = {"low": low, "high": high}
    if in_partnerships(tournament):
        if low == high:
            return gettext("Partnerships, %(low)s a table") % numbers
        return gettext("Partnerships, %(low)s to %(high)s a table") % numbers
    if low == high:
        return gettext("Players, %(low)s a table") % numbers
    return gettext("Players, %(low)s to %(high)s a table") % numbers
