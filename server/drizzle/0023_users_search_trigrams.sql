-- The console's user search (docs/operations.md#finding-a-member): a part of an email, nickname,
-- name or company, found through trigram indexes instead of reading every account.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_nick_name_trgm_idx ON users USING gin (nick_name gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_company_trgm_idx ON users USING gin (company gin_trgm_ops) WHERE deleted_at IS NULL;
