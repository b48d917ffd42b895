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
