CREATE TABLE "coupon_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"kind" text NOT NULL,
	"amount_off" integer,
	"percent_off" integer,
	"currency" text NOT NULL,
	"goods_codes" text[],
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"per_user_limit" integer NOT NULL,
	"total_limit" integer,
	"min_charge" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_campaign_idx" ON "coupon_uses" USING btree ("campaign_id","user_id") WHERE "coupon_uses"."released_at" is null;--> statement-breakpoint
CREATE INDEX "coupons_campaign_idx" ON "coupons" USING btree ("campaign_id");