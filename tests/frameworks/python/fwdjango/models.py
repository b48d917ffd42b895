from django.db import models

from .vector import HnswIndex, VectorField

DIM = 6


class Item(models.Model):
    content = models.TextField()
    category = models.CharField(max_length=20)
    n = models.IntegerField()
    embedding = VectorField(dimensions=DIM, null=True)

    class Meta:
        db_table = "dj_items"
        indexes = [HnswIndex(name="dj_items_embedding_hnsw", fields=["embedding"], opclasses=["vector_l2_ops"])]
