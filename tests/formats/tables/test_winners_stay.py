"""Winners stay, losers move, as saved: round 2 of an event whose movement is "winners_stay" is
drawn with the winners of round 1's tables kept at their table numbers, once every table of round 1
has finished; the round page and the public seating show who stayed."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.formats.tables.played import START, club_round, end_with_totals, players_round
from tournament.formats.tables import drawing, movement, rounds
from tournament.models import Game, GameSide, Player, SeatingDraw, TableEvent

pytestmark = pytest.mark.django_db


def winners_stay(event):
    TableEvent.objects.filter(pk=rounds.event_settings(event).pk).update(movement=TableEvent.Movement.WINNERS_STAY)


def cutthroat_round_1():
    """12 cutthroat players at three tables of 4 (P1-P4, P5-P8, P9-P12), winners stay."""
    event, games = players_round("baja-cutthroat", 4, 4, 4)
    winners_stay(event)
    return event, games


def ids(event, *names):
    found = dict(Player.objects.filter(tournament=event).values_list("name", "pk"))
    return [found[n] for n in names]


def table_of(seating, player):
    return next(n for n, t in enumerate(seating["tables"], start=1) if player in t["seats"])


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_each_table_winner_keeps_its_table_and_the_losers_move(seed):
    event, games = cutthroat_round_1()
    end_with_totals(games[0], 300, 500, 100, 0)   # P2 wins table 1
    end_with_totals(games[1], 0, 10, 20, 900)     # P8 wins table 2
    end_with_totals(games[2], 700, 10, 20, 30)    # P9 wins table 3
    seating = drawing.draw_seating(event, 2, seed)
    p2, p8, p9 = ids(event, "P2", "P8", "P9")
    assert [table_of(seating, p) for p in (p2, p8, p9)] == [1, 2, 3]
    everyone = sorted(p for t in seating["tables"] for p in t["seats"])
    assert everyone == sorted(Player.objects.filter(tournament=event).values_list("pk", flat=True))
    for number, game in enumerate(games, start=1):
        losers = [s.player_id for s in game.sides.all() if s.player_id not in (p2, p8, p9)]
        assert all(table_of(seating, p) != number for p in losers), f"a loser of table {number} stayed there"
    rounds.save_round(event, 2, seating, seed, START)  # the draw is one the saving checks accept


def test_a_round_still_playing_is_refused_naming_its_tables_and_nothing_is_saved(organizer_client):
    event, games = players_round("baja-cutthroat", 4, 4, 4, 4, 4)
    winners_stay(event)
    for game in (games[0], games[1], games[3]):
        end_with_totals(game, 1, 2, 3, 4)
    Game.objects.filter(pk=games[2].pk).update(status=Game.Status.IN_PLAY)
    expected = ("Round 2 can't be drawn with winners staying until every table of round 1 has finished: "
                "tables 3 and 5 are still playing.")
    with pytest.raises(ValidationError) as raised:
        drawing.draw_seating(event, 2, 1)
    assert raised.value.messages == [expected]
    response = organizer_client.post(reverse("tables:round_preview", args=[event.slug, 2]), {"seed": "7"})
    assert response.status_code == 400 and expected.replace("'", "&#x27;") in response.content.decode()
    assert not SeatingDraw.objects.filter(tournament=event, round_number=2).exists()
    page = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()
    assert "tables 3 and 5 are still playing" in page


def test_a_new_draw_each_round_does_not_wait_for_the_tables():
    event, games = players_round("baja-cutthroat", 4, 4, 4)
    seating = drawing.draw_seating(event, 2, 1)
    assert sum(len(t["seats"]) for t in seating["tables"]) == 12


def test_a_table_level_at_the_top_keeps_nobody_and_a_forfeited_side_never_wins():
    event, games = cutthroat_round_1()
    end_with_totals(games[0], 500, 500, 100, 0)  # P1 and P2 level: nobody stays at table 1
    end_with_totals(games[1], 0, 10, 20, 900)
    GameSide.objects.filter(game=games[1], slot=4).update(forfeited_at=timezone.now())  # P8 forfeited
    end_with_totals(games[2], 700, 10, 20, 30)
    found = movement.previous_winners(event)
    assert [(w.number, w.name, w.level) for w in found] == [(1, "P1, P2", True), (2, "P7", False), (3, "P9", False)]
    p7, p9 = ids(event, "P7", "P9")
    for seed in (1, 2, 3):
        seating = drawing.draw_seating(event, 2, seed)
        assert (table_of(seating, p7), table_of(seating, p9)) == (2, 3)


def test_the_organizers_decision_on_a_level_club_table_names_the_partnership_that_stays():
    event, games = club_round(tables=2)
    winners_stay(event)
    end_with_totals(games[0], 900, 900)
    decided = GameSide.objects.get(game=games[0], slot=2)
    Game.objects.filter(pk=games[0].pk).update(winner_id=decided.team_id)
    end_with_totals(games[1], 100, 700)
    staying = list(decided.team.players.values_list("pk", flat=True))
    seating = drawing.draw_seating(event, 2, 3)
    assert all(table_of(seating, p) == 1 for p in staying)


def test_the_round_page_and_the_public_seating_show_who_stayed(organizer_client, client):
    event, games = cutthroat_round_1()
    end_with_totals(games[0], 300, 500, 100, 0)
    end_with_totals(games[1], 0, 10, 20, 900)
    end_with_totals(games[2], 20, 10, 700, 30)
    page = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()
    assert "Table 1: <bdi>P2</bdi> won and stays at table 1." in page
    assert "Table 3: <bdi>P11</bdi> won and stays at table 3." in page
    rounds.save_round(event, 2, drawing.draw_seating(event, 2, 9), 9, START)
    public = client.get(reverse("tables:public_seating_round", args=[event.slug, 2])).content.decode()
    assert public.count(">Stayed</span>") == 3
    assert "<bdi>P8</bdi> won table 2 last round and stays" in public
    found = client.get(reverse("tables:public_seating_round", args=[event.slug, 2]) + "?name=P11").content.decode()
    assert "won table 3 last round" in found
    organizer = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()
    assert "<bdi>P2</bdi> stayed (won this table last round)" in organizer
