CREATE TABLE "deposit_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"method" text,
	"reference" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payment_id" uuid,
	"invoice_id" uuid,
	"invoice_payment_id" uuid,
	"settlement_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_settlements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"include_open_invoices" boolean DEFAULT false NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"refund_due" bigint DEFAULT 0 NOT NULL,
	"shortfall" bigint DEFAULT 0 NOT NULL,
	"shortfall_invoice_id" uuid,
	"finalized_at" timestamp with time zone,
	"finalized_by" uuid,
	"refund_status" text DEFAULT 'none' NOT NULL,
	"refund_method" text,
	"refund_reference" text,
	"refunded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_ledger" ADD CONSTRAINT "deposit_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_ledger" ADD CONSTRAINT "deposit_ledger_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_ledger" ADD CONSTRAINT "deposit_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_ledger" ADD CONSTRAINT "deposit_ledger_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_ledger" ADD CONSTRAINT "deposit_ledger_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_shortfall_invoice_id_invoices_id_fk" FOREIGN KEY ("shortfall_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_finalized_by_users_id_fk" FOREIGN KEY ("finalized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_ledger_source_uq" ON "deposit_ledger" USING btree ("company_id","source_key");--> statement-breakpoint
CREATE INDEX "deposit_ledger_tenant_idx" ON "deposit_ledger" USING btree ("company_id","tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "deposit_ledger_company_kind_idx" ON "deposit_ledger" USING btree ("company_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "deposit_ledger_payment_idx" ON "deposit_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "deposit_ledger_invoice_payment_idx" ON "deposit_ledger" USING btree ("invoice_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_settlements_tenant_uq" ON "deposit_settlements" USING btree ("company_id","tenant_id");