package catalog

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/vecgres/vecgres/wal"
)

// Snapshot file layout (see doc.go, Checkpoints). Every file but the graph
// files is a block file (all integers little-endian):
//
//	header   magic "VGSNAP\r\n" (8 bytes), version u32, kind u32,
//	         snapshot LSN u64 (version 2 on; version 1 has no LSN)
//	blocks   length u32 (1..snapBlockBytes), crc u32 (CRC-32C of the
//	         payload), payload
//	trailer  u32 0, u32 number of blocks
//
// A block's payload is a sequence of uvarint-encoded items (codec.go) that
// never spans two blocks. A graph file is the same header (kind
// snapKindGraph) followed by vecindex's checkpoint format, which carries
// its own CRC-32C; a version 1 snapshot's graph file is vecindex's format
// alone. The LSN in every header must be the snapshot's (its directory
// name): a file carried over from another snapshot is damage.
const (
	snapMagic        = "VGSNAP\r\n"
	snapVersion      = 2
	snapVersionNoLSN = 1 // still loaded: no LSN in the header, graph files bare
	snapHeaderSizeV1 = 16
	snapHeaderSize   = 24
	snapBlockBytes   = 1 << 20
	maxSnapBlock     = 1 << 30 // a block holds whole items, so one huge row may pass snapBlockBytes

	snapKindCatalog = 1
	snapKindRows    = 2
	snapKindGraph   = 3
	snapKindIVF     = 4 // an ivfflat index's centers (ivf.go)

	currentFile   = "CURRENT"
	snapDirPrefix = "snapshot."
	snapTempExt   = ".tmp"
	snapKeptExt   = ".kept" // a snapshot set aside at Open (keepNewer)
	catalogFile   = "catalog"
)

// ErrSnapshotCorrupt is wrapped by every error about a damaged snapshot.
var ErrSnapshotCorrupt = errors.New("catalog: snapshot damaged")

var crcTable = crc32.MakeTable(crc32.Castagnoli)

func snapDirName(lsn wal.LSN) string { return fmt.Sprintf("%s%016x", snapDirPrefix, uint64(lsn)) }

func rowsFileName(oid uint32) string  { return fmt.Sprintf("rows.%d", oid) }
func graphFileName(oid uint32) string { return fmt.Sprintf("hnsw.%d", oid) }

// parseSnapDirName returns the LSN of a snapshot directory name.
func parseSnapDirName(name string) (wal.LSN, bool) {
	var v uint64
	if len(name) != len(snapDirPrefix)+16 || name[:len(snapDirPrefix)] != snapDirPrefix {
		return 0, false
	}
	if _, err := fmt.Sscanf(name[len(snapDirPrefix):], "%016x", &v); err != nil {
		return 0, false
	}
	return wal.LSN(v), true
}

// blockWriter writes a block file; items are appended to cur and flushed
// as a block when it passes snapBlockBytes.
type blockWriter struct {
	w      *bufio.Writer
	cur    []byte
	blocks uint32
	err    error
}

// newBlockWriter starts a block file of the given kind for the snapshot
// at lsn.
func newBlockWriter(w io.Writer, kind uint32, lsn wal.LSN) *blockWriter {
	bw := &blockWriter{w: bufio.NewWriterSize(w, 1<<20)}
	_, bw.err = bw.w.Write(snapHeader(kind, lsn))
	return bw
}

// snapHeader is the header of a snapshot file of the given kind for the
// snapshot at lsn.
func snapHeader(kind uint32, lsn wal.LSN) []byte {
	hdr := binary.LittleEndian.AppendUint32([]byte(snapMagic), snapVersion)
	hdr = binary.LittleEndian.AppendUint32(hdr, kind)
	return binary.LittleEndian.AppendUint64(hdr, uint64(lsn))
}

// readSnapHeader reads and checks the header of a snapshot file of the
// given kind that belongs to the snapshot at lsn, returning its version. A
// version 1 header has no LSN to check.
func readSnapHeader(r io.Reader, name string, kind uint32, lsn wal.LSN) (uint32, error) {
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrSnapshotCorrupt, name, fmt.Sprintf(format, args...))
	}
	var h [snapHeaderSize]byte
	if _, err := io.ReadFull(r, h[:snapHeaderSizeV1]); err != nil {
		return 0, corrupt("header: %v", err)
	}
	if string(h[:8]) != snapMagic {
		return 0, corrupt("bad magic")
	}
	v := binary.LittleEndian.Uint32(h[8:])
	if v != snapVersion && v != snapVersionNoLSN {
		return 0, corrupt("unknown version %d", v)
	}
	if k := binary.LittleEndian.Uint32(h[12:]); k != kind {
		return 0, corrupt("file kind %d, want %d", k, kind)
	}
	if v == snapVersionNoLSN {
		return v, nil
	}
	if _, err := io.ReadFull(r, h[snapHeaderSizeV1:]); err != nil {
		return 0, corrupt("header: %v", err)
	}
	if got := wal.LSN(binary.LittleEndian.Uint64(h[snapHeaderSizeV1:])); got != lsn {
		return 0, corrupt("written for the snapshot at LSN %d, not %s (a file from another snapshot)", got, snapDirName(lsn))
	}
	return v, nil
}

// item ends one item: the block is flushed if it is full.
func (bw *blockWriter) item() {
	if len(bw.cur) >= snapBlockBytes {
		bw.flush()
	}
}

func (bw *blockWriter) flush() {
	if len(bw.cur) == 0 || bw.err != nil {
		return
	}
	var h [8]byte
	binary.LittleEndian.PutUint32(h[0:], uint32(len(bw.cur)))
	binary.LittleEndian.PutUint32(h[4:], crc32.Checksum(bw.cur, crcTable))
	if _, bw.err = bw.w.Write(h[:]); bw.err == nil {
		_, bw.err = bw.w.Write(bw.cur)
	}
	bw.blocks++
	bw.cur = bw.cur[:0]
}

// close writes the last block and the trailer and flushes.
func (bw *blockWriter) close() error {
	bw.flush()
	if bw.err != nil {
		return bw.err
	}
	var t [8]byte
	binary.LittleEndian.PutUint32(t[4:], bw.blocks)
	if _, err := bw.w.Write(t[:]); err != nil {
		return err
	}
	return bw.w.Flush()
}

// blockReader reads a block file, checking every block's CRC.
type blockReader struct {
	r      *bufio.Reader
	name   string
	blocks uint32
	done   bool
}

// newBlockReader reads the header of a block file of the given kind that
// belongs to the snapshot at lsn (readSnapHeader).
func newBlockReader(r io.Reader, name string, kind uint32, lsn wal.LSN) (*blockReader, error) {
	br := &blockReader{r: bufio.NewReaderSize(r, 1<<20), name: name}
	if _, err := readSnapHeader(br.r, name, kind, lsn); err != nil {
		return nil, err
	}
	return br, nil
}

func (br *blockReader) corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrSnapshotCorrupt, br.name, fmt.Sprintf(format, args...))
}

// next returns the next block's payload, or nil at the trailer.
func (br *blockReader) next() ([]byte, error) {
	if br.done {
		return nil, nil
	}
	var h [8]byte
	if _, err := io.ReadFull(br.r, h[:]); err != nil {
		return nil, br.corrupt("block %d header: %v", br.blocks, err)
	}
	n, sum := binary.LittleEndian.Uint32(h[0:]), binary.LittleEndian.Uint32(h[4:])
	if n == 0 {
		if sum != br.blocks {
			return nil, br.corrupt("trailer counts %d blocks, read %d", sum, br.blocks)
		}
		if _, err := br.r.ReadByte(); err != io.EOF {
			return nil, br.corrupt("data after the trailer")
		}
		br.done = true
		return nil, nil
	}
	if n > maxSnapBlock {
		return nil, br.corrupt("block %d length %d too large", br.blocks, n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(br.r, b); err != nil {
		return nil, br.corrupt("block %d: %v", br.blocks, err)
	}
	if crc32.Checksum(b, crcTable) != sum {
		return nil, br.corrupt("block %d: CRC mismatch", br.blocks)
	}
	br.blocks++
	return b, nil
}

// openSnapFile opens a snapshot file for sequential reading.
func openSnapFile(fs wal.FS, path string) (io.Reader, func() error, error) {
	f, err := fs.Open(path)
	if err != nil {
		return nil, nil, err
	}
	size, err := f.Size()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return io.NewSectionReader(f, 0, size), f.Close, nil
}
