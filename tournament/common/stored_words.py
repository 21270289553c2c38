"""Words Meldboard stores or passes around in English, shown in the reader's language.

The draw stores division and round names in English ("Division 1", "Semi-finals", "Round 3",
"Play-off for the win") and the standings keep medals and ties as keys ("gold", rank 2): data, so
an event keeps them if its language changes. Pages and printouts turn them into words here (PDFs
inside tournament.core.language.in_tournament_language). A name an organizer typed is shown as typed.
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

# Game.Reason values (and "forfeit"): the English words pages and printouts show, translated.
REASONS = {
    "score": gettext_noop("score"), "forfeit": gettext_noop("forfeit"), "time limit": gettext_noop("time limit"), "time limit tie": gettext_noop("time limit tie"),
    "no show": gettext_noop("no show"), "no partner": gettext_noop("no partner"),
    "organizer decision": gettext_noop("organizer decision"), "correction": gettext_noop("correction"),
    "walkover": gettext_noop("walkover"), "bye": gettext_noop("bye"),
    "same team won both divisions": gettext_noop("same team won both divisions"),
    "no team reached this game": gettext_noop("no team reached this game"),
    "withdrawn": gettext_noop("withdrawn"),
    "unconfirmed at time limit": gettext_noop("unconfirmed hand at the time limit"),
}


def stored_name(name: str) -> str:
    """A division's or round's name in the reader's language when Meldboard gave it, else as typed."""
    number = ROUND_NUMBER.fullmatch(name)
    if number:
        return gettext("Round %(number)s") % {"number": number[1]}
    return gettext(name) if name in STORED_NAMES else name


def reason(value: str) -> str:
    """Why a game ended, in words ("time limit"); a reason we do not know reads as stored."""
    return gettext(REASONS[value]) if value in REASONS else value


def medal(kind: str) -> str:
    """“Gold” / “Oro” for the key "gold"; "" for no medal."""
    return {
        "gold": pgettext("medal", "Gold"), "silver": pgettext("medal", "Silver"), "bronze": pgettext("medal", "Bronze"),
    }.get(kind, "")


def tie_for(rank: int) -> str:
    """What a tie at this shared rank is for: “the win” / “the silver medal”."""
    return {1: gettext("the win"), 2: gettext("the silver medal"), 3: gettext("the bronze medal")}.get(rank, "")


def level_for(rank: int) -> str:
    """The podium's line for a tie still to settle: what the tie is for."""
    if rank == 1:
        return gettext("Level for the win")
    if rank == 2:
        return gettext("Level for the silver medal")
    return gettext("Level for the bronze medal")
