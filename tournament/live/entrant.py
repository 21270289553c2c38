"""One entrant's own page: a bracket team, a table event's partnership (also a Team) or a single
player of a table event. Their games (the next one first), each with the table, the posted time,
who they meet and the read-only sheet; for table events the seat they took each round and their
standing; the substitute records. A handful of queries whatever the number of games."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.common import names
from tournament.core import formats
from tournament.models import (
    Game,
    GameSide,
    Player,
    Substitution,
    Team,
    Tournament,
)

# A game with its result, or over and waiting for the organizer's decision.
OVER = (*Game.DONE, Game.Status.AWAITING_DECISION)

_LATER = dt.datetime.max.replace(tzinfo=dt.UTC)


@dataclass
class Line:
    """One game as its entrant reads it."""
    game: Game
    mine: list[GameSide]
    others: list[str]  # who they meet: names, or who will fill an empty slot
    seats: list[str] = field(default_factory=list)  # table events: "Ann, seat 2"

    @property
    def done(self) -> bool:
        return self.game.status in OVER

    @property
    def my_total(self) -> int | None:
        return self.mine[0].total if self.mine else None


@dataclass
class EntrantPage:
    name: str
    players: list[str]
    lines: list[Line]
    byes: list[int] = field(default_factory=list)  # table rounds this entrant sat out
    substitutions: list[Substitution] = field(default_factory=list)
    standing: object = None  # tournament.formats.tables.standings.Row
    withdrawn: bool = False  # a team withdrawn after the draw (its games are walkovers), a player who left a table event

    @property
    def next(self) -> Line | None:
        return next((line for line in self.lines if not line.done), None)

    @property
    def later(self) -> list[Line]:
        return [line for line in self.lines if not line.done][1:]

    @property
    def results(self) -> list[Line]:
        return [line for line in self.lines if line.done]


def _slot_text(side: GameSide) -> str:
    if side.team_id:
        return side.team.name
    if side.player_id:
        return side.player.name
    if side.is_bye:
        return pgettext("bracket", "Bye")
    if side.fed_by_id:
        return _("Winner of game %(number)s (%(round)s)") % {"number": side.fed_by.number, "round": side.fed_by.round}
    return _("To be decided")


def _games(tournament: Tournament, **side_filter):
    sides = GameSide.objects.select_related("team", "player", "fed_by__round").order_by("slot")
    return list(
        Game.objects.filter(division__tournament=tournament, **{f"sides__{k}": v for k, v in side_filter.items()})
        .select_related("division", "round", "winner")
        .prefetch_related(Prefetch("sides", queryset=sides, to_attr="side_list"))
        .order_by("round__number", "division__kind", "number")
        .distinct()
    )


def _lines(tournament: Tournament, games, is_mine) -> list[Line]:
    lines = []
    for game in games:
        mine = [s for s in game.side_list if is_mine(s)]
        others = [_slot_text(s) for s in game.side_list if not is_mine(s)]
        lines.append(Line(game=game, mine=mine, others=others))
    # Not-done games by posted time, then the rest in the order they were played: a division's
    # rounds before the final, whose round number (1) says nothing about when it came.
    final_kind = formats.of(tournament).final_kind
    return sorted(lines, key=lambda ln: (ln.done, ln.game.starts_at or ln.game.started_at or _LATER,
                                         ln.game.division.kind == final_kind, ln.game.round.number, ln.game.number))


def team_page(tournament: Tournament, team: Team) -> EntrantPage:
    players = list(team.players.all())
    page = EntrantPage(
        name=team.name, players=[p.name for p in players], withdrawn=team.withdrawn_at is not None,
        lines=_lines(tournament, _games(tournament, team=team), lambda s: s.team_id == team.pk),
        substitutions=list(Substitution.objects.filter(team=team).select_related(
            "game__division", "game__round", "replaced", "substitute").order_by("at")),
    )
    formats.of(tournament).add_to_entrant_page(tournament, page, team.pk, {p.pk: p.name for p in players})
    return page


def player_page(tournament: Tournament, player: Player) -> EntrantPage:
    page = EntrantPage(name=player.name, players=[player.name], withdrawn=_left(player),
                       lines=_lines(tournament, _games(tournament, player=player), lambda s: s.player_id == player.pk))
    formats.of(tournament).add_to_entrant_page(tournament, page, player.pk, {player.pk: player.name})
    return page


# ---- finding one ----------------------------------------------------------------------------------

@dataclass
class Found:
    name: str
    players: list[str]
    url_name: str  # live:team or live:player
    pk: int
    withdrawn: str = ""  # "withdrew" in the page's language (agreeing with a pair), or ""


def entrants(tournament: Tournament) -> list[Found]:
    """Whom "Find my team" / "Find my page" can find: teams (bracket events, partnerships) or single
    players, those who withdrew too (their results stay, marked), so nobody's page is lost."""
    if formats.of(tournament).entrants_are_players(tournament):
        word = pgettext("a player in the standings", "withdrew")
        players = Player.objects.filter(tournament=tournament).select_related("table_entry")
        return names.sorted_by_name(Found(p.name, [p.name], "live:player", p.pk, word if _left(p) else "") for p in players)
    word = pgettext("a partnership in the standings", "withdrew")
    # A team without players (a shell left by a re-pairing) is nobody to find.
    teams = Team.objects.filter(tournament=tournament, players__isnull=False).distinct().prefetch_related("players")
    return names.sorted_by_name(Found(t.name, [p.name for p in t.players.all()], "live:team", t.pk,
                                      word if t.withdrawn_at else "") for t in teams)


def _left(player: Player) -> bool:
    entry = getattr(player, "table_entry", None)
    return entry is not None and entry.withdrawn_at is not None


def find(candidates: list[Found], typed: str) -> list[Found]:
    """Everyone whose team name or player name holds what was typed (case, accents, spaces and
    look-alikes ignored: "nunez" finds "Ñúñez")."""
    wanted = names.search_key(typed)
    if not wanted:
        return []
    exact = [f for f in candidates if wanted in (names.search_key(n) for n in (f.name, *f.players))]
    return exact or [f for f in candidates if any(wanted in names.search_key(n) for n in (f.name, *f.players))]
