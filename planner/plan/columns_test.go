package plan

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

func TestColumns(t *testing.T) {
	id := Column{Name: "id", Type: types.Int4}
	emb := Column{Name: "embedding", Type: types.Text}
	cnt := Column{Name: "count", Type: types.Int8}
	rank := Column{Name: "rank", Type: types.Int8}
	table := []Column{id, emb}
	scan := func() *SeqScan { return &SeqScan{Info: Info{Out: table}, ScanInfo: ScanInfo{Relation: "t"}} }
	for _, c := range []struct {
		name string
		n    Node
		want []Column
	}{
		{"seq scan", scan(), table},
		{"index scan", &IndexScan{Info: Info{Out: table}}, table},
		{"function scan", &FunctionScan{Info: Info{Out: []Column{id}}}, []Column{id}},
		{"subquery scan", &SubqueryScan{Info: Info{Out: []Column{id}}}, []Column{id}},
		{"values", &ValuesScan{Info: Info{Out: []Column{cnt}}}, []Column{cnt}},
		{"result", &Result{Info: Info{Out: []Column{cnt}}}, []Column{cnt}},
		{"filter", &Filter{Unary: Unary{Input: scan()}}, table},
		{"sort", &Sort{Unary: Unary{Input: scan()}}, table},
		{"top-k", &TopK{Unary: Unary{Input: scan()}}, table},
		{"limit", &Limit{Unary: Unary{Input: scan()}}, table},
		{"distinct", &Distinct{Unary: Unary{Input: scan()}}, table},
		{"project", &Project{Info: Info{Out: []Column{id}}, Unary: Unary{Input: scan()}}, []Column{id}},
		{"aggregate", &Aggregate{Info: Info{Out: []Column{cnt}}, Unary: Unary{Input: scan()}}, []Column{cnt}},
		{"append", &Append{Inputs: []Node{scan(), scan()}}, table},
		{"append with own columns", &Append{Info: Info{Out: []Column{id}}, Inputs: []Node{scan()}}, []Column{id}},
		{"set op", &SetOp{Info: Info{Out: table}, Unary: Unary{Input: &Append{}}}, table},
		{"insert returning", &Modify{Info: Info{Out: []Column{id}}, Op: Insert}, []Column{id}},
		{"delete", &Modify{Op: Delete}, nil},
		{"copy", &Copy{Info: Info{Out: table}, From: true}, table},
		{"inner join", &Join{Left: scan(), Right: &Result{Info: Info{Out: []Column{cnt}}}}, []Column{id, emb, cnt}},
		{"semi join", &Join{Kind: SemiJoin, Left: scan(), Right: &Result{Info: Info{Out: []Column{cnt}}}}, table},
		{"anti join", &Join{Kind: AntiJoin, Left: scan(), Right: scan()}, table},
		{"window", &Window{Info: Info{Out: []Column{rank}}, Unary: Unary{Input: scan()}}, []Column{id, emb, rank}},
		{"cte scan", &CTEScan{Info: Info{Out: []Column{id}}}, []Column{id}},
	} {
		if got := c.n.Columns(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Columns = %v, want %v", c.name, got, c.want)
		}
	}
}

// Children are what EXPLAIN descends into: none for leaves and for a
// unary node without input, the input otherwise, both sides of a join.
func TestChildren(t *testing.T) {
	s := &SeqScan{}
	for _, c := range []struct {
		name string
		n    Node
		want int
	}{
		{"scan", s, 0},
		{"sort", &Sort{Unary: Unary{Input: s}}, 1},
		{"modify without input", &Modify{}, 0},
		{"subquery scan", &SubqueryScan{Query: s}, 1},
		{"append", &Append{Inputs: []Node{s, s, s}}, 3},
		{"join", &Join{Left: s, Right: s}, 2},
	} {
		if got := len(c.n.Children()); got != c.want {
			t.Errorf("%s: %d children, want %d", c.name, got, c.want)
		}
	}
}
