"""Rounds in their order (issue 34): a play-off has its own name on every page and the next real
round keeps its number; a finished event offers no new round and its home plays nothing now; a round
is not published nor started while the round before is still in play, unless the organizer says so
(and the log keeps it)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.formats.tables.played import end_with_totals, players_round
from tests.walks.pages import visible
from tournament.formats.tables import drawing, playoffs, results, rounds
from tournament.models import Game, GameEvent, GameSide, Round, SeatingDraw, Tournament

pytestmark = pytest.mark.django_db


def flat(html: str) -> str:
    return " ".join(visible(html).split())


def get(client, name, *args) -> str:
    response = client.get(reverse(name, args=list(args)))
    assert response.status_code == 200, (name, response.status_code)
    return flat(response.content.decode())


def after_a_playoff():
    """Rummikub, round 1 over with P1 and P4 level for the win, their play-off played."""
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    playoff = playoffs.create_playoff(event, results.standings(event).ties[0].entrants, table=4)
    end_with_totals(Game.objects.get(round=playoff), 30, -30)
    return event, playoff


def test_a_play_off_is_named_as_such_and_the_next_round_is_round_2(organizer_client, client):
    event, playoff = after_a_playoff()
    page = get(organizer_client, "tables:rounds", event.slug)
    assert "Play-off for the win Published" in page and "draw number 0" not in page
    assert "Round 2 Not drawn" in page and "Seat round 2" in page and "Round 3" not in page
    starts = timezone.now() + timezone.timedelta(minutes=20)
    rnd = rounds.save_round(event, 3, drawing.draw_seating(event, 3, 7), 7, starts)
    assert (rnd.number, rnd.name, str(rnd)) == (3, "Round 2", "Round 2")
    tabs = get(client, "tables:public_seating_round", event.slug, 3)
    assert "Round 1 Play-off Round 2" in tabs and "Round 3" not in tabs
    assert "Round 2 · posted start" in tabs
    board = get(organizer_client, "tables:board_round", event.slug, 3)
    assert "Round 2 — posted start" in board and "Round 3" not in board
    home = get(client, "public:home", event.slug)
    assert "Round 2" in home and "Round 3" not in home
    page = get(organizer_client, "tables:rounds", event.slug)
    assert "Round 3 Not drawn" in page  # the next one after rounds 1 and 2, the play-off left out
    with pytest.raises(Exception, match="Round 2 was published already"):
        rounds.check_seating(event, 3, drawing.draw_seating(event, 3, 7))


def test_a_finished_event_offers_no_new_round_and_its_home_plays_nothing(organizer_client, client):
    event, _playoff = after_a_playoff()
    Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.FINISHED)
    page = get(organizer_client, "tables:rounds", event.slug)
    assert "The event is finished: no new round." in page and "Seat round" not in page
    response = organizer_client.post(reverse("tables:round_preview", args=[event.slug, 3]), {"seed": "7"})
    assert response.status_code == 400 and not SeatingDraw.objects.filter(tournament=event, round_number=3).exists()
    home = get(client, "public:home", event.slug)
    assert "Event finished" in home and "Playing now" not in home


def round_2_previewed(organizer_client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    Game.objects.filter(pk=b.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now())
    organizer_client.post(reverse("tables:round_preview", args=[event.slug, 2]), {"seed": "7"})
    return event, SeatingDraw.objects.get(tournament=event, round_number=2)


def publish(organizer_client, event, record, **extra):
    return organizer_client.post(reverse("tables:round_publish", args=[event.slug, 2]),
                                 {"draw": record.pk, "starts_at": "2027-01-06T20:00", **extra})


def test_round_2_is_not_published_while_round_1_plays_unless_the_organizer_says_so(organizer_client):
    event, record = round_2_previewed(organizer_client)
    page = get(organizer_client, "tables:rounds", event.slug)
    assert "Round 1 is not over: table 2 has not finished." in page
    assert "Publish even though Round 1 is not over" in page
    refused = publish(organizer_client, event, record)
    assert refused.status_code == 400
    assert "Round 1 is not over: table 2 has not finished." in flat(refused.content.decode())
    assert not Round.objects.filter(division__tournament=event, number=2).exists()
    assert publish(organizer_client, event, record, while_playing="on").status_code == 302
    rnd = Round.objects.get(division__tournament=event, number=2)
    logged = GameEvent.objects.get(game__round=rnd, kind="published_while_playing")
    assert logged.data == {"before": 1, "tables": [2]} and logged.by is not None
    game = Game.objects.filter(round=rnd).first()
    GameSide.objects.filter(game=game).update(checked_in_at=timezone.now())  # everyone here (a start checks nobody in)
    organizer_client.post(reverse("tables:board_start", args=[event.slug, game.pk]))
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY  # the organizer said so when publishing


def test_a_table_does_not_start_while_the_round_before_plays(organizer_client, client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    rnd = rounds.save_round(event, 2, drawing.draw_seating(event, 2, 7), 7, timezone.now() - timezone.timedelta(minutes=1))
    Game.objects.filter(pk=b.pk).update(status=Game.Status.IN_PLAY)  # table 2 of round 1 reopened meanwhile
    first, second = Game.objects.filter(round=rnd).order_by("number")
    response = organizer_client.post(reverse("tables:board_start", args=[event.slug, first.pk]), follow=True)
    assert "Table 1 starts once every table of Round 1 has finished." in flat(response.content.decode())
    assert Game.objects.get(pk=first.pk).status == Game.Status.READY
    phone = client.post(reverse("gameday_table:start", args=[second.table_token]), follow=True)
    assert "Round 1 is not over: table 2 has not finished." in flat(phone.content.decode())
    assert Game.objects.get(pk=second.pk).status == Game.Status.READY
