"""A tournament's rules numbers as its pages and its printed summary read them: the tournament's own
frozen copy (rules_numbers, RULES.md "house rules") next to the variant's preset, each number
labelled, grouped and flagged when the preset borrowed it (RULES B1). Changing them is
tournament.events.house_rules; this module only reads.

The game's time limit is the Tournament's game_time_limit (the clock reads it); it is shown as one
more number, and kept equal to the preset's time_limit_minutes where it has one.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import rules
from rules.presets import get_preset
from tournament.common import rules_words
from tournament.common.numbers import points_text
from tournament.common.rules_words import TIME_LIMIT
from tournament.core import formats
from tournament.models import Game, Tournament

# RULES B1: the cutthroat sheet's numbers are missing at the source; presets borrow Bayfest's.
BORROWED_TAGS = frozenset({"B1"})


@dataclass
class Row:
    key: str
    label: str
    value: int
    shown: str  # the value as a page prints it (5,000)
    preset: int | None  # the preset's value, None for a number the preset does not hold
    tag: str | None  # RULES.md decision behind the preset number
    borrowed: bool

    @property
    def changed(self) -> bool:
        return self.preset is not None and self.value != self.preset


@dataclass
class Group:
    key: str
    title: str
    editable: bool
    rows: list[Row]


def is_frozen(tournament: Tournament) -> bool:
    """Whether any game of the event has a saved hand."""
    return Game.objects.filter(division__tournament=tournament, hands__isnull=False).exists()


def preset_defaults(variant: str) -> dict[str, int]:
    """The variant's numbers as RULES.md gives them, with the game's time limit (2 h 30 where the
    sheets give none: the Bayfest limit)."""
    numbers = rules.preset_numbers(variant)
    numbers.setdefault(TIME_LIMIT, rules.preset_numbers("baja-partners")[TIME_LIMIT])
    return numbers


def default_time_limit(variant: str) -> dt.timedelta:
    return dt.timedelta(minutes=preset_defaults(variant)[TIME_LIMIT])


def numbers_of(tournament: Tournament) -> dict[str, int]:
    """The tournament's numbers as they stand, the clock's limit among them. A number its variant
    gained after the event was made (the absent seat's, S1) stands at the preset's value, as the rules
    engine scores it."""
    numbers = dict(tournament.rules_numbers or rules.preset_numbers(tournament.variant))
    for key, value in rules.preset_numbers(tournament.variant).items():
        numbers.setdefault(key, value)
    numbers[TIME_LIMIT] = int(tournament.game_time_limit.total_seconds() // 60)
    return numbers


def groups(tournament: Tournament) -> list[Group]:
    numbers = numbers_of(tournament)
    preset = get_preset(tournament.variant)
    defaults = preset_defaults(tournament.variant)
    by_group: dict[str, list[Row]] = {}
    absent_seats = formats.of(tournament).absent_seats
    for line in rules_words.lines(numbers):
        if line.key == rules_words.ABSENT_SEAT and not absent_seats:
            continue
        described = preset.numbers.get(line.key)
        tag = described.tag if described else None
        by_group.setdefault(line.group, []).append(Row(
            key=line.key, label=line.label, value=numbers[line.key], shown=points_text(numbers[line.key]),
            preset=defaults.get(line.key), tag=tag, borrowed=tag in BORROWED_TAGS,
        ))
    return [Group(key, title, key in rules_words.EDITABLE, by_group[key])
            for key, title in rules_words.group_titles() if key in by_group]


def has_borrowed(tournament: Tournament) -> bool:
    return any(row.borrowed for group in groups(tournament) for row in group.rows)


def game_length_number(tournament: Tournament) -> str | None:
    """The rules number that fixes how many hands a game plays ("hands" for the club game,
    "rounds" for Rummikub), or None when the variant only plays to its target (Baja, Fiji)."""
    numbers = tournament.rules_numbers or rules.preset_numbers(tournament.variant)
    return next((name for name in ("hands", "rounds") if name in numbers), None)


def players_per_side(tournament: Tournament) -> int:
    """2 for partnership variants (club 4-deck, Fiji team, Baja partners), 1 when each player is a side."""
    numbers = tournament.rules_numbers or rules.preset_numbers(tournament.variant)
    return numbers.get("players_per_side", 1)


def in_partnerships(tournament: Tournament) -> bool:
    return players_per_side(tournament) > 1
