CREATE TABLE "dz_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"category" varchar(20) NOT NULL,
	"n" integer NOT NULL,
	"embedding" vector(6)
);
--> statement-breakpoint
CREATE INDEX "dz_items_embedding_idx" ON "dz_items" USING hnsw ("embedding" vector_cosine_ops);