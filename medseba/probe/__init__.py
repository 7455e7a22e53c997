"""``manage.py probe``: replay issue 13's findings against a running server, loopback only, bounded.

``checks`` holds one function per area (hostile bodies, bad ids, anonymous results and the logs,
CSP, local docs assets, history paging, progress); ``follow`` measures following searches
(many clients behind one address, N concurrent searches to done). ``client`` is the one HTTP
client they share: it refuses any host that is not this machine and counts every status.
"""
