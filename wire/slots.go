package wire

import "github.com/vecgres/vecgres/sql/pgerror"

// slotError says whether a connection of role user may take a slot when
// used connections hold one, as PostgreSQL 15 decides (proc.c InitProcess,
// postinit.c InitPostgres): none is left past MaxConns (53300 "sorry, too
// many clients already"), and the last SuperuserReserved slots are for
// superusers only (53300 "remaining connection slots are reserved for
// non-replication superuser connections"). nil: admitted; MaxConns 0
// admits everyone.
func (s *Server) slotError(used int, user string) *pgerror.Error {
	if s.MaxConns <= 0 {
		return nil
	}
	if used >= s.MaxConns {
		return pgerror.New(pgerror.TooManyConnections, "sorry, too many clients already")
	}
	if s.SuperuserReserved > 0 && used >= s.MaxConns-s.SuperuserReserved && !s.superuser(user) {
		return pgerror.New(pgerror.TooManyConnections,
			"remaining connection slots are reserved for non-replication superuser connections")
	}
	return nil
}

// superuser reports whether role is a superuser (Server.IsSuperuser).
func (s *Server) superuser(role string) bool {
	return s.IsSuperuser != nil && s.IsSuperuser(role)
}
