"""Ratings: openskill's Plackett-Luce model, updated from every finished game of the club's events in
order of finish (a bracket game is two partnerships, a table 2 to 6 sides, a partnership a team of
two). `replay` is a pure function of the games, so replaying the whole history gives the same ratings
every time; `refresh` stores them (MemberRating) when the club's history changed, and
`manage.py recompute_ratings` replays on demand. The seeded draws read the stored rows."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Sum
from django.utils.translation import gettext as _
from openskill.models import PlackettLuce

from tournament.clubs import members, records
from tournament.models import Club, MemberRating

MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma


@dataclass(frozen=True)
class Rated:
    mu: float
    sigma: float
    games: int = 0

    @property
    def low(self) -> float:
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 2 * self.sigma

    @property
    def shown(self) -> float:
        """The number a list ranks by: the cautious end (it rises as games make the rating surer)."""
        return self.mu - 3 * self.sigma


def replay(games: Iterable[tuple[Sequence[Sequence[int]], Sequence[int]]]) -> dict[int, Rated]:
    """Ratings after these games, in order: each game is (sides as tuples of people, ranks: 1 won)."""
    now: dict[int, Rated] = {}
    for sides, ranks in games:
        people = [p for side in sides for p in side]
        if len(sides) < 2 or any(not side for side in sides) or len(set(people)) != len(people):
            continue
        teams = [[MODEL.rating(mu=now.get(p, Rated(START_MU, START_SIGMA)).mu,
                               sigma=now.get(p, Rated(START_MU, START_SIGMA)).sigma) for p in side] for side in sides]
        rated = MODEL.rate(teams, ranks=list(ranks))
        for side, team in zip(sides, rated):
            for person, rating in zip(side, team):
                now[person] = Rated(rating.mu, rating.sigma, now.get(person, Rated(0, 0)).games + 1)
    return now


def member_games(club_records: list[records.EventRecord], mapping: dict[int, int]) -> list[tuple]:
    """Every finished game of the club as members' sides and ranks, in order of finish."""
    games = [g for r in club_records for g in r.games]
    games.sort(key=lambda g: (g.finished_at, g.pk))
    return [([tuple(mapping[p] for p in side if p in mapping) for side in g.sides], g.ranks) for g in games]


HEAD_FIELDS = ("pk", "slug", "created_at", "changes", "total", "count", "ids")


def heads(clubs):
    """Each club's row with what its history depends on, in one query: its own counter and its
    events' counters (a counter only grows, so their sum changes with any event's change; the count
    and the sum of ids with an event joining or leaving the club)."""
    return clubs.order_by().annotate(total=Sum("events__changes"), count=Count("events"), ids=Sum("events__pk")).values(*HEAD_FIELDS)


def mark(head: dict) -> str:
    return f"{head['changes']}:{head['total'] or 0}:{head['count']}:{head['ids'] or 0}"


def fingerprint(club: Club) -> str:
    return mark(heads(Club.objects.filter(pk=club.pk)).get())


def refresh(club: Club, *, force: bool = False, mapping: dict[int, int] | None = None,
            events: list[records.EventRecord] | None = None) -> dict[int, Rated]:
    """The members' ratings, replayed and stored when the history changed since the last replay
    (`mapping` and `events`: who is who and the records, when the caller has them already)."""
    mark = fingerprint(club)
    if not force and Club.objects.filter(pk=club.pk, rated_from=mark).exists():
        return {r.member_id: Rated(r.mu, r.sigma, r.games) for r in MemberRating.objects.filter(member__club=club)}
    mapping = members.sync(club) if mapping is None else mapping
    rated = replay(member_games(records.club_records(club) if events is None else events, mapping))
    with transaction.atomic():
        MemberRating.objects.filter(member__club=club).delete()
        MemberRating.objects.bulk_create(
            [MemberRating(member_id=m, mu=r.mu, sigma=r.sigma, games=r.games) for m, r in sorted(rated.items())])
        Club.objects.filter(pk=club.pk).update(rated_from=mark)
    return rated


def explain(rated: Rated | None) -> str:
    """One plain sentence for a player's page."""
    if rated is None or not rated.games:
        return _("No rated games yet: every player starts at %(mu).1f, with a wide margin.") % {"mu": START_MU}
    return _("After %(games)s rated games, the best estimate is %(mu).1f and the true skill is very likely "
             "between %(low).1f and %(high).1f; the margin shrinks with every game.") % {
        "games": rated.games, "mu": rated.mu, "low": rated.low, "high": rated.high}
