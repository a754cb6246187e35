-- One mobile number, one target (docs/decisions/0016-sms-providers.md): mainland China numbers
-- stored as 11 digits become E.164 (+86…), unless a live account already holds that form.
UPDATE "account_directory" SET "account_key" = encode(sha256(convert_to('+86' || u."mobile", 'UTF8')), 'hex')
FROM "users" u
WHERE u."mobile" ~ '^1[0-9]{10}$'
  AND "account_directory"."account_key" = encode(sha256(convert_to(u."mobile", 'UTF8')), 'hex')
  AND NOT EXISTS (
    SELECT 1 FROM "account_directory" d2 WHERE d2."account_key" = encode(sha256(convert_to('+86' || u."mobile", 'UTF8')), 'hex')
  );
--> statement-breakpoint
UPDATE "users" SET "mobile" = '+86' || "mobile"
WHERE "mobile" ~ '^1[0-9]{10}$'
  AND NOT EXISTS (
    SELECT 1 FROM "users" u2 WHERE u2."mobile" = '+86' || "users"."mobile" AND u2."deleted_at" IS NULL
  );
--> statement-breakpoint
UPDATE "verification_codes" SET "target" = '+86' || "target" WHERE "target" ~ '^1[0-9]{10}$';
