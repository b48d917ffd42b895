// Package tests holds vecgres's end-to-end tests: each starts the real
// vecgres binary (built once per test run) on 127.0.0.1 with a free port
// and a temporary data directory, and talks to it through real clients
// (pgx, pgvector-go, psql). Servers stop when their test ends.
//
// Golden tests run the SQL scripts in testdata/golden/*.sql and compare
// what the server answers with testdata/golden/*.out; run
// `go test ./tests -run Golden -rewrite` to regenerate the .out files after
// an intended change, and review the diff.
//
// Framework flows (frameworks_test.go) run the programs in frameworks/node
// and frameworks/python — LangChain.js, LlamaIndex TS, Mastra, knex,
// drizzle, TypeORM, Sequelize, Prisma, SQLAlchemy and Django, each used as
// its documentation shows for pgvector and checked against brute force —
// against PGlite with pgvector (all must pass) and against vecgres, whose
// outcomes are recorded in testdata/frameworks/status.txt (-rewrite too).
//
// Environment: VECGRES_BIN uses an already-built server binary instead of
// building cmd/vecgres; VECGRES_CRASH_LOOPS sets how many SIGKILL/restart
// rounds the crash test runs (default 3).
package tests
