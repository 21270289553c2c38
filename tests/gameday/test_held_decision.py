"""A hand unconfirmed at the time limit is no tie (issue 39, RULES F1): confirmed 935 to 5,690, then
team A's own +18,600 that B never confirmed. Once the table's window closes the organizer decides
from a page that names the situation truly, shows both totals and the hand in question, and the
organizers get the same e-mail a tie gets. Every page that shows a total marks the unconfirmed hand
and shows the confirmed total beside it."""

import datetime as dt
import html
import re

import pytest
import time_machine
from django.urls import reverse

from scoring import hands
from tests.gameday_setup import started_game, teams, with_unconfirmed_hand
from tests.mail import delivered
from tournament.core import deadlines
from tournament.models import Game, GameSide, Tournament

S = Game.Status
R = Game.Reason
POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
LIMIT = POSTED + dt.timedelta(hours=2, minutes=30)

pytestmark = pytest.mark.django_db


def reload(game):
    return Game.objects.get(pk=game.pk)


def text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


@pytest.fixture
def game(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(require_confirmation=True)
    return with_unconfirmed_hand(started_game(tournament, POSTED), POSTED, LIMIT - dt.timedelta(minutes=3))


@pytest.fixture
def held(game, django_capture_on_commit_callbacks):
    """Past the table's window: the game awaits the organizer (the on-commit e-mail run)."""
    with time_machine.travel(LIMIT + dt.timedelta(minutes=3), tick=False), \
            django_capture_on_commit_callbacks(execute=True):
        assert deadlines.apply_time_limit(game.pk)
    game = reload(game)
    assert (game.status, game.result_reason) == (S.AWAITING_DECISION, R.UNCONFIRMED_AT_LIMIT)
    return game


def sides(game):
    return list(GameSide.objects.filter(game=game).order_by("slot"))


def test_each_side_keeps_its_confirmed_total_beside_its_total(game):
    a, b = sides(game)
    assert [(s.total, s.confirmed_total, s.pending_hands) for s in (a, b)] == [(935 + 18600, 935, 1), (5690 + 280, 5690, 1)]
    hand = game.hands.get(number=2)
    with time_machine.travel(LIMIT - dt.timedelta(minutes=2), tick=False):
        hands.confirm(hand, version=hand.version, by="B", by_slot=2)
    assert [(s.total, s.confirmed_total, s.pending_hands) for s in sides(game)] == [(19535, 19535, 0), (5970, 5970, 0)]


def test_the_decision_page_names_the_situation_and_shows_both_totals_and_the_hand(held, organizer_client):
    a, b = teams(held)
    page = text(organizer_client.get(reverse("gameday:game", args=[held.division.tournament.slug, held.pk])))
    decide = page[page.index('id="decide"'):page.index("</section>", page.index('id="decide"'))]
    assert "A hand was not confirmed at the time limit: who wins?" in decide
    assert "Level at the time limit" not in decide and "It is not a tie" in decide
    assert "Hand 2 (not confirmed)" in decide and "+18,600" in decide and "+280" in decide
    assert re.search(rf"{a.name}</bdi></td><td><strong>935</strong></td> ?<td>\+18,600</td><td>19,535</td>", decide)
    assert re.search(rf"{b.name}</bdi></td><td><strong>5,690</strong></td> ?<td>\+280</td><td>5,970</td>", decide)
    assert "Hand 2 was entered by <bdi>A</bdi> at 12:27 PM" in decide
    assert f"<bdi>{a.name}</bdi> (935 confirmed)" in decide and f"<bdi>{b.name}</bdi> (5,690 confirmed)" in decide
    assert "19,535)" not in decide  # the winner is never offered on a total an unconfirmed hand makes


def test_in_spanish_it_is_no_tie_either(held, organizer_client):
    page = text(organizer_client.get(reverse("gameday:game", args=[held.division.tournament.slug, held.pk]),
                                     HTTP_ACCEPT_LANGUAGE="es"))
    assert "Una mano sin confirmar al tiempo límite: ¿quién gana?" in page
    assert "Empate al tiempo límite" not in page and "No es un empate" in page


def held_mail() -> list:
    return [m for m in delivered() if "not confirmed" in m.subject]


def test_the_organizers_get_the_notice_a_tie_gets(held, tournament):
    sent = held_mail()
    organizers = {tournament.organizer_email, *tournament.organizers.values_list("email", flat=True)}
    assert sorted(m.to[0] for m in sent) == sorted(organizers)  # one message to each organizer, as for a tie
    message = sent[0]
    a, b = teams(held)
    assert "a hand was not confirmed at the time limit" in message.subject and held.label in message.subject
    assert "time is up with hand 2 not confirmed" in message.body and "It is not a tie." in message.body
    assert f"Confirmed totals: {a.name}: 935; {b.name}: 5,690." in message.body
    assert f"With the unconfirmed hands: {a.name}: 19,535; {b.name}: 5,970." in message.body
    assert f"/gameday/game/{held.pk}/" in message.body
    assert reload(held).tie_notified_at is not None
    with time_machine.travel(LIMIT + dt.timedelta(minutes=4), tick=False):
        assert deadlines.sweep()["notify_ties"] == 0  # once
    assert len(held_mail()) == len(organizers)


def test_a_notice_not_queued_is_queued_by_the_sweep(held):
    Game.objects.filter(pk=held.pk).update(tie_notified_at=None)  # as if the on-commit step never ran
    with time_machine.travel(LIMIT + dt.timedelta(minutes=4), tick=False):
        assert deadlines.sweep()["notify_ties"] == 1


def confirmed_beside(page: str, total: str, confirmed: str) -> bool:
    return bool(re.search(rf'<span class="total-unconfirmed" title="Includes 1 hand not confirmed yet">{total}'
                          rf'<span aria-hidden="true">\*</span></span> <span class="total-confirmed">\({confirmed} '
                          rf'confirmed\)</span>', page))


def test_every_page_that_shows_a_total_marks_the_unconfirmed_hand(game, client, organizer_client):
    tournament = game.division.tournament
    with time_machine.travel(LIMIT - dt.timedelta(minutes=2), tick=False):
        pages = {
            "board": organizer_client.get(reverse("gameday:round", args=[tournament.slug, game.round_id])),
            "game page": organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk])),
            "table phone": client.get(f"/table/{game.table_token}/"),
            "public bracket": client.get(reverse("brackets:division", args=[tournament.slug, game.division.kind])),
            "TV": client.get(reverse("live:tv", args=[tournament.slug])),
            "team page": client.get(reverse("live:team", args=[tournament.slug, teams(game)[0].pk])),
        }
    for name, response in pages.items():
        assert response.status_code == 200, name
        page = text(response)
        assert confirmed_beside(page, "19,535", "935") and confirmed_beside(page, "5,970", "5,690"), name


def test_a_confirmed_game_shows_plain_totals(game, client):
    hand = game.hands.get(number=2)
    with time_machine.travel(LIMIT - dt.timedelta(minutes=2), tick=False):
        hands.confirm(hand, version=hand.version, by="B", by_slot=2)
    page = text(client.get(reverse("brackets:division", args=[game.division.tournament.slug, game.division.kind])))
    assert "total-unconfirmed" not in page and "19,535" in page


def test_the_phone_marks_the_leader_on_confirmed_hands(game, client):
    a, b = teams(game)
    with time_machine.travel(LIMIT - dt.timedelta(minutes=2), tick=False):
        page = html.unescape(client.get(f"/table/{game.table_token}/").content.decode())
    assert f'<div class="total-card leading" data-side="{b.name}">' in page  # 5,690 confirmed beats 935
    assert f'<div class="total-card" data-side="{a.name}">' in page


def test_the_printed_chart_and_results_mark_the_unconfirmed_hand_too(held):
    """The wall's sheets as the pages: the chart (current version) and the results printout."""
    from django.utils import translation

    from tournament.printing import data

    with translation.override("es"):
        chart = data.chart_data(held.division, data.CURRENT)
        scores = {s.score for r in chart.rounds for g in r.games for s in g.sides}
        _, blocks = data.results(held.division.tournament)
    assert {"19,535* (935 confirmados)", "5,970* (5,690 confirmados)"} <= scores
    printed = {total for block in blocks for rnd in block.rounds for line in rnd[2] for _, total, _ in line.sides}
    assert {"19,535* (935 confirmados)", "5,970* (5,690 confirmados)"} <= printed
