CREATE TABLE "doc_presence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doc_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_working_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"doc_id" uuid,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" uuid,
	"position" integer,
	"description" text NOT NULL,
	"products" "release_product"[] NOT NULL,
	"counterpart_id" uuid,
	"body" text NOT NULL,
	"base_version" integer NOT NULL,
	"base_revision" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "doc_working_copies_person_doc" UNIQUE NULLS NOT DISTINCT("user_id","doc_id")
);
--> statement-breakpoint
ALTER TABLE "doc_presence" ADD CONSTRAINT "doc_presence_doc_id_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_presence" ADD CONSTRAINT "doc_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_working_copies" ADD CONSTRAINT "doc_working_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_working_copies" ADD CONSTRAINT "doc_working_copies_doc_id_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doc_presence_doc_person" ON "doc_presence" USING btree ("doc_id","user_id");--> statement-breakpoint
CREATE INDEX "doc_presence_seen" ON "doc_presence" USING btree ("seen_at");