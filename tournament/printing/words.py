"""Printed words that come from stored English: the names the draw gives divisions and rounds,
a game's result reason, medals and what a tie is for. Translated when a document is rendered, so in
the tournament's language (the documents render inside tournament.language.in_tournament_language).

A name an organizer typed is data and prints as typed; only the names Meldboard itself stores are
translated (tournament.draw.publishing, tournament.tables.rounds and playoffs write them).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop, pgettext

STORED_NAMES = frozenset((
    gettext_noop("Division 1"), gettext_noop("Division 2"), gettext_noop("Final"), gettext_noop("Table rounds"),
    gettext_noop("Division final"), gettext_noop("Semi-finals"), gettext_noop("Quarter-finals"),
    gettext_noop("Play-off for the win"), gettext_noop("Play-off for the silver medal"),
    gettext_noop("Play-off for the bronze medal"),
))
ROUND_NUMBER = re.compile(r"Round (\d+)")

# Game.Reason values, which are also the English words printed.
REASONS = {
    "time limit": gettext_noop("time limit"), "time limit tie": gettext_noop("time limit tie"),
    "no show": gettext_noop("no show"), "no partner": gettext_noop("no partner"),
    "organizer decision": gettext_noop("organizer decision"), "correction": gettext_noop("correction"),
    "walkover": gettext_noop("walkover"), "bye": gettext_noop("bye"),
    "same team won both divisions": gettext_noop("same team won both divisions"),
    "no team reached this game": gettext_noop("no team reached this game"),
}


def stored_name(name: str) -> str:
    """A division's or round's name in the document's language when Meldboard gave it, else as typed."""
    number = ROUND_NUMBER.fullmatch(name)
    if number:
        return gettext("Round %(number)s") % {"number": number[1]}
    return gettext(name) if name in STORED_NAMES else name


def round_name(rnd) -> str:
    return stored_name(rnd.name or f"Round {rnd.number}")


def reason(value: str) -> str:
    """How a printout words why a game ended ("time limit"); a reason we do not know prints as stored."""
    return gettext(REASONS[value]) if value in REASONS else value


def medal(kind: str) -> str:
    """"Gold", "Silver", "Bronze" (capitalised, as the results print them); "" for none."""
    return {
        "gold": pgettext("medal", "Gold"), "silver": pgettext("medal", "Silver"), "bronze": pgettext("medal", "Bronze"),
    }.get(kind, "")


def level_for(rank: int) -> str:
    """The podium's line for a tie still to settle: what the tie is for."""
    if rank == 1:
        return gettext("Level for the win")
    if rank == 2:
        return gettext("Level for the silver medal")
    return gettext("Level for the bronze medal")
