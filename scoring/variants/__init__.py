"""One module per variant; each exposes ``VARIANT``."""
