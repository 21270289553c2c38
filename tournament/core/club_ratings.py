"""The stored club ratings of an event's players, for the seeded draws (tournament.formats): a player
is a club member by the name and contact keys (the rule of tournament.clubs.members, which keeps the
members and replays the ratings). An event outside a club, or a player never rated, has none.

The ratings are replayed by tournament.clubs, a layer above this one, so the core asks for them by two
signals: `game_result_changed` once a finished game of a club's event commits (or a finished game is
corrected or reopened): the club's ratings are brought up to date in the background; and
`ratings_wanted` just before a draw reads them: they are brought up to date first, so a seeded draw
never reads ratings older than the last finished game."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.dispatch import Signal

from tournament.common.names import contact_key, person_key
from tournament.models import MemberName, MemberRating, Player, Tournament

game_result_changed = Signal()  # club_id
ratings_wanted = Signal()  # club_id


def result_changed(club_id: int | None) -> None:
    """A finished game's result changed in this transaction: once it commits, say so (never fails the move)."""
    if club_id:
        transaction.on_commit(lambda: game_result_changed.send(sender=None, club_id=club_id), robust=True)


def find_member(known: dict[tuple[str, str], int], by_name: dict[str, set[int]], name: str, contact: str) -> int | None:
    """The member of these name and contact keys: the same name with the same contact, or with no
    contact on either side (the first such member); None for a name only known with other contacts."""
    exact = known.get((name, contact))
    if exact is not None:
        return exact
    if not contact:
        found = by_name.get(name, set())
        return min(found) if found else None
    return known.get((name, ""))


def player_ratings(tournament: Tournament) -> dict[int, tuple[float, float]]:
    """{player id: (mu, sigma)} for the event's rated players."""
    if not tournament.club_id:
        return {}
    ratings_wanted.send(sender=None, club_id=tournament.club_id)
    known: dict[tuple[str, str], int] = {}
    by_name: dict[str, set[int]] = defaultdict(set)
    for name, contact, member in MemberName.objects.filter(club_id=tournament.club_id).values_list(
            "name_key", "contact_key", "member_id"):
        known[(name, contact)] = member
        by_name[name].add(member)
    rated = {m: (mu, sigma) for m, mu, sigma in MemberRating.objects.filter(member__club_id=tournament.club_id)
             .values_list("member_id", "mu", "sigma")}
    found = {}
    for pk, name, contact in Player.objects.filter(tournament=tournament).values_list("pk", "name", "contact"):
        member = find_member(known, by_name, person_key(name), contact_key(contact))
        if member in rated:
            found[pk] = rated[member]
    return found


def side_strength(players, ratings: dict[int, tuple[float, float]]) -> float | None:
    """A side's strength: the sum of its players' cautious ratings (mu − 3 sigma); None if any is unrated."""
    values = [ratings.get(p) for p in players]
    if not values or any(v is None for v in values):
        return None
    return sum(mu - 3 * sigma for mu, sigma in values)
