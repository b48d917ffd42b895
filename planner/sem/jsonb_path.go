package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Path and deletion operations of jsonb (PostgreSQL 15 jsonfuncs.c:
// jsonb_extract_path, jsonb_delete, jsonb_delete_idx, jsonb_delete_array,
// jsonb_delete_path, jsonb_concat), used by jsonb_ops_more.go.

// extractPath is jsonb #> text[]: the value at path (keys of objects,
// integer indexes of arrays, negative from the end); false when a step
// is absent, names no element, or is NULL. The empty path is j itself.
func extractPath(j types.JSONB, path types.Array) (types.JSONB, bool) {
	return walkPath(j, path, types.JSONB.Field, types.JSONB.Index)
}

// walkPath follows path from j, reading an object's key with field and
// an array's element with index (jsonb keeps one value per key, json the
// last of duplicates); false when a step is absent, names no element, or
// is NULL.
func walkPath(j types.JSONB, path types.Array, field func(types.JSONB, string) (types.JSONB, bool), index func(types.JSONB, int64) (types.JSONB, bool)) (types.JSONB, bool) {
	cur := j
	for _, p := range path {
		if p == nil {
			return types.JSONB{}, false
		}
		key := p.(string)
		var ok bool
		switch cur.Kind {
		case types.JSONObject:
			cur, ok = field(cur, key)
		case types.JSONArray:
			i, err := pathIndex(key, 0)
			if err != nil {
				return types.JSONB{}, false
			}
			cur, ok = index(cur, int64(i))
		}
		if !ok {
			return types.JSONB{}, false
		}
	}
	return cur, true
}

// errDeleteScalar is jsonb - x on a scalar.
func errDeleteScalar() error {
	return pgerror.New(pgerror.InvalidParameterValue, "cannot delete from scalar")
}

// deleteKeys is jsonb - text and jsonb - text[]: the object without the
// keys, or the array without its string elements equal to one of them
// (NULL keys ignored). Errors: 22023 for a scalar.
func deleteKeys(j types.JSONB, keys types.Array) (types.JSONB, error) {
	drop := map[string]bool{}
	for _, k := range keys {
		if k != nil {
			drop[k.(string)] = true
		}
	}
	switch j.Kind {
	case types.JSONObject:
		var ks []string
		var vs []types.JSONB
		for i, k := range j.Keys {
			if !drop[k] {
				ks, vs = append(ks, k), append(vs, j.Elems[i])
			}
		}
		return types.NewJSONBObject(ks, vs), nil
	case types.JSONArray:
		var es []types.JSONB
		for _, e := range j.Elems {
			if e.Kind != types.JSONString || !drop[e.Str] {
				es = append(es, e)
			}
		}
		return types.NewJSONBArray(es), nil
	}
	return types.JSONB{}, errDeleteScalar()
}

// deleteIndex is jsonb - integer: the array without element i (negative
// from the end; out of range: unchanged). Errors: 22023 for an object or
// a scalar.
func deleteIndex(j types.JSONB, i int64) (types.JSONB, error) {
	switch j.Kind {
	case types.JSONObject:
		return types.JSONB{}, pgerror.New(pgerror.InvalidParameterValue, "cannot delete from object using integer index")
	case types.JSONArray:
	default:
		return types.JSONB{}, errDeleteScalar()
	}
	n := int64(len(j.Elems))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return j, nil
	}
	es := append(append([]types.JSONB{}, j.Elems[:i]...), j.Elems[i+1:]...)
	return types.NewJSONBArray(es), nil
}

// deletePath is jsonb #- text[]: j without the value at path (unchanged
// when the path leads nowhere). Errors: 22023 "cannot delete path in
// scalar"; 22004 for a NULL path element; 22P02 for a step into an array
// that is no integer.
func deletePath(j types.JSONB, path types.Array) (types.JSONB, error) {
	if j.IsRawScalar() {
		return types.JSONB{}, pgerror.New(pgerror.InvalidParameterValue, "cannot delete path in scalar")
	}
	if len(path) == 0 {
		return j, nil
	}
	return deleteAt(j, path, 0)
}

// deleteAt deletes path[level:] below container j.
func deleteAt(j types.JSONB, path types.Array, level int) (types.JSONB, error) {
	if path[level] == nil {
		return types.JSONB{}, pgerror.Errorf(pgerror.NullValueNotAllowed, "path element at position %d is null", level+1)
	}
	key := path[level].(string)
	last := level == len(path)-1
	switch j.Kind {
	case types.JSONObject:
		for i, k := range j.Keys {
			if k != key {
				continue
			}
			return replaceAt(j, i, last, path, level)
		}
	case types.JSONArray:
		idx, err := pathIndex(key, level)
		if err != nil {
			return types.JSONB{}, err
		}
		n := len(j.Elems)
		if idx < 0 {
			idx += n
		}
		if idx >= 0 && idx < n {
			return replaceAt(j, idx, last, path, level)
		}
	}
	return j, nil
}

// replaceAt is container j with its element i deleted (last) or with the
// rest of the path deleted below it.
func replaceAt(j types.JSONB, i int, last bool, path types.Array, level int) (types.JSONB, error) {
	out := j
	out.Elems = append([]types.JSONB{}, j.Elems...)
	if last {
		out.Elems = append(out.Elems[:i], out.Elems[i+1:]...)
		if j.Kind == types.JSONObject {
			out.Keys = append(append([]string{}, j.Keys[:i]...), j.Keys[i+1:]...)
		}
		return out, nil
	}
	if out.Elems[i].IsRawScalar() {
		return j, nil
	}
	sub, err := deleteAt(out.Elems[i], path, level+1)
	if err != nil {
		return types.JSONB{}, err
	}
	out.Elems[i] = sub
	return out, nil
}

// concatJSONB is jsonb || jsonb: two objects merge (the right one's
// value wins for a shared key); otherwise both sides, a non-array taken
// as a one-element array, are concatenated.
func concatJSONB(a, b types.JSONB) types.JSONB {
	if a.Kind == types.JSONObject && b.Kind == types.JSONObject {
		keys := append(append([]string{}, a.Keys...), b.Keys...)
		vals := append(append([]types.JSONB{}, a.Elems...), b.Elems...)
		return types.NewJSONBObject(keys, vals)
	}
	return types.NewJSONBArray(append(asElems(a), asElems(b)...))
}

// asElems is an array's elements, or any other value as one element.
func asElems(v types.JSONB) []types.JSONB {
	if v.Kind == types.JSONArray {
		return append([]types.JSONB{}, v.Elems...)
	}
	return []types.JSONB{v}
}
