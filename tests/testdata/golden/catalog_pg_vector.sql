-- pgvector's functions, operators, casts and settings in pg_proc,
-- pg_operator, pg_cast and pg_settings.
SELECT proname, pronamespace, prolang, prokind, proisstrict, provolatile, pronargs, prorettype::regtype,
  proargtypes, probin FROM pg_proc WHERE pronamespace = 2200 ORDER BY proname, proargtypes;
SELECT oprname, oprnamespace, oprkind, oprleft::regtype, oprright::regtype, oprresult::regtype FROM pg_operator
WHERE oprnamespace = 2200 ORDER BY oprname, oprleft, oprright;
SELECT castsource::regtype, casttarget::regtype, castcontext FROM pg_cast WHERE castsource = 16385 OR casttarget = 16385
ORDER BY 1, 2;
SET hnsw.ef_search = 100;
SELECT name, setting, unit, category, short_desc, extra_desc, context, vartype, source, min_val, max_val, enumvals,
  boot_val, reset_val FROM pg_settings WHERE name LIKE 'hnsw.%' OR name LIKE 'ivfflat.%' ORDER BY name;
