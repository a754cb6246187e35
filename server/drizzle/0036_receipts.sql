CREATE TABLE "billing_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"number" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"seq" integer NOT NULL,
	"user_id" uuid,
	"order_no" text NOT NULL,
	"refers_to" text,
	"amount" integer NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"goods_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"pay_method" integer,
	"provider" text,
	"buyer" jsonb,
	"buyer_email" text,
	"seller" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_series_seq_key" ON "receipts" USING btree ("series","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_receipt_key" ON "receipts" USING btree ("order_no") WHERE "receipts"."kind" = 'receipt';--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_no","issued_at");