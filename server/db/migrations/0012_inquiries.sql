CREATE TYPE "public"."inquiry_product" AS ENUM('v4', 'v5', 'unsure');--> statement-breakpoint
CREATE TYPE "public"."inquiry_status" AS ENUM('new', 'in_progress', 'closed');--> statement-breakpoint
CREATE TYPE "public"."inquiry_topic" AS ENUM('sales', 'support', 'service', 'billing', 'general');--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text,
	"topic" "inquiry_topic" NOT NULL,
	"status" "inquiry_status" DEFAULT 'new' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"organization" text NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"product" "inquiry_product" NOT NULL,
	"serial_number" text,
	"message" text NOT NULL,
	"consent_to_contact" boolean NOT NULL,
	"assignee_id" uuid,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"author_id" uuid,
	"author_label" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "grants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_notes" ADD CONSTRAINT "inquiry_notes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_notes" ADD CONSTRAINT "inquiry_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_reference" ON "inquiries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "inquiries_created" ON "inquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_status" ON "inquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_assignee" ON "inquiries" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "inquiries_email" ON "inquiries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "inquiry_notes_inquiry" ON "inquiry_notes" USING btree ("inquiry_id","created_at");--> statement-breakpoint
UPDATE "settings" SET "value" = "value" || jsonb_build_object('billing', "value"->'sales') WHERE "key" = 'contactRecipients' AND "value"->'billing' IS NULL AND "value"->'sales' IS NOT NULL;
