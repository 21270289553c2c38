"""The phone's outbox posts the same forms with `X-Outbox: 1` and reads JSON: saved (200), saved
already under this key (200, nothing new), refused (422) or the sheet changed meanwhile (409,
`conflict` when another phone saved that hand number first). A form post is answered as before.
Also the service worker script and the table's install manifest."""

import json

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand, HandRevision
from tests.scoring.games import make_game
from tournament.models import Game, GameSide

pytestmark = pytest.mark.django_db
OUTBOX = {"X-Outbox": "1"}


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def send(client, game, path, data):
    return client.post(f"/table/{game.table_token}/{path}", data, headers=OUTBOX)


def totals(game):
    return list(GameSide.objects.filter(game=game).order_by("slot").values_list("total", flat=True))


def test_a_hand_from_the_outbox_is_saved_and_answered_in_json(client, game):
    response = send(client, game, "hands/", td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json() == {"ok": True, "hand": 1, "again": False, "url": f"/table/{game.table_token}/?saved=1#hand-1"}
    assert totals(game) == [5690, 935]
    assert response.cookies[f"table-side-{game.pk}"].value == "1"  # the side is remembered as for a form post


def test_a_hand_resent_after_its_answer_was_lost_saves_nothing_new(client, game):
    data = td.form(1, [td.W1, td.W2], out="1")
    send(client, game, "hands/", data)
    again = send(client, game, "hands/", data)
    assert again.status_code == 200 and again.json()["again"] is True and again.json()["hand"] == 1
    assert Hand.objects.count() == 1 and HandRevision.objects.count() == 1 and totals(game) == [5690, 935]
    # Even when another hand has been saved meanwhile (the phone was offline a long time).
    hands.submit(game, number=2, values=[td.values(**td.W2), td.values(**td.W2)], key="other", entered_by="x")
    late = send(client, game, "hands/", data)
    assert late.status_code == 200 and late.json()["again"] is True and Hand.objects.count() == 2


def test_a_refused_hand_is_answered_with_the_engines_words_and_saves_nothing(client, game):
    side = game.sides.get(slot=1).team.name
    response = send(client, game, "hands/", td.form(1, [dict(td.W1, twos=0), td.W2], out="1"))
    assert response.status_code == 422
    body = response.json()
    assert body["ok"] is False and body["conflict"] is False
    assert any(e.startswith(f"{side}: went out without a book of twos") for e in body["errors"])
    assert not Hand.objects.exists() and totals(game) == [0, 0]


def test_a_typing_mistake_is_refused_with_the_field_named(client, game):
    side = game.sides.get(slot=1).team.name
    response = send(client, game, "hands/", td.form(1, [dict(td.W1, left="4x"), td.W2], out="1"))
    assert response.status_code == 422
    assert f"{side}: left points must be a whole number." in response.json()["errors"]
    assert not Hand.objects.exists()


def test_a_hand_number_another_phone_saved_first_is_a_conflict(client, game):
    hands.submit(game, number=1, values=[td.values(**td.W2), td.values(**td.W2)], key="first-phone", entered_by="x")
    response = send(client, game, "hands/", td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 409
    body = response.json()
    assert body["conflict"] is True and body["next"] == 2 and "another phone" in body["errors"][0]
    assert Hand.objects.count() == 1 and totals(game) == [935, 935]


def test_a_hand_for_a_game_that_ended_meanwhile_is_refused_not_a_conflict(client, game):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.AWAITING_DECISION)
    response = send(client, game, "hands/", td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 409
    assert response.json()["conflict"] is False and "waiting for the organizer" in response.json()["errors"][0]
    assert not Hand.objects.exists()


def test_a_form_post_without_the_header_is_answered_as_before(client, game):
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 302 and response["Location"].endswith("?saved=1#hand-1")
    refused = client.post(f"/table/{game.table_token}/hands/", td.form(2, [dict(td.W1, twos=0), td.W2], out="1"))
    assert refused.status_code == 400 and refused["Content-Type"].startswith("text/html")


def test_the_outbox_needs_the_csrf_token_like_the_form(game):
    client = Client(enforce_csrf_checks=True)
    response = send(client, game, "hands/", td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 403 and not Hand.objects.exists()


def test_a_correction_from_the_outbox_and_one_based_on_an_old_version(client, game):
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k1", entered_by="A")
    fix = td.form(1, [td.W1, dict(td.W2, left=45)], out="1", entered_by="2", version="1", reason="left miscounted")
    response = send(client, game, "hands/1/edit/", fix)
    assert response.status_code == 200 and response.json()["ok"] is True and response.json()["hand"] == 1
    assert totals(game) == [5690, 1035] and Hand.objects.get().version == 2
    stale = send(client, game, "hands/1/edit/", dict(fix, s2_left_points="0", reason="another idea"))
    assert stale.status_code == 409 and stale.json()["conflict"] is True and "was changed" in stale.json()["errors"][0]
    assert Hand.objects.get().version == 2 and totals(game) == [5690, 1035]
    no_reason = send(client, game, "hands/1/edit/", dict(fix, version="2", reason=""))
    assert no_reason.status_code == 422 and any("reason" in e for e in no_reason.json()["errors"])


def test_a_correction_resent_after_a_lost_answer_is_answered_saved(client, game):
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k1", entered_by="A")
    fix = td.form(1, [td.W1, dict(td.W2, left=45)], out="1", entered_by="2", version="1", reason="left miscounted")
    assert send(client, game, "hands/1/edit/", fix).json()["ok"] is True
    again = send(client, game, "hands/1/edit/", fix)
    assert again.status_code == 200 and again.json()["ok"] is True and again.json()["hand"] == 1
    assert HandRevision.objects.count() == 2 and totals(game) == [5690, 1035]


def test_a_confirmation_from_the_outbox_sent_twice_confirms_once(client, game):
    a = game.sides.get(slot=1).team.name
    hand = hands.submit(game, number=1, values=[td.values(**td.W2), td.values(**td.W2)], key="k1", entered_by=a)[0]
    first = send(client, game, "hands/1/confirm/", {"side": "2", "version": "1"})
    assert first.status_code == 200 and first.json() == {"ok": True, "url": f"/table/{game.table_token}/#hand-1", "hand": 1}
    confirmed_at = Hand.objects.get(pk=hand.pk).confirmed_at
    again = send(client, game, "hands/1/confirm/", {"side": "2", "version": "1"})
    assert again.status_code == 200 and Hand.objects.get(pk=hand.pk).confirmed_at == confirmed_at
    # The "confirmed" message waits for the page the phone opens next.
    assert "Hand 1 confirmed" in client.get(f"/table/{game.table_token}/").content.decode()


def test_a_confirmation_the_server_refuses_says_why(client, game):
    a = game.sides.get(slot=1).team.name
    hands.submit(game, number=1, values=[td.values(**td.W2), td.values(**td.W2)], key="k1", entered_by=a)
    response = send(client, game, "hands/1/confirm/", {"side": "1", "version": "1"})
    assert response.status_code == 409
    assert response.json() == {"ok": False, "errors": [f"{a} entered hand 1: the other side confirms it."], "conflict": False}
    assert Hand.objects.get().confirmed_at is None
    # …and the refusal is answered, not left behind for the next page.
    assert "the other side confirms it" not in client.get(f"/table/{game.table_token}/").content.decode()


def test_the_service_worker_is_served_for_the_table_pages(client):
    response = client.get("/table/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/javascript")
    assert "caches.open" in response.content.decode()


def test_the_install_manifest_opens_this_tables_sheet(client, game):
    response = client.get(f"/table/{game.table_token}/manifest.webmanifest")
    assert response.status_code == 200 and response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == manifest["scope"] == f"/table/{game.table_token}/"
    assert manifest["short_name"] == f"Table {game.table_number}" and manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix(settings.STATIC_URL))
    assert client.get("/table/no-such-token/manifest.webmanifest").status_code == 404


def test_the_table_page_links_the_manifest_and_the_outbox(client, game):
    page = client.get(f"/table/{game.table_token}/").content.decode()
    assert f'href="/table/{game.table_token}/manifest.webmanifest"' in page
    assert 'id="outbox"' in page and 'data-sw-url="/table/sw.js"' in page and "js/outbox.js" in page
