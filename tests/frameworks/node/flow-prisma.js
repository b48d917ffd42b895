'use strict';
// Prisma flow, as Prisma's pgvector guidance shows: the model declares the
// vector column Unsupported("vector(6)") (prisma/schema.prisma), the
// client is made by prisma generate and runs through the node-postgres
// driver adapter (@prisma/adapter-pg; Prisma 7's client has no native
// engine), vectors are written and searched with $executeRaw/$queryRaw,
// the rest with the typed client. The DDL is written by hand: Prisma's
// schema engine (migrate, db push) is a binary download, impossible here.
const c = require('./common');
const { PrismaClient } = require('@prisma/client');
const { PrismaPg } = require('@prisma/adapter-pg');
const pgvector = require('pgvector');

const DIM = 6;
const { docs, queries } = c.dataset(505, DIM);
const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: c.dsn(), max: 2 }) });

async function search(q, category) {
  const v = pgvector.toSql(q);
  const rows = category
    ? await prisma.$queryRaw`SELECT id FROM pr_documents WHERE category = ${category} ORDER BY embedding <-> ${v}::vector LIMIT ${c.K}`
    : await prisma.$queryRaw`SELECT id FROM pr_documents ORDER BY embedding <-> ${v}::vector LIMIT ${c.K}`;
  return rows.map((r) => r.id);
}

c.runSteps([
  ['create table', async () => {
    await prisma.$executeRawUnsafe('CREATE EXTENSION IF NOT EXISTS vector');
    await prisma.$executeRawUnsafe(`CREATE TABLE pr_documents (id integer PRIMARY KEY, content text NOT NULL, category text NOT NULL, embedding vector(${DIM}))`);
  }],
  ['insert', async () => {
    await prisma.prDocument.createMany({ data: docs.map((d) => ({ id: d.id, content: d.content, category: d.category })) });
    for (const d of docs) {
      await prisma.$executeRaw`UPDATE pr_documents SET embedding = ${pgvector.toSql(d.embedding)}::vector WHERE id = ${d.id}`;
    }
    c.expect('row count', await prisma.prDocument.count(), c.N_DOCS);
  }],
  ['typed query', async () => {
    const rows = await prisma.prDocument.findMany({ where: { category: 'blog' }, select: { id: true }, orderBy: { id: 'asc' }, take: 3 });
    c.expect('findMany', rows.map((r) => r.id), [2, 5, 8]);
  }],
  ['search', async () => {
    for (const q of queries) c.expectIds('k-NN', await search(q), c.bruteForce(docs, q, c.K));
  }],
  ['filtered search', async () => {
    for (const q of queries) c.expectIds('k-NN where category', await search(q, 'blog'), c.bruteForce(docs, q, c.K, 'l2', (d) => d.category === 'blog'));
  }],
  ['update and delete', async () => {
    const q = queries[1];
    const [first] = c.bruteForce(docs, q, 1);
    const moved = docs.map((d) => (d.id === first ? { ...d, embedding: d.embedding.map((x) => x + 100) } : d));
    await prisma.$executeRaw`UPDATE pr_documents SET embedding = ${pgvector.toSql(moved[first - 1].embedding)}::vector WHERE id = ${first}`;
    c.expectIds('k-NN after update', await search(q), c.bruteForce(moved, q, c.K));
    const [second] = c.bruteForce(moved, q, 1);
    await prisma.prDocument.delete({ where: { id: second } });
    c.expectIds('k-NN after delete', await search(q), c.bruteForce(moved.filter((d) => d.id !== second), q, c.K));
  }],
], () => prisma.$disconnect());
