"""A bracket event's games sorted by what a spectator wants first: the champion, the games in play,
the next games by posted time and the results so far. One prefetch of the whole bracket
(tournament.formats.bracket.chart.prefetch, a fixed number of queries) sorted in Python."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from tournament.formats.bracket.chart import prefetch
from tournament.models import Division, Game, Team, Tournament

PLAYING = (Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION)
COMING = (Game.Status.READY, Game.Status.WAITING)
RESULTS = (Game.Status.FINISHED, Game.Status.FORFEIT, Game.Status.DOUBLE_FORFEIT)
NEXT_SHOWN = 12
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


@dataclass
class BracketNow:
    divisions: list[Division]
    champion: Team | None = None
    division_champions: list[tuple[Division, Team]] = field(default_factory=list)
    playing: list[Game] = field(default_factory=list)
    coming: list[Game] = field(default_factory=list)
    results: list[Game] = field(default_factory=list)

    @property
    def drawn(self) -> bool:
        return bool(self.divisions)

    @property
    def games(self) -> list[Game]:
        return [g for d in self.divisions for r in d.round_list for g in r.game_list]

    @property
    def schedule(self) -> list:
        """Every round's posted start, earliest first (from the rounds already loaded)."""
        rounds = [r for d in self.divisions for r in d.round_list if r.starts_at]
        return sorted(rounds, key=lambda r: (r.starts_at, prefetch.KIND_ORDER[r.division.kind], r.number))


def _team_with_players(division: Division, team_id: int | None) -> Team | None:
    """The champion as its games loaded it (players prefetched), so naming the partners costs nothing."""
    if team_id is None:
        return None
    sides = (s for r in division.round_list for g in r.game_list for s in g.side_list)
    return next((s.team for s in sides if s.team_id == team_id), None)


def _known(game: Game) -> bool:
    return any(side.team_id for side in game.side_list)


def read(tournament: Tournament) -> BracketNow:
    divisions = prefetch.bracket(tournament)
    now = BracketNow(divisions=divisions)
    for division in divisions:
        champion = _team_with_players(division, division.champion_id)
        if champion is None:
            continue
        if division.kind == Division.Kind.FINAL:
            now.champion = champion
        else:
            now.division_champions.append((division, champion))
    games = now.games
    order = prefetch.KIND_ORDER
    now.playing = sorted((g for g in games if g.status in PLAYING),
                         key=lambda g: (g.table_number or 999, order[g.division.kind], g.number))
    # The next games by posted time, once one of their teams is known (a game between two
    # "Winner of game …" slots tells nobody where to be).
    coming = [g for g in games if g.status in COMING and _known(g)]
    now.coming = sorted(coming, key=lambda g: (g.starts_at or dt.datetime.max.replace(tzinfo=dt.UTC),
                                               order[g.division.kind], g.round.number, g.number))[:NEXT_SHOWN]
    now.results = sorted((g for g in games if g.status in RESULTS),
                         key=lambda g: (g.finished_at or _EPOCH, g.pk), reverse=True)
    return now
