CREATE TABLE "webauthn_challenges" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject_kind" text,
	"subject_id" text,
	"challenge" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factors" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "second_factors" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_idx" ON "second_factors" USING btree ("credential_id") WHERE "second_factors"."credential_id" is not null;