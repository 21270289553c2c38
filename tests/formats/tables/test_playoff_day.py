"""A play-off as an organizer runs it alone: posted with a start, a table and its own no-show grace,
its table phone reached from the standings page (link and QR), shown by name and table on the board,
the public pages and the entrants' pages; medals only once the event is decided; tables name their
winner and speak of more than two sides; seats and the first-table bonus on the table phone."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.changes import changes
from tests.formats.tables.played import START, club_round, end_with_totals, players_round
from tests.walks.pages import visible
from tournament.formats.tables import event_state, playoffs, results
from tournament.models import Game, GameEvent, Round, TableBonus, Tournament

pytestmark = pytest.mark.django_db

LATER = "2027-01-06T18:30"  # local (Mazatlán): 01:30 UTC the next day


def tied_event():
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    return event


def tied_ids(event):
    return list(results.standings(event).ties[0].entrants)


def page(client, name, event, *args):
    return visible(client.get(reverse(name, args=[event.slug, *args])).content.decode())


def post_playoff(client, event, **typed):
    data = {"entrant": tied_ids(event), "starts_at": LATER, "table": "7", "no_show_minutes": "2", **typed}
    return client.post(reverse("tables:playoff", args=[event.slug]), data)


def test_the_organizer_posts_a_play_off_for_later_at_table_7_with_its_own_grace(organizer_client):
    event = tied_event()
    form = page(organizer_client, "tables:standings", event)
    assert "Starts at" in form and "No-show after (minutes)" in form
    assert post_playoff(organizer_client, event).status_code == 302
    game = Game.objects.get(round__name="Play-off for the win")
    assert game.table_number == 7
    assert game.no_show_at - game.starts_at == dt.timedelta(minutes=2)  # not the event's 5
    assert game.starts_at == dt.datetime(2027, 1, 7, 1, 30, tzinfo=dt.timezone.utc)
    assert GameEvent.objects.filter(game=game, kind="playoff_posted").exists()  # in the history
    html = organizer_client.get(reverse("tables:standings", args=[event.slug])).content.decode()
    assert f"/table/{game.table_token}/" in html and 'src="data:image/svg+xml' in html  # link and QR
    assert "Play-off for the win · Table 7" in visible(html)
    assert "2 minutes after the start forfeits" in visible(html)


def test_a_bad_grace_is_refused_with_its_name_nothing_created_and_the_typing_kept(organizer_client):
    event = tied_event()
    before = changes(event)
    response = post_playoff(organizer_client, event, no_show_minutes="90", table="12")
    assert response.status_code == 400
    text = response.content.decode()
    assert "No-show after (minutes): a whole number from 0 to 60" in visible(text)
    assert 'value="12"' in text and 'value="2027-01-06T18:30"' in text
    assert not Round.objects.filter(name__startswith="Play-off").exists() and changes(event) == before


def test_the_play_off_shows_by_name_and_table_on_the_board_public_pages_and_the_player_page(organizer_client, client):
    event = tied_event()
    post_playoff(organizer_client, event)
    game = Game.objects.get(round__name="Play-off for the win")
    board = " ".join(page(organizer_client, "tables:board", event).split())
    assert "Play-off for the win — posted start" in board and "Table 7" in board
    seating = " ".join(page(client, "tables:public_seating", event).split())
    assert "Play-off for the win · posted start" in seating and "Table 7" in seating
    home = visible(client.get(f"/t/{event.slug}/").content.decode())
    assert "Play-off for the win · table 7" in home
    tv = visible(client.get(f"/t/{event.slug}/tv/").content.decode())
    assert "Play-off for the win · table 7 · starts" in tv
    player = game.sides.get(slot=1).player
    mine = visible(client.get(reverse("live:player", args=[event.slug, player.pk])).content.decode())
    assert "Play-off for the win" in mine and "Table 7" in mine


def test_medals_wait_for_the_event_to_be_finished_and_reopening_asks_why(organizer_client, client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 90, 10, -70)
    end_with_totals(b, 60, 0, -60)
    public = page(client, "tables:public_standings", event)
    assert "Gold" not in public and "medals are given when the event is finished" in public
    response = organizer_client.post(reverse("tables:finish_event", args=[event.slug]), {"reason": ""})
    assert response.status_code == 302
    public = page(client, "tables:public_standings", event)
    assert "Gold" in public and "Event finished: final standings." in public
    assert GameEvent.objects.filter(kind="event_finished").exists()
    refused = organizer_client.post(reverse("tables:reopen_event", args=[event.slug]), {"reason": " "})
    assert refused.status_code == 400 and "Say why the event is reopened" in refused.content.decode()
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.FINISHED
    organizer_client.post(reverse("tables:reopen_event", args=[event.slug]), {"reason": "a score to correct"})
    assert "Gold" not in page(client, "tables:public_standings", event)


def test_a_tie_left_when_the_organizer_finishes_the_event_shares_its_medal_and_asks_for_no_play_off(
        organizer_client, client):
    """Found by the stateful day (tests/formats/tables/test_people_stateful.py): a tie the organizer
    leaves unplayed (two level at a cutthroat day cannot play off) still said "Play-off needed" and
    "a play-off will decide" once the event was finished."""
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 90, 10, -70)
    end_with_totals(b, 10, 0, -60)
    assert "a play-off will decide" in page(client, "tables:public_standings", event)
    organizer_client.post(reverse("tables:finish_event", args=[event.slug]), {"reason": "the silver is shared"})
    for text in (page(client, "tables:public_standings", event), page(organizer_client, "tables:standings", event)):
        words = " ".join(text.split())
        assert "Play-off needed" not in words and "a play-off will decide" not in words
        assert words.count("Silver") == 2
    table = results.standings(Tournament.objects.get(pk=event.pk))
    assert table.ties == [] and [r.rank for r in table.rows[:3]] == [1, 2, 2]
    organizer_client.post(reverse("tables:reopen_event", args=[event.slug]), {"reason": "they will play it off"})
    assert results.standings(Tournament.objects.get(pk=event.pk)).ties[0].playoff == "needed"


def test_the_event_cannot_be_finished_while_a_table_plays_nor_a_play_off_added_after(organizer_client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    response = organizer_client.post(reverse("tables:finish_event", args=[event.slug]), {})
    assert response.status_code == 400 and "Tables still playing: 2." in visible(response.content.decode())
    end_with_totals(b, 60, 0, -60)
    tied = tied_ids(event)
    event_state.finish(event)
    with pytest.raises(Exception, match="The event is finished"):
        playoffs.create_playoff(Tournament.objects.get(pk=event.pk), tied)


def test_a_play_off_that_settles_the_last_medal_decides_the_event_by_itself(client):
    event = tied_event()
    rnd = playoffs.create_playoff(event, tied_ids(event), starts_at=START, table=3, no_show_minutes=0)
    game = Game.objects.get(round=rnd)
    end_with_totals(game, 30, -30)
    table = results.standings(event)
    assert table.decided and [r.medal for r in table.rows[:3]] == ["gold", "silver", "bronze"]
    assert "Final standings: the play-off decided the last medal." in page(client, "tables:public_standings", event)


def test_a_four_player_table_names_its_winner_and_never_says_double_or_advances(client):
    event, (game,) = players_round("rummikub", 4)
    end_with_totals(game, 40, 10, -20, -30)
    Game.objects.filter(pk=game.pk).update(result_reason=Game.Reason.SCORE)
    seating = page(client, "tables:public_seating", event)
    board_label = results.table_games(event).get(pk=game.pk)
    from tournament.core import formats as core_formats
    sides = list(board_label.sides.all())
    assert core_formats.of(event).result_label(board_label, sides) == "P1 won"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.DOUBLE_FORFEIT, result_reason=Game.Reason.NO_SHOW)
    label = core_formats.of(event).result_label(Game.objects.get(pk=game.pk), sides)
    assert label == "Nobody checked in (no show) — the table was not played"
    assert "advances" not in label and "Double" not in label and seating


def test_a_club_table_phone_shows_compass_seats_and_the_bonus(client):
    event, (first, second) = club_round(2)
    text = visible(client.get(reverse("table:sheet", args=[first.table_token])).content.decode())
    assert "Seats: N P1 · E P2 · S P3 · W P4" in " ".join(text.split())  # seats as the helper drew them
    assert "+400 to each side of the first table to finish" in text
    TableBonus.objects.create(round=first.round, game=second, points=400, reason="First table to finish")
    text = visible(client.get(reverse("table:sheet", args=[first.table_token])).content.decode())
    assert "The +400 first-table bonus went to table 2." in text
    mine = visible(client.get(reverse("table:sheet", args=[second.table_token])).content.decode())
    assert "+400 first-table bonus: this table has it" in mine


def test_a_rummikub_table_phone_numbers_its_seats():
    event, (game,) = players_round("rummikub", 3)
    from tournament.formats.tables import table_facts
    assert [(p.short, p.name) for p in table_facts.positions(game)] == [("1", "P1"), ("2", "P2"), ("3", "P3")]
