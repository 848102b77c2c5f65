"""ui.board"""
