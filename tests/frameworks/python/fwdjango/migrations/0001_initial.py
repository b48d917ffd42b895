# The migration makemigrations writes for fwdjango/models.py, with the
# extension created first (as pgvector-python's documentation shows).
from django.db import migrations, models

import fwdjango.vector


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        fwdjango.vector.VectorExtension(),
        migrations.CreateModel(
            name="Item",
            fields=[
                ("id", models.AutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("content", models.TextField()),
                ("category", models.CharField(max_length=20)),
                ("n", models.IntegerField()),
                ("embedding", fwdjango.vector.VectorField(dimensions=6, null=True)),
            ],
            options={"db_table": "dj_items"},
        ),
        migrations.AddIndex(
            model_name="item",
            index=fwdjango.vector.HnswIndex(fields=["embedding"], name="dj_items_embedding_hnsw", opclasses=["vector_l2_ops"]),
        ),
    ]
