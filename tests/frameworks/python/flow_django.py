"""Django 3.2 flow, as pgvector-python's Django documentation shows: a
model with a VectorField and an HnswIndex, the extension and table made
by `migrate`, bulk_create, and k-NN as
Item.objects.order_by(L2Distance('embedding', q))[:k], with and without
a filter; then an update (save) and a delete.

The vector field, index and distance come from fwdjango/vector.py, a
stand-in for pgvector.django (not packaged in Debian).
"""

import os
import sys
from urllib.parse import urlparse

import django
from django.conf import settings

import fwcommon as c

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
url = urlparse(c.dsn())
settings.configure(
    DATABASES={"default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": url.path.lstrip("/"),
        "USER": url.username or "",
        "PASSWORD": url.password or "",
        "HOST": url.hostname,
        "PORT": str(url.port),
        "OPTIONS": {"connection_factory": c.RecordingConnection},
    }},
    INSTALLED_APPS=["fwdjango"],
    USE_TZ=True,
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
)
django.setup()

from django.core.management import call_command  # noqa: E402  (after setup)

from fwdjango.models import DIM, Item  # noqa: E402
from fwdjango.vector import L2Distance  # noqa: E402

docs, queries = c.dataset(1010, DIM)


def search(q, category=None):
    qs = Item.objects.all()
    if category:
        qs = qs.filter(category=category)
    return list(qs.order_by(L2Distance("embedding", q)).values_list("n", flat=True)[:c.K])


def migrate():
    call_command("migrate", "fwdjango", verbosity=0)


def insert():
    Item.objects.bulk_create([Item(content=d["content"], category=d["category"], n=d["n"], embedding=d["embedding"]) for d in docs])
    c.expect("row count", Item.objects.count(), c.N_DOCS)


def knn():
    for q in queries:
        c.expect_ids("k-NN", search(q), c.brute_force(docs, q, c.K))


def filtered():
    for q in queries:
        c.expect_ids("k-NN where category", search(q, "blog"), c.brute_force(docs, q, c.K, lambda d: d["category"] == "blog"))


def update_delete():
    q = queries[1]
    first = c.brute_force(docs, q, 1)[0]
    moved = [dict(d, embedding=[x + 100 for x in d["embedding"]]) if d["id"] == first else d for d in docs]
    item = Item.objects.get(n=first)
    c.expect_vector("loaded embedding", item.embedding, docs[first - 1]["embedding"])
    item.embedding = moved[first - 1]["embedding"]
    item.save()
    c.expect_ids("k-NN after update", search(q), c.brute_force(moved, q, c.K))
    second = c.brute_force(moved, q, 1)[0]
    Item.objects.filter(n=second).delete()
    c.expect_ids("k-NN after delete", search(q), c.brute_force([d for d in moved if d["id"] != second], q, c.K))


c.run_steps([
    ("migrate", migrate),
    ("insert", insert),
    ("search", knn),
    ("filtered search", filtered),
    ("update and delete", update_delete),
])
