// Package vecindex is vecgres's approximate nearest-neighbour index: an
// in-memory HNSW graph over float32 vectors keyed by uint64 row slot ids.
// It sits below the planner and executor, which build one HNSW per
// `CREATE INDEX ... USING hnsw` and call Search for `ORDER BY col <op> q
// LIMIT k`. It is a leaf: it imports only vecindex/distance (the SIMD
// kernels) and returns plain Go errors; the SQL layer maps them to
// SQLSTATEs.
//
// # Algorithm
//
// Malkov & Yashunin, "Efficient and robust approximate nearest neighbor
// search using Hierarchical Navigable Small World graphs" (IEEE TPAMI
// 2018, arXiv:1603.09320):
//
//   - a node's level is floor(-ln U · mL), U uniform in (0,1], mL = 1/ln(m)
//     (§4, Algorithm 1), capped at 32;
//   - layers >= 1 keep up to m neighbours per node, layer 0 up to 2·m;
//   - Insert (Algorithm 1) descends greedily (ef = 1) from the entry point
//     to layer level+1, then runs SEARCH-LAYER (Algorithm 2) with
//     ef_construction on each layer from min(level, top) down to 0, and
//     picks up to the layer's capacity (2·m on layer 0, as pgvector does)
//     with the neighbour heuristic (Algorithm 4, select.go). Each chosen
//     neighbour gets the reverse edge; a list that overflows is shrunk
//     back with the same heuristic;
//   - the heuristic fills lists it leaves short with the nearest pruned
//     candidates (keepPrunedConnections = true; hnswlib does not);
//   - Search (Algorithm 5) descends greedily to layer 1 and runs
//     SEARCH-LAYER on layer 0 with max(ef_search, k). See Search for how
//     filters and tombstones widen the walk until k results are found.
//
// Delete only tombstones: the node keeps its edges and guides walks.
//
// # Distances
//
// Internal distances (Distance, Result.Dist) are ordered ascending: L2 is
// squared L2, InnerProduct is -dot, Cosine is 1 - cosine similarity, L1 is
// L1. Cosine vectors are stored normalized so a distance is 1 - dot; a
// zero vector is stored as zeros and so is at distance 1 from everything
// (pgvector returns NaN there and does not index it). NaN distances are
// mapped to +Inf so heap orderings stay total; Insert rejects NaN and
// infinite components, as pgvector's input functions do.
//
// # Memory layout
//
// Node ids are uint32, assigned densely in insertion order; nothing is
// ever freed. Per node:
//
//	vecs     []float32  Dims floats at id*Dims (one arena, grown in chunks
//	                    of >= 1024 nodes or 1/4 of its size)
//	keys     []uint64   row slot id
//	levels   []uint8    top layer
//	dead     []bool     tombstone
//	links0   []uint32   1+2m slots at id*(1+2m): count, then neighbour ids
//	upperOff []uint32   offset into upper, used only if level > 0
//	upper    []uint32   for a node of level L: L blocks of 1+m slots
//	                    (count, neighbour ids) for layers 1..L
//
// plus a map from live key to node id. Searching uses a scratch struct
// from a sync.Pool: a visited set of generation stamps ([]uint32, cleared
// only when the stamp wraps), binary heaps of {dist, id} for the candidate
// queue, the ef nearest and the k nearest accepted, so a warm Search
// allocates only its result slice.
//
// # Concurrency
//
// One sync.RWMutex: Insert and Delete hold it exclusively, Search and the
// accessors share it. Growing the arena reallocates, which the write lock
// makes safe; per-node locks for parallel build will need the arrays to
// stop moving (fixed-size segments) first.
package vecindex
