"""A bracket event in a club's records (tournament.clubs.records): each team placed by how far it
went — the champion first, the other finalist next, then by the round each team reached."""

from __future__ import annotations

from collections import defaultdict

from tournament.models import Division, GameSide, Team, Tournament


def places(tournament: Tournament, record, teams: dict[int, tuple[int, ...]]) -> None:
    names = dict(Team.objects.filter(tournament=tournament).values_list("pk", "name"))
    final = Division.objects.filter(tournament=tournament, kind=Division.Kind.FINAL).first()
    depth: dict[int, tuple] = {}
    rounds = defaultdict(int)
    sides = GameSide.objects.filter(game__division__tournament=tournament, team__isnull=False).values_list(
        "team_id", "game__division__kind", "game__division_id", "game__round__number")
    for _team, _kind, division, number in sides:
        rounds[division] = max(rounds[division], number)
    for team, kind, division, number in sides:
        reached = (1 if kind == Division.Kind.FINAL else 0, number - rounds[division])
        depth[team] = max(depth.get(team, reached), reached)
    champion = final.champion_id if final else None
    if champion:
        depth[champion] = (2, 0)
    record.decided = bool(champion)
    for team in sorted(names):
        record.entrants.append(teams.get(team, ()))
        record.entrant_names.append(names[team])
        mine = depth.get(team, (-1, -99))
        record.places.append(1 + sum(other > mine for other in depth.values()) if record.decided and team in depth else 0)
