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
			s.tracedReference = true // the reference: runTraced, not planner/exec
			mat, matErr = s.Execute(context.Background(), ps[0], nil)
			s.tracedReference = false
		} else {
			str, strErr = s.ExecuteTo(context.Background(), ps[0], nil, w)
		}
		if err := s.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	return mat, str, w, matErr, strErr
}

// TestStreamedMatchesMaterialised: every kind of query answers the same
// rows, columns, tag and COPY payloads through ExecuteTo (streamed, or its
// materialised result written out) as through Execute, and fails with the
// same error; Begin or BeginCopy is called once.
func TestStreamedMatchesMaterialised(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE sw (id int PRIMARY KEY, k int, t text, v vector(2))")
	exec(t, s, "INSERT INTO sw SELECT g, g % 5, CASE WHEN g % 4 = 0 THEN NULL ELSE 't' || g END, ('[' || g || ',1]')::vector FROM generate_series(1, 60) g")
	exec(t, s, "CREATE INDEX sw_k ON sw (k)")
	exec(t, s, "CREATE INDEX sw_v ON sw USING hnsw (v vector_l2_ops)")
	for _, q := range []string{
		"SELECT * FROM sw",
		"SELECT id, t FROM sw WHERE k = 2 LIMIT 3 OFFSET 2",
		"SELECT id FROM sw WHERE id > 50 OFFSET 100",
		"SELECT id FROM sw LIMIT 0",
		"SELECT id * 2, upper(t) FROM sw WHERE t IS NULL",
		"SELECT g, g::text FROM generate_series(1, 10) g WHERE g % 2 = 1 LIMIT 3",
		"SELECT id FROM sw ORDER BY t DESC NULLS LAST, id LIMIT 5",
		"SELECT k, count(*) FROM sw GROUP BY k ORDER BY k",
		"SELECT count(*) FROM sw",
		"SELECT DISTINCT k FROM sw ORDER BY k",
		"SELECT id FROM sw ORDER BY v <-> '[3,1]' LIMIT 3",
		"SELECT x.id FROM (SELECT id FROM sw WHERE k = 1) x WHERE x.id > 20",
		"SELECT 1, 'a'",
		"SELECT id FROM sw WHERE id < 3 UNION ALL SELECT k FROM sw WHERE id > 58",
		"SELECT id FROM sw WHERE id < 5 UNION ALL SELECT g FROM generate_series(1, 5) g LIMIT 6 OFFSET 2",
		"SELECT id::numeric FROM sw WHERE id < 3 UNION ALL SELECT 2.5",
		"SELECT k FROM sw UNION SELECT 7 ORDER BY 1",
		"SELECT id FROM sw WHERE id < 4 UNION ALL SELECT id FROM sw WHERE id > 57 ORDER BY 1 DESC",
		"SELECT 10 / (3 - g) FROM generate_series(1, 5) g",
		"SELECT id FROM sw WHERE 1 / (id - 30) > 0",
		"COPY sw TO STDOUT",
		"COPY sw (id, t) TO STDOUT (FORMAT csv, HEADER)",
		"COPY sw TO STDOUT (FORMAT binary)",
		"COPY (SELECT id, t FROM sw WHERE k = 3) TO STDOUT (FORMAT csv, HEADER)",
		"COPY (SELECT id, v FROM sw ORDER BY id DESC LIMIT 4) TO STDOUT (FORMAT binary)",
		"COPY (SELECT id FROM sw WHERE id < 3 UNION ALL SELECT 0) TO STDOUT",
		"COPY (SELECT 1 / (id - 30) FROM sw) TO STDOUT",
	} {
		mat, str, w, matErr, strErr := runBoth(t, s, q)
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
