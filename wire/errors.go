package wire

import (
	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/wire/backend"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// errorResponse maps e to ErrorResponse fields (docs §55.8): S and V
// severity, C code, M message, D detail, H hint, P position (1-based
// characters), W context, s/t/c/n schema, table, column and constraint.
// A missing severity is ERROR.
func errorResponse(e *pgerror.Error) *pgproto3.ErrorResponse {
	sev := string(e.Severity)
	if sev == "" {
		sev = string(pgerror.SeverityError)
	}
	code := string(e.Code)
	if code == "" {
		code = string(pgerror.InternalError)
	}
	return &pgproto3.ErrorResponse{
		Severity:            sev,
		SeverityUnlocalized: sev,
		Code:                code,
		Message:             e.Message,
		Detail:              e.Detail,
		Hint:                e.Hint,
		Position:            int32(e.Position),
		Where:               e.Context,
		SchemaName:          e.Schema,
		TableName:           e.Table,
		ColumnName:          e.Column,
		ConstraintName:      e.Constraint,
	}
}

// noticeResponse maps a Notice (default severity NOTICE, code 00000).
func noticeResponse(n backend.Notice) *pgproto3.NoticeResponse {
	sev := n.Severity
	if sev == "" {
		sev = "NOTICE"
	}
	code := n.Code
	if code == "" {
		code = string(pgerror.SuccessfulCompletion)
	}
	return &pgproto3.NoticeResponse{
		Severity:            sev,
		SeverityUnlocalized: sev,
		Code:                code,
		Message:             n.Message,
		Detail:              n.Detail,
	}
}
