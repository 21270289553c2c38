from django.urls import path

from tournament.accounts import password_reset, views

app_name = "accounts"
urlpatterns = [
    path("invitation/<str:secret>/", views.invitation, name="invitation"),
    path("signup/", views.signup, name="signup"),
    path("signup/sent/", views.signup_done, name="signup_done"),
    path("verify/<str:uid>/<str:token>/", views.verify, name="verify"),
]

# Django's own password reset at its own names (templates/registration/), with the outbox's form.
reset_patterns = [path("password_reset/", password_reset.PasswordResetView.as_view(), name="password_reset")]
