"""ui.shell"""
