"""The Textual triage app: screens, widgets and styles. Never runs benchmark code itself."""
