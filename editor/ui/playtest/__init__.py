"""ui.playtest"""
