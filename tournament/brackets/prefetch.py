"""Explicit prefetch helpers for the bracket pages: a fixed number of queries, whatever the size.

`bracket(tournament)` loads the published divisions with their rounds, games, sides, teams and
players in five queries and hangs them together in Python (division.round_list, round.game_list,
game.side_list), so templates never reach for the database.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass

from django.db import connection

from django.db.models import Prefetch
from django.utils import timezone

from tournament.models import Division, Game, GameSide, Player, Round, Tournament

KIND_ORDER = {Division.Kind.D1: 0, Division.Kind.D2: 1, Division.Kind.FINAL: 2}


def bracket(tournament: Tournament, kinds: tuple[str, ...] | None = None) -> list[Division]:
    divisions = Division.objects.filter(tournament=tournament, published_at__isnull=False).select_related("champion")
    rounds = Round.objects.filter(division__tournament=tournament, division__published_at__isnull=False)
    games = Game.objects.filter(division__tournament=tournament, division__published_at__isnull=False)
    if kinds:
        divisions, rounds, games = (q.filter(**{("kind" if q.model is Division else "division__kind") + "__in": kinds}) for q in (divisions, rounds, games))
    games = games.prefetch_related(
        Prefetch(
            "sides",
            queryset=GameSide.objects.select_related("team").prefetch_related(
                Prefetch("team__players", queryset=Player.objects.order_by("created_at", "id"))
            ).order_by("slot"),
            to_attr="side_list",
        )
    ).order_by("round__number", "number")

    divisions = sorted(divisions, key=lambda d: KIND_ORDER[d.kind])
    by_division: dict[int, list[Round]] = defaultdict(list)
    by_round: dict[int, list[Game]] = defaultdict(list)
    games = list(games)
    game_by_id = {g.pk: g for g in games}
    for rnd in rounds.order_by("number"):
        by_division[rnd.division_id].append(rnd)
    for g in games:
        by_round[g.round_id].append(g)
    for d in divisions:
        d.round_list = by_division[d.pk]
        for rnd in d.round_list:
            rnd.division = d
            rnd.game_list = by_round[rnd.pk]
            for g in rnd.game_list:
                g.round = rnd
                g.division = d
    for g in games:
        for side in g.side_list:
            side.placeholder = _placeholder(g, side, game_by_id.get(side.fed_by_id))
    return divisions


def _placeholder(game: Game, side: GameSide, feeder: Game | None) -> str:
    """What an empty slot says: who will fill it."""
    if side.is_bye:
        return "Bye"
    if game.division.kind == Division.Kind.FINAL:
        return f"{Division.Kind.D1.label if side.slot == 1 else Division.Kind.D2.label} champion"
    if feeder is not None:
        if feeder.status == Game.Status.DOUBLE_FORFEIT:
            return "Nobody (double forfeit)"
        return f"Winner of game {feeder.number}"
    return "To be decided"


@dataclass(frozen=True)
class BracketHead:
    """What a cached bracket page needs to find its HTML: the tournament's key columns and the
    fingerprint of its games (`version`). The full Tournament is loaded only to render."""
    pk: int
    slug: str
    name: str
    time_zone: str
    created_at: str
    version: str
    due: int = 0  # deadlines passed but not yet applied (a stopped or late worker)

    def tournament(self) -> Tournament:
        return Tournament.objects.get(pk=self.pk)


def bracket_version(tournament: Tournament) -> str:
    """A cheap fingerprint of everything the bracket page shows that changes during play."""
    return _head("id", tournament.pk).version


def bracket_head(slug: str) -> BracketHead | None:
    """The tournament by slug with its bracket fingerprint, in one query: on a cached page this
    query is nearly the whole cost, so it is written out (plain rows, no model instances)."""
    from tournament import page_cache

    return page_cache.shared_read(f"bracket-head:{slug}", lambda: _head("slug", slug))


def bracket_head_now(slug: str) -> BracketHead | None:
    """The same, read by this caller alone (after it changed something)."""
    return _head("slug", slug)


def _head(column: str, value) -> BracketHead | None:
    """Results and states bump Game.version; scores (GameSide.total), check-ins and teams moving up
    change the sides' sums; table numbers and posted times change without a version bump, so their
    sum and latest value are in it too. Pages cache their charts under it (tournament.page_cache);
    anything outside it (a renamed team) waits for that cache's short TTL."""
    tournament, division, game, side = (m._meta.db_table for m in (Tournament, Division, Game, GameSide))
    # One pass over the sides with their games: a game's columns count once per side, which is
    # as good a fingerprint (every game has its sides from the moment it exists).
    sql = f"""
        SELECT t.id, t.slug, t.name, t.time_zone, CAST(t.created_at AS TEXT),
          COUNT(g.id) || '-' || COALESCE(SUM(g.version), 0) || '-' || COALESCE(SUM(g.table_number), 0)
            || '-' || COUNT(g.starts_at) || '-' || COALESCE(CAST(MAX(g.starts_at) AS TEXT), '')
            || '/' || COALESCE(SUM(s.total), 0) || '-' || COUNT(s.team_id) || '-' || COUNT(s.checked_in_at)
            || '-' || COALESCE(SUM(s.team_id), 0),
          COALESCE(SUM(CASE WHEN (g.status = 'ready' AND g.no_show_at <= %s AND s.checked_in_at IS NULL)
                              OR (g.status IN ('ready', 'in_play') AND g.time_limit_at <= %s) THEN 1 ELSE 0 END), 0)
        FROM {tournament} t
        LEFT JOIN {division} d ON d.tournament_id = t.id
        LEFT JOIN {game} g ON g.division_id = d.id
        LEFT JOIN {side} s ON s.game_id = g.id
        WHERE t.{column} = %s GROUP BY t.id, t.slug, t.name, t.time_zone, t.created_at"""
    with connection.cursor() as cursor:
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        cursor.execute(sql, [now, now, value])
        row = cursor.fetchone()
    if row is None:
        return None
    version = hashlib.blake2b(row[5].encode(), digest_size=8).hexdigest()
    return BracketHead(*row[:5], version=version, due=row[6])
