from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def open_signup() -> bool:
    """Whether anyone may make an account here (MELDBOARD_OPEN_SIGNUP): the log-in page offers it."""
    return settings.MELDBOARD_OPEN_SIGNUP
