package wal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// LSN is the byte position of a record's first header byte in the logical
// log: segment index * SegmentSize + offset in the segment.
type LSN uint64

// RecordType is chosen by the caller; wal treats it as opaque except that 0 is
// reserved (it is what zero-filled, never-written space decodes to).
type RecordType uint8

// Record format constants. They are part of the on-disk format (see doc.go).
const (
	// HeaderSize is the size of a record header in bytes.
	HeaderSize = 17

	lengthOff = 0 // uint32 payload length
	crcOff    = 4 // uint32 CRC-32C over header[typeOff:] + payload
	typeOff   = 8 // uint8 RecordType
	lsnOff    = 9 // uint64 LSN of this record

	// DefaultSegmentSize is the segment file size used when
	// Options.SegmentSize is 0: 64 MiB.
	DefaultSegmentSize = 64 << 20
	// MinSegmentSize is the smallest accepted Options.SegmentSize in bytes.
	MinSegmentSize = 64

	segmentExt = ".wal"
	tempExt    = ".tmp"
	nameDigits = 16 // hex digits of the first LSN in a segment file name
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrTooLarge is returned by Append when HeaderSize+len(payload) exceeds the
// segment size.
var ErrTooLarge = errors.New("wal: record larger than a segment")

// recordCRC is the CRC-32C over the type and LSN header fields and the payload.
func recordCRC(hdrTail []byte, payload []byte) uint32 {
	c := crc32.Update(0, castagnoli, hdrTail)
	return crc32.Update(c, castagnoli, payload)
}

// appendRecord appends the encoded record (header then payload) to dst.
func appendRecord(dst []byte, typ RecordType, lsn LSN, payload []byte) []byte {
	var h [HeaderSize]byte
	binary.LittleEndian.PutUint32(h[lengthOff:], uint32(len(payload)))
	h[typeOff] = byte(typ)
	binary.LittleEndian.PutUint64(h[lsnOff:], uint64(lsn))
	binary.LittleEndian.PutUint32(h[crcOff:], recordCRC(h[typeOff:], payload))
	dst = append(dst, h[:]...)
	return append(dst, payload...)
}

// record is one decoded record; payload aliases the segment buffer.
type record struct {
	lsn     LSN
	typ     RecordType
	payload []byte
}

// size is the encoded size of the record in bytes.
func (r record) size() int64 { return HeaderSize + int64(len(r.payload)) }

// parseRecord decodes the record at buf[off:], where buf holds a whole segment
// whose first byte is at LSN start. It returns a non-empty reason when the
// bytes there are not a valid record.
func parseRecord(buf []byte, off int64, start LSN) (record, string) {
	if off+HeaderSize > int64(len(buf)) {
		return record{}, "header runs past the segment end"
	}
	h := buf[off : off+HeaderSize]
	n := int64(binary.LittleEndian.Uint32(h[lengthOff:]))
	r := record{
		typ: RecordType(h[typeOff]),
		lsn: LSN(binary.LittleEndian.Uint64(h[lsnOff:])),
	}
	switch {
	case r.typ == 0:
		return record{}, "record type 0"
	case r.lsn != start+LSN(off):
		return record{}, fmt.Sprintf("header LSN %d, want %d", r.lsn, start+LSN(off))
	case off+HeaderSize+n > int64(len(buf)):
		return record{}, fmt.Sprintf("length %d runs past the segment end", n)
	}
	r.payload = buf[off+HeaderSize : off+HeaderSize+n]
	if got, want := recordCRC(h[typeOff:], r.payload), binary.LittleEndian.Uint32(h[crcOff:]); got != want {
		return record{}, fmt.Sprintf("CRC mismatch (computed %08x, stored %08x)", got, want)
	}
	return r, ""
}

// allZero reports whether every byte of b is zero.
func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// ErrCorrupt is the errors.Is target for corruption found by Replay: a
// damaged record followed by valid data, damage in a non-last segment, or a
// missing segment. The concrete error is a *CorruptError.
var ErrCorrupt = errors.New("wal: corrupt log")

// CorruptError locates corruption found by Replay.
type CorruptError struct {
	Segment string // path of the segment file
	Offset  int64  // byte offset of the damaged record within the segment
	Reason  string // what was wrong with the bytes there
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("wal: corrupt log: segment %s at offset %d: %s", e.Segment, e.Offset, e.Reason)
}

// Is makes errors.Is(err, ErrCorrupt) true.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }
