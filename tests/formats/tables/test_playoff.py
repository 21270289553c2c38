"""Play-offs (RULES D4): one click creates a play-off game among exactly the entrants tied for the
win or a medal; anything else is refused with a message and nothing saved; its result orders them."""

import pytest
from django.core.exceptions import ValidationError

from tests.changes import changes
from tests.formats.tables.events import table_event
from tests.formats.tables.played import club_round, end_with_totals, players_round
from tournament.formats.tables import playoffs, results
from tournament.models import Game, GameSide, Round, SeatingDraw

pytestmark = pytest.mark.django_db


def by_name(event):
    return {row.name: row for row in results.standings(event).rows}


def test_a_tie_for_the_win_gets_a_play_off_table_of_exactly_the_tied_players():
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    rows = by_name(event)
    assert rows["P1"].rank == rows["P4"].rank == 1 and rows["P1"].playoff == "needed"
    before = changes(event)
    rnd = playoffs.create_playoff(event, [rows["P1"].entrant, rows["P4"].entrant])
    assert changes(event) > before
    assert SeatingDraw.objects.get(round_number=rnd.number).playoff
    game = Game.objects.get(round=rnd)
    assert game.status == Game.Status.READY and game.no_show_at is not None
    assert sorted(s.player.name for s in GameSide.objects.filter(game=game)) == ["P1", "P4"]
    assert by_name(event)["P1"].playoff == "playing"


def test_the_play_off_result_decides_the_order_and_the_medals():
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    rows = by_name(event)
    rnd = playoffs.create_playoff(event, [rows["P1"].entrant, rows["P4"].entrant])
    playoff_game = Game.objects.get(round=rnd)
    p4_slot = GameSide.objects.get(game=playoff_game, player__name="P4").slot
    end_with_totals(playoff_game, *(30 if slot == p4_slot else -30 for slot in (1, 2)))
    rows = by_name(event)
    assert (rows["P4"].rank, rows["P4"].medal) == (1, "gold")
    assert (rows["P1"].rank, rows["P1"].medal) == (2, "silver")
    assert rows["P4"].score == 60  # the play-off decides the order; its points are not added


def test_partnerships_tied_for_the_win_play_off_as_partnerships():
    event, (first, second) = club_round(2)
    end_with_totals(first, 900, 500)
    end_with_totals(second, 900, 100)
    rows = by_name(event)
    rnd = playoffs.create_playoff(event, [rows["P1 & P2"].entrant, rows["P5 & P6"].entrant])
    assert rnd.name == "Play-off for the win"
    assert sorted(str(s) for s in GameSide.objects.filter(game__round=rnd)) == ["P1 & P2", "P5 & P6"]
    assert SeatingDraw.objects.get(round_number=rnd.number).sides == [[  # one table of two sides
        [p.pk for p in event.players.filter(name__in=["P1", "P2"]).order_by("pk")],
        [p.pk for p in event.players.filter(name__in=["P5", "P6"]).order_by("pk")],
    ]]


@pytest.mark.parametrize("who", [["P1", "P2"], ["P1"], ["P1", "P4", "P2"]])
def test_a_play_off_among_players_who_are_not_tied_is_refused_and_nothing_saved(who):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    ids = {name: row.entrant for name, row in by_name(event).items()}
    before, rounds_before = changes(event), Round.objects.count()
    with pytest.raises(ValidationError) as caught:
        playoffs.create_playoff(event, [ids[n] for n in who])
    assert "not such a tie" in " ".join(caught.value.messages)
    assert changes(event) == before and Round.objects.count() == rounds_before


def test_a_tie_of_fewer_than_a_table_needs_is_refused_and_nothing_saved():
    event, (a, b) = players_round("baja-cutthroat", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    ids = {name: row.entrant for name, row in by_name(event).items()}
    before, rounds_before = changes(event), Round.objects.count()
    with pytest.raises(ValidationError) as caught:
        playoffs.create_playoff(event, [ids["P1"], ids["P4"]])
    assert caught.value.messages == [
        "2 are tied for the win, but a Baja Rummy, cutthroat table needs at least 3, so no play-off game can be "
        "scored: settle it another way. Nothing was created."
    ]
    assert changes(event) == before and Round.objects.count() == rounds_before


def test_a_tie_outside_the_medals_gets_no_play_off():
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 50, 0, -70)
    ids = {name: row.entrant for name, row in by_name(event).items()}
    with pytest.raises(ValidationError, match="not such a tie"):
        playoffs.create_playoff(event, [ids["P3"], ids["P6"]])


def test_a_second_click_does_not_make_a_second_play_off():
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    ids = {name: row.entrant for name, row in by_name(event).items()}
    playoffs.create_playoff(event, [ids["P1"], ids["P4"]])
    with pytest.raises(ValidationError, match="already under way"):
        playoffs.create_playoff(event, [ids["P1"], ids["P4"]])
    assert SeatingDraw.objects.filter(playoff=True).count() == 1


def test_standings_and_play_offs_before_any_round_are_refused_with_a_message():
    event = table_event("rummikub")
    with pytest.raises(ValidationError, match="no round has been published"):
        results.standings(event)
    with pytest.raises(ValidationError, match="no round has been published"):
        playoffs.create_playoff(event, [1, 2])
