"""/docs and /redoc work without internet: their assets come from this server (issue 15, item 7).

FastAPI's own pages load Swagger UI and ReDoc from a CDN, so on a machine with no
internet /docs was blank. The app is built with fastapi-offline, which serves
the same assets from the installed package.
"""

from __future__ import annotations

import re


def test_the_api_pages_load_their_scripts_and_styles_from_this_server(make_client, sqlite_url):
    client = make_client(sqlite_url)
    for page, kinds in (("/docs", ("js", "css")), ("/redoc", ("js",))):
        res = client.get(page)
        assert res.status_code == 200, page
        html = res.text
        assert "cdn.jsdelivr.net" not in html and "unpkg.com" not in html and "cdn.redoc.ly" not in html, page
        assets = re.findall(r'(?:src|href)="(/[^"]+\.(?:js|css))"', html)
        assert {a.rsplit(".", 1)[1] for a in assets} >= set(kinds), (page, assets)
        for asset in assets:
            got = client.get(asset)
            assert got.status_code == 200 and len(got.content) > 10_000, asset
    # the schema the pages read is served too
    assert client.get("/openapi.json").json()["info"]["title"] == "thebes"
