'use strict';
// LangChain.js flow, as LangChain's PGVectorStore documentation shows:
// PGVectorStore.initialize with a pg pool config, a table, a collection
// table and cosine distance; addDocuments with ids; createHnswIndex;
// similaritySearch with and without a metadata filter (equality and
// arrayContains); delete by id. The embedding model is a fake (LangChain's
// Embeddings interface) mapping each text to its synthetic vector: no
// embedding provider can be reached here.
const c = require('./common');
const { Embeddings } = require('@langchain/core/embeddings');
const { Document } = require('@langchain/core/documents');
const { PGVectorStore } = require('@langchain/community/vectorstores/pgvector');

const DIM = 8;
const { docs, queries } = c.dataset(606, DIM, 'cosine');

/** uuid returns the document id of doc n as a fixed UUID. */
const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** TableEmbeddings looks each text up in a table of synthetic vectors. */
class TableEmbeddings extends Embeddings {
  constructor(table) {
    super({});
    this.table = table;
  }

  async embedDocuments(texts) {
    return texts.map((t) => this.lookup(t));
  }

  async embedQuery(text) {
    return this.lookup(text);
  }

  lookup(text) {
    const v = this.table.get(text);
    if (!v) throw new Error(`no synthetic vector for ${JSON.stringify(text)}`);
    return v;
  }
}

const table = new Map(docs.map((d) => [d.content, d.embedding]));
queries.forEach((q, i) => table.set(`query ${i}`, q));
const tags = (d) => [d.category, d.n % 2 === 0 ? 'even' : 'odd'];
let store;

async function search(i, filter) {
  const found = await store.similaritySearch(`query ${i}`, c.K, filter);
  return found.map((d) => d.metadata.n);
}

c.runSteps([
  ['initialize', async () => {
    store = await PGVectorStore.initialize(new TableEmbeddings(table), {
      postgresConnectionOptions: { connectionString: c.dsn(), max: 2 },
      tableName: 'lc_documents',
      collectionTableName: 'lc_collections',
      collectionName: 'synthetic',
      columns: { idColumnName: 'id', vectorColumnName: 'embedding', contentColumnName: 'content', metadataColumnName: 'metadata' },
      distanceStrategy: 'cosine',
      dimensions: DIM,
    });
  }],
  ['add documents', async () => {
    const documents = docs.map((d) => new Document({ pageContent: d.content, metadata: { n: d.n, category: d.category, tags: tags(d) } }));
    await store.addDocuments(documents, { ids: docs.map((d) => uuid(d.n)) });
    await store.createHnswIndex({ dimensions: DIM, m: 16, efConstruction: 64 });
  }],
  ['search', async () => {
    for (let i = 0; i < queries.length; i++) c.expectIds('k-NN', await search(i), c.bruteForce(docs, queries[i], c.K, 'cosine'));
  }],
  ['filtered search', async () => {
    for (let i = 0; i < queries.length; i++) {
      c.expectIds('k-NN where category', await search(i, { category: 'paper' }), c.bruteForce(docs, queries[i], c.K, 'cosine', (d) => d.category === 'paper'));
    }
  }],
  ['array filter', async () => {
    const want = c.bruteForce(docs, queries[0], c.K, 'cosine', (d) => d.n % 2 === 0);
    c.expectIds('k-NN where tags ?| [even]', await search(0, { tags: { arrayContains: ['even'] } }), want);
  }],
  ['update and delete', async () => {
    const q = queries[0];
    const [first] = c.bruteForce(docs, q, 1, 'cosine');
    const d = docs[first - 1];
    const away = q.map((x) => 1 - x);
    const moved = docs.map((x) => (x.id === first ? { ...x, embedding: away } : x));
    table.set(d.content, away);
    await store.delete({ ids: [uuid(first)] });
    await store.addDocuments([new Document({ pageContent: d.content, metadata: { n: d.n, category: d.category, tags: tags(d) } })], { ids: [uuid(first)] });
    c.expectIds('k-NN after update', await search(0), c.bruteForce(moved, q, c.K, 'cosine'));
    const [second] = c.bruteForce(moved, q, 1, 'cosine');
    await store.delete({ ids: [uuid(second)] });
    c.expectIds('k-NN after delete', await search(0), c.bruteForce(moved.filter((x) => x.id !== second), q, c.K, 'cosine'));
  }],
], () => store && store.end());
