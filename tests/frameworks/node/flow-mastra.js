'use strict';
// Mastra flow, as Mastra's PgVector documentation shows: new PgVector({id,
// connectionString}), createIndex (cosine, HNSW), upsert with metadata
// and ids, query with and without a metadata filter, updateVector,
// deleteVector. Mastra takes vectors directly: no embedding model.
const c = require('./common');
const { PgVector } = require('@mastra/pg');

const DIM = 7;
const INDEX = 'ma_documents';
const { docs, queries } = c.dataset(707, DIM, 'cosine');
// Mastra's pool gives up connecting after 2 s by default; a loaded CI
// machine can take longer, so the flow allows 30 s.
const store = new PgVector({ id: 'fw-mastra', connectionString: c.dsn(), pgPoolOptions: { max: 2, connectionTimeoutMillis: 30000 } });

async function search(q, filter) {
  const found = await store.query({ indexName: INDEX, queryVector: q, topK: c.K, filter, ef: 100 });
  return found.map((r) => Number(r.id));
}

c.runSteps([
  ['create index', async () => {
    await store.createIndex({ indexName: INDEX, dimension: DIM, metric: 'cosine', indexConfig: { type: 'hnsw' } });
  }],
  ['upsert', async () => {
    await store.upsert({
      indexName: INDEX,
      vectors: docs.map((d) => d.embedding),
      metadata: docs.map((d) => ({ category: d.category, n: d.n, text: d.content })),
      ids: docs.map((d) => String(d.id)),
    });
    const stats = await store.describeIndex({ indexName: INDEX });
    c.expect('describeIndex count', stats.count, c.N_DOCS);
  }],
  ['search', async () => {
    for (const q of queries) c.expectIds('k-NN', await search(q), c.bruteForce(docs, q, c.K, 'cosine'));
  }],
  ['filtered search', async () => {
    for (const q of queries) c.expectIds('k-NN where category', await search(q, { category: 'blog' }), c.bruteForce(docs, q, c.K, 'cosine', (d) => d.category === 'blog'));
  }],
  ['update and delete', async () => {
    const q = queries[1];
    const [first] = c.bruteForce(docs, q, 1, 'cosine');
    const away = q.map((x) => 1 - x);
    const moved = docs.map((d) => (d.id === first ? { ...d, embedding: away } : d));
    await store.updateVector({ indexName: INDEX, id: String(first), update: { vector: away } });
    c.expectIds('k-NN after update', await search(q), c.bruteForce(moved, q, c.K, 'cosine'));
    const [second] = c.bruteForce(moved, q, 1, 'cosine');
    await store.deleteVector({ indexName: INDEX, id: String(second) });
    c.expectIds('k-NN after delete', await search(q), c.bruteForce(moved.filter((d) => d.id !== second), q, c.K, 'cosine'));
  }],
], () => store.disconnect());
