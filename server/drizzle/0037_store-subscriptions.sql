CREATE TABLE "store_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store" text NOT NULL,
	"store_subscription_id" text NOT NULL,
	"product_id" text NOT NULL,
	"goods_code" text NOT NULL,
	"interval" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"auto_renewing" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"manage_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD CONSTRAINT "store_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD CONSTRAINT "store_subscriptions_goods_code_goods_code_fk" FOREIGN KEY ("goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_subscriptions_store_id_key" ON "store_subscriptions" USING btree ("store","store_subscription_id");--> statement-breakpoint
CREATE INDEX "store_subscriptions_user_idx" ON "store_subscriptions" USING btree ("user_id","created_at");