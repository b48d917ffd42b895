-- a PostgreSQL 15 function or type vecgres lacks is 0A000 naming it; a name PostgreSQL lacks too, and wrong argument types of a function vecgres has, stay 42883 / 42704 as PostgreSQL
SELECT to_tsvector('english', 'a fat cat');
SELECT inet_client_addr();
SELECT pg_catalog.ts_rank(NULL, NULL);
SELECT xmlcomment('x');
SELECT no_such_function(1);
SELECT lower(1, 2);
SELECT abs('x'::text);
SELECT '1:2:3:4:5:6'::macaddr;
SELECT CAST('a & b' AS tsquery);
SELECT '{}'::cidr[];
CREATE TABLE t_missing (a inet);
SELECT '1'::no_such_type;
SELECT '1'::int4range;
SELECT now() IS NOT NULL;
