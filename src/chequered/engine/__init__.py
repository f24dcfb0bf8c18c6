"""Machinery shared by every game; nothing game-specific lives here."""
