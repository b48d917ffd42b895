-- Record fields and names (PostgreSQL 15 docs, 8.16 Composite Types,
-- 8.19 Object Identifier Types): fields of a derived table's row-typed
-- column, a table's row type named by format_type and ::regtype (and
-- read by regtypein), and no min/max of records. Also run against
-- PostgreSQL 15.
CREATE TABLE rf (a int PRIMARY KEY, b text);
INSERT INTO rf VALUES (1, 'x'), (2, 'y');
SELECT (x).nosuch FROM (SELECT ROW(1, 2) AS x) s;
SELECT (x).a FROM (SELECT rf AS x FROM rf) s ORDER BY 1;
SELECT (x).b FROM (SELECT rf AS x FROM rf) s ORDER BY 1;
SELECT format_type('rf'::regtype, NULL);
SELECT format_type(reltype, NULL) FROM pg_class WHERE relname = 'rf';
SELECT reltype::regtype FROM pg_class WHERE relname = 'rf';
SELECT 'rf'::regtype;
SELECT 'public.rf'::regtype, 'int4'::regtype;
SELECT 'nosuch'::regtype;
SELECT 'rf'::regtype::oid = (SELECT reltype FROM pg_class WHERE relname = 'rf');
SELECT min(ROW(a, b)) FROM rf;
SELECT max(rf) FROM rf;
SELECT max(ROW(a)) FROM rf;
DROP TABLE rf;
