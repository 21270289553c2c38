"""What the tournament form posts (create and edit), as a browser sends it: the one helper tests use."""

from django import forms


def tournament_data(*, game=(2, 30), grace=(0, 5), **changes) -> dict:
    """A whole Bayfest-style form; `game` and `grace` are (hours, minutes) as typed in the two boxes."""
    data = {
        "name": "Bayfest 2027", "slug": "bayfest-2027", "venue": "Clubhouse", "description": "",
        "time_zone": "America/Mazatlan", "signup_deadline": "2027-04-06T12:00", "variant": "baja-partners",
        "require_confirmation": "on", "organizer_email": "desk@club.example",
        **lasting("game_time_limit", *game), **lasting("no_show_grace", *grace),
    }
    return {**data, **changes}


def lasting(field: str, hours, minutes) -> dict:
    """A length of time as the hours and minutes boxes of `field` post it."""
    return {f"{field}_hours": str(hours), f"{field}_minutes": str(minutes)}


def as_posted(form: forms.Form) -> dict:
    """An unbound form's values as the page would post them unchanged (hours and minutes in their boxes)."""
    data = {}
    for field in form:
        value, widget = field.value(), field.field.widget
        if isinstance(widget, forms.MultiWidget):
            data.update(zip((field.html_name + suffix for suffix in widget.widgets_names), widget.decompress(value)))
        elif value is not None:
            data[field.html_name] = value
    return data
