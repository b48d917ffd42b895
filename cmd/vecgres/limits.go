package main

import (
	"flag"
	"fmt"
	"strconv"

	"github.com/vecgres/vecgres/sql"
)

// maxStatementMemMiB bounds --statement-mem-limit: 1 TiB.
const maxStatementMemMiB = 1 << 20

// statementMemFlag registers --statement-mem-limit on fs, which sets
// vecgres.statement_mem_limit (sql.SetStatementMemLimit) in MiB.
func statementMemFlag(fs *flag.FlagSet) {
	usage := fmt.Sprintf("most memory, in MiB, the parsing of one query string may take; a larger one fails with 54000 (default %d)",
		sql.DefaultStatementMemLimit>>20)
	fs.Func("statement-mem-limit", usage, func(v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > maxStatementMemMiB {
			return fmt.Errorf("must be a whole number of MiB from 1 to %d", maxStatementMemMiB)
		}
		sql.SetStatementMemLimit(n << 20)
		return nil
	})
}
