"""Members wrongly merged by the old matching are repaired (issue 35): before matching looked at
contacts, a contact-less "Jose Nunez" took in both "José Núñez" (a phone) and "Jose Nunez" (an
e-mail) of a later event: one member counting two people's games, and no look-alike offered. Migration 0033 gives each contact
after the first a member of its own again; they stand beside him as look-alikes with their evidence."""

import datetime as dt
import importlib
import random
import re

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tournament.clubs import members, memory, players, sample, seasons
from tournament.common.names import contact_key, person_key
from tournament.models import Club, Member, MemberName, Player

repair = importlib.import_module("tournament.migrations.0033_split_members_merged_by_old_matching")


def _day(club, slug, week, *people):
    """A played club day of eight; its first players renamed to `people` (name, contact)."""
    day = timezone.make_aware(dt.datetime(2026, 3, 1, 18) + dt.timedelta(days=7 * week))
    event = sample.table_day(club, slug, f"Day {week}", day, list(range(40 + 8 * week, 48 + 8 * week)), random.Random(week), None)
    for player, (name, contact) in zip(Player.objects.filter(tournament=event).order_by("pk"), people):
        Player.objects.filter(pk=player.pk).update(name=name, contact=contact)
    return event


@pytest.fixture
def club(db):
    club = Club.objects.create(name="Bayside", slug="bayside", time_zone="America/Mazatlan")
    _day(club, "day-1", 0, ("Jose Nunez", ""))
    members.sync(club)  # the club met him without a contact
    _day(club, "day-2", 1, ("José Núñez", "612 555 0101"), ("Jose Nunez", "jose@mail.example"))
    # What the old matching stored: both later sign-ups taken in by the contact-less record.
    old = Member.objects.get(club=club, name="Jose Nunez")
    for contact in ("612 555 0101", "jose@mail.example"):
        MemberName.objects.create(member=old, club=club, name_key=person_key("Jose Nunez"), contact_key=contact_key(contact))
    return club


def _members_of_day_2(club):
    mapping = members.sync(club)
    return {name: mapping[pk] for pk, name in Player.objects.filter(tournament__slug="day-2").values_list("pk", "name")
            if name in ("José Núñez", "Jose Nunez")}


def test_the_old_merge_counts_one_event_twice_until_repaired(club):
    old = Member.objects.get(club=club, name="Jose Nunez")
    assert set(_members_of_day_2(club).values()) == {old.pk}  # the defect: one member for two people
    assert members.look_alikes(club) == []  # and nothing offered to the secretary

    repair.split_mixed_members(apps, None)

    day_2 = _members_of_day_2(club)
    assert len(set(day_2.values())) == 2, "two people with differing contacts share a member"
    phone, email = Member.objects.get(pk=day_2["José Núñez"]), Member.objects.get(pk=day_2["Jose Nunez"])
    assert old.pk in (phone.pk, email.pk)  # the first contact met stays with the record he had
    split_off = email if phone.pk == old.pk else phone
    assert (split_off.name, split_off.contact) == ("Jose Nunez", "jose@mail.example")  # as first signed up
    mem = memory.load(club, public=False)
    for member in (phone.pk, email.pk):
        assert [line.slug for line in players.record(mem, member).events].count("day-2") == 1
    # The day-1 player stays with his record, and the two are offered to the secretary as look-alikes.
    assert {frozenset((a.pk, b.pk)) for a, b in members.look_alikes(club)} == {frozenset((phone.pk, email.pk))}
    # Each counts the event once in the season's standings too.
    rows = {row.member: row for row in seasons.standings(club, mem.events, mem.mapping)}
    assert (rows[old.pk].events, rows[split_off.pk].events) == (2, 1)


def test_the_repair_shows_on_the_next_request_and_changes_nothing_twice(client, club):
    secretary = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(secretary)
    client.force_login(secretary)
    old = Member.objects.get(club=club, name="Jose Nunez")
    games = re.compile(r"Games: (\d+) ·")
    before = int(games.search(client.get(reverse("clubs:player", args=[club.slug, old.pk])).content.decode())[1])
    assert "jose@mail.example" not in client.get(reverse("clubs_organizer:members", args=[club.slug])).content.decode()
    repair.split_mixed_members(apps, None)
    after = int(games.search(client.get(reverse("clubs:player", args=[club.slug, old.pk])).content.decode())[1])
    assert after < before  # the club's counter moved: not the kept page, and another person's games left him
    page = client.get(reverse("clubs_organizer:members", args=[club.slug])).content.decode()
    assert "612 555 0101" in page and "jose@mail.example" in page and "Same person: merge" in page
    kept = sorted(Member.objects.values_list("pk", "name", "contact"))
    repair.split_mixed_members(apps, None)
    assert sorted(Member.objects.values_list("pk", "name", "contact")) == kept


def test_a_member_the_secretary_merged_is_not_split(club):
    repair.split_mixed_members(apps, None)
    day_2 = _members_of_day_2(club)
    keep, gone = Member.objects.get(pk=day_2["José Núñez"]), Member.objects.get(pk=day_2["Jose Nunez"])
    Member.objects.filter(pk=gone.pk).update(merged_into=keep)  # two members, one person: the secretary's word
    kept = sorted(Member.objects.values_list("pk", "merged_into_id"))
    repair.split_mixed_members(apps, None)
    assert sorted(Member.objects.values_list("pk", "merged_into_id")) == kept
