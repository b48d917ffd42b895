package sem

import (
	"strconv"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

func mustJSONB(t *testing.T, s string) types.JSONB {
	t.Helper()
	j, err := types.ParseJSONB(s)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestJSONBOperatorsMore: jsonb ?| ?& #> #>> - #- || resolved by
// signature and run, against PostgreSQL 15's answers (text or SQLSTATE).
func TestJSONBOperatorsMore(t *testing.T) {
	arr := func(s ...any) types.Array { return types.Array(s) }
	cases := []struct {
		op    string
		left  string
		right any
		want  string // jsonb or text result, "NULL", or "ERR <sqlstate>"
	}{
		{"?|", `{"a":1}`, arr("b", "a"), "true"},
		{"?|", `{"a":1}`, arr("b", nil), "false"},
		{"?&", `["a","b"]`, arr("a", "b", nil), "true"},
		{"?&", `{"a":1}`, arr("a", "b"), "false"},
		{"?&", `{"a":1}`, arr(), "true"},
		{"#>", `{"a":[1,{"b":2}]}`, arr("a", "1"), `{"b": 2}`},
		{"#>", `{"a":[1]}`, arr("a", "x"), "NULL"},
		{"#>", `{"a":[1]}`, arr("a", nil), "NULL"},
		{"#>>", `{"a":"s"}`, arr("a"), "s"},
		{"#>>", `{"a":null}`, arr("a"), "NULL"},
		{"-", `{"a":1,"b":2}`, "a", `{"b": 2}`},
		{"-", `["a",1,"a"]`, "a", `[1]`},
		{"-", `1`, "a", "ERR 22023"},
		{"-", `[1,2,3]`, int64(-1), `[1, 2]`},
		{"-", `{"a":1}`, int64(0), "ERR 22023"},
		{"-", `{"a":1,"b":2}`, arr("a", nil), `{"b": 2}`},
		{"#-", `{"a":[1,{"b":2}]}`, arr("a", "1", "b"), `{"a": [1, {}]}`},
		{"#-", `{"a":[1]}`, arr("a", "x"), "ERR 22P02"},
		{"#-", `{"a":[1]}`, arr("a", nil), "ERR 22004"},
		{"#-", `"s"`, arr(), "ERR 22023"},
	}
	for _, c := range cases {
		rt := TextArray
		switch c.right.(type) {
		case string:
			rt = types.Text
		case int64:
			rt = types.Int4
		}
		f, err := Operators.Resolve(c.op, []types.Type{types.JSONBType, rt})
		if err != nil {
			t.Fatalf("%s %s: %v", c.op, rt.Name(), err)
		}
		v, err := f.Fn(nil, []any{mustJSONB(t, c.left), c.right})
		if got := render(v, err); got != c.want {
			t.Errorf("%s %s %v = %s, want %s", c.left, c.op, c.right, got, c.want)
		}
	}
}

func render(v any, err error) string {
	if err != nil {
		return "ERR " + string(pgerror.CodeOf(err))
	}
	switch x := v.(type) {
	case nil:
		return "NULL"
	case types.JSONB:
		return x.String()
	case bool:
		return map[bool]string{true: "true", false: "false"}[x]
	case string:
		return x
	}
	return "?"
}

// TestSetReturningRows: the rows of the set-returning entries, as
// PostgreSQL 15 returns them.
func TestSetReturningRows(t *testing.T) {
	cases := []struct {
		name string
		args []types.Type
		vals []any
		want string // rows joined by ";", columns by ","; or "ERR <sqlstate>"
	}{
		{"generate_series", []types.Type{types.Int4, types.Int4, types.Int4}, []any{int64(1), int64(7), int64(3)}, "1;4;7"},
		{"generate_series", []types.Type{types.Int4, types.Int4}, []any{int64(2147483646), int64(2147483647)}, "2147483646;2147483647"},
		{"generate_series", []types.Type{types.Int8, types.Int8, types.Int8}, []any{int64(1), int64(3), int64(0)}, "ERR 22023"},
		{"unnest", []types.Type{TextArray}, []any{types.Array{"a", nil}}, "a;NULL"},
		{"jsonb_each_text", []types.Type{types.JSONBType}, []any{mustJSONB(t, `{"b":null,"a":[1]}`)}, "a,[1];b,NULL"},
		{"jsonb_array_elements", []types.Type{types.JSONBType}, []any{mustJSONB(t, `[1,"x"]`)}, `1;"x"`},
		{"jsonb_array_elements", []types.Type{types.JSONBType}, []any{mustJSONB(t, `{}`)}, "ERR 22023"},
		{"jsonb_object_keys", []types.Type{types.JSONBType}, []any{mustJSONB(t, `{"bb":1,"a":2}`)}, "a;bb"},
		{"jsonb_object_keys", []types.Type{types.JSONBType}, []any{mustJSONB(t, `[]`)}, "ERR 22023"},
	}
	for _, c := range cases {
		f, err := Builtins.Resolve(c.name, c.args)
		if err != nil || !f.SetReturning {
			t.Fatalf("%s: %v", c.name, err)
		}
		var rows []string
		err = f.Rows(nil, c.vals, func(row []any) error {
			cols := make([]string, len(row))
			for i, v := range row {
				cols[i] = render(v, nil)
				if n, ok := v.(int64); ok {
					cols[i] = strconv.FormatInt(n, 10)
				}
			}
			rows = append(rows, strings.Join(cols, ","))
			return nil
		})
		got := strings.Join(rows, ";")
		if err != nil {
			got = "ERR " + string(pgerror.CodeOf(err))
		}
		if got != c.want {
			t.Errorf("%s%v = %s, want %s", c.name, c.vals, got, c.want)
		}
	}
}
