"""Families of variants: what several variants' packages share, declared once (the Hungarian tarokks)."""
