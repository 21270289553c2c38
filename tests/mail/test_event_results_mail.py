"""The event's results when it is over — a bracket's champion, a table event's medals — to every
opted-in entrant, once, in their language, with the link to the results."""

import html

import pytest
from django.test import Client

from tests.formats.bracket.draw.test_brackets_support import final_game, published, teams_of
from tests.formats.tables.events import table_event
from tests.mail.notices import body, delivered, public_url, stop_path, subject  # noqa: F401 (public_url: a fixture)
from tournament.core import entrant_notices
from tournament.formats.bracket import advancement
from tournament.mail import entrants
from tournament.models import Division, Game, OutboxMessage

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("public_url")]
S = Game.Status


def play_out(tournament, kind, favourite):
    while (g := Game.objects.filter(division__tournament=tournament, division__kind=kind, status=S.READY)
           .order_by("round__number", "number").first()) is not None:
        sides = teams_of(g)
        advancement.finish_game(g, favourite if favourite in sides else sides[0], reason="score")


def test_a_bracket_events_champion_reaches_every_opted_in_team_once(smtp_server):
    tournament, teams = published(4)
    entrants.opt_in(tournament, "one@club.example", language="en", team=teams[0])
    entrants.opt_in(tournament, "two@club.example", language="es", team=teams[1])
    play_out(tournament, "d1", teams[0])
    play_out(tournament, "d2", teams[1])
    assert not OutboxMessage.objects.filter(kind="event_results").exists()  # the final is still to play
    advancement.finish_game(final_game(tournament), teams[1], reason="score")
    assert entrant_notices.event_over(tournament.pk) is False  # claimed already
    (one,) = delivered(smtp_server, "one@club.example", "final results")
    (two,) = delivered(smtp_server, "two@club.example", "resultados finales")
    assert subject(one) == f"{tournament.name}: the final results"
    text = body(one)
    assert f"Champion: {teams[1]}" in text and f"Runner-up: {teams[0]}" in text
    assert f"Division 1 champion: {teams[0]}" in text and f"http://testserver/t/{tournament.slug}/" in text
    assert f"Campeones: {teams[1]}" in body(two) and "Para dejar de recibir estos correos" in body(two)
    assert "The event's final results" in html.unescape(Client().get(stop_path(one)).content.decode())


def test_one_team_winning_both_divisions_is_told_as_champion(smtp_server):
    tournament, teams = published(4)
    entrants.opt_in(tournament, "one@club.example", language="en", team=teams[2])
    play_out(tournament, "d1", teams[2])
    play_out(tournament, "d2", teams[2])
    assert Division.objects.get(tournament=tournament, kind="final").champion == teams[2]
    (one,) = delivered(smtp_server, "one@club.example", "final results")
    assert f"Champion: {teams[2]}" in body(one) and "Runner-up" not in body(one)


def test_a_table_event_finished_by_the_organizer_tells_the_medals_in_each_language(smtp_server):
    from tests.formats.tables.played import players_round
    from tests.mail.test_result_mail import ended
    from tournament.formats.tables import event_state

    event = table_event("rummikub", name="Rummikub Night")
    names = ["P1", "P2", "P3", "P4"]
    for name in names:
        Client(HTTP_ACCEPT_LANGUAGE="es-MX" if name == "P2" else "en").post(f"/t/{event.slug}/join/", {
            "name": name, "contact": f"{name.lower()}@club.example", "mail_opt_in": "on", "submission_key": name})
    event, (table,) = players_round("rummikub", 4, event=event, names=names)
    ended(table, 400, 300, 200, 100)
    assert not OutboxMessage.objects.filter(kind="event_results").exists()  # another round may follow
    event_state.finish(event)
    (p1,) = delivered(smtp_server, "p1@club.example", "final results")
    (p2,) = delivered(smtp_server, "p2@club.example", "resultados finales")
    assert "🥇 1. P1 — 400" in body(p1) and "🥈 2. P2 — 300" in body(p1) and "🥉 3. P3 — 200" in body(p1)
    assert "P4 —" not in body(p1)
    assert "🥇 1. P1 — 400" in body(p2) and "terminó" in body(p2)
    assert OutboxMessage.objects.filter(kind="event_results").count() == 4


def test_a_table_event_ended_by_its_last_play_off_tells_the_results_at_once(smtp_server):
    from tests.formats.tables.played import end_with_totals, players_round
    from tests.formats.tables.test_ends_by_itself import p4_wins, playoff_for_the_win
    from tournament.models import Player

    event, (a, b) = players_round("rummikub", 3, 3)
    entrants.opt_in(event, "p4@club.example", language="es", player=Player.objects.get(tournament=event, name="P4"))
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    p4_wins(playoff_for_the_win(event))  # the play-off settles every medal: the event is over by itself
    (p4,) = delivered(smtp_server, "p4@club.example", "resultados finales")
    assert "🥇 1. P4 — 60" in body(p4)
