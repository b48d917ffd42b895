package planner

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/types"
)

// postgresEpochMicros is 2000-01-01 00:00:00 UTC in Unix microseconds: the
// origin of timestamp values (sql/types).
const postgresEpochMicros = 946684800000000

func init() {
	now := funcDef{ret: types.Timestamptz, fn: func(*env, []any) (any, error) {
		return time.Now().UnixMicro() - postgresEpochMicros, nil
	}}
	funcs["now"] = now
	funcs["current_timestamp"] = now
	funcs["statement_timestamp"] = now
	funcs["length"] = funcDef{args: []types.Type{types.Text}, ret: types.Int4, strict: true,
		fn: func(_ *env, a []any) (any, error) { return int64(utf8.RuneCountInString(a[0].(string))), nil }}
	funcs["lower"] = funcDef{args: []types.Type{types.Text}, ret: types.Text, strict: true,
		fn: func(_ *env, a []any) (any, error) { return strings.ToLower(a[0].(string)), nil }}
	funcs["upper"] = funcDef{args: []types.Type{types.Text}, ret: types.Text, strict: true,
		fn: func(_ *env, a []any) (any, error) { return strings.ToUpper(a[0].(string)), nil }}
}
