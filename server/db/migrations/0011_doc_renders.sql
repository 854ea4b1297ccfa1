CREATE TABLE "doc_renders" (
	"revision_id" uuid PRIMARY KEY NOT NULL,
	"doc_id" uuid NOT NULL,
	"images" text NOT NULL,
	"html" text NOT NULL,
	"headings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doc_renders" ADD CONSTRAINT "doc_renders_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_renders" ADD CONSTRAINT "doc_renders_doc_id_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doc_renders_doc" ON "doc_renders" USING btree ("doc_id");