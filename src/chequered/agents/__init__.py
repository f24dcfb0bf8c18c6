"""Game-independent agents."""
