"""tarokk-laza: table points, bye points and default tie-breaks."""

from __future__ import annotations

STANDING = None  # filled in by the redesign (issue 13)
