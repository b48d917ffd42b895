-- A parameter below the highest one used that the statement never reads and no type names is 42P18, as
-- PostgreSQL's check_variable_parameters; one read with no context is text. Also run against PostgreSQL 15.
PREPARE p AS SELECT $1;
EXECUTE p('x');
PREPARE q AS SELECT $2;
PREPARE r AS SELECT $2::int;
PREPARE s AS SELECT 1 WHERE $1 = 'a';
EXECUTE s('a');
PREPARE t(int, text) AS SELECT $2;
EXECUTE t(1, 'y');
PREPARE u AS SELECT $2::int, $1::int;
EXECUTE u(1, 2);
