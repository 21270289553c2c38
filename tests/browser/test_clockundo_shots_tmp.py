import pytest
from django.test import Client
from django.utils import timezone

from tests.gameday_setup import publish_division, teams
from tournament.core import actions, game_clock

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_shots(live_server, browser, organizer, tournament):
    tournament.language = "es"
    tournament.save()
    _, (game, other) = publish_division(tournament, starts_at=timezone.now())
    for team in teams(game):
        actions.check_in(game, team)
    actions.start_game(game)
    game_clock.pause(game, by=organizer, reason="alarma de incendio")
    quitting = teams(other)[0]
    client = Client()
    client.force_login(organizer)
    for width, height in ((390, 844), (1280, 900)):
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale="es-MX", extra_http_headers={"Accept-Language": "es"})
        ctx.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
        page = ctx.new_page()
        for name, url in [("game", f"/organizer/t/{tournament.slug}/gameday/game/{game.pk}/"),
                          ("withdraw", f"/organizer/t/{tournament.slug}/gameday/team/{quitting.pk}/withdraw/")]:
            page.goto(live_server.url + url)
            page.screenshot(path=f"var/shots/{name}-{width}.png", full_page=True)
        page.fill("#withdraw-reason", "un jugador está enfermo")
        page.click("button.danger")
        page.screenshot(path=f"var/shots/withdrawn-{width}.png", full_page=True)
        page.goto(f"{live_server.url}/t/{tournament.slug}/bracket/d1/")
        page.screenshot(path=f"var/shots/bracket-{width}.png", full_page=True)
        page.goto(f"{live_server.url}/table/{game.table_token}/")
        page.screenshot(path=f"var/shots/phone-{width}.png", full_page=True)
        ctx.close()
        from tournament.models import Team
        Team.objects.filter(pk=quitting.pk).update(withdrawn_at=None)
        from tournament.models import Game
        Game.objects.filter(pk=other.pk).update(status="ready", winner=None, result_reason="")
