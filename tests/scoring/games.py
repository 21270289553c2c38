"""Games ready for score entry, for tests (the draw builds the real ones)."""

from __future__ import annotations

from django.utils import timezone

from tests.factories import TeamFactory
from tournament.models import Division, Game, GameSide, Player, Round, Team, Tournament


def make_game(
    tournament: Tournament, *, status: str = Game.Status.IN_PLAY, teams: list[Team] | None = None,
    players: list[Player] | None = None, with_next: bool = False,
) -> Game:
    """A game of round 1 between these teams (or players), by default two new teams, in play.

    with_next adds round 2: the game this one feeds (its winner takes slot 1), the other slot known."""
    division, _ = Division.objects.get_or_create(tournament=tournament, kind=Division.Kind.D1, defaults={"name": "Division 1"})
    round1, _ = Round.objects.get_or_create(division=division, number=1, defaults={"name": "Round 1"})
    number = Game.objects.filter(round=round1).count() + 1
    started = timezone.now() if status == Game.Status.IN_PLAY else None
    game = Game.objects.create(
        division=division, round=round1, number=number, table_number=number, status=status,
        started_at=started, time_limit_at=started + tournament.game_time_limit if started else None,
    )
    if players:
        for slot, player in enumerate(players, start=1):
            GameSide.objects.create(game=game, slot=slot, player=player)
    else:
        if teams is None:
            teams = [TeamFactory(tournament=tournament, name=n) for n in (f"Sharks {number}", f"Pelicans {number}")]
        for slot, team in enumerate(teams, start=1):
            GameSide.objects.create(game=game, slot=slot, team=team)
    if with_next:
        round2, _ = Round.objects.get_or_create(division=division, number=2, defaults={"name": "Round 2"})
        following = Game.objects.create(division=division, round=round2, number=Game.objects.filter(round=round2).count() + 1)
        GameSide.objects.create(game=following, slot=1, fed_by=game)
        other = Team.objects.create(tournament=tournament, name=f"Waiting {game.pk}")
        GameSide.objects.create(game=following, slot=2, team=other)
    return game
