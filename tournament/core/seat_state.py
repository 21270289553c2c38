"""A person's state at a table, decided here and nowhere else (issue 34; RULES-DECISIONS S1–S3).

A seat (a GameSide) is, at any moment:
- waiting: not checked in yet, the table not started;
- present: checked in (or seated by the table's start);
- absent: a no-show (GameSide.forfeited_at) — the no-show deadline passed, or the organizer started
  the table without it. It plays no part: never keeps score, goes out or confirms; nothing is asked
  of it; it scores 0 each hand (S1) and is placed last at the table with a mark;
- late: was absent, then arrived (the organizer's undo): plays from GameSide.back_from_hand on, the
  hands before it scored as absent (S2);
- withdrawn: the entrant withdrew from the event (Team / TableEntry.withdrawn_at);
- substituted: a substitute sits in for a partner (a Substitution row at this game).

Every page, form, PDF and the standings ask this module; the table phone and the organizer's pages
read the same answer. The minimum at a table (S3) is the variant's min_sides: below it the table
takes no hand until the organizer chooses (tournament.formats.tables.short_tables)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

import rules
from tournament.common.names import people_in
from tournament.core.house_rules import numbers_of
from tournament.models import GameSide, Tournament

WAITING, PRESENT, ABSENT, LATE, WITHDRAWN, SUBSTITUTED, SUBSTITUTE, LEFT = (
    "waiting", "present", "absent", "late", "withdrawn", "substituted", "substitute", "left")
WORDS = {
    WAITING: gettext_lazy("not checked in"),
    PRESENT: gettext_lazy("present"),
    ABSENT: gettext_lazy("absent (no-show)"),
    LATE: gettext_lazy("arrived late"),
    WITHDRAWN: gettext_lazy("withdrawn"),
    SUBSTITUTED: gettext_lazy("substitute playing"),
    SUBSTITUTE: gettext_lazy("substitute"),
    LEFT: gettext_lazy("left the table (withdrawn)"),
}
# The same said of a partnership named by its two players ("Ed y Flo: ausentes"): verbs agree with a pair.
PAIR_WORDS = {
    WAITING: pgettext_lazy("a pair", "not checked in"),
    PRESENT: pgettext_lazy("a pair", "present"),
    ABSENT: pgettext_lazy("a pair", "absent (no-show)"),
    LATE: pgettext_lazy("a pair", "arrived late"),
    WITHDRAWN: pgettext_lazy("a pair", "withdrawn"),
    SUBSTITUTED: pgettext_lazy("a pair", "substitute playing"),
    SUBSTITUTE: pgettext_lazy("a pair", "substitute"),
    LEFT: pgettext_lazy("a pair", "left the table (withdrawn)"),
}
# The states a page marks beside a name; present and not-yet-checked-in go unmarked.
MARKED = frozenset({ABSENT, LATE, WITHDRAWN, SUBSTITUTED, SUBSTITUTE, LEFT})


def absent_hand_score(tournament: Tournament) -> int:
    """What an absent seat scores in each hand it misses (S1): the house rule `absent_penalty`
    subtracted (0 by default). The rules engine scores it; this is the number the pages show."""
    return -numbers_of(tournament).get("absent_penalty", 0)


def _withdrawn(side: GameSide) -> bool:
    """Withdrawn from the event (read from what the side has loaded; no query for a player's entry)."""
    if side.team_id and getattr(side, "team", None) is not None:
        return side.team.withdrawn_at is not None
    entry = getattr(side.player, "table_entry", None) if side.player_id and "player" in side._state.fields_cache else None
    return bool(entry and entry.withdrawn_at)


def state(side: GameSide, substitutions: Iterable = ()) -> str:
    """The seat's state now (see the module's words)."""
    if side.forfeited_at:
        return LEFT if left(side) else ABSENT
    if _withdrawn(side):
        return WITHDRAWN
    if side.team_id and any(s.team_id == side.team_id for s in substitutions):
        return SUBSTITUTED
    if side.back_from_hand:
        return LATE
    return PRESENT if side.checked_in_at else WAITING


def said(found: str, people: int = 1) -> str:
    """A state in words, agreeing with one person or a pair."""
    return str((PAIR_WORDS if people > 1 else WORDS)[found])


def people(side: GameSide) -> int:
    """How many people the seat's name stands for (a pair named by its players: 2)."""
    return people_in(side.team.name) if side.team_id and getattr(side, "team", None) is not None else 1


def words(side: GameSide, substitutions: Iterable = ()) -> str:
    return said(state(side, substitutions), people(side))


def marked_words(side: GameSide, substitutions: Iterable = ()) -> str:
    """The side's state in words where a page marks it beside the name ('' when present or waiting)."""
    found = state(side, substitutions)
    return said(found, people(side)) if found in MARKED else ""


def person_state(side: GameSide | None, *, withdrawn: bool = False, substitute: bool = False) -> str:
    """One person's state in their seat (a seating list names people, not sides): their side's absence
    or late arrival, their own withdrawal (a partner may withdraw alone), or sitting in for someone
    (a substitute for the round, or from this round for the rest of the event)."""
    if side is not None and side.forfeited_at:
        return LEFT if left(side) else ABSENT
    if withdrawn or (side is not None and side.team_id and side.team.withdrawn_at):  # the person's own: `withdrawn`
        return WITHDRAWN
    if substitute:
        return SUBSTITUTE
    if side is not None and side.back_from_hand:
        return LATE
    return PRESENT if side is not None and side.checked_in_at else WAITING


def person_words(side: GameSide | None, *, withdrawn: bool = False, substitute: bool = False) -> str:
    """person_state in words where a page marks it ('' when present or waiting)."""
    found = person_state(side, withdrawn=withdrawn, substitute=substitute)
    return str(WORDS[found]) if found in MARKED else ""


def is_absent(side: GameSide) -> bool:
    return side.forfeited_at is not None


def left(side: GameSide) -> bool:
    """The seat's player left the table during the game (S4): absent after `left_after_hand`."""
    return side.forfeited_at is not None and side.left_after_hand is not None


def plays_hand(side: GameSide, number: int) -> bool:
    """Whether the seat takes part in hand `number`: not absent (a player who left still played the
    hands up to leaving), and not before the hand a late arrival joins."""
    back, left_after = side.back_from_hand, side.left_after_hand
    if back and left_after is not None and back > left_after + 1 and not side.forfeited_at:
        return number <= left_after or number >= back  # left, then seated back after hands without them
    if side.forfeited_at and not (left(side) and number <= left_after):
        return False
    return not back or number >= back


def absent_slots(sides: Sequence[GameSide], number: int) -> set[int]:
    """The slots of the seats that take no part in hand `number`."""
    return {s.slot for s in sides if not plays_hand(s, number)}


def missed_the_table(side: GameSide) -> bool:
    """Absent from the whole table (a no-show never seated back): the table is not one it played.
    A player who left during the game (S4) played it, placed after those who played on."""
    return side.forfeited_at is not None and not left(side)


def counted(side: GameSide) -> bool:
    """Whether the seat counts for the table's result (its winner and places): every seat but an
    absent one or one whose player left (a late arrival counts, with the hands it missed at 0)."""
    return not side.forfeited_at


def counted_totals(names: Sequence[str], totals: Sequence[int], sides: Sequence[GameSide]) -> dict[str, int]:
    """{name: total} of the seats that count for the result: what the engine's game end is asked."""
    return {n: t for n, t, s in zip(names, totals, sides) if counted(s)}


def missing(sides: Iterable[GameSide]) -> list[GameSide]:
    """The seats not checked in and not (yet) absent: who a table's start is still waiting for."""
    return [s for s in sides if (s.team_id or s.player_id) and not s.is_bye and not s.checked_in_at and not s.forfeited_at]


def present(sides: Iterable[GameSide]) -> list[GameSide]:
    """The seats that play on (checked in or late arrivals, not absent)."""
    return [s for s in sides if (s.team_id or s.player_id) and not s.is_bye and not s.forfeited_at]


def minimum(tournament: Tournament) -> int:
    """The fewest sides the variant plays with at one table (S3: cutthroat 3, Rummikub 2, …)."""
    numbers = tournament.rules_numbers or rules.preset_numbers(tournament.variant)
    return numbers.get("min_sides", 2)


def too_few_words(tournament: Tournament) -> str:
    return _("Too few players at this table to play (%(minimum)s needed): the organizer decides what happens to "
             "it.") % {"minimum": minimum(tournament)}


def below_minimum(tournament: Tournament, sides: Iterable[GameSide]) -> bool:
    """Fewer seats play on than the variant needs: the table takes no hand until the organizer chooses."""
    return len(present(sides)) < minimum(tournament)
