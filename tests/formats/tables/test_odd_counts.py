"""Odd counts: an odd number of players waiting for partners gets a way forward (a substitute), and a
round that leaves someone sitting out says who and why before it is published."""

import pytest
from django.urls import reverse

from tests.formats.tables.events import sign_up, table_event
from tournament.formats.tables import drawing, rounds
from tournament.models import PartnerDraw, Player

pytestmark = pytest.mark.django_db


def partners_url(event, name="partners"):
    return reverse(f"tables:{name}", args=[event.slug])


def test_nine_players_are_told_why_and_offered_a_substitute(organizer_client):
    event = table_event("club-4deck")
    sign_up(event, *(f"P{i}" for i in range(1, 10)))
    page = organizer_client.get(partners_url(event)).content.decode()
    assert "9 players are waiting for a partner: partners come in twos" in page
    assert 'id="odd-count"' in page and "Add substitute" in page
    response = organizer_client.post(partners_url(event, "partners_preview"), {"seed": "5"})
    assert response.status_code == 400
    assert "partners come in twos" in response.content.decode() and "cannot all be paired" not in response.content.decode()
    assert not PartnerDraw.objects.exists()


def test_the_substitute_makes_the_draw_possible(organizer_client):
    event = table_event("club-4deck")
    sign_up(event, *(f"P{i}" for i in range(1, 10)))
    response = organizer_client.post(partners_url(event, "partners_substitute"), {"name": "Sam Sub", "submission_key": "s1"},
                                     follow=True)
    page = response.content.decode()
    assert "Added Sam Sub as a substitute" in page and 'id="odd-count"' not in page
    organizer_client.post(partners_url(event, "partners_substitute"), {"name": "Sam Sub", "submission_key": "s1"})
    assert Player.objects.filter(tournament=event, name="Sam Sub").count() == 1  # a double tap adds one
    assert organizer_client.post(partners_url(event, "partners_preview"), {"seed": "5"}).status_code == 302
    assert len(PartnerDraw.objects.get(tournament=event).pairs) == 5


def test_a_nameless_substitute_is_refused_and_nothing_is_added(organizer_client):
    event = table_event("club-4deck")
    sign_up(event, "A", "B", "C")
    response = organizer_client.post(partners_url(event, "partners_substitute"), {"name": "  "})
    assert response.status_code == 400
    assert Player.objects.filter(tournament=event).count() == 3


def club_with_partnerships(count):
    event = table_event("club-4deck")
    players = list(sign_up(event, *(f"P{i}" for i in range(1, 2 * count + 1))).values())
    pairs = [[players[i].pk, players[i + 1].pk] for i in range(0, len(players), 2)]
    rounds.save_partners(event, pairs, seed=1)
    return event


def test_five_partnerships_in_the_club_game_say_who_sits_out_and_why(organizer_client):
    event = club_with_partnerships(5)
    response = organizer_client.post(reverse("tables:round_preview", args=[event.slug, 1]), {"seed": "3"}, follow=True)
    page = response.content.decode()
    assert 'id="sit-out-note"' in page
    record = rounds.latest_round_preview(event, 1)
    out = " &amp; ".join(Player.objects.get(pk=p).name for p in record.sitting_out)
    assert f"{out} sit out round 1." in page
    assert "5 partnerships, and a Club 4-deck partners table seats exactly 2 partnerships" in page
    assert "have no table of 3 partnerships" in page
    assert "If this event plays only one round, they do not play at all" in page


def test_fiji_teams_use_a_table_of_three_partnerships_so_nobody_sits_out(organizer_client):
    event = table_event("fiji-team")
    players = list(sign_up(event, *(f"P{i}" for i in range(1, 11))).values())
    rounds.save_partners(event, [[players[i].pk, players[i + 1].pk] for i in range(0, 10, 2)], seed=1)
    seating = drawing.draw_seating(event, 1, 3)
    assert seating["sitting_out"] == [] and sorted(len(t["sides"]) for t in seating["tables"]) == [2, 3]
    organizer_client.post(reverse("tables:round_preview", args=[event.slug, 1]), {"seed": "3"})
    assert 'id="sit-out-note"' not in organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()


def test_five_cutthroat_players_name_the_player_sitting_out(organizer_client):
    event = table_event("baja-cutthroat")
    sign_up(event, "Ann", "Bob", "Cy", "Dee", "Eve")
    page = organizer_client.post(reverse("tables:round_preview", args=[event.slug, 1]), {"seed": "3"},
                                 follow=True).content.decode()
    assert "sits out round 1." in page and "5 players, and a Baja Rummy, cutthroat table seats 3 to 4 players" in page
    assert "passes to others in turn" in page
