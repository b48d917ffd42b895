package exec

import (
	"testing"

	"github.com/vecgres/vecgres/planner/plan"
)

// BenchmarkWindow runs a sum over 10,000 rows in 10 partitions with the
// default frame (one add per row) and with ROWS 10 PRECEDING (eleven per
// row), and rank, through the fake evaluator.
func BenchmarkWindow(b *testing.B) {
	rows := make([][]any, 10000)
	for i := range rows {
		rows[i] = []any{i + 1, i % 10, i % 1000, i}
	}
	sliding := plan.Frame{Mode: plan.RowsFrame, Start: plan.FrameBound{Kind: plan.OffsetPreceding, Offset: konst(int64(10))},
		End: plan.FrameBound{Kind: plan.CurrentRow}}
	for _, c := range []struct {
		name  string
		frame plan.Frame
		fn    plan.WindowFunc
	}{
		{"sum-default", plan.DefaultFrame, plan.WindowFunc{Name: "sum", Agg: true, Args: []plan.Expr{col(3)}}},
		{"sum-rows-10-preceding", sliding, plan.WindowFunc{Name: "sum", Agg: true, Args: []plan.Expr{col(3)}}},
		{"rank", plan.DefaultFrame, plan.WindowFunc{Name: "rank"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				env, _ := fakeEnv(map[string][][]any{"t": rows})
				if _, _, err := run(env, windowOver("t", false, c.frame, c.fn)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
