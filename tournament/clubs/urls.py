from django.urls import path

from tournament.clubs import (
    club_announce,
    club_organizers,
    views,
    views_events,
    views_members,
    views_organizer,
    views_past,
    views_seasons,
)

app_name = "clubs"
urlpatterns = [
    path("", views.home, name="home"),
    path("seasons/<int:season_id>/", views.season, name="season"),
    path("seasons/<int:season_id>/standings.pdf", views.season_pdf, name="season_pdf"),
    path("seasons/<int:season_id>/standings.csv", views.season_csv, name="season_csv"),
    path("players/<int:member_id>/", views.player, name="player"),
    path("ratings/", views.rating_list, name="ratings"),
    path("honours/", views.honour_roll, name="honours"),
    path("honours.pdf", views.honour_pdf, name="honours_pdf"),
    path("mail/stop/<str:token>/", club_announce.unsubscribe, name="mail_stop"),
]

organizer_patterns = ([
    path("", views_organizer.clubs, name="list"),
    path("<slug:slug>/", views_organizer.manage, name="manage"),
    path("<slug:slug>/points/", views_organizer.points, name="points"),
    path("<slug:slug>/time-zone/", views_organizer.zone, name="zone"),
    path("<slug:slug>/seasons/", views_organizer.add_season, name="add_season"),
    path("<slug:slug>/seasons/<int:season_id>/", views_seasons.edit_season, name="edit_season"),
    path("<slug:slug>/seasons/<int:season_id>/remove/", views_seasons.delete_season, name="delete_season"),
    path("<slug:slug>/past/", views_organizer.add_past_event, name="add_past_event"),
    path("<slug:slug>/past/<int:past_id>/", views_past.edit_past_event, name="edit_past_event"),
    path("<slug:slug>/past/<int:past_id>/remove/", views_past.delete_past_event, name="delete_past_event"),
    path("<slug:slug>/events/", views_events.attach, name="attach"),
    path("<slug:slug>/events/remove/", views_events.detach, name="detach"),
    path("<slug:slug>/import/", views_events.import_backup, name="import_backup"),
    path("<slug:slug>/organizers/", club_organizers.page, name="organizers"),
    path("<slug:slug>/organizers/add/", club_organizers.add, name="add_organizer"),
    path("<slug:slug>/organizers/<int:user_id>/remove/", club_organizers.remove, name="remove_organizer"),
    path("<slug:slug>/organizers/invite/", club_organizers.invite, name="invite_invitation"),
    path("<slug:slug>/organizers/invitations/<int:invitation_id>/resend/", club_organizers.invitation, {"action": "resend"}, name="resend_invitation"),
    path("<slug:slug>/organizers/invitations/<int:invitation_id>/cancel/", club_organizers.invitation, {"action": "cancel"}, name="cancel_invitation"),
    path("<slug:slug>/members/", views_members.member_list, name="members"),
    path("<slug:slug>/announce/", club_announce.page, name="announce"),
    path("<slug:slug>/announce/<id:message_id>/retry/", club_announce.retry, name="announce_retry"),
    path("<slug:slug>/members/merge/", views_members.merge, name="merge"),
    path("<slug:slug>/members/apart/", views_members.apart, name="apart"),
    path("<slug:slug>/members/<int:member_id>/listing/", views_members.listing, name="listing"),
    path("<slug:slug>/members/<int:member_id>/split/", views_members.split, name="split"),
    path("<slug:slug>/members/<int:member_id>/name/", views_members.rename, name="rename"),
], "clubs_organizer")
