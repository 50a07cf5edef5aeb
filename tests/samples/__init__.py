"""Random valid hands per variant, for property tests and benchmarks."""
