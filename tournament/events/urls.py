from django.urls import path

from tournament.events import announce, house_rules_views, mail_log, organizers, views

app_name = "organizer"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.create, name="create"),
    path("t/<slug:slug>/", views.dashboard, name="dashboard"),
    path("t/<slug:slug>/edit/", views.edit, name="edit"),
    path("t/<slug:slug>/export.json", views.export_json, name="export"),
    path("t/<slug:slug>/rules/", house_rules_views.page, name="house_rules"),
    path("t/<slug:slug>/organizers/", organizers.page, name="organizers"),
    path("t/<slug:slug>/organizers/add/", organizers.add, name="add_organizer"),
    path("t/<slug:slug>/organizers/<int:user_id>/remove/", organizers.remove, name="remove_organizer"),
    path("t/<slug:slug>/organizers/invite/", organizers.invite, name="invite_invitation"),
    path("t/<slug:slug>/organizers/invitations/<int:invitation_id>/resend/", organizers.invitation, {"action": "resend"}, name="resend_invitation"),
    path("t/<slug:slug>/organizers/invitations/<int:invitation_id>/cancel/", organizers.invitation, {"action": "cancel"}, name="cancel_invitation"),
    path("t/<slug:slug>/announce/", announce.page, name="announce"),
    path("t/<slug:slug>/mail/", mail_log.page, name="mail_log"),
    path("t/<slug:slug>/mail/<int:message_id>/retry/", mail_log.retry, name="mail_retry"),
]
