"""The Entry (what entering or previewing a hand needs): real model objects from two small queries
(three once the hand count is asked for), so an entry view reading its tournament and sides costs
nothing more."""

import pytest
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from scoring import sheet as sheets
from tests.factories import PlayerFactory, TournamentFactory
from tests.scoring.games import make_game
from tournament.models import Game

pytestmark = pytest.mark.django_db

SMALL = [td.values(melded=60, left=10), td.values(melded=120, left=20)]  # 50 and 100


def test_the_entry_and_everything_an_entry_view_reads_of_it_cost_three_queries(tournament, django_assert_num_queries):
    game = make_game(tournament)
    hands.submit(game, number=1, values=SMALL, key="e1", entered_by="x")
    with django_assert_num_queries(3):  # the game with its tournament; its sides; the hand count
        entry = sheets.entry_for(table_token=game.table_token)
        names = entry.names
        tournament_seen = (entry.tournament.name, entry.tournament.slug, entry.tournament.variant,
                           entry.tournament.require_confirmation, entry.game.division.tournament.rules_numbers,
                           entry.game.division.kind, entry.tournament.language)
        players = [str(side) for side in entry.game_sides] + [side.team.name for side in entry.game_sides]
        same_game = all(side.game is entry.game for side in entry.game_sides)
        before = entry.totals_before(entry.next_number)
    assert names == [str(s) for s in game.sides.order_by("slot")] == players[:2] and same_game
    assert tournament_seen[:3] == (tournament.name, tournament.slug, tournament.variant)
    assert entry.hands_played == 1 and entry.next_number == 2 and before == [50, 100]
    assert str(entry.game) == str(Game.objects.get(pk=game.pk)) and "game 1" in str(entry.game)


def test_a_hand_save_reads_the_entry_in_two_queries_as_it_never_asks_for_the_hand_count(tournament, django_assert_num_queries):
    game = make_game(tournament)
    with django_assert_num_queries(2):  # the game with its tournament; its sides
        entry = sheets.entry_for(pk=game.pk)
        assert entry.names and entry.game_sides and entry.fields


def test_the_entry_is_the_same_by_table_token_or_by_pk(tournament):
    game = make_game(tournament)
    by_token, by_pk = sheets.entry_for(table_token=game.table_token), sheets.entry_for(pk=game.pk)
    assert by_token.game == by_pk.game == game
    assert by_token.names == by_pk.names and by_token.fields == by_pk.fields == sheets.entry_fields(tournament.variant)
    assert by_token.hands_played == by_pk.hands_played == 0


def test_an_unknown_game_is_not_found(db):
    with pytest.raises(Game.DoesNotExist):
        sheets.entry_for(table_token="no-such-token")


def test_player_sides_are_named_by_their_players():
    tournament = TournamentFactory(variant="baja-cutthroat")
    game = make_game(tournament, players=[PlayerFactory(tournament=tournament, name=n) for n in ("Ana", "Bea", "Cy")])
    assert sheets.entry_for(pk=game.pk).names == ["Ana", "Bea", "Cy"]


def test_a_corrections_totals_before_add_up_only_the_earlier_hands(tournament):
    game = make_game(tournament)
    for n in (1, 2, 3):
        hands.submit(game, number=n, values=SMALL, key=f"c{n}", entered_by="x")
    entry = sheets.entry_for(pk=game.pk)
    assert entry.totals_before(1) == [0, 0]
    assert entry.totals_before(3) == [100, 200]
    assert entry.totals_before(4) == [150, 300]  # the next hand: GameSide.total


def test_a_single_players_card_names_them_once(client):
    tournament = TournamentFactory(variant="baja-cutthroat")
    game = make_game(tournament, players=[PlayerFactory(tournament=tournament, name=n) for n in ("Ana Ruiz", "Bea", "Cy")])
    page = client.get(reverse("table:sheet", args=[game.table_token])).content.decode()
    assert "Ana Ruiz / Ana Ruiz" not in page and "<bdi>Ana Ruiz</bdi> / " not in page
    assert [view.players for view in sheets.build(game).sides] == [[], [], []]
