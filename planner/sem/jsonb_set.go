package sem

import (
	"math"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// setMode is how jsonb_set and jsonb_insert treat the path's last step
// (PostgreSQL 15 jsonfuncs.c setPath's op_type).
type setMode uint8

const (
	setReplace     setMode = iota // jsonb_set(..., false): replace an existing value only
	setCreate                     // jsonb_set: replace, or add a missing key or element
	setInsertFirst                // jsonb_insert: before the element (a new key)
	setInsertAfter                // jsonb_insert(..., true): after the element
)

// setPath is jsonb_set and jsonb_insert: j with v set at path by mode
// (setPath, setPathObject, setPathArray). An intermediate step that is
// absent or lands on a scalar leaves j unchanged; an array index past
// the end appends, before the start prepends (when creating or
// inserting). Errors: 22023 "cannot set path in scalar" for a scalar j,
// "cannot replace existing key" (jsonb_insert on an existing key); 22004
// for a NULL path element; 22P02 for a step into an array that is no
// integer.
func setPath(j types.JSONB, path types.Array, v types.JSONB, mode setMode) (types.JSONB, error) {
	if j.IsRawScalar() {
		return types.JSONB{}, pgerror.New(pgerror.InvalidParameterValue, "cannot set path in scalar")
	}
	if len(path) == 0 {
		return j, nil
	}
	return setAt(j, path, 0, v, mode)
}

func setAt(j types.JSONB, path types.Array, level int, v types.JSONB, mode setMode) (types.JSONB, error) {
	if path[level] == nil {
		return types.JSONB{}, pgerror.Errorf(pgerror.NullValueNotAllowed, "path element at position %d is null", level+1)
	}
	switch j.Kind {
	case types.JSONObject:
		return setInObject(j, path, level, v, mode)
	case types.JSONArray:
		return setInArray(j, path, level, v, mode)
	}
	return j, nil
}

func setInObject(j types.JSONB, path types.Array, level int, v types.JSONB, mode setMode) (types.JSONB, error) {
	key, last := path[level].(string), level == len(path)-1
	for i, k := range j.Keys {
		if k != key {
			continue
		}
		if !last {
			return setBelow(j, i, path, level, v, mode)
		}
		if mode >= setInsertFirst {
			return types.JSONB{}, pgerror.New(pgerror.InvalidParameterValue, "cannot replace existing key").
				WithHint("Try using the function jsonb_set to replace key value.")
		}
		out := copyContainer(j)
		out.Elems[i] = v
		return out, nil
	}
	if !last || mode == setReplace {
		return j, nil
	}
	return types.NewJSONBObject(append(append([]string{}, j.Keys...), key), append(append([]types.JSONB{}, j.Elems...), v)), nil
}

func setInArray(j types.JSONB, path types.Array, level int, v types.JSONB, mode setMode) (types.JSONB, error) {
	idx, err := pathIndex(path[level].(string), level)
	if err != nil {
		return types.JSONB{}, err
	}
	n, last := len(j.Elems), level == len(path)-1
	prepend := false
	switch {
	case idx < 0 && -idx > n:
		prepend = true
	case idx < 0:
		idx += n
	}
	adding := last && mode != setReplace
	if adding && (prepend || n == 0) {
		return types.NewJSONBArray(append([]types.JSONB{v}, j.Elems...)), nil
	}
	if prepend || idx >= n {
		if adding {
			return types.NewJSONBArray(append(append([]types.JSONB{}, j.Elems...), v)), nil
		}
		return j, nil
	}
	if !last {
		return setBelow(j, idx, path, level, v, mode)
	}
	es := make([]types.JSONB, 0, n+1)
	es = append(es, j.Elems[:idx]...)
	switch mode {
	case setInsertFirst:
		es = append(es, v, j.Elems[idx])
	case setInsertAfter:
		es = append(es, j.Elems[idx], v)
	default:
		es = append(es, v)
	}
	return types.NewJSONBArray(append(es, j.Elems[idx+1:]...)), nil
}

// setBelow sets the rest of the path inside container j's element i.
func setBelow(j types.JSONB, i int, path types.Array, level int, v types.JSONB, mode setMode) (types.JSONB, error) {
	sub, err := setAt(j.Elems[i], path, level+1, v, mode)
	if err != nil {
		return types.JSONB{}, err
	}
	out := copyContainer(j)
	out.Elems[i] = sub
	return out, nil
}

func copyContainer(j types.JSONB) types.JSONB {
	out := j
	out.Elems = append([]types.JSONB{}, j.Elems...)
	return out
}

// pathIndex reads a path step into an array as PostgreSQL's strtoint
// (leading white space and a sign allowed; int4's range). Errors: 22P02
// "path element at position N is not an integer".
func pathIndex(s string, level int) (int, error) {
	n, err := strconv.ParseInt(strings.TrimLeft(s, " \t\n\r\v\f"), 10, 64)
	if err != nil || n > math.MaxInt32 || n < math.MinInt32 {
		return 0, pgerror.Errorf(pgerror.InvalidTextRepresentation, "path element at position %d is not an integer: \"%s\"", level+1, s)
	}
	return int(n), nil
}
