"""The Qt layer: windows and views that show the core models."""
