"""A sign-up sent many times at once (a flaky connection, an impatient thumb) makes one team, and
every copy is told it succeeded."""

import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from tests.factories import TournamentFactory
from tournament.models import Player, Team

COPIES = 20
FORM = {"team_name": "Card Sharks", "player1": "Ann Lee", "player2": "Bob Lee", "contact": "555-0100",
        "submission_key": "one-key-for-every-copy"}


def send_at_once(url: str, copies: int) -> list:
    barrier = threading.Barrier(copies)
    responses: list = [None] * copies

    def send(index):
        try:
            barrier.wait(timeout=30)
            responses[index] = Client().post(url, FORM)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return responses


@pytest.mark.django_db(transaction=True)
def test_twenty_identical_submissions_at_once_make_one_team_and_all_succeed():
    tournament = TournamentFactory()
    url = reverse("public:signup", args=[tournament.slug])
    responses = send_at_once(url, COPIES)
    assert [r.status_code if r else None for r in responses] == [302] * COPIES
    assert {r["Location"] for r in responses} == {reverse("public:signed_up", args=[tournament.slug])}
    assert Team.objects.count() == 1 and Player.objects.count() == 2
    assert Team.objects.get().submission_key == FORM["submission_key"]


@pytest.mark.django_db
def test_a_retry_after_success_shows_success_not_an_error(client):
    tournament = TournamentFactory()
    url = reverse("public:signup", args=[tournament.slug])
    assert client.post(url, FORM).status_code == 302
    again = client.post(url, FORM, follow=True)
    page = again.content.decode()
    assert again.status_code == 200
    assert "Your team is signed up" in page and "<bdi>Card Sharks</bdi>" in page
    assert "already signed up" not in page and "already on team" not in page
    assert Team.objects.count() == 1
