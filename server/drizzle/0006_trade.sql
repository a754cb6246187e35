CREATE TABLE "trade_cash_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"account_enc" text NOT NULL,
	"account_masked" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_educations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"school" text NOT NULL,
	"major" text NOT NULL,
	"degree" text NOT NULL,
	"graduation_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company" text NOT NULL,
	"position" text NOT NULL,
	"start_year" integer NOT NULL,
	"end_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"birth_year" integer,
	"industry" text,
	"education_level" text,
	"real_name_enc" text,
	"id_number_enc" text,
	"identity_verified_at" timestamp with time zone,
	"cash_password_hash" text,
	"cash_failures" integer DEFAULT 0 NOT NULL,
	"cash_locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_cash_accounts" ADD CONSTRAINT "trade_cash_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_educations" ADD CONSTRAINT "trade_educations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_jobs" ADD CONSTRAINT "trade_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD CONSTRAINT "trade_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_cash_accounts_user_idx" ON "trade_cash_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_cash_accounts_default_key" ON "trade_cash_accounts" USING btree ("user_id") WHERE "trade_cash_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "trade_educations_user_idx" ON "trade_educations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trade_jobs_user_idx" ON "trade_jobs" USING btree ("user_id");