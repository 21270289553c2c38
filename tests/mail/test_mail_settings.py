"""The mail server comes from the environment (EMAIL_URL or Django's own names); the console by
default; a malformed value stops start-up naming it; a server that refuses fails no command."""

import environ
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from config import mail_settings
from tests.events.test_settings_strict import run_check
from tournament.models import OutboxMessage


def read(monkeypatch, **values):
    for name in ("EMAIL_URL", "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS", "EMAIL_USE_SSL",
                 "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return mail_settings.from_environment(environ.Env())


def test_nothing_set_prints_mail_on_the_console(monkeypatch):
    assert read(monkeypatch)["EMAIL_BACKEND"] == mail_settings.CONSOLE


def test_an_email_url_names_the_server_its_account_and_starttls_on_587(monkeypatch):
    found = read(monkeypatch, EMAIL_URL="smtp://club%40example.org:s3cret@mail.example.org:587")
    assert found["EMAIL_BACKEND"] == mail_settings.SMTP
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"], found["EMAIL_USE_SSL"]) == (
        "mail.example.org", 587, True, False)
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == ("club@example.org", "s3cret")


def test_smtps_is_tls_from_the_first_byte(monkeypatch):
    found = read(monkeypatch, EMAIL_URL="smtps://u:p@mail.example.org:465")
    assert (found["EMAIL_USE_SSL"], found["EMAIL_USE_TLS"], found["EMAIL_PORT"]) == (True, False, 465)


def test_djangos_own_names_alone_and_over_the_url(monkeypatch):
    found = read(monkeypatch, EMAIL_HOST="relay.club.example", EMAIL_PORT="2525", EMAIL_USE_TLS="true")
    assert (found["EMAIL_BACKEND"], found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"]) == (
        mail_settings.SMTP, "relay.club.example", 2525, True)
    found = read(monkeypatch, EMAIL_URL="smtp://mail.example.org:587", EMAIL_PORT="25", EMAIL_USE_TLS="false")
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"]) == ("mail.example.org", 25, False)


@pytest.mark.parametrize("values, message", [
    ({"EMAIL_URL": "pigeon://loft"}, "EMAIL_URL is not a mail server address"),
    ({"EMAIL_URL": "smtp://"}, "EMAIL_URL names no mail server host"),
    ({"EMAIL_HOST": "h", "EMAIL_PORT": "twenty-five"}, "EMAIL_PORT must be a whole number"),
    ({"EMAIL_HOST": "h", "EMAIL_USE_TLS": "perhaps"}, "EMAIL_USE_TLS must be true or false"),
    ({"EMAIL_HOST": "h", "EMAIL_USE_TLS": "true", "EMAIL_USE_SSL": "true"}, "cannot both be true"),
])
def test_a_malformed_value_names_itself(monkeypatch, values, message):
    with pytest.raises(ImproperlyConfigured, match=message):
        read(monkeypatch, **values)


def test_start_up_stops_on_a_malformed_email_url():
    result = run_check(EMAIL_URL="pigeon://loft")
    assert result.returncode != 0 and "EMAIL_URL is not a mail server address" in result.stderr


@pytest.mark.django_db(transaction=True)  # commit hooks run, as in `make run`
def test_the_demo_starts_with_the_mail_server_refusing(settings):
    """`make run`'s demo closes sign-ups (the organizers' notice): a server that refuses used to crash it."""
    settings.EMAIL_BACKEND = mail_settings.SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # nothing listens there
    call_command("demo")
    assert OutboxMessage.objects.filter(kind=OutboxMessage.Kind.SIGNUPS_CLOSED, status=OutboxMessage.Status.QUEUED).exists()
