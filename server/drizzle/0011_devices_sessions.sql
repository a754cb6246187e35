ALTER TABLE "sessions" ADD COLUMN "reported_device_id" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "client_type" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "bound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_reported_device_id_devices_id_fk" FOREIGN KEY ("reported_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_reported_device_idx" ON "sessions" USING btree ("reported_device_id");