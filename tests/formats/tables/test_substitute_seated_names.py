"""A one-round substitute in a partnership: the table phone (its heading and check-in) and the round
board name who sits there ("Ida & Zoe (sub for Jo)"), not the pair's name; the points and the
standings stay with the pair."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.after_draw_events import club_seated, seated_player
from tests.walks.pages import visible
from tournament.models import Substitution

pytestmark = pytest.mark.django_db

SEATED = {"en": ("We are", "sub for", "&"), "es": ("Somos", "suplente de", "y")}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_phone_and_the_board_name_the_substitute_at_the_table(organizer_client, language):  # noqa: F811
    event = club_seated()
    replaced, _ = seated_player(event)
    pair = replaced.team.name
    partner = pair.replace(replaced.name, "").strip(" &")
    organizer_client.post(reverse("tables:substitute", args=[event.slug, replaced.pk]), {"name": "Zoe", "span": "round"},
                          follow=True)  # the confirmation (naming the pair) is read here
    game = Substitution.objects.get().game
    client = Client()  # the table phone: nobody logged in
    client.cookies["django_language"] = organizer_client.cookies["django_language"] = language
    we_are, sub_for, joiner = SEATED[language]  # between partners: the page's language's word
    seated = f"{partner} {joiner} Zoe ({sub_for} {replaced.name})"
    phone = visible(client.get(reverse("table:sheet", args=[game.table_token])).content.decode())
    status = visible(client.get(reverse("gameday_table:status", args=[game.table_token])).content.decode())
    board = visible(organizer_client.get(reverse("tables:board", args=[event.slug])).content.decode())
    squeeze = " ".join  # the pages wrap names in <bdi>: compare words
    for page in (phone, status):
        assert squeeze(f"{we_are} {seated}".split()) in squeeze(page.split())
        assert squeeze(f"{we_are} {pair}".split()) not in squeeze(page.split())
    assert squeeze(seated.split()) in squeeze(phone.split("·")[0].split())  # the heading (page title)
    assert squeeze(seated.split()) in squeeze(board.split())
    assert squeeze(pair.split()) not in squeeze(board.split())
