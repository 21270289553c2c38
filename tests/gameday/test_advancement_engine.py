"""Advancement: winners move on, byes and walkovers, the final, one team winning both, corrections."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import UserFactory
from tests.formats.bracket.draw.test_brackets_support import final_game, game, published, teams_of
from tournament.formats.bracket import advancement
from tournament.models import Division, Game, GameEvent

S = Game.Status


def play_out(tournament, kind, favourite=None):
    """Finish every game of a division; `favourite` wins whenever it plays, otherwise slot 1 wins."""
    while True:
        ready = Game.objects.filter(division__tournament=tournament, division__kind=kind, status=S.READY).order_by("round__number", "number")
        g = ready.first()
        if g is None:
            return Division.objects.get(tournament=tournament, kind=kind).champion
        sides = teams_of(g)
        winner = favourite if favourite in sides else sides[0]
        advancement.finish_game(g, winner, reason="score")


def test_a_winner_takes_the_next_slot_and_the_next_game_becomes_ready_with_its_deadlines(db):
    tournament, _ = published(8)
    first, second = game(tournament, "d1", 1, 1), game(tournament, "d1", 1, 2)
    next_game = game(tournament, "d1", 2, 1)
    a, b = teams_of(first)
    advancement.finish_game(first, b, reason="score")
    first.refresh_from_db()
    assert (first.status, first.winner, first.result_reason) == (S.FINISHED, b, "score")
    assert first.finished_at and first.version == 1
    assert GameEvent.objects.filter(game=first, kind="result").exists()
    assert teams_of(next_game) == [b, None]
    next_game.refresh_from_db()
    assert next_game.status == S.WAITING

    c, _d = teams_of(second)
    advancement.finish_game(second, c, reason="score")
    next_game.refresh_from_db()
    assert teams_of(next_game) == [b, c]
    assert next_game.status == S.READY
    assert next_game.no_show_at == next_game.starts_at + tournament.no_show_grace
    assert next_game.time_limit_at == next_game.starts_at + tournament.game_time_limit


def test_byes_advance_at_publish_and_two_bye_winners_meet_in_a_ready_game(db):
    tournament, teams = published(5, both=False)
    byes = list(Game.objects.filter(division__tournament=tournament, status=S.BYE))
    assert len(byes) == 3
    round_two = Game.objects.filter(division__tournament=tournament, round__number=2).order_by("number")
    known = [s.team for g in round_two for s in g.sides.all() if s.team]
    assert sorted(t.pk for t in known) == sorted(g.winner_id for g in byes)
    assert [g.status for g in round_two] == [S.WAITING, S.READY]


def test_a_game_whose_teams_are_not_both_known_cannot_get_a_result(db):
    tournament, teams = published(8)
    waiting = game(tournament, "d1", 2, 1)
    with pytest.raises(ValidationError, match="both of its teams must be known"):
        advancement.finish_game(waiting, teams[0], reason="score")
    waiting.refresh_from_db()
    assert waiting.status == S.WAITING and waiting.winner is None


def test_a_winner_must_be_one_of_the_two_teams_and_a_result_is_recorded_once(db):
    tournament, teams = published(8)
    g = game(tournament, "d1", 1, 1)
    outsider = next(t for t in teams if t not in teams_of(g))
    with pytest.raises(ValidationError, match="must be one of its teams"):
        advancement.finish_game(g, outsider, reason="score")
    advancement.finish_game(g, teams_of(g)[0], reason="score")
    with pytest.raises(ValidationError, match="already has a result"):
        advancement.finish_game(g, teams_of(g)[1], reason="score")
    g.refresh_from_db()
    assert g.winner == teams_of(g)[0] and g.version == 1


def test_double_forfeit_gives_the_next_opponent_a_walkover_once_known(db):
    tournament, _ = published(8)
    advancement.double_forfeit(game(tournament, "d1", 1, 1))
    following = game(tournament, "d1", 2, 1)
    assert following.status == S.WAITING  # the opponent is not known yet
    winner = teams_of(game(tournament, "d1", 1, 2))[1]
    advancement.finish_game(game(tournament, "d1", 1, 2), winner, reason="no show", status=S.FORFEIT)
    following.refresh_from_db()
    assert (following.status, following.winner, following.result_reason) == (S.FORFEIT, winner, "walkover")
    assert winner in teams_of(game(tournament, "d1", 3, 1))


def test_double_forfeit_after_the_opponent_is_known_is_a_walkover_at_once(db):
    tournament, _ = published(8)
    winner = teams_of(game(tournament, "d1", 1, 2))[0]
    advancement.finish_game(game(tournament, "d1", 1, 2), winner, reason="score")
    advancement.double_forfeit(game(tournament, "d1", 1, 1), reason="no show")
    following = game(tournament, "d1", 2, 1)
    assert (following.status, following.winner) == (S.FORFEIT, winner)


def test_two_double_forfeits_propagate_to_the_next_round(db):
    tournament, _ = published(8)
    advancement.double_forfeit(game(tournament, "d1", 1, 1))
    advancement.double_forfeit(game(tournament, "d1", 1, 2))
    assert game(tournament, "d1", 2, 1).status == S.DOUBLE_FORFEIT
    assert game(tournament, "d1", 3, 1).status == S.WAITING
    advancement.finish_game(game(tournament, "d1", 1, 3), teams_of(game(tournament, "d1", 1, 3))[0], reason="score")
    champion_to_be = teams_of(game(tournament, "d1", 1, 4))[0]
    advancement.finish_game(game(tournament, "d1", 1, 4), champion_to_be, reason="score")
    advancement.finish_game(game(tournament, "d1", 2, 2), champion_to_be, reason="score")
    division_final = game(tournament, "d1", 3, 1)
    assert (division_final.status, division_final.winner) == (S.FORFEIT, champion_to_be)
    assert Division.objects.get(tournament=tournament, kind="d1").champion == champion_to_be


def test_the_two_division_champions_meet_in_the_final(db):
    tournament, teams = published(6)
    d1 = play_out(tournament, "d1", favourite=teams[0])
    d2 = play_out(tournament, "d2", favourite=teams[1])
    assert (d1, d2) == (teams[0], teams[1])
    final = final_game(tournament)
    assert final.status == S.READY
    assert sorted(t.pk for t in teams_of(final)) == sorted([teams[0].pk, teams[1].pk])
    advancement.finish_game(final, teams[1], reason="score")
    assert Division.objects.get(tournament=tournament, kind="final").champion == teams[1]


def test_one_team_winning_both_divisions_is_champion_and_the_final_is_not_needed(db):
    tournament, teams = published(7)
    play_out(tournament, "d1", favourite=teams[3])
    play_out(tournament, "d2", favourite=teams[3])
    final = final_game(tournament)
    assert (final.status, final.winner) == (S.NOT_NEEDED, teams[3])
    assert Division.objects.get(tournament=tournament, kind="final").champion == teams[3]
    with pytest.raises(ValidationError, match="already has a result"):
        advancement.finish_game(final, teams[3], reason="score")


def test_a_correction_before_the_next_game_starts_redoes_advancement(db):
    organizer = UserFactory()
    tournament, _ = published(8)
    g = game(tournament, "d1", 1, 1)
    a, b = teams_of(g)
    advancement.finish_game(g, a, reason="score")
    advancement.finish_game(game(tournament, "d1", 1, 2), teams_of(game(tournament, "d1", 1, 2))[0], reason="score")
    assert advancement.next_game_started(g) is False
    advancement.correct_result(g, b, by=organizer, note="Score sheet added up wrong")
    g.refresh_from_db()
    assert g.winner == b and g.decided_by == organizer
    following = game(tournament, "d1", 2, 1)
    assert teams_of(following)[0] == b and following.status == S.READY
    event = GameEvent.objects.get(game=g, kind="correction")
    assert event.note == "Score sheet added up wrong" and event.data["old_winner"] == {"team": a.pk}


def test_a_correction_after_the_next_game_started_is_refused(db):
    organizer = UserFactory()
    tournament, _ = published(8)
    g = game(tournament, "d1", 1, 1)
    a, b = teams_of(g)
    advancement.finish_game(g, a, reason="score")
    advancement.finish_game(game(tournament, "d1", 1, 2), teams_of(game(tournament, "d1", 1, 2))[0], reason="score")
    Game.objects.filter(pk=game(tournament, "d1", 2, 1).pk).update(status=S.IN_PLAY)
    assert advancement.next_game_started(g) is True
    with pytest.raises(ValidationError, match="the next game has already started"):
        advancement.correct_result(g, b, by=organizer, note="late complaint")
    g.refresh_from_db()
    assert g.winner == a
    assert teams_of(game(tournament, "d1", 2, 1))[0] == a


def test_correcting_a_division_final_reopens_a_final_that_was_not_needed(db):
    organizer = UserFactory()
    tournament, teams = published(4)
    play_out(tournament, "d1", favourite=teams[0])
    play_out(tournament, "d2", favourite=teams[0])
    assert final_game(tournament).status == S.NOT_NEEDED
    d2_final = game(tournament, "d2", 2, 1)
    other = next(t for t in teams_of(d2_final) if t != teams[0])
    advancement.correct_result(d2_final, other, by=organizer, note="wrong team ticked")
    final = final_game(tournament)
    assert final.status == S.READY and final.winner is None
    assert Division.objects.get(tournament=tournament, kind="d2").champion == other
    assert Division.objects.get(tournament=tournament, kind="final").champion is None
