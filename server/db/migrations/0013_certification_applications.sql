CREATE TYPE "public"."application_status" AS ENUM('applied', 'scheduled', 'completed', 'certified', 'declined');--> statement-breakpoint
CREATE TYPE "public"."training_format" AS ENUM('online', 'on_site', 'training_centre');--> statement-breakpoint
CREATE TABLE "certification_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "application_status" DEFAULT 'applied' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"organization_name" text NOT NULL,
	"organization_id" uuid,
	"job_title" text NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"product" "inquiry_product" NOT NULL,
	"training_format" "training_format" NOT NULL,
	"preferred_dates" text DEFAULT '' NOT NULL,
	"message" text,
	"scheduled_for" date,
	"declined_reason" text,
	"decided_at" timestamp with time zone,
	"assignee_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certification_applications" ADD CONSTRAINT "certification_applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_applications" ADD CONSTRAINT "certification_applications_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_applications_created" ON "certification_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "certification_applications_status" ON "certification_applications" USING btree ("status","created_at");