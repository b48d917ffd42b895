package planner

import (
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// jsonb_agg and jsonb_object_agg (PostgreSQL docs 9.21, Table 9.58;
// signatures in planner/sem/aggregate_json.go): each input converted as
// to_jsonb converts it, NULLs included; NULL over no rows.

// jsonAggregates are the aggregates collectJSON folds.
var jsonAggregates = map[string]bool{"jsonb_agg": true, "jsonb_object_agg": true, "json_agg": true, "json_object_agg": true}

// collectJSON folds one input v (with the row's second argument a.sep
// for jsonb_object_agg). Errors: 22023 for a NULL key, or a key that is
// an array or jsonb.
func (a *aggAcc) collectJSON(v any) error {
	c := a.call
	if c.name == "json_agg" || c.name == "json_object_agg" {
		return a.collectJSONText(v) // aggregate_json_text.go
	}
	if c.name == "jsonb_agg" {
		a.holdJSON("", sem.ToJSONB(c.arg.Type(), v))
		return nil
	}
	kt := c.arg.Type()
	if v == nil {
		return pgerror.New(pgerror.InvalidParameterValue, "field name must not be null")
	}
	if types.IsArray(kt.Kind) || kt.Kind == types.KindJSONB {
		return pgerror.New(pgerror.InvalidParameterValue, "key value must be scalar, not array, composite, or json")
	}
	key, _ := sem.ToJSONB(kt, v).Text()
	a.jsonKeys = append(a.jsonKeys, key)
	a.holdJSON(key, sem.ToJSONB(c.sep.Type(), a.sep))
	return nil
}

// holdJSON appends the element j (with its key, "" for jsonb_agg) and
// counts the bytes they hold.
func (a *aggAcc) holdJSON(key string, j types.JSONB) {
	a.jsonElems = append(a.jsonElems, j)
	a.held += memacct.ValueSize(j) + memacct.ValueSize(key)
	a.inputs++
}

// jsonResult is the aggregate's jsonb value; NULL over no input.
func (a *aggAcc) jsonResult() any {
	if a.inputs == 0 {
		return nil
	}
	if a.call.name == "json_agg" || a.call.name == "json_object_agg" {
		return a.jsonTextResult()
	}
	if a.call.name == "jsonb_agg" {
		return types.NewJSONBArray(a.jsonElems)
	}
	return types.NewJSONBObject(a.jsonKeys, a.jsonElems)
}
