"""The standings pages: the organizer's (bonus override, one-click play-off) and the public one
(read-only, medals as a sign and a word, names isolated in <bdi>)."""

import pytest
from django.urls import reverse

from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import club_round, end_with_totals, players_round
from tournament.formats.tables import event_state
from tournament.models import Game, Round, TableBonus, Tournament

pytestmark = pytest.mark.django_db


def url(name, event, *args):
    return reverse(f"tables:{name}", args=[event.slug, *args])


def test_the_public_standings_show_medals_in_words_and_names_in_bdi(client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 50, 0, -50)
    event_state.finish(event)  # medals once the event is finished
    page = client.get(f"/t/{event.slug}/standings/").content.decode()
    # The sign is a numbered disc (no emoji font needed) beside the word.
    for rank, medal in enumerate(("gold", "silver", "bronze"), start=1):
        assert f'medal-{medal}" aria-hidden="true">{rank}</span> {medal.capitalize()}' in page
    assert ">Seating</a>" in page and ">Bracket</a>" not in page  # the table event's own public tabs
    assert "{#" not in page and "#}" not in page  # no template comment leaks onto the page
    assert "<bdi>P1</bdi>" in page
    assert page.index("<bdi>P1</bdi>") < page.index("<bdi>P4</bdi>") < page.index("<bdi>P2</bdi>")
    assert "<form" not in page  # read-only


def test_the_public_standings_follow_each_change(client):
    event, (a,) = players_round("rummikub", 3)
    end_with_totals(a, 10, 60, -70)
    first = client.get(url("public_standings", event)).content.decode()
    assert first.index("<bdi>P2</bdi>") < first.index("<bdi>P1</bdi>")
    end_with_totals(a, 90, 60, -150)
    Tournament.objects.filter(pk=event.pk).bump()  # as the sheet's writes do
    second = client.get(url("public_standings", event)).content.decode()
    assert second.index("<bdi>P1</bdi>") < second.index("<bdi>P2</bdi>")


def test_standings_before_any_round_say_so(client, organizer_client):
    event = table_event("rummikub")
    sign_up(event, "Ann", "Bob")
    for page in (client.get(url("public_standings", event)), organizer_client.get(url("standings", event))):
        assert page.status_code == 200
        assert "no round has been published" in page.content.decode()


def test_the_organizer_creates_a_play_off_with_one_click(organizer_client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    page = organizer_client.get(url("standings", event)).content.decode()
    assert "Create the play-off for the win" in page
    entrants = [chunk.split('"')[0] for chunk in page.split('name="entrant" value="')[1:]]
    response = organizer_client.post(url("playoff", event), {"entrant": entrants, "starts_at": "2027-01-06T18:30",
                                                             "table": "1", "no_show_minutes": "5"})
    assert response.status_code == 302
    assert Round.objects.filter(name="Play-off for the win").count() == 1
    assert "Play-off under way" in organizer_client.get(url("standings", event)).content.decode()


def test_a_play_off_among_players_not_tied_is_refused_on_the_page(organizer_client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 50, 0, -50)
    player_ids = list(event.players.order_by("name").values_list("pk", flat=True)[:2])
    response = organizer_client.post(url("playoff", event), {"entrant": player_ids, "starts_at": "2027-01-06T18:30",
                                                             "table": "1", "no_show_minutes": "5"})
    assert response.status_code == 400
    assert "not such a tie" in response.content.decode()
    assert not Round.objects.filter(name__startswith="Play-off").exists()


def test_the_organizer_moves_the_bonus_from_the_standings_page(organizer_client):
    event, (first, second) = club_round(2)
    page = organizer_client.get(url("standings", event)).content.decode()
    assert "First-table bonus" in page and "No table has finished yet." in page
    response = organizer_client.post(url("bonus_override", event, 1), {"game": second.pk, "reason": "Table 2 finished first"})
    assert response.status_code == 302
    assert TableBonus.objects.get().game == second
    page = organizer_client.get(url("standings", event)).content.decode()
    assert "Table 2 has the bonus — Table 2 finished first" in page


@pytest.mark.parametrize("data, message", [
    ({"game": "", "reason": ""}, "Give a reason"),
    ({"game": "abc", "reason": "x"}, "Table: choose a table of the round, or no table."),
    ({"game": "999999", "reason": "x"}, "Table: that table is not in Round 1."),
])
def test_a_bad_bonus_override_is_refused_with_a_message(organizer_client, data, message):
    event, _ = club_round(2)
    response = organizer_client.post(url("bonus_override", event, 1), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not TableBonus.objects.exists()


def test_the_organizer_pages_need_a_login(client):
    event, _ = club_round(1)
    assert client.get(url("standings", event)).status_code == 302
    assert client.post(url("playoff", event), {"entrant": ["1"]}).status_code == 302
    assert not Game.objects.filter(round__name__startswith="Play-off").exists()
