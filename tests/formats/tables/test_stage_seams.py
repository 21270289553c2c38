"""The seams the stage walk (tests/walks) found between the table format and the rest: pages after
a play-off, the bracket of a table event, medals before the round is over, the dashboard's words and
a level table's result on the phone."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import end_with_totals, players_round
from tournament.formats.tables import drawing, playoffs, results, rounds
from tournament.models import Game

pytestmark = pytest.mark.django_db


def tied_for_the_win():
    """Rummikub, two tables of 3, both finished: P1 and P4 level at the top."""
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    return event


def test_every_page_answers_after_a_play_off_is_created_and_the_next_round_previewed(organizer_client):  # noqa: F811
    event = tied_for_the_win()
    rounds.preview_round(event, 2, drawing.draw_seating(event, 2, 5), 5)
    tie = results.standings(event).ties[0]
    playoffs.create_playoff(event, tie.entrants)
    player = event.players.get(name="P1")
    public = [reverse("public:home", args=[event.slug]), reverse("tables:public_seating", args=[event.slug]),
              reverse("live:tv", args=[event.slug]), reverse("live:player", args=[event.slug, player.pk])]
    organizer_pages = [reverse("tables:rounds", args=[event.slug]), reverse("tables:board", args=[event.slug])]
    for url in public:
        assert Client().get(url).status_code == 200, url
    for url in organizer_pages + public:
        assert organizer_client.get(url).status_code == 200, url
    seating = Client().get(reverse("tables:public_seating", args=[event.slug])).content.decode()
    assert "P1" in seating and "P4" in seating
    # the next round is drawn as usual once the play-off is on the books
    assert drawing.draw_seating(event, 3, 6)["tables"]


def test_a_table_event_has_no_bracket_page_and_no_link_to_one():
    event = table_event("rummikub")
    assert Client().get(reverse("brackets:overview", args=[event.slug])).status_code == 404
    signup = Client().get(reverse("tables:signup", args=[event.slug])).content.decode()
    assert reverse("brackets:overview", args=[event.slug]) not in signup


def test_no_medal_or_play_off_while_a_table_of_the_round_still_plays(organizer_client):  # noqa: F811
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)  # table 2 still playing
    standings = results.standings(event)
    assert standings.provisional and not standings.ties and not any(row.medal for row in standings.rows)
    public = Client().get(reverse("tables:public_standings", args=[event.slug])).content.decode()
    mine = organizer_client.get(reverse("tables:standings", args=[event.slug])).content.decode()
    assert "Provisional" in public
    for page in (public, mine):
        assert "Gold" not in page and "Bronze" not in page and "Create the play-off" not in page
    end_with_totals(b, 60, 0, -60)
    mine = organizer_client.get(reverse("tables:standings", args=[event.slug])).content.decode()
    assert "Create the play-off for the win" in mine and "Provisional" not in mine


def test_a_table_events_dashboard_speaks_of_players_not_teams(organizer_client):  # noqa: F811
    event = table_event("rummikub")
    sign_up(event, *(f"P{i}" for i in range(1, 21)))
    page = organizer_client.get(reverse("organizer:dashboard", args=[event.slug])).content.decode()
    assert "Add a team" not in page and "Looking for a partner" not in page and ">Teams" not in page
    assert "Players" in page and ">20<" in page and "Add a player" in page
    assert reverse("tables:players", args=[event.slug]) in page


def test_a_level_table_reads_level_on_its_phone_as_on_the_board(organizer_client):  # noqa: F811
    event, (game,) = players_round("rummikub", 3)
    end_with_totals(game, 40, 40, -80)
    Game.objects.filter(pk=game.pk).update(result_reason=Game.Reason.SCORE)
    phone = Client().get(reverse("gameday_table:status", args=[game.table_token])).content.decode()
    board = organizer_client.get(reverse("tables:board", args=[event.slug])).content.decode()
    assert "Level" in board and "Level" in phone
    assert " won" not in phone.replace("won this table", "")
