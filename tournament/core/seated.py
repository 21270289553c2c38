"""Who actually sits at a side this game. A partnership with a substitute for one game (or one table
round) keeps its points and its name in the standings, but the table phone and the boards show the
people at the table: "Ida & Zoe (sub for Jo)"."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from tournament.common.names import joined
from tournament.models import GameSide, Substitution


def seated_players(side: GameSide, substitutions: Iterable[Substitution]) -> list[str]:
    """Each partner of the side's team by name, a substitute in place of whom they replace; [] for a
    single player's side (already named by that player)."""
    if not side.team_id:
        return []
    subs = {s.replaced_id: s for s in substitutions if s.team_id == side.team_id}
    names = []
    players = list(side.team.players.all())
    for player in players:
        sub = subs.pop(player.pk, None)
        names.append(_("%(substitute)s (sub for %(player)s)") % {"substitute": sub.substitute.name, "player": player.name}
                     if sub else player.name)
    # A partner who has left the partnership (withdrew) and plays this game through a substitute.
    for sub in subs.values():
        names.append(_("%(substitute)s (sub for %(player)s)") % {"substitute": sub.substitute.name, "player": sub.replaced.name})
    return names


def seated_name(side: GameSide, substitutions: Iterable[Substitution]) -> str:
    """The side's name as seated: its team's name unless a substitute plays for one of the partners."""
    substitutions = list(substitutions)
    if not side.team_id or not any(s.team_id == side.team_id for s in substitutions):
        return str(side)
    return joined(seated_players(side, substitutions))
