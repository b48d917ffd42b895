-- A LIKE pattern whose trailing backslash the match reaches while text remains is 22025, as PostgreSQL's
-- MatchText; a match that fails or ends before it is not. Also run against PostgreSQL 15.
SELECT '\' LIKE '\';
SELECT 'ab' LIKE 'a\';
SELECT 'a' LIKE 'b\';
SELECT 'a' LIKE 'a\';
SELECT 'a\' LIKE 'a\\';
SELECT 'abc' LIKE '%\';
SELECT 'x' NOT LIKE '\';
SELECT 'X' ILIKE 'x\';
