"""ui.replay"""
