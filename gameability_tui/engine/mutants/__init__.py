"""Mutants: single-site edits of the reference, made by operators that each carry their examples."""
