DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "redeem_codes_owner_idx";--> statement-breakpoint
DROP INDEX "redeem_orders_user_idx";--> statement-breakpoint
DROP INDEX "devices_user_idx";--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","order_no");--> statement-breakpoint
CREATE INDEX "redeem_codes_owner_created_idx" ON "redeem_codes" USING btree ("owner_user_id","created_at","serial_no");--> statement-breakpoint
CREATE INDEX "redeem_orders_user_created_idx" ON "redeem_orders" USING btree ("user_id","created_at","order_no");--> statement-breakpoint
CREATE INDEX "devices_user_last_idx" ON "devices" USING btree ("user_id","last_time","created_at");