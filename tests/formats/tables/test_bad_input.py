"""Bad ids and numbers on a table event's organizer pages (partners, rounds, settings, bonus,
play-off): a 400 naming what is wrong (a 404 for a well-formed id that names nothing), never a 500,
and nothing changed. Non-numeric ids ("abc", "²") and numbers of thousands of digits (past what
Python's int() reads) once answered 500 here."""

import pytest

from tests.changes import changes
from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import club_round, end_with_totals, players_round
from tests.formats.tables.test_views import url
from tests.gameday.test_it_board import text
from tournament.formats.tables import results, rounds
from tournament.models import Game, PartnerDraw, Round, SeatingDraw, TableBonus, TableEvent, Team

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000  # past the 4,300 digits Python's int() reads
LONG = "9" * 20  # past a 64-bit integer column
NO_IDS = ["abc", "²", "١٢", "1e3", "-1", "0", "0x10", LONG, HUGE]


def shown(value: str) -> str:
    """The typed text as the messages repeat it (cut short past 24 characters)."""
    return value if len(value) <= 24 else value[:24] + "…"


def partners_previewed():
    event = table_event("club-4deck")
    sign_up(event, "Ann", "Bob", "Cy", "Di")
    record = rounds.preview_partners(event, [[p.pk for p in event.players.order_by("pk")[i:i + 2]] for i in (0, 2)], seed=1)
    return event, record


def round_previewed():
    event = table_event("baja-cutthroat")
    sign_up(event, "Ann", "Bob", "Cy", "Di")
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    seating = {"tables": [{"sides": [[p] for p in ids], "seats": ids}], "sitting_out": []}
    return event, rounds.preview_round(event, 1, seating, seed=1)


@pytest.mark.parametrize("draw", NO_IDS)
def test_a_partner_draw_that_is_no_id_is_named_and_nothing_is_published(organizer_client, draw):
    event, _ = partners_previewed()
    before = changes(event)
    response = organizer_client.post(url("partners_publish", event), {"draw": draw})
    assert response.status_code == 400
    assert f"Draw: “{shown(draw)}” is not one of the ids this page offers; reload the page." in text(response)
    assert not Team.objects.exists() and changes(event) == before


def test_a_partner_draw_that_names_no_draw_of_this_event_is_a_404(organizer_client):
    event, _ = partners_previewed()
    _, theirs = partners_previewed()
    for draw in (str(theirs.pk), "999999", str(2**63 - 1)):
        assert organizer_client.post(url("partners_publish", event), {"draw": draw}).status_code == 404
    assert organizer_client.post(url("partners_publish", event), {}).status_code == 400
    assert not Team.objects.exists()


@pytest.mark.parametrize("page", ["partners_preview", "round_preview"])
@pytest.mark.parametrize("seed, message", [
    (HUGE, "Draw number: The draw number must be a whole number from 0 to 999,999,999,999,999,999; "
           "999999999999999999999999… is not."),
    (LONG, "Draw number: The draw number must be a whole number from 0 to 999,999,999,999,999,999; "
           "99999999999999999999 is not."),
    ("²", "Draw number: The draw number must be a whole number such as 48213; “²” is not."),
    ("0x10", "Draw number: The draw number must be a whole number such as 48213; “0x10” is not."),
    ("-1", "Draw number: The draw number must not be negative: “-1”."),
])
def test_a_draw_number_that_is_no_number_is_named_and_nothing_is_drawn(organizer_client, page, seed, message):
    event = table_event("baja-cutthroat" if page == "round_preview" else "club-4deck")
    sign_up(event, "Ann", "Bob", "Cy", "Di")
    args = (1,) if page == "round_preview" else ()
    before = changes(event)
    response = organizer_client.post(url(page, event, *args), {"seed": seed})
    assert response.status_code == 400
    assert message in text(response)
    assert not PartnerDraw.objects.exists() and not SeatingDraw.objects.exists() and changes(event) == before


@pytest.mark.parametrize("draw", NO_IDS)
def test_a_seating_that_is_no_id_is_named_and_no_round_is_published(organizer_client, draw):
    event, _ = round_previewed()
    before = changes(event)
    response = organizer_client.post(url("round_publish", event, 1), {"draw": draw, "starts_at": "2027-01-06T10:00"})
    assert response.status_code == 400
    assert f"Draw: “{shown(draw)}” is not one of the ids this page offers; reload the page." in text(response)
    assert not Game.objects.exists() and changes(event) == before


def test_a_seating_of_another_event_is_a_404_and_no_round_is_published(organizer_client):
    event, _ = round_previewed()
    _, theirs = round_previewed()
    response = organizer_client.post(url("round_publish", event, 1), {"draw": theirs.pk, "starts_at": "2027-01-06T10:00"})
    assert response.status_code == 404
    assert not Game.objects.exists()


@pytest.mark.parametrize("hands", ["²", "abc", "1e3", "-1", "0x10", "100", LONG, HUGE])
def test_hands_per_round_that_is_no_small_number_is_named_and_nothing_saved(organizer_client, hands):
    event = table_event("club-4deck")
    before = (rounds.event_settings(event).hands_per_round, dict(event.rules_numbers))
    response = organizer_client.post(url("settings", event), {"hands_per_round": hands, "movement": "winners_stay", "standings": "total"})
    assert response.status_code == 400
    assert f"Hands per round: a whole number from 0 to 99, not “{shown(hands)}”." in text(response)
    event.refresh_from_db()
    settings = TableEvent.objects.get(tournament=event)
    assert (settings.hands_per_round, dict(event.rules_numbers)) == before and settings.movement == "redraw"


@pytest.mark.parametrize("game", ["abc", "²", "١٢", "1e3", "-1", "0x10", LONG, HUGE])
def test_a_bonus_table_that_is_no_id_is_named_and_the_bonus_stays(organizer_client, game):
    event, _ = club_round(2)
    before = changes(event)
    response = organizer_client.post(url("bonus_override", event, 1), {"game": game, "reason": "moved"})
    assert response.status_code == 400
    assert "Table: choose a table of the round, or no table." in text(response)
    assert not TableBonus.objects.exists() and changes(event) == before


def test_a_bonus_table_of_another_round_is_named_and_the_bonus_stays(organizer_client):
    event, _ = club_round(2)
    _, (theirs, _) = club_round(2)
    response = organizer_client.post(url("bonus_override", event, 1), {"game": theirs.pk, "reason": "moved"})
    assert response.status_code == 400
    assert "Table: that table is not in Round 1." in text(response)
    assert not TableBonus.objects.exists()


@pytest.mark.parametrize("bad", ["abc", "²", "1e3", "-1", "0x10", LONG, HUGE])
def test_a_play_off_entrant_that_is_no_id_is_named_and_no_play_off_is_made(organizer_client, bad):
    event, (first, second) = players_round("rummikub", 3, 3)
    end_with_totals(first, 60, 10, -70)
    end_with_totals(second, 60, 0, -60)
    tied = [str(row.entrant) for row in results.standings(event).rows if row.rank == 1]
    before = changes(event)
    response = organizer_client.post(url("playoff", event), {"entrant": [tied[0], bad]})
    assert response.status_code == 400
    assert f"Tied entrants: “{shown(bad)}” is not one of the ids this page offers; reload the page." in text(response)
    assert not Round.objects.filter(name__startswith="Play-off").exists() and changes(event) == before


@pytest.mark.parametrize("page, data", [
    ("partners_publish", {"draw": "1\x00"}),
    ("partners_preview", {"seed": "12\x00"}),
])
def test_a_nul_byte_is_named_and_nothing_changes(organizer_client, page, data):
    event, _ = partners_previewed()
    before = changes(event)
    response = organizer_client.post(url(page, event), data)
    assert response.status_code == 400
    assert "Null characters are not allowed." in text(response)
    assert PartnerDraw.objects.count() == 1 and not Team.objects.exists() and changes(event) == before
