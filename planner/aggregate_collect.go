package planner

import (
	"strings"

	"github.com/vecgres/vecgres/planner/memacct"

	"github.com/vecgres/vecgres/sql/types"
)

// The collecting and boolean aggregates (PostgreSQL docs 9.21, Table
// 9.58): string_agg of text or bytea joins its non-NULL values, each after the
// delimiter of its row but the first (a NULL delimiter adds nothing);
// array_agg(anyelement) is the array of its inputs, NULLs included;
// bool_and and every are true when every non-NULL input is, bool_or when
// one is. All are NULL over no (non-NULL, but for array_agg) input. No
// ORDER BY inside the call: the parser refuses it (0A000), so values come
// in input order (DISTINCT: ascending, NULL last for array_agg).

// collectAcc is their state in an aggAcc.
type collectAcc struct {
	sep    any // string_agg: the current row's delimiter
	text   strings.Builder
	arr    types.Array
	boolV  bool
	inputs int64 // values collected
	bytes  bool  // string_agg of bytea
	// jsonElems and jsonKeys are jsonb_agg's elements and
	// jsonb_object_agg's pairs (aggregate_json.go).
	jsonElems []types.JSONB
	jsonKeys  []string
	// held is the bytes of the values arr, jsonElems and jsonKeys hold
	// (aggregate_memory.go).
	held int64
}

// asString is a text or bytea value's bytes as a string ("" for NULL).
func asString(v any) string {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	s, _ := v.(string)
	return s
}

// keepsNulls reports whether c's aggregate takes NULL inputs.
func keepsNulls(c *aggCall) bool { return c.name == "array_agg" || jsonAggregates[c.name] }

// collect folds v (NULL only for array_agg) into aggregate name.
func (c *collectAcc) collect(name string, v any) {
	if _, ok := v.([]byte); ok {
		c.bytes = true
	}
	switch name {
	case "string_agg":
		if c.inputs > 0 {
			c.text.WriteString(asString(c.sep))
		}
		c.text.WriteString(asString(v))
	case "array_agg":
		c.arr = append(c.arr, v)
		c.held += memacct.ValueOverhead + memacct.ValueSize(v)
	case "bool_and", "every":
		c.boolV = (c.inputs == 0 || c.boolV) && v.(bool)
	case "bool_or":
		c.boolV = c.boolV || v.(bool)
	}
	c.inputs++
}

// collected is aggregate name's value: NULL over no input.
func (c *collectAcc) collected(name string) any {
	if c.inputs == 0 {
		return nil
	}
	switch name {
	case "string_agg":
		if c.bytes {
			return []byte(c.text.String())
		}
		return c.text.String()
	case "array_agg":
		return c.arr
	}
	return c.boolV
}
