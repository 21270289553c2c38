"""Explicit prefetch helpers for the bracket pages: a fixed number of queries, whatever the size.

`bracket(tournament)` loads the published divisions with their rounds, games, sides, teams and
players in five queries and hangs them together in Python (division.round_list, round.game_list,
game.side_list), so templates never reach for the database.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.models import Division, Game, GameSide, Player, Round, Tournament

KIND_ORDER = {Division.Kind.D1: 0, Division.Kind.D2: 1, Division.Kind.FINAL: 2}


def bracket(tournament: Tournament, kinds: tuple[str, ...] | None = None, only: list[int] | None = None) -> list[Division]:
    """`only`: these games alone (the rest of each round's `game_list` left out)."""
    divisions = Division.objects.filter(tournament=tournament, published_at__isnull=False).select_related("champion")
    rounds = Round.objects.filter(division__tournament=tournament, division__published_at__isnull=False)
    games = Game.objects.filter(division__tournament=tournament, division__published_at__isnull=False)
    if kinds:
        divisions, rounds, games = (q.filter(**{("kind" if q.model is Division else "division__kind") + "__in": kinds}) for q in (divisions, rounds, games))
    if only is not None:
        games = games.filter(pk__in=only)
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
    by_round: dict[int, list[Game]] = defaultdict(list)
    games = list(games)
    game_by_id = {g.pk: g for g in games}
    if only is not None:  # the empty slots' feeders, which may be among the games left out
        feeders = {side.fed_by_id for g in games for side in g.side_list if side.fed_by_id} - set(game_by_id)
        game_by_id.update({g.pk: g for g in Game.objects.filter(pk__in=feeders).only("pk", "status", "number")})
    for g in games:
        by_round[g.round_id].append(g)
    hang(divisions, rounds.order_by("number"), by_round)
    for d in divisions:
        for rnd in d.round_list:
            for g in rnd.game_list:
                g.round = rnd
                g.division = d
    for g in games:
        for side in g.side_list:
            side.placeholder = _placeholder(g, side, game_by_id.get(side.fed_by_id))
    return divisions


def hang(divisions: list[Division], rounds, games_by_round: dict[int, list]) -> None:
    """Each division its `round_list` (rounds in the order given), each round its division and `game_list`."""
    by_division: dict[int, list[Round]] = defaultdict(list)
    for rnd in rounds:
        by_division[rnd.division_id].append(rnd)
    for d in divisions:
        d.round_list = by_division[d.pk]
        for rnd in d.round_list:
            rnd.division = d
            rnd.game_list = games_by_round[rnd.pk]


def _placeholder(game: Game, side: GameSide, feeder: Game | None) -> str:
    """What an empty slot says: who will fill it."""
    if side.is_bye:
        return pgettext("bracket", "Bye")
    if game.division.kind == Division.Kind.FINAL:
        if side.slot == 1:
            return _("%(division)s champion") % {"division": Division.Kind.D1.label}
        return _("%(division)s champion") % {"division": Division.Kind.D2.label}
    if feeder is not None:
        if feeder.status == Game.Status.DOUBLE_FORFEIT:
            return _("Nobody (double forfeit)")
        return _("Winner of game %(number)s") % {"number": feeder.number}
    return _("To be decided")
