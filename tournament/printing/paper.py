"""The paper sizes an organizer can print on, in PostScript points (72 to the inch)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MM = 72 / 25.4


@dataclass(frozen=True)
class Paper:
    key: str
    label: str  # lazily translated: the menu shows it in the visitor's language
    width: float  # portrait width, pt
    height: float  # portrait height, pt

    def size(self, landscape: bool = False) -> tuple[float, float]:
        return (self.height, self.width) if landscape else (self.width, self.height)

    def css_size(self, landscape: bool = False) -> str:
        w, h = self.size(landscape)
        return f"{w:.2f}pt {h:.2f}pt"


PAPERS: dict[str, Paper] = {
    p.key: p
    for p in (
        Paper("letter", gettext_lazy("Letter (8½×11 in)"), 612, 792),
        Paper("tabloid", gettext_lazy("Tabloid (11×17 in)"), 792, 1224),
        Paper("a4", "A4", 210 * MM, 297 * MM),
        Paper("a3", "A3", 297 * MM, 420 * MM),
    )
}
DEFAULT_PAPER = "letter"


class UnknownPaper(ValueError):
    pass


def paper(key: str | None) -> Paper:
    """The paper for a key typed or sent by a form; a clear message for anything else."""
    if key in (None, ""):
        return PAPERS[DEFAULT_PAPER]
    try:
        return PAPERS[str(key).strip().lower()]
    except KeyError:
        choices = ", ".join(str(p.label) for p in PAPERS.values())
        raise UnknownPaper(_("Paper “%(key)s” is not one we print on; choose one of %(choices)s.") % {
            "key": key, "choices": choices}) from None
