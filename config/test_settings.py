"""Settings for the test suite: its own Redis port and SQLite file, so a running `make run`
never shares a broker or database with tests."""

import os

os.environ.setdefault("EMBEDDED_REDIS_PORT", "6391")
# pytest-xdist runs the suite in several processes (gw0, gw1 ...): each gets its own embedded Redis,
# so one process's cache, broker and locks never answer another's tests (both databases number
# their rows from 1). Done once: a Celery worker started by a test inherits the shifted port.
_xdist_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _xdist_worker and not os.environ.get("MELDBOARD_TEST_WORKER"):
    os.environ["MELDBOARD_TEST_WORKER"] = _xdist_worker
    os.environ["EMBEDDED_REDIS_PORT"] = str(int(os.environ["EMBEDDED_REDIS_PORT"]) + 10 + int(_xdist_worker.removeprefix("gw")))
os.environ.setdefault("DATABASE_URL", "sqlite:///" + os.path.join(os.path.dirname(os.path.dirname(__file__)), "var", "test-meldboard.sqlite3"))

from config.settings import *  # noqa: E402,F403
from config.settings import DATABASES, VAR_DIR  # noqa: E402

DATABASES["default"].setdefault("TEST", {})
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file, not :memory:, so a real Celery worker process sees the same test database.
    DATABASES["default"]["TEST"]["NAME"] = str(VAR_DIR / "test-db.sqlite3")
    # A test database is thrown away: a commit need not wait for the disk.
    DATABASES["default"]["OPTIONS"]["init_command"] += " PRAGMA synchronous=OFF;"

# A Celery worker started by the tests must use the test database the test run created.
if os.environ.get("MELDBOARD_WORKER_DB_NAME"):
    DATABASES["default"]["NAME"] = os.environ["MELDBOARD_WORKER_DB_NAME"]

if os.environ.get("MELDBOARD_TEST_WORKER"):
    # Printed files are named by tournament id and counter, which two test databases share.
    MEDIA_ROOT = VAR_DIR / f"media-{os.environ['MELDBOARD_TEST_WORKER']}"  # noqa: F405

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# In memory, unless a test points the mail at a real SMTP server (tests/mail/smtp_server.py sets
# EMAIL_URL for the Celery worker it starts).
if not os.environ.get("EMAIL_URL"):
    EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

# Every test client and browser comes from 127.0.0.1 and the cache lives through the session: the
# per-client limit is tested on its own (tests/accounts/test_password_and_signup.py).
MELDBOARD_ACCOUNT_MAILS_PER_CLIENT = 10_000
