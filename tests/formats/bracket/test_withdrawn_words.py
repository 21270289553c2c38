"""A bracket team withdrawn after the draw: every page that badges its game says the opponent
withdrew. The usual forfeit badge read "Forfeit" ("Gana por ausencia", wins by no-show) although
nobody failed to show up: the bracket, the live game cards, the TV, the board and the team pages."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation

from tests.gameday_setup import publish_division, teams
from tests.walks.pages import visible
from tournament.formats.bracket import withdrawal

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
WORDS = {"en": ("Opponent withdrew", "Forfeit"), "es": ("El rival se retiró", "Gana por ausencia")}


@pytest.fixture(autouse=True)
def english_after():
    yield
    translation.deactivate()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es"])
@time_machine.travel(POSTED - dt.timedelta(minutes=30), tick=False)
def test_every_page_says_the_opponent_withdrew_not_a_no_show(tournament, organizer, organizer_client, client, language):
    _, (game, _other) = publish_division(tournament, starts_at=POSTED)
    quitting, staying = teams(game)
    withdrawal.withdraw(tournament, quitting, by=organizer, reason="ill")
    said, not_said = WORDS[language]

    def page(url, who=client):
        return visible(who.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())

    for url in [reverse("brackets:division", args=[tournament.slug, "d1"]),
                reverse("public:home", args=[tournament.slug]),  # the live game cards
                reverse("live:tv", args=[tournament.slug]),
                reverse("live:team", args=[tournament.slug, staying.pk])]:
        text = page(url)
        assert said in text, url
        assert not_said not in text, url
    board = page(reverse("gameday:board", args=[tournament.slug]), organizer_client)
    with translation.override(language):
        withdrawn, forfeited = translation.gettext("Withdrawn"), translation.gettext("Forfeited")
    assert withdrawn in board and forfeited not in board
