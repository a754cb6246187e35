CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid
);
--> statement-breakpoint
CREATE TABLE "company_seat_assignments" (
	"company_id" uuid NOT NULL,
	"goods_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_seat_assignments_company_id_goods_code_user_id_pk" PRIMARY KEY("company_id","goods_code","user_id")
);
--> statement-breakpoint
CREATE TABLE "company_seats" (
	"company_id" uuid NOT NULL,
	"goods_code" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "company_seats_company_id_goods_code_pk" PRIMARY KEY("company_id","goods_code")
);
--> statement-breakpoint
-- a company without an end time (none is created so any more) ends now; an operator sets a new one with `npm run admin -- companies set`
UPDATE "companies" SET "end_time" = now() WHERE "end_time" IS NULL;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "end_time" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_assignments" ADD CONSTRAINT "company_seat_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_assignments" ADD CONSTRAINT "company_seat_assignments_goods_code_goods_code_fk" FOREIGN KEY ("goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seat_assignments" ADD CONSTRAINT "company_seat_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seats" ADD CONSTRAINT "company_seats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_seats" ADD CONSTRAINT "company_seats_goods_code_goods_code_fk" FOREIGN KEY ("goods_code") REFERENCES "public"."goods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_key" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "company_invitations_open_idx" ON "company_invitations" USING btree ("company_id","created_at") WHERE "company_invitations"."used_at" is null;--> statement-breakpoint
CREATE INDEX "company_seat_assignments_user_idx" ON "company_seat_assignments" USING btree ("user_id");