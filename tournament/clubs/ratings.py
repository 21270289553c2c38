"""Ratings: openskill's Plackett-Luce model, updated from every finished game of the club's events,
event by event in date order and each event's games in order of finish (a bracket game is two
partnerships, a table 2 to 6 sides, a partnership a team of two). `replay` is a pure function of the
games, so replaying the whole history gives the same ratings every time; `refresh` stores them
(MemberRating) when the club's history changed, replaying from the first changed event only, and
`manage.py recompute_ratings` replays the whole history on demand. A finished game has its club's
ratings brought up to date by the worker (tournament.clubs.rating_tasks); the seeded draws read the
stored rows after the same refresh."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Sum
from django.utils.translation import gettext as _
from openskill.models import PlackettLuce

from tournament.clubs import members, records
from tournament.models import Club, MemberRating

MODEL = PlackettLuce()
STEP_TIMEOUT = 30 * 24 * 3600  # a step nobody needs for a month leaves the cache; it is replayed if needed
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


def replay(games: Iterable[tuple[Sequence[Sequence[int]], Sequence[int]]],
           start: dict[int, Rated] | None = None) -> dict[int, Rated]:
    """Ratings after these games, in order: each game is (sides as tuples of people, ranks: 1 won),
    from the ratings `start` (everyone new when None)."""
    now: dict[int, Rated] = dict(start or {})
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


def event_games(record: records.EventRecord, mapping: dict[int, int]) -> list[tuple]:
    """An event's finished games as members' sides and ranks, in order of finish."""
    games = sorted(record.games, key=lambda g: (g.finished_at, g.pk))
    return [([tuple(mapping[p] for p in side if p in mapping) for side in g.sides], g.ranks) for g in games]


def member_games(club_records: list[records.EventRecord], mapping: dict[int, int]) -> list[tuple]:
    """Every finished game of the club as members' sides and ranks: event by event in date order (a
    club's events follow one another), each event's games in order of finish."""
    return [game for record in club_records for game in event_games(record, mapping)]


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
    (`mapping` and `events`: who is who and the records, when the caller has them already). Only the
    events from the first changed one on are replayed (replay_from_changed); `force` replays the
    whole history."""
    mark = fingerprint(club)
    if not force and Club.objects.filter(pk=club.pk, rated_from=mark).exists():
        return stored(club)
    mapping = members.sync(club) if mapping is None else mapping
    events = records.club_records(club) if events is None else events
    rated = replay_from_changed(club, events, mapping, whole=force)
    with transaction.atomic():
        # Two refreshes at once (a finished game's task and a page) write one after the other.
        Club.objects.select_for_update().filter(pk=club.pk).exists()
        MemberRating.objects.filter(member__club=club).delete()
        MemberRating.objects.bulk_create(
            [MemberRating(member_id=m, mu=r.mu, sigma=r.sigma, games=r.games) for m, r in sorted(rated.items())])
        Club.objects.filter(pk=club.pk).update(rated_from=mark)
    return rated


def stored(club: Club) -> dict[int, Rated]:
    return {r.member_id: Rated(r.mu, r.sigma, r.games) for r in MemberRating.objects.filter(member__club=club)}


# ---- replaying from the first changed event ------------------------------------------------------
# The ratings after each event are kept in the cache under a digest of everything they depend on:
# who is who, and every event up to it (each record's key holds the event's change counter). A
# change to the latest event replays that event alone; a merge of members replays everything. The
# cache is only a shortcut: a missing step is replayed, and the result is the same either way.

STEP_VERSION = 1


def _links(events: list[records.EventRecord], mapping: dict[int, int]) -> list[str]:
    digest = hashlib.blake2b(repr((STEP_VERSION, START_MU, START_SIGMA, sorted(mapping.items()))).encode(),
                             digest_size=16)
    links = []
    for record in events:
        digest.update(record.key.encode())
        links.append(digest.copy().hexdigest())
    return links


def _chain_key(club: Club) -> str:
    return f"club-rating-chain:{club.pk}:{club.created_at.isoformat()}"


def replay_from_changed(club: Club, events: list[records.EventRecord], mapping: dict[int, int], *,
                        whole: bool = False) -> dict[int, Rated]:
    """The ratings after every event, replayed from the first event that changed since the last replay."""
    if not all(record.key for record in events):  # records not from the cache have no name to keep steps under
        return replay(member_games(events, mapping))
    links = _links(events, mapping)
    known = [] if whole else (cache.get(_chain_key(club)) or [])
    same = 0
    while same < min(len(known), len(links)) and known[same] == links[same]:
        same += 1
    start: dict[int, Rated] | None = {}
    while same and (start := cache.get(f"club-ratings-after:{links[same - 1]}")) is None:
        same -= 1  # that step left the cache: replay from the one before
    now = dict(start or {})
    steps = {}
    for index in range(same, len(events)):
        now = replay(event_games(events[index], mapping), now)
        steps[f"club-ratings-after:{links[index]}"] = now
    if steps:
        cache.set_many(steps, STEP_TIMEOUT)
    cache.set(_chain_key(club), links, STEP_TIMEOUT)
    return now


def explain(rated: Rated | None) -> str:
    """One plain sentence for a player's page."""
    if rated is None or not rated.games:
        return _("No rated games yet: every player starts at %(mu).1f, with a wide margin.") % {"mu": START_MU}
    return _("After %(games)s rated games, the best estimate is %(mu).1f and the true skill is very likely "
             "between %(low).1f and %(high).1f; the margin shrinks with every game.") % {
        "games": rated.games, "mu": rated.mu, "low": rated.low, "high": rated.high}
