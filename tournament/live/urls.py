"""The live public pages (no login): a team's or player's page, finding it, and the clubhouse TV.
The home page itself is public:home (wired in config.urls), served by tournament.live.views."""

from django.urls import path

from tournament.live import calendars, net_views, views, views_entrant

app_name = "live"
urlpatterns = [
    path("t/<slug:slug>/team/<id:team_id>/", views_entrant.team, name="team"),
    path("t/<slug:slug>/player/<id:player_id>/", views_entrant.player, name="player"),
    path("t/<slug:slug>/team/<id:team_id>/calendar.ics", calendars.team, name="team_calendar"),
    path("t/<slug:slug>/player/<id:player_id>/calendar.ics", calendars.player, name="player_calendar"),
    path("t/<slug:slug>/calendar.ics", calendars.event, name="event_calendar"),
    path("calendar/<str:token>.ics", calendars.feed, name="calendar_feed"),
    path("t/<slug:slug>/net/", net_views.page, name="net"),
    path("t/<slug:slug>/net.txt", net_views.text, name="net_text"),
    path("t/<slug:slug>/find/", views_entrant.find, name="find"),
    path("t/<slug:slug>/tv/", views.tv, name="tv"),
]
