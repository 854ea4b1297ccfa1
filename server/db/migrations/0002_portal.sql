-- Text search in the portal's lists (trigram indexes). pg_trgm is a trusted extension:
-- the database owner may create it, on managed services too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."certification_status" AS ENUM('not_certified', 'in_training', 'certified', 'lapsed');--> statement-breakpoint
CREATE TYPE "public"."color_mode" AS ENUM('light', 'dark', 'system');--> statement-breakpoint
CREATE TYPE "public"."organization_kind" AS ENUM('clinic', 'hospital', 'distributor', 'research_site');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('invited', 'active', 'disabled');--> statement-breakpoint
CREATE TABLE "activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" "organization_kind" NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"phone" text,
	"email" text,
	"website" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"public_listing" boolean DEFAULT false NOT NULL,
	"certification_status" "certification_status" DEFAULT 'not_certified' NOT NULL,
	"certified_until" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"role" "role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "personal_access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
DROP INDEX "users_email";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "issuer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" "user_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "color_mode" "color_mode" DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_account_changes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_new_sign_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_at" ON "activity" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "activity_actor" ON "activity" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "activity_action" ON "activity" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "activity_target" ON "activity" USING btree ("target_type","at","id");--> statement-breakpoint
CREATE INDEX "activity_target_id" ON "activity" USING btree ("target_id","at","id");--> statement-breakpoint
CREATE INDEX "activity_search" ON "activity" USING gin (lower("actor_label" || ' ' || "target_label") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name" ON "organizations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "organizations_sort_city" ON "organizations" USING btree (lower("city"),"id");--> statement-breakpoint
CREATE INDEX "organizations_search" ON "organizations" USING gin (lower("name" || ' ' || "city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_listed" ON "organizations" USING btree ("country","city") WHERE "organizations"."public_listing";--> statement-breakpoint
CREATE INDEX "personal_access_tokens_user" ON "personal_access_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_organization" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "users_created" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_sort_name" ON "users" USING btree (lower(coalesce("name", "email", '')),"id");--> statement-breakpoint
CREATE INDEX "users_sort_email" ON "users" USING btree (lower(coalesce("email", '')),"id");--> statement-breakpoint
CREATE INDEX "users_sort_last_sign_in" ON "users" USING btree (coalesce("last_login_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "users_search" ON "users" USING gin (lower(coalesce("name", '') || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email" ON "users" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE("id");--> statement-breakpoint
-- Users disabled before the status column existed.
UPDATE "users" SET "status" = 'disabled' WHERE "disabled_at" IS NOT NULL;