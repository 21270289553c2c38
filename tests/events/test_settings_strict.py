"""Settings come from the environment and a malformed value stops start-up with its name."""

import os
import subprocess
import sys

import pytest


def run_check(**env):
    full = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", **env}
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import settings; print(settings.DEBUG, settings.DATABASES['default']['ENGINE'], settings.REDIS_URL)"],
        env=full, capture_output=True, text=True, timeout=60,
    )


@pytest.mark.parametrize(
    "env, message",
    [
        ({"DEBUG": "maybe"}, "DEBUG must be true or false, not 'maybe'"),
        ({"REDIS_URL": "localhost:6379"}, "REDIS_URL must be a redis:// URL"),
        ({"DATABASE_URL": "nosuchdb://x"}, "nosuchdb"),
        ({"EMBEDDED_REDIS_PORT": "six"}, "six"),
        ({"MELDBOARD_PUBLIC_URL": "rummy.example.org"}, "MELDBOARD_PUBLIC_URL must start with http:// or https://"),
        ({"BEHIND_TLS_PROXY": "sure"}, "BEHIND_TLS_PROXY must be true or false"),
    ],
)
def test_malformed_values_stop_start_up_naming_the_variable(env, message):
    result = run_check(**env)
    assert result.returncode != 0
    assert message in result.stderr


def test_defaults_are_sqlite_embedded_redis_and_debug_off(tmp_path):
    env = {k: "" for k in ("DEBUG", "REDIS_URL", "SECRET_KEY")}
    result = run_check(MELDBOARD_VAR_DIR=str(tmp_path), DATABASE_URL="", EMBEDDED_REDIS_PORT="6390", **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "django.db.backends.sqlite3", "redis://127.0.0.1:6390/0"]
    # the generated secret key is kept for the next start
    key = (tmp_path / "secret_key").read_text()
    assert len(key) > 40
    run_check(MELDBOARD_VAR_DIR=str(tmp_path), DATABASE_URL="", **env)
    assert (tmp_path / "secret_key").read_text() == key


def test_variants_match_the_rules_presets():
    import rules
    from tournament.models.events import VARIANTS

    assert [name for name, _ in VARIANTS] == list(rules.PRESET_NAMES)
