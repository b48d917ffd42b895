'use strict';
// knex flow, as pgvector-node's README shows for knex: the table is
// created by a knex migration (knex.migrate.latest, which asks hasTable
// and keeps its own migrations table), rows are inserted with
// pgvector.toSql, and k-NN is orderBy(knex.l2Distance(...)).limit(k).
const c = require('./common');
const Knex = require('knex');
const pgvector = require('pgvector/knex');

const TABLE = 'kx_items';
const DIM = 3;
const { docs, queries } = c.dataset(101, DIM);
const knex = Knex({ client: 'pg', connection: c.dsn(), pool: { min: 0, max: 2 } });

const migrations = {
  getMigrations: async () => ['20240101_create_kx_items'],
  getMigrationName: (m) => m,
  getMigration: async () => ({
    up: async (k) => {
      await k.schema.enableExtension('vector');
      await k.schema.createTable(TABLE, (t) => {
        t.increments('id');
        t.text('content').notNullable();
        t.string('category', 20).notNullable();
        t.integer('n').notNullable();
        t.vector('embedding', DIM);
      });
    },
    down: async (k) => k.schema.dropTable(TABLE),
  }),
};

async function search(q, category) {
  let qb = knex(TABLE).select('id');
  if (category) qb = qb.where('category', category);
  const rows = await qb.orderBy(knex.l2Distance('embedding', q)).limit(c.K);
  return rows.map((r) => r.id);
}

c.runSteps([
  ['migrate', async () => {
    await knex.migrate.latest({ migrationSource: migrations, tableName: 'kx_migrations' });
    c.expect('hasTable', await knex.schema.hasTable(TABLE), true);
  }],
  ['insert', async () => {
    await knex(TABLE).insert(docs.map((d) => ({ content: d.content, category: d.category, n: d.n, embedding: pgvector.toSql(d.embedding) })));
    const [{ count }] = await knex(TABLE).count('* as count');
    c.expect('row count', Number(count), c.N_DOCS);
  }],
  ['search', async () => {
    for (const q of queries) c.expectIds('k-NN', await search(q), c.bruteForce(docs, q, c.K));
  }],
  ['filtered search', async () => {
    for (const q of queries) c.expectIds('k-NN where category', await search(q, 'blog'), c.bruteForce(docs, q, c.K, 'l2', (d) => d.category === 'blog'));
  }],
  ['update and delete', async () => {
    const q = queries[0];
    const [first] = c.bruteForce(docs, q, 1);
    await knex(TABLE).where('id', first).update({ embedding: pgvector.toSql(docs[first - 1].embedding.map((x) => x + 100)) });
    const moved = docs.map((d) => (d.id === first ? { ...d, embedding: d.embedding.map((x) => x + 100) } : d));
    c.expectIds('k-NN after update', await search(q), c.bruteForce(moved, q, c.K));
    const [second] = c.bruteForce(moved, q, 1);
    await knex(TABLE).where('id', second).del();
    c.expectIds('k-NN after delete', await search(q), c.bruteForce(moved.filter((d) => d.id !== second), q, c.K));
  }],
], () => knex.destroy());
