package vecindex

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"sync/atomic"
)

// Checkpoint format (all integers little-endian), version 6:
//
//	header   magic "VGHNSW\r\n" (8 bytes), version u32,
//	         dims u32, m u32, ef_construction u32, metric u8,
//	         quantization u8, half u8 (0 or 1, Config.Half), 1 zero byte,
//	         seed i64, inserts-so-far u64, nodes n u32,
//	         entry id u32, entry level u32, has-entry u32 (0 or 1)
//	SQ8      only if quantization is QuantSQ8: trained u32 (0 or 1), then
//	         if trained step f32 and dims offsets f32 (sq.go); the codes
//	         are not stored, ReadFrom re-encodes the vectors with them
//	n slots  as records, each a node or a run of free slots:
//	         key u64 (a node: its id, nodes are stored at their keys;
//	         a run: how many consecutive free slots it stands for, >= 1),
//	         level u8, flags u8 (1 tombstone, 2 free slots, 4 copy of an
//	         earlier node, dup.go; a run is 2 alone with level 0, is never
//	         followed by another run and has nothing after these 12
//	         bytes), 2 zero bytes; then for a node:
//	         vector: dims f32 (stored form: Cosine vectors normalized;
//	         a code-only index, codes.go, writes its byte codes as f32),
//	         layer 0: count u32 then 2*m neighbour ids u32 (unused = 0),
//	         layers 1..level: count u32 then m ids u32 each
//	         (in memory lists have no count slot, lists.go; the format
//	         keeps it)
//	trailer  CRC-32C (Castagnoli) u32 of every byte before it
//
// Node ids are positions in the slot sequence. Version 5 is version 6
// with the half byte zero, a halfvec index's quantization byte being 2
// (read as Half with QuantAuto). Version 4 is version 5
// with one whole record per free slot (level 0, flags 2, zeros after the
// flags); version 3 is version 4 where a node's key may differ from its
// id (slots were reused for any key); version 2 is version 3 without the
// copy flag (its copies load as ordinary nodes); version 1 is version 2
// with the quantization byte zero (QuantAuto) and no SQ8 block. ReadFrom
// reads all five, but a version 1
// to 3 checkpoint whose keys are not its node ids fails with ErrKeyLayout
// (rebuild the index from its rows). ReadFrom refuses a bad
// magic, an unknown version, a config New refuses, dims above MaxDims, a
// count above its list's capacity, a neighbour id >= n or naming a node
// without that layer, an entry point that is not a node of its level,
// a node whose key is not its id (version 4) and a CRC mismatch, each
// with an error wrapping ErrCorrupt.

// checkpointMagic opens every checkpoint.
const checkpointMagic = "VGHNSW\r\n"

// checkpointVersion is the format version WriteTo writes.
const checkpointVersion = 6

// checkpointV1 is the oldest format version ReadFrom reads.
const checkpointV1 = 1

// MaxDims is the largest Dims ReadFrom accepts (pgvector's VECTOR_MAX_DIM).
const MaxDims = 16000

const (
	diskDead = 1
	diskFree = 2
	diskCopy = 4 // version 3 on
)

// checkpointV3 is the first version with diskCopy; from checkpointV4 on
// a node's id is its key.
const (
	checkpointV3 = 3
	checkpointV4 = 4
	checkpointV5 = 5 // free slots as runs
	checkpointV6 = 6 // the half byte
)

// ErrCorrupt is wrapped by every ReadFrom error about malformed content.
var ErrCorrupt = errors.New("vecindex: corrupt checkpoint")

// ErrKeyLayout is wrapped by ReadFrom for a checkpoint older than version
// 4 that stores a node at an id other than its key: such an index cannot
// be loaded as it is and must be rebuilt from its rows.
var ErrKeyLayout = errors.New("vecindex: checkpoint stores nodes at ids other than their keys")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WriteTo writes the index in the checkpoint format to w and returns the
// bytes written. Run it with writers quiesced for an exact image. With
// concurrent Insert, Delete and Compact (background or not) it still
// writes a graph that ReadFrom loads: the nodes allocated when it started,
// each as one of its states during the call, without edges to later nodes.
// Slots free when it starts are written free, and edges to them left out,
// whatever Insert puts there meanwhile; Compact makes no slot reusable
// while it runs, so no other id changes identity under it, and a node that
// Compact reclaims meanwhile is written as a tombstone with its lists
// (earlier records may still link it).
func (h *HNSW) WriteTo(w io.Writer) (int64, error) {
	e := h.enter()
	defer h.exit(e)
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<16)
	crc := crc32.New(castagnoli)
	out := io.MultiWriter(bw, crc)
	entry, top, ok := h.loadEntry() // before n: the entry point is below it
	h.mu.Lock()
	n, seq := h.n.Load(), h.seq
	if !ok {
		n = 0 // nodes without an entry point are all still being inserted
	}
	free := make([]bool, n) // free when the call started: written as such
	for id := range n {
		free[id] = h.meta(id)&(flagFree|flagDead) == flagFree
	}
	h.writing++
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		if h.writing--; h.writing == 0 {
			h.written.Broadcast()
		}
		h.mu.Unlock()
	}()
	var hdr []byte
	hdr = append(hdr, checkpointMagic...)
	hdr = le32(hdr, checkpointVersion, uint32(h.cfg.Dims), uint32(h.cfg.M), uint32(h.cfg.EfConstruction))
	hdr = append(hdr, byte(h.cfg.Metric), byte(h.cfg.Quantization), b2u8(h.cfg.Half), 0)
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(h.cfg.Seed))
	hdr = binary.LittleEndian.AppendUint64(hdr, seq)
	hdr = le32(hdr, n, entry, uint32(top), b2u(ok))
	if h.cfg.Quantization == QuantSQ8 {
		hdr = appendQuantizer(hdr, h.searchQuant())
	}
	if _, err := out.Write(hdr); err != nil {
		return cw.n, fmt.Errorf("vecindex: write checkpoint: %w", err)
	}
	buf := make([]byte, 0, 12+4*h.cfg.Dims+4*(1+h.m0))
	fv := make([]float32, h.cfg.Dims)
	for id := uint32(0); id < n; {
		if free[id] { // one record for a run of free slots
			run := uint32(1)
			for id+run < n && free[id+run] {
				run++
			}
			buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(run))
			buf = append(buf, 0, diskFree, 0, 0)
			id += run
		} else {
			buf = h.appendNode(buf[:0], fv, id, free)
			id++
		}
		if _, err := out.Write(buf); err != nil {
			return cw.n, fmt.Errorf("vecindex: write checkpoint: %w", err)
		}
	}
	if _, err := bw.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return cw.n, fmt.Errorf("vecindex: write checkpoint: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return cw.n, fmt.Errorf("vecindex: write checkpoint: %w", err)
	}
	return cw.n, nil
}

// appendNode encodes node id, not free when WriteTo started (free slots
// are written as runs: Insert may be filling one now), with its lists,
// leaving out neighbours >= len(free) (allocated after WriteTo started)
// or free then. fv (Dims floats) holds the vector of a code-only segment
// converted to floats.
func (h *HNSW) appendNode(buf []byte, fv []float32, id uint32, free []bool) []byte {
	buf = binary.LittleEndian.AppendUint64(buf, h.key(id))
	m, level := h.meta(id), h.level(id)
	var flags byte
	if m&flagDead != 0 {
		flags |= diskDead
	}
	if m&flagCopy != 0 {
		flags |= diskCopy
	}
	buf = append(buf, byte(level), flags, 0, 0)
	for _, x := range h.floatVec(fv, id) {
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(x))
	}
	for lc := 0; lc <= level; lc++ {
		var nb []uint32
		for _, x := range h.neighbours(nil, id, lc) {
			if int(x) < len(free) && !free[x] {
				nb = append(nb, x)
			}
		}
		buf = le32(buf, uint32(len(nb)))
		buf = le32(buf, nb...)
		for range h.capAt(lc) - len(nb) {
			buf = le32(buf, 0)
		}
	}
	return buf
}

// ReadFrom reads an index written by WriteTo. It reads exactly the
// checkpoint's bytes from r (no read-ahead), so a checkpoint can be
// embedded in a larger stream; wrap r in a bufio.Reader for speed when
// that does not matter. Errors about content wrap ErrCorrupt; I/O errors
// (including io.ErrUnexpectedEOF for a truncated checkpoint) are wrapped.
func ReadFrom(r io.Reader) (*HNSW, error) {
	d := &decoder{r: r, crc: crc32.New(castagnoli)}
	h, err := d.header()
	if err != nil {
		return nil, err
	}
	var q *quantizer
	if h.cfg.Quantization == QuantSQ8 && d.version >= 2 {
		if q, err = d.quantizer(h.cfg); err != nil {
			return nil, err
		}
	}
	if err := d.nodes(h); err != nil {
		return nil, err
	}
	if q != nil && h.sqActive() {
		h.sqPublish(q, d.n)
	} else {
		h.sqTrain()
	}
	want := d.crc.Sum32()
	var tr [4]byte
	if _, err := io.ReadFull(r, tr[:]); err != nil {
		return nil, fmt.Errorf("vecindex: read checkpoint trailer: %w", noEOF(err))
	}
	if got := binary.LittleEndian.Uint32(tr[:]); got != want {
		return nil, fmt.Errorf("%w: CRC-32C %#08x, computed %#08x", ErrCorrupt, got, want)
	}
	if err := h.validateLoaded(d.entry, d.top, d.hasEntry); err != nil {
		return nil, err
	}
	return h, nil
}

type decoder struct {
	r        io.Reader
	crc      hash.Hash32
	buf      []byte
	n        uint32
	entry    uint32
	top      int
	hasEntry bool
	version  uint32
	// lastRunEnd is the slot after the last free run read (version 5).
	lastRunEnd uint32
	vec        []float32 // the vector being decoded (Dims), reused
}

// read returns the next k bytes (valid until the next call).
func (d *decoder) read(k int) ([]byte, error) {
	if cap(d.buf) < k {
		d.buf = make([]byte, k)
	}
	b := d.buf[:k]
	if _, err := io.ReadFull(d.r, b); err != nil {
		return nil, fmt.Errorf("vecindex: read checkpoint: %w", noEOF(err))
	}
	d.crc.Write(b)
	return b, nil
}

func (d *decoder) header() (*HNSW, error) {
	b, err := d.read(len(checkpointMagic) + 4*4 + 4 + 8 + 8 + 4*4)
	if err != nil {
		return nil, err
	}
	if string(b[:8]) != checkpointMagic {
		return nil, fmt.Errorf("%w: bad magic %q", ErrCorrupt, b[:8])
	}
	u := func(i int) uint32 { return binary.LittleEndian.Uint32(b[8+4*i:]) }
	d.version = u(0)
	if d.version < checkpointV1 || d.version > checkpointVersion {
		return nil, fmt.Errorf("%w: version %d, this build reads %d to %d", ErrCorrupt, d.version, checkpointV1, checkpointVersion)
	}
	if b[26] > b2u8(d.version >= checkpointV6) || b[27] != 0 || (d.version == checkpointV1 && b[25] != 0) {
		return nil, fmt.Errorf("%w: nonzero reserved header bytes", ErrCorrupt)
	}
	if u(1) > MaxDims || u(2) > 1<<16 || u(3) > 1<<20 {
		return nil, fmt.Errorf("%w: dims %d, m %d, ef_construction %d out of range", ErrCorrupt, u(1), u(2), u(3))
	}
	cfg := Config{Dims: int(u(1)), M: int(u(2)), EfConstruction: int(u(3)), Metric: Metric(b[24]),
		Quantization: Quantization(b[25]), Half: b[26] == 1, Seed: int64(binary.LittleEndian.Uint64(b[28:]))}
	if cfg.Quantization == quantHalfV5 && d.version < checkpointV6 {
		cfg.Quantization, cfg.Half = QuantAuto, true
	}
	h, err := New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	h.seq = binary.LittleEndian.Uint64(b[36:])
	t := func(i int) uint32 { return binary.LittleEndian.Uint32(b[44+4*i:]) }
	d.n, d.entry, d.top, d.hasEntry = t(0), t(1), int(t(2)), t(3) == 1
	if t(3) > 1 || uint64(d.n) > MaxKey+1 || d.top > maxLevel || d.hasEntry != (d.n > 0) {
		return nil, fmt.Errorf("%w: bad node count or entry point", ErrCorrupt)
	}
	return h, nil
}

// nodes reads the node records into h, allocating segments as nodes
// arrive (free slots stay holes, segment.go), so that a damaged count
// cannot force a huge allocation.
func (d *decoder) nodes(h *HNSW) error {
	for id := uint32(0); id < d.n; {
		hd, err := d.read(12)
		if err != nil {
			return err
		}
		key, level, flags := binary.LittleEndian.Uint64(hd), int(hd[8]), hd[9]
		if err := d.checkHeader(hd, id); err != nil {
			return err
		}
		if flags&diskFree != 0 && d.version >= checkpointV5 {
			if err := d.freeRun(h, id, key, level, flags); err != nil {
				return err
			}
			id += uint32(key)
			continue
		}
		if err := d.node(h, id, key, level, flags); err != nil {
			return err
		}
		id++
	}
	return nil
}

// checkHeader checks a node record's level, flags and reserved bytes.
func (d *decoder) checkHeader(hd []byte, id uint32) error {
	level, flags := int(hd[8]), hd[9]
	known := byte(diskDead | diskFree)
	if d.version >= checkpointV3 {
		known |= diskCopy
	}
	if level > maxLevel || flags&^known != 0 || flags&(diskFree|diskCopy) == diskFree|diskCopy || hd[10] != 0 || hd[11] != 0 {
		return fmt.Errorf("%w: node %d: level %d, flags %#x", ErrCorrupt, id, level, flags)
	}
	return nil
}

// freeRun records a version-5 run of run free slots from id: level 0,
// flags diskFree alone, at least one slot, within the node count, and
// never right after another run (so a checkpoint has one encoding).
func (d *decoder) freeRun(h *HNSW, id uint32, run uint64, level int, flags byte) error {
	if level != 0 || flags != diskFree || run == 0 || run > uint64(d.n-id) || (id > 0 && d.lastRunEnd == id) {
		return fmt.Errorf("%w: free run of %d at slot %d", ErrCorrupt, run, id)
	}
	end := id + uint32(run)
	d.lastRunEnd = end
	h.ensureCapacity(int(end))
	h.n.Store(end)
	return nil
}

// node reads the rest of the record of node id (its vector and lists);
// before version 5 a free slot is a whole record too.
func (d *decoder) node(h *HNSW, id uint32, key uint64, level int, flags byte) error {
	dims := h.cfg.Dims
	b, err := d.read(4*dims + 4*(1+h.m0))
	if err != nil {
		return err
	}
	free := flags&diskFree != 0
	if free && d.version == checkpointV4 && !blank(b, level, flags) {
		return fmt.Errorf("%w: free slot %d is not blank", ErrCorrupt, id)
	}
	if key != uint64(id) && !free {
		if d.version < checkpointV4 {
			return fmt.Errorf("%w: node %d has key %d", ErrKeyLayout, id, key)
		}
		return fmt.Errorf("%w: node %d has key %d", ErrCorrupt, id, key)
	}
	if free { // no node: skip its lists, leave the slot as it is (free)
		if level > 0 {
			_, err = d.read(level * 4 * (1 + h.m))
		}
		h.ensureCapacity(int(id) + 1)
		h.n.Store(id + 1)
		return err
	}
	h.materialize(id)
	h.initNode(id, level)
	if len(d.vec) != dims {
		d.vec = make([]float32, dims)
	}
	v := d.vec
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	h.storeVector(id, v, true)
	if err := d.list(h.block(id, 0), b[4*dims:], id); err != nil {
		return err
	}
	if level > 0 {
		if b, err = d.read(level * 4 * (1 + h.m)); err != nil {
			return err
		}
		for lc := 1; lc <= level; lc++ {
			if err := d.list(h.block(id, lc), b[(lc-1)*4*(1+h.m):], id); err != nil {
				return err
			}
		}
	}
	h.n.Store(id + 1)
	h.addLoaded(id, flags)
	return nil
}

// blank reports whether the body b (vector and layer-0 list) of a
// version-4 free record is as WriteTo wrote it: level 0, flags diskFree,
// only zero bytes.
func blank(b []byte, level int, flags byte) bool {
	if level != 0 || flags != diskFree {
		return false
	}
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// list decodes one count-prefixed list into blk (empty, all noNode).
func (d *decoder) list(blk []uint32, b []byte, id uint32) error {
	cnt := binary.LittleEndian.Uint32(b)
	if int(cnt) > len(blk) {
		return fmt.Errorf("%w: node %d: %d neighbours, capacity %d", ErrCorrupt, id, cnt, len(blk))
	}
	for i := range int(cnt) {
		x := binary.LittleEndian.Uint32(b[4+4*i:])
		if x >= d.n {
			return fmt.Errorf("%w: node %d: neighbour %d of %d nodes", ErrCorrupt, id, x, d.n)
		}
		blk[i] = blk[i]&^idMask | x // keep the state bits (state.go)
	}
	return nil
}

// addLoaded records a decoded node's state in its flags and the counters.
func (h *HNSW) addLoaded(id uint32, flags byte) {
	switch {
	case flags&diskDead != 0:
		h.setFlag(id, flagDead)
		h.dead.Add(1)
	default:
		h.live.Add(1)
	}
	if flags&diskFree == 0 {
		h.setFlag(id, flagLinked)
	}
	if flags&(diskFree|diskCopy) == diskCopy {
		h.setFlag(id, flagCopy)
	}
}

// validateLoaded checks what only the whole graph shows: neighbours have
// the layer they are linked on, free slots are unreachable and the entry
// point is a node of the top level.
func (h *HNSW) validateLoaded(entry uint32, top int, hasEntry bool) error {
	n := h.n.Load()
	for id := range n {
		if h.meta(id)&flagFree != 0 {
			continue
		}
		for lc := 0; lc <= h.level(id); lc++ {
			for _, x := range h.neighbours(nil, id, lc) {
				if h.level(x) < lc || h.meta(x)&flagFree != 0 {
					return fmt.Errorf("%w: node %d links node %d on layer %d", ErrCorrupt, id, x, lc)
				}
			}
		}
	}
	if hasEntry {
		if entry >= n || h.level(entry) != top || h.meta(entry)&flagFree != 0 {
			return fmt.Errorf("%w: entry point %d (level %d) is not a node of that level", ErrCorrupt, entry, top)
		}
		h.storeEntry(entry, top)
	}
	return nil
}

func le32(b []byte, xs ...uint32) []byte {
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func b2u8(b bool) byte { return byte(b2u(b)) }

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	atomic.AddInt64(&c.n, int64(k))
	return k, err
}

// appendQuantizer appends the SQ8 block: trained u32, then if trained
// step f32 and the offsets f32.
func appendQuantizer(b []byte, q *quantizer) []byte {
	if q == nil {
		return le32(b, 0)
	}
	b = le32(b, 1, math.Float32bits(q.step))
	for _, x := range q.lo {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// quantizer reads the SQ8 block; nil if the index was not trained.
func (d *decoder) quantizer(cfg Config) (*quantizer, error) {
	b, err := d.read(4)
	if err != nil {
		return nil, err
	}
	switch binary.LittleEndian.Uint32(b) {
	case 0:
		return nil, nil
	case 1:
	default:
		return nil, fmt.Errorf("%w: bad SQ8 trained flag", ErrCorrupt)
	}
	if b, err = d.read(4 + 4*cfg.Dims); err != nil {
		return nil, err
	}
	f := func(i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])) }
	step := f(0)
	if !(step > 0) || math.IsInf(float64(step), 0) {
		return nil, fmt.Errorf("%w: SQ8 step %v", ErrCorrupt, step)
	}
	lo := make([]float32, cfg.Dims)
	for i := range lo {
		if lo[i] = f(1 + i); math.IsNaN(float64(lo[i])) || math.IsInf(float64(lo[i]), 0) {
			return nil, fmt.Errorf("%w: SQ8 offset %d is %v", ErrCorrupt, i, lo[i])
		}
	}
	return newQuantizer(lo, step, cfg.Metric), nil
}
