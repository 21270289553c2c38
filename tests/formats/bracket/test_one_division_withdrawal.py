"""Issue 39: a team may leave one division (or the final) after the draw and keep playing in the
other. Its game there is a walkover for its opponent recorded as "withdrawn" — never as a no-show —
on every page; the opponent advances; the team plays on in the other division; a later game is given
away once its opponent is known; and the withdrawal is undone while the next game has not started."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TeamFactory, TournamentFactory
from tests.formats.bracket.draw.test_brackets_support import game, publish, teams_of
from tournament.core import actions, game_log_words
from tournament.formats.bracket import advancement, withdrawal
from tournament.models import Division, DivisionWithdrawal, Game, GameEvent
from tournament.printing import data

pytestmark = pytest.mark.django_db
S, R = Game.Status, Game.Reason


def event(count=8):
    tournament = TournamentFactory(signup_deadline=timezone.now() - dt.timedelta(hours=1))  # round 1 ahead
    for i in range(count):
        TeamFactory(tournament=tournament, name=f"Team {i + 1}")
    publish(tournament, "d1", seed=1)
    publish(tournament, "d2", seed=2)
    return tournament


def reload(g):
    return Game.objects.get(pk=g.pk)


def division(tournament, kind):
    return Division.objects.get(tournament=tournament, kind=kind)


def test_the_printed_chart_says_withdrew_for_the_team_that_left(tournament_8, organizer):
    tournament = tournament_8
    first = game(tournament, "d1", 1, 1)
    quitting, _staying = teams_of(first)
    withdrawal.withdraw(tournament, quitting, by=organizer, reason="ill", division=division(tournament, "d1"))
    chart = data.chart_data(division(tournament, "d1"), data.CURRENT)
    sides = {s.name: s for s in chart.rounds[0].games[0].sides}
    assert sides[quitting.name].score == "withdrew" and sides[quitting.name].lost


def d2_game_of(team):
    return Game.objects.filter(division__kind="d2", sides__team=team).exclude(status__in=Game.DONE).get()


def test_leaving_division_1_gives_its_game_away_and_keeps_division_2(tournament_8, organizer):
    tournament = tournament_8
    first = game(tournament, "d1", 1, 1)
    quitting, staying = teams_of(first)
    d2 = d2_game_of(quitting)
    given = withdrawal.withdraw(tournament, quitting, by=organizer, reason="back ache",
                                division=division(tournament, "d1"))
    first = reload(first)
    assert [g.pk for g in given] == [first.pk]
    assert first.status == S.FORFEIT and first.result_reason == R.WITHDRAWN and first.winner == staying
    assert staying in teams_of(advancement.next_game(first))
    quitting.refresh_from_db()
    assert quitting.withdrawn_at is None and reload(d2).status == S.READY  # still in Division 2
    assert GameEvent.objects.get(game=first, kind="withdrawn").note == "back ache"
    with pytest.raises(Exception, match="already left"):
        withdrawal.withdraw(tournament, quitting, by=organizer, reason="again", division=division(tournament, "d1"))


def test_a_team_that_won_its_round_1_game_then_leaves_gives_round_2_away_once_its_opponent_is_known(tournament_8, organizer):
    tournament = tournament_8
    first, second = game(tournament, "d1", 1, 1), game(tournament, "d1", 1, 2)
    winner = teams_of(first)[0]
    advancement.finish_game(first, winner, reason=R.SCORE)
    withdrawal.withdraw(tournament, winner, by=organizer, reason="flight", division=division(tournament, "d1"))
    semi = advancement.next_game(first)
    assert reload(semi).status == S.WAITING
    other = teams_of(second)[1]
    advancement.finish_game(second, other, reason=R.SCORE)
    semi = reload(semi)
    assert semi.status == S.FORFEIT and semi.result_reason == R.WITHDRAWN and semi.winner == other
    # The organizer's log of that game says withdrawn, as for a game given away at once, never walkover.
    said = [line.words for line in game_log_words.lines(semi, GameEvent.objects.filter(game=semi).order_by("at", "pk"),
                                                         list(semi.sides.all()))]
    assert any("withdr" in words.lower() for words in said), said
    assert not any("walkover" in words.lower() for words in said), said


def test_the_withdrawal_is_undone_before_the_next_game_starts_and_not_after(tournament_8, organizer):
    tournament = tournament_8
    first, second = game(tournament, "d1", 1, 1), game(tournament, "d1", 1, 2)
    quitting, staying = teams_of(first)
    withdrawal.withdraw(tournament, quitting, by=organizer, reason="ill", division=division(tournament, "d1"))
    row = DivisionWithdrawal.objects.get(team=quitting)
    games = withdrawal.undo(row, by=organizer, reason="feels better")
    first = reload(first)
    assert [g.pk for g in games] == [first.pk] and first.status == S.READY and first.winner is None
    assert staying not in teams_of(advancement.next_game(first))
    assert not DivisionWithdrawal.objects.exists()
    assert GameEvent.objects.filter(game=first, kind="withdrawal_undone").count() == 1  # said once in its log
    # Again, and this time the next game starts: too late to undo.
    withdrawal.withdraw(tournament, quitting, by=organizer, reason="ill again", division=division(tournament, "d1"))
    advancement.finish_game(second, teams_of(second)[0], reason=R.SCORE)
    semi = advancement.next_game(first)
    for team in teams_of(semi):
        actions.check_in(semi, team)
    actions.start_game(reload(semi), agreed_team_ids=[t.pk for t in teams_of(semi)])
    with pytest.raises(Exception, match="Too late to undo"):
        withdrawal.undo(DivisionWithdrawal.objects.get(team=quitting), by=organizer)
    assert reload(first).status == S.FORFEIT


def test_the_organizer_page_offers_one_division_and_the_pages_say_withdrawn_not_no_show(tournament_8, organizer_client):
    tournament = tournament_8
    first = game(tournament, "d1", 1, 1)
    quitting, staying = teams_of(first)
    url = reverse("gameday:withdraw_team", args=[tournament.slug, quitting.pk])
    page = organizer_client.get(url).content.decode()
    d1 = division(tournament, "d1")
    assert f'name="scope" value="{d1.pk}"' in page and "Division 1 only" in page and "The whole event" in page
    response = organizer_client.post(url, {"scope": str(d1.pk), "reason": "back ache"}, follow=True)
    html = response.content.decode()
    assert "has left Division 1 and plays on in the rest of the event" in html
    assert "Undo: back in Division 1" in html
    for name, args in (("brackets:division", [tournament.slug, "d1"]), ("gameday:board", [tournament.slug]),
                       ("gameday:game", [tournament.slug, first.pk]), ("live:tv", [tournament.slug]),
                       ("live:team", [tournament.slug, staying.pk]), ("live:team", [tournament.slug, quitting.pk])):
        text = organizer_client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "No show" not in text and "Forfeited" not in text, name
        assert "withdr" in text.lower(), name
    bracket = organizer_client.get(reverse("brackets:division", args=[tournament.slug, "d1"])).content.decode()
    card = bracket.split(f"{quitting.name}</bdi>", 1)[1][:200]
    assert "withdrawn-badge" in card  # the team that left is marked at its name, in that division's game
    d2 = organizer_client.get(reverse("brackets:division", args=[tournament.slug, "d2"])).content.decode()
    assert "withdrawn-badge" not in d2  # and not in the division it plays on in
    bad = organizer_client.post(url, {"scope": "99999", "reason": "x"})
    assert bad.status_code == 400


@pytest.fixture
def tournament_8(db):
    return event(8)
