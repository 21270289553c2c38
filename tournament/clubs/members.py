"""Who is who across a club's events. A player of a club event is a member when the name matches
(tournament.common.names.person_key: accents, case and spacing aside) and no contact disagrees: the
same contact, or a member of that name without any contact, or — for a player who gives none — the
one member of that name (tournament.core.club_ratings.Index.find). The same name with another
contact is another person, shown beside the first as a look-alike, as is a new name with a known
contact; two players of one event are always two people. The secretary merges look-alikes (never
two people who sat at one table), splits a merge again, renames a member and picks the spelling shown
(tournament.clubs.identity).

Members are found from players by those keys only (`MemberName`), never by a player's id: `sync`
is idempotent and may run on any request, under the club row's lock."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction

from tournament.common.names import contact_key, person_key
from tournament.core.club_ratings import Index, Who, assign, players_of
from tournament.models import Club, Member, MemberName, Tournament


def sync(club: Club) -> dict[int, int]:
    """Every player of the club's events with its member (created for a new person): {player id: member id}.
    A merged member's players are its root's (Member.merged_into followed)."""
    people = players_of(Tournament.objects.filter(club=club))
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).exists()
        index = Index.of_club(club.pk)

        def create(who: Who, name: str, key: str) -> int:
            member = Member.objects.create(club=club, name=who.name, contact=who.contact).pk
            MemberName.objects.create(member_id=member, club=club, name_key=name, contact_key=key)
            return member

        def remember(name: str, key: str, member: int) -> None:
            MemberName.objects.create(member_id=member, club=club, name_key=name, contact_key=key)

        return assign(index, people, create, remember)


def member_of(club: Club, name: str, contact: str = "") -> Member | None:
    """The member a name (and contact) belongs to, without creating one."""
    pk = Index.of_club(club.pk).find(person_key(name), contact_key(contact))
    return Member.objects.filter(pk=pk).first() if pk else None


def look_alikes(club: Club) -> list[tuple[Member, Member]]:
    """Pairs of members (merged ones as the member they joined) not yet confirmed apart that share a
    name or a contact."""
    index = Index.of_club(club.pk)
    shared: dict[tuple[str, str], set[int]] = defaultdict(set)
    for (name, contact), member in index.known.items():
        root = index.root(member)
        shared[("name", name)].add(root)
        if contact and root in index.contacts and contact in index.contacts[root]:
            shared[("contact", contact)].add(root)
    members = {m.pk: m for m in Member.objects.filter(club=club, merged_into__isnull=True)}
    pairs = set()
    for group in shared.values():
        ids = sorted(m for m in group if m in members)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if not (members[a].confirmed and members[b].confirmed):
                    pairs.add((a, b))
    return [(members[a], members[b]) for a, b in sorted(pairs)]


def confirm_apart(club: Club, first: Member, second: Member) -> None:
    with transaction.atomic():
        Member.objects.filter(pk__in=[first.pk, second.pk]).update(confirmed=True)
        Club.objects.filter(pk=club.pk).bump()
