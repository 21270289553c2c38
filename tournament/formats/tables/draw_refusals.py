"""The words of the draws' refusals, in the organizer's language.

The pure draws (partners.py, seating.py) stay free of Django: they refuse with a stable code and its
parameters, player ids as they were given. This module says each code as a sentence marked for
translation, naming the people by name (`names`: player id → name) where the draw has only their ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournament.common import names as name_words
from tournament.formats.tables.partners import DrawError


def say(exc: DrawError, names: Mapping[Hashable, str] | None = None) -> str:
    """The refusal as the organizer reads it; its English `str()` for a code this module does not know."""
    sentence = _SENTENCES.get(exc.code)
    if sentence is None:
        return str(exc)
    return sentence(exc.params, _Namer(names or {}))


class _Namer:
    def __init__(self, names: Mapping[Hashable, str]):
        self.names = names

    def person(self, player: Hashable) -> str:
        return str(self.names.get(player, player))

    def side(self, side: Sequence[Hashable]) -> str:
        return name_words.joined(self.person(p) for p in side)

    def people(self, players: Sequence[Hashable]) -> str:
        return self.listed([self.person(p) for p in players])

    @staticmethod
    def listed(items: list[str]) -> str:
        if len(items) < 2:
            return "".join(items)
        return pgettext("a list of names", "%(names)s and %(last)s") % {"names": ", ".join(items[:-1]), "last": items[-1]}


def _listed_twice(p: dict, n: _Namer) -> str:
    if p["what"] == "entrants":
        return _("%(name)s is listed twice among the entrants; each may take part only once.") % {
            "name": n.side(p["item"]) if isinstance(p["item"], tuple) else n.person(p["item"])}
    return _("%(name)s is listed twice among the players; each may take part only once.") % {"name": n.person(p["item"])}


def _odd_count(p: dict, n: _Namer) -> str:
    return ngettext(
        "%(count)s player cannot be paired: add or remove one.",
        "%(count)s players cannot all be paired: add or remove one.",
        p["count"],
    ) % {"count": p["count"]}


def _household_crowded(p: dict, n: _Namer) -> str:
    # The count said is how many players are outside the household, so it chooses the plural.
    return ngettext(
        "%(names)s may not partner each other, so each needs a partner from outside their household, "
        "but only %(outside)s of the %(count)s players is outside it. Add players or split the household.",
        "%(names)s may not partner each other, so each needs a partner from outside their household, "
        "but only %(outside)s of the %(count)s players are outside it. Add players or split the household.",
        p["outside"],
    ) % {"names": n.people(p["members"]), "outside": p["outside"], "count": p["count"]}


def _partners_adjacent(p: dict, n: _Namer) -> str:
    sizes = Counter(len(side) for side in p["sides"])
    parts = [
        ngettext("%(count)s side of %(size)s", "%(count)s sides of %(size)s", count) % {"count": count, "size": size}
        for size, count in sorted(sizes.items(), reverse=True)
    ]
    return _("At a table of %(sides)s partners cannot all sit apart; such a table needs other sides between them.") % {
        "sides": ", ".join(parts)}


_SENTENCES: dict[str, Callable[[dict, _Namer], str]] = {
    "listed_twice": _listed_twice,
    "odd_count": _odd_count,
    "search_exhausted": lambda p, n: _(
        "The draw gave up before pairing everyone apart from their households; try another draw number, or add players."),
    "households_overlap": lambda p, n: _(
        "No pairing keeps every household apart: the households overlap so that someone is left with nobody they may "
        "partner. Add players or loosen a household."),
    "household_crowded": _household_crowded,
    "household_with_everyone": lambda p, n: _(
        "%(name)s shares a household with every other player, so has nobody to partner.") % {"name": n.person(p["person"])},
    "bad_bounds": lambda p, n: _(
        "A table needs at least 2 sides, and its least number of sides (%(low)s) may not exceed its most (%(high)s).")
        % {"low": p["min_sides"], "high": p["max_sides"]},
    "partners_adjacent": _partners_adjacent,
    "empty_entrant": lambda p, n: _("An entrant has no players."),
    "two_entrants": lambda p, n: _("%(name)s plays in two entrants: %(first)s and %(second)s.") % {
        "name": n.person(p["player"]), "first": n.side(p["first"]), "second": n.side(p["second"])},
    "unknown_movement": lambda p, n: _("“%(movement)s” is not a way of moving between rounds.") % {"movement": p["movement"]},
    "winners_with_redraw": lambda p, n: _("Winners only matter when winners stay; a redraw seats everyone afresh."),
    "winners_before_play": lambda p, n: _("Winners were named, but no round has been played yet."),
    "table_winners": lambda p, n: ngettext(
        "Table %(table)s has %(count)s winner; name one winner per table.",
        "Table %(table)s has %(count)s winners; name one winner per table.",
        p["count"],
    ) % {"table": p["table"], "count": p["count"]},
    "winners_not_played": lambda p, n: ngettext(
        "%(names)s did not play in the previous round.",
        "%(names)s did not play in the previous round.",
        sum(len(side) for side in p["sides"]),  # partners are two people: "Ed e Inés no jugaron"
    ) % {"names": n.listed([n.side(side) for side in p["sides"]])},
}
