"""``thebes loadtest``: live games at a chosen pace against a running server, measured and
checked: the command (cli.py), the load (runner.py) and its figures (figures.py). A tool of its
own: it talks to a server over HTTP and sockets, as any client does, and imports nothing of
thebes/server.
"""
