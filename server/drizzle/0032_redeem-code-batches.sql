CREATE TABLE "redeem_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"goods_code" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"duration_days" integer NOT NULL,
	"quantity" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"abolished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "redeem_code_batches" ADD CONSTRAINT "redeem_code_batches_goods_code_goods_code_fk" FOREIGN KEY ("goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_batch_id_redeem_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."redeem_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_codes_batch_idx" ON "redeem_codes" USING btree ("batch_id","serial_no");