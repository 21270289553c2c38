"""The hand services: submit, correct, confirm — what is saved, what is refused, what follows."""

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand, HandRevision
from scoring.sheet import build, card_classes, count_points, game_for_sheet
from tests.factories import PlayerFactory, TournamentFactory
from tests.scoring.games import make_game
from tournament.formats.bracket import advancement
from tournament.models import Game, GameEvent, GameSide

pytestmark = pytest.mark.django_db

W1_OUT = [td.values(out=True, **td.W1), td.values(**td.W2)]


def submit(game, number, sides, key=None, by="A"):
    return hands.submit(game, number=number, values=sides, key=key or f"k-{game.pk}-{number}-{by}", entered_by=by)


def totals(game):
    return list(GameSide.objects.filter(game=game).order_by("slot").values_list("total", flat=True))


def sheet(game):
    return build(game_for_sheet(pk=game.pk))


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def test_a_hand_is_saved_with_its_first_revision_and_the_totals_follow(game):
    hand, created = submit(game, 1, W1_OUT)
    assert created and hand.version == 1
    assert [s["hand_score"] for s in hand.result["sides"]] == [5690, 935]
    assert HandRevision.objects.get(hand=hand).entries == hand.entries
    assert totals(game) == [5690, 935]
    s = sheet(game)
    assert [v.next_meld for v in s.sides] == [90, 50]
    assert s.rows[0].unconfirmed


def test_the_same_key_twice_saves_one_hand(game):
    first, created = submit(game, 1, W1_OUT, key="one-key")
    again, created_again = submit(game, 1, W1_OUT, key="one-key")
    assert created and not created_again and again.pk == first.pk
    assert Hand.objects.count() == 1 and totals(game) == [5690, 935]


def test_a_key_belongs_to_its_game(tournament, game):
    """Issue 35: a key is unique within its game only, so a backup's hands never meet another game's keys."""
    submit(game, 1, W1_OUT, key="shared")
    other = make_game(tournament)
    submit(other, 1, W1_OUT, key="shared")
    submit(other, 1, W1_OUT, key="shared")  # the retry finds its hand
    assert Hand.objects.filter(game=other).count() == 1 and Hand.objects.filter(game=game).count() == 1


def test_everything_the_engine_refuses_is_refused_naming_side_and_field(game):
    no_twos = dict(td.W1, twos=0)
    with pytest.raises(hands.Refused) as refused:
        submit(game, 1, [td.values(out=True, **no_twos), td.values(**td.W2)])
    assert any(e["side"] == game.sides.get(slot=1).team.name and e["field"] == "books_of_twos" for e in refused.value.errors)
    assert not Hand.objects.exists() and totals(game) == [0, 0]


def test_absurd_numbers_are_refused(game):
    with pytest.raises(hands.Refused) as refused:
        submit(game, 1, [td.values(melded=10_000_000), td.values()])
    assert {e["field"] for e in refused.value.errors} & {"melded_points"}
    with pytest.raises(hands.Refused):
        submit(game, 1, [td.values(red=-1), td.values()])
    assert not Hand.objects.exists()


@pytest.mark.parametrize("status", [Game.Status.WAITING, Game.Status.READY, Game.Status.FINISHED,
                                    Game.Status.FORFEIT, Game.Status.AWAITING_DECISION])
def test_a_hand_for_a_game_not_in_play_is_refused(tournament, status):
    game = make_game(tournament, status=status)
    with pytest.raises(hands.GameClosed):
        submit(game, 1, W1_OUT)
    assert not Hand.objects.exists()


def test_a_hand_number_taken_by_another_phone_is_refused(game):
    submit(game, 1, W1_OUT, key="phone-1")
    with pytest.raises(hands.NumberTaken, match="another phone"):
        submit(game, 1, W1_OUT, key="phone-2")
    assert Hand.objects.count() == 1


def test_a_correction_is_a_new_revision_and_totals_and_meld_follow(game):
    hand, _ = submit(game, 1, W1_OUT)
    submit(game, 2, [td.values(**td.W2), td.values(melded=300, left=20)])
    assert sheet(game).sides[0].next_meld == 90  # 6,625
    corrected = hands.correct(hand, version=1, values=[td.values(**td.W2), td.values(**td.W2)],
                              reason="wrong side went out", author="B")
    assert corrected.version == 2 and corrected.confirmed_at is None and corrected.entered_by == "B"
    assert list(hand.revisions.values_list("version", "reason")) == [(1, ""), (2, "wrong side went out")]
    assert totals(game) == [935 * 2, 935 + 280]
    assert sheet(game).sides[0].next_meld == 50
    assert GameEvent.objects.filter(game=game, kind="hand_corrected").exists()


def test_a_stale_correction_changes_nothing_and_says_what_the_hand_is_now(game):
    hand, _ = submit(game, 1, W1_OUT)
    hands.correct(hand, version=1, values=[td.values(**td.W2), td.values(**td.W2)], reason="first", author="B")
    with pytest.raises(hands.StaleEdit, match="version 2") as stale:
        hands.correct(hand, version=1, values=W1_OUT, reason="second", author="A")
    assert stale.value.hand.version == 2
    assert hand.revisions.count() == 2 and totals(game) == [935, 935]


def test_the_same_correction_sent_again_writes_nothing_new(game):
    """A double tap, or a phone resending a correction whose answer was lost: the hand it made."""
    hand, _ = submit(game, 1, W1_OUT)
    fix = [td.values(**td.W2), td.values(**td.W2)]
    hands.correct(hand, version=1, values=fix, reason="wrong side went out", author="B")
    again = hands.correct(hand, version=1, values=fix, reason="wrong side went out", author="B")
    assert again.version == 2 and hand.revisions.count() == 2 and totals(game) == [935, 935]
    assert GameEvent.objects.filter(game=game, kind="hand_corrected").count() == 1
    with pytest.raises(hands.StaleEdit):  # other figures on the old version: somebody else's change
        hands.correct(hand, version=1, values=[td.values(**td.W2), td.values(melded=300, left=20)],
                      reason="wrong side went out", author="B")
    with pytest.raises(hands.StaleEdit):  # the same figures for another reason: not this correction
        hands.correct(hand, version=1, values=fix, reason="another reason", author="B")


def test_a_correction_needs_a_reason(game):
    hand, _ = submit(game, 1, W1_OUT)
    with pytest.raises(hands.Refused, match="reason"):
        hands.correct(hand, version=1, values=W1_OUT, reason="  ", author="B")
    assert hand.revisions.count() == 1


def test_the_other_side_confirms_not_the_one_that_entered(game):
    hand, _ = submit(game, 1, W1_OUT, by="Sharks 1")
    with pytest.raises(hands.HandError, match="other side"):
        hands.confirm(hand, version=1, by="Sharks 1")
    confirmed = hands.confirm(hand, version=1, by="Pelicans 1")
    assert confirmed.confirmed_by == "Pelicans 1" and not sheet(game).rows[0].unconfirmed
    assert hands.confirm(hand, version=1, by="Pelicans 1").confirmed_at == confirmed.confirmed_at  # double tap


def test_confirming_an_old_version_is_refused(game):
    hand, _ = submit(game, 1, W1_OUT, by="A")
    hands.correct(hand, version=1, values=W1_OUT, reason="recount", author="A")
    with pytest.raises(hands.StaleEdit):
        hands.confirm(hand, version=1, by="B")
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None


def test_the_organizer_confirms_any_hand(game):
    hand, _ = submit(game, 1, W1_OUT, by="A")
    assert hands.confirm(hand, version=1, by="organizer", organizer=True).confirmed_by == "organizer"


def play_to_the_end(game, confirm=True):
    """A (slot 1) passes 20,000 in hand 3; B confirms each hand."""
    big = [td.values(out=True, **td.BIG), td.values(melded=300, left=20)]
    for number, sides in enumerate([W1_OUT, W1_OUT, big], start=1):
        hand, _ = submit(game, number, sides, by="A")
        if confirm:
            hands.confirm(hand, version=1, by="B")


def test_the_game_finishes_when_the_engine_says_so_and_the_winner_advances(tournament):
    game = make_game(tournament, with_next=True)
    winner = game.sides.get(slot=1).team
    play_to_the_end(game)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == winner and game.result_reason == "score"
    assert advancement.next_game(game).sides.get(slot=1).team == winner
    with pytest.raises(hands.GameClosed):
        submit(game, 4, W1_OUT)


def test_with_confirmation_the_game_waits_for_the_last_hand_to_be_confirmed(game):
    play_to_the_end(game, confirm=False)
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY
    with pytest.raises(hands.GameClosed, match="confirm hand 1, 2, 3"):
        submit(game, 4, W1_OUT)
    for hand in Hand.objects.filter(game=game):
        hands.confirm(hand, version=1, by="B")
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_without_confirmation_the_game_finishes_at_once(tournament):
    tournament.require_confirmation = False
    tournament.save()
    game = make_game(tournament)
    play_to_the_end(game, confirm=False)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert not any(r.unconfirmed for r in sheet(game).rows)


def test_a_correction_after_the_end_moves_the_win_while_the_next_game_waits(tournament):
    game = make_game(tournament, with_next=True)
    play_to_the_end(game)
    last = Hand.objects.get(game=game, number=3)
    # Hand 3 really went the other way: B passes nobody, A drops back under 20,000 — no winner.
    with pytest.raises(hands.ResultLocked, match="no longer have a winner"):
        hands.correct(last, version=1, values=[td.values(melded=300, left=20), td.values(**td.W2)],
                      reason="wrong side", author="organizer", organizer=True)
    assert Hand.objects.get(pk=last.pk).version == 1
    # A correction that keeps A over 20,000 is fine and the winner stays.
    hands.correct(last, version=1, values=[td.values(out=True, **dict(td.BIG, left=40)), td.values(melded=300, left=20)],
                  reason="left points", author="organizer", organizer=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == game.sides.get(slot=1).team
    assert totals(game) == [23440, 2150]


def test_a_correction_that_gives_the_game_to_the_other_side_moves_the_winner_on(tournament):
    game = make_game(tournament, with_next=True)
    play_to_the_end(game)
    last = Hand.objects.get(game=game, number=3)
    b_huge = td.values(out=True, red=4, black=4, runs=4, twos=4, melded=1200)
    hands.correct(last, version=1, values=[td.values(melded=300, left=20), b_huge], reason="hand was B's",
                  author="organizer", organizer=True)
    game.refresh_from_db()
    b = game.sides.get(slot=2).team
    assert totals(game) == [11660, 20470]
    assert game.winner == b and advancement.next_game(game).sides.get(slot=1).team == b
    assert GameEvent.objects.filter(game=game, kind="correction").exists()


def test_a_correction_of_a_time_limit_result_gives_the_win_to_the_highest_total(tournament):
    game = make_game(tournament, with_next=True)
    for number in (1, 2):
        hand, _ = submit(game, number, W1_OUT)
        hands.confirm(hand, version=1, by="B")
    a, b = (game.sides.get(slot=slot).team for slot in (1, 2))
    advancement.finish_game(game, a, reason="time limit")
    second = Hand.objects.get(game=game, number=2)
    # Level totals at the time limit (6,625 each) leave no winner: refused, nothing written.
    with pytest.raises(hands.ResultLocked, match="no longer have a winner"):
        hands.correct(second, version=1, values=[td.values(**td.W2), td.values(out=True, **td.W1)],
                      reason="sides swapped", author="organizer", organizer=True)
    # B ahead when the clock ran out, though far from 20,000: B wins (A7), and moves on.
    b_huge = td.values(out=True, red=4, black=4, runs=4, twos=4, melded=1200)
    hands.correct(second, version=1, values=[td.values(melded=300, left=20), b_huge], reason="hand was B's",
                  author="organizer", organizer=True)
    game.refresh_from_db()
    assert totals(game) == [5970, 19535]
    assert game.status == Game.Status.FINISHED and game.winner == b and game.result_reason == "time limit"
    assert advancement.next_game(game).sides.get(slot=1).team == b


def test_only_the_organizer_changes_hands_once_the_next_game_started(tournament):
    game = make_game(tournament, with_next=True)
    play_to_the_end(game)
    Game.objects.filter(pk=advancement.next_game(game).pk).update(status=Game.Status.IN_PLAY)
    first = Hand.objects.get(game=game, number=1)
    with pytest.raises(hands.ResultLocked, match="only the organizer"):
        hands.correct(first, version=1, values=W1_OUT, reason="x", author="B")
    hands.correct(first, version=1, values=[td.values(out=True, **dict(td.W1, left=55)), td.values(**td.W2)],
                  reason="recount", author="organizer", organizer=True)
    assert Hand.objects.get(pk=first.pk).confirmed_by == "organizer"


def test_player_sides_work_too():
    tournament = TournamentFactory(variant="baja-cutthroat")
    players = [PlayerFactory(tournament=tournament, name=n) for n in ("Ana", "Bea", "Cy")]
    game = make_game(tournament, players=players)
    entry = [td.values(out=True, red=1, black=1, runs=1, melded=500), td.values(melded=100), td.values(left=50)]
    hand, _ = submit(game, 1, entry, by="Ana")
    s = sheet(game)
    assert [v.name for v in s.sides] == ["Ana", "Bea", "Cy"] and s.sides[0].players == []  # named once, by the side's name
    assert totals(game) == [hand.result["sides"][i]["hand_score"] for i in range(3)]


def test_rotating_the_token_retires_the_old_one(game):
    old = game.table_token
    new = hands.rotate_token(game)
    assert new != old and not Game.objects.filter(table_token=old).exists()


def test_the_card_count_helper_uses_the_variants_card_values():
    assert card_classes("baja-partners") == [("4–7", 5), ("8–K", 10), ("A", 20), ("2", 20), ("Joker", 50)]
    assert count_points("baja-partners", None, [3, 2, 1, 0, 1]) == 15 + 20 + 20 + 50
    assert all(points > 0 for _, points in card_classes("fiji-team"))  # Fiji jokers are penalties, not card points
    assert card_classes("rummikub") == []


def test_the_sheet_marks_the_sole_leader_and_nobody_on_level_totals(game):
    assert [v.leading for v in sheet(game).sides] == [False, False]  # no hand yet
    hand, _ = submit(game, 1, W1_OUT)
    assert [v.leading for v in sheet(game).sides] == [False, False]  # on confirmed hands only (F1)
    hands.confirm(hand, version=1, by="B")
    assert [v.leading for v in sheet(game).sides] == [True, False]
    hand, _ = submit(game, 2, [td.values(**td.W2), td.values(out=True, **td.W1)])  # 6,625 each
    hands.confirm(hand, version=1, by="B")
    assert [v.leading for v in sheet(game).sides] == [False, False]
