-- pgvector's SQL surface, one line per item, read from the catalogs: the objects the extension "vector" owns
-- (pg_depend, deptype e) and its settings. One statement per kind of item; each line names the item with its
-- signature and properties, never an OID. TestPgvectorSurface runs these against vecgres.
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT 'type ' || t.typname || ' ' || t.typtype::text || ' array=' || coalesce(a.typname, '-') || ' len=' || t.typlen || ' align=' || t.typalign::text || ' storage=' || t.typstorage::text AS line
  FROM pg_type t LEFT JOIN pg_type a ON a.oid = t.typarray
 WHERE t.oid IN (SELECT objid FROM objs WHERE classid = 1247) ORDER BY 1;
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT CASE p.prokind WHEN 'a' THEN 'aggregate ' ELSE 'function ' END || p.proname || '('
       || coalesce((SELECT string_agg(format_type(x, NULL), ', ' ORDER BY n) FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY u(x, n)), '') || ') -> '
       || CASE WHEN p.proretset THEN 'setof ' ELSE '' END || format_type(p.prorettype, NULL) || ' ' || p.provolatile::text
       || CASE WHEN p.proisstrict THEN ' strict' ELSE '' END || ' parallel=' || p.proparallel::text AS line
  FROM pg_proc p
 WHERE p.oid IN (SELECT objid FROM objs WHERE classid = 1255) ORDER BY 1;
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT 'operator ' || format_type(o.oprleft, NULL) || ' ' || o.oprname || ' ' || format_type(o.oprright, NULL) || ' -> ' || format_type(o.oprresult, NULL)
       || ' ' || o.oprcode::text || ' commutator=' || coalesce((SELECT c.oprname FROM pg_operator c WHERE c.oid = o.oprcom), '-')
       || ' negator=' || coalesce((SELECT c.oprname FROM pg_operator c WHERE c.oid = o.oprnegate), '-') AS line
  FROM pg_operator o
 WHERE o.oid IN (SELECT objid FROM objs WHERE classid = 2617) ORDER BY 1;
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT 'cast ' || format_type(c.castsource, NULL) || ' -> ' || format_type(c.casttarget, NULL) || ' ' || c.castcontext::text || ' ' || c.castmethod::text
       || ' ' || coalesce((SELECT p.proname FROM pg_proc p WHERE p.oid = c.castfunc), '-') AS line
  FROM pg_cast c
 WHERE c.oid IN (SELECT objid FROM objs WHERE classid = 2605) ORDER BY 1;
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT 'access method ' || a.amname || ' ' || a.amtype::text || ' ' || a.amhandler::text AS line
  FROM pg_am a
 WHERE a.oid IN (SELECT objid FROM objs WHERE classid = 2601) ORDER BY 1;
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT 'opclass ' || am.amname || ' ' || c.opcname || ' ' || format_type(c.opcintype, NULL) || CASE WHEN c.opcdefault THEN ' default' ELSE '' END
       || CASE WHEN c.opckeytype <> 0 THEN ' key=' || format_type(c.opckeytype, NULL) ELSE '' END AS line
  FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
 WHERE c.oid IN (SELECT objid FROM objs WHERE classid = 2616) ORDER BY 1;
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT 'amop ' || am.amname || ' ' || f.opfname || ' ' || o.amopstrategy || ' ' || op.oprname || '(' || format_type(op.oprleft, NULL) || ', '
       || format_type(op.oprright, NULL) || ') ' || o.amoppurpose::text
       || coalesce(' sort=' || (SELECT s.opfname FROM pg_opfamily s WHERE s.oid = o.amopsortfamily), '') AS line
  FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am am ON am.oid = f.opfmethod JOIN pg_operator op ON op.oid = o.amopopr
 WHERE f.oid IN (SELECT objid FROM objs WHERE classid = 2753) ORDER BY 1;
WITH objs AS (SELECT classid, objid FROM pg_depend WHERE refclassid = 3079 AND deptype = 'e' AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'vector'))
SELECT 'amproc ' || am.amname || ' ' || f.opfname || ' ' || p.amprocnum || ' ' || pr.proname || '('
       || coalesce((SELECT string_agg(format_type(x, NULL), ', ' ORDER BY n) FROM unnest(pr.proargtypes::oid[]) WITH ORDINALITY u(x, n)), '') || ')' AS line
  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod JOIN pg_proc pr ON pr.oid = p.amproc::oid
 WHERE f.oid IN (SELECT objid FROM objs WHERE classid = 2753) ORDER BY 1;
SELECT 'setting ' || s.name || ' ' || s.vartype || ' default=' || coalesce(s.boot_val, '') || ' min=' || coalesce(s.min_val, '-') || ' max=' || coalesce(s.max_val, '-')
       || ' unit=' || coalesce(s.unit, '-') || ' enum=' || coalesce(array_to_string(s.enumvals, '|'), '-') || ' ' || s.context AS line
  FROM pg_settings s WHERE s.name LIKE 'hnsw.%' OR s.name LIKE 'ivfflat.%' ORDER BY 1;
