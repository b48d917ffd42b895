-- variance and standard deviation aggregates (PostgreSQL 15 docs 9.21, Table 9.60): numeric results
-- for integer and numeric inputs, double precision for floats; also run against PostgreSQL 15.
CREATE TABLE st (id int, i int, n numeric, f float8, r real);
INSERT INTO st VALUES (1, 1, 1.5, 1.5, 1.5), (2, 2, 2.25, 2.25, 2.25), (3, 4, 10, 10, 10), (4, NULL, NULL, NULL, NULL);
SELECT variance(i), var_samp(i), var_pop(i), stddev(i), stddev_samp(i), stddev_pop(i) FROM st;
SELECT variance(n), var_pop(n), stddev(n), stddev_pop(n) FROM st;
SELECT variance(f), var_pop(f), stddev(f), stddev_pop(f), variance(r), stddev(r) FROM st;
SELECT variance(i), stddev_pop(i), var_samp(f), var_pop(f) FROM st WHERE id = 1;
SELECT variance(i), stddev_pop(i) FROM st WHERE id > 10;
SELECT variance(x), stddev(x) FROM (SELECT 5::numeric AS x FROM st) s;
SELECT stddev(i::bigint), variance(i::smallint), pg_typeof(stddev(f)), pg_typeof(variance(r)), pg_typeof(stddev(i)) FROM st;
SELECT stddev(DISTINCT i), variance(n) FILTER (WHERE id < 3) FROM st;
SELECT var_pop(1e-20::numeric * id), stddev(1e10::numeric * id + 0.001) FROM st;
SELECT variance('NaN'::numeric), stddev('Infinity'::float8) FROM st;
