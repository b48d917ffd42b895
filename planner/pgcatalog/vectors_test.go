package pgcatalog

import "github.com/vecgres/vecgres/sql/types"

// vtext is an int2vector or oidvector catalog value in its text form
// ("1 2"); the value must be an Array, or the result is "not a vector".
func vtext(d any) string {
	if _, ok := d.(types.Array); !ok {
		return "not a vector"
	}
	return string(types.AppendText(nil, tOIDVector, d))
}
