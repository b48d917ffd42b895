// Package vecindex is vecgres's approximate nearest-neighbour index: an
// in-memory HNSW graph over float32 vectors keyed by uint64 row slot ids;
// a node's id is its key. Bit strings (pgvector's bit_hamming_ops and
// bit_jaccard_ops) use the same graph: BitVector packs them into 64-bit
// words held in the float32 slots, which the Hamming and Jaccard metrics
// read back as words (bits.go); sparse vectors (sparsevec_*_ops) are laid
// out as a count and (index, value) pairs that the Sparse* metrics merge
// by index (sparse.go).
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
//   - lists the heuristic leaves short are filled with the nearest
//     pruned candidates (keepPrunedConnections, as pgvector does), and a
//     full list taking a reverse edge leaves out one member, the farthest
//     that a nearer kept one clearly covers, else the farthest pruned
//     (evict.go; the heuristic's verdicts are cached in the list's slots,
//     so a shrink costs about one distance per member): short lists
//     (hnswlib's choice) put recall at equal ef_search below pgvector's
//     on every data set tried. An insert's layer-0 walk does not expand
//     the covered members of such lists (a nearer kept member leads
//     there; searches expand every member), and the distances it computes
//     from the new node serve the judging of its reverse edges
//     (walkdist.go); during an InsertBatch a shrunk list also keeps its
//     members' distances beside its slots (listdist.go), dropped when
//     the batch ends;
//   - Search (Algorithm 5) descends greedily to layer 1 and runs
//     SEARCH-LAYER on layer 0 with max(ef_search, k). See Search for how
//     filters and tombstones widen the walk until k results are found,
//     and why ef_search >= Live() gives the exact answer.
//
// Rows that share one vector exactly (copies) are each a node, but the
// graph is built and walked as if the vector were one node: inserts link
// other vectors only to its first node, copies chain to each other, and
// searches collect copies as results without letting them fill ef
// (dup.go). Without this the copies formed a clique that captured walks.
// A query at such a vector gets min(k, copies) of them for any ef, the
// smallest keys first (dupgroup.go), and Compact keeps the live copies
// reachable when it reclaims the original.
//
// The heuristic can leave nodes with no in-edge from the part of layer 0
// the entry point reaches (with m = 4 a whole copy group; on
// Fashion-MNIST with m = 16 about 230 of 60,000 nodes), and no search
// finds them at any ef_search. RepairReachability (repair.go) walks layer
// 0 from the entry point and gives each live node it did not reach an
// in-edge from its nearest reached node (under InnerProduct only where a
// list has room, repair.go). InsertBatch runs it after a bulk
// batch (at least an eighth of the graph) and Compact after reclaiming;
// on Fashion-MNIST it cost about 1.5% of a parallel build (24 ms for
// a 1.7 s build, 2 cores, measured while lists were still left short). Single inserts start it in the background
// every max(Len/8, 256) inserts (autorepair.go). Under InnerProduct
// neither InsertBatch nor single inserts start it (SetAutoRepair).
//
// Delete tombstones: the node keeps its edges and guides walks, but is
// never returned and never picked as a new neighbour. A tombstoned entry
// point is replaced by a live node of the highest level (entry.go), since
// no new edge would ever reach it. Once tombstones pass
// a share of the graph (DefaultCompactThreshold, 10%) Delete starts a
// background Compact, which reconnects the tombstones' neighbours with the
// heuristic and, after grace periods, frees their slots (compact.go,
// epoch.go). A freed slot takes a vector again only when its key is
// inserted again; inserting a tombstoned key with its own vector revives
// the node (revive.go), as WAL replay does.
//
// # Distances
//
// Internal distances (Distance, Result.Dist) are ordered ascending: L2 is
// squared L2, InnerProduct is -dot, Cosine is 1 - cosine similarity, L1 is
// L1. Cosine vectors are stored normalized so a distance is 1 - dot; a
// zero vector is not indexed under Cosine, as in pgvector (its cosine
// distance is NaN), and a zero query is at distance 1 from everything. NaN distances are
// mapped to +Inf so heap orderings stay total; Insert rejects NaN and
// infinite components, as pgvector's input functions do.
//
// An L2 index whose vectors are all byte-valued (integers 0..255) keeps
// them only as byte codes (float32(code) is the vector exactly) and walks
// on them with the uint8 kernel: exact, a quarter of the memory and of the
// memory traffic (codes.go). The first vector that is not byte-valued
// gives every segment its float arena for good. With Config.Quantization =
// QuantSQ8 an L2, InnerProduct or Cosine index learns an 8-bit scalar
// quantizer from its first vectors, walks its searches' layer 0 on those
// codes (inserts choose neighbours on floats) and re-ranks the candidates
// in float32 (sq.go); Result.Dist stays the exact
// float distance either way. By default (QuantAuto) an L2, InnerProduct or
// Cosine index of float data with at least 32 dimensions learns the same
// quantizer once it holds 1,000 vectors and, if a recall probe on them
// accepts it, walks its searches (not its inserts) on the codes with
// float re-ranking (sqauto.go); QuantNone keeps float32 walks.
//
// With Config.Half (pgvector's halfvec_*_ops) every vector is kept as
// IEEE binary16 halves, 2 bytes per dimension, where a float index keeps
// float32; Quantization picks the walk's codes as for floats (byte codes,
// SQ8 with re-ranking from the halves, or the halves themselves with the
// fp16 kernels, half.go); Result.Dist is the distance to the stored halves.
//
// # Memory layout
//
// Node ids are below 2^29 and equal the keys: the catalog's row slots are
// dense and never reused, so the index keeps no key array and no key map
// (an id is returned as the row's key, a key names its node). Slots below
// the largest key that hold no node (NULL vectors, dead row versions)
// cost their share of a segment; a segment without any node is a hole,
// one shared segment without storage, so a table whose rows were all
// updated many times holds storage only for the segments of its live
// versions (segment.go). Nodes live in segments of segSize (1024) ids
// that are allocated whole and never move; the segment directory is
// copied on growth and published atomically. Per node slot:
//
//	vecs    Dims float32, stored form; arena 64-byte aligned; absent in
//	        a code-only segment (byte path, codes.go) and with Half
//	halves  Dims binary16 (Config.Half only, instead of vecs; half.go)
//	codes   Dims bytes (byte path: instead of vecs, or beside halves;
//	        SQ8: beside vecs or halves), then with SQ8 under InnerProduct
//	        or Cosine the float32 Σ lo·code, in rows padded to whole
//	        64-byte lines within 1.3 bytes per dimension (codeStride;
//	        128 bytes at 100 dims), arena 64-byte aligned
//	links0  2m uint32 neighbour ids, unused slots noNode (no count):
//	        exactly 2·m·4 bytes. Ids take the low 29 bits; the high 3
//	        bits of slot 0 hold copy, free and tombstone, those of slot 1
//	        upper, linked and the lock bit (state.go), those of the other
//	        slots of a full list cached heuristic verdicts (evict.go;
//	        never written to checkpoints)
//
// and per node of level > 0 a 32-byte entry (slot, level, lists of
// level·m uint32) in its segment's upper table (upper.go). MemoryBytes
// reports the totals: on Fashion-MNIST (60,000 × 784 pixels, m = 16) 784
// bytes of codes and about 136 bytes of graph per node (128.9 layer 0,
// about 6.8 upper layers, 0.2 of segment structs), against 3,136 bytes of
// raw float32 vector. Searching uses a scratch struct from a
// sync.Pool: a visited set of generation stamps ([]uint32, cleared only
// when the stamp wraps), binary heaps of {dist, id}, so a warm Search
// allocates only its result slice. The layer-0 walk collects a candidate's
// unvisited neighbours, prefetches their vectors (PREFETCHT0 in a small
// assembly helper, prefetch_amd64.s), then computes the distances.
//
// # Concurrency
//
// Search, Insert, InsertBatch and Delete all run concurrently; no
// index-wide lock is held across a search or a link step:
//
//   - h.mu guards only slot allocation and segment growth (a new node's
//     vector and level are written under it, before the node is
//     reachable);
//   - neighbour lists are read and written with sync/atomic, one uint32
//     at a time; writers hold the node's spinlock (a state bit of its
//     layer-0 block, taken with compare-and-swap), readers take nothing and may see a mix
//     of a list's old and new ids, all valid nodes (lists.go);
//   - when the first vector that is not byte-valued arrives, the float
//     arenas are added by publishing new segment structs in a new
//     directory, so readers holding the old one still see whole segments
//     (codes.go);
//   - an insert raising the top level holds topMu across its link (as
//     hnswlib does) and then publishes the entry point atomically;
//   - Compact frees slots only after two grace periods (epoch.go), so no
//     operation ever sees a slot change identity under it; the entry
//     point is never reclaimed (compact.go);
//   - a WriteTo writes the slots free when it started as free and leaves
//     out edges to them, and Compact frees no slot while it runs, so a
//     checkpoint written during inserts and compaction loads.
//
// # IVFFlat (ivf.go, ivf_kmeans.go, ivf_elkan.go, ivf_search.go)
//
// IVFFlat is pgvector's other index: inverted lists over k-means centers
// (Jégou, Douze & Schmid 2011, §4, without quantization). Train clusters a
// seeded sample of max(lists × 50, 10,000) vectors (reservoir-sampled by
// index, copied into one buffer) with k-means++ seeding (Arthur &
// Vassilvitskii 2007) and at most 25 k-means iterations: Elkan's (Elkan
// 2003, as pgvector), whose per-sample bounds skip most distances, while
// samples × lists lower bounds fit 256 MiB, else Lloyd's; spherical (unit
// centers, Dhillon & Modha 2001) for Cosine and InnerProduct as pgvector
// normalises; fewer samples than lists make the samples centers and the
// rest random, as pgvector's QuickCenters. A row goes to its nearest
// center, found with Elkan's Lemma 1 over the centers' pairwise distances
// (up to 2,048 lists), on all cores for a batch, each list grown once. Each
// list keeps its keys and, contiguously, their float32 vectors (Cosine:
// normalised; zero vectors are not indexed), so a probe is one loop over a
// flat slice with the distance kernels. Search scans the probes lists
// nearest the query (then more, up to MaxProbes, while fewer than K rows
// were accepted) and keeps the K nearest accepted rows, sorted by
// (distance, key). Delete moves the list's last row into the hole, so there
// are no tombstones. One RWMutex: searches share it, writes take it.
// WriteCentersTo and ReadCentersFrom (ivf_persist.go) keep the centers
// in checkpoints; the lists are filled again from the rows. Bit strings
// (IVFConfig.Bits, pgvector's ivfflat bit_hamming_ops) come packed as for
// HNSW and are kept as one 0/1 component per bit under L2, whose square
// is the Hamming distance.
//
// # Checkpoints
//
// WriteTo and ReadFrom (persist.go) write and read a little-endian format
// with magic, version and a CRC-32C trailer; persist.go documents it.
// Vectors are always written as float32: a code-only index writes its
// codes converted (exactly), so the format did not change when code-only
// storage came in, and ReadFrom stores byte-valued L2 vectors code-only
// again.
package vecindex
