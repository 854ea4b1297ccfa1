ALTER TABLE "doc_renders" ADD COLUMN "renderer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_renders" ADD COLUMN "image_slots" jsonb DEFAULT '{"key":"","slots":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_renders" ADD COLUMN "text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_renders" ADD COLUMN "media_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_renders" ADD COLUMN "doc_links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_renders" ADD COLUMN "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Renders were told apart by their images' addresses; images are placed when a page is served now.
ALTER TABLE "doc_renders" DROP COLUMN "images";
