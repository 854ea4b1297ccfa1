CREATE TYPE "public"."media_kind" AS ENUM('image', 'document', 'archive');--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "media_kind" NOT NULL,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"folder" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"variant_widths" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"alt" text,
	"caption" text,
	"uploaded_by_id" uuid,
	"file_uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uses" (
	"media_id" uuid NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "media_uses_media_id_owner_type_owner_id_role_pk" PRIMARY KEY("media_id","owner_type","owner_id","role")
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uses" ADD CONSTRAINT "media_uses_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_created" ON "media" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "media_sort_name" ON "media" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "media_sort_size" ON "media" USING btree ("size","id");--> statement-breakpoint
CREATE INDEX "media_kind" ON "media" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "media_uploader" ON "media" USING btree ("uploaded_by_id");--> statement-breakpoint
CREATE INDEX "media_search" ON "media" USING gin (lower("name" || ' ' || coalesce("alt", '') || ' ' || coalesce("caption", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_uses_owner" ON "media_uses" USING btree ("owner_type","owner_id");