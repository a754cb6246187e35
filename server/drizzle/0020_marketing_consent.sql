ALTER TABLE "users" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
-- the consent given at registration moves to the account (docs/product.md#privacy)
UPDATE "users" SET "marketing_consent" = r."subscribe", "marketing_consent_at" = r."created_at" FROM "registrations" r WHERE r."user_id" = "users"."id" AND r."country" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "subscribe";