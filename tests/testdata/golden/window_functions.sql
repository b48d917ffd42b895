-- window functions: ranking, value and aggregate functions OVER (PARTITION BY ... ORDER BY ... frame), named
-- windows, NULLs in partition and ORDER BY keys, ties, empty input, windows over GROUP BY, and the errors, as
-- PostgreSQL 15 answers them (checked against PostgreSQL 15)
CREATE TABLE w (id int PRIMARY KEY, g text, x int, f float8, n numeric, s text);
INSERT INTO w VALUES (1, 'a', 10, 1.5, 1.25, 'p'), (2, 'a', 20, 2.5, NULL, 'q'), (3, 'b', 10, NULL, 3, NULL), (4, 'b', NULL, 4, 4.5, 'r'), (5, NULL, 30, 5, 5, 's'), (6, 'a', 20, 6, 6, 't'), (7, NULL, NULL, -1, -2, 'u'), (8, 'b', 10, 8, 8, 'v');
-- ranking functions: peers share rank, NULLs sort last in partitions and orders
SELECT id, g, x, row_number() OVER (PARTITION BY g ORDER BY x, id) AS rn, rank() OVER (PARTITION BY g ORDER BY x) AS rk, dense_rank() OVER (PARTITION BY g ORDER BY x) AS dr, percent_rank() OVER (PARTITION BY g ORDER BY x) AS pr, cume_dist() OVER (PARTITION BY g ORDER BY x) AS cd FROM w ORDER BY id;
SELECT id, x, rank() OVER (ORDER BY x DESC) AS a, rank() OVER (ORDER BY x NULLS FIRST) AS b, dense_rank() OVER (ORDER BY x DESC NULLS LAST) AS c, rank() OVER () AS d FROM w ORDER BY id;
SELECT id, ntile(3) OVER (ORDER BY id) AS a, ntile(5) OVER (PARTITION BY g ORDER BY id) AS b, ntile(20) OVER (ORDER BY id) AS c, ntile(NULL) OVER (ORDER BY id) AS d FROM w ORDER BY id;
-- lag and lead: offsets, defaults, the default's common type, NULL offsets
SELECT id, lag(x) OVER w AS a, lead(x) OVER w AS b, lag(x, 2) OVER w AS c, lead(x, 3, -1) OVER w AS d, lag(x, 0) OVER w AS e, lag(x, -1) OVER w AS f, lag(n, 1, 0.5) OVER w AS g, lead(x, 1, 0.5) OVER w AS h, lag(x, NULL) OVER w AS i FROM w WINDOW w AS (ORDER BY id) ORDER BY id;
SELECT id, lag(s, 1, 'none') OVER (PARTITION BY g ORDER BY id) AS a, lead(id * 10, 1) OVER (PARTITION BY g ORDER BY id DESC) AS b, pg_typeof(lag(x, 1, 0.5) OVER ()) AS c FROM w ORDER BY id;
-- first_value, last_value, nth_value: the default frame ends at the current row's last peer
SELECT id, first_value(id) OVER w AS a, last_value(id) OVER w AS b, nth_value(id, 2) OVER w AS c, nth_value(id, 9) OVER w AS d FROM w WINDOW w AS (PARTITION BY g ORDER BY x, id) ORDER BY id;
SELECT id, first_value(x) OVER w AS a, last_value(x) OVER w AS b, nth_value(x, 3) OVER w AS c FROM w WINDOW w AS (PARTITION BY g ORDER BY x) ORDER BY id;
SELECT id, first_value(s) OVER w AS a, last_value(s) OVER w AS b, nth_value(s, 3) OVER w AS c FROM w WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING) ORDER BY id;
-- aggregates over the default frame, the whole partition and no ORDER BY
SELECT id, g, x, sum(x) OVER (PARTITION BY g ORDER BY x) AS a, count(*) OVER (PARTITION BY g) AS b, count(x) OVER (ORDER BY x) AS c, avg(x) OVER (PARTITION BY g) AS d, min(s) OVER (ORDER BY id) AS e, max(x) OVER () AS f FROM w ORDER BY id;
SELECT id, array_agg(id) OVER (PARTITION BY g ORDER BY x, id) AS a, string_agg(s, ',') OVER (ORDER BY id) AS b, bool_and(x > 10) OVER (ORDER BY id) AS c, bool_or(x > 25) OVER (PARTITION BY g) AS d, every(x IS NOT NULL) OVER (PARTITION BY g) AS e FROM w ORDER BY id;
SELECT id, sum(f) OVER (ORDER BY id) AS a, avg(f) OVER (PARTITION BY g ORDER BY id) AS b, sum(n) OVER (ORDER BY id) AS c, avg(n) OVER (PARTITION BY g) AS d, sum(x::bigint) OVER (ORDER BY id) AS e FROM w ORDER BY id;
-- ROWS frames
SELECT id, sum(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS a, sum(x) OVER (ORDER BY id ROWS UNBOUNDED PRECEDING) AS b, count(*) OVER (ORDER BY id ROWS 2 PRECEDING) AS c, array_agg(id) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS d, array_agg(id) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING) AS e, array_agg(id) OVER (ORDER BY id ROWS BETWEEN 3 PRECEDING AND 2 PRECEDING) AS f FROM w ORDER BY id;
SELECT id, array_agg(id) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS a, array_agg(id) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 1 PRECEDING) AS b, sum(x) OVER (ORDER BY id ROWS BETWEEN 0 PRECEDING AND 0 FOLLOWING) AS c, array_agg(id) OVER (ORDER BY id ROWS BETWEEN 9223372036854775807 PRECEDING AND 9223372036854775807 FOLLOWING) AS d FROM w ORDER BY id;
-- RANGE frames: peers, offsets in the ORDER BY key's type, NULLs in range of NULLs only
SELECT id, x, sum(x) OVER (ORDER BY x RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS a, array_agg(id) OVER (ORDER BY x, id RANGE CURRENT ROW) AS b, sum(id) OVER (ORDER BY x RANGE CURRENT ROW) AS c FROM w ORDER BY id;
SELECT id, x, sum(id) OVER (ORDER BY x RANGE BETWEEN 10 PRECEDING AND CURRENT ROW) AS a, sum(id) OVER (ORDER BY x RANGE BETWEEN 5 FOLLOWING AND 10 FOLLOWING) AS b, sum(id * id) OVER (ORDER BY x DESC RANGE BETWEEN 10 PRECEDING AND 0 FOLLOWING) AS c, count(*) OVER (ORDER BY x NULLS FIRST RANGE BETWEEN 1 PRECEDING AND UNBOUNDED FOLLOWING) AS d FROM w ORDER BY id;
SELECT id, f, array_agg(id) OVER (ORDER BY f RANGE BETWEEN 1.5 PRECEDING AND 1 FOLLOWING) AS a, array_agg(id) OVER (ORDER BY n RANGE BETWEEN 2 PRECEDING AND 1.5 FOLLOWING) AS b, count(*) OVER (ORDER BY x RANGE BETWEEN 9223372036854775807 PRECEDING AND 9223372036854775807 FOLLOWING) AS c FROM w ORDER BY id;
-- GROUPS frames and EXCLUDE
SELECT id, x, sum(id) OVER (ORDER BY x GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) AS a, sum(id * id) OVER (ORDER BY x GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING) AS b, count(*) OVER (ORDER BY x GROUPS 1 PRECEDING) AS c FROM w ORDER BY id;
SELECT id, x, array_agg(id) OVER (ORDER BY x ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW) IS NOT NULL AS a, sum(x) OVER (ORDER BY x RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE GROUP) AS b, sum(x) OVER (ORDER BY x RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE TIES) AS c, sum(x) OVER (ORDER BY x GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE NO OTHERS) AS d FROM w ORDER BY id;
SELECT id, first_value(id) OVER w AS a, last_value(id) OVER w AS b, nth_value(id, 2) OVER w AS c, count(*) OVER w AS d FROM w WINDOW w AS (ORDER BY x, id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) ORDER BY id;
SELECT id, x, count(*) OVER (ORDER BY x ROWS BETWEEN CURRENT ROW AND CURRENT ROW EXCLUDE CURRENT ROW) AS a, sum(id) OVER (ORDER BY x RANGE BETWEEN CURRENT ROW AND CURRENT ROW EXCLUDE TIES) AS b FROM w ORDER BY id;
-- named windows: OVER w, OVER (w ORDER BY ...), a WINDOW entry copying another
SELECT id, sum(x) OVER w1 AS a, sum(x) OVER (w1 ORDER BY id) AS b, rank() OVER w2 AS c, count(*) OVER w3 AS d FROM w WINDOW w1 AS (PARTITION BY g), w2 AS (w1 ORDER BY x, id), w3 AS (w2 ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id FROM w WINDOW unused AS (ORDER BY id) ORDER BY id LIMIT 2;
SELECT id FROM w WINDOW unused AS (ORDER BY nosuch);
SELECT nosuch2 FROM w WINDOW unused AS (ORDER BY nosuch);
SELECT id FROM w WINDOW unused AS (ORDER BY id RANGE 1.5 PRECEDING);
-- window calls in expressions, ORDER BY, DISTINCT and under LIMIT
SELECT id, row_number() OVER (ORDER BY id) * 2 AS a, (rank() OVER (ORDER BY x) + dense_rank() OVER (ORDER BY g))::text || '!' AS b FROM w ORDER BY id;
SELECT id, x FROM w ORDER BY rank() OVER (ORDER BY x DESC), id;
SELECT id, row_number() OVER (ORDER BY id DESC) AS r FROM w ORDER BY r LIMIT 3 OFFSET 1;
SELECT DISTINCT g, count(*) OVER (PARTITION BY g) AS c FROM w ORDER BY g;
SELECT id, count(*) OVER () AS c FROM w WHERE x > 10 ORDER BY id;
SELECT row_number() OVER () AS a, count(*) OVER () AS b;
SELECT id, row_number(*) OVER (ORDER BY id) AS a, rank(*) OVER (ORDER BY x) AS b FROM w ORDER BY id;
-- empty input
SELECT id, row_number() OVER (ORDER BY id), sum(x) OVER (), lag(x) OVER () FROM w WHERE id < 0;
-- windows over GROUP BY and aggregates: computed after grouping and HAVING
SELECT g, sum(x) AS s, rank() OVER (ORDER BY sum(x) DESC NULLS LAST) AS r, sum(sum(x)) OVER () AS total, count(*) OVER (ORDER BY g) AS c FROM w GROUP BY g ORDER BY g;
SELECT g, count(*) AS n, lag(g) OVER (ORDER BY g) AS prev, sum(count(*)) OVER (ORDER BY g ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS s FROM w GROUP BY g HAVING count(*) > 1 ORDER BY g;
SELECT count(*) AS n, row_number() OVER () AS r, sum(count(*)) OVER () AS s FROM w;
SELECT x, max(id) AS m, first_value(max(id)) OVER (ORDER BY x DESC) AS f FROM w GROUP BY x ORDER BY x;
-- errors
SELECT id FROM w WHERE row_number() OVER () > 1;
SELECT g FROM w GROUP BY g HAVING rank() OVER () > 0;
SELECT row_number() FROM w;
SELECT lower(g) OVER () FROM w;
SELECT no_such_function(g) OVER () FROM w;
SELECT sum(row_number() OVER ()) FROM w;
SELECT row_number() OVER (ORDER BY row_number() OVER ()) FROM w;
SELECT sum(rank() OVER ()) OVER () FROM w;
SELECT count(DISTINCT x) OVER () FROM w;
SELECT ntile(0) OVER () FROM w;
SELECT nth_value(x, 0) OVER () FROM w;
SELECT sum(x) OVER w FROM w WINDOW w AS (ORDER BY id), w AS (ORDER BY x);
SELECT sum(x) OVER (w ORDER BY x) FROM w WINDOW w AS (ORDER BY id);
SELECT sum(x) OVER (w) FROM w WINDOW w AS (ORDER BY id ROWS 1 PRECEDING);
SELECT sum(x) OVER w2 FROM w;
SELECT sum(x) OVER (w2 ORDER BY x) FROM w;
SELECT sum(x) OVER (w PARTITION BY g) FROM w WINDOW w AS (ORDER BY id);
SELECT g, rank() OVER (ORDER BY x) FROM w GROUP BY g;
SELECT sum(x) OVER (PARTITION BY g) FROM w GROUP BY g;
SELECT row_number() OVER (RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY x, id RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN -1 PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN CURRENT ROW AND NULL FOLLOWING) FROM w;
SELECT sum(x) OVER (ORDER BY x GROUPS BETWEEN CURRENT ROW AND -2 FOLLOWING) FROM w;
SELECT sum(x) OVER (ORDER BY x RANGE BETWEEN -1 PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY g RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN x PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY x RANGE BETWEEN 1.5 PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN 'a' PRECEDING AND CURRENT ROW) FROM w;
SELECT sum(x) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED PRECEDING) FROM w;
SELECT sum(x) OVER (ORDER BY id ROWS UNBOUNDED FOLLOWING) FROM w;
SELECT lag(x, 1, 'a') OVER (ORDER BY id) FROM w;
SELECT lag(x, 1.5) OVER (ORDER BY id) FROM w;
SELECT lag(x, 1, s) OVER (ORDER BY id) FROM w;
SELECT rank(x) OVER () FROM w;
SELECT ntile() OVER () FROM w;
SELECT ntile(*) OVER () FROM w;
SELECT lag(*) OVER () FROM w;
SELECT array_agg(x ORDER BY id) OVER () FROM w;
SELECT x, count(*) FROM w GROUP BY row_number() OVER ();
-- windows in a derived table, set operation sides, scalar subqueries, INSERT ... SELECT and a prepared offset
SELECT * FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS r FROM w) s WHERE r > 5 ORDER BY id;
SELECT id, row_number() OVER (ORDER BY id) FROM w WHERE id < 3 UNION ALL SELECT 0, count(*) OVER () FROM w ORDER BY 1, 2;
SELECT id, (SELECT count(*) OVER () FROM w LIMIT 1) AS c, (SELECT row_number() OVER ()) AS r FROM w WHERE id < 3 ORDER BY id;
CREATE TABLE w2 (id int PRIMARY KEY, r bigint);
INSERT INTO w2 SELECT id, rank() OVER (ORDER BY x DESC) FROM w;
SELECT * FROM w2 ORDER BY id;
PREPARE wp(int) AS SELECT id, sum(x) OVER (ORDER BY id ROWS BETWEEN $1 PRECEDING AND CURRENT ROW) FROM w ORDER BY id;
EXECUTE wp(1);
EXECUTE wp(-1);
SELECT 1 FROM w LIMIT row_number() OVER ();
SELECT 1 FROM w OFFSET rank() OVER ();
-- RANGE offsets of other numeric types, infinite and NaN offsets, extreme lag offsets
SELECT id, sum(id) OVER (ORDER BY x::float4 RANGE BETWEEN 1 PRECEDING AND 10 FOLLOWING) AS a, sum(id) OVER (ORDER BY x::int2 RANGE BETWEEN 1::int2 PRECEDING AND 10::int8 FOLLOWING) AS b, sum(id) OVER (ORDER BY x::numeric RANGE BETWEEN 10.5 PRECEDING AND 1 FOLLOWING) AS c, sum(id) OVER (ORDER BY x::bigint DESC RANGE BETWEEN 10 PRECEDING AND 0 FOLLOWING) AS d, sum(id) OVER (ORDER BY f RANGE BETWEEN 'Infinity' PRECEDING AND 1 FOLLOWING) AS e FROM w ORDER BY id;
SELECT id, sum(id) OVER (ORDER BY f RANGE BETWEEN 'NaN' PRECEDING AND 1 FOLLOWING) FROM w ORDER BY id;
SELECT id, lag(id, 2147483647) OVER (ORDER BY id) AS a, lead(id, -2147483648) OVER (ORDER BY id) AS b, row_number() OVER (ORDER BY id ROWS BETWEEN 2147483648 PRECEDING AND CURRENT ROW) AS c FROM w ORDER BY id;
-- the session stays usable
SELECT count(*) OVER () FROM w LIMIT 1;
