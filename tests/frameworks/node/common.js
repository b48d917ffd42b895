'use strict';
// Shared pieces of the framework flows (tests/frameworks_test.go runs each
// flow-*.js with the server's DSN in $FW_DSN):
//
//   - a synthetic data set (NOT real data): N documents with a seeded
//     pseudo-random embedding, a category and a number, and query vectors
//     whose k nearest neighbours have no near-ties;
//   - brute-force k-NN (L2 and cosine distance) to check a framework's answer;
//   - a pg-level query log: every statement node-postgres sends, and every
//     one the server refused, so that a failure names the statement;
//   - a step runner that prints one status line on stdout at the end:
//     "pass" or "fail at <step>: <SQLSTATE> <message>".
//
// Set FW_TRACE=1 to print every statement on stderr.

const pg = require('pg');

/** Number of documents each flow inserts. */
const N_DOCS = 200;
/** Number of neighbours each similarity search asks for. */
const K = 5;
/** Categories, assigned round-robin: category of doc i is CATEGORIES[i % 3]. */
const CATEGORIES = ['news', 'blog', 'paper'];

/** dsn returns the server's postgres:// URL from $FW_DSN. */
function dsn() {
  const d = process.env.FW_DSN;
  if (!d) throw new Error('FW_DSN is not set');
  return d;
}

/** mulberry32 returns a seeded generator of floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * randomVector returns dim components, each a multiple of 1/1024 in
 * [0, 1) so that float32 and float64 hold it exactly.
 */
function randomVector(rnd, dim) {
  const v = [];
  for (let j = 0; j < dim; j++) v.push(Math.floor(rnd() * 1024) / 1024);
  return v;
}

/**
 * dataset returns {docs, queries}: docs[i] = {id: i+1, content, category,
 * n, embedding} with dim-component synthetic embeddings, and two query
 * vectors whose K+1 nearest neighbours (by metric, over all docs and over
 * each category) are separated by more than 1e-4, so that rounding cannot
 * reorder the expected answer.
 */
function dataset(seed, dim, metric = 'l2') {
  const rnd = mulberry32(seed);
  const docs = [];
  for (let i = 0; i < N_DOCS; i++) {
    docs.push({ id: i + 1, content: `synthetic document ${i + 1}`, category: CATEGORIES[i % 3], n: i + 1, embedding: randomVector(rnd, dim) });
  }
  const queries = [];
  while (queries.length < 2) {
    const q = randomVector(rnd, dim);
    if (separated(docs, q, metric) && CATEGORIES.every((c) => separated(docs.filter((d) => d.category === c), q, metric))) queries.push(q);
  }
  return { docs, queries };
}

function separated(docs, q, metric) {
  const d = docs.map((x) => distance(metric, x.embedding, q)).sort((a, b) => a - b);
  for (let i = 1; i <= K; i++) if (d[i] - d[i - 1] <= 1e-4) return false;
  return true;
}

/** distance is the L2 ('l2') or cosine ('cosine') distance of a and b. */
function distance(metric, a, b) {
  let s = 0, na = 0, nb = 0, dot = 0;
  for (let i = 0; i < a.length; i++) {
    s += (a[i] - b[i]) ** 2;
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return metric === 'cosine' ? 1 - dot / Math.sqrt(na * nb) : Math.sqrt(s);
}

/** bruteForce returns the ids of the k docs nearest q (those passing keep). */
function bruteForce(docs, q, k, metric = 'l2', keep = () => true) {
  return docs.filter(keep)
    .map((d) => ({ id: d.id, d: distance(metric, d.embedding, q) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, k)
    .map((x) => x.id);
}

/**
 * expectIds throws unless got (ids, in order) equals want. The message
 * (the status line) stays the same whatever ids came back, so that an
 * approximate index's varying answer cannot make the status flap; the
 * ids go to a "# detail:" line.
 */
function expectIds(what, got, want) {
  const g = got.map(Number);
  if (g.join(',') !== want.join(',')) {
    throw Object.assign(new Error(`${what}: ids differ from brute force`), { detail: `got [${g}], brute force says [${want}]` });
  }
}

/** expect throws unless got equals want (compared as JSON). */
function expect(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

/**
 * expectVector throws unless got equals want as float32 vectors (servers
 * print a vector's components in float4's shortest form).
 */
function expectVector(what, got, want) {
  const f = (v) => Array.from(v || [], (x) => Math.fround(Number(x)));
  expect(what, f(got), f(want));
}

// ---- the pg-level query log ----

/** failures holds {sql, code, message} of every statement the server refused. */
const failures = [];
let stepFailures = [];

function queryText(args) {
  const a = args[0];
  if (typeof a === 'string') return a;
  if (a && typeof a.text === 'string') return a.text;
  return String(a);
}

function recordFailure(sql, err) {
  if (!err || typeof err.code !== 'string' || !/^[0-9A-Z]{5}$/.test(err.code)) return;
  const f = { sql: oneLine(sql), code: err.code, message: err.message };
  failures.push(f);
  stepFailures.push(f);
}

function oneLine(s) {
  return String(s).replace(/\s+/g, ' ').trim();
}

/**
 * installQueryLog wraps pg.Client.prototype.query (every framework here
 * sends through node-postgres) to record refused statements.
 */
function installQueryLog() {
  const orig = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const sql = queryText(args);
    if (process.env.FW_TRACE) process.stderr.write(`SQL: ${oneLine(sql)}\n`);
    const cb = args.length > 0 && typeof args[args.length - 1] === 'function' ? args.length - 1 : -1;
    if (cb >= 0) {
      const f = args[cb];
      args[cb] = function (err, ...rest) {
        if (err) recordFailure(sql, err);
        return f.call(this, err, ...rest);
      };
    }
    const r = orig.apply(this, args);
    if (r && typeof r.then === 'function') r.then(undefined, (err) => recordFailure(sql, err));
    return r;
  };
}
installQueryLog();

// ---- framework command-line tools ----

/**
 * runTool runs a framework's CLI (node script and args) with this query
 * log preloaded; it resolves to the tool's output, or rejects with the
 * last statement the server refused (carrying its SQLSTATE) or the tool's
 * exit status.
 */
function runTool(script, args) {
  const { spawn } = require('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', __filename, script, ...args], {
      cwd: __dirname,
      env: { ...process.env, FW_REPORT_REFUSALS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b) => { out += b; });
    child.stderr.on('data', (b) => { out += b; });
    child.on('close', (code) => {
      let err = null;
      for (const line of out.split('\n')) {
        const m = /^# tool refused: ([0-9A-Z]{5}) (.*?) \| (.*)$/.exec(line);
        if (m) {
          err = Object.assign(new Error(m[2]), { code: m[1] });
          recordFailure(m[3], err);
        }
      }
      if (process.env.FW_TRACE) process.stderr.write(out);
      if (err) reject(err);
      else if (code !== 0) reject(new Error(`${script} exited with ${code}: ${out.trim().split('\n').slice(-3).join(' / ')}`));
      else resolve(out);
    });
  });
}

if (process.env.FW_REPORT_REFUSALS) {
  // In a tool started by runTool: report the refusals to the flow.
  process.on('exit', () => {
    for (const f of failures) process.stderr.write(`\n# tool refused: ${f.code} ${firstLine(f.message)} | ${f.sql.slice(0, 400)}\n`);
  });
}

// ---- steps and the status line ----

/** sqlError finds a server error (with a SQLSTATE) in err's cause chain. */
function sqlError(err, depth = 0) {
  if (!err || typeof err !== 'object' || depth > 6) return null;
  // Prisma's own error codes (P2xxx) look like SQLSTATEs: skip them.
  const prisma = err.clientVersion !== undefined;
  if (!prisma && typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return { code: err.code, message: err.message };
  for (const k of ['cause', 'original', 'parent', 'driverError', 'originalError']) {
    const e = sqlError(err[k], depth + 1);
    if (e) return e;
  }
  return null;
}

/** STATEMENT_CHARS is how much of the failing statement the flow prints. */
const STATEMENT_CHARS = 600;

/**
 * runSteps runs steps ([name, async fn] pairs) in order and prints the
 * status line; on the first failure it stops, and prints the refused
 * statements and the one the failure came from ("# failing statement:").
 * The process exits 0 either way (a crash of the flow itself exits
 * non-zero).
 */
async function runSteps(steps, cleanup) {
  let status = 'pass';
  let statement = '';
  for (const [name, fn] of steps) {
    stepFailures = [];
    try {
      await fn();
    } catch (err) {
      const se = refusal(sqlError(err));
      const msg = se ? `${se.code} ${firstLine(se.message)}` : firstLine(err && err.message ? err.message : String(err));
      status = `fail at ${name}: ${msg}`;
      if (se && se.sql) statement = se.sql;
      if (err && err.detail && !se) console.log(`# detail: ${err.detail}`);
      if (process.env.FW_TRACE) process.stderr.write(`${err && err.stack}\n`);
      break;
    }
  }
  for (const f of failures) console.log(`# refused: ${f.code} ${firstLine(f.message)}: ${f.sql.slice(0, 400)}`);
  if (statement) console.log(`# failing statement: ${statement.slice(0, STATEMENT_CHARS)}`);
  console.log(status);
  if (cleanup) {
    try { await cleanup(); } catch (_) { /* the status is already printed */ }
  }
  process.exit(0);
}

/**
 * refusal returns the statement the server refused that caused se (the
 * last one of the step with its SQLSTATE: frameworks may prefix the
 * message with the SQL), else se, else the last refusal of the step.
 */
function refusal(se) {
  for (let i = stepFailures.length - 1; i >= 0; i--) {
    if (!se || stepFailures[i].code === se.code) return stepFailures[i];
  }
  return se;
}

function firstLine(s) {
  return String(s).split('\n')[0].trim();
}

module.exports = { pg, dsn, runTool, dataset, distance, bruteForce, expectIds, expect, expectVector, runSteps, failures, N_DOCS, K, CATEGORIES };
