"""The app's widgets: the island map and the smaller panels."""
