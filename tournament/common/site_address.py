"""Where people reach this site, for links they share or receive by e-mail: MELDBOARD_PUBLIC_URL
when set, else the host of the request being answered; a link made with no request at hand (an
e-mail sent by the worker) uses the address the last organizer page was served on."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache

_SEEN = "meldboard:site-address"


def base(request=None) -> str:
    """"https://rummy.example.org/" (always ending in a slash), or "" when nothing says it."""
    public = getattr(settings, "MELDBOARD_PUBLIC_URL", "")
    if public:
        return public.rstrip("/") + "/"
    if request is not None:
        found = request.build_absolute_uri("/")
        try:
            cache.set(_SEEN, found, None)
        except Exception:  # noqa: BLE001 — Redis down: the link on this page is still right
            pass
        return found
    try:
        return cache.get(_SEEN) or ""
    except Exception:  # noqa: BLE001
        return ""


def absolute(path: str, request=None) -> str:
    """The link to `path` (a site path such as "/t/demo/") people can open from anywhere."""
    found = base(request)
    return found.rstrip("/") + path if found else path


def is_loopback(address: str) -> bool:
    """True for an address only this machine can open (127.x, ::1, localhost): a phone cannot."""
    host = (urlsplit(address).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
