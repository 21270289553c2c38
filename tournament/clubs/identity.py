"""The secretary's hand on who is who: merge two members (the same person), split a merge again,
rename a member or pick which spelling the club shows. Each change bumps the club's counter in its
own transaction, so every page, PDF, CSV and the ratings read the new people on the next request.

Two people who sat at one table are never merged: the merge is refused naming the table, since the
game would leave the ratings and a player would be shown beating himself."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.clubs import members
from tournament.models import Club, Game, GameSide, Member, Player

MAX_NAME = 80


class Refused(ValueError):
    """The change cannot be made; the message says why. Nothing changed."""


def shared_table(club: Club, first: int, second: int, mapping: dict[int, int] | None = None) -> Game | None:
    """A game of the club's events where members `first` and `second` both sat (as roots), if any."""
    mapping = members.sync(club) if mapping is None else mapping
    theirs = {p for p, m in mapping.items() if m in (first, second)}
    if not theirs:
        return None
    team_players: dict[int, list[int]] = defaultdict(list)
    for pk, team in Player.objects.filter(pk__in=theirs, team__isnull=False).values_list("pk", "team_id"):
        team_players[team].append(pk)
    seated: dict[int, set[int]] = defaultdict(set)
    sides = GameSide.objects.filter(game__division__tournament__club=club).filter(
        player_id__in=theirs) | GameSide.objects.filter(game__division__tournament__club=club, team_id__in=list(team_players))
    for game, team, player in sides.values_list("game_id", "team_id", "player_id"):
        for pk in ([player] if player else team_players.get(team, [])):
            seated[game].add(mapping[pk])
    both = sorted(game for game, who in seated.items() if {first, second} <= who)
    return Game.objects.select_related("division__tournament", "round").filter(pk__in=both).first() if both else None


def merge(club: Club, keep: Member, gone: Member) -> None:
    """`gone` is the same person as `keep`: every page counts them as `keep` until a split."""
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).exists()
        mapping = members.sync(club)
        game = shared_table(club, keep.pk, gone.pk, mapping)
        if game is not None:
            raise Refused(_("%(first)s and %(second)s sat at one table (“%(event)s”, %(game)s): they are two people, "
                            "so they are not merged.") % {
                "first": keep.name, "second": gone.name, "event": game.division.tournament.name, "game": game.label})
        # Nothing of `keep` changes, so a split restores every page as it was; a merged member who
        # asked not to be listed keeps the person unlisted (tournament.clubs.memory.load).
        Member.objects.filter(pk=gone.pk).update(merged_into=keep, merged_at=timezone.now())
        Club.objects.filter(pk=club.pk).bump()


def split(club: Club, member: Member) -> None:
    """Undo a merge: `member` is a person of their own again, with the names and contacts they came with."""
    with transaction.atomic():
        Member.objects.filter(pk=member.pk, club=club).update(merged_into=None, merged_at=None)
        Club.objects.filter(pk=club.pk).bump()


def rename(club: Club, member: Member, name: str) -> str:
    """Show `member` as `name` (one of the spellings their events used, or a new one); the name as stored."""
    name = " ".join((name or "").split())
    if not name:
        raise Refused(_("Type the name the club shows for this member."))
    if len(name) > MAX_NAME:
        raise Refused(_("A member's name is at most %(most)s characters.") % {"most": MAX_NAME})
    with transaction.atomic():
        Member.objects.filter(pk=member.pk, club=club).update(name=name)
        Club.objects.filter(pk=club.pk).bump()
    return name


def spellings(club: Club, member: Member, mapping: dict[int, int] | None = None) -> list[str]:
    """The names a member's players signed up with, as typed (first seen first), the shown one included."""
    mapping = members.sync(club) if mapping is None else mapping
    theirs = [p for p, m in mapping.items() if m == member.pk]
    seen = [member.name]
    for name in Player.objects.filter(pk__in=theirs).order_by("tournament__signup_deadline", "pk").values_list("name", flat=True):
        if name not in seen:
            seen.append(name)
    return seen
