CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "second_factor_throttle" (
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "second_factor_throttle_subject_kind_subject_id_pk" PRIMARY KEY("subject_kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"kind" text NOT NULL,
	"label" text,
	"secret_encrypted" text,
	"last_used_step" bigint,
	"credential" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_step_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"context" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trusted_browsers" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "recovery_codes_subject_idx" ON "recovery_codes" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_one_totp_idx" ON "second_factors" USING btree ("subject_kind","subject_id") WHERE "second_factors"."kind" = 'totp';--> statement-breakpoint
CREATE INDEX "second_factors_subject_idx" ON "second_factors" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "second_step_tickets_subject_idx" ON "second_step_tickets" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "trusted_browsers_subject_idx" ON "trusted_browsers" USING btree ("subject_kind","subject_id");