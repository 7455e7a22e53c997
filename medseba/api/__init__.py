"""Cross-cutting API plumbing shared by every app: the one error shape (errors.py, serializers.py) and the throttles (throttling.py)."""
