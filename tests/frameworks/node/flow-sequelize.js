'use strict';
// Sequelize flow, as pgvector-node's README shows for Sequelize: the
// VECTOR type registered with pgvector.registerTypes(Sequelize), a model
// defined and created with Model.sync(), bulkCreate, and k-NN as
// findAll({order: l2Distance(...), limit}).
const c = require('./common');
const { Sequelize, DataTypes } = require('sequelize');
const pgvector = require('pgvector/sequelize');

pgvector.registerTypes(Sequelize);
const DIM = 4;
const { docs, queries } = c.dataset(202, DIM);
const sequelize = new Sequelize(c.dsn(), { logging: process.env.FW_TRACE ? console.error : false, pool: { max: 2 } });

const Item = sequelize.define('Item', {
  content: { type: DataTypes.TEXT, allowNull: false },
  category: { type: DataTypes.STRING(20), allowNull: false },
  n: { type: DataTypes.INTEGER, allowNull: false },
  embedding: { type: DataTypes.VECTOR(DIM) },
}, { tableName: 'sq_items' });

async function search(q, category) {
  const rows = await Item.findAll({
    attributes: ['id'],
    where: category ? { category } : undefined,
    order: pgvector.l2Distance('embedding', q, sequelize),
    limit: c.K,
  });
  return rows.map((r) => r.id);
}

c.runSteps([
  ['connect', async () => {
    await sequelize.authenticate();
    await sequelize.query('CREATE EXTENSION IF NOT EXISTS vector');
  }],
  ['sync', async () => {
    await Item.sync();
  }],
  ['insert', async () => {
    await Item.bulkCreate(docs.map((d) => ({ content: d.content, category: d.category, n: d.n, embedding: d.embedding })));
    c.expect('row count', await Item.count(), c.N_DOCS);
  }],
  ['search', async () => {
    for (const q of queries) c.expectIds('k-NN', await search(q), c.bruteForce(docs, q, c.K));
  }],
  ['filtered search', async () => {
    for (const q of queries) c.expectIds('k-NN where category', await search(q, 'paper'), c.bruteForce(docs, q, c.K, 'l2', (d) => d.category === 'paper'));
  }],
  ['update and delete', async () => {
    const q = queries[1];
    const [first] = c.bruteForce(docs, q, 1);
    const moved = docs.map((d) => (d.id === first ? { ...d, embedding: d.embedding.map((x) => x + 100) } : d));
    const item = await Item.findByPk(first);
    item.embedding = moved[first - 1].embedding;
    await item.save();
    c.expectIds('k-NN after update', await search(q), c.bruteForce(moved, q, c.K));
    const [second] = c.bruteForce(moved, q, 1);
    await Item.destroy({ where: { id: second } });
    c.expectIds('k-NN after delete', await search(q), c.bruteForce(moved.filter((d) => d.id !== second), q, c.K));
  }],
], () => sequelize.close());
