package planner

import (
	"context"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// DEALLOCATE and DISCARD ALL. Prepared statements and portals belong to
// wire, so these plans only say what to drop (backend.Result.Deallocate) and
// wire drops it after the statement (26000 for a missing name there).

// planDeallocate plans DEALLOCATE [PREPARE] name | ALL: tag "DEALLOCATE"
// or "DEALLOCATE ALL". A statement of PREPARE is dropped here; any other
// name goes to wire.
func (b *binder) planDeallocate(x *sql.Deallocate) plan {
	return &funcPlan{fn: func(_ context.Context, e *execCtx) (*backend.Result, error) {
		tag := "DEALLOCATE"
		if x.All {
			tag = "DEALLOCATE ALL"
			clear(e.s.sqlStmts)
		} else if _, ok := e.s.sqlStmts[x.Name]; ok {
			delete(e.s.sqlStmts, x.Name) // a PREPARE statement (prepared_sql.go)
			return &backend.Result{Tag: tag}, nil
		}
		return &backend.Result{Tag: tag, Deallocate: &backend.Deallocation{Name: x.Name, All: x.All}}, nil
	}}
}

// planDiscard plans DISCARD ALL (refused in a transaction block or a
// pipeline before it runs, 25001: its blockOnly trait, stmt_traits.go):
// RESET ALL, with a ParameterStatus for each reported setting it changes
// back, and every prepared statement and portal dropped by wire; every
// SQL cursor closed; the session's temporary tables dropped.
func (b *binder) planDiscard(*sql.Discard) plan {
	return &funcPlan{fn: func(_ context.Context, x *execCtx) (*backend.Result, error) {
		s := x.s
		status := map[string]string{}
		for name := range s.settings.values {
			if def, ok := knownSettings[name]; ok && def.report {
				v, _ := s.settings.defaultOf(name)
				res := settingResult("RESET", name, v, true)
				for k, v := range res.ParamStatus {
					status[k] = v
				}
			}
		}
		if _, err := s.settings.reset("all"); err != nil {
			return nil, err
		}
		clear(s.cursors)
		clear(s.sqlStmts)
		s.dropTempSchema() // temp.go
		res := &backend.Result{Tag: "DISCARD ALL", Deallocate: &backend.Deallocation{All: true, Portals: true}}
		if len(status) > 0 {
			res.ParamStatus = status
		}
		return res, nil
	}}
}
