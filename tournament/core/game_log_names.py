"""Names for what the game log refers to: the entrants (teams, players) and games of its entries.

The log keeps ids (tournament.core.game_log); the pages that show it, and the checks that a restored
backup says the same as the original, read them as names through here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from tournament.core import game_log
from tournament.core.game_log import Entrant
from tournament.models import Game, GameEvent, Player, Team


def entrants_in(entry) -> Iterator[Entrant]:
    """Every Entrant an entry (a schema object) names, nested ones included."""
    if isinstance(entry, Entrant):
        yield entry
    elif isinstance(entry, list):
        for item in entry:
            yield from entrants_in(item)
    elif dataclasses.is_dataclass(entry):
        for field in dataclasses.fields(entry):
            yield from entrants_in(getattr(entry, field.name))


def entrant_names(entries: Iterable, sides=()) -> dict[Entrant, str]:
    """Entrant -> its name, for every entrant the entries name (the sides' teams and players are
    already loaded; any other entrant, such as a team that has since left a reopened game, is read)."""
    names: dict[Entrant, str] = {}
    for side in sides:
        if side.team_id or side.player_id:
            # The name itself (a pair's Partners shows joined): its verbs agree with a pair (names.people_in).
            names[Entrant.of(side)] = side.team.name if side.team_id else side.player.name
    wanted = {e for entry in entries for e in entrants_in(entry)} - set(names)
    teams = {e.team for e in wanted if e.team is not None}
    players = {e.player for e in wanted if e.player is not None}
    for team in Team.objects.filter(pk__in=teams):
        names[Entrant(team=team.pk)] = team.name
    for player in Player.objects.filter(pk__in=players):
        names[Entrant(player=player.pk)] = player.name
    return names


def described(events: Iterable[GameEvent]) -> list[dict]:
    """Each event's data with its ids put in words: an entrant as its name, a player as their name,
    a game as its label. Two logs that say the same about the same people read the same here,
    whatever their ids (a restored backup's, for one)."""
    events = list(events)
    labels = {}

    def name(model: str, pk: int):
        return labels.setdefault((model, pk), _name_of(model, pk))

    out = []
    for event in events:
        data = game_log.remap_ids(event.kind, event.data, name)
        out.append({"kind": event.kind, "note": event.note, "data": data})
    return out


def _name_of(model: str, pk: int) -> str:
    found = {
        "tournament.Team": lambda: Team.objects.filter(pk=pk).values_list("name", flat=True).first(),
        "tournament.Player": lambda: Player.objects.filter(pk=pk).values_list("name", flat=True).first(),
        "tournament.Game": lambda: (lambda g: g.label if g else None)(
            Game.objects.filter(pk=pk).select_related("round", "division").first()),
    }[model]()
    return f"{model.rsplit('.', 1)[1]}: {found}" if found is not None else f"{model} {pk} (missing)"
