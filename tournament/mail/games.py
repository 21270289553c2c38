"""A game as the entrants' e-mails tell it (the reminder, the result with the next game): when, where,
against whom — from the entrant's seat, in the language of the message being written — and which game
an entrant plays next, in either format (a bracket team's next game may be in the other division)."""

from __future__ import annotations

from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common import localtime, site_address
from tournament.models import EntrantMail, Game

WAITING = (Game.Status.WAITING, Game.Status.READY)


def seat(entry: EntrantMail) -> tuple[int | None, int | None]:
    """The team and player an entrant sits as (a player opted in alone may sit in a partnership)."""
    team_id = entry.team_id or (entry.player.team_id if entry.player_id else None)
    return team_id, entry.player_id


def is_mine(side, entry: EntrantMail) -> bool:
    team_id, player_id = seat(entry)
    return bool((team_id and side.team_id == team_id) or (player_id and side.player_id == player_id))


def seated(games, entry: EntrantMail):
    """The game among `games` where this entrant sits, or None."""
    return next((g for g in games if any(is_mine(side, entry) for side in g.sides.all())), None)


def entries_at(game: Game) -> list[EntrantMail]:
    """The opted-in rows of the people at this game's sides."""
    sides = list(game.sides.all())
    teams = {s.team_id for s in sides if s.team_id}
    players = {s.player_id for s in sides if s.player_id}
    rows = (game.division.tournament.entrant_mail.filter(Q(team__in=teams) | Q(player__in=players) | Q(player__team__in=teams))
            .select_related("team", "player__team", "player__table_entry", "tournament"))
    return [row for row in rows if seated([game], row) and not withdrawn(row)]


def withdrawn(entry: EntrantMail) -> bool:
    """A team or player who withdrew: their games are given away, nothing more to tell them of them."""
    if entry.team_id:
        return entry.team.withdrawn_at is not None
    entry_row = getattr(entry.player, "table_entry", None) if entry.player_id else None
    team = entry.player.team if entry.player_id and entry.player.team_id else None
    return bool((entry_row and entry_row.withdrawn_at) or (team and team.withdrawn_at))


def next_game(entry: EntrantMail, *, after: Game | None = None) -> Game | None:
    """The entrant's next game still to play: the soonest posted start, then the earliest round."""
    team_id, player_id = seat(entry)
    mine = Q(sides__team_id=team_id) if team_id else Q()
    if player_id:
        mine |= Q(sides__player_id=player_id)
    games = (Game.objects.filter(mine, division__tournament_id=entry.tournament_id, status__in=WAITING)
             .select_related("round", "division__tournament").prefetch_related("sides__team", "sides__player", "sides__fed_by")
             .order_by(F("starts_at").asc(nulls_last=True), "round__number", "division__kind", "number").distinct())
    if after is not None:
        games = games.exclude(pk=after.pk)
    return games.first()


def opponents(game: Game, entry: EntrantMail) -> str:
    """Who the entrant meets: the other sides by name, an unknown one as the winner of its game."""
    names = []
    for side in game.sides.all():
        if is_mine(side, entry):
            continue
        if side.team_id or side.player_id:
            names.append(str(side))
        elif side.fed_by_id:
            names.append(_("the winner of %(game)s") % {"game": side.fed_by.label})
    return ", ".join(names) or "—"


def when(game: Game) -> str:
    """“Wednesday 8 April, 10:00 AM” in the event's zone, or that the time is not posted yet."""
    if not game.starts_at:
        return _("time to be posted")
    return localtime.when(timezone.localtime(game.starts_at, game.division.tournament.tz), "long_day_clock")


def page_link(entry: EntrantMail) -> str:
    """The entrant's own page (a partnership's player: the partnership's)."""
    team_id, player_id = seat(entry)
    slug = entry.tournament.slug
    path = reverse("live:team", args=[slug, team_id]) if team_id else reverse("live:player", args=[slug, player_id])
    return site_address.absolute(path)
