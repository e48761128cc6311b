CREATE TABLE "ad_slot_earnings" (
	"user_id" bigint NOT NULL,
	"slot_key" text NOT NULL,
	"first_earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_slot_earnings_user_id_slot_key_pk" PRIMARY KEY("user_id","slot_key")
);
--> statement-breakpoint
CREATE TABLE "monetization_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monetization_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"version" text NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"payment_method" text,
	"billing_name" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"billing_country" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"billing_phone" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"paypal_email" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"wallet_address" text DEFAULT '' NOT NULL,
	"blockchain_network" text DEFAULT 'ethereum' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"token_tenths" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monetization_accounts" ADD COLUMN "token_tenths" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monetization_accounts" ADD COLUMN "impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monetization_accounts" ADD COLUMN "last_impression_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_slot_earnings" ADD CONSTRAINT "ad_slot_earnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_consents" ADD CONSTRAINT "monetization_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monetization_consents_user_idx" ON "monetization_consents" USING btree ("user_id","granted_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "monetization_accounts" ADD CONSTRAINT "monetization_accounts_tokens_not_negative" CHECK ("monetization_accounts"."token_tenths" >= 0);