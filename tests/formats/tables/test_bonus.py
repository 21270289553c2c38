"""The club's first-table bonus (RULES §5, sheet 003): +400 per team to the first table whose last
hand is entered and confirmed, given automatically once; the organizer moves or removes it with a
reason, logged."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from scoring import outcome
from tests.changes import changes
from tests.formats.tables.played import club_round, confirm_all, play_club_game, players_round
from tournament.formats.tables import bonus, results
from tournament.models import GameEvent, TableBonus


def scores(event):
    return {row.name: (row.score, row.bonus) for row in results.standings(event).rows}


@pytest.mark.django_db
def test_the_first_table_to_finish_gets_400_per_team_automatically_and_only_it():
    event, (first, second) = club_round(2)
    play_club_game(first)
    play_club_game(second)
    confirm_all(second)
    assert outcome.finish_if_over(second)  # table 2 hands its cards in first
    confirm_all(first)
    assert outcome.finish_if_over(first)
    award = TableBonus.objects.get()
    assert award.game == second and award.points == 400 and award.by is None
    table = scores(event)
    assert table["P5 & P6"][1] == 400 and table["P7 & P8"][1] == 400
    assert table["P1 & P2"][1] == 0 and table["P3 & P4"][1] == 0
    assert table["P5 & P6"][0] == table["P1 & P2"][0] + 400  # same hands, plus the bonus
    assert GameEvent.objects.filter(game=second, kind="table_bonus").count() == 1


@pytest.mark.django_db
def test_no_bonus_before_every_hand_is_confirmed():
    event, (first, _) = club_round(2)
    play_club_game(first)
    assert not outcome.finish_if_over(first)
    assert not TableBonus.objects.exists()


@pytest.mark.django_db
def test_an_event_without_the_bonus_in_its_rules_gives_none():
    event, (game,) = players_round("rummikub", 3)
    game.status = "finished"
    game.save()
    assert bonus.award_first_finish(game) is None
    assert not TableBonus.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_tables_finishing_at_the_same_moment_give_one_award():
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent inserts are only real on PostgreSQL (DATABASE_URL=postgres://…)")
    event, games = club_round(2)
    for game in games:
        play_club_game(game)
        confirm_all(game)
    barrier, done = threading.Barrier(2), []

    def finish(game):
        try:
            barrier.wait()
            done.append(outcome.finish_if_over(game))
        finally:
            connection.close()

    threads = [threading.Thread(target=finish, args=(g,)) for g in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert done == [True, True]
    assert TableBonus.objects.count() == 1
    assert sum(row.bonus for row in results.standings(event).rows) == 2 * 400


@pytest.mark.django_db
def test_the_organizer_moves_the_bonus_with_a_reason_and_it_is_logged(django_user_model):
    organizer = django_user_model.objects.create_user("org")
    event, (first, second) = club_round(2)
    play_club_game(first)
    confirm_all(first)
    outcome.finish_if_over(first)
    before = changes(event)
    bonus.override(first.round, second, "Table 1 handed its cards in late", by=organizer)
    award = TableBonus.objects.get()
    assert award.game == second and award.by == organizer and award.reason == "Table 1 handed its cards in late"
    assert changes(event) > before
    assert {e.game_id for e in GameEvent.objects.filter(kind="table_bonus_override")} == {first.pk, second.pk}
    assert scores(event)["P5 & P6"][1] == 400 and scores(event)["P1 & P2"][1] == 0
    bonus.override(first.round, None, "Nobody finished properly", by=organizer)
    assert TableBonus.objects.get().game is None
    assert all(b == 0 for _, b in scores(event).values())


@pytest.mark.django_db
def test_a_removed_bonus_is_not_given_again_by_a_table_finishing_later(django_user_model):
    event, (first, second) = club_round(2)
    bonus.override(first.round, None, "No bonus today", by=django_user_model.objects.create_user("org"))
    play_club_game(second)
    confirm_all(second)
    assert outcome.finish_if_over(second)
    assert TableBonus.objects.get().game is None


@pytest.mark.django_db
@pytest.mark.parametrize("reason, message", [("  ", "Give a reason"), ("x" * 201, "200 characters")])
def test_an_override_without_a_proper_reason_is_refused_and_changes_nothing(reason, message):
    event, (first, second) = club_round(2)
    before = changes(event)
    with pytest.raises(ValidationError) as caught:
        bonus.override(first.round, second, reason)
    assert message in " ".join(caught.value.messages)
    assert changes(event) == before and not TableBonus.objects.exists()


@pytest.mark.django_db
def test_moving_the_bonus_to_a_table_of_another_event_is_refused():
    event, (first, _) = club_round(2)
    _, (elsewhere, _) = club_round(2)
    with pytest.raises(ValidationError, match="is not a table of Round 1"):
        bonus.override(first.round, elsewhere, "typo")
    assert not TableBonus.objects.exists()
