'use strict';
// TypeORM flow, as TypeORM's and pgvector-node's documentation show: an
// entity (EntitySchema, the plain-JavaScript form of @Entity) with a
// 'vector' column of fixed length, a DataSource with synchronize: true
// creating the schema, repository.save, and k-NN through the query
// builder: orderBy('embedding <-> :embedding').limit(k).
require('reflect-metadata');
const c = require('./common');
const { DataSource, EntitySchema } = require('typeorm');
const pgvector = require('pgvector');

const DIM = 5;
const { docs, queries } = c.dataset(303, DIM);

const Item = new EntitySchema({
  name: 'TyItem',
  tableName: 'ty_items',
  columns: {
    id: { type: 'int', primary: true, generated: 'increment' },
    content: { type: 'text' },
    category: { type: 'varchar', length: 20 },
    n: { type: 'int' },
    embedding: { type: 'vector', length: DIM, nullable: true },
  },
});

const ds = new DataSource({
  type: 'postgres',
  url: c.dsn(),
  entities: [Item],
  synchronize: true,
  logging: !!process.env.FW_TRACE,
  poolSize: 2,
});

async function search(q, category) {
  let qb = ds.getRepository(Item).createQueryBuilder('item').select(['item.id']);
  if (category) qb = qb.where('item.category = :category', { category });
  const rows = await qb.orderBy('embedding <-> :embedding').setParameters({ embedding: pgvector.toSql(q) }).limit(c.K).getMany();
  return rows.map((r) => r.id);
}

c.runSteps([
  ['connect', async () => {
    // pgvector's documentation: enable the extension before the schema.
    const pre = new DataSource({ type: 'postgres', url: c.dsn() });
    await pre.initialize();
    await pre.query('CREATE EXTENSION IF NOT EXISTS vector');
    await pre.destroy();
  }],
  ['synchronize', async () => {
    await ds.initialize();
  }],
  ['insert', async () => {
    await ds.getRepository(Item).save(docs.map((d) => ({ content: d.content, category: d.category, n: d.n, embedding: d.embedding })));
    c.expect('row count', await ds.getRepository(Item).count(), c.N_DOCS);
  }],
  ['search', async () => {
    for (const q of queries) c.expectIds('k-NN', await search(q), c.bruteForce(docs, q, c.K));
  }],
  ['filtered search', async () => {
    for (const q of queries) c.expectIds('k-NN where category', await search(q, 'news'), c.bruteForce(docs, q, c.K, 'l2', (d) => d.category === 'news'));
  }],
  ['update and delete', async () => {
    const repo = ds.getRepository(Item);
    const q = queries[0];
    const [first] = c.bruteForce(docs, q, 1);
    const moved = docs.map((d) => (d.id === first ? { ...d, embedding: d.embedding.map((x) => x + 100) } : d));
    const item = await repo.findOneBy({ id: first });
    c.expectVector('loaded embedding', item.embedding, docs[first - 1].embedding);
    item.embedding = moved[first - 1].embedding;
    await repo.save(item);
    c.expectIds('k-NN after update', await search(q), c.bruteForce(moved, q, c.K));
    const [second] = c.bruteForce(moved, q, 1);
    await repo.delete({ id: second });
    c.expectIds('k-NN after delete', await search(q), c.bruteForce(moved.filter((d) => d.id !== second), q, c.K));
  }],
], () => ds.isInitialized && ds.destroy());
