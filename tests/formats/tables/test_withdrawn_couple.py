"""After the partner draw a couple withdraws (issue 34): the two partners they leave alone can be paired
with each other, or each given a partner for one round or the rest of the event; the option says
what it does; every change is in the changes-after-the-draw list, with who made it and when."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.events import sign_up, table_event
from tests.walks.pages import visible
from tournament.formats.tables import drawing, rounds, withdrawals
from tournament.models import Game, Player, SeatingDraw, Team

pytestmark = pytest.mark.django_db

PAIRS = [("Bob Lee", "Eduardo"), ("Al Lee", "Gloria"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def drawn():
    """A club game whose partners were drawn: Bob Lee and Al Lee came together, so they were not paired."""
    event = table_event("club-4deck")
    sign_up(event, "Bob Lee", came_with="Al Lee")
    sign_up(event, "Al Lee", came_with="Bob Lee")
    sign_up(event, *[name for pair in PAIRS[:2] for name in pair if "Lee" not in name], *[n for pair in PAIRS[2:] for n in pair])
    ids = dict(event.players.values_list("name", "pk"))
    rounds.save_partners(event, [[ids[a], ids[b]] for a, b in PAIRS], seed=3)
    return event, {name: Player.objects.get(pk=pk) for name, pk in ids.items()}


def flat(html: str) -> str:
    return " ".join(visible(html).split()).replace(" ,", ",").replace(" .", ".").replace(" 's", "'s")


def page(client, event, player) -> str:
    response = client.get(reverse("tables:player_changes", args=[event.slug, player.pk]))
    assert response.status_code == 200
    return flat(response.content.decode())


def withdraw_couple(event, people, by):
    withdrawals.withdraw(event, people["Bob Lee"], by=by)
    withdrawals.withdraw(event, people["Al Lee"], by=by)


def test_the_two_left_alone_are_paired_with_each_other_and_every_change_is_listed(organizer_client, organizer):  # noqa: F811
    event, people = drawn()
    withdraw_couple(event, people, organizer)
    gloria, eduardo = people["Gloria"], people["Eduardo"]
    emptied = eduardo.team_id
    before = page(organizer_client, event, gloria)
    assert "The rest of the event, as Gloria's partner (Gloria plays on)" in before
    assert "Gloria withdraws" not in before
    assert "Pair with another player left without a partner" in before
    response = organizer_client.post(reverse("tables:substitute", args=[event.slug, gloria.pk]),
                                     {"player": eduardo.pk, "span": "rest"}, follow=True)
    text = flat(response.content.decode())
    assert "already plays for" not in text and "Eduardo is Gloria's partner from now on." in text
    gloria.refresh_from_db()
    eduardo.refresh_from_db()
    assert gloria.team_id == eduardo.team_id and eduardo.table_entry.withdrawn_at is None
    assert Team.objects.get(pk=emptied).withdrawn_at is not None  # Bob Lee & Eduardo: nobody left
    assert sorted([gloria.pk, eduardo.pk]) in [sorted(e) for e in rounds.entrants(event)]
    listed = flat(organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode())
    assert "Changes after the draw" in listed and "Bob Lee withdrew" in listed  # before any round is seated
    rounds.save_round(event, 1, drawing.draw_seating(event, 1, 5), 5, timezone.now() + timezone.timedelta(minutes=30))
    changes = flat(organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode())
    assert "Bob Lee withdrew: no table was waiting for them." in changes
    assert "Al Lee withdrew: no table was waiting for them." in changes
    assert "Eduardo replaces Al Lee for the rest of the event: Eduardo & Gloria." in changes
    assert changes.count(f"({organizer.username})") >= 3  # who made each change (and when: the time leads the line)


def test_one_left_alone_plays_one_round_with_a_substitute_then_waits_for_a_partner_again(
        organizer_client, organizer, client):  # noqa: F811
    event, people = drawn()
    withdrawals.withdraw(event, people["Bob Lee"], by=organizer)
    eduardo = people["Eduardo"]
    response = organizer_client.post(reverse("tables:substitute", args=[event.slug, eduardo.pk]),
                                     {"name": "Zed", "span": "round"}, follow=True)
    assert "Zed partners Eduardo in round 1 only" in flat(response.content.decode())
    zed = Player.objects.get(tournament=event, name="Zed")
    assert sorted([eduardo.pk, zed.pk]) in [sorted(e) for e in rounds.entrants(event)]
    rounds.save_round(event, 1, drawing.draw_seating(event, 1, 5), 5, timezone.now() + timezone.timedelta(minutes=30))
    record = SeatingDraw.objects.get(tournament=event, round_number=1)
    assert any(zed.pk in seats for seats in record.seats)
    game = Game.objects.get(round__number=1, division__tournament=event, sides__team_id=eduardo.team_id)
    phone = flat(client.get(reverse("table:sheet", args=[game.table_token])).content.decode())
    assert "Eduardo & Zed (sub for Bob Lee)" in phone  # who sits there, though the points go to Bob Lee & Eduardo
    changes = flat(organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode())
    assert "Zed partners Bob Lee & Eduardo in round 1 only, in place of Bob Lee." in changes
    with pytest.raises(Exception, match="Eduardo has no partner since theirs withdrew"):
        rounds.entrants(event)  # round 2 needs a partner again
