"""The sample generator's building blocks (used only by samples/generate.py and its tests)."""
