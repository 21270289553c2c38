"""`manage.py check --deploy` passes without a warning with the production settings documented in
docs/DEPLOYMENT.md (and fails without them, so the check really looks)."""

import os
import subprocess
import sys

from django.conf import settings

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DEBUG": "false",
    "SECRET_KEY": "k3P9-generated-once-per-deployment-and-kept-secret-0123456789abcdefXYZ",
    "BEHIND_TLS_PROXY": "true",
    "ALLOWED_HOSTS": "rally.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://rally.example.org",
    "REDIS_URL": "redis://:a-redis-password@redis:6379/0",
}


def check_deploy(tmp_path, **env_values):
    # A server's environment, not the test run's (which allows async-unsafe ORM calls, for Playwright).
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/"), "MELDBOARD_VAR_DIR": str(tmp_path), **env_values}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=120,
    )


def test_the_documented_production_settings_pass_the_deploy_check(tmp_path):
    done = check_deploy(tmp_path, **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_without_the_tls_proxy_the_deploy_check_complains(tmp_path):
    done = check_deploy(tmp_path, **{**PRODUCTION, "BEHIND_TLS_PROXY": "false"})
    assert done.returncode != 0
    assert "SECURE_SSL_REDIRECT" in done.stderr + done.stdout
