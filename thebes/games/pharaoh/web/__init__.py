"""Pharaoh's browser table: table.js and the modules it imports, served at /static/games/pharaoh/."""
