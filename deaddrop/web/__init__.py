"""`deaddrop serve`: the table on the players' phones (docs/serve.md).

- `links`: the secret code of each seat's join link (an HMAC of table and seat under a key kept
  beside the database).
- `api`: what each link may see and do, as JSON, over the same core functions as `deaddrop table`
  (assistant.table); no web framework here, so it is tested without a server.
- `watch`: one thread that notices a change to a served table from any writer (a phone or the
  CLI) and wakes the pages' event streams.
- `app`: the ASGI application (Starlette): routes, security headers, static files, events.

Only `deaddrop serve` imports this package, so the web stack never slows another command.
"""
