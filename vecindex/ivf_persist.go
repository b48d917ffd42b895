package vecindex

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
)

// The IVFFlat centers format (little-endian), written by WriteCentersTo:
//
//	magic    8 bytes  "VGIVFC01"
//	dims     uint32
//	lists    uint32
//	sampled  uint32   vectors k-means ran on (Sampled)
//	centers  lists × dims float32
//	crc      uint32   CRC-32C (Castagnoli) of every byte before it
//
// Only the centers are kept: the lists are filled again from the rows.
const ivfCentersMagic = "VGIVFC01"

// ErrIVFCenters is wrapped by ReadCentersFrom for a damaged file or one
// of another shape.
var ErrIVFCenters = errors.New("vecindex: bad ivfflat centers file")

var ivfCRC = crc32.MakeTable(crc32.Castagnoli)

// WriteCentersTo writes the trained centers in the format above.
// Errors: untrained, w's.
func (x *IVFFlat) WriteCentersTo(w io.Writer) (int64, error) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if !x.trained {
		return 0, fmt.Errorf("vecindex: ivfflat index is not trained")
	}
	b := make([]byte, 0, len(ivfCentersMagic)+12+4*len(x.centers)+4)
	b = append(b, ivfCentersMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(x.cfg.Dims))
	b = binary.LittleEndian.AppendUint32(b, uint32(x.cfg.Lists))
	b = binary.LittleEndian.AppendUint32(b, uint32(x.sampled))
	for _, f := range x.centers {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, ivfCRC))
	n, err := w.Write(b)
	return int64(n), err
}

// ReadCentersFrom sets x's centers from r (format above) and makes x
// trained, with empty lists. Errors: ErrIVFCenters for a bad magic, CRC,
// or dims or lists other than x's; r's.
func (x *IVFFlat) ReadCentersFrom(r io.Reader) error {
	br := bufio.NewReader(r)
	head := make([]byte, len(ivfCentersMagic)+12)
	if _, err := io.ReadFull(br, head); err != nil {
		return fmt.Errorf("%w: %v", ErrIVFCenters, err)
	}
	if string(head[:8]) != ivfCentersMagic {
		return fmt.Errorf("%w: bad magic", ErrIVFCenters)
	}
	dims, lists := int(binary.LittleEndian.Uint32(head[8:])), int(binary.LittleEndian.Uint32(head[12:]))
	if dims != x.cfg.Dims || lists != x.cfg.Lists {
		return fmt.Errorf("%w: %d lists of %d dims, index has %d of %d", ErrIVFCenters, lists, dims, x.cfg.Lists, x.cfg.Dims)
	}
	body := make([]byte, 4*dims*lists+4)
	if _, err := io.ReadFull(br, body); err != nil {
		return fmt.Errorf("%w: %v", ErrIVFCenters, err)
	}
	crc := crc32.Update(crc32.Checksum(head, ivfCRC), ivfCRC, body[:len(body)-4])
	if crc != binary.LittleEndian.Uint32(body[len(body)-4:]) {
		return fmt.Errorf("%w: CRC mismatch", ErrIVFCenters)
	}
	centers := make([]float32, dims*lists)
	for i := range centers {
		centers[i] = math.Float32frombits(binary.LittleEndian.Uint32(body[4*i:]))
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.centers, x.geom = centers, newCenterGeom(centers, lists, dims, 0)
	x.lists = make([]ivfList, lists)
	x.where = map[uint64]ivfPos{}
	x.sampled = int(binary.LittleEndian.Uint32(head[16:]))
	x.trained = true
	return nil
}
