"""Screens: one per mode of the app."""
