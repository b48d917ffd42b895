-- Joins where vecgres differs from PostgreSQL 15 (not run against it): what it refuses, and EXPLAIN
CREATE TABLE jv (id int, x text);
CREATE TABLE jw (id int, y text);
INSERT INTO jv VALUES (1, 'a'), (2, 'b'), (3, 'c');
INSERT INTO jw VALUES (2, 'p'), (3, 'q'), (4, 'r');
-- a LATERAL subquery reading items outside the join it is in (it would run once, not per row of those items)
SELECT * FROM jv, (LATERAL (SELECT jv.x) s JOIN jw ON true);
SELECT * FROM jv, (jw JOIN LATERAL (SELECT jv.x) s ON true);
-- PostgreSQL refuses a FULL JOIN without an equality it can hash or merge; vecgres runs it as a nested loop
SELECT * FROM jv FULL JOIN jw ON jv.id < jw.id ORDER BY jv.id, jw.id;
-- more relations than one FROM clause joins
SELECT 1 FROM jv t1, jv t2, jv t3, jv t4, jv t5, jv t6, jv t7, jv t8, jv t9, jv t10, jv t11, jv t12, jv t13, jv t14, jv t15, jv t16, jv t17, jv t18, jv t19, jv t20, jv t21, jv t22, jv t23, jv t24, jv t25, jv t26, jv t27, jv t28, jv t29, jv t30, jv t31, jv t32, jv t33, jv t34, jv t35, jv t36, jv t37, jv t38, jv t39, jv t40, jv t41, jv t42, jv t43, jv t44, jv t45, jv t46, jv t47, jv t48, jv t49, jv t50, jv t51, jv t52, jv t53, jv t54, jv t55, jv t56, jv t57, jv t58, jv t59, jv t60, jv t61, jv t62, jv t63, jv t64, jv t65;
-- EXPLAIN of joins: hash joins hold the side estimated smaller; conditions on one relation go to its scan
EXPLAIN (COSTS OFF) SELECT * FROM jv JOIN jw ON jv.id = jw.id WHERE jv.x <> 'z';
EXPLAIN (COSTS OFF) SELECT * FROM jv LEFT JOIN jw USING (id) WHERE jw.y IS NULL;
EXPLAIN (COSTS OFF) SELECT * FROM jv, jw WHERE jv.id < jw.id;
EXPLAIN (COSTS OFF) SELECT * FROM jv CROSS JOIN LATERAL (SELECT jw.y FROM jw WHERE jw.id = jv.id) s;
