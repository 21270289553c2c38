"""Game-day services: check-in, start, no-show, time limit, decisions, reversals, substitutes."""

import datetime as dt

import pytest
import time_machine
from django.core.exceptions import ValidationError

from tests.factories import PlayerFactory
from tests.gameday_setup import next_game, publish_division, teams
from tournament.core import actions, clock, deadlines
from tournament.core.timetable import set_posted_start
from tournament.formats.bracket import advancement
from tournament.models import CheckIn, Game, GameEvent, GameSide, Player, Substitution

S = Game.Status
POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 in Mazatlán (UTC−7)
NO_SHOW = POSTED + dt.timedelta(minutes=5)


@pytest.fixture
def division(tournament):
    return publish_division(tournament, starts_at=POSTED)


@pytest.fixture
def game(division):
    return division[1][0]


@pytest.fixture
def other_game(division):
    return division[1][1]


@pytest.fixture
def quiet_other(other_game):
    """The division's other game has both teams in, so a sweep finds nothing to do there."""
    for team in teams(other_game):
        actions.check_in(other_game, team, now=POSTED)
    return other_game


def reload(game):
    return Game.objects.get(pk=game.pk)


def side(game, team):
    return GameSide.objects.get(game=game, team=team)


@pytest.mark.django_db
class TestCheckIn:
    def test_a_check_in_is_kept_as_an_event_and_marks_the_side(self, game, organizer):
        a, _ = teams(game)
        at = POSTED - dt.timedelta(minutes=20)
        record = actions.check_in(game, a, by=organizer, via="organizer", now=at)
        assert (record.team, record.recorded_by, record.via, record.at) == (a, organizer, "organizer", at)
        assert side(game, a).checked_in_at == at

    def test_checking_in_twice_keeps_the_first_check_in(self, game):
        a, _ = teams(game)
        first = actions.check_in(game, a, via="table", now=POSTED - dt.timedelta(minutes=3))
        again = actions.check_in(game, a, via="organizer", now=POSTED)
        assert again.pk == first.pk and CheckIn.objects.count() == 1 and again.via == "table"

    def test_a_team_not_in_the_game_is_refused(self, game, other_game):
        outsider = teams(other_game)[0]
        with pytest.raises(ValidationError, match=f"{outsider.name} is not playing in Division 1 Semi-finals game 1"):
            actions.check_in(game, outsider, now=POSTED)
        assert not CheckIn.objects.exists()

    def test_a_game_whose_teams_are_not_known_is_refused(self, game):
        final = next_game(game)
        with pytest.raises(ValidationError, match="is not ready yet: its teams are not both known"):
            actions.check_in(final, teams(game)[0], now=POSTED)
        assert not CheckIn.objects.exists()

    def test_a_finished_game_is_refused(self, game):
        a, b = teams(game)
        advancement.finish_game(game, a, reason="score")
        with pytest.raises(ValidationError, match="is over \\(finished\\); check-in is closed"):
            actions.check_in(game, b, now=POSTED)

    def test_check_in_at_4_59_prevents_the_forfeit(self, game, other_game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        with time_machine.travel(NO_SHOW - dt.timedelta(seconds=1), tick=False):
            actions.check_in(game, b)
        with time_machine.travel(NO_SHOW, tick=False):
            deadlines.sweep()
            assert deadlines.apply_no_show(game.pk) is False
        assert reload(game).status == S.READY
        assert reload(other_game).status == S.DOUBLE_FORFEIT  # the sweep did run

    def test_check_in_after_the_deadline_is_refused_and_the_forfeit_applied_even_before_any_task(self, game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        with time_machine.travel(NO_SHOW + dt.timedelta(seconds=30), tick=False):
            with pytest.raises(ValidationError) as refused:
                actions.check_in(game, b, via="table")
        assert refused.value.messages == [
            "Check-in refused: the no-show deadline for Division 1 Semi-finals game 1, table 1 was 10:05 AM "
            f"(5 minutes after the posted start), so {b.name} forfeits this game. Ask the organizer if this is wrong."
        ]
        # The organizer, checking in on the game's page, is not told to ask the organizer.
        with pytest.raises(ValidationError) as refused:
            actions.check_in(game, b)
        assert "Ask the organizer" not in refused.value.messages[0] and "check-in is closed" in refused.value.messages[0]
        game = reload(game)
        assert (game.status, game.winner, game.result_reason) == (S.FORFEIT, a, "no show")
        assert not CheckIn.objects.filter(team=b).exists()

    def test_check_in_after_a_forfeit_is_refused_with_the_reason(self, game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        deadlines.apply_no_show(game.pk, now=NO_SHOW)
        with pytest.raises(ValidationError, match=r"was forfeited \(no show\) at 10:05 AM; check-in is closed"):
            actions.check_in(game, b, now=NO_SHOW + dt.timedelta(minutes=10))


@pytest.mark.django_db
class TestNoShow:
    def test_the_absent_team_forfeits_and_the_opponent_advances(self, game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        assert deadlines.apply_no_show(game.pk, now=NO_SHOW - dt.timedelta(seconds=1)) is False
        assert deadlines.apply_no_show(game.pk, now=NO_SHOW) is True
        game = reload(game)
        assert (game.status, game.winner, game.result_reason) == (S.FORFEIT, a, "no show")
        assert a in teams(next_game(game))
        assert GameEvent.objects.filter(game=game, kind="no_show").get().data["absent"] == [{"team": b.pk}]

    def test_applied_twice_it_forfeits_once(self, game, quiet_other):
        actions.check_in(game, teams(game)[0], now=POSTED)
        results = [deadlines.apply_no_show(game.pk, now=NO_SHOW), deadlines.apply_no_show(game.pk, now=NO_SHOW),
                   deadlines.sweep(NO_SHOW + dt.timedelta(minutes=1))["apply_due_no_shows"]]
        assert results == [True, False, 0]
        assert GameEvent.objects.filter(game=game, kind="result").count() == 1

    def test_both_absent_is_a_double_forfeit_and_the_next_opponent_gets_a_walkover(self, game, other_game):
        c, _ = teams(other_game)
        actions.check_in(other_game, c, now=POSTED)
        assert deadlines.sweep(NO_SHOW)["apply_due_no_shows"] == 2
        assert reload(game).status == S.DOUBLE_FORFEIT
        final = next_game(game)
        assert (final.status, final.winner, final.result_reason) == (S.FORFEIT, c, "walkover")

    def test_a_team_with_one_player_and_no_substitute_forfeits_for_no_partner(self, game):
        a, b = teams(game)
        Player.objects.filter(team=b).first().delete()
        actions.check_in(game, a, now=POSTED)
        with pytest.raises(ValidationError, match=f"{b.name} has only one player. Record a substitute"):
            actions.check_in(game, b, now=POSTED)
        deadlines.apply_no_show(game.pk, now=NO_SHOW)
        assert reload(game).result_reason == "no partner"


@pytest.mark.django_db
class TestStart:
    def test_a_start_before_both_teams_checked_in_is_refused(self, game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        with pytest.raises(ValidationError, match=f"both teams must check in first \\({b.name} has not\\)"):
            actions.start_game(game, now=POSTED + dt.timedelta(minutes=1))
        assert reload(game).status == S.READY and reload(game).started_at is None

    def test_an_early_start_without_both_teams_agreeing_is_refused(self, game):
        a, b = teams(game)
        early = POSTED - dt.timedelta(minutes=40)
        actions.check_in(game, a, now=early)
        actions.check_in(game, b, now=early)
        with pytest.raises(ValidationError, match=f"needs both teams to agree: {b.name} has not agreed"):
            actions.start_game(game, agreed_team_ids=[a.pk], now=early)
        assert reload(game).status == S.READY

    def test_an_early_start_records_the_agreement_and_the_limit_runs_from_the_actual_start(self, game, organizer):
        a, b = teams(game)
        early = POSTED - dt.timedelta(minutes=40)
        for team in (a, b):
            actions.check_in(game, team, now=early)
        actions.start_game(game, by=organizer, agreed_team_ids=[a.pk, b.pk], now=early)
        game = reload(game)
        assert (game.status, game.started_at, game.early_start_agreed) == (S.IN_PLAY, early, True)
        assert game.time_limit_at == early + dt.timedelta(hours=2, minutes=30)
        assert GameEvent.objects.get(game=game, kind="started").data["agreed"] == [{"team": pk} for pk in sorted([a.pk, b.pk])]

    def test_a_late_start_keeps_the_limit_from_the_posted_start(self, game):
        for team in teams(game):
            actions.check_in(game, team, now=POSTED)
        actions.start_game(game, now=POSTED + dt.timedelta(minutes=12))
        game = reload(game)
        assert game.time_limit_at == POSTED + dt.timedelta(hours=2, minutes=30)
        assert game.early_start_agreed is False


@pytest.mark.django_db
class TestTimeLimit:
    def started(self, game):
        for team in teams(game):
            actions.check_in(game, team, now=POSTED)
        return actions.start_game(game, now=POSTED)

    def test_the_higher_total_wins_at_the_limit(self, game):
        game = self.started(game)
        a, b = teams(game)
        GameSide.objects.filter(game=game, team=b).update(total=1450)
        GameSide.objects.filter(game=game, team=a).update(total=1200)
        with time_machine.travel(game.time_limit_at - dt.timedelta(seconds=1), tick=False):
            assert deadlines.sweep()["apply_due_time_limits"] == 0
        with time_machine.travel(game.time_limit_at, tick=False):
            assert deadlines.sweep()["apply_due_time_limits"] == 1
        game = reload(game)
        assert (game.status, game.winner, game.result_reason) == (S.FINISHED, b, "time limit")
        assert b in teams(next_game(game))

    def test_level_totals_wait_for_the_organizer_who_records_winner_and_why(self, game, organizer):
        game = self.started(game)
        a, b = teams(game)
        GameSide.objects.filter(game=game).update(total=900)
        assert deadlines.apply_time_limit(game.pk, now=game.time_limit_at) is True
        assert deadlines.apply_time_limit(game.pk, now=game.time_limit_at) is False
        assert reload(game).status == S.AWAITING_DECISION
        with pytest.raises(ValidationError, match="Say why this team wins"):
            actions.decide(reload(game), a, organizer, "  ")
        actions.decide(reload(game), a, organizer, "One more hand: 95 to 40")
        game = reload(game)
        assert (game.status, game.winner, game.decision_note) == (S.FINISHED, a, "One more hand: 95 to 40")
        assert a in teams(next_game(game))


@pytest.mark.django_db
class TestReverseForfeit:
    def forfeited(self, game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        deadlines.apply_no_show(game.pk, now=NO_SHOW)
        return a, b

    def test_the_organizer_reverses_a_forfeit_with_a_reason(self, game, organizer, quiet_other):
        a, b = self.forfeited(game)
        actions.reverse_forfeit(reload(game), organizer, "Flat tyre; the organizer was told at 9:50")
        game = reload(game)
        assert (game.status, game.winner, game.no_show_at) == (S.READY, None, None)
        assert a not in teams(next_game(game))
        assert GameEvent.objects.get(game=game, kind="forfeit_reversed").note.startswith("Flat tyre")
        # The deadline is waived: the latecomer checks in, nothing forfeits them again.
        actions.check_in(game, b, now=NO_SHOW + dt.timedelta(minutes=20))
        assert deadlines.sweep(NO_SHOW + dt.timedelta(minutes=21))["apply_due_no_shows"] == 0

    def test_reversing_a_double_forfeit_takes_back_the_walkover_it_gave(self, game, other_game, organizer):
        c, _ = teams(other_game)
        advancement.finish_game(other_game, c, reason="score")
        deadlines.apply_no_show(game.pk, now=NO_SHOW)  # nobody came to this one
        final = next_game(game)
        assert (final.status, final.winner) == (S.FORFEIT, c)  # walkover
        actions.reverse_forfeit(reload(game), organizer, "Both teams were at the wrong table")
        final = reload(final)
        assert (final.status, final.winner, final.result_reason) == (S.WAITING, None, "")
        assert teams(final) == [c, None] or teams(final) == [None, c]
        assert final.division.champion is None

    def test_a_reversal_without_a_reason_is_refused(self, game, organizer):
        self.forfeited(game)
        with pytest.raises(ValidationError, match="Give the reason"):
            actions.reverse_forfeit(reload(game), organizer, "")
        assert reload(game).status == S.FORFEIT

    def test_a_reversal_after_the_next_game_started_is_refused(self, game, other_game, organizer):
        self.forfeited(game)
        for team in teams(other_game):
            actions.check_in(other_game, team, now=POSTED)
        actions.start_game(other_game, now=POSTED)
        advancement.finish_game(reload(other_game), teams(other_game)[0], reason="score")
        final = next_game(game)
        set_posted_start(final, POSTED + dt.timedelta(days=1))
        for team in teams(final):
            actions.check_in(final, team, now=POSTED + dt.timedelta(days=1))
        actions.start_game(final, now=POSTED + dt.timedelta(days=1))
        with pytest.raises(ValidationError, match="Too late to reverse: the next game .* has already started"):
            actions.reverse_forfeit(reload(game), organizer, "too late")
        assert reload(game).status == S.FORFEIT


@pytest.mark.django_db
class TestSubstitutes:
    def test_no_substitute_for_a_game_that_is_over(self, game):
        a, b = teams(game)
        advancement.finish_game(game, a, reason="score")
        with pytest.raises(ValidationError, match="is over; substitutes can no longer be recorded"):
            actions.record_substitute(game, b, b.players.first(), "Late Larry")
        assert not Player.objects.filter(name="Late Larry").exists()

    def test_a_substitute_by_name_plays_for_one_game(self, game, organizer):
        a, _ = teams(game)
        replaced = a.players.first()
        sub = actions.record_substitute(game, a, replaced, "  Dora   Diaz ", by=organizer)
        assert (sub.substitute.name, sub.substitute.team, sub.replaced) == ("Dora Diaz", None, replaced)
        assert reload(game).version > game.version

    def test_a_partner_board_player_can_substitute(self, game, tournament):
        a, _ = teams(game)
        single = PlayerFactory(tournament=tournament, name="Lone Ranger")
        sub = actions.record_substitute(game, a, a.players.first(), single)
        assert sub.substitute == single

    def test_a_substitute_already_playing_at_the_same_time_is_refused(self, game, other_game):
        a, _ = teams(game)
        busy = teams(other_game)[0].players.first()
        with pytest.raises(ValidationError, match=f"{busy.name} is already playing at that time: Division 1 Semi-finals game 2"):
            actions.record_substitute(game, a, a.players.first(), busy.name)
        assert not Substitution.objects.exists()

    def test_a_player_from_a_game_at_another_time_may_substitute(self, game, other_game):
        set_posted_start(other_game, POSTED + dt.timedelta(hours=3))
        a, _ = teams(game)
        free = teams(other_game)[0].players.first()
        assert actions.record_substitute(game, a, a.players.first(), free).substitute == free

    def test_an_opponent_cannot_substitute(self, game):
        a, b = teams(game)
        with pytest.raises(ValidationError, match=f"already plays in this game, for {b.name}"):
            actions.record_substitute(game, a, a.players.first(), b.players.first())

    def test_a_substitute_lets_a_team_without_a_partner_check_in(self, game):
        a, _ = teams(game)
        gone, stays = list(a.players.all())
        actions.record_substitute(game, a, gone, "Dora Diaz")
        gone.team = None
        gone.save()
        assert actions.check_in(game, a, now=POSTED).team == a

    def test_the_organizer_forfeits_a_team_with_no_partner(self, game, organizer):
        a, b = teams(game)
        actions.forfeit_no_partner(game, b, by=organizer, note="Partner in hospital")
        game = reload(game)
        assert (game.status, game.winner, game.result_reason) == (S.FORFEIT, a, "no partner")

    def test_no_partner_forfeit_is_refused_when_a_substitute_is_recorded(self, game):
        a, _ = teams(game)
        actions.record_substitute(game, a, a.players.first(), "Dora Diaz")
        with pytest.raises(ValidationError, match="has a substitute for this game \\(Dora Diaz\\)"):
            actions.forfeit_no_partner(game, a)


@pytest.mark.django_db
class TestClock:
    def test_the_clock_reads_the_deadline_as_passed_before_any_task_ran(self, game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        game = reload(game)
        before = clock.clock(game, NO_SHOW - dt.timedelta(seconds=61))
        assert (before["phase"], before["countdown_to"], before["countdown_text"]) == ("check_in", NO_SHOW, "1\u00a0min")
        after = clock.clock(game, NO_SHOW)
        assert after["phase"] == "no_show_due" and after["label"] == f"No-show: forfeit due ({b.name})"
        assert reload(game).status == S.READY  # the clock only reads

    def test_in_play_counts_down_to_the_limit_then_reads_time_up(self, game):
        for team in teams(game):
            actions.check_in(game, team, now=POSTED)
        game = actions.start_game(game, now=POSTED)
        assert clock.clock(game, POSTED + dt.timedelta(hours=1))["countdown_text"] == "1\u00a0h\u00a030\u00a0min"
        assert clock.clock(game, game.time_limit_at)["phase"] == "time_up"


@pytest.mark.django_db
def test_daylight_saving_day_a_limit_is_two_and_a_half_real_hours(tournament):
    """New York springs forward at 2 AM on 8 March 2026: 1:30 AM EST + 2 h 30 = 5:00 AM EDT."""
    tournament.time_zone = "America/New_York"
    tournament.save()
    posted = dt.datetime(2026, 3, 8, 6, 30, tzinfo=dt.UTC)  # 1:30 AM EST
    _, (game, _) = publish_division(tournament, starts_at=posted)
    game = reload(game)
    assert actions.local_clock(tournament, game.starts_at) == "1:30 AM"
    assert actions.local_clock(tournament, game.no_show_at) == "1:35 AM"
    assert actions.local_clock(tournament, game.time_limit_at) == "5:00 AM"
    for team in teams(game):
        actions.check_in(game, team, now=posted)
    actions.start_game(game, now=posted)
    with time_machine.travel(dt.datetime(2026, 3, 8, 8, 59, 59, tzinfo=dt.UTC), tick=False):  # 4:59:59 AM EDT
        assert deadlines.sweep()["apply_due_time_limits"] == 0
    with time_machine.travel(dt.datetime(2026, 3, 8, 9, 0, tzinfo=dt.UTC), tick=False):
        assert deadlines.sweep()["apply_due_time_limits"] == 1
    assert reload(game).status == S.AWAITING_DECISION


@pytest.mark.django_db
class TestScheduling:
    def test_a_posted_start_soon_sends_the_no_show_task_on_commit_with_the_game_id_only(
        self, game, monkeypatch, django_capture_on_commit_callbacks
    ):
        sent = []
        monkeypatch.setattr("tournament.core.deadlines.send_task_safely", lambda task, *ids, eta: sent.append((task.name, ids, eta)))
        soon = dt.datetime(2026, 4, 15, 16, 50, tzinfo=dt.UTC)
        with time_machine.travel(soon, tick=False):
            with django_capture_on_commit_callbacks(execute=True):
                set_posted_start(reload(game), POSTED)  # unchanged: nothing to send
                assert sent == []
                set_posted_start(reload(game), POSTED + dt.timedelta(minutes=10))
        assert sent == [("tournament.core.deadlines.apply_no_show_at_deadline", (game.pk,), NO_SHOW + dt.timedelta(minutes=10))]

    def test_deadlines_days_ahead_are_armed_by_the_sweep_minutes_before(self, game, monkeypatch):
        sent = []
        monkeypatch.setattr("tournament.core.deadlines.send_task_safely", lambda task, *ids, eta: sent.append((task.name, ids, eta)))
        assert deadlines.sweep(NO_SHOW - dt.timedelta(hours=5))["arm_upcoming_deadlines"] == 0
        assert deadlines.sweep(NO_SHOW - dt.timedelta(minutes=2))["arm_upcoming_deadlines"] == 2  # both games
        assert ("tournament.core.deadlines.apply_no_show_at_deadline", (game.pk,), NO_SHOW) in sent
