CREATE TABLE "meter_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"from_reading_id" uuid NOT NULL,
	"to_reading_id" uuid NOT NULL,
	"consumption_hundredths" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"reading_hundredths" bigint NOT NULL,
	"read_at" date NOT NULL,
	"meter_replaced" boolean DEFAULT false NOT NULL,
	"photo_key" text,
	"thumbnail_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_shares" (
	"meter_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"share_bp" integer NOT NULL,
	CONSTRAINT "meter_shares_meter_id_rental_unit_id_pk" PRIMARY KEY("meter_id","rental_unit_id")
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"type" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"tariff" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "meter_charges" ADD CONSTRAINT "meter_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_charges" ADD CONSTRAINT "meter_charges_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_charges" ADD CONSTRAINT "meter_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_shares" ADD CONSTRAINT "meter_shares_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_shares" ADD CONSTRAINT "meter_shares_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meter_charges_to_key" ON "meter_charges" USING btree ("meter_id","rental_unit_id","to_reading_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_charges_from_key" ON "meter_charges" USING btree ("meter_id","rental_unit_id","from_reading_id");--> statement-breakpoint
CREATE INDEX "meter_charges_invoice_idx" ON "meter_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "meter_readings_meter_idx" ON "meter_readings" USING btree ("meter_id","read_at","id");--> statement-breakpoint
CREATE INDEX "meter_shares_unit_idx" ON "meter_shares" USING btree ("rental_unit_id");--> statement-breakpoint
CREATE INDEX "meters_unit_idx" ON "meters" USING btree ("rental_unit_id") WHERE deleted_at is null;