"""What guards the server: its settings (settings.py), the limits on what a client may spend
(limits.py) and the security headers, origins and token redaction (security.py).
docs/security.md.

This package's ``__init__`` imports nothing: import the module that holds what you need.
"""
