ALTER TABLE "docs" ADD COLUMN "products" "release_product"[] DEFAULT '{v4,v5}'::release_product[] NOT NULL;--> statement-breakpoint
ALTER TABLE "docs" ADD COLUMN "counterpart_id" uuid;--> statement-breakpoint
ALTER TABLE "docs" ADD COLUMN "published_parent_id" uuid;--> statement-breakpoint
ALTER TABLE "docs" ADD COLUMN "published_path" text;--> statement-breakpoint
ALTER TABLE "docs" ADD COLUMN "published_position" integer;--> statement-breakpoint
ALTER TABLE "docs" ADD COLUMN "published_products" "release_product"[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "docs_product" "release_product";--> statement-breakpoint
ALTER TABLE "docs" ADD CONSTRAINT "docs_counterpart_id_docs_id_fk" FOREIGN KEY ("counterpart_id") REFERENCES "public"."docs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docs" ADD CONSTRAINT "docs_published_parent_id_docs_id_fk" FOREIGN KEY ("published_parent_id") REFERENCES "public"."docs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "docs_published_path" ON "docs" USING btree ("published_path") WHERE deleted_at is null and published_path is not null;--> statement-breakpoint
CREATE INDEX "docs_published_children" ON "docs" USING btree ("published_parent_id","published_position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "docs_counterpart" ON "docs" USING btree ("counterpart_id") WHERE counterpart_id is not null;--> statement-breakpoint
-- Published docs are read where they are now: their place as published is their place today.
UPDATE "docs" SET "published_parent_id" = "parent_id", "published_path" = "path", "published_position" = "position", "published_products" = "products" WHERE "published_revision" IS NOT NULL;
