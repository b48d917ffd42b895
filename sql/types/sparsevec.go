package types

import (
	"encoding/binary"
	"math"
	"sort"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// SparseVec is the value of pgvector's sparsevec(n): Dim dimensions, of
// which only the non-zero ones are kept, their 0-based Indices strictly
// ascending and their Values (never 0) in the same order.
type SparseVec struct {
	Dim     int32
	Indices []int32
	Values  []float32
}

// Limits of sparsevec (pgvector sparsevec.h SPARSEVEC_MAX_DIM,
// SPARSEVEC_MAX_NNZ).
const (
	SparsevecMaxDim = 1000000000
	SparsevecMaxNNZ = 16000
)

// SparsevecOf returns sparsevec(dims); NoTypmod is any size.
func SparsevecOf(dims int32) Type { return Type{KindSparsevec, dims} }

func sparseSyntaxError(lit string) *pgerror.Error {
	return pgerror.Errorf(pgerror.InvalidTextRepresentation, "invalid input syntax for type sparsevec: \"%s\"", lit)
}

// sparsevecTypmodIn is pgvector's sparsevec_typmod_in: 1 .. 1e9.
func sparsevecTypmodIn(mods []int32) (Type, error) {
	if len(mods) != 1 {
		return Unknown, invalidTypmod()
	}
	if mods[0] < 1 {
		return Unknown, pgerror.New(pgerror.InvalidParameterValue, "dimensions for type sparsevec must be at least 1")
	}
	if mods[0] > SparsevecMaxDim {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "dimensions for type sparsevec cannot exceed %d", SparsevecMaxDim)
	}
	return SparsevecOf(mods[0]), nil
}

// ParseSparsevec is pgvector 0.8's sparsevec_in: '{' index:value pairs
// (1-based indices, any order, C whitespace around every token) '}' '/'
// dimensions. Zero values are dropped and the rest sorted by index.
// Errors, in pgvector's order: 22P02 invalid input syntax (DETAIL
// `Vector contents must start with "{".`, `Unexpected end of input.`,
// `Junk after closing.`), 22003 `"1e39" is out of range for type
// sparsevec` (overflow, or underflow to zero), 22000 NaN or infinite
// value; then the dimensions (22000 at least 1, 54000 at most 1e9, 22000
// `expected 3 dimensions, not 4` for typmod), 54000 more than 16000
// non-zero elements, and 22000 `sparsevec index out of bounds` /
// `sparsevec indices must not contain duplicates`.
func ParseSparsevec(s string, typmod int32) (SparseVec, error) {
	p := skipCSpace(s, 0)
	if p >= len(s) || s[p] != '{' {
		return SparseVec{}, sparseSyntaxError(s).WithDetail(`Vector contents must start with "{".`)
	}
	var idx []int64
	var vals []float32
	p, err := parseSparsePairs(s, skipCSpace(s, p+1), &idx, &vals)
	if err != nil {
		return SparseVec{}, err
	}
	p = skipCSpace(s, p)
	if p >= len(s) || s[p] != '/' {
		return SparseVec{}, sparseSyntaxError(s).WithDetail("Unexpected end of input.")
	}
	dim, n, ok := scanCLong(s[skipCSpace(s, p+1):])
	if !ok {
		return SparseVec{}, sparseSyntaxError(s)
	}
	if p = skipCSpace(s, skipCSpace(s, p+1)+n); p < len(s) {
		return SparseVec{}, sparseSyntaxError(s).WithDetail("Junk after closing.")
	}
	if err := checkSparseDim(dim); err != nil {
		return SparseVec{}, err
	}
	if err := checkExpectedDims(typmod, int(dim)); err != nil {
		return SparseVec{}, err
	}
	return buildSparse(int32(dim), idx, vals)
}

// parseSparsePairs reads "i:v, ..." up to and past the closing '}'.
func parseSparsePairs(s string, p int, idx *[]int64, vals *[]float32) (int, error) {
	if p < len(s) && s[p] == '}' {
		return p + 1, nil
	}
	for {
		p = skipCSpace(s, p)
		i, n, ok := scanCLong(s[p:])
		if !ok {
			return 0, sparseSyntaxError(s)
		}
		p = skipCSpace(s, p+n)
		if p >= len(s) || s[p] != ':' {
			return 0, sparseSyntaxError(s)
		}
		p = skipCSpace(s, p+1)
		f, n, err := parseSparseElement(s, p)
		if err != nil {
			return 0, err
		}
		if f != 0 {
			*idx, *vals = append(*idx, i-1), append(*vals, f)
		}
		p = skipCSpace(s, p+n)
		switch {
		case p < len(s) && s[p] == ',':
			p++
		case p < len(s) && s[p] == '}':
			return p + 1, nil
		default:
			return 0, sparseSyntaxError(s)
		}
	}
}

// scanCLong reads an integer as strtol does (sign, decimal digits),
// saturating far beyond int32 (the range checks that follow only need
// its side). ok is false when no digit starts s.
func scanCLong(s string) (v int64, n int, ok bool) {
	neg := len(s) > 0 && s[0] == '-'
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		n++
	}
	start := n
	for n < len(s) && isDigit(s[n]) {
		v = min(v*10+int64(s[n]-'0'), 1<<40)
		n++
	}
	if n == start {
		return 0, 0, false
	}
	if neg {
		v = -v
	}
	return v, n, true
}

// parseSparseElement reads a value as strtof does; unlike vector's, an
// underflow to zero is out of range too (pgvector checks ERANGE). A plain
// decimal goes by the fast path (readFastFloat32) when it can decide.
func parseSparseElement(s string, p int) (float32, int, error) {
	if f, end, ok := readFastFloat32(s, p); ok {
		return f, end - p, nil
	}
	n := scanFloat(s[p:])
	if n == 0 {
		return 0, 0, sparseSyntaxError(s)
	}
	tok := s[p : p+n]
	f, res := convertFloat(tok, 32)
	if res == convOverflow || res == convUnderflow {
		return 0, 0, pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type sparsevec", tok)
	}
	return float32(f), n, checkSparseElement(float32(f))
}

func checkSparseElement(f float32) error {
	if f != f {
		return pgerror.New(pgerror.DataException, "NaN not allowed in sparsevec")
	}
	if math.IsInf(float64(f), 0) {
		return pgerror.New(pgerror.DataException, "infinite value not allowed in sparsevec")
	}
	return nil
}

// checkSparseDim is pgvector's CheckDim for sparsevec.
func checkSparseDim(dim int64) error {
	if dim < 1 {
		return pgerror.New(pgerror.DataException, "sparsevec must have at least 1 dimension")
	}
	if dim > SparsevecMaxDim {
		return pgerror.Errorf(pgerror.ProgramLimitExceeded, "sparsevec cannot have more than %d dimensions", SparsevecMaxDim)
	}
	return nil
}

// buildSparse sorts the text form's pairs by index and checks them.
func buildSparse(dim int32, idx []int64, vals []float32) (SparseVec, error) {
	order := make([]int, len(idx))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return idx[order[a]] < idx[order[b]] })
	if len(idx) > SparsevecMaxNNZ {
		return SparseVec{}, errTooManyNonZeros()
	}
	v := SparseVec{Dim: dim, Indices: make([]int32, len(idx)), Values: make([]float32, len(idx))}
	for k, o := range order {
		if idx[o] < 0 || idx[o] >= int64(dim) {
			return SparseVec{}, pgerror.New(pgerror.DataException, "sparsevec index out of bounds")
		}
		v.Indices[k], v.Values[k] = int32(idx[o]), vals[o]
		if k > 0 && v.Indices[k] == v.Indices[k-1] {
			return SparseVec{}, pgerror.New(pgerror.DataException, "sparsevec indices must not contain duplicates")
		}
	}
	return v, nil
}

func errTooManyNonZeros() *pgerror.Error {
	return pgerror.Errorf(pgerror.ProgramLimitExceeded, "sparsevec cannot have more than %d non-zero elements", SparsevecMaxNNZ)
}

// AppendSparsevec appends sparsevec_out's form: {1:1.5,3:2}/5, values as
// float4 output prints them.
func AppendSparsevec(buf []byte, v SparseVec) []byte {
	buf = append(buf, '{')
	for i, x := range v.Values {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendInt(buf, int64(v.Indices[i])+1)
		buf = append(buf, ':')
		buf = AppendFloat4(buf, x)
	}
	buf = append(buf, '}', '/')
	return appendInt(buf, int64(v.Dim))
}

// DecodeSparsevecBinary is sparsevec_recv: int32 dim, int32 nnz, int32
// unused (0), nnz int32 0-based indices, nnz float4 values, big-endian.
// Errors: the dimension checks, 54000 too many non-zeros, 22000 `expected
// unused to be 0, not 7`, the index checks (ascending, no duplicates, in
// bounds), NaN/infinity, 22000 `binary representation of sparsevec cannot
// contain zero values`, 08P01 short, 22P03 trailing bytes.
func DecodeSparsevecBinary(b []byte, typmod int32) (SparseVec, error) {
	r := reader{b: b}
	h, err := r.take(12)
	if err != nil {
		return SparseVec{}, err
	}
	dim, nnz, unused := int32(binary.BigEndian.Uint32(h)), int32(binary.BigEndian.Uint32(h[4:])), int32(binary.BigEndian.Uint32(h[8:]))
	if err := checkSparseDim(int64(dim)); err != nil {
		return SparseVec{}, err
	}
	if err := checkExpectedDims(typmod, int(dim)); err != nil {
		return SparseVec{}, err
	}
	if nnz < 0 || nnz > SparsevecMaxNNZ || nnz > dim {
		return SparseVec{}, errTooManyNonZeros()
	}
	if unused != 0 {
		return SparseVec{}, pgerror.Errorf(pgerror.DataException, "expected unused to be 0, not %d", unused)
	}
	v := SparseVec{Dim: dim, Indices: make([]int32, nnz), Values: make([]float32, nnz)}
	for i := range v.Indices {
		p, err := r.take(4)
		if err != nil {
			return SparseVec{}, err
		}
		v.Indices[i] = int32(binary.BigEndian.Uint32(p))
		if err := checkSparseIndex(v, i); err != nil {
			return SparseVec{}, err
		}
	}
	for i := range v.Values {
		p, err := r.take(4)
		if err != nil {
			return SparseVec{}, err
		}
		v.Values[i] = math.Float32frombits(binary.BigEndian.Uint32(p))
		if err := checkSparseElement(v.Values[i]); err != nil {
			return SparseVec{}, err
		}
		if v.Values[i] == 0 {
			return SparseVec{}, pgerror.New(pgerror.DataException, "binary representation of sparsevec cannot contain zero values")
		}
	}
	return v, r.done()
}

// checkSparseIndex is pgvector's CheckIndex for index i of v.
func checkSparseIndex(v SparseVec, i int) error {
	x := v.Indices[i]
	if x < 0 || x >= v.Dim {
		return pgerror.New(pgerror.DataException, "sparsevec index out of bounds")
	}
	if i > 0 && x < v.Indices[i-1] {
		return pgerror.New(pgerror.DataException, "sparsevec indices must be in ascending order")
	}
	if i > 0 && x == v.Indices[i-1] {
		return pgerror.New(pgerror.DataException, "sparsevec indices must not contain duplicates")
	}
	return nil
}

// AppendSparsevecBinary is sparsevec_send.
func AppendSparsevecBinary(buf []byte, v SparseVec) []byte {
	buf = binary.BigEndian.AppendUint32(buf, uint32(v.Dim))
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(v.Indices)))
	buf = binary.BigEndian.AppendUint32(buf, 0)
	for _, i := range v.Indices {
		buf = binary.BigEndian.AppendUint32(buf, uint32(i))
	}
	for _, f := range v.Values {
		buf = binary.BigEndian.AppendUint32(buf, math.Float32bits(f))
	}
	return buf
}

// CompareSparse is sparsevec_cmp: the vectors compared as dense over their
// first min(dims) elements, then the shorter first.
func CompareSparse(a, b SparseVec) int {
	lim := min(a.Dim, b.Dim)
	i, j := 0, 0
	for {
		ai, bi := int32(math.MaxInt32), int32(math.MaxInt32)
		if i < len(a.Indices) {
			ai = a.Indices[i]
		}
		if j < len(b.Indices) {
			bi = b.Indices[j]
		}
		at := min(ai, bi)
		if at >= lim {
			break
		}
		var x, y float32
		if ai == at {
			x, i = a.Values[i], i+1
		}
		if bi == at {
			y, j = b.Values[j], j+1
		}
		if c := compareFloat(float64(x), float64(y)); c != 0 {
			return c
		}
	}
	return compareOrdered(int64(a.Dim), int64(b.Dim))
}

// SparseToVector is sparsevec_to_vector (54000 beyond 16000 dimensions).
func SparseToVector(v SparseVec) (Vector, error) {
	if v.Dim > VectorMaxDim {
		return nil, errTooManyDimensions()
	}
	out := make(Vector, v.Dim)
	for k, i := range v.Indices {
		out[i] = v.Values[k]
	}
	return out, nil
}

// VectorToSparse is vector_to_sparsevec: the non-zero elements (54000
// beyond 16000 of them).
func VectorToSparse(v Vector) (SparseVec, error) {
	out := SparseVec{Dim: int32(len(v))}
	for i, x := range v {
		if x != 0 {
			out.Indices = append(out.Indices, int32(i))
			out.Values = append(out.Values, x)
		}
	}
	if len(out.Indices) > SparsevecMaxNNZ {
		return SparseVec{}, errTooManyNonZeros()
	}
	return out, nil
}
