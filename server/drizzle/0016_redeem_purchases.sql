CREATE TABLE "redeem_offers" (
	"goods_code" text NOT NULL,
	"duration_days" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"price_cny" integer NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"max_quantity" integer DEFAULT 500 NOT NULL,
	"buyers" text NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "redeem_offers_goods_code_duration_days_pk" PRIMARY KEY("goods_code","duration_days")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_days" integer;--> statement-breakpoint
-- redeem-code orders become orders of type redeemCodes (the status read back by redeemOrderStatusOf)
INSERT INTO "orders" ("order_no", "user_id", "goods_code", "quantity", "service_type", "channel", "order_type", "status", "currency", "order_amount", "pay_amount", "refund_amount", "pay_time", "code_days", "created_at", "updated_at")
SELECT r."order_no", r."user_id", g."code", r."quantity", g."service_type", r."channel", 'redeemCodes',
  CASE r."status" WHEN 'unpaid' THEN 0 WHEN 'paid' THEN 1 WHEN 'canceled' THEN 2 WHEN 'expired' THEN 3
    WHEN 'payFailed' THEN 4 WHEN 'fullRefund' THEN 5 WHEN 'refunded' THEN 5 WHEN 'unconfirmed' THEN 6
    WHEN 'convertedExpiration' THEN 7 WHEN 'partialRefund' THEN 8 ELSE 2 END,
  r."currency", r."order_amount", r."pay_amount", r."refund_amount", r."pay_time", g."duration_days", r."created_at", r."created_at"
FROM "redeem_orders" r JOIN "goods" g ON g."code" = r."category"
ON CONFLICT ("order_no") DO NOTHING;--> statement-breakpoint
DROP TABLE "redeem_orders" CASCADE;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "handed_to" text;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redeem_offers" ADD CONSTRAINT "redeem_offers_goods_code_goods_code_fk" FOREIGN KEY ("goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_codes_order_idx" ON "redeem_codes" USING btree ("redeem_order_no","serial_no");