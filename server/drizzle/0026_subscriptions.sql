CREATE TABLE "membership_reminders" (
	"user_id" uuid NOT NULL,
	"goods_code" text NOT NULL,
	"kind" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_reminders_user_id_goods_code_kind_ends_at_pk" PRIMARY KEY("user_id","goods_code","kind","ends_at")
);
--> statement-breakpoint
CREATE TABLE "renewal_plans" (
	"goods_code" text NOT NULL,
	"interval" text NOT NULL,
	"price_usd" integer NOT NULL,
	"price_cny" integer NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "renewal_plans_goods_code_interval_pk" PRIMARY KEY("goods_code","interval")
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"subscription_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"goods_code" text NOT NULL,
	"interval" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"schedule_id" text,
	"next_goods_code" text,
	"next_interval" text,
	"language" text NOT NULL,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_plans" ADD CONSTRAINT "renewal_plans_goods_code_goods_code_fk" FOREIGN KEY ("goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_goods_code_goods_code_fk" FOREIGN KEY ("goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_goods_code_goods_code_fk" FOREIGN KEY ("next_goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_key" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("state","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_key" ON "orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id","end_date");