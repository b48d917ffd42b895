package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// json_agg and json_object_agg (PostgreSQL docs 9.21, Table 9.58): json
// text built as PostgreSQL 15's json_agg_transfn and
// json_object_agg_transfn build it. json_agg is `[1, 2]`, with "\n "
// after the ", " before a non-NULL array or row input (`[[1,2], \n [3,4]]`);
// json_object_agg is `{ "k" : v, "k2" : v2 }`, keys always strings.
// Each value as to_json converts it (sem.AppendJSON); NULL over no rows.

// collectJSONText folds one input v (json_object_agg's value is a.sep).
// Errors: 22023 for a NULL key, or a key that is an array or json.
func (a *aggAcc) collectJSONText(v any) error {
	c := a.call
	buf := []byte(nil)
	if a.inputs > 0 {
		buf = append(buf, ", "...)
	}
	if c.name == "json_agg" {
		if a.inputs == 0 {
			buf = append(buf, '[')
		} else if k := c.arg.Type().Kind; v != nil && (types.IsArray(k) || k == types.KindRecord) {
			buf = append(buf, "\n "...)
		}
		buf = sem.AppendJSON(buf, c.arg.Type(), v)
	} else {
		kt := c.arg.Type()
		if v == nil {
			return pgerror.New(pgerror.InvalidParameterValue, "field name must not be null")
		}
		if types.IsArray(kt.Kind) || isJSONKind(kt.Kind) {
			return pgerror.New(pgerror.InvalidParameterValue, "key value must be scalar, not array, composite, or json")
		}
		if a.inputs == 0 {
			buf = append(buf, "{ "...)
		}
		buf = append(sem.AppendJSONKey(buf, kt, v), " : "...)
		buf = sem.AppendJSON(buf, c.sep.Type(), a.sep)
	}
	a.text.Write(buf)
	a.inputs++
	return nil
}

// jsonTextResult closes the text (called with at least one input).
func (a *aggAcc) jsonTextResult() any {
	if a.call.name == "json_agg" {
		return a.text.String() + "]"
	}
	return a.text.String() + " }"
}
