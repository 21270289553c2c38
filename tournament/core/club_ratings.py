"""Who is who in a club, and the stored club ratings of an event's players for the seeded draws
(tournament.formats). A player is a club member by the name and contact keys: matched by name only
when no contact disagrees (`Index.find`); tournament.clubs.members keeps the members by this rule and
replays the ratings. An event outside a club, or a player never rated, has none.

The ratings are replayed by tournament.clubs, a layer above this one, so the core asks for them by two
signals: `game_result_changed` once a finished game of a club's event commits (or a finished game is
corrected or reopened): the club's ratings are brought up to date in the background; and
`ratings_wanted` just before a draw reads them: they are brought up to date first, so a seeded draw
never reads ratings older than the last finished game."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.dispatch import Signal

from tournament.common.names import contact_key, person_key
from tournament.models import Member, MemberName, MemberRating, Player, Tournament

game_result_changed = Signal()  # club_id
ratings_wanted = Signal()  # club_id


def result_changed(club_id: int | None) -> None:
    """A finished game's result changed in this transaction: once it commits, say so (never fails the move)."""
    if club_id:
        transaction.on_commit(lambda: game_result_changed.send(sender=None, club_id=club_id), robust=True)


SEAT = "@"  # a contact key that is not a contact: a player who shares another's keys in one event


def seat_key(event_uid, name: str, contact: str) -> str:
    """The key of a player of one event whose name and contact keys another player of that event
    already holds (two entries that read alike): they are two people. It keeps the contact key, so a
    later sign-up with another contact is not matched to them."""
    digest = hashlib.blake2b(" ".join(name.split()).lower().encode(), digest_size=6).hexdigest()
    return f"{SEAT}{event_uid}/{digest}|{contact}"[:200]


def real_contact(key: str) -> str:
    """The contact a stored contact key stands for ("" for none)."""
    return key.rpartition("|")[2] if key.startswith(SEAT) else key


@dataclass
class Who:
    """One player of a club event, in the order the club met them."""

    player: int
    event: int
    event_uid: object
    name: str
    contact: str


@dataclass
class Index:
    """Who is who so far: the stored keys (MemberName) and merges (Member.merged_into)."""

    known: dict[tuple[str, str], int] = field(default_factory=dict)  # (name key, contact key) -> member
    parent: dict[int, int] = field(default_factory=dict)  # member -> the member it was merged into
    names: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))  # name key -> roots
    contacts: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))  # root -> real contacts

    @classmethod
    def of_club(cls, club_id: int) -> Index:
        index = cls()
        index.parent = dict(Member.objects.filter(club_id=club_id, merged_into__isnull=False)
                            .values_list("pk", "merged_into_id"))
        for name, contact, member in MemberName.objects.filter(club_id=club_id).order_by("pk").values_list(
                "name_key", "contact_key", "member_id"):
            index.add(name, contact, member)
        return index

    def root(self, member: int) -> int:
        seen = set()
        while member in self.parent and member not in seen:
            seen.add(member)
            member = self.parent[member]
        return member

    def add(self, name: str, contact: str, member: int) -> None:
        self.known[(name, contact)] = member
        root = self.root(member)
        self.names[name].add(root)
        if real_contact(contact):
            self.contacts[root].add(real_contact(contact))

    def find(self, name: str, contact: str, taken: dict[int, set] | None = None) -> int | None:
        """The member of these keys (its root), matched by name only when no contact disagrees:
        the same keys; else the one member of that name when the player gives no contact; else a
        member of that name with no contact at all. None: a new person. `taken`: the members already
        at this event, with the keys they came by (two players of one event are two people, unless
        the secretary merged them)."""
        taken = taken or {}
        exact = self.known.get((name, contact))
        if exact is not None:
            root = self.root(exact)
            return None if (name, contact) in taken.get(root, ()) else root
        pool = sorted(r for r in self.names.get(name, ()) if r not in taken)
        if contact:
            pool = [r for r in pool if not self.contacts.get(r)]
            return pool[0] if pool else None
        return pool[0] if len(pool) == 1 else None


def assign(index: Index, people: list[Who], create=None, remember=None) -> dict[int, int]:
    """{player: member (root)} for `people`. `create(who, name key, contact key)` makes and returns the
    member of a new person (without it a new person has none); `remember(name key, contact key,
    member)` stores a new way of meeting a member. `index` learns every key given."""
    found: dict[int, int] = {}
    taken: dict[int, dict[int, set]] = defaultdict(lambda: defaultdict(set))  # event -> member -> keys
    for who in people:
        name, contact = person_key(who.name), contact_key(who.contact)
        seat = seat_key(who.event_uid, who.name, contact)
        member = index.known.get((name, seat))
        member = index.root(member) if member is not None else index.find(name, contact, taken[who.event])
        if member is None:
            if create is None:
                continue
            key = contact if (name, contact) not in index.known else seat
            member = create(who, name, key)
            index.add(name, key, member)
        elif (name, contact) not in index.known:
            if remember is not None:
                remember(name, contact, member)
            index.add(name, contact, member)
        found[who.player] = member
        taken[who.event][member].add((name, contact))
    return found


def players_of(tournaments) -> list[Who]:
    rows = (Player.objects.filter(tournament__in=tournaments)
            .order_by("tournament__signup_deadline", "tournament_id", "created_at", "id")
            .values_list("pk", "tournament_id", "tournament__uid", "name", "contact"))
    return [Who(*row) for row in rows]


def player_ratings(tournament: Tournament) -> dict[int, tuple[float, float]]:
    """{player id: (mu, sigma)} for the event's rated players."""
    if not tournament.club_id:
        return {}
    ratings_wanted.send(sender=None, club_id=tournament.club_id)
    rated = {m: (mu, sigma) for m, mu, sigma in MemberRating.objects.filter(member__club_id=tournament.club_id)
             .values_list("member_id", "mu", "sigma")}
    mapping = assign(Index.of_club(tournament.club_id), players_of(Tournament.objects.filter(pk=tournament.pk)))
    return {pk: rated[member] for pk, member in mapping.items() if member in rated}


def side_strength(players, ratings: dict[int, tuple[float, float]]) -> float | None:
    """A side's strength: the sum of its players' cautious ratings (mu − 3 sigma); None if any is unrated."""
    values = [ratings.get(p) for p in players]
    if not values or any(v is None for v in values):
        return None
    return sum(mu - 3 * sigma for mu, sigma in values)
