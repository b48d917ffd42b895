package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// The window functions over one partition (PostgreSQL docs 9.22,
// windowfuncs.c): row_number, rank (1 + the rows before the peer group),
// dense_rank (the peer group's number), percent_rank ((rank - 1) / (rows
// - 1), 0 for one row), cume_dist (rows up to the peer group's last /
// rows), ntile (its argument from the partition's first row; 22014 when
// not positive; the first rows % n buckets one row larger), lag and lead
// (the value offset rows back or ahead in the partition, else the
// default, evaluated on the current row; a NULL offset gives NULL),
// first_value, last_value and nth_value over the frame (22016 for a
// position that is not positive), and any aggregate over the frame.

// windowColumn computes function fi of n for every row of p, charging
// the values.
func (env *Env) windowColumn(n *plan.Window, fi int, p *partition, fr *framer) ([]any, error) {
	f := n.Funcs[fi]
	var out []any
	var err error
	switch {
	case f.Agg:
		out, err = env.windowAggregate(n, fi, p, fr)
	case f.Name == "lag" || f.Name == "lead":
		out, err = env.lagLead(f, p)
	case f.Name == "first_value" || f.Name == "last_value" || f.Name == "nth_value":
		out, err = env.frameValue(f, p, fr)
	case f.Name == "ntile":
		out, err = env.ntile(f, p)
	default:
		out, err = rankColumn(f.Name, p)
	}
	if err != nil {
		return nil, err
	}
	size := memacct.RowSize(out)
	if err := env.Mem.Charge(size); err != nil {
		return nil, err
	}
	p.charged += size
	return out, nil
}

// rankColumn computes a ranking function, which reads peer groups only.
func rankColumn(name string, p *partition) ([]any, error) {
	n := len(p.rows)
	out := make([]any, n)
	for i := range out {
		g := p.grp[i]
		switch name {
		case "row_number":
			out[i] = int64(i + 1)
		case "rank":
			out[i] = int64(p.start[g] + 1)
		case "dense_rank":
			out[i] = int64(g + 1)
		case "percent_rank":
			out[i] = 0.0
			if n > 1 {
				out[i] = float64(p.start[g]) / float64(n-1)
			}
		case "cume_dist":
			out[i] = float64(p.end[g]) / float64(n)
		default:
			return nil, fmt.Errorf("exec: no window function %s", name)
		}
	}
	return out, nil
}

// ntile splits p into its argument's number of buckets.
func (env *Env) ntile(f plan.WindowFunc, p *partition) ([]any, error) {
	out := make([]any, len(p.rows))
	v, err := env.Eval.Eval(f.Args[0], p.rows[0])
	if err != nil || v == nil {
		return out, err
	}
	buckets, _ := v.(int64)
	if buckets <= 0 {
		return nil, pgerror.New(pgerror.InvalidArgumentForNtile, "argument of ntile must be greater than zero")
	}
	n := int64(len(p.rows))
	per, extra := n/buckets, n%buckets
	b, left := int64(1), per
	if extra > 0 {
		left++
	}
	for i := range out {
		if left == 0 {
			b++
			left = per
			if b <= extra {
				left++
			}
		}
		out[i] = b
		left--
	}
	return out, nil
}

// lagLead computes lag or lead: Args are the value, the offset (1 when
// absent) and the default.
func (env *Env) lagLead(f plan.WindowFunc, p *partition) ([]any, error) {
	out := make([]any, len(p.rows))
	for i, row := range p.rows {
		off := int64(1)
		if len(f.Args) > 1 {
			v, err := env.Eval.Eval(f.Args[1], row)
			if err != nil {
				return nil, err
			}
			if v == nil {
				continue
			}
			off, _ = v.(int64)
		}
		if f.Name == "lag" {
			off = -off
		}
		j := int64(i) + off
		var err error
		switch {
		case j >= 0 && j < int64(len(p.rows)):
			out[i], err = env.Eval.Eval(f.Args[0], p.rows[j])
		case len(f.Args) > 2:
			out[i], err = env.Eval.Eval(f.Args[2], row)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// frameValue computes first_value, last_value or nth_value over each
// row's frame.
func (env *Env) frameValue(f plan.WindowFunc, p *partition, fr *framer) ([]any, error) {
	out := make([]any, len(p.rows))
	for i, row := range p.rows {
		spans, err := fr.spans(i)
		if err != nil {
			return nil, err
		}
		pos := int64(1)
		switch f.Name {
		case "nth_value":
			v, err := env.Eval.Eval(f.Args[1], row)
			if err != nil {
				return nil, err
			}
			if v == nil {
				continue
			}
			if pos, _ = v.(int64); pos <= 0 {
				return nil, pgerror.New(pgerror.InvalidArgumentForNthValue, "argument of nth_value must be greater than zero")
			}
		case "last_value":
			pos = int64(spanRows(spans))
		}
		if j, ok := nthRow(spans, pos); ok {
			if out[i], err = env.Eval.Eval(f.Args[0], p.rows[j]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// spanRows is the number of rows in spans.
func spanRows(spans []span) int {
	n := 0
	for _, s := range spans {
		n += s.to - s.from
	}
	return n
}

// nthRow is the pos-th row (from 1) of spans; false past their end.
func nthRow(spans []span, pos int64) (int, bool) {
	for _, s := range spans {
		if pos >= 1 && pos <= int64(s.to-s.from) {
			return s.from + int(pos) - 1, true
		}
		pos -= int64(s.to - s.from)
	}
	return 0, false
}

// windowAggregate computes aggregate function fi over each row's frame.
// Without exclusion a frame whose head stays and whose tail does not go
// back extends the previous row's accumulator (the default frame and
// ROWS UNBOUNDED PRECEDING add each row once); otherwise the frame is
// aggregated afresh, as PostgreSQL does for an aggregate without an
// inverse transition function. Rows with the same frame share the value.
func (env *Env) windowAggregate(n *plan.Window, fi int, p *partition, fr *framer) ([]any, error) {
	out := make([]any, len(p.rows))
	var acc Accumulator
	accS, accE := 0, 0 // the rows acc holds: [accS, accE)
	var last any
	lastOK := false
	for i := range p.rows {
		if err := env.check(); err != nil { // a frame per row may be long work
			return nil, err
		}
		spans, err := fr.spans(i)
		if err != nil {
			return nil, err
		}
		if n.Frame.Exclude == plan.ExcludeNoOthers && acc != nil && len(spans) <= 1 {
			s, e := accS, accS
			if len(spans) == 1 {
				s, e = spans[0].from, spans[0].to
			}
			if s == accS && e >= accE {
				if e == accE && lastOK {
					out[i] = last
					continue
				}
				if err := env.addRows(acc, p, accE, e); err != nil {
					return nil, err
				}
				accE = e
				if last, err = acc.Result(); err != nil {
					return nil, err
				}
				out[i], lastOK = last, true
				continue
			}
		}
		release(acc)
		if acc, err = env.Eval.WindowAccumulator(n, fi); err != nil {
			return nil, err
		}
		accS, accE = 0, 0
		for k, s := range spans {
			if k == 0 {
				accS, accE = s.from, s.from
			}
			if err := env.addRows(acc, p, s.from, s.to); err != nil {
				return nil, err
			}
			accE = s.to
		}
		if last, err = acc.Result(); err != nil {
			return nil, err
		}
		out[i], lastOK = last, true
	}
	release(acc)
	return out, nil
}

// release gives back what acc holds when it is a Releaser.
func release(acc Accumulator) {
	if r, ok := acc.(Releaser); ok {
		r.Release()
	}
}

// addRows adds p's rows [from, to) to acc.
func (env *Env) addRows(acc Accumulator, p *partition, from, to int) error {
	for j := from; j < to; j++ {
		if err := acc.Add(p.rows[j]); err != nil {
			return err
		}
	}
	return nil
}
