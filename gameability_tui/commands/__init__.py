"""One module per CLI command; each imports what it needs when it runs."""
