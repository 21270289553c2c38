"""Log-in throttling (django-axes): 5 failed log-ins for one user name from one address lock that
pair for 15 minutes, on the organizer log-in and the admin log-in alike, with the reason on the page."""

import datetime as dt

import pytest
import time_machine
from django.test import override_settings
from django.urls import reverse

from tests.factories import UserFactory

LOCKED = "Too many failed log-ins for this account from this address. Try again in 15 minutes"
WRONG = "Please enter a correct username and password"
START = dt.datetime(2026, 7, 4, 9, 0, tzinfo=dt.timezone.utc)


def log_in(client, username, password, address="127.0.0.1", url=None):
    return client.post(url or reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address)


@pytest.fixture
def ana(db):
    return UserFactory(username="ana")


@pytest.mark.django_db
def test_200_wrong_passwords_lock_the_account_on_that_address_until_the_cool_off(client, ana):
    UserFactory(username="ben")
    with time_machine.travel(START, tick=False) as clock:
        answers = [log_in(client, "ana", f"guess-{n}") for n in range(200)]
        told_wrong = [r for r in answers if r.status_code == 200 and WRONG in r.content.decode()]
        told_locked = [r for r in answers if r.status_code == 429 and LOCKED in r.content.decode()]
        assert (len(told_wrong), len(told_locked)) == (4, 196)

        # The right password is refused too, with the reason on the ordinary log-in page.
        refused = log_in(client, "ana", "pass-word-123")
        assert refused.status_code == 429
        page = refused.content.decode()
        assert LOCKED in page and "ask another organizer/admin to unlock it" in page
        assert 'class="topbar"' in page and 'name="password"' in page  # the site's layout, the form again
        assert "_auth_user_id" not in client.session

        # Another user on the same address, and the same user elsewhere, log in as usual.
        assert log_in(client.__class__(), "ben", "pass-word-123").status_code == 302
        assert log_in(client.__class__(), "ana", "pass-word-123", address="10.0.0.7").status_code == 302

        clock.shift(dt.timedelta(minutes=14))
        assert log_in(client, "ana", "pass-word-123").status_code == 429

        clock.shift(dt.timedelta(minutes=15, seconds=1))  # a whole cool-off after the last attempt
        welcome = log_in(client, "ana", "pass-word-123")
        assert welcome.status_code == 302 and welcome.url == reverse("organizer:home")
        assert client.session["_auth_user_id"] == str(ana.pk)


@pytest.mark.django_db
def test_a_success_before_the_limit_forgets_the_earlier_failures(client, ana):
    for n in range(4):
        log_in(client, "ana", f"typo-{n}")
    assert log_in(client, "ana", "pass-word-123").status_code == 302
    client.logout()
    for n in range(4):
        assert log_in(client, "ana", f"typo-again-{n}").status_code == 200
    assert log_in(client, "ana", "pass-word-123").status_code == 302


@pytest.mark.django_db
def test_the_admin_log_in_is_throttled_too(client, ana):
    admin_login = reverse("admin:login")
    for n in range(5):
        log_in(client, "ana", f"guess-{n}", url=admin_login)
    refused = log_in(client, "ana", "pass-word-123", url=admin_login)
    assert refused.status_code == 429 and LOCKED in refused.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                       "LOCATION": "redis://127.0.0.1:1/0"}})
def test_failures_are_counted_in_the_database_so_a_dead_redis_does_not_turn_throttling_off(client, ana):
    for n in range(5):
        log_in(client, "ana", f"guess-{n}")
    assert log_in(client, "ana", "pass-word-123").status_code == 429


@pytest.mark.django_db
@override_settings(BEHIND_TLS_PROXY=True)
def test_behind_the_proxy_the_address_is_the_one_the_proxy_saw_not_one_the_client_wrote(client, ana):
    def through_proxy(password, forwarded):
        return client.post(reverse("login"), {"username": "ana", "password": password},
                           REMOTE_ADDR="172.18.0.5", HTTP_X_FORWARDED_FOR=forwarded)

    # An attacker varying the X-Forwarded-For it sends still comes from one address.
    for n in range(5):
        through_proxy(f"guess-{n}", f"198.51.100.{n}, 203.0.113.9")
    assert through_proxy("pass-word-123", "203.0.113.9").status_code == 429
    assert through_proxy("pass-word-123", "192.0.2.44").status_code == 302  # another club member's phone
