ALTER TABLE "idp_accounts" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_accounts" ADD COLUMN "last_failed_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "idp_accounts_failed_sign_ins" ON "idp_accounts" USING btree ("last_failed_sign_in_at") WHERE "idp_accounts"."failed_sign_ins" > 0;