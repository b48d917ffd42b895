package main

import (
	"flag"
	"fmt"
	"strconv"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/sql"
)

// maxStatementMemMiB bounds --statement-mem-limit: 1 TiB.
const maxStatementMemMiB = 1 << 20

// statementMemFlag registers the statement memory flags on fs:
// --statement-mem-limit, which sets vecgres.statement_mem_limit
// (sql.SetStatementMemLimit) in MiB, and --work-mem-limit (workMemFlag).
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
	workMemFlag(fs)
}

// maxWorkMemMiB bounds --work-mem-limit: vecgres.work_mem_limit's largest
// value (memacct.MaxLimitKB), in whole MiB.
const maxWorkMemMiB = memacct.MaxLimitKB >> 10

// workMemFlag registers --work-mem-limit on fs: the server's default, in
// MiB, of vecgres.work_mem_limit, the most memory the rows of one
// statement's execution may hold (planner/memacct); sessions may SET it.
func workMemFlag(fs *flag.FlagSet) {
	usage := fmt.Sprintf("default, in MiB, of vecgres.work_mem_limit: the most memory one statement's rows may hold; "+
		"past it the statement fails with 53200 (default %d)", memacct.DefaultLimitKB>>10)
	fs.Func("work-mem-limit", usage, func(v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > maxWorkMemMiB {
			return fmt.Errorf("must be a whole number of MiB from 1 to %d", maxWorkMemMiB)
		}
		memacct.SetServerDefaultKB(n << 10)
		return nil
	})
}
