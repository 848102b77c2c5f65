"""studio"""
