-- CASE expressions, both forms (checked against PostgreSQL 15)
CREATE TABLE ce (id int PRIMARY KEY, name text, v varchar(5), n numeric(6,2));
INSERT INTO ce VALUES (1, 'one', 'a', 1.5), (2, 'two', 'b', NULL), (3, NULL, NULL, 3);
SELECT id, CASE WHEN id = 1 THEN 'first' WHEN id = 2 THEN 'second' ELSE 'other' END FROM ce ORDER BY id;
SELECT id, CASE id WHEN 1 THEN 'one' WHEN 2 THEN 'two' END AS word FROM ce ORDER BY id;
SELECT CASE WHEN false THEN 1/0 ELSE 1 END;
SELECT id, CASE WHEN id > 100 THEN 1/(id - id) ELSE id END AS safe FROM ce ORDER BY id;
SELECT CASE WHEN 1 = 2 THEN 1 END;
SELECT CASE WHEN NULL THEN 1 ELSE 2 END;
SELECT CASE NULL WHEN NULL THEN 1 ELSE 2 END;
SELECT CASE 'a' WHEN 'a' THEN 'yes' END;
SELECT CASE 1 WHEN 1.0 THEN 'eq' END;
SELECT CASE WHEN true THEN 1 ELSE 2.5 END, CASE WHEN true THEN 1::int2 ELSE 2::float4 END;
SELECT CASE WHEN true THEN 1 ELSE id END FROM ce WHERE id = 1;
SELECT CASE WHEN true THEN 'x'::text ELSE name END FROM ce WHERE id = 1;
SELECT id FROM ce WHERE CASE WHEN name IS NULL THEN true ELSE id = 1 END ORDER BY id;
SELECT id FROM ce ORDER BY CASE id WHEN 2 THEN 0 ELSE id END, id;
SELECT CASE WHEN sum(id) > 5 THEN 'big' ELSE 'small' END AS size FROM ce;
SELECT CASE WHEN id = 1 THEN 'low' ELSE 'high' END AS k, count(*) FROM ce GROUP BY 1 ORDER BY 1;
SELECT id, CASE WHEN n IS NULL THEN 0 ELSE n END + 1 AS m FROM ce ORDER BY id;
SELECT CASE WHEN id = 1 THEN v ELSE v END || '!' AS vv FROM ce ORDER BY id;
UPDATE ce SET name = CASE WHEN id = 3 THEN 'three' ELSE name || '.' END RETURNING id, name;
-- vector values in CASE (pgvector's vector type as any other)
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE cev (id int PRIMARY KEY, embedding vector(3));
INSERT INTO cev VALUES (1, '[1,2,3]'), (2, '[4,5,6]');
SELECT id, CASE WHEN id = 1 THEN embedding END AS e FROM cev ORDER BY id;
SELECT id, CASE id WHEN 2 THEN '[0,0,0]' ELSE embedding END AS e FROM cev ORDER BY id;
SELECT id FROM cev ORDER BY CASE WHEN id = 2 THEN '[1,2,3]'::vector ELSE embedding END <-> '[4,5,6]', id;
SELECT id, CASE WHEN embedding <-> '[1,2,3]' < 1 THEN 'near' ELSE 'far' END AS d FROM cev ORDER BY id;
-- errors
SELECT CASE WHEN id = 1 THEN 'a'::text ELSE 1 END FROM ce;
SELECT CASE WHEN true THEN true ELSE 1 END;
SELECT CASE WHEN 1 = 1 THEN 1 ELSE 'a' END;
SELECT CASE WHEN 1 THEN 1 END;
SELECT CASE 1 WHEN 'a'::text THEN 1 END;
SELECT CASE 1 WHEN 'a' THEN 1 END;
SELECT id FROM ce WHERE CASE WHEN id = 1 THEN 1 ELSE 0 END;
SELECT CASE WHEN id = 1 THEN embedding ELSE 'x'::text END FROM cev;
-- parameter types from CASE's context
PREPARE cp AS SELECT CASE WHEN $1 THEN $2 ELSE 1 END AS r, CASE $3 WHEN 'a' THEN 'yes' END AS s;
EXECUTE cp(true, 5, 'a');
EXECUTE cp(false, 'x', 'a');
EXECUTE cp(false, '7', 'b');
