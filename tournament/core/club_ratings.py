"""The stored club ratings of an event's players, for the seeded draws (tournament.formats): a player
is a club member by the name and contact keys (the rule of tournament.clubs.members, which keeps the
members and replays the ratings). An event outside a club, or a player never rated, has none."""

from __future__ import annotations

from collections import defaultdict

from tournament.common.names import contact_key, person_key
from tournament.models import MemberName, MemberRating, Player, Tournament


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
