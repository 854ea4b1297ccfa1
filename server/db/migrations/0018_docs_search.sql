CREATE TABLE "doc_search_codes" (
	"doc_id" uuid NOT NULL,
	"code" text NOT NULL,
	"digits" text NOT NULL,
	"defines" boolean NOT NULL,
	"line" text NOT NULL,
	"heading_id" text,
	CONSTRAINT "doc_search_codes_pkey" PRIMARY KEY("doc_id","code")
);
--> statement-breakpoint
CREATE TABLE "doc_search_lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"joined" text NOT NULL,
	"stem" text,
	"docs" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_search_words" (
	"doc_id" uuid PRIMARY KEY NOT NULL,
	"format" integer NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doc_search_codes" ADD CONSTRAINT "doc_search_codes_doc_id_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_search_words" ADD CONSTRAINT "doc_search_words_doc_id_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doc_search_codes_code" ON "doc_search_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "doc_search_codes_digits" ON "doc_search_codes" USING btree ("digits");--> statement-breakpoint
CREATE INDEX "doc_search_lexicon_joined" ON "doc_search_lexicon" USING btree ("joined");--> statement-breakpoint
CREATE INDEX "doc_search_lexicon_stem" ON "doc_search_lexicon" USING btree ("stem");--> statement-breakpoint
CREATE INDEX "doc_search_lexicon_trigrams" ON "doc_search_lexicon" USING gin ("word" gin_trgm_ops);