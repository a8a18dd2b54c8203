"""A page as geometry: words in rows and columns, reading order, rotation, where one document ends."""
