CREATE TABLE "device_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code_hash" text NOT NULL,
	"client_type" text NOT NULL,
	"client_version" text NOT NULL,
	"channel_code" text,
	"device_id" text,
	"device_name" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"user_id" uuid,
	"approved_by_session_id" uuid,
	"decision" text,
	"decided_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "device_sign_ins_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "device_sign_ins_user_code_hash_unique" UNIQUE("user_code_hash")
);
--> statement-breakpoint
ALTER TABLE "device_sign_ins" ADD CONSTRAINT "device_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sign_ins" ADD CONSTRAINT "device_sign_ins_approved_by_session_id_sessions_id_fk" FOREIGN KEY ("approved_by_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_sign_ins_expires_idx" ON "device_sign_ins" USING btree ("expires_at");