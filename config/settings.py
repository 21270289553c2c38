"""Meldboard settings: everything that differs between machines comes from the environment.

Parsing is strict: a malformed value stops start-up with a message naming the variable, so a
typo never silently falls back to a default.
"""

import secrets
from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

from config import deployed_code, mail_settings

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(environ.Env().str("MELDBOARD_VAR_DIR", default=str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

env = environ.Env()

EMBEDDED_REDIS_PORT = env.int("EMBEDDED_REDIS_PORT", default=6390)
EMBEDDED_REDIS_URL = f"redis://127.0.0.1:{EMBEDDED_REDIS_PORT}/0"


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept under var/."""
    if env.str("SECRET_KEY", default=""):
        return env.str("SECRET_KEY")
    key_file = VAR_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def _strict_bool(name: str, default: bool) -> bool:
    raw = env.str(name, default="")
    if raw == "":
        return default
    lowered = raw.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


SECRET_KEY = _secret_key()
DEBUG = _strict_bool("DEBUG", False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# Where phones reach the site (printed in the QR codes of table cards); empty: the request's host.
MELDBOARD_PUBLIC_URL = env.str("MELDBOARD_PUBLIC_URL", default="").rstrip("/")
if MELDBOARD_PUBLIC_URL and not MELDBOARD_PUBLIC_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"MELDBOARD_PUBLIC_URL must start with http:// or https://, not {MELDBOARD_PUBLIC_URL!r}")
if MELDBOARD_PUBLIC_URL:
    MELDBOARD_PUBLIC_URL += "/"

# Behind a reverse proxy that ends TLS: trust its X-Forwarded-Proto and keep cookies on HTTPS.
BEHIND_TLS_PROXY = _strict_bool("BEHIND_TLS_PROXY", False)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    # The proxy's (or the container's) health probe speaks plain HTTP to the app itself.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    # Off by default: other hosts under the same domain (a club's own site) may not speak HTTPS,
    # and preloading is a promise browsers keep for months. Django's deploy check nags about both.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _strict_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SILENCED_SYSTEM_CHECKS = ["security.W021"] + ([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"])
SECURE_CONTENT_TYPE_NOSNIFF = True
# Table links carry their secret token in the URL: never send it to another site as a Referer.
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# No inline script anywhere (templates load static/js files); style="" attributes remain in the
# templates, so styles alone allow 'unsafe-inline'. data: images are the QR codes.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

DATABASE_URL = env.str("DATABASE_URL", default="") or f"sqlite:///{VAR_DIR / 'meldboard.sqlite3'}"
DATABASES = {"default": environ.Env.db_url_config(DATABASE_URL)}
# Keep each web thread's database connection between requests (a new PostgreSQL connection costs
# ~15 ms, more than a whole score preview); health-checked so a restarted server is reconnected.
# DATABASE_URL's ?conn_max_age=N wins; 0 turns it off.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("DB_CONN_MAX_AGE", default=60))
DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several processes (web, worker, beat) share one SQLite file: wait for locks instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
# Behind PgBouncer in transaction mode (docs/DEPLOYMENT.md) two transactions of one Django connection
# may run on two different server connections, so nothing may live in a server session between
# them: no server-side cursor (a queryset's .iterator() keeps one open across fetches) and no
# prepared statement (psycopg prepares a query it has run five times; the next server connection
# answers "prepared statement _pg3_0 does not exist"). The app itself sets no session state: no
# SET, no advisory lock, every select_for_update inside its transaction.
DB_TRANSACTION_POOLING = _strict_bool("DB_TRANSACTION_POOLING", False)
if DB_TRANSACTION_POOLING and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = None
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="") or EMBEDDED_REDIS_URL
USING_EMBEDDED_REDIS = REDIS_URL == EMBEDDED_REDIS_URL
if not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(f"REDIS_URL must be a redis:// URL, not {REDIS_URL!r}")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "axes",
    "csp",
    "tournament",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Tags public pages for the front cache (Varnish) when there is one: sees every cookie set below.
    "tournament.site.front_cache.FrontCacheMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before common: the switch's cookie, then the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    # A visitor whose browser names neither language gets the tournament's own.
    "tournament.core.language.TournamentLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.security.TableNoStoreMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First: it refuses a locked-out user name and address before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Log-in throttling (django-axes): 5 failed log-ins for one user name from one address lock that
# pair for 15 minutes (the organizer log-in and the admin alike). Only the pair: a wrong password
# typed at one club must not lock the organizer out everywhere, nor one address lock everyone behind
# the club's router. Failures are counted in the database, so throttling works with Redis down.
# Unlock early: `manage.py axes_reset_username NAME`.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.security.locked_out"
AXES_CLIENT_IP_CALLABLE = "config.security.client_ip"
AXES_USERNAME_CALLABLE = "config.security.login_username"
# Anyone may make an account (a club secretary), their e-mail checked by a link; off: by invitation only.
MELDBOARD_OPEN_SIGNUP = _strict_bool("MELDBOARD_OPEN_SIGNUP", False)
# Sign-ups and password resets one client address may ask for in an hour (each sends an e-mail).
MELDBOARD_ACCOUNT_MAILS_PER_CLIENT = env.int("MELDBOARD_ACCOUNT_MAILS_PER_CLIENT", default=10)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "organizer:home"
LOGOUT_REDIRECT_URL = "public:index"

LANGUAGE_CODE = "en"
# Spanish as Mexican club players write it; "es-MX" and any other "es-*" browser gets it too.
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Mexico groups thousands with commas like English (5,690), not with points as Spain does.
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"  # stored and computed in UTC; each tournament shows its own zone
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Fingerprinted names (app.3f2a9c.js): a browser keeps a file for good and a deploy's changed
    # file has a new name, so a phone never runs last week's script against this week's page.
    "staticfiles": {"BACKEND": "config.static_storage.FingerprintedStaticStorage"},
}
WHITENOISE_MANIFEST_STRICT = False  # a file not collected yet: its plain name (config.static_storage)
MEDIA_ROOT = VAR_DIR / "media"

# The cache only speeds pages up: while Redis is down its reads miss and its writes are dropped
# (config.degrading_cache), with short timeouts so a hung Redis costs a request at most a second.
CACHES = {"default": {
    "BACKEND": "config.degrading_cache.DegradingRedisCache", "LOCATION": REDIS_URL,
    "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    # Every key starts with a digest of the deployed code: a deploy never serves a page the old code rendered.
    "KEY_PREFIX": deployed_code.digest(BASE_DIR),
}}
# Sessions in the database alone, so organizers stay logged in while Redis is down.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# The mail server (config.mail_settings): EMAIL_URL or Django's EMAIL_HOST/EMAIL_PORT/...; else the console.
# Mail is only ever sent by the worker from the outbox (tournament.mail), so a server that is down
# or refuses costs no page, command or start anything: the message waits and is tried again.
globals().update(mail_settings.from_environment(env))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="meldboard@localhost")
# How many messages the worker hands the mail server a minute (a provider's limit; spreads a big announcement).
MELDBOARD_MAIL_PER_MINUTE = env.int("MELDBOARD_MAIL_PER_MINUTE", default=60)
if MELDBOARD_MAIL_PER_MINUTE < 1:
    raise ImproperlyConfigured("MELDBOARD_MAIL_PER_MINUTE must be 1 or more")
# Tries of one message on a failing server before it is marked failed (backoff 30 s doubling, at most 30 min apart).
MELDBOARD_MAIL_MAX_ATTEMPTS = env.int("MELDBOARD_MAIL_MAX_ATTEMPTS", default=12)
MELDBOARD_MAIL_RETRY_SECONDS = env.int("MELDBOARD_MAIL_RETRY_SECONDS", default=30)
# A sender that claimed a message and died: after this another sender takes it (above EMAIL_TIMEOUT).
MELDBOARD_MAIL_CLAIM_LEASE_SECONDS = env.int("MELDBOARD_MAIL_CLAIM_LEASE_SECONDS", default=120)
# How long before a posted start its players get the reminder (tournament.mail.reminders).
MELDBOARD_REMINDER_MINUTES = env.int("MELDBOARD_REMINDER_MINUTES", default=60)

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_ACKS_LATE = True  # a worker that dies mid-task leaves the message for the next one
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A hung Redis must not hang a request that queues a task (tournament.common.scheduling); above the
# worker's 1 s BRPOP wait.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600, "socket_timeout": 2, "socket_connect_timeout": 2}
CELERY_TASK_ALWAYS_EAGER = _strict_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
SWEEP_INTERVAL_SECONDS = env.int("SWEEP_INTERVAL_SECONDS", default=60)

# The event formats (tournament.core.formats): key -> the plug-in's class. A third format is one
# folder under tournament/formats/ and one line here.
MELDBOARD_FORMATS = {
    "bracket": "tournament.formats.bracket.plugin.BracketFormat",
    "tables": "tournament.formats.tables.plugin.TableRoundsFormat",
}

# The shared front cache (Varnish with xkey, deploy/varnish.vcl; docs/DEPLOYMENT.md): each host's
# address, purged of a change's pages before the change's response returns. Empty (`make run`,
# the tests): no front cache, nothing tagged or purged.
FRONT_CACHE_URLS = env.list("FRONT_CACHE_URLS", default=[])
# How long the front cache may keep a public page: only what a lost purge can cost (a purge is
# retried, then logged), never how fresh pages are (the change's own purge makes them fresh).
FRONT_CACHE_SECONDS = env.int("FRONT_CACHE_SECONDS", default=30)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # WeasyPrint narrates every rendering step at INFO.
    "loggers": {"weasyprint": {"level": "WARNING"}, "fontTools": {"level": "WARNING"}},
}
