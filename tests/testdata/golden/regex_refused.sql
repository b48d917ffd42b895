-- regular expressions PostgreSQL reads but Go's RE2 does not: back-references and lookaround are 0A000 naming the construct (PostgreSQL 15 answers t to each); malformed patterns stay 2201B; the session goes on
SELECT 'aa' ~ '(a)\1';
SELECT regexp_replace('abab', '(ab)\1', 'x');
SELECT 'ab' ~ 'a(?=b)';
SELECT 'ac' ~ 'a(?!b)';
SELECT 'ab' ~* '(?<=a)B';
SELECT 'cb' ~ '(?<!a)b';
SELECT 'a' ~ '(a';
SELECT 'a' ~ '\k';
SELECT 'abc' ~ 'b', 'a1' ~ 'a\d';
