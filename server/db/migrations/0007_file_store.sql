CREATE TABLE "unclaimed_files" (
	"key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "picture_file" text;--> statement-breakpoint
CREATE INDEX "unclaimed_files_due" ON "unclaimed_files" USING btree ("due_at");