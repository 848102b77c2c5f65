"""ui.content"""
