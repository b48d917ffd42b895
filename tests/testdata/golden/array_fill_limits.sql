-- array_fill where vecgres differs from PostgreSQL 15 (vecgres only): an
-- array of more than 67,108,863 elements (1 GB at 16 bytes each) is 54000
-- (PostgreSQL allows 134,217,727). Several dimensions and lower bounds
-- other than 1 are as PostgreSQL's.
SELECT array_fill(7, ARRAY[2,2]);
SELECT array_fill(7, ARRAY[3], ARRAY[2]);
SELECT array_fill(7, ARRAY[1], ARRAY[0]);
SELECT array_fill(7, ARRAY[100000000]);
SELECT array_fill(7, ARRAY[0,2], ARRAY[5,5]) AS empty;
