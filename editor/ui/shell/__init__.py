"""The window that composes the rooms: start-up, main window, menus, settings, files."""
