"""The partner draw by lot, as a pure function: players + households + seed → partnerships. No Django.

A household is any group of people who must never be partners (a couple, a family, friends who
asked to be split). The draw is reproducible: the same players, households and seed give the same
partnerships whatever order the players were listed in, so a published draw can be checked by anyone
who has its seed. Player ids should be strings or whole numbers (anything whose repr is stable).

The search shuffles the players with the seed, then pairs the most constrained player first (the
one who may partner the fewest of those left) with a partner taken in the shuffled order, backing up
when someone is left with no allowed partner. A draw the households make impossible is refused with
`DrawImpossible` and a sentence that says why. Each refusal carries a stable `code` and its `params`
(player ids as given), so a page can say it in the organizer's language (draw_refusals.py); `str()`
is the English sentence, for the pure use and the management commands.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence

from tournament.common.seeds import check_seed

# Nodes the backtracking may visit before it gives up; couples and households never come near it.
SEARCH_BUDGET = 200_000


class DrawError(ValueError):
    """Bad input to a draw (a player named twice, bounds that make no sense): nothing is drawn."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(english(code, params))


class DrawImpossible(DrawError):
    """The constraints cannot all be met; the message says which and why, in plain words."""


def _english_crowded(p: dict) -> str:
    outside = p["outside"]
    return (
        f"{_names(p['members'])} may not partner each other, so each needs a partner from outside "
        f"their household, but only {outside} of the {p['count']} players "
        f"{'is' if outside == 1 else 'are'} outside it. Add players or split the household."
    )


# The English of every refusal; seating.py adds its own. The translated words live in draw_refusals.py.
ENGLISH = {
    "listed_twice": lambda p: f"{p['item']} is listed twice among the {p['what']}; each may take part only once.",
    "odd_count": lambda p: f"{p['count']} players cannot all be paired: add or remove one.",
    "search_exhausted": lambda p: (
        "The draw gave up before pairing everyone apart from their households; "
        "try another draw number, or add players."
    ),
    "households_overlap": lambda p: (
        "No pairing keeps every household apart: the households overlap so that someone is left "
        "with nobody they may partner. Add players or loosen a household."
    ),
    "household_crowded": _english_crowded,
    "household_with_everyone": lambda p: (
        f"{p['person']} shares a household with every other player, so has nobody to partner."
    ),
}


def english(code: str, params: dict) -> str:
    return ENGLISH[code](params)


def canonical(items: Iterable[Hashable]) -> list:
    """Items in an order that does not depend on the order they were given in."""
    return sorted(items, key=repr)


def distinct(items: Sequence[Hashable], what: str) -> list:
    """The items, refusing one given twice (a player signed up twice is a mistake, not a second entry)."""
    seen: set = set()
    for item in items:
        if item in seen:
            raise DrawError("listed_twice", item=item, what=what)
        seen.add(item)
    return list(items)


def draw_partners(
    players: Sequence[Hashable], households: Iterable[Iterable[Hashable]], seed: int
) -> list[tuple[Hashable, Hashable]]:
    """Everyone paired by lot so that no two people of one household are partners.

    Household members who are not among `players` (withdrawn, say) are ignored. Raises `DrawError`
    for a player listed twice and `DrawImpossible` when an odd number of players or the households
    leave no way to pair everyone.
    """
    rng = random.Random(f"partners:{check_seed(seed)}")
    people = distinct(players, "players")
    if len(people) % 2:
        raise DrawImpossible("odd_count", count=len(people))
    groups = _present_groups(people, households)
    _refuse_crowded_households(people, groups)
    apart = _forbidden_partners(people, groups)
    order = canonical(people)
    rng.shuffle(order)
    search = _PairSearch(apart)
    pairs = search.pair(order)
    if pairs is None:
        if search.exhausted:
            raise DrawImpossible("search_exhausted")
        raise DrawImpossible("households_overlap")
    return pairs


def _present_groups(people: list, households: Iterable[Iterable[Hashable]]) -> list[list]:
    present = set(people)
    groups = []
    for household in households:
        members = list(dict.fromkeys(m for m in household if m in present))
        if len(members) > 1:
            groups.append(members)
    return groups


def _refuse_crowded_households(people: list, groups: list[list]) -> None:
    """A household of more than half the players leaves some of them nobody to partner."""
    for members in groups:
        others = len(people) - len(members)
        if len(members) > others:
            raise DrawImpossible("household_crowded", members=list(members), outside=others, count=len(people))
    for person in people:
        barred = {m for members in groups if person in members for m in members}
        if len(barred) == len(people):
            raise DrawImpossible("household_with_everyone", person=person)


def _forbidden_partners(people: list, groups: list[list]) -> dict:
    apart: dict = {person: set() for person in people}
    for members in groups:
        for person in members:
            apart[person].update(m for m in members if m != person)
    return apart


class _PairSearch:
    """Depth-first pairing, most constrained player first, with a bound on the nodes visited."""

    def __init__(self, apart: dict):
        self.apart = apart
        self.nodes = 0
        self.exhausted = False

    def pair(self, unpaired: list) -> list[tuple] | None:
        if not unpaired:
            return []
        self.nodes += 1
        if self.nodes > SEARCH_BUDGET:
            self.exhausted = True
            return None
        left = set(unpaired)
        # min() keeps the first of equals, and `unpaired` is in shuffled order: ties go by lot.
        player = min(unpaired, key=lambda p: -len(self.apart[p] & left))
        for partner in unpaired:
            if partner == player or partner in self.apart[player]:
                continue
            rest = [p for p in unpaired if p != player and p != partner]
            found = self.pair(rest)
            if found is not None:
                return [(player, partner), *found]
            if self.exhausted:
                return None
        return None


def _names(items: Sequence[Hashable]) -> str:
    names = [str(i) for i in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
