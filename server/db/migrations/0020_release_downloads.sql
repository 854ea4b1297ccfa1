CREATE TABLE "release_downloads" (
	"release_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "release_downloads_pkey" PRIMARY KEY("user_id","release_id","media_id","day")
);
--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_downloads_release" ON "release_downloads" USING btree ("release_id","day");--> statement-breakpoint
CREATE INDEX "release_downloads_media" ON "release_downloads" USING btree ("media_id");