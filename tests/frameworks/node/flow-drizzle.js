'use strict';
// drizzle-orm flow, as drizzle's pgvector guide shows: the schema in
// drizzle/schema.js (vector column, HNSW index with vector_cosine_ops),
// its migration (made by drizzle-kit generate) applied by migrate(), then
// drizzle-kit push checking the database against the schema, inserts,
// and k-NN ordered by cosineDistance(...) with and without a filter.
const c = require('./common');
const { drizzle } = require('drizzle-orm/node-postgres');
const { migrate } = require('drizzle-orm/node-postgres/migrator');
const { sql, eq, cosineDistance, count } = require('drizzle-orm');
const { dzItems, DIM } = require('./drizzle/schema');

const { docs, queries } = c.dataset(404, DIM, 'cosine');
const pool = new c.pg.Pool({ connectionString: c.dsn(), max: 2 });
const db = drizzle(pool);

async function search(q, category) {
  let qb = db.select({ id: dzItems.id }).from(dzItems);
  if (category) qb = qb.where(eq(dzItems.category, category));
  const rows = await qb.orderBy(cosineDistance(dzItems.embedding, q)).limit(c.K);
  return rows.map((r) => r.id);
}

c.runSteps([
  ['migrate', async () => {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
    await migrate(db, { migrationsFolder: './drizzle/migrations' });
  }],
  ['drizzle-kit push', async () => {
    const out = await c.runTool('node_modules/drizzle-kit/bin.cjs', ['push', '--config', 'drizzle/drizzle.config.js', '--force']);
    if (!/No changes detected/.test(out)) throw new Error(`drizzle-kit push found differences: ${out.trim().split('\n').slice(-3).join(' / ')}`);
  }],
  ['insert', async () => {
    await db.insert(dzItems).values(docs.map((d) => ({ content: d.content, category: d.category, n: d.n, embedding: d.embedding })));
    const [{ n }] = await db.select({ n: count() }).from(dzItems);
    c.expect('row count', n, c.N_DOCS);
  }],
  ['search', async () => {
    for (const q of queries) c.expectIds('k-NN', await search(q), c.bruteForce(docs, q, c.K, 'cosine'));
  }],
  ['filtered search', async () => {
    for (const q of queries) c.expectIds('k-NN where category', await search(q, 'news'), c.bruteForce(docs, q, c.K, 'cosine', (d) => d.category === 'news'));
  }],
  ['update and delete', async () => {
    const q = queries[0];
    const [first] = c.bruteForce(docs, q, 1, 'cosine');
    const away = q.map((x) => 1 - x);
    const moved = docs.map((d) => (d.id === first ? { ...d, embedding: away } : d));
    await db.update(dzItems).set({ embedding: away }).where(eq(dzItems.id, first));
    const [row] = await db.select({ embedding: dzItems.embedding }).from(dzItems).where(eq(dzItems.id, first));
    c.expectVector('updated embedding', row.embedding, away);
    c.expectIds('k-NN after update', await search(q), c.bruteForce(moved, q, c.K, 'cosine'));
    const [second] = c.bruteForce(moved, q, 1, 'cosine');
    await db.delete(dzItems).where(eq(dzItems.id, second));
    c.expectIds('k-NN after delete', await search(q), c.bruteForce(moved.filter((d) => d.id !== second), q, c.K, 'cosine'));
  }],
], () => pool.end());
