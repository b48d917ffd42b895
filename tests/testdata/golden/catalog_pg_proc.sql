-- pg_proc, pg_operator and pg_cast rows of functions, operators and casts
-- vecgres implements as PostgreSQL 15 has them (also run against
-- PostgreSQL 15; OIDs are vecgres's own, so they are left out).
SELECT proname, pronamespace, proowner, procost, prorows, provariadic, prokind, prosecdef, proleakproof,
  proisstrict, proretset, pronargs, pronargdefaults, prorettype, proargtypes::text, proallargtypes, proargmodes,
  proargnames, proargdefaults, protrftypes, probin, proconfig, proacl
FROM pg_proc WHERE proname IN ('abs', 'now', 'sqrt', 'concat', 'array_length', 'pg_typeof', 'string_agg', 'every',
  'to_regtype', 'format_type', 'current_timestamp', 'user')
ORDER BY proname, pronargs, prorettype, proargtypes::text;
SELECT count(*) > 0 AS has_series FROM pg_proc WHERE proname = 'generate_series' AND proretset;
SELECT oprname, oprnamespace, oprkind, oprleft, oprright, oprresult, oprcanhash, oprcanmerge FROM pg_operator
WHERE oprname IN ('+', '=', '%') AND oprleft IN (20, 23) AND oprright IN (20, 23) ORDER BY 1, 4, 5;
SELECT oprname, oprkind, oprleft, oprright, oprresult FROM pg_operator WHERE oprkind = 'l' AND oprright = 23
  AND oprname IN ('-', '+') ORDER BY 1;
SELECT castsource, casttarget, castcontext, castmethod FROM pg_cast
WHERE castsource IN (21, 23, 1043, 1082) AND casttarget IN (20, 23, 25, 1700, 701, 1114, 1184) ORDER BY 1, 2;
