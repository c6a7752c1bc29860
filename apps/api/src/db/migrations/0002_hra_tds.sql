CREATE TABLE "tds_deductions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_payment_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"section" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" integer NOT NULL,
	"payment_amount" integer NOT NULL,
	"deducted_at" timestamp with time zone NOT NULL,
	"financial_year" text NOT NULL,
	"status" text DEFAULT 'certificate_pending' NOT NULL,
	"certificate_key" text,
	"certificate_file_name" text,
	"certificate_received_at" timestamp with time zone,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_tax_settings" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_invoice_payment_id_invoice_payments_id_fk" FOREIGN KEY ("invoice_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tds_deductions_payment_uq" ON "tds_deductions" USING btree ("invoice_payment_id");--> statement-breakpoint
CREATE INDEX "tds_deductions_company_fy_idx" ON "tds_deductions" USING btree ("company_id","financial_year","status","tenant_id");--> statement-breakpoint
CREATE INDEX "tds_deductions_invoice_idx" ON "tds_deductions" USING btree ("invoice_id");