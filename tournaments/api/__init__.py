"""The REST API's shared parts: its base view and errors, schema, tokens, serializers and URLs."""
