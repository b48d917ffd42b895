package backend

import (
	"time"

	"github.com/vecgres/vecgres/sql/types"
)

// ConnSettings is implemented by sessions whose settings govern what wire
// does around their statements; wire asks for it with a type assertion,
// and a session without it has none of these behaviours.
type ConnSettings interface {
	// IdleInTransactionTimeout is idle_in_transaction_session_timeout:
	// how long the client may leave an open transaction block without
	// sending a message before the connection ends with FATAL 25P03;
	// 0 = never.
	IdleInTransactionTimeout() time.Duration
	// LogMinDuration is log_min_duration_statement: statements that run
	// at least this long are logged with their duration; negative = none,
	// 0 = every statement.
	LogMinDuration() time.Duration
}

// OutputSettings is implemented by sessions whose settings change the
// text form of values (extra_float_digits, bytea_output): wire asks before
// each statement runs and writes its text values, COPY TO's included, in
// that style. A session without it has PostgreSQL's default output.
type OutputSettings interface {
	TextStyle() types.TextStyle
}
