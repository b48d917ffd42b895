-- SQL cursors: DECLARE, FETCH, MOVE, CLOSE (checked against PostgreSQL 15)
CREATE TABLE cur (id int PRIMARY KEY, name text);
INSERT INTO cur VALUES (1, 'one'), (2, 'two'), (3, 'three'), (4, 'four'), (5, 'five');

-- a cursor without WITH HOLD needs a transaction block
DECLARE c CURSOR FOR SELECT id FROM cur;

FETCH c;

CLOSE c;

BEGIN;
DECLARE c CURSOR FOR SELECT id, name FROM cur ORDER BY id;
FETCH 2 FROM c;
FETCH NEXT FROM c;
FETCH FORWARD ALL IN c;
FETCH c;
MOVE BACKWARD 2 IN c;
FETCH PRIOR FROM c;
FETCH ABSOLUTE 1 FROM c;
FETCH LAST FROM c;
FETCH RELATIVE -2 FROM c;
FETCH 0 FROM c;
FETCH BACKWARD ALL FROM c;
MOVE FORWARD 3 IN c;
FETCH -1 FROM c;
MOVE ALL IN c;
MOVE ABSOLUTE 0 IN c;
FETCH FIRST FROM c;
MOVE 10 IN c;
DECLARE c CURSOR FOR SELECT 1;
ROLLBACK;

-- the cursor sees the rows of its snapshot, not later writes
BEGIN;
DECLARE snap CURSOR FOR SELECT count(*) FROM cur;
INSERT INTO cur VALUES (6, 'six');
FETCH ALL FROM snap;
CLOSE snap;
FETCH snap;
ROLLBACK;

-- NO SCROLL refuses to move backward
BEGIN;
DECLARE ns NO SCROLL CURSOR FOR SELECT id FROM cur ORDER BY id;
FETCH 2 FROM ns;
FETCH PRIOR FROM ns;
ROLLBACK;

BEGIN;
DECLARE ns NO SCROLL CURSOR FOR SELECT id FROM cur ORDER BY id;
MOVE 1 IN ns;
FETCH ABSOLUTE 1 FROM ns;
ROLLBACK;

-- cursors end with their transaction unless WITH HOLD
BEGIN;
DECLARE plain CURSOR FOR SELECT id FROM cur ORDER BY id;
DECLARE held SCROLL CURSOR WITH HOLD FOR SELECT id FROM cur ORDER BY id;
FETCH 1 FROM held;
COMMIT;
FETCH plain;

FETCH held;

FETCH BACKWARD 5 FROM held;

-- a held cursor survives a later ROLLBACK; one declared in it does not
BEGIN;
DECLARE held2 CURSOR WITH HOLD FOR SELECT 42 AS answer;
FETCH held;
ROLLBACK;
FETCH held2;

FETCH held;

DECLARE outside CURSOR WITH HOLD FOR SELECT name FROM cur WHERE id > 3 ORDER BY id;

FETCH ALL FROM outside;

CLOSE ALL;

FETCH outside;

CLOSE nosuch;

-- errors in the cursor's query come from DECLARE
BEGIN;
DECLARE bad CURSOR FOR SELECT nosuchcol FROM cur;
ROLLBACK;

-- DISCARD ALL closes held cursors
DECLARE h CURSOR WITH HOLD FOR SELECT 1 AS one;

DISCARD ALL;

FETCH h;
