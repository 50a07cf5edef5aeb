"""Helpers the test modules share: one module a topic, imported by tests and never from a test module."""
