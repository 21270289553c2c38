"""Settings for the test suite: its own Redis port and SQLite file, so a running `make run`
never shares a broker or database with tests."""

import os

os.environ.setdefault("EMBEDDED_REDIS_PORT", "6391")
os.environ.setdefault("DATABASE_URL", "sqlite:///" + os.path.join(os.path.dirname(os.path.dirname(__file__)), "var", "test-meldboard.sqlite3"))

from config.settings import *  # noqa: E402,F403
from config.settings import DATABASES, VAR_DIR  # noqa: E402

DATABASES["default"].setdefault("TEST", {})
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file, not :memory:, so a real Celery worker process sees the same test database.
    DATABASES["default"]["TEST"]["NAME"] = str(VAR_DIR / "test-db.sqlite3")

# A Celery worker started by the tests must use the test database the test run created.
if os.environ.get("MELDBOARD_WORKER_DB_NAME"):
    DATABASES["default"]["NAME"] = os.environ["MELDBOARD_WORKER_DB_NAME"]

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
