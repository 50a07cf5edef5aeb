"""One package per variant; each exposes ``VARIANT``, the one object the registry holds."""
