"""Every write of the score sheet counts one change of its tournament (Tournament.changes, the key of
cached pages), so the next request shows it; a refused write changes nothing and counts nothing."""

import pytest
from django.utils import timezone

from scoring import hands, outcome
from scoring import sample_hands as td
from scoring.models import Hand
from tests.changes import changes
from tests.factories import PlayerFactory, TeamFactory, TournamentFactory
from tests.scoring.games import make_game
from tournament.models import Game

pytestmark = pytest.mark.django_db

W1_OUT = [td.values(out=True, **td.W1), td.values(**td.W2)]
BIG_OUT = [td.values(out=True, **td.BIG), td.values(melded=300, left=20)]


def submit(game, number, values=W1_OUT, key=None):
    return hands.submit(game, number=number, values=values, key=key or f"k-{game.pk}-{number}", entered_by="A")


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def test_saving_a_hand_counts_a_change(tournament, game):
    before = changes(tournament)
    submit(game, 1)
    assert changes(tournament) == before + 1


def test_a_refused_or_repeated_hand_counts_nothing(tournament, game):
    submit(game, 1, key="once")
    before = changes(tournament)
    with pytest.raises(hands.Refused):
        submit(game, 2, [td.values(out=True, **dict(td.W1, twos=0)), td.values(**td.W2)])
    with pytest.raises(hands.NumberTaken):
        submit(game, 1, key="another phone")
    assert submit(game, 1, key="once")[1] is False  # a double tap finds the saved hand
    closed = make_game(tournament, status=Game.Status.READY)
    with pytest.raises(hands.GameClosed):
        submit(closed, 1)
    assert changes(tournament) == before


def test_a_correction_counts_a_change_and_a_stale_one_does_not(tournament, game):
    hand, _ = submit(game, 1)
    before = changes(tournament)
    hands.correct(hand, version=1, values=[td.values(**td.W2), td.values(**td.W2)], reason="recount", author="B")
    assert changes(tournament) == before + 1
    with pytest.raises(hands.StaleEdit):
        hands.correct(hand, version=1, values=W1_OUT, reason="again", author="A")
    with pytest.raises(hands.Refused):
        hands.correct(hand, version=2, values=W1_OUT, reason=" ", author="A")
    assert changes(tournament) == before + 1


def test_a_correction_that_moves_the_win_counts_its_change(tournament):
    game = make_game(tournament, with_next=True)
    for number, values in enumerate([W1_OUT, W1_OUT, BIG_OUT], start=1):
        hand, _ = submit(game, number, values)
        hands.confirm(hand, version=1, by="B")
    before = changes(tournament)
    last = Hand.objects.get(game=game, number=3)
    b_huge = td.values(out=True, red=4, black=4, runs=4, twos=4, melded=1200)
    hands.correct(last, version=1, values=[td.values(melded=300, left=20), b_huge], reason="hand was B's",
                  author="organizer", organizer=True)
    assert Game.objects.get(pk=game.pk).winner == game.sides.get(slot=2).team
    assert changes(tournament) > before


def test_a_correction_refused_for_the_result_counts_nothing(tournament):
    game = make_game(tournament, with_next=True)
    for number, values in enumerate([W1_OUT, W1_OUT, BIG_OUT], start=1):
        hand, _ = submit(game, number, values)
        hands.confirm(hand, version=1, by="B")
    before = changes(tournament)
    with pytest.raises(hands.ResultLocked):
        hands.correct(Hand.objects.get(game=game, number=3), version=1,
                      values=[td.values(melded=300, left=20), td.values(**td.W2)], reason="wrong side",
                      author="organizer", organizer=True)
    assert changes(tournament) == before


def test_a_confirmation_counts_a_change_and_a_refused_or_repeated_one_does_not(tournament, game):
    hand, _ = submit(game, 1)
    before = changes(tournament)
    with pytest.raises(hands.HandError, match="other side"):
        hands.confirm(hand, version=1, by="A")
    assert changes(tournament) == before
    hands.confirm(hand, version=1, by="B")
    assert changes(tournament) == before + 1
    hands.confirm(hand, version=1, by="B")  # a double tap
    assert changes(tournament) == before + 1


def test_a_new_table_link_counts_a_change(tournament, game):
    before = changes(tournament)
    hands.rotate_token(game)
    assert changes(tournament) == before + 1


def _over_and_confirmed(game, values_by_hand):
    """Hands that end the game, saved and then marked confirmed directly (no confirmation writes)."""
    for number, values in enumerate(values_by_hand, start=1):
        submit(game, number, values)
    Hand.objects.filter(game=game).update(confirmed_at=timezone.now(), confirmed_by="B")


def test_finishing_a_game_from_the_sheet_counts_a_change(tournament):
    game = make_game(tournament, with_next=True)
    _over_and_confirmed(game, [W1_OUT, W1_OUT, BIG_OUT])
    before = changes(tournament)
    assert outcome.finish_if_over(game)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert changes(tournament) == before + 1
    assert not outcome.finish_if_over(game)  # a second caller finds it finished and counts nothing
    assert changes(tournament) == before + 1


def test_a_tie_sent_to_the_organizer_counts_a_change():
    tournament = TournamentFactory(variant="club-4deck")
    game = make_game(tournament, teams=[TeamFactory(tournament=tournament) for _ in range(2)])
    level = [td.values(red=1, melded=320, left=20), td.values(red=1, melded=320, left=20)]
    _over_and_confirmed(game, [level, level, level])  # club 4-deck ends after 3 hands; the totals are level
    before = changes(tournament)
    assert outcome.finish_if_over(game)
    assert Game.objects.get(pk=game.pk).status == Game.Status.AWAITING_DECISION
    assert changes(tournament) == before + 1


def test_finishing_a_game_of_player_sides_counts_a_change():
    tournament = TournamentFactory(variant="baja-cutthroat", format="tables", require_confirmation=True)
    game = make_game(tournament, players=[PlayerFactory(tournament=tournament) for _ in range(3)])
    big = [td.values(out=True, red=4, black=4, runs=4, twos=1, melded=2200), td.values(melded=100), td.values(left=50)]
    _over_and_confirmed(game, [big])  # 2,000 + 1,200 + 6,000 + 2,000 + 2,200 + 200 ≥ 10,000
    before = changes(tournament)
    assert outcome.finish_if_over(game)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert changes(tournament) == before + 1
