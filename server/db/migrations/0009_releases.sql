CREATE TYPE "public"."release_channel" AS ENUM('stable', 'beta');--> statement-breakpoint
CREATE TYPE "public"."release_product" AS ENUM('v4', 'v5');--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product" "release_product" NOT NULL,
	"channel" "release_channel" NOT NULL,
	"version_number" text NOT NULL,
	"version_key" text COLLATE "C" NOT NULL,
	"released_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"notes_html" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "releases_product_channel_version" ON "releases" USING btree ("product","channel","version_number");--> statement-breakpoint
CREATE INDEX "releases_order" ON "releases" USING btree ("product","channel","version_key","id");--> statement-breakpoint
CREATE INDEX "releases_sort_key" ON "releases" USING btree ("version_key","id");--> statement-breakpoint
CREATE INDEX "releases_published" ON "releases" USING btree ("product","channel","version_key") WHERE published_at is not null;