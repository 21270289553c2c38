"""Issue 39 wordings on a bracket event's pages."""

import re

import pytest
from django.urls import reverse

from tests.live.events import in_play

pytestmark = pytest.mark.django_db


def test_the_bracket_page_has_no_table_rounds_tab(client):
    tournament, _, _ = in_play()
    for lang, words in (("en", "Table rounds"), ("es", "Rondas de mesa")):
        html = client.get(reverse("brackets:overview", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert words not in html and reverse("brackets:division", args=[tournament.slug, "final"]) in html
    assert client.get(reverse("brackets:division", args=[tournament.slug, "tables"])).status_code == 404


def test_the_final_is_named_once_not_final_final(client):
    from tests.live.events import finished
    from tournament.models import Game

    tournament, champion = finished()
    final = Game.objects.get(division__tournament=tournament, division__kind="final")
    Game.objects.filter(pk=final.pk).update(table_number=1)
    final.refresh_from_db()
    assert final.label == "Final, table 1" and final.where == "Final · table 1"
    semi = Game.objects.filter(division__tournament=tournament, division__kind="d1", round__number=2).first()
    assert semi.where.startswith("Division 1 · Semi-finals")
    tournament.__class__.objects.filter(pk=tournament.pk).bump()
    for lang, words in (("en", "Final · Final"), ("es", "Final · Final")):
        page = client.get(reverse("live:team", args=[tournament.slug, champion.pk]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert words not in page and "Final ·" in page
        sheet = client.get(reverse("sheet:game", args=[tournament.slug, final.pk]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert words not in sheet


def test_the_schedule_board_and_game_page_name_the_final_once(client, organizer_client):
    """The schedule ("Final — Final"), the board's round tabs ("Final · Final"), the game page's heading
    and way back, and a semi-final's card ("goes on to Final · Final game 1") seen at 1280 px (issue 39)."""
    from tests.formats.bracket.draw.test_brackets_support import final_game
    from tests.live.events import finished

    tournament, _ = finished()
    final = final_game(tournament)
    semi = final.sides.exclude(fed_by=None).first().fed_by
    assert semi.round_where == "Division 1 · Division final" and final.round_where == "Final"
    for lang, twice in (("en", ("Final — Final", "Final · Final")), ("es", ("Final — Final", "Final · Final"))):
        pages = [client.get(reverse("public:home", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE=lang),
                 organizer_client.get(reverse("gameday:board", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE=lang),
                 organizer_client.get(reverse("gameday:round", args=[tournament.slug, semi.round_id]), HTTP_ACCEPT_LANGUAGE=lang),
                 organizer_client.get(reverse("gameday:game", args=[tournament.slug, final.pk]), HTTP_ACCEPT_LANGUAGE=lang)]
        for page in pages:
            text = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split())
            assert page.status_code == 200 and not [words for words in twice if words in text], (lang, page.wsgi_request.path)
    page = organizer_client.get(reverse("gameday:round", args=[tournament.slug, semi.round_id]), HTTP_ACCEPT_LANGUAGE="es")
    shown = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split())
    assert "pasa a Final partida 1" in shown, re.findall(r".{80}pasa a.{40}|.{60}partida.{20}", shown)


def test_a_finished_games_sheet_says_it_is_over_once(client):
    from django.utils import translation

    from scoring import hands
    from tests.live.events import finished
    from tournament.models import Game

    tournament, _ = finished()
    final = Game.objects.get(division__tournament=tournament, division__kind="final")
    with translation.override("es"):
        words = hands.accepting_hands(final)
    assert words == "Esta partida terminó; ya no se pueden anotar manos."
    with translation.override("en"):
        assert "(finished)" not in hands.accepting_hands(final)
    for lang, status in (("es", "(terminada)"), ("en", "(finished)")):  # and on the table's phone itself
        page = client.get(reverse("table:sheet", args=[final.table_token]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert status not in page and page.count(hands.accepting_hands(final) if lang == "en" else words) == 1


def test_the_time_zone_is_said_in_words_not_as_its_id(client):
    from tournament.common import localtime, time_zones

    tournament, _, _ = in_play()
    html = client.get(reverse("brackets:overview", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "America/Mazatlan" not in html and "Las horas son hora de La Paz, Mazatlán." in html
    assert "America/Mazatlan" not in localtime.full_text(tournament, tournament.signup_deadline)
    from django.utils import translation

    with translation.override("en"):
        assert time_zones.words("America/New_York") == "New York, Miami, Toronto"
        assert time_zones.words("America/Argentina/Buenos_Aires") == "Buenos Aires"
