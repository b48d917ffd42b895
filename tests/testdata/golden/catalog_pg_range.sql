-- pg_range with PostgreSQL 15's columns, and the pg_type rows of the
-- pseudo-types and regclass that pg_proc names (also run against
-- PostgreSQL 15; vecgres has no range types, so only the columns and the
-- join shape of Sequelize's type probe, for types without a range, are compared).
SELECT rngtypid, rngsubtype, rngmultitypid, rngcollation, rngsubopc, rngcanonical, rngsubdiff FROM pg_range WHERE rngtypid = 0;
SELECT t.typname, r.rngtypid, r.rngsubtype FROM pg_range r LEFT OUTER JOIN pg_type t ON t.oid = r.rngtypid
WHERE r.rngsubtype = 0;
SELECT t.typname, t.typtype, t.oid, t.typarray, r.rngtypid
FROM pg_type t LEFT OUTER JOIN pg_range r ON t.oid = r.rngsubtype
WHERE t.typtype IN ('b', 'e') AND t.typname IN ('text', 'bool', 'jsonb', 'regclass', 'int2vector')
ORDER BY t.oid;
SELECT oid, typname, typlen, typbyval, typtype, typcategory, typelem, typarray, typinput, typoutput, typreceive, typsend,
  typalign, typstorage, typsubscript
FROM pg_type WHERE oid IN (705, 2205, 2210, 2276, 2277, 2278, 2283) ORDER BY oid;
