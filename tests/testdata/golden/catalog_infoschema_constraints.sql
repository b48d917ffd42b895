-- information_schema's constraint views over UNIQUE, CHECK and FOREIGN KEY
-- constraints (checked against PostgreSQL 15).
CREATE TABLE p (id int PRIMARY KEY, code text UNIQUE, a int, b int, UNIQUE (a, b));
CREATE TABLE c (id int PRIMARY KEY, pid int REFERENCES p ON DELETE CASCADE, pcode text,
  qa int, qb int, n int CHECK (n > 0),
  CONSTRAINT c_code_fk FOREIGN KEY (pcode) REFERENCES p (code) ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (qb, qa) REFERENCES p (b, a));
SELECT constraint_name, table_name, constraint_type, is_deferrable, initially_deferred, enforced, nulls_distinct
FROM information_schema.table_constraints WHERE table_name IN ('p', 'c') AND constraint_type <> 'CHECK' OR constraint_name = 'c_n_check'
ORDER BY table_name, constraint_name;
SELECT constraint_name, table_name, column_name, ordinal_position, position_in_unique_constraint
FROM information_schema.key_column_usage WHERE table_name IN ('p', 'c') ORDER BY table_name, constraint_name, ordinal_position;
SELECT constraint_name, unique_constraint_name, match_option, update_rule, delete_rule
FROM information_schema.referential_constraints ORDER BY constraint_name;
SELECT table_name, column_name, constraint_name FROM information_schema.constraint_column_usage
WHERE table_name IN ('p', 'c') ORDER BY constraint_name, table_name, column_name;
SELECT constraint_name, check_clause FROM information_schema.check_constraints WHERE constraint_name = 'c_n_check';
