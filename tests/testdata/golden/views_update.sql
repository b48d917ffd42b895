-- Writing through automatically updatable views (PostgreSQL 15 docs, CREATE VIEW, Updatable Views): INSERT,
-- UPDATE and DELETE on one-table views with renamed and left-out columns, the view's WHERE limiting UPDATE and
-- DELETE but not INSERT, RETURNING, aliases, errors; also run against PostgreSQL 15.
CREATE TABLE t (id int PRIMARY KEY, name text, qty int DEFAULT 5, note text);
INSERT INTO t VALUES (1, 'a', 10, 'n1'), (2, 'b', 20, 'n2'), (3, 'c', 30, 'n3');
CREATE VIEW big AS SELECT id, name, qty FROM t WHERE qty >= 20;
CREATE VIEW ren (k, label) AS SELECT id, name FROM t;
INSERT INTO big VALUES (4, 'd', 1);
INSERT INTO big (id, name) VALUES (5, 'e') RETURNING *;
INSERT INTO ren VALUES (6, 'f') RETURNING k, label;
SELECT * FROM t ORDER BY id;
UPDATE big SET qty = qty + 1 RETURNING *;
UPDATE big SET name = upper(name) WHERE id = 3;
UPDATE ren SET label = 'ff' WHERE k = 6 RETURNING label;
UPDATE big SET note = 'x';
UPDATE big SET qty = 0 WHERE zzz = 'n1';
DELETE FROM big WHERE id = 1;
DELETE FROM big WHERE id = 2 RETURNING id, name;
DELETE FROM ren WHERE label = 'ff';
SELECT * FROM t ORDER BY id;
UPDATE big b SET qty = b.qty * 10 WHERE b.id = 3;
SELECT big.id, big.qty FROM big ORDER BY id;
INSERT INTO big VALUES (3, 'dup', 1);
INSERT INTO big (nosuch) VALUES (1);
CREATE VIEW counts AS SELECT count(*) AS n FROM t;
SELECT table_name, is_updatable, is_insertable_into, is_trigger_updatable FROM information_schema.views WHERE table_schema = 'public' ORDER BY table_name;
SELECT table_name, table_type, is_insertable_into FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name;
