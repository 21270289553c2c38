"""Saving table rounds: the partner draw makes partnerships, a round's seating makes one game per
table with a side per entrant in seat order. Bad input is refused with a message, nothing saved."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from scoring import sample_hands as td
from scoring import sheet
from scoring.models import Hand
from tests.changes import changes
from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import start_seated
from tournament.formats.tables import rounds, signups
from tournament.models import (
    Division,
    Game,
    GameSide,
    PartnerDraw,
    Round,
    SeatingDraw,
    Team,
)

pytestmark = pytest.mark.django_db

START = dt.datetime(2027, 1, 6, 17, 0, tzinfo=dt.timezone.utc)


def refused(action, message: str, event) -> None:
    """`action` is refused with `message` and changes nothing a page shows."""
    before = changes(event)
    with pytest.raises(ValidationError) as caught:
        action()
    assert message in " ".join(caught.value.messages)
    assert changes(event) == before


def seat(*tables, out=()):
    """A seating from tables given as lists of sides (each a list of players), seats in that order."""
    return {
        "tables": [{"sides": [[p.pk for p in side] for side in sides], "seats": [p.pk for side in sides for p in side]} for sides in tables],
        "sitting_out": [p.pk for p in out],
    }


def alone(*players):
    return [[p] for p in players]


# ---- partners -------------------------------------------------------------------------------------

def test_publishing_partners_makes_a_partnership_per_pair_and_keeps_the_seed():
    event = table_event("club-4deck")
    p = sign_up(event, "Ann", "Bob", "Cy", "Di")
    before = changes(event)
    teams = rounds.save_partners(event, [[p["Ann"].pk, p["Cy"].pk], [p["Bob"].pk, p["Di"].pk]], seed=4242)
    assert sorted(t.name for t in teams) == ["Ann & Cy", "Bob & Di"]
    assert {pl.name for pl in teams[0].players.all()} == {"Ann", "Cy"}
    record = PartnerDraw.objects.get(published_at__isnull=False)
    assert record.seed == 4242 and record.pairs == [[p["Ann"].pk, p["Cy"].pk], [p["Bob"].pk, p["Di"].pk]]
    assert changes(event) > before


def test_a_pair_that_came_together_is_refused():
    event = table_event("club-4deck")
    p = sign_up(event, "Ann Lee", "Cy", "Di")
    p.update(sign_up(event, "Bob Lee", came_with="Ann Lee"))
    refused(
        lambda: rounds.save_partners(event, [[p["Ann Lee"].pk, p["Bob Lee"].pk], [p["Cy"].pk, p["Di"].pk]], seed=1),
        "Ann Lee and Bob Lee came together; people who came together are never partners.", event,
    )
    assert not Team.objects.exists() and not PartnerDraw.objects.exists()


def test_pairs_that_leave_someone_out_are_refused():
    event = table_event("club-4deck")
    p = sign_up(event, "Ann", "Bob", "Cy", "Di")
    refused(lambda: rounds.save_partners(event, [[p["Ann"].pk, p["Bob"].pk]], seed=1), "Draw again.", event)
    assert not Team.objects.exists()


def test_published_partners_are_frozen():
    event = table_event("club-4deck")
    p = sign_up(event, "Ann", "Bob")
    rounds.save_partners(event, [[p["Ann"].pk, p["Bob"].pk]], seed=1)
    refused(lambda: rounds.preview_partners(event, [], seed=2), "The partners were published already", event)
    assert PartnerDraw.objects.count() == 1


def test_a_preview_of_partners_saves_the_draw_and_makes_no_partnership():
    event = table_event("club-4deck")
    p = sign_up(event, "Ann", "Bob")
    record = rounds.preview_partners(event, [[p["Bob"].pk, p["Ann"].pk]], seed=77)
    assert record.published_at is None and record.pairs == [[p["Bob"].pk, p["Ann"].pk]]
    assert not Team.objects.exists()


# ---- rounds ---------------------------------------------------------------------------------------

def test_a_published_round_has_a_game_per_table_and_a_side_per_player_in_seat_order():
    event = table_event("rummikub", game_time_limit=dt.timedelta(hours=1))
    p = sign_up(event, *"ABCDEFG")
    seating = seat(alone(p["C"], p["A"], p["B"], p["D"]), alone(p["G"], p["E"], p["F"]))
    before = changes(event)
    rnd = rounds.save_round(event, 1, seating, seed=99, starts_at=START)
    assert changes(event) > before
    assert (rnd.number, rnd.name, rnd.starts_at, rnd.division.kind) == (1, "Round 1", START, Division.Kind.TABLES)
    games = list(Game.objects.filter(round=rnd).order_by("number"))
    assert [(g.number, g.table_number, g.status) for g in games] == [(1, 1, "ready"), (2, 2, "ready")]
    assert [str(s) for s in games[0].sides.order_by("slot")] == ["C", "A", "B", "D"]
    assert [str(s) for s in games[1].sides.order_by("slot")] == ["G", "E", "F"]
    assert games[0].no_show_at == START + event.no_show_grace
    assert games[0].time_limit_at == START + dt.timedelta(hours=1)
    record = SeatingDraw.objects.get(published_at__isnull=False)
    assert record.seed == 99 and record.as_data == seating


def test_a_player_who_sits_out_has_no_side_so_no_hand_can_be_entered_for_them():
    event = table_event("baja-cutthroat")
    p = sign_up(event, "Ann", "Bob", "Cy", "Di", "Ed")
    rnd = rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"], p["Cy"], p["Di"]), out=[p["Ed"]]), seed=5, starts_at=START)
    assert not GameSide.objects.filter(player=p["Ed"]).exists()
    game = Game.objects.get(round=rnd)
    sides, names = sheet.sides_and_names(game)
    assert names == ["Ann", "Bob", "Cy", "Di"]
    assert SeatingDraw.objects.get(published_at__isnull=False).sitting_out == [p["Ed"].pk]


def test_partnerships_are_seated_as_teams_with_the_partners_apart():
    event = table_event("club-4deck")
    p = sign_up(event, "Ann", "Bob", "Cy", "Di")
    ann_cy, bob_di = rounds.save_partners(event, [[p["Ann"].pk, p["Cy"].pk], [p["Bob"].pk, p["Di"].pk]], seed=1)
    seating = {"tables": [{"sides": [[p["Bob"].pk, p["Di"].pk], [p["Ann"].pk, p["Cy"].pk]],
                           "seats": [p["Ann"].pk, p["Bob"].pk, p["Cy"].pk, p["Di"].pk]}], "sitting_out": []}
    rnd = rounds.save_round(event, 1, seating, seed=3, starts_at=START)
    sides = list(Game.objects.get(round=rnd).sides.order_by("slot"))
    # Ann sits in seat 1, so her partnership is side 1.
    assert [(s.team_id, s.player_id) for s in sides] == [(ann_cy.pk, None), (bob_di.pk, None)]


def test_players_still_without_a_partner_cannot_be_seated():
    event = table_event("club-4deck")
    p = sign_up(event, "Ann", "Bob")
    refused(
        lambda: rounds.save_round(event, 1, seat([[p["Ann"], p["Bob"]]]), seed=1, starts_at=START),
        "2 players are still without a partner (Ann, Bob): draw the partners first.", event,
    )


def test_a_table_outside_the_variants_bounds_is_refused():
    event = table_event("baja-cutthroat")
    p = sign_up(event, "Ann", "Bob", "Cy", "Di", "Ed")
    refused(
        lambda: rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"]), alone(p["Cy"], p["Di"], p["Ed"])), seed=1, starts_at=START),
        "Table 1 has 2 sides; this variant seats 3 to 4 a table.", event,
    )
    assert not Round.objects.exists() and not Game.objects.exists() and not SeatingDraw.objects.exists()


def test_too_few_players_for_one_table_is_refused():
    event = table_event("baja-cutthroat")
    p = sign_up(event, "Ann", "Bob")
    refused(lambda: rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"])), seed=1, starts_at=START),
            "A table needs at least 3 players; 2 signed up.", event)


def test_a_player_seated_twice_is_refused():
    event = table_event("rummikub")
    p = sign_up(event, "Ann", "Bob", "Cy", "Di")
    refused(
        lambda: rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"]), alone(p["Cy"], p["Ann"])), seed=1, starts_at=START),
        "Ann is seated twice.", event,
    )
    assert not Game.objects.exists()


def test_a_player_left_out_is_refused():
    event = table_event("rummikub")
    p = sign_up(event, "Ann", "Bob", "Cy")
    refused(lambda: rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"])), seed=1, starts_at=START),
            "Cy has no seat and no bye.", event)


def test_a_seating_drawn_before_someone_withdrew_is_refused():
    event = table_event("rummikub")
    p = sign_up(event, "Ann", "Bob", "Cy")
    preview = rounds.preview_round(event, 1, seat(alone(p["Ann"], p["Bob"], p["Cy"])), seed=8)
    signups.withdraw_player(p["Cy"])
    refused(lambda: rounds.save_round(event, 1, preview.as_data, preview.seed, starts_at=START), "Draw again.", event)


def test_a_round_is_published_once_and_rounds_come_in_order():
    event = table_event("rummikub")
    p = sign_up(event, "Ann", "Bob")
    seating = seat(alone(p["Ann"], p["Bob"]))
    refused(lambda: rounds.save_round(event, 2, seating, seed=1, starts_at=START), "Round 1 comes before round 2.", event)
    rounds.save_round(event, 1, seating, seed=1, starts_at=START)
    refused(lambda: rounds.save_round(event, 1, seating, seed=1, starts_at=START), "Round 1 was published already.", event)
    # Round 1 has not been played: publishing round 2 anyway is the organizer's explicit say (round_order).
    rounds.save_round(event, 2, seating, seed=2, starts_at=START + dt.timedelta(hours=2), while_playing=True)
    assert [r.number for r in rounds.table_rounds(event)] == [1, 2]
    assert Game.objects.count() == 2


def test_a_round_needs_a_start_time():
    event = table_event("rummikub")
    p = sign_up(event, "Ann", "Bob")
    refused(lambda: rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"])), seed=1, starts_at=None),
            "Give round 1 a start time before publishing it.", event)


def test_a_preview_makes_no_games_and_can_be_drawn_again():
    event = table_event("rummikub")
    p = sign_up(event, "Ann", "Bob", "Cy")
    rounds.preview_round(event, 1, seat(alone(p["Ann"], p["Bob"], p["Cy"])), seed=1)
    latest = rounds.preview_round(event, 1, seat(alone(p["Cy"], p["Ann"], p["Bob"])), seed=2)
    assert rounds.latest_round_preview(event, 1) == latest
    assert not Game.objects.exists() and not Round.objects.exists()


def test_standings_before_any_round_are_refused():
    event = table_event("rummikub")
    p = sign_up(event, "Ann", "Bob")
    refused(lambda: rounds.standings_rounds(event), "There are no standings yet: no round has been published.", event)
    rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"])), seed=1, starts_at=START)
    assert [r.number for r in rounds.standings_rounds(event)] == [1]


def test_the_club_game_defaults_to_three_hands_a_round_and_rummikub_to_its_target():
    assert rounds.event_settings(table_event("club-4deck")).hands_per_round == 3
    settings = rounds.event_settings(table_event("rummikub", slug="rummy"))
    assert settings.hands_per_round is None and settings.movement == "redraw" and settings.standings == "total"


@pytest.mark.parametrize("as_who", [{"entered_by": "5"}, {"out": "5"}])
def test_a_hand_posted_for_the_seat_of_a_player_who_sits_out_is_refused_and_nothing_saved(client, as_who):
    event = table_event("baja-cutthroat")
    p = sign_up(event, "Ann", "Bob", "Cy", "Di", "Ed")
    rnd = rounds.save_round(event, 1, seat(alone(p["Ann"], p["Bob"], p["Cy"], p["Di"]), out=[p["Ed"]]), seed=5, starts_at=START)
    game = Game.objects.get(round=rnd)
    start_seated(game)
    values = [{"melded": 300}] * 5  # a fifth column for Ed, who has no seat at the table
    data = td.form(1, values, **{"out": "1", "entered_by": "1", **as_who})
    response = client.post(f"/table/{game.table_token}/hands/", data)
    assert response.status_code == 400 and "Select a valid choice. 5 is not one of the available choices." in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()
    assert list(GameSide.objects.filter(game=game).values_list("total", flat=True)) == [0, 0, 0, 0]
