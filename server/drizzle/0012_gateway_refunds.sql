CREATE TABLE "refund_requests" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"provider" text NOT NULL,
	"trade_no" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"gateway_refund_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "refund_requests" USING btree ("order_no","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("state","created_at");