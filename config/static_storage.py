"""The static files' storage: WhiteNoise's compressed files under names holding a digest of their
content (js/scoring.3f2a9c81e0d4.js), so a browser keeps each for good and a deploy that changes a
file gives it a new name.

A file `collectstatic` has not collected yet (a process started before it ran, a file added since)
is linked by its plain name: the page is served, only that file is missing, never a 500 for it."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class FingerprintedStaticStorage(CompressedManifestStaticFilesStorage):
    def stored_name(self, name):
        try:
            return super().stored_name(name)
        except ValueError:  # not in the manifest and not in STATIC_ROOT to be hashed
            return name
