"""The evidence the secretary reads before merging two members or keeping them apart: for each, the
events (with the year), partners, contacts and spellings their players came with, side by side."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament.clubs import members, memory, players
from tournament.models import Club, Member, Player


@dataclass
class Side:
    member: Member
    events: list[str] = field(default_factory=list)
    partners: list[str] = field(default_factory=list)
    contacts: list[str] = field(default_factory=list)
    spellings: list[str] = field(default_factory=list)


def _side(mem: memory.Memory, member: Member, signed: dict[int, list[tuple[str, str, str]]]) -> Side:
    record = players.record(mem, member.pk)
    side = Side(member, [], [name for name, _n in record.partners])
    for name, contact, event in signed.get(member.pk, []):  # every event they signed up for, played or not
        for value, found in ((contact, side.contacts), (name, side.spellings), (event, side.events)):
            if value and value not in found:
                found.append(value)
    return side


def pairs(club: Club) -> list[tuple[Side, Side]]:
    found = members.look_alikes(club)
    if not found:
        return []
    mem = memory.load(club, public=False)
    signed: dict[int, list[tuple[str, str, str]]] = {}
    for pk, name, contact, event, deadline in Player.objects.filter(pk__in=list(mem.mapping)).order_by(
            "tournament__signup_deadline", "pk").values_list("pk", "name", "contact", "tournament__name",
                                                             "tournament__signup_deadline"):
        year = club.day_of(deadline).year  # the year where the club meets
        shown = event if event.rstrip().endswith(str(year)) else f"{event} ({year})"  # never "Bayfest 2026 (2026)"
        signed.setdefault(mem.mapping[pk], []).append((name, contact, shown))
    return [(_side(mem, a, signed), _side(mem, b, signed)) for a, b in found]


def merged_into(club: Club) -> dict[int, list[Member]]:
    """{root member: the members merged into it}, for the split buttons."""
    found: dict[int, list[Member]] = {}
    for m in Member.objects.filter(club=club, merged_into__isnull=False).order_by("name", "pk"):
        found.setdefault(m.merged_into_id, []).append(m)
    return found
