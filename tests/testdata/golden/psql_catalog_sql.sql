-- SQL that psql's backslash commands send, run for real: POSIX regular
-- expression operators, VALUES lists, COLLATE "default", the catalogs of
-- objects vecgres does not have (empty) and psql's catalog functions
CREATE TABLE rx (id int PRIMARY KEY, s text);
INSERT INTO rx VALUES (1, 'items'), (2, 'Items'), (3, 'pg_toast_1'), (4, 'item'), (5, NULL);
SELECT id FROM rx WHERE s ~ '^(items)$' ORDER BY id;
SELECT id FROM rx WHERE s OPERATOR(pg_catalog.~) '^(item.*)$' COLLATE pg_catalog.default ORDER BY id;
SELECT id FROM rx WHERE s ~* '^items$' ORDER BY id;
SELECT id FROM rx WHERE s !~ '^pg_' ORDER BY id;
SELECT id FROM rx WHERE s !~* 'ITEM' ORDER BY id;
SELECT id, s ~ 'e' AS m FROM rx ORDER BY id;
SELECT 'abc' ~ '(';
SELECT 'x' COLLATE "default" = 'x';
-- VALUES outside INSERT
VALUES (1, 'a'), (2, 'b');
VALUES (2), (1), (3) ORDER BY 1 DESC LIMIT 2;
SELECT * FROM (VALUES (1, 'one'), (2, 'two')) AS v(n, word) ORDER BY n DESC;
SELECT 2 IN (SELECT 1 UNION ALL VALUES (2));
SELECT * FROM (VALUES (1), (2.5)) v(x);
VALUES (1), (2, 3);
VALUES (1, 2), ('a', 3);
SELECT * FROM (VALUES (DEFAULT)) v;
VALUES (1) UNION VALUES (2) ORDER BY 1;
WITH v(a) AS (VALUES (1), (2)) SELECT sum(a) FROM v;
-- catalogs that hold nothing here
SELECT count(*) FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON r.oid = m.member WHERE r.rolname !~ '^pg_';
SELECT count(*) FROM pg_catalog.pg_statistic_ext;
SELECT count(*) FROM pg_catalog.pg_publication;
SELECT count(*) FROM pg_catalog.pg_publication_namespace;
SELECT count(*) FROM pg_catalog.pg_publication_rel;
SELECT count(*) FROM pg_catalog.pg_partition_ancestors('rx'::regclass::oid);
SELECT pg_catalog.pg_table_size(0), pg_catalog.pg_relation_size(0);
SELECT pg_catalog.pg_get_function_result(0), pg_catalog.pg_get_function_arguments(0);
-- functions: result and arguments as \df prints them
SELECT pg_catalog.pg_get_function_result(p.oid) AS result, pg_catalog.pg_get_function_arguments(p.oid) AS args,
  pg_catalog.pg_function_is_visible(p.oid) AS visible
FROM pg_catalog.pg_proc p WHERE p.proname IN ('concat', 'jsonb_typeof', 'pg_backend_pid') ORDER BY 2, 1;
SELECT d.description FROM pg_catalog.pg_description d JOIN pg_catalog.pg_namespace n ON n.oid = d.objoid WHERE n.nspname = 'public';
SELECT pg_catalog.obj_description(n.oid, 'pg_namespace') FROM pg_catalog.pg_namespace n WHERE n.nspname = 'public';
-- format, quote_ident and the encoding and tablespace functions psql calls
SELECT format('%I.%I', 'public', 'My Table'), format('%s|%L|%L', NULL, 'it''s', NULL), format('100%%');
SELECT format('%2$s %1$s', 'a', 'b'), format('%s %s', 1, 2.5), format('no args'), format(NULL);
SELECT format('%s %s', 'a');
SELECT format('%x', 1);
SELECT format('%I', NULL);
SELECT quote_ident('items'), quote_ident('Items'), quote_ident('a"b');
SELECT pg_catalog.pg_char_to_encoding('UTF8'), pg_catalog.pg_char_to_encoding('NOSUCH');
SELECT spcname, pg_catalog.pg_tablespace_location(oid) FROM pg_catalog.pg_tablespace ORDER BY 1;
SELECT count(*) FROM pg_catalog.pg_foreign_server;
SELECT count(*) FROM pg_catalog.pg_user_mappings;
SELECT count(*) FROM pg_catalog.pg_largeobject_metadata;
SELECT count(*) FROM pg_catalog.pg_db_role_setting;
SELECT count(*) FROM pg_catalog.pg_default_acl;
-- the system column tableoid, which \dd and \dL join pg_description on
SELECT c.tableoid, n.tableoid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = 'rx';
SELECT tableoid, count(*) FROM pg_catalog.pg_class WHERE relname = 'rx' GROUP BY 1;
SELECT rx.tableoid = 'rx'::regclass::oid AS same, count(*) FROM rx GROUP BY 1;
SELECT nosuch.tableoid FROM rx;
-- operator families of the built-in B-tree classes
SELECT f.opfname, a.amname FROM pg_catalog.pg_opfamily f JOIN pg_catalog.pg_am a ON a.oid = f.opfmethod
WHERE a.amname = 'btree' AND f.opfname IN ('integer_ops', 'text_ops', 'float_ops', 'datetime_ops') ORDER BY 1;
SELECT c.opcname, f.opfname FROM pg_catalog.pg_opclass c JOIN pg_catalog.pg_opfamily f ON f.oid = c.opcfamily
JOIN pg_catalog.pg_am a ON a.oid = c.opcmethod WHERE a.amname = 'btree' AND c.opcname IN ('int2_ops', 'int8_ops', 'float4_ops', 'timestamptz_ops') ORDER BY 1;
SELECT pg_catalog.getdatabaseencoding(), pg_catalog.pg_char_to_encoding(pg_catalog.getdatabaseencoding());
SELECT count(*) FROM pg_catalog.pg_conversion c JOIN pg_catalog.pg_namespace n ON n.oid = c.connamespace WHERE n.nspname <> 'pg_catalog';
