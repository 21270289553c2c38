"""One club event as plain data, in players (not members: who is who may change, tournament.clubs.members):
who took part (entrants as tuples of player ids), where each finished, and every finished game with
its sides' totals, placings and hands won. Season standings, players' pages, ratings and the roll of
honour are all read from these records.

A record is kept in the cache under the event's change counter (plus its id, slug and creation time),
so a change to one event rebuilds that event's record only, and the very next request sees it."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

from django.core.cache import cache

from scoring.models import Hand
from tournament.core import formats, page_cache
from tournament.models import Division, Game, GameSide, Player, Tournament

RECORD_VERSION = 4


@dataclass
class GameRecord:
    pk: int
    finished_at: str  # ISO: games are rated in order of finish
    sides: list[tuple[int, ...]]  # each side's players
    totals: list[int]
    ranks: list[int]  # 1 = won the game; level sides share
    hands_won: list[int]
    bracket: bool  # a head-to-head game (a bracket), not a table


@dataclass
class EventRecord:
    pk: int
    slug: str
    name: str
    starts_at: dt.datetime  # its sign-up deadline (UTC): the day it is on is the club's (`date`, set on reading)
    format: str
    decided: bool  # the places are final
    entrants: list[tuple[int, ...]] = field(default_factory=list)
    entrant_names: list[str] = field(default_factory=list)
    places: list[int] = field(default_factory=list)  # by entrant; 0 = no place (not decided)
    games: list[GameRecord] = field(default_factory=list)
    key: str = ""  # the cache key it is kept under: it names the event and its change counter
    drawn: bool = True  # its draw is out (a published division): before it, sign-ups earn no season points
    date: dt.date | None = None  # the day where the club meets (club_records sets it)

    def medallists(self, place: int) -> list[str]:
        return [name for name, p in zip(self.entrant_names, self.places) if p == place]


def _team_players(tournament: Tournament) -> dict[int, tuple[int, ...]]:
    found: dict[int, list[int]] = defaultdict(list)
    for pk, team in Player.objects.filter(tournament=tournament, team__isnull=False).order_by("pk").values_list("pk", "team_id"):
        found[team].append(pk)
    return {team: tuple(players) for team, players in found.items()}


def _ranks(totals: list[int], present: list[bool], winner: int | None) -> list[int]:
    """Placings at a table: the named winner first, then by total; a side that forfeited last."""
    def strength(i):
        return (i == winner, totals[i]) if present[i] else (False, float("-inf"))
    return [1 + sum(strength(j) > strength(i) for j in range(len(totals))) for i in range(len(totals))]


def _hands_won(tournament: Tournament) -> dict[int, list[int]]:
    won: dict[int, list[int]] = {}
    for game, result in Hand.objects.filter(game__division__tournament=tournament).values_list("game_id", "result"):
        scores = [side.get("hand_score", 0) for side in (result or {}).get("sides", [])]
        if not scores:
            continue
        counts = won.setdefault(game, [0] * len(scores))
        if len(counts) < len(scores):
            counts.extend([0] * (len(scores) - len(counts)))
        best = max(scores)
        if scores.count(best) == 1:
            counts[scores.index(best)] += 1
    return won


def _games(tournament: Tournament, teams: dict[int, tuple[int, ...]], *, head_to_head: bool) -> list[GameRecord]:
    hands = _hands_won(tournament)
    games = (Game.objects.filter(division__tournament=tournament, status=Game.Status.FINISHED, finished_at__isnull=False)
             .select_related("division").order_by("finished_at", "pk"))
    sides_of: dict[int, list[GameSide]] = defaultdict(list)
    for side in GameSide.objects.filter(game__in=games).order_by("game_id", "slot"):
        sides_of[side.game_id].append(side)
    records = []
    for game in games:
        sides = [s for s in sides_of[game.pk] if s.team_id or s.player_id]
        if len(sides) < 2:
            continue
        players = [teams.get(s.team_id, ()) if s.team_id else (s.player_id,) for s in sides]
        totals = [s.total for s in sides]
        winner = next((i for i, s in enumerate(sides) if s.team_id and s.team_id == game.winner_id), None)
        ranks = _ranks(totals, [not s.forfeited_at for s in sides], winner)
        won = hands.get(game.pk, [])
        records.append(GameRecord(
            game.pk, game.finished_at.isoformat(), players, totals, ranks,
            [won[s.slot - 1] if 0 < s.slot <= len(won) else 0 for s in sides],
            head_to_head,
        ))
    return records


def build(tournament: Tournament) -> EventRecord:
    teams = _team_players(tournament)
    record = EventRecord(tournament.pk, tournament.slug, tournament.name, tournament.signup_deadline,
                         tournament.format, False)
    event_format = formats.of(tournament)
    event_format.record_places(tournament, record, teams)
    record.games = _games(tournament, teams, head_to_head=not event_format.games_are_tables)
    record.drawn = Division.objects.filter(tournament=tournament, published_at__isnull=False).exists()
    return record


def _key(tournament: Tournament) -> str:
    return page_cache.key("club-event-record", RECORD_VERSION, *page_cache.counted(tournament))


def club_records(club) -> list[EventRecord]:
    """Every event of the club, oldest first; each from the cache while its counter is unchanged, dated
    by the day where the club meets (the club's zone, which a record kept in the cache does not hold)."""
    events = list(Tournament.objects.filter(club=club).order_by("signup_deadline", "pk"))
    kept = cache.get_many([_key(t) for t in events])
    found = []
    for tournament in events:
        record = kept.get(_key(tournament))
        if record is None:
            record = build(tournament)
            record.key = _key(tournament)
            cache.set(_key(tournament), record, page_cache.PAGE_TIMEOUT)
        record.date = club.day_of(record.starts_at)
        found.append(record)
    return found
