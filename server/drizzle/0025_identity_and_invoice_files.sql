CREATE TABLE "invoice_files" (
	"invoice_no" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "red_ref" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD COLUMN "identity_provider" text;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD COLUMN "identity_request_id" text;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD COLUMN "identity_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_profiles" ADD COLUMN "identity_attempts_day" text;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_no_invoices_invoice_no_fk" FOREIGN KEY ("invoice_no") REFERENCES "public"."invoices"("invoice_no") ON DELETE cascade ON UPDATE no action;