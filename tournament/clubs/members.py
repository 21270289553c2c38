"""Who is who across a club's events. A player of a club event is its member when the name matches
(tournament.common.names.person_key: accents and case aside) and the contacts do not differ (equal,
or one of them empty); the same name with another contact is a new member shown beside the first as
a look-alike, as is a new name with a known contact. The organizer merges look-alikes or confirms
they are different people (the club's Members page).

Members are found from players by those keys only (`MemberName`), never by a player's id: `sync`
is idempotent and may run on any request, under the club row's lock."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction

from tournament.common.names import contact_key, person_key
from tournament.core.club_ratings import find_member as _find
from tournament.models import Club, Member, MemberName, Player


@dataclass(frozen=True)
class Person:
    player: int
    name: str
    contact: str


def _people(club: Club) -> list[Person]:
    rows = (Player.objects.filter(tournament__club=club)
            .order_by("tournament__signup_deadline", "tournament_id", "created_at", "id")
            .values_list("pk", "name", "contact"))
    return [Person(*row) for row in rows]


def sync(club: Club) -> dict[int, int]:
    """Every player of the club's events with its member (created for a new person): {player id: member id}."""
    people = _people(club)
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).exists()
        known: dict[tuple[str, str], int] = {}
        by_name: dict[str, set[int]] = defaultdict(set)
        for name, contact, member in MemberName.objects.filter(club=club).values_list("name_key", "contact_key", "member_id"):
            known[(name, contact)] = member
            by_name[name].add(member)
        found: dict[int, int] = {}
        for person in people:
            name, contact = person_key(person.name), contact_key(person.contact)
            member = _find(known, by_name, name, contact)
            if member is None:
                member = Member.objects.create(club=club, name=person.name, contact=person.contact).pk
            if (name, contact) not in known:
                MemberName.objects.create(member_id=member, club=club, name_key=name, contact_key=contact)
                known[(name, contact)] = member
                by_name[name].add(member)
            found[person.player] = member
    return found


def member_of(club: Club, name: str, contact: str = "") -> Member | None:
    """The member a name (and contact) belongs to, without creating one."""
    known = {(n, c): m for n, c, m in MemberName.objects.filter(club=club, name_key=person_key(name))
             .values_list("name_key", "contact_key", "member_id")}
    by_name = defaultdict(set)
    for (n, _), m in known.items():
        by_name[n].add(m)
    pk = _find(known, by_name, person_key(name), contact_key(contact))
    return Member.objects.filter(pk=pk).first() if pk else None


def look_alikes(club: Club) -> list[tuple[Member, Member]]:
    """Pairs of members not yet confirmed apart that share a name or a contact."""
    shared: dict[tuple[str, str], set[int]] = defaultdict(set)
    for name, contact, member in MemberName.objects.filter(club=club).values_list("name_key", "contact_key", "member_id"):
        shared[("name", name)].add(member)
        if contact:
            shared[("contact", contact)].add(member)
    members = {m.pk: m for m in Member.objects.filter(club=club)}
    pairs = set()
    for group in shared.values():
        ids = sorted(group)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if not (members[a].confirmed and members[b].confirmed):
                    pairs.add((a, b))
    return [(members[a], members[b]) for a, b in sorted(pairs)]


def merge(club: Club, keep: Member, gone: Member) -> None:
    """`gone` is the same person as `keep`: its names and contacts become `keep`'s, and it goes."""
    with transaction.atomic():
        taken = set(MemberName.objects.filter(member=keep).values_list("name_key", "contact_key"))
        for alias in MemberName.objects.filter(member=gone):
            if (alias.name_key, alias.contact_key) in taken:
                alias.delete()
            else:
                alias.member = keep
                alias.save(update_fields=["member"])
        keep.unlisted = keep.unlisted or gone.unlisted
        keep.contact = keep.contact or gone.contact
        keep.save(update_fields=["unlisted", "contact"])
        gone.delete()
        Club.objects.filter(pk=club.pk).bump()


def confirm_apart(club: Club, first: Member, second: Member) -> None:
    with transaction.atomic():
        Member.objects.filter(pk__in=[first.pk, second.pk]).update(confirmed=True)
        Club.objects.filter(pk=club.pk).bump()
