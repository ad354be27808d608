-- Addresses are verified from this release on (docs/decisions/0035-verified-addresses.md). Accounts
-- made before it count as verified, so that nothing that worked for them stops: their order e-mails
-- keep going out. Only new sign-ups wait for the link.
UPDATE "users" SET "email_verified" = true WHERE NOT "email_verified";
