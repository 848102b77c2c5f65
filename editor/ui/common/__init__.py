"""ui.common"""
