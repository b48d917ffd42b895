-- The json shapes frameworks send: drizzle's relational queries (json_build_array rows gathered by
-- coalesce(json_agg(...), '[]'::json) in a LATERAL join), row_to_json of a derived table, and ->>
-- on a json column, as drizzle-orm 0.45 wrote them for findMany({ with: { posts: true } }).
CREATE TABLE rq_users (id serial PRIMARY KEY, name text NOT NULL, meta json, created timestamptz);
CREATE TABLE rq_posts (id serial PRIMARY KEY, title text NOT NULL, author_id int NOT NULL, tags jsonb);
INSERT INTO rq_users ("id", "name", "meta", "created") VALUES (default, 'ann', '{"role":"admin","n":[1,2]}', '2024-01-02T03:04:05.000Z'),
  (default, 'bob', NULL, default);
INSERT INTO rq_posts ("id", "title", "author_id", "tags") VALUES (default, 'hello', 1, '["a"]'), (default, 'world', 1, '{"x":1}');
select "users"."id", "users"."name", "users"."meta", "users"."created", "users_posts"."data" as "posts" from "rq_users" "users" left join lateral (select coalesce(json_agg(json_build_array("users_posts"."id", "users_posts"."title", "users_posts"."author_id", "users_posts"."tags")), '[]'::json) as "data" from "rq_posts" "users_posts" where "users_posts"."author_id" = "users"."id") "users_posts" on true order by "users"."id" asc;
select "posts"."id", "posts"."title", "posts"."author_id", "posts"."tags", "posts_author"."data" as "author" from "rq_posts" "posts" left join lateral (select json_build_array("posts_author"."name", "posts_author"."meta") as "data" from (select * from "rq_users" "posts_author" where "posts_author"."id" = "posts"."author_id" limit 1) "posts_author") "posts_author" on true where "posts"."id" = 2 limit 1;
select "meta", "meta"->>'role' from "rq_users" order by "rq_users"."id";
SELECT u.name, (SELECT coalesce(json_agg(row_to_json(p) ORDER BY p.id), '[]') FROM (SELECT id, title, tags FROM rq_posts WHERE author_id = u.id) p) AS posts
  FROM rq_users u ORDER BY u.id;
SELECT json_build_object('id', u.id, 'name', u.name, 'created', u.created, 'meta', u.meta) AS row FROM rq_users u ORDER BY u.id;
