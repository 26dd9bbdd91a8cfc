"""Files: reading inputs safely (bounded reads; the xlsx package checked
before anything reads it; which sheet cells hold formulas or error values)
and writing outputs atomically."""
