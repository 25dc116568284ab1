"""Modal dialogs that return a value to the screen that opened them."""
