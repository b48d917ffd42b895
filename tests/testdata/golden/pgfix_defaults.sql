-- Default shapes frameworks emit, stored and printed as PostgreSQL 15 does
CREATE TABLE fw (
  id integer,
  d date DEFAULT now(),
  ts timestamp DEFAULT now(),
  tz timestamptz DEFAULT CURRENT_TIMESTAMP,
  cd date DEFAULT CURRENT_DATE,
  ut text DEFAULT gen_random_uuid()::text,
  u uuid DEFAULT gen_random_uuid(),
  j jsonb DEFAULT '{}'::jsonb,
  b boolean DEFAULT false,
  ia integer[] DEFAULT '{}',
  vc varchar(20) DEFAULT 'x'::character varying
);
INSERT INTO fw (id) VALUES (1);
SELECT d = CURRENT_DATE AS d_today, ts IS NOT NULL AS ts_set, tz IS NOT NULL AS tz_set, cd = CURRENT_DATE AS cd_today,
  length(ut) AS ut_len, u IS NOT NULL AS u_set, j, b, ia, vc FROM fw;
SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) AS def
FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
WHERE d.adrelid = 'fw'::regclass ORDER BY a.attnum;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'fw' ORDER BY ordinal_position;
-- a numeric(p,s) constant default prints as written, not at the column's scale
CREATE TABLE prices (id integer, price numeric(10,2) DEFAULT 1.00, p2 numeric(10,2) DEFAULT 2.5,
  p3 numeric DEFAULT 3.10, p4 numeric(8,3) DEFAULT 0, p5 numeric(6,1) DEFAULT -1.25, p6 numeric(6,2) DEFAULT '7.5');
INSERT INTO prices (id) VALUES (1);
SELECT * FROM prices;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'prices' ORDER BY ordinal_position;
ALTER TABLE prices ADD COLUMN p7 numeric(5,2) DEFAULT 4.125;
UPDATE prices SET price = 9 RETURNING *;
UPDATE prices SET price = DEFAULT RETURNING price;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'prices'::regclass AND adnum = 8;
