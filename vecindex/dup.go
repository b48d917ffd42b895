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
//     vector (re-checked in float32) is flagged a copy (flagCopy, kept in
//     checkpoints); the first node of a vector is its original;
//   - inserts skip copies of other vectors (marked visited, not kept), so
//     distinct nodes link only to originals, and keep at most insertDupCap
//     nodes within dupEps of their own vector, so a copy's ef_construction
//     nearest are its original, one more copy and distinct nodes;
//   - the heuristic keeps at most maxDupNeighbours candidates within dupEps
//     of the base node (select.go); one within dupEps of a kept neighbour
//     is already pruned by Algorithm 4's rule. So a copy's list is its
//     original, a few copies and the distinct neighbours the original has;
//   - a copy adds reverse edges only to the copies and original it picked.
//     addEdge puts a new copy first in a list and keeps copies in list
//     order when it shrinks one (copiesFirst), so a node keeps its newest
//     copies, and each copy keeps the original, the copy before it and the
//     one after: the copies form a chain a search can follow;
//   - a search (not an insert) offers a copy to its k results but never to
//     the ef nearest that bound the walk, and expands it only while it
//     could still improve the results: a query at the shared vector walks
//     the chain for k copies, other queries walk past it;
//   - Compact, reclaiming an original, clears the flag of one of its live
//     copies, which becomes the original.
//
// InnerProduct has no distance that means "identical" (-|v|² depends on
// v), and Cosine on SQ8 codes none that can be trusted, so there the rules
// are off (dupEps = NaN). Copies that race (inserted concurrently, neither
// seeing the other) both become originals, which costs nothing.

// insertDupCap is how many nodes within dupEps of the vector being
// inserted an insert's layer search keeps (candidate queue and results).
const insertDupCap = 2

// maxDupNeighbours is how many nodes within dupEps of a node its neighbour
// list keeps when the heuristic picks it (a list with room still takes
// every reverse edge, as for any node): the original or the newest copy,
// the copy before and the copy after (see above).
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
	case cfg.Metric == L2 || cfg.Metric == L1:
		return 0
	case cfg.Metric == Cosine && cfg.Quantization != QuantSQ8:
		return float32(max(1e-6, float64(cfg.Dims)*0x1p-24))
	}
	return float32(math.NaN())
}
