// node-postgres client test for vecgres, run by tests/clients_node_test.go.
//
// Prints a transcript ("# section NAME" headers, then what the client saw)
// compared with tests/clients/expected/node.out. Connects to
// $VECGRES_CLIENT_DSN; runs the sections named vector* only when
// $VECGRES_CLIENT_VECTOR is 1. Uses pg (node-postgres), pg-copy-streams and
// pgvector's pg support the way applications do: parameterised and named
// (prepared) queries, transactions, COPY FROM/TO streams,
// pgvector.registerTypes (which looks the type OIDs up in pg_type) and a
// parameterised k-NN query.
'use strict';

const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');
const pg = require('pg');
const pgvector = require('pgvector/pg');
const { from: copyFrom, to: copyTo } = require('pg-copy-streams');

const DSN = process.env.VECGRES_CLIENT_DSN;
const VECTOR = process.env.VECGRES_CLIENT_VECTOR === '1';

function section(name) {
  console.log('# section ' + name);
}

function show(label, value) {
  console.log(label + ' ' + JSON.stringify(value));
}

// attempt runs fn, printing a server error as "error CODE: message".
async function attempt(client, fn) {
  try {
    await fn();
  } catch (e) {
    if (!e.code) throw e;
    console.log('error ' + e.code + ': ' + e.message);
    await client.query('ROLLBACK');
  }
}

async function copyIn(client, sql, lines) {
  const stream = client.query(copyFrom(sql));
  await pipeline(Readable.from(lines), stream);
  return stream.rowCount;
}

async function copyOut(client, sql) {
  const chunks = [];
  const stream = client.query(copyTo(sql));
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const client = new pg.Client({ connectionString: DSN });
  const other = new pg.Client({ connectionString: DSN });
  await client.connect();
  await other.connect();

  section('connect');
  show('select', (await client.query('SELECT 1 + 1 AS two')).rows);

  section('parameters');
  await client.query('DROP TABLE IF EXISTS node_t');
  await client.query('CREATE TABLE node_t (id bigint PRIMARY KEY, name text, score float8)');
  for (let i = 1; i <= 3; i++) {
    const r = await client.query('INSERT INTO node_t (id, name, score) VALUES ($1, $2, $3)', [i, 'n' + i, i / 4]);
    show('insert', [r.command, r.rowCount]);
  }
  show('select', (await client.query('SELECT id, name, score FROM node_t WHERE id >= $1 ORDER BY id', [2])).rows);
  show('null', (await client.query('SELECT name FROM node_t WHERE name = $1', [null])).rows);

  section('prepared');
  const got = [];
  for (let i = 3; i >= 0; i--) {
    const r = await client.query({ name: 'node-by-id', text: 'SELECT name FROM node_t WHERE id = $1', values: [i] });
    got.push(r.rows.length ? r.rows[0].name : null);
  }
  show('names', got);
  const arr = await client.query({ text: 'SELECT id, score FROM node_t ORDER BY id LIMIT $1', values: [2], rowMode: 'array' });
  show('array rows', arr.rows);

  section('transaction');
  await client.query('BEGIN');
  await client.query('INSERT INTO node_t VALUES ($1, $2, $3)', [4, 'four', 4]);
  show('other before commit', (await other.query('SELECT count(*) FROM node_t')).rows);
  await client.query('COMMIT');
  show('other after commit', (await other.query('SELECT count(*) FROM node_t')).rows);
  await client.query('BEGIN');
  await client.query('DELETE FROM node_t');
  await client.query('ROLLBACK');
  show('after rollback', (await client.query('SELECT count(*) FROM node_t')).rows);

  section('copy');
  show('copy from rowCount', await copyIn(client, 'COPY node_t (id, name, score) FROM STDIN',
    ['10\tten\t10.5\n', '11\t\\N\t-1\n12\ttab\\there\t12\n']));
  show('copy csv rowCount', await copyIn(client, 'COPY node_t (id, name, score) FROM STDIN WITH (FORMAT csv)',
    ['13,"comma, quoted",13\n']));
  const out = await copyOut(client, 'COPY node_t (id, name, score) TO STDOUT');
  for (const line of out.split('\n')) {
    if (Number(line.split('\t')[0]) >= 10) show('copy out', line);
  }

  section('errors');
  await client.query('BEGIN');
  await attempt(client, () => client.query('INSERT INTO node_t VALUES ($1, $2, $3)', [1, 'dup', 0]));
  show('count', (await client.query('SELECT count(*) FROM node_t')).rows);
  await attempt(client, () => client.query('SELECT name FROM node_t WHERE id = $1', ['not a number']));

  section('arrays');
  // node-postgres sends a JS array as a text array literal of unspecified
  // type; the server types it from the other operand of ANY/ALL.
  show('any', (await client.query('SELECT id FROM node_t WHERE id = ANY($1) ORDER BY id', [[1, 3, 99]])).rows);
  show('all', (await client.query('SELECT id FROM node_t WHERE id < 5 AND name <> ALL($1) ORDER BY id', [['n1', 'four']])).rows);
  show('prepared any', (await client.query({ name: 'node-any', text: 'SELECT name FROM node_t WHERE id = ANY($1) ORDER BY id', values: [[2, 4]] })).rows);
  show('text[]', (await client.query('SELECT $1::text[] AS a, ARRAY[$2, NULL] AS b', [['x', 'q"y', null, 'a,b'], 'c d'])).rows);

  if (VECTOR) {
    section('vector registerTypes');
    await client.query('CREATE EXTENSION IF NOT EXISTS vector');
    await pgvector.registerTypes(client);
    console.log('registered');

    section('vector table');
    await client.query('DROP TABLE IF EXISTS node_items');
    await client.query('CREATE TABLE node_items (id bigint PRIMARY KEY, embedding vector(3))');
    for (const [id, v] of [[1, [1, 2, 3]], [2, [4, 5, 6]]]) {
      await client.query('INSERT INTO node_items (id, embedding) VALUES ($1, $2)', [id, pgvector.toSql(v)]);
    }
    show('copy rowCount', await copyIn(client, 'COPY node_items (id, embedding) FROM STDIN',
      ['3\t[1,1,2]\n4\t[-1.5,0.25,0.5]\n']));
    show('rows', (await client.query('SELECT id, embedding FROM node_items ORDER BY id')).rows);

    section('vector knn');
    const q = pgvector.toSql([1, 1, 1]);
    const knn = 'SELECT id, embedding, embedding <-> $1 AS distance FROM node_items ORDER BY embedding <-> $1 LIMIT $2';
    show('knn', (await client.query(knn, [q, 3])).rows);
    show('prepared knn', (await client.query({ name: 'node-knn', text: knn, values: [pgvector.toSql([4, 5, 7]), 1] })).rows);

    section('vector errors');
    await attempt(client, () => client.query('INSERT INTO node_items VALUES ($1, $2)', [9, pgvector.toSql([1, 2])]));
    await attempt(client, () => client.query('SELECT id FROM node_items ORDER BY embedding <-> $1::float8[] LIMIT 1', [[1, 1, 1]]));
  }

  await other.end();
  await client.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
