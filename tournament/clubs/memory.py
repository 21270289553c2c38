"""A club's memory as the pages read it: its events' records, who is who, the members' ratings and
the names the public may see (a member who asked not to be listed is "A member")."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.clubs import members, ratings, records
from tournament.common import names
from tournament.models import Club, Member, Player

MEDALS = {1: "gold", 2: "silver", 3: "bronze"}


@dataclass
class Memory:
    club: Club
    events: list[records.EventRecord]
    mapping: dict[int, int]  # player id → member id
    members: dict[int, Member]
    rated: dict[int, ratings.Rated]
    public: bool = True
    typed: dict[int, str] = field(default_factory=dict)  # player id → the name as entered at its event

    def name(self, member: int) -> str:
        found = self.members.get(member)
        if found is None:
            return "?"
        return _("A member") if (found.unlisted and self.public) else found.name

    def listed(self, member: int) -> bool:
        found = self.members.get(member)
        return bool(found) and (not found.unlisted or not self.public)

    def entrant_members(self, players) -> list[int]:
        seen = []
        for p in players:
            m = self.mapping.get(p)
            if m is not None and m not in seen:
                seen.append(m)
        return seen

    def entrant_name(self, players) -> str:
        """An entrant of one event: its players' names as they entered them there (a member who asked
        not to be listed: "A member"), joined with the page language's word ("José Núñez y Beto Cruz")."""
        shown = []
        for p in players:
            member = self.mapping.get(p)
            if member is None:
                continue
            name = self.name(member) if not self.listed(member) else (self.typed.get(p) or self.name(member))
            if name not in shown:
                shown.append(name)
        return names.joined(shown) or "?"


def load(club: Club, *, public: bool = True) -> Memory:
    mapping = members.sync(club)
    events = records.club_records(club)
    rated = ratings.refresh(club, mapping=mapping, events=events)
    found = {m.pk: m for m in Member.objects.filter(club=club)}
    for member in found.values():  # one of a merged person's records asked not to be listed: the person is not
        root = member
        while root.merged_into_id in found and root.merged_into_id != member.pk:
            root = found[root.merged_into_id]
        if member.unlisted and root is not member:
            root.unlisted = True
    typed = dict(Player.objects.filter(tournament__club=club).values_list("pk", "name"))
    return Memory(club, events, mapping, found, rated, public, typed)
