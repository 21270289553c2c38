"""A bracket event's end, as its entrants' e-mail tells it: over once the final names a champion (the
final played, or not needed because one team won both divisions), in a few lines — the champion, the
runner-up of a final that was played, and each division's champion."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.models import Division, Game, Tournament


def _final(tournament: Tournament) -> Division | None:
    return tournament.divisions.filter(kind=Division.Kind.FINAL).select_related("champion").first()


def is_over(tournament: Tournament) -> bool:
    return tournament.divisions.filter(kind=Division.Kind.FINAL, champion__isnull=False).exists()


def _team(team) -> str:
    players = team.player_names()
    return f"{team} ({players})" if players and players != str(team) else str(team)


def lines(tournament: Tournament) -> list[str]:
    final = _final(tournament)
    if final is None or final.champion is None:
        return []
    told = [_("Champion: %(team)s") % {"team": _team(final.champion)}]
    game = final.games.filter(status=Game.Status.FINISHED).prefetch_related("sides__team__players").first()
    if game is not None:
        runner_up = [s.team for s in game.sides.all() if s.team_id and s.team_id != final.champion_id]
        if runner_up:
            told.append(_("Runner-up: %(team)s") % {"team": _team(runner_up[0])})
    for division in tournament.divisions.filter(kind__in=(Division.Kind.D1, Division.Kind.D2), champion__isnull=False
                                                ).select_related("champion").order_by("kind"):
        told.append(_("%(division)s champion: %(team)s") % {"division": division.title, "team": division.champion})
    return told
