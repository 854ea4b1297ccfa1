CREATE TABLE "idp_password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_accounts" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_password_resets" ADD CONSTRAINT "idp_password_resets_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_password_resets_account" ON "idp_password_resets" USING btree ("account_id");--> statement-breakpoint
-- Accounts made before this column existed were created by the operator (ADMIN_EMAIL).
UPDATE "idp_accounts" SET "email_verified" = true;
