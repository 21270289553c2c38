"""How the pages name a table event's medals and what a tie is for, in the page's language.

tournament.tables.standings is pure (no Django) and keeps the plain keys ("gold", rank 2 …); the
pages, messages and printouts turn them into words here."""

from django.utils.translation import gettext, pgettext


def medal_word(medal: str) -> str:
    """“Gold” / “Oro” for the key "gold"; "" for no medal."""
    words = {
        "gold": pgettext("medal", "Gold"),
        "silver": pgettext("medal", "Silver"),
        "bronze": pgettext("medal", "Bronze"),
    }
    return words.get(medal, "")


def tie_for(rank: int) -> str:
    """What a tie at this shared rank is for: “the win” / “the silver medal”."""
    words = {1: gettext("the win"), 2: gettext("the silver medal"), 3: gettext("the bronze medal")}
    return words.get(rank, "")
