-- regprocedure, regoper and regoperator (planner/funcs_regoper.go;
-- PostgreSQL 15 docs §8.19): input by signature or name, output, casts
-- from and to oid, to_regprocedure / to_regoper / to_regoperator, and
-- PostgreSQL's errors.
SELECT 'abs(integer)'::regprocedure, 'pg_catalog.abs( int4 )'::regprocedure AS qualified, ' ABS ( INT4 ) '::regprocedure AS spaced;
SELECT 'concat("any")'::regprocedure, 'now()'::regprocedure, 'round(numeric,integer)'::regprocedure;
SELECT '+(integer,integer)'::regoperator, '-(NONE,integer)'::regoperator, '||(text,text)'::regoperator;
SELECT '#-'::regoper, '?'::regoper;
SELECT 'abs(integer)'::regprocedure::oid = 'abs(integer)'::regprocedure::oid::regprocedure::oid AS round_trip;
SELECT 'abs(integer)'::regprocedure::text, '+(integer,integer)'::regoperator::text;
SELECT 0::regprocedure, 0::regoper, 0::regoperator, '-'::regprocedure AS dash, '0'::regoperator AS zero;
SELECT pg_typeof('abs(integer)'::regprocedure), pg_typeof('#-'::regoper), pg_typeof('+(integer,integer)'::regoperator);
SELECT 'lower(text)'::regprocedure = 'lower(text)'::regprocedure AS same, 'lower(text)'::regprocedure = 'upper(text)'::regprocedure AS other;
SELECT to_regprocedure('abs(integer)'), to_regprocedure('abs(text)'), to_regprocedure('nosuch()');
SELECT to_regoper('#-'), to_regoper('+'), to_regoper('#!#');
SELECT to_regoperator('-(NONE,integer)'), to_regoperator('+(text,text)');
SELECT typname FROM pg_type WHERE oid IN ('regprocedure'::regtype, 'regoper'::regtype, 'regoperator'::regtype) ORDER BY 1;
SELECT p.oid::regprocedure FROM pg_proc p WHERE p.proname = 'lower' AND p.pronargs = 1 AND p.proargtypes[0] = 'text'::regtype;
SELECT o.oid::regoperator FROM pg_operator o WHERE o.oprname = '||' AND o.oprleft = 'text'::regtype AND o.oprright = 'text'::regtype;
-- Errors.
SELECT 'abs'::regprocedure;
SELECT 'abs(int'::regprocedure;
SELECT 'nosuch(int)'::regprocedure;
SELECT 'abs(nosuchtype)'::regprocedure;
SELECT 'abs(text)'::regprocedure;
SELECT '+'::regoper;
SELECT '#!#'::regoper;
SELECT '+(integer)'::regoperator;
SELECT '+(int,int,int)'::regoperator;
SELECT '+(text,text)'::regoperator;
SELECT to_regprocedure('abs');
SELECT to_regprocedure('abs(nosuchtype)');
SELECT to_regoperator('+(int)');
