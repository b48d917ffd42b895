package vecindex

import "math"

// Exact duplicates (copies). Many rows may hold one identical vector.
// Left to itself the neighbour heuristic (Algorithm 4) links them all to
// each other: a candidate at distance 0 from the base node is never nearer
// to a kept neighbour than to the base, so nothing prunes it, and an
// insert's ef_construction nearest are all copies once there are more than
// ef_construction of them. The copies then form a clique with no edges out
// that captures walks, and a plateau of copies at one distance fills a
// search's ef nearest so the walk stops there: on 13,000 random 16-dim rows
// plus 1,000 copies of one vector, recall@10 at ef_search 40 fell from
// 0.985 to 0.59, and with 14,000 copies to 0.05 (synthetic data, through
// SQL; 0.983 with the rules below). pgvector avoids this by
// storing up to 10 heap TIDs in one graph element.
//
// Here every copy stays a node with its own key (so Delete, tombstones and
// compaction work as before; checkpoints gained one node flag, version
// 3), but the graph is built and walked as if the vector were one node,
// its original:
//
//   - an insert whose layer search finds a live node within dupEps of its
//     vector (re-checked in float32), or that was allocated while such a
//     node was still being linked (register, dupgroup.go), is flagged a
//     copy (flagCopy, kept in checkpoints); the first node of a vector is
//     its original;
//   - inserts skip copies of other vectors (marked visited, not kept), so
//     distinct nodes link only to originals, and keep at most insertDupCap
//     nodes within dupEps of their own vector;
//   - a new copy links on layer 0 to exactly two members of its group:
//     the original and the newest live copy before it, which it claims
//     under the original's lock (claimHead, dupgroup.go), and both link
//     back, the original putting it first in its list. So the copies form
//     a chain from the original, newest first;
//   - the heuristic keeps at most maxDupNeighbours candidates within dupEps
//     of the base node if the base is an original, all of them if it is a
//     copy (select.go): an original keeps its newest copies, a copy its
//     successor, predecessor and original, and never loses a chain link;
//     a live copy an original drops is handed to a copy it keeps
//     (noteEvicted), so copies that raced for one head stay reachable;
//   - a search (not an insert) offers a copy to its k results but never to
//     the ef nearest that bound the walk, and expands it only while it
//     could still improve the results, so other queries walk past a
//     group; a query that meets a node within dupEps of itself then
//     collects that node's whole group, tombstones included, and keeps
//     the k nearest by (distance, key) (gatherCopies, dupgroup.go);
//   - Compact, reclaiming members of a group, makes a live member its
//     original if the original goes, chains the live members, and points
//     the lists that named a reclaimed member at the original
//     (regroupCopies, dupgroup.go).
//
// InnerProduct has no distance that means "identical" (-|v|² depends on
// v), and Cosine on SQ8 codes none that can be trusted, so there the rules
// are off (dupEps = NaN). Copies that race with more than inflightSlots
// inserts in flight may both become originals of separate groups, which a
// search need not both reach.

// insertDupCap is how many nodes within dupEps of the vector being
// inserted an insert's layer search keeps (candidate queue and results).
const insertDupCap = 2

// maxDupNeighbours is how many nodes within dupEps of an original its
// neighbour list keeps when the heuristic picks them (a list with room
// still takes every reverse edge, as for any node): its newest copies,
// the first of which the next copy chains to (see above). A copy keeps
// all of its copy edges.
const maxDupNeighbours = 3

// dupEpsFor returns the internal distance at or below which two vectors
// count as identical in an index built with cfg: 0 for L2 and L1;
// for Cosine max(1e-6, Dims·2⁻²⁴), since stored vectors are normalized in
// float32 and a vector's distance to its own copy is rounding error rather
// than 0 (a pair that close, under 0.01 rad apart at 784 dims, may as
// well be one point); NaN, which no distance compares <= to (the rules are
// off), for InnerProduct and for Cosine with QuantSQ8, whose layer-0 code
// distances are approximate and may be negative. With QuantSQ8 and L2 a
// code distance of 0 means equal codes.
func dupEpsFor(cfg Config) float32 {
	switch {
	case cfg.Metric == L2 || cfg.Metric == L1 || isBitMetric(cfg.Metric) || cfg.Metric == SparseL2 || cfg.Metric == SparseL1:
		return 0
	case cfg.Metric == Cosine && cfg.Quantization != QuantSQ8:
		return float32(max(1e-6, float64(cfg.Dims)*0x1p-24))
	}
	return float32(math.NaN())
}
