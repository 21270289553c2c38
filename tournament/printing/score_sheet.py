"""The printed score sheet's shape: one column group per side (2 to 6 sides, each on one page), as
many hand rows as the event's game lasts, and the sentence saying how the game ends — the event's
own numbers (a target, a number of hands, or of rounds), never the preset's."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from rules.presets import get_preset
from tournament.common.numbers import points_text
from tournament.core import formats as event_formats
from tournament.core import house_rules
from tournament.models import Tournament
from tournament.printing.paper import Paper

TARGET_HAND_ROWS = 20  # a game to a target: rows enough for a long one
MARGIN_INCHES = 0.5  # each side of the page (print/score_sheet.html's @page)
HAND_COLUMN_INCHES = 0.5
GAP_INCHES = 0.09
MOST_SIDES_WITH_MELD = 4  # past this, "meld needed" is read off the reference table: totals need the room
MOST_SIDES = 6
SHARES = {"meld": 26, "hand": 35, "total": 39}  # of a side's width, when it has the three columns
# A hand row's height (rem of the sheet's base size) and what the page holds for the heading of the
# sides: two lines of a name at its size. A longer heading (three partnerships' long names in narrow
# columns) takes its extra lines from the hand rows, so the sheet stays one page.
ROW_REM = 1.75
SMALLEST_ROW_REM = 1.25
NAME_REM = {2: 1.15, 3: 0.95, 4: 0.95, 5: 0.8, 6: 0.8}
WHO_REM = 0.75
LINE = 1.1  # line height of a heading
CHARACTER = 0.56  # an average character's width, in ems (DejaVu Sans, bold)


@dataclass
class Column:
    key: str  # meld | hand | total
    label: str
    width: str  # percent of the table's width, for <col style="width:…">


@dataclass
class SheetShape:
    sides: int
    each_side: list[int]  # 1..sides, for the template's loops
    columns: list[Column]  # one side's columns (the same for every side)
    hand_width: str
    gap_width: str
    hand_rows: list[int]
    end: SafeString  # how the game ends, for the line under the title
    blank_label: str  # a side's heading on a sheet printed without names
    row_height: str  # a hand row's height, e.g. "1.75rem"


def fixed_length(tournament: Tournament) -> int:
    """The number of hands (club) or rounds (Rummikub) that ends each game, 0 when it plays to a target."""
    number = house_rules.game_length_number(tournament)
    numbers = tournament.rules_numbers or rules.preset_numbers(tournament.variant)
    return int(numbers.get(number) or 0) if number else 0


def _who(tournament: Tournament) -> tuple[str, str]:
    """(the one who reaches a target, a blank side's heading) in the event's words."""
    kind = event_formats.of(tournament).entrant_kind(tournament)
    if kind == "player":
        return _("a player"), _("Player: ______________")
    if kind == "partnership":
        return _("a partnership"), _("Partners: ______________")
    return _("a team"), _("Team: ______________________")


def end_sentence(tournament: Tournament) -> SafeString:
    """“a team reaching 20,000 ends the game; the highest total wins”, “the game is 3 hands; …”,
    “the game ends after 3 rounds, or sooner when a player reaches 150; …” (rules.game_end)."""
    numbers = tournament.rules_numbers or rules.preset_numbers(tournament.variant)
    target, length = int(numbers.get("target") or 0), fixed_length(tournament)
    who = _who(tournament)[0]
    if length and house_rules.game_length_number(tournament) == "hands":
        return format_html(ngettext("the game is <strong>{count}</strong> hand; the highest total wins",
                                    "the game is <strong>{count}</strong> hands; the highest total wins", length), count=length)
    if length and target:
        return format_html(ngettext(
            "the game ends after <strong>{count}</strong> round, or sooner when {who} reaches <strong>{target}</strong>; "
            "the highest total wins",
            "the game ends after <strong>{count}</strong> rounds, or sooner when {who} reaches <strong>{target}</strong>; "
            "the highest total wins", length), count=length, who=who, target=points_text(target))
    if length:
        return format_html(ngettext("the game ends after <strong>{count}</strong> round; the highest total wins",
                                    "the game ends after <strong>{count}</strong> rounds; the highest total wins", length),
                           count=length)
    if target:
        return format_html(_("{who} reaching <strong>{target}</strong> ends the game; the highest total wins"),
                           who=who, target=points_text(target))
    return format_html("")


def _percent(part: float, whole: float) -> str:
    return f"{100 * part / whole:.2f}%"


def _lines(text: str, size_rem: float, width_inches: float, base_pt: float) -> int:
    """About how many lines `text` takes in a heading `width_inches` wide (whole words wrap)."""
    if not text:
        return 0
    per_line = max(1, int(width_inches * 72 / (size_rem * base_pt * CHARACTER)))
    lines, used = 1, 0
    for word in text.split():
        if used and used + 1 + len(word) <= per_line:
            used += 1 + len(word)
            continue
        if used:
            lines += 1
        lines += (len(word) - 1) // per_line  # a word longer than the line breaks anywhere
        used = len(word) - (len(word) - 1) // per_line * per_line
    return lines


def _row_rem(headings: list[tuple[str, str]], sides: int, side_width: float, base_pt: float, rows: int) -> float:
    """The hand rows' height once the sides' headings (name, players) have taken their lines."""
    width = side_width - 0.1  # the heading's padding
    name_rem = NAME_REM[sides]
    tallest = max((LINE * (_lines(name, name_rem, width, base_pt) * name_rem + _lines(who, WHO_REM, width, base_pt) * WHO_REM)
                   for name, who in headings), default=0)
    extra = max(0.0, tallest - 2 * LINE * name_rem)
    return max(SMALLEST_ROW_REM, ROW_REM - extra / (rows + 1))


def shape(tournament: Tournament, sides: int, paper: Paper, headings: list[tuple[str, str]] = ()) -> SheetShape:
    """The sheet for a table of `sides` sides (bounded to 2–6) on `paper`, portrait; `headings` are
    the sides' (name, players) as printed."""
    sides = max(2, min(MOST_SIDES, sides))
    meld_varies = get_preset(tournament.variant).meld_rule != "fixed"
    keys = ["meld", "hand", "total"] if meld_varies and sides <= MOST_SIDES_WITH_MELD else ["hand", "total"]
    labels = {"meld": _("Meld needed"), "hand": _("Hand score"), "total": _("Total")}
    whole = paper.width / 72 - 2 * MARGIN_INCHES
    side_width = (whole - HAND_COLUMN_INCHES - (sides - 1) * GAP_INCHES) / sides
    share = sum(SHARES[key] for key in keys)
    columns = [Column(key, labels[key], _percent(side_width * SHARES[key] / share, whole)) for key in keys]
    length = fixed_length(tournament)
    rows = length or TARGET_HAND_ROWS
    row = _row_rem(list(headings), sides, side_width, round(10 * paper.width / 612, 1), rows)
    return SheetShape(
        sides=sides, each_side=list(range(1, sides + 1)), columns=columns, hand_width=_percent(HAND_COLUMN_INCHES, whole), gap_width=_percent(GAP_INCHES, whole),
        hand_rows=list(range(1, rows + 1)), end=end_sentence(tournament),
        blank_label=_who(tournament)[1], row_height=f"{row:.2f}rem",
    )


def blank_sides(tournament: Tournament) -> int:
    """How many sides a blank sheet has room for: the most a table of the event seats."""
    return event_formats.of(tournament).most_sides(tournament)
