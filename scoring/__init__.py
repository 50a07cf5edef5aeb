"""Rules engine for tarok, ulti and tarokk hands: pure Python, no Django import.

One package per variant under ``scoring.variants``; ``scoring.registry`` maps a key to its
``Variant``; ``scoring.engine.evaluate`` scores one hand. The site (``tournaments``) imports this
package and never the reverse.
"""
