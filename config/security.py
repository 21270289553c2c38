"""The pieces of the security settings that need code: who is logging in from where (for django-axes),
the page a locked-out log-in sees, and no-store on every page reached through a table link."""

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers

# Pages whose URL holds a table's secret token: a shared or back-button copy must not outlive it.
TABLE_NAMESPACES = {"table", "gameday_table"}


def client_ip(request) -> str:
    """The address a log-in comes from. Behind the TLS proxy every request arrives from the proxy,
    so the client is the last X-Forwarded-For entry — the one our proxy appended; entries before it
    are whatever the client chose to send."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.BEHIND_TLS_PROXY and forwarded.strip():
        return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


# django-axes' column for the username tried (AccessAttempt.username).
AXES_USERNAME_LENGTH = 255


def login_username(request, credentials=None) -> str:
    """The username a log-in tried, as django-axes records it: cut to its column and without NUL
    bytes (PostgreSQL refuses both, so a 5,000-character name was a 500 instead of a refusal)."""
    name = (credentials or {}).get("username") if credentials else request.POST.get("username", "")
    return str(name or "").replace("\x00", "")[:AXES_USERNAME_LENGTH]


def locked_out(request, original_response=None, credentials=None):
    """The log-in page again, saying why the right password is refused (django-axes' lockout)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = (
        f"Too many failed log-ins for this account from this address. Try again in {minutes} minutes, "
        "or ask another organizer/admin to unlock it."
    )
    context = {"form": AuthenticationForm(request), "locked_out": message, "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=settings.AXES_HTTP_RESPONSE_CODE)


class TableNoStoreMiddleware:
    """Cache-Control: no-store on every table page, whichever app's URL conf serves it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and TABLE_NAMESPACES.intersection(match.namespaces):
            add_never_cache_headers(response)
        return response
