ALTER TABLE "idp_accounts" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "idp_accounts" DROP COLUMN "locked_until";