ALTER TABLE "trade_profiles" ADD COLUMN "identity_provider" text;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD COLUMN "identity_request_id" text;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD COLUMN "identity_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD COLUMN "identity_attempts_day" text;