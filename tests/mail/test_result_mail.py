"""A decided game tells each side's opted-in entrants its result and their next game (day, time,
table, opponents, their page), once, in their language — bracket games and table rounds."""

import html

import pytest
from django.test import Client

from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tests.formats.tables.events import table_event
from tests.mail.notices import body, delivered, public_url, six_join, stop_path, subject  # noqa: F401 (public_url: a fixture)
from tournament.core import entrant_notices, transitions
from tournament.formats.bracket import advancement
from tournament.mail import entrants
from tournament.models import Game, OutboxMessage

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("public_url")]


def test_both_sides_of_a_bracket_game_hear_the_result_and_their_next_game(smtp_server, organizer):
    tournament, teams = published(4)
    first = game(tournament, "d1", 1, 1)
    winner, loser = teams_of(first)
    entrants.opt_in(tournament, "win@club.example", language="en", team=winner)
    entrants.opt_in(tournament, "lose@club.example", language="es", team=loser)
    advancement.finish_game(first, winner, reason="score")
    first.refresh_from_db()
    entrant_notices.game_decided(first, "finish", Game.Status.READY)  # told again: the same rows
    (won,) = delivered(smtp_server, "win@club.example", f"{winner} won")
    (lost,) = delivered(smtp_server, "lose@club.example", f"Ganó {winner}")
    text = body(won)
    assert subject(won) == f"{tournament.name}: {winner} won (score)"
    # Every team plays both divisions: the soonest posted start comes first.
    assert "Your next game: Division 2 Semi-finals game 2, table 2, Wednesday 2 December, 1:00 PM, against" in text
    assert f"http://testserver/t/{tournament.slug}/team/{winner.pk}/" in text
    assert "Su siguiente partida: División 2" in body(lost) and f"/team/{loser.pk}/" in body(lost)
    assert "Para dejar de recibir estos correos" in body(lost)
    assert "Your results and your next game" in html.unescape(Client().get(stop_path(won)).content.decode())
    assert OutboxMessage.objects.filter(kind="result").count() == 2
    second = Game.objects.get(division__kind="d2", sides__team=winner, round__number=1)
    advancement.finish_game(second, winner, reason="score")
    (then,) = delivered(smtp_server, "win@club.example", "won")[1:]
    assert "against the winner of Division" in body(then)


def test_a_corrected_result_is_told_again_and_an_unsubscribed_team_hears_nothing(smtp_server, organizer):
    tournament, teams = published(4)
    first = game(tournament, "d1", 1, 1)
    a, b = teams_of(first)
    entry = entrants.opt_in(tournament, "a@club.example", language="en", team=a)
    entrants.opt_in(tournament, "b@club.example", language="en", team=b)
    advancement.finish_game(first, a, reason="score")
    advancement.correct_result(first, b, by=organizer, note="Sheet added up wrong")
    assert [subject(m) for m in delivered(smtp_server, "a@club.example", "won")] == [
        f"{tournament.name}: {a} won (score)", f"{tournament.name}: {b} won (score)"]
    entrants.stop(entry, "result")
    advancement.finish_game(game(tournament, "d2", 1, 1), teams_of(game(tournament, "d2", 1, 1))[0], reason="score")
    assert len(delivered(smtp_server, "a@club.example", "won")) == 2


def test_a_table_tells_each_opted_in_player_the_result_in_their_language(smtp_server):
    from tests.formats.tables.played import players_round

    event = table_event("rummikub", name="Rummikub Night")
    names = six_join(event, opted_in=("P4", "P5"))
    event, games = players_round("rummikub", 3, 3, event=event, names=names)
    table = games[1]
    ended(table, 300, 100, 50)
    (p4,) = delivered(smtp_server, "p4@club.example", "P4 won")
    (p5,) = delivered(smtp_server, "p5@club.example", "Ganó P4")
    assert "P4 300 · P5 100 · P6 50" in body(p4)
    assert "No game of yours is waiting now" in body(p4)
    assert "Ninguna partida suya" in body(p5) and "/player/" in body(p5)
    ended(games[0], 90, 80, 70)
    players_round("rummikub", 3, 3, number=2, event=event, names=["P4", "P1", "P2", "P5", "P3", "P6"])
    ended(Game.objects.get(round__number=2, number=1), 200, 10, 20)
    assert len(delivered(smtp_server, "p4@club.example", "P4 won")) == 2


def ended(table, *totals):
    """A table's game over on these totals (slot order), through the one funnel."""
    from tournament.models import GameSide

    for slot, total in enumerate(totals, start=1):
        GameSide.objects.filter(game=table, slot=slot).update(total=total, confirmed_total=total)
    top = max(table.sides.all(), key=lambda side: side.total)
    transitions.move(table, "finish", winner=top, reason="score", log="result")


def test_a_team_that_withdrew_hears_nothing_more_and_its_opponent_hears_of_the_walkover(smtp_server, organizer):
    from tournament.formats.bracket import withdrawal

    tournament, teams = published(4)
    first = game(tournament, "d1", 1, 1)
    stays, leaves = teams_of(first)
    entrants.opt_in(tournament, "stays@club.example", language="es", team=stays)
    entrants.opt_in(tournament, "leaves@club.example", language="en", team=leaves)
    withdrawal.withdraw(tournament, leaves, by=organizer, reason="Flight home")
    (walkover,) = delivered(smtp_server, "stays@club.example", "se retiró")
    assert "Su siguiente partida" in body(walkover)
    assert delivered(smtp_server, "leaves@club.example", "") == []
