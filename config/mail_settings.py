"""The mail server, from the environment like every setting: `EMAIL_URL` (django-environ's form,
e.g. smtp://user:pass@mail.example.org:587) and Django's own names (EMAIL_HOST, EMAIL_PORT,
EMAIL_USE_TLS, ...), which win over the URL's parts. Neither given: the console, so `make run`
prints its mail instead of needing a server. A malformed value stops start-up naming it."""

from __future__ import annotations

import environ
from django.core.exceptions import ImproperlyConfigured

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"


def _bool(env: environ.Env, name: str, default: bool) -> bool:
    raw = env.str(name, default="").strip().lower()
    if raw == "":
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def _int(env: environ.Env, name: str, default: int | None) -> int | None:
    raw = env.str(name, default="").strip()
    if raw == "":
        return default
    if not (raw.isascii() and raw.isdigit()):
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}")
    return int(raw)


def _from_url(url: str) -> dict:
    if not url:
        return {}
    try:
        found = environ.Env.email_url_config(url)
    except Exception as exc:  # environ raises a bare ImproperlyConfigured or ValueError
        raise ImproperlyConfigured(f"EMAIL_URL is not a mail server address such as smtp://user:pass@host:587 ({exc})")
    if found.get("EMAIL_BACKEND") == SMTP and (not found.get("EMAIL_HOST") or " " in found["EMAIL_HOST"]):
        raise ImproperlyConfigured(f"EMAIL_URL names no mail server host: {url.split('@')[-1]!r}")
    if url.lower().startswith(("smtps://", "smtp+ssl://")) and found.get("EMAIL_PORT") in (None, 465):
        # TLS from the first byte (port 465), not STARTTLS: environ calls both "TLS".
        found.pop("EMAIL_USE_TLS", None)
        found["EMAIL_USE_SSL"] = True
    return found


def from_environment(env: environ.Env) -> dict:
    url = _from_url(env.str("EMAIL_URL", default="").strip())
    host = env.str("EMAIL_HOST", default="") or url.get("EMAIL_HOST") or "localhost"
    port = _int(env, "EMAIL_PORT", url.get("EMAIL_PORT") or 25)
    # The submission port speaks STARTTLS; asking for it there is what every provider expects.
    use_ssl = _bool(env, "EMAIL_USE_SSL", bool(url.get("EMAIL_USE_SSL")))
    use_tls = _bool(env, "EMAIL_USE_TLS", bool(url.get("EMAIL_USE_TLS")) or (port == 587 and not use_ssl))
    if use_tls and use_ssl:
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be true: STARTTLS (587) or TLS on connect (465)")
    named_server = bool(url) or bool(env.str("EMAIL_HOST", default=""))
    backend = env.str("EMAIL_BACKEND", default="") or (url.get("EMAIL_BACKEND") if url else "") or (SMTP if named_server else CONSOLE)
    return {
        "EMAIL_BACKEND": backend,
        "EMAIL_HOST": host,
        "EMAIL_PORT": port,
        "EMAIL_HOST_USER": env.str("EMAIL_HOST_USER", default="") or url.get("EMAIL_HOST_USER") or "",
        "EMAIL_HOST_PASSWORD": env.str("EMAIL_HOST_PASSWORD", default="") or url.get("EMAIL_HOST_PASSWORD") or "",
        "EMAIL_USE_TLS": use_tls,
        "EMAIL_USE_SSL": use_ssl,
        # A mail server that hangs costs the worker this many seconds per try, never a page.
        "EMAIL_TIMEOUT": _int(env, "EMAIL_TIMEOUT", 15),
    }
