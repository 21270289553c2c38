"""The seating draw for one round of a table event, as a pure function. No Django here.

An entrant is a side: a tuple of its players' ids — `("P7",)` for an individual, `("P1", "P4")` for
a partnership. `seat_round` takes this round's entrants, the table bounds (the variant's
`min_sides`..`max_sides`), the rounds played so far and the event's seed, and gives a `Round`:

- Tables: the fewest that hold everyone at `max_sides`, sizes differing by at most one, largest
  first (17 players at 2..4 → 4, 4, 3, 3, 3). When the count cannot be split inside the bounds, the
  fewest entrants possible sit out with a bye (5 cutthroat players at 3..4 → one table of 4 and a
  bye; 1 player at 2..4 → a bye). Byes go to those who have had the fewest so far, by lot among them.
- Repeat opponents kept as few as the numbers allow: greedy placement in shuffled order, then swaps
  between tables while they lower the count of player pairs who met before, from several random
  starts; the best start wins.
- Seats clockwise with partners never side by side: sides by lot, first players of every side, then
  the second players in the same order (two partnerships sit A1 B1 A2 B2, partners opposite).
- Movement "redraw" (the default) draws every round afresh. "winners-stay": each table winner of
  the previous round (`winners`) keeps its table number, and everyone else is placed around them;
  a loser placed back at the table it just left counts as a repeat, so losers move whenever they can.
  A winner whose table number no longer exists (fewer tables this round) moves like anyone else.

The same inputs and seed give the same round whatever order the entrants were listed in; each round
draws with the seed and its round number (the count of earlier rounds), so one event seed serves
every round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass

from tournament.common.seeds import check_seed

from .partners import ENGLISH, DrawError, DrawImpossible, canonical, distinct

Side = tuple[Hashable, ...]
MOVEMENTS = ("redraw", "winners-stay")
RESTARTS = 8
SEAT_TRIES = 200
REPEAT = 1000  # the cost of one pair meeting again, or of a loser staying at the table it left

ENGLISH.update({
    "bad_bounds": lambda p: (
        f"A table needs at least 2 sides and min_sides ({p['min_sides']}) may not exceed max_sides ({p['max_sides']})."
    ),
    "partners_adjacent": lambda p: (
        f"At a table of {_describe(p['sides'])} partners cannot all sit apart; "
        "such a table needs other sides between them."
    ),
    "empty_entrant": lambda p: "An entrant has no players.",
    "two_entrants": lambda p: f"{p['player']} plays in two entrants: {p['first']} and {p['second']}.",
    "unknown_movement": lambda p: f"Movement must be one of {', '.join(MOVEMENTS)}, not {p['movement']!r}.",
    "winners_with_redraw": lambda p: "Winners only matter when winners stay; a redraw seats everyone afresh.",
    "winners_before_play": lambda p: "Winners were named, but no round has been played yet.",
    "table_winners": lambda p: f"Table {p['table']} has {p['count']} winners; name one winner per table.",
    "winners_not_played": lambda p: f"{_side_names(p['sides'])} did not play in the previous round.",
})


@dataclass(frozen=True)
class Table:
    sides: tuple[Side, ...]  # each as entered, ordered by the first seat any of its players takes
    seats: tuple[Hashable, ...]  # player ids clockwise


@dataclass(frozen=True)
class Round:
    tables: tuple[Table, ...]  # table 1 first
    sitting_out: tuple[Side, ...] = ()


def table_sizes(count: int, min_sides: int, max_sides: int) -> list[int]:
    """Sides per table, largest first, for as many of `count` entrants as the bounds can seat."""
    check_bounds(min_sides, max_sides)
    for seated in range(count, min_sides - 1, -1):
        tables = -(-seated // max_sides)
        if tables * min_sides <= seated:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra)
    return []


def check_bounds(min_sides: int, max_sides: int) -> None:
    if not 2 <= min_sides <= max_sides:
        raise DrawError("bad_bounds", min_sides=min_sides, max_sides=max_sides)


def seat_round(
    entrants: Sequence[Side],
    min_sides: int,
    max_sides: int,
    earlier: Sequence[Round] = (),
    seed: int = 0,
    movement: str = "redraw",
    winners: Collection[Side] = (),
    strengths: Mapping[Side, float] | None = None,
) -> Round:
    """This round's tables, seats and byes (see the module's docstring for the rules).

    `strengths` (balanced tables, with a new draw each round): the sides are dealt strongest first in
    bands of one per table, snaking, each to the table of the fewest repeat meetings; an unrated side
    counts as the weakest."""
    sides = _check_entrants(entrants)
    sizes = table_sizes(len(sides), min_sides, max_sides)
    rng = random.Random(f"seating:{check_seed(seed)}:{len(earlier)}")
    pinned, stayers = _movement(movement, winners, earlier, set(sides), len(sizes))
    staying = set(pinned.values())
    movers = [s for s in canonical(sides) if s not in staying]
    rng.shuffle(movers)
    byes = _choose_byes(movers, len(sides) - sum(sizes), earlier)
    movers = [s for s in movers if s not in byes]
    costs = _Costs(meetings(earlier), stayers)
    if strengths is not None and not pinned:
        groups = _balanced(movers, sizes, strengths, costs)
    else:
        groups = _best_assignment(movers, sizes, pinned, costs, rng)
    tables = tuple(_seat_table(group, rng) for group in groups)
    return Round(tables=tables, sitting_out=tuple(canonical(byes)))


def meetings(rounds: Sequence[Round]) -> Counter:
    """How often each pair of players sat at one table on different sides, keyed by frozenset."""
    met: Counter = Counter()
    for played in rounds:
        for table in played.tables:
            for i, side in enumerate(table.sides):
                for other in table.sides[i + 1:]:
                    met.update(frozenset((a, b)) for a in side for b in other)
    return met


def repeat_meetings(rounds: Sequence[Round]) -> int:
    """Opponent pairs meeting again: each pair counts once for every meeting after its first."""
    return sum(times - 1 for times in meetings(rounds).values())


def seat_order(sides: Sequence[Side], rng: random.Random) -> tuple[tuple[Side, ...], tuple]:
    """Sides and seats clockwise, by lot, with no two players of one side next to each other."""
    order = list(sides)
    rng.shuffle(order)
    order.sort(key=len, reverse=True)  # stable: equal sizes keep their drawn order
    seats = list(interleaved([rng.sample(side, len(side)) for side in order]))
    tries = 0
    while not _partners_apart(seats, order):
        tries += 1
        if tries > SEAT_TRIES:
            raise DrawImpossible("partners_adjacent", sides=list(order))
        rng.shuffle(seats)
    first_seat = {side: min(seats.index(p) for p in side) for side in order}
    return tuple(sorted(order, key=first_seat.get)), tuple(seats)


def interleaved(sides: Sequence[Sequence[Hashable]]) -> tuple:
    """Seats clockwise taking the first player of every side in turn, then the second players in the
    same order: two partnerships sit A1 B1 A2 B2 (partners opposite), three A1 B1 C1 A2 B2 C2. Sides
    come largest first, so a partner is never seated next to their partner when every side has the
    same size."""
    widest = max((len(side) for side in sides), default=0)
    return tuple(side[r] for r in range(widest) for side in sides if r < len(side))


def _partners_apart(seats: list, sides: Sequence[Side]) -> bool:
    owner = {player: i for i, side in enumerate(sides) for player in side}
    count = len(seats)
    return all(owner[seats[i]] != owner[seats[(i + 1) % count]] for i in range(count)) if count > 1 else True


def _describe(order: Sequence[Side]) -> str:
    sizes = Counter(len(side) for side in order)
    return ", ".join(f"{n} side{'s' if n > 1 else ''} of {size}" for size, n in sorted(sizes.items(), reverse=True))


def _check_entrants(entrants: Sequence[Side]) -> list[Side]:
    sides = distinct([tuple(side) for side in entrants], "entrants")
    owners: dict = {}
    for side in sides:
        if not side:
            raise DrawError("empty_entrant")
        for player in side:
            if player in owners:
                raise DrawError("two_entrants", player=player, first=owners[player], second=side)
            owners[player] = side
    return sides


def _movement(
    movement: str, winners: Collection[Side], earlier: Sequence[Round], present: set, table_count: int
) -> tuple[dict[int, Side], dict[Side, int]]:
    """Winners pinned to their table number, and the table each loser just left."""
    if movement not in MOVEMENTS:
        raise DrawError("unknown_movement", movement=movement)
    if winners and movement == "redraw":
        raise DrawError("winners_with_redraw")
    if winners and not earlier:
        raise DrawError("winners_before_play")
    if movement == "redraw" or not earlier:
        return {}, {}
    winning = {tuple(w) for w in winners}
    pinned: dict[int, Side] = {}
    stayers: dict[Side, int] = {}
    played = set()
    for number, table in enumerate(earlier[-1].tables):
        played.update(table.sides)
        won = [side for side in table.sides if side in winning]
        if len(won) > 1:
            raise DrawError("table_winners", table=number + 1, count=len(won))
        for side in table.sides:
            if side in won and side in present and number < table_count:
                pinned[number] = side
            else:
                stayers[side] = number
    strangers = winning - played
    if strangers:
        raise DrawError("winners_not_played", sides=sorted(strangers, key=repr))
    return pinned, stayers


def _choose_byes(movers: list[Side], count: int, earlier: Sequence[Round]) -> set[Side]:
    """Those with the fewest byes so far sit out first; `movers` is already in drawn order."""
    had = Counter(side for played in earlier for side in played.sitting_out)
    return set(sorted(movers, key=lambda side: had[side])[:count])


class _Costs:
    """Repeat meetings between sides, and the penalty for a loser staying at the table it left."""

    def __init__(self, met: Counter, stayers: dict[Side, int]):
        self.met = met
        self.stayers = stayers
        self.pairs: dict[frozenset, int] = {}

    def pair(self, a: Side, b: Side) -> int:
        key = frozenset((a, b))
        if key not in self.pairs:
            times = [self.met[frozenset((x, y))] for x in a for y in b]
            # Mostly the count of player pairs meeting again; then, among equals, fewer meetings.
            self.pairs[key] = sum(REPEAT + t - 1 for t in times if t)
        return self.pairs[key]

    def at(self, side: Side, number: int, others: Sequence[Side]) -> int:
        """What `side` adds when it sits at table `number` among `others` (itself excluded)."""
        stays = REPEAT if self.stayers.get(side) == number else 0
        return stays + sum(self.pair(side, other) for other in others if other != side)

    def total(self, groups: list[list[Side]]) -> int:
        pairs = sum(self.pair(a, b) for group in groups for i, a in enumerate(group) for b in group[i + 1:])
        return pairs + sum(REPEAT for number, group in enumerate(groups) for s in group if self.stayers.get(s) == number)


def _best_assignment(
    movers: list[Side], sizes: list[int], pinned: dict[int, Side], costs: _Costs, rng: random.Random
) -> list[list[Side]]:
    best, best_cost = None, None
    for _ in range(RESTARTS):
        groups = _greedy(movers, sizes, pinned, costs, rng)
        _improve(groups, set(pinned.values()), costs, rng)
        cost = costs.total(groups)
        if best_cost is None or cost < best_cost:
            best, best_cost = groups, cost
        if cost == 0:
            break
        movers = rng.sample(movers, len(movers))
    return best if best is not None else []


def _balanced(movers: list[Side], sizes: list[int], strengths: Mapping[Side, float], costs: _Costs) -> list[list[Side]]:
    # Sorting is stable: equal strengths keep the order the seed shuffled them into.
    ordered = sorted(movers, key=lambda side: -strengths.get(side, float("-inf")))
    groups: list[list[Side]] = [[] for _ in sizes]
    for band, start in enumerate(range(0, len(ordered), len(sizes))):
        open_tables = [n for n in range(len(sizes)) if len(groups[n]) < sizes[n]]
        if band % 2:
            open_tables.reverse()
        for side in ordered[start:start + len(sizes)]:
            n = min((costs.at(side, n, groups[n]), place, n) for place, n in enumerate(open_tables))[2]
            groups[n].append(side)
            open_tables.remove(n)
    return groups


def _greedy(
    movers: list[Side], sizes: list[int], pinned: dict[int, Side], costs: _Costs, rng: random.Random
) -> list[list[Side]]:
    groups = [[pinned[number]] if number in pinned else [] for number in range(len(sizes))]
    for side in movers:
        open_tables = [n for n in range(len(sizes)) if len(groups[n]) < sizes[n]]
        # Equal-cost tables are chosen by lot, so the first tables do not always fill first.
        scored = [(costs.at(side, n, groups[n]), rng.random(), n) for n in open_tables]
        groups[min(scored)[2]].append(side)
    return groups


def _improve(groups: list[list[Side]], fixed: set[Side], costs: _Costs, rng: random.Random) -> None:
    """Swap sides between tables while a swap lowers the cost; only sides that add cost start one."""
    where = {side: n for n, group in enumerate(groups) for side in group}
    movable = [side for side in where if side not in fixed]
    improved = True
    while improved:
        improved = False
        troubled = [s for s in movable if costs.at(s, where[s], groups[where[s]]) > 0]
        rng.shuffle(troubled)
        for a in troubled:
            here = where[a]
            for b in rng.sample(movable, len(movable)):
                there = where[b]
                if there == here:
                    continue
                before = costs.at(a, here, groups[here]) + costs.at(b, there, groups[there])
                after = costs.at(a, there, [s for s in groups[there] if s != b]) + costs.at(
                    b, here, [s for s in groups[here] if s != a]
                )
                if after < before:
                    groups[here][groups[here].index(a)] = b
                    groups[there][groups[there].index(b)] = a
                    where[a], where[b] = there, here
                    improved = True
                    break


def _seat_table(group: list[Side], rng: random.Random) -> Table:
    sides, seats = seat_order(group, rng)
    return Table(sides=sides, seats=seats)


def _side_names(sides: Sequence[Side]) -> str:
    return ", ".join("/".join(str(p) for p in side) for side in sides)
