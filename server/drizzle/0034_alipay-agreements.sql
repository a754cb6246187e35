ALTER TABLE "subscriptions" ADD COLUMN "sign_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "charge_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "charge_order_no" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_sign_ref_key" ON "subscriptions" USING btree ("sign_ref");--> statement-breakpoint
CREATE INDEX "subscriptions_next_charge_idx" ON "subscriptions" USING btree ("next_charge_at");