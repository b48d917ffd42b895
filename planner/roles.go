package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/catalog/password"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Role statements run without the catalog lock: roles have their own
// (catalog/roles.go). They are logged when they run, like other DDL, and
// undone (logged again) if the transaction rolls back (catalog/undo.go).
// Who may run them follows PostgreSQL 15 (src/backend/commands/user.c):
// superuser roles and the SUPERUSER attribute are for superusers only;
// other roles need CREATEROLE; any role may change its own password.

func (b *binder) planCreateRole(x *sql.CreateRole) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		if err := ex.s.mayCreateRole(x.Options); err != nil {
			return nil, err
		}
		r := catalog.Role{Name: x.Name, Login: x.User}
		res := &backend.Result{Tag: "CREATE ROLE"}
		if err := applyRoleOptions(&r, x.Options, res); err != nil {
			return nil, err
		}
		if err := ex.s.cat.CreateRoleIn(ex.s.ddlTxn(), r); err != nil {
			return nil, err
		}
		return res, nil
	}}
}

// mayCreateRole is CREATE ROLE's permission check.
func (s *Session) mayCreateRole(o sql.RoleOptions) error {
	if o.Superuser != nil && *o.Superuser {
		if !s.cat.IsSuperuser(s.user()) {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to create superusers")
		}
		return nil
	}
	if !s.canManageRoles() {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to create role")
	}
	return nil
}

func (b *binder) planAlterRole(x *sql.AlterRole) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		name := x.Name
		if x.CurrentUser {
			name = ex.s.user()
		}
		res := &backend.Result{Tag: "ALTER ROLE"}
		// The session's attributes are read first: the change function
		// runs with the role lock held.
		me, _ := ex.s.cat.Role(ex.s.user())
		err := ex.s.cat.AlterRoleIn(ex.s.ddlTxn(), name, func(r *catalog.Role) error {
			if err := mayAlterRole(me, *r, x.Options); err != nil {
				return err
			}
			return applyRoleOptions(r, x.Options, res)
		})
		if err != nil {
			return nil, err
		}
		return res, nil
	}}
}

// mayAlterRole is ALTER ROLE's permission check for the session's role me
// on the role r as it is now (PostgreSQL 15's AlterRole). The bootstrap
// superuser keeps SUPERUSER, as PostgreSQL 16 enforces: without it nobody
// could manage roles again.
func mayAlterRole(me, r catalog.Role, o sql.RoleOptions) error {
	if r.Superuser || o.Superuser != nil {
		if !me.Superuser {
			return pgerror.New(pgerror.InsufficientPrivilege,
				"must be superuser to alter superuser roles or change superuser attribute")
		}
		if r.Name == catalog.BootstrapSuperuser && o.Superuser != nil && !*o.Superuser {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to alter role").
				WithDetail("The bootstrap user must have the SUPERUSER attribute.")
		}
		return nil
	}
	if me.Superuser || me.CreateRole {
		return nil
	}
	onlyPassword := o.Login == nil && o.CreateRole == nil && o.CreateDB == nil &&
		(o.Password != nil || o.PasswordNull)
	if !onlyPassword || me.Name == "" || r.Name != me.Name {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied")
	}
	return nil
}

// planDropRole checks every name before dropping any, so a failing
// statement drops nothing.
func (b *binder) planDropRole(x *sql.DropRole) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		s, cat := ex.s, ex.s.cat
		if !s.canManageRoles() {
			return nil, pgerror.New(pgerror.InsufficientPrivilege, "permission denied to drop role")
		}
		res := &backend.Result{Tag: "DROP ROLE"}
		var drop []string
		for _, name := range x.Names {
			r, ok := cat.Role(name)
			if !ok {
				if !x.IfExists {
					return nil, pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", name)
				}
				res.Notices = append(res.Notices, notice("00000", "role \""+name+"\" does not exist, skipping"))
				continue
			}
			if name == s.user() {
				return nil, pgerror.New(pgerror.ObjectInUse, "current user cannot be dropped")
			}
			if r.Superuser && !cat.IsSuperuser(s.user()) {
				return nil, pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to drop superusers")
			}
			if err := cat.CheckDropRole(name); err != nil {
				return nil, err
			}
			drop = append(drop, name)
		}
		for _, name := range drop {
			if err := cat.DropRoleIn(s.ddlTxn(), name); err != nil {
				return nil, err
			}
		}
		return res, nil
	}}
}

// applyRoleOptions sets r's attributes from o, hashing a password into a
// verifier (password.Encrypt: SCRAM-SHA-256 unless already a
// verifier). An empty password clears it with PostgreSQL's notice.
func applyRoleOptions(r *catalog.Role, o sql.RoleOptions, res *backend.Result) error {
	for _, f := range []struct {
		opt *bool
		dst *bool
	}{{o.Login, &r.Login}, {o.Superuser, &r.Superuser}, {o.CreateRole, &r.CreateRole}, {o.CreateDB, &r.CreateDB}} {
		if f.opt != nil {
			*f.dst = *f.opt
		}
	}
	switch {
	case o.PasswordNull:
		r.Verifier = ""
	case o.Password != nil && *o.Password == "":
		r.Verifier = ""
		res.Notices = append(res.Notices, notice("00000", "empty string is not a valid password, clearing password"))
	case o.Password != nil:
		v, err := password.Encrypt(*o.Password)
		if err != nil {
			return pgerror.Internal(err)
		}
		r.Verifier = v
	}
	return nil
}
