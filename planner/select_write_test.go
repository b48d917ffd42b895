package planner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// collectWriter is a backend.ResultWriter keeping what it is given; with
// discard it only counts.
type collectWriter struct {
	discard bool
	begins  int
	cols    []backend.Column
	rows    [][]any
	copy    *backend.CopyInfo
	data    bytes.Buffer
	n       int // rows or payloads written
}

func (w *collectWriter) Begin(cols []backend.Column) error {
	w.begins++
	w.cols = cols
	return nil
}

func (w *collectWriter) WriteRow(row []any) error {
	if w.begins != 1 {
		return fmt.Errorf("WriteRow after %d calls of Begin", w.begins)
	}
	w.n++
	if !w.discard {
		w.rows = append(w.rows, row)
	}
	return nil
}

func (w *collectWriter) BeginCopy(info backend.CopyInfo) error {
	w.begins++
	w.copy = &info
	return nil
}

func (w *collectWriter) WriteCopy(data []byte) error {
	if w.begins != 1 {
		return fmt.Errorf("WriteCopy after %d calls of BeginCopy", w.begins)
	}
	w.n++
	if !w.discard {
		w.data.Write(data)
	}
	return nil
}

// runBoth runs query through Execute and through ExecuteTo into a
// collectWriter; it returns both results and errors.
func runBoth(t *testing.T, s *Session, query string) (mat, str *backend.Result, w *collectWriter, matErr, strErr error) {
	t.Helper()
	w = &collectWriter{}
	for i := range 2 {
		ps, err := s.Split(query)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		if i == 0 {
			mat, matErr = s.Execute(context.Background(), ps[0], nil)
		} else {
			str, strErr = s.ExecuteTo(context.Background(), ps[0], nil, w)
		}
		if err := s.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	return mat, str, w, matErr, strErr
}

// TestStreamedMatchesExecute: every kind of query answers the same rows,
// columns, tag and COPY payloads through ExecuteTo (streamed, or its
// materialised result written out) as through Execute, and fails with the
// same error; Begin or BeginCopy is called once. The queries' answers
// (all but COPY's) are pinned: what the materialised path before
// planner/exec answered.
func TestStreamedMatchesExecute(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE sw (id int PRIMARY KEY, k int, t text, v vector(2))")
	exec(t, s, "INSERT INTO sw SELECT g, g % 5, CASE WHEN g % 4 = 0 THEN NULL ELSE 't' || g END, ('[' || g || ',1]')::vector FROM generate_series(1, 60) g")
	exec(t, s, "CREATE INDEX sw_k ON sw (k)")
	exec(t, s, "CREATE INDEX sw_v ON sw USING hnsw (v vector_l2_ops)")
	for _, c := range []struct{ q, want string }{
		{"SELECT * FROM sw", "SELECT 60 [[1 1 t1 [1 1]] [2 2 t2 [2 1]] [3 3 t3 [3 1]] [4 4 <nil> [4 1]] [5 0 t5 [5 1]] [6 1 t6 [6 1]] [7 2 t7 [7 1]] [8 3 <nil> [8 1]] [9 4 t9 [9 1]] [10 0 t10 [10 1]] [11 1 t11 [11 1]] [12 2 <nil> [12 1]] [13 3 t13 [13 1]] [14 4 t14 [14 1]] [15 0 t15 [15 1]] [16 1 <nil> [16 1]] [17 2 t17 [17 1]] [18 3 t18 [18 1]] [19 4 t19 [19 1]] [20 0 <nil> [20 1]] [21 1 t21 [21 1]] [22 2 t22 [22 1]] [23 3 t23 [23 1]] [24 4 <nil> [24 1]] [25 0 t25 [25 1]] [26 1 t26 [26 1]] [27 2 t27 [27 1]] [28 3 <nil> [28 1]] [29 4 t29 [29 1]] [30 0 t30 [30 1]] [31 1 t31 [31 1]] [32 2 <nil> [32 1]] [33 3 t33 [33 1]] [34 4 t34 [34 1]] [35 0 t35 [35 1]] [36 1 <nil> [36 1]] [37 2 t37 [37 1]] [38 3 t38 [38 1]] [39 4 t39 [39 1]] [40 0 <nil> [40 1]] [41 1 t41 [41 1]] [42 2 t42 [42 1]] [43 3 t43 [43 1]] [44 4 <nil> [44 1]] [45 0 t45 [45 1]] [46 1 t46 [46 1]] [47 2 t47 [47 1]] [48 3 <nil> [48 1]] [49 4 t49 [49 1]] [50 0 t50 [50 1]] [51 1 t51 [51 1]] [52 2 <nil> [52 1]] [53 3 t53 [53 1]] [54 4 t54 [54 1]] [55 0 t55 [55 1]] [56 1 <nil> [56 1]] [57 2 t57 [57 1]] [58 3 t58 [58 1]] [59 4 t59 [59 1]] [60 0 <nil> [60 1]]]"},
		{"SELECT id, t FROM sw WHERE k = 2 LIMIT 3 OFFSET 2", "SELECT 3 [[12 <nil>] [17 t17] [22 t22]]"},
		{"SELECT id FROM sw WHERE id > 50 OFFSET 100", "SELECT 0 []"},
		{"SELECT id FROM sw LIMIT 0", "SELECT 0 []"},
		{"SELECT id * 2, upper(t) FROM sw WHERE t IS NULL", "SELECT 15 [[8 <nil>] [16 <nil>] [24 <nil>] [32 <nil>] [40 <nil>] [48 <nil>] [56 <nil>] [64 <nil>] [72 <nil>] [80 <nil>] [88 <nil>] [96 <nil>] [104 <nil>] [112 <nil>] [120 <nil>]]"},
		{"SELECT g, g::text FROM generate_series(1, 10) g WHERE g % 2 = 1 LIMIT 3", "SELECT 3 [[1 1] [3 3] [5 5]]"},
		{"SELECT id FROM sw ORDER BY t DESC NULLS LAST, id LIMIT 5", "SELECT 5 [[9] [7] [6] [59] [58]]"},
		{"SELECT k, count(*) FROM sw GROUP BY k ORDER BY k", "SELECT 5 [[0 12] [1 12] [2 12] [3 12] [4 12]]"},
		{"SELECT count(*) FROM sw", "SELECT 1 [[60]]"},
		{"SELECT DISTINCT k FROM sw ORDER BY k", "SELECT 5 [[0] [1] [2] [3] [4]]"},
		{"SELECT id FROM sw ORDER BY v <-> '[3,1]' LIMIT 3", "SELECT 3 [[3] [2] [4]]"},
		{"SELECT x.id FROM (SELECT id FROM sw WHERE k = 1) x WHERE x.id > 20", "SELECT 8 [[21] [26] [31] [36] [41] [46] [51] [56]]"},
		{"SELECT 1, 'a'", "SELECT 1 [[1 a]]"},
		{"SELECT id FROM sw WHERE id < 3 UNION ALL SELECT k FROM sw WHERE id > 58", "SELECT 4 [[1] [2] [4] [0]]"},
		{"SELECT id FROM sw WHERE id < 5 UNION ALL SELECT g FROM generate_series(1, 5) g LIMIT 6 OFFSET 2", "SELECT 6 [[3] [4] [1] [2] [3] [4]]"},
		{"SELECT id::numeric FROM sw WHERE id < 3 UNION ALL SELECT 2.5", "SELECT 3 [[1] [2] [2.5]]"},
		{"SELECT k FROM sw UNION SELECT 7 ORDER BY 1", "SELECT 6 [[0] [1] [2] [3] [4] [7]]"},
		{"SELECT id FROM sw WHERE id < 4 UNION ALL SELECT id FROM sw WHERE id > 57 ORDER BY 1 DESC", "SELECT 6 [[60] [59] [58] [3] [2] [1]]"},
		{"SELECT 10 / (3 - g) FROM generate_series(1, 5) g", "ERROR 22012: division by zero"},
		{"SELECT id FROM sw WHERE 1 / (id - 30) > 0", "ERROR 22012: division by zero"},
		{"COPY sw TO STDOUT", ""},
		{"COPY sw (id, t) TO STDOUT (FORMAT csv, HEADER)", ""},
		{"COPY sw TO STDOUT (FORMAT binary)", ""},
		{"COPY (SELECT id, t FROM sw WHERE k = 3) TO STDOUT (FORMAT csv, HEADER)", ""},
		{"COPY (SELECT id, v FROM sw ORDER BY id DESC LIMIT 4) TO STDOUT (FORMAT binary)", ""},
		{"COPY (SELECT id FROM sw WHERE id < 3 UNION ALL SELECT 0) TO STDOUT", ""},
		{"COPY (SELECT 1 / (id - 30) FROM sw) TO STDOUT", "ERROR 22012: division by zero"},
	} {
		q := c.q
		mat, str, w, matErr, strErr := runBoth(t, s, q)
		if got := answerOf(mat, matErr); c.want != "" && got != c.want {
			t.Errorf("%s: Execute answered %s, want %s", q, got, c.want)
		}
		if matErr != nil || strErr != nil {
			if pgerror.CodeOf(matErr) != pgerror.CodeOf(strErr) || matErr == nil || strErr == nil ||
				matErr.Error() != strErr.Error() {
				t.Errorf("%s: Execute error %v, ExecuteTo error %v", q, matErr, strErr)
			}
			continue
		}
		if w.begins != 1 {
			t.Errorf("%s: %d calls of Begin/BeginCopy, want 1", q, w.begins)
		}
		if str.Tag != mat.Tag || len(str.Rows) != 0 || len(str.CopyData) != 0 {
			t.Errorf("%s: ExecuteTo tag %q with %d rows, %d payloads; Execute tag %q", q, str.Tag, len(str.Rows), len(str.CopyData), mat.Tag)
		}
		if mat.CopyOut != nil {
			if w.copy == nil || *w.copy != *mat.CopyOut || str.CopyOut == nil || *str.CopyOut != *mat.CopyOut ||
				!bytes.Equal(w.data.Bytes(), bytes.Join(mat.CopyData, nil)) {
				t.Errorf("%s: streamed COPY %+v %q, materialised %+v %q", q, w.copy, w.data.Bytes(), mat.CopyOut, bytes.Join(mat.CopyData, nil))
			}
			continue
		}
		if fmt.Sprint(w.cols) != fmt.Sprint(mat.Columns) || fmt.Sprint(str.Columns) != fmt.Sprint(mat.Columns) ||
			fmt.Sprint(w.rows) != fmt.Sprint(mat.Rows) {
			t.Errorf("%s:\nstreamed     %v %v\nmaterialised %v %v", q, w.cols, w.rows, mat.Columns, mat.Rows)
		}
	}
}

// TestStreamedHoldsNoRows: under vecgres.work_mem_limit = '1MB', queries
// whose rows Execute holds (and refuses with 53200) stream through
// ExecuteTo without holding them: a sequential scan, generate_series, large
// result rows, UNION ALL, COPY of a table and of a query.
func TestStreamedHoldsNoRows(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE big (id int PRIMARY KEY, t text)")
	exec(t, s, "INSERT INTO big SELECT g, 'x' FROM generate_series(1, 30000) g")
	exec(t, s, "SET vecgres.work_mem_limit = '1MB'")
	for _, c := range []struct {
		q string
		n int
	}{
		{"SELECT id, t FROM big", 30000},
		{"SELECT g FROM generate_series(1, 40000) g", 40000},
		{"SELECT repeat('x', 100000) FROM generate_series(1, 40)", 40},
		{"SELECT id FROM big UNION ALL SELECT g FROM generate_series(1, 30000) g", 60000},
		{"COPY (SELECT repeat('x', 1000) FROM generate_series(1, 2000)) TO STDOUT", 2000},
		{"COPY (SELECT id FROM big UNION ALL SELECT id FROM big) TO STDOUT", 60000},
	} {
		ps, err := s.Split(c.q)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Execute(context.Background(), ps[0], nil)
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != "53200" {
			t.Errorf("%s: Execute gave %v, want 53200", c.q, err)
		}
		s.Fail()
		s.Sync()
		w := &collectWriter{discard: true}
		if _, err := s.ExecuteTo(context.Background(), ps[0], nil, w); err != nil || w.n != c.n {
			t.Errorf("%s: ExecuteTo wrote %d, %v; want %d rows", c.q, w.n, err, c.n)
		}
		if err := s.Sync(); err != nil {
			t.Fatal(err)
		}
	}
}
