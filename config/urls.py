"""URLs split by audience: public pages, organizer pages (login), table pages (secret token)."""

from django.contrib import admin
from django.urls import include, path, register_converter

from config.converters import IdConverter, TokenConverter
from tournament.site import health
from tournament.site.favicon import favicon
from tournament.core.language import switch_language

# Before the includes below import the apps' URL modules, which use them.
register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("language/<str:code>/", switch_language, name="switch_language"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    # organizer (login required)
    path("organizer/", include("tournament.events.urls")),
    path("organizer/", include("tournament.formats.bracket.draw.urls")),
    path("organizer/", include("tournament.gameday.urls")),
    path("organizer/", include("tournament.printing.urls")),
    path("organizer/", include("tournament.signups.urls_organizer")),
    # table-round events: organizer pages under organizer/ and the public sign-up
    path("", include("tournament.formats.tables.urls")),
    # table (the token in the URL is the key)
    path("table/", include("scoring.urls_table")),
    path("table/", include("tournament.gameday.urls_table")),
    # public
    path("", include("scoring.urls_public")),
    path("", include("tournament.formats.bracket.chart.urls")),
    path("", include("tournament.live.urls")),
    path("", include("tournament.signups.urls")),
]

handler404 = "tournament.site.errors.not_found"  # the site's layout, and the way back to the tournament when known
