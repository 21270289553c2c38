"""A play-off in partnerships seats partners opposite, as every round does (issue 34): the table phone,
the public seating, the round board and the printed table card all read the one published seating."""

import pytest
from django.urls import reverse

from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import START, club_round, end_with_totals
from tests.printing.test_printing_helpers import pdf_text
from tests.walks.pages import visible
from tournament.formats.tables import playoffs, results, rounds
from tournament.formats.tables.seating import interleaved
from tournament.models import Game, Player, SeatingDraw

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return " ".join(text.split())


def test_interleaved_seats_put_partners_opposite():
    assert interleaved([("A1", "A2"), ("B1", "B2")]) == ("A1", "B1", "A2", "B2")
    assert interleaved([("A1", "A2"), ("B1", "B2"), ("C1", "C2")]) == ("A1", "B1", "C1", "A2", "B2", "C2")
    assert interleaved([("P1",), ("P2",), ("P3",)]) == ("P1", "P2", "P3")


def club_playoff():
    event, (first, second) = club_round(2)
    end_with_totals(first, 900, 500)
    end_with_totals(second, 900, 100)
    tie = results.standings(event).ties[0]
    rnd = playoffs.create_playoff(event, tie.entrants, table=5)
    return event, Game.objects.get(round=rnd)


def test_a_club_play_off_seats_partners_opposite_on_the_phone_the_seating_the_board_and_the_card(client, organizer_client):
    event, game = club_playoff()
    record = SeatingDraw.objects.get(tournament=event, playoff=True)
    teams = dict(Player.objects.filter(tournament=event).values_list("pk", "team_id"))
    seats = record.seats[0]
    assert [teams[p] for p in seats] == [teams[seats[0]], teams[seats[1]]] * 2  # A B A B, never A A B B
    phone = flat(visible(client.get(reverse("table:sheet", args=[game.table_token])).content.decode()))
    assert "Seats: N P1 · E P5 · S P2 · W P6" in phone  # P1 & P2 against P5 & P6
    seating = flat(visible(client.get(reverse("tables:public_seating_round", args=[event.slug, record.round_number]))
                           .content.decode()))
    assert "Seat 1 P1 partner P2 Seat 2 P5 partner P6 Seat 3 P2 partner P1 Seat 4 P6 partner P5" in seating
    board = flat(visible(organizer_client.get(reverse("tables:board_round", args=[event.slug, record.round_number]))
                         .content.decode()))
    assert "Seats clockwise: 1 P1 · 2 P5 · 3 P2 · 4 P6" in board
    pdf = organizer_client.get(reverse("printing:cards", args=[event.slug, game.round_id]) + "?paper=letter").content
    card = flat(pdf_text(pdf, 1))
    assert card.index("North P1") < card.index("East P5") < card.index("South P2") < card.index("West P6"), card


def test_a_fiji_teams_play_off_of_three_partnerships_never_seats_partners_side_by_side(client):
    event = table_event("fiji-team")
    for first, second in [("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo"), ("Kim", "Lu")]:
        sign_up(event, first, partner=second)
    ids = dict(event.players.values_list("name", "pk"))
    pair = {name: [ids[name], ids[mate]] for name, mate in [("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo"),
                                                          ("Gus", "Hal"), ("Ida", "Jo"), ("Kim", "Lu")]}
    tables = [[pair["Ann"], pair["Cy"], pair["Ed"]], [pair["Gus"], pair["Ida"], pair["Kim"]]]
    seating = {"tables": [{"sides": t, "seats": [t[0][0], t[1][0], t[2][0], t[0][1], t[1][1], t[2][1]]} for t in tables],
               "sitting_out": []}
    rounds.save_round(event, 1, seating, seed=1, starts_at=START)
    first, second = Game.objects.filter(round__number=1, division__tournament=event).order_by("number")
    end_with_totals(first, 9000, 5000, 100)
    end_with_totals(second, 9000, 4000, 200)
    game = Game.objects.get(round=playoffs.create_playoff(event, results.standings(event).ties[0].entrants, table=3))
    seats = SeatingDraw.objects.get(tournament=event, playoff=True).seats[0]
    teams = dict(Player.objects.filter(tournament=event).values_list("pk", "team_id"))
    assert all(teams[seats[i]] != teams[seats[(i + 1) % 4]] for i in range(4))
    phone = flat(visible(client.get(reverse("table:sheet", args=[game.table_token])).content.decode()))
    assert "Seats: N Ann · E Gus · S Bob · W Hal" in phone


def test_play_offs_stored_side_by_side_are_seated_opposite_and_later_rounds_renamed():
    import importlib

    from django.apps import apps

    from tournament.formats.tables import drawing
    from tournament.models import Round

    event, game = club_playoff()
    record = SeatingDraw.objects.get(tournament=event, playoff=True)
    side_by_side = [[p for side in record.sides[0] for p in side]]
    SeatingDraw.objects.filter(pk=record.pk).update(seats=side_by_side)  # as play-offs were stored before
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    rnd = rounds.save_round(event, 3, drawing.draw_seating(event, 3, 5), 5, START)
    Round.objects.filter(pk=rnd.pk).update(name="Round 3")  # as rounds after a play-off were named before
    importlib.import_module("tournament.migrations.0029_playoff_partners_opposite").forwards(apps, None)
    seats = SeatingDraw.objects.get(pk=record.pk).seats[0]
    teams = dict(Player.objects.filter(tournament=event).values_list("pk", "team_id"))
    assert [teams[p] for p in seats] == [teams[seats[0]], teams[seats[1]]] * 2
    assert Round.objects.get(pk=rnd.pk).name == "Round 2"
