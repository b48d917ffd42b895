package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire"
)

// Role statements run without the catalog lock: roles have their own
// (catalog/roles.go). They are logged when they run, like other DDL.

func (b *binder) planCreateRole(x *sql.CreateRole) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*wire.Result, error) {
		r := catalog.Role{Name: x.Name, Login: x.User}
		res := &wire.Result{Tag: "CREATE ROLE"}
		if err := applyRoleOptions(&r, x.Options, res); err != nil {
			return nil, err
		}
		if err := ex.s.cat.CreateRole(r); err != nil {
			return nil, err
		}
		return res, nil
	}}
}

func (b *binder) planAlterRole(x *sql.AlterRole) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*wire.Result, error) {
		name := x.Name
		if x.CurrentUser {
			name = ex.s.startup["user"]
		}
		res := &wire.Result{Tag: "ALTER ROLE"}
		err := ex.s.cat.AlterRole(name, func(r *catalog.Role) error { return applyRoleOptions(r, x.Options, res) })
		if err != nil {
			return nil, err
		}
		return res, nil
	}}
}

// planDropRole checks every name before dropping any, so a failing
// statement drops nothing.
func (b *binder) planDropRole(x *sql.DropRole) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*wire.Result, error) {
		cat := ex.s.cat
		res := &wire.Result{Tag: "DROP ROLE"}
		var drop []string
		for _, name := range x.Names {
			if _, ok := cat.Role(name); !ok {
				if !x.IfExists {
					return nil, pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", name)
				}
				res.Notices = append(res.Notices, notice("00000", "role \""+name+"\" does not exist, skipping"))
				continue
			}
			if name == ex.s.startup["user"] {
				return nil, pgerror.New(pgerror.ObjectInUse, "current user cannot be dropped")
			}
			drop = append(drop, name)
		}
		for _, name := range drop {
			if err := cat.DropRole(name); err != nil {
				return nil, err
			}
		}
		return res, nil
	}}
}

// applyRoleOptions sets r's attributes from o, hashing a password into a
// verifier (wire.EncryptPassword: SCRAM-SHA-256 unless already a
// verifier). An empty password clears it with PostgreSQL's notice.
func applyRoleOptions(r *catalog.Role, o sql.RoleOptions, res *wire.Result) error {
	if o.Login != nil {
		r.Login = *o.Login
	}
	if o.Superuser != nil {
		r.Superuser = *o.Superuser
	}
	switch {
	case o.PasswordNull:
		r.Verifier = ""
	case o.Password != nil && *o.Password == "":
		r.Verifier = ""
		res.Notices = append(res.Notices, notice("00000", "empty string is not a valid password, clearing password"))
	case o.Password != nil:
		v, err := wire.EncryptPassword(*o.Password)
		if err != nil {
			return pgerror.Internal(err)
		}
		r.Verifier = v
	}
	return nil
}
