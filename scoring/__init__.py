"""Rules engine for tarok, ulti and tarokk hands: pure Python, no Django import.

The Django parts of scoring (models) live beside the engine in this package but
are imported only by Django; ``scoring.registry`` and ``scoring.variants`` stay
importable without settings.
"""
