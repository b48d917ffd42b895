'use strict';
// LlamaIndex TS flow, as LlamaIndex's PGVectorStore documentation shows:
// new PGVectorStore({clientConfig, schemaName, tableName, dimensions}),
// nodes embedded by an embedding model and added with add(), then query()
// with queryEmbedding and similarityTopK, with and without MetadataFilters,
// a re-add of one node (its upsert) and delete(). The embedding model is a
// fake (a BaseEmbedding looking texts up in a table of synthetic vectors):
// no embedding provider can be reached here.
const c = require('./common');
const { BaseEmbedding } = require('@llamaindex/core/embeddings');
const { TextNode } = require('@llamaindex/core/schema');
const { Settings } = require('@llamaindex/core/global');
const { PGVectorStore } = require('@llamaindex/postgres');

const DIM = 5;
const { docs, queries } = c.dataset(808, DIM, 'cosine');
const uuid = (n) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

/** TableEmbedding looks each text up in a table of synthetic vectors. */
class TableEmbedding extends BaseEmbedding {
  constructor(table) {
    super();
    this.table = table;
  }

  async getTextEmbedding(text) {
    const v = this.table.get(text);
    if (!v) throw new Error(`no synthetic vector for ${JSON.stringify(text)}`);
    return v;
  }
}

const table = new Map(docs.map((d) => [d.content, d.embedding]));
queries.forEach((q, i) => table.set(`query ${i}`, q));
const embedModel = new TableEmbedding(table);
Settings.embedModel = embedModel;
const store = new PGVectorStore({ clientConfig: { connectionString: c.dsn() }, schemaName: 'public', tableName: 'li_documents', dimensions: DIM });

async function node(d) {
  const n = new TextNode({ id_: uuid(d.n), text: d.content, metadata: { n: d.n, category: d.category } });
  n.embedding = await embedModel.getTextEmbedding(d.content);
  return n;
}

async function search(i, category) {
  const filters = category ? { filters: [{ key: 'category', value: category, operator: '==' }] } : undefined;
  const res = await store.query({ queryEmbedding: await embedModel.getQueryEmbedding({ type: 'text', text: `query ${i}` }), similarityTopK: c.K, mode: 'default', filters });
  return res.nodes.map((n) => n.metadata.n);
}

c.runSteps([
  ['add', async () => {
    const ids = await store.add(await Promise.all(docs.map(node)));
    c.expect('ids returned', ids.length, c.N_DOCS);
  }],
  ['search', async () => {
    for (let i = 0; i < queries.length; i++) c.expectIds('k-NN', await search(i), c.bruteForce(docs, queries[i], c.K, 'cosine'));
  }],
  ['filtered search', async () => {
    for (let i = 0; i < queries.length; i++) {
      c.expectIds('k-NN where category', await search(i, 'blog'), c.bruteForce(docs, queries[i], c.K, 'cosine', (d) => d.category === 'blog'));
    }
  }],
  ['update and delete', async () => {
    const q = queries[1];
    const [first] = c.bruteForce(docs, q, 1, 'cosine');
    const away = q.map((x) => 1 - x);
    const moved = docs.map((d) => (d.id === first ? { ...d, embedding: away } : d));
    table.set(docs[first - 1].content, away);
    await store.add([await node(docs[first - 1])]);
    c.expectIds('k-NN after update', await search(1), c.bruteForce(moved, q, c.K, 'cosine'));
    const [second] = c.bruteForce(moved, q, 1, 'cosine');
    await store.delete(uuid(second));
    c.expectIds('k-NN after delete', await search(1), c.bruteForce(moved.filter((d) => d.id !== second), q, c.K, 'cosine'));
  }],
], async () => (await store.client()).close());
