"""The web app: FastAPI server, lasting storage, live games over WebSocket, bot seats.

``thebes serve`` runs :func:`thebes.server.serve.run_serve`; tests build the app with
:func:`thebes.server.app.create_app`. The parts are subpackages (docs/ARCHITECTURE.md,
"Server"): storage/, live/, tables/, players/, guard/ and api/. See docs/web-api.md.

This package's ``__init__`` imports nothing: import the module that holds what you need.
"""
