"""Dead Drop: print-and-play kits and a table assistant for spy games."""
