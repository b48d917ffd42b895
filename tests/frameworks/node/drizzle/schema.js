'use strict';
// drizzle-orm schema of the drizzle flow (flow-drizzle.js), as drizzle's
// pgvector guide writes it: a vector column and an HNSW index with
// vector_cosine_ops. drizzle-kit generate turned it into
// drizzle/migrations/; drizzle-kit push compares it with the database.
const { pgTable, serial, text, varchar, integer, vector, index } = require('drizzle-orm/pg-core');

const DIM = 6;

const dzItems = pgTable('dz_items', {
  id: serial('id').primaryKey(),
  content: text('content').notNull(),
  category: varchar('category', { length: 20 }).notNull(),
  n: integer('n').notNull(),
  embedding: vector('embedding', { dimensions: DIM }),
}, (t) => [index('dz_items_embedding_idx').using('hnsw', t.embedding.op('vector_cosine_ops'))]);

module.exports = { dzItems, DIM };
