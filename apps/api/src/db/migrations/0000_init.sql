CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"description" text,
	"logo" text,
	"address" jsonb NOT NULL,
	"owner_id" uuid,
	"plan_id" uuid,
	"pending_plan_id" uuid,
	"subscription_status" text DEFAULT 'active' NOT NULL,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"current_period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"features_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limitations" jsonb NOT NULL,
	"usage_properties" integer DEFAULT 0 NOT NULL,
	"usage_users" integer DEFAULT 0 NOT NULL,
	"usage_rental_units" integer DEFAULT 0 NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification_notes" text,
	"verified_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"feature_permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"designation" text,
	"department" text,
	"invited_by" uuid,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"features_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limitations" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text,
	"ip" text,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"avatar" text,
	"role" text NOT NULL,
	"sub_role" text,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"read_at" timestamp with time zone,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"source" text,
	"status" text DEFAULT 'new' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"recipient_user_id" uuid,
	"recipient_email" text,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"rental_unit_id" uuid,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"caption" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"property_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"landmark" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'India' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_contact" jsonb,
	"manager_contact" jsonb,
	"total_floors" integer,
	"year_built" integer,
	"is_listed" boolean DEFAULT true NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"verification_notes" text,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"total_units" integer DEFAULT 0 NOT NULL,
	"occupied_units" integer DEFAULT 0 NOT NULL,
	"available_units" integer DEFAULT 0 NOT NULL,
	"listed_units" integer DEFAULT 0 NOT NULL,
	"min_listed_rent" integer,
	"max_listed_rent" integer,
	"min_listed_bedrooms" integer,
	"max_listed_bedrooms" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(name || ' ' || city || ' ' || state || ' ' || postal_code || ' ' || address_line1 || ' ' || address_line2 || ' ' || landmark, '[-/.,#()&:;_]+', ' ', 'g'))) STORED
);
--> statement-breakpoint
CREATE TABLE "rental_unit_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_type" text NOT NULL,
	"size_sqft" integer,
	"bedrooms" integer DEFAULT 0 NOT NULL,
	"bathrooms" integer DEFAULT 0 NOT NULL,
	"furnishing" text DEFAULT 'unfurnished' NOT NULL,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rent" integer DEFAULT 0 NOT NULL,
	"security_deposit" integer DEFAULT 0 NOT NULL,
	"maintenance_included" boolean DEFAULT false NOT NULL,
	"maintenance_amount" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_unit_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'primary' NOT NULL,
	"status" text DEFAULT 'current' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"moved_out_at" date,
	"rent" integer NOT NULL,
	"security_deposit" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_number" text NOT NULL,
	"unit_type" text NOT NULL,
	"floor" integer,
	"size_sqft" integer,
	"bedrooms" integer DEFAULT 0 NOT NULL,
	"bathrooms" integer DEFAULT 0 NOT NULL,
	"furnishing" text DEFAULT 'unfurnished' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'Available' NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"available_from" date,
	"min_lease_months" integer,
	"rent" integer NOT NULL,
	"security_deposit" integer DEFAULT 0 NOT NULL,
	"maintenance_included" boolean DEFAULT false NOT NULL,
	"maintenance_amount" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"verification_notes" text,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"current_tenants" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(unit_number || ' ' || unit_type || ' ' || description, '[-/.,#()&:;_]+', ' ', 'g'))) STORED
);
--> statement-breakpoint
CREATE TABLE "company_user_goals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"company_user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"target_value" integer,
	"current_value" integer DEFAULT 0 NOT NULL,
	"unit" text,
	"due_date" timestamp with time zone,
	"status" text DEFAULT 'not_started' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_user_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"company_user_id" uuid NOT NULL,
	"author_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"role" text NOT NULL,
	"designation" text,
	"department" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" uuid,
	"accepted_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"sent_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_pending_plan_id_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_images" ADD CONSTRAINT "inventory_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_images" ADD CONSTRAINT "inventory_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_images" ADD CONSTRAINT "inventory_images_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_images" ADD CONSTRAINT "inventory_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_templates" ADD CONSTRAINT "rental_unit_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_templates" ADD CONSTRAINT "rental_unit_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_users" ADD CONSTRAINT "rental_unit_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_users" ADD CONSTRAINT "rental_unit_users_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_users" ADD CONSTRAINT "rental_unit_users_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_users" ADD CONSTRAINT "rental_unit_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_users" ADD CONSTRAINT "rental_unit_users_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_goals" ADD CONSTRAINT "company_user_goals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_goals" ADD CONSTRAINT "company_user_goals_company_user_id_company_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."company_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_goals" ADD CONSTRAINT "company_user_goals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_notes" ADD CONSTRAINT "company_user_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_notes" ADD CONSTRAINT "company_user_notes_company_user_id_company_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."company_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_notes" ADD CONSTRAINT "company_user_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_uq" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_verified_created_idx" ON "companies" USING btree ("is_verified","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_users_company_user_uq" ON "company_users" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_users_user_idx" ON "company_users" USING btree ("user_id","is_active","joined_at");--> statement-breakpoint
CREATE INDEX "company_users_company_role_idx" ON "company_users" USING btree ("company_id","role");--> statement-breakpoint
CREATE INDEX "company_users_company_created_idx" ON "company_users" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_slug_uq" ON "plans" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_uq" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_status_created_idx" ON "notifications" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_category_status_created_idx" ON "notifications" USING btree ("user_id","category","status","created_at");--> statement-breakpoint
CREATE INDEX "notifications_company_idx" ON "notifications" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_created_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_source_created_idx" ON "leads" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "notification_logs_created_idx" ON "notification_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_logs_company_created_idx" ON "notification_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_logs_recipient_created_idx" ON "notification_logs" USING btree ("recipient_user_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_logs_channel_status_created_idx" ON "notification_logs" USING btree ("channel","status","created_at");--> statement-breakpoint
CREATE INDEX "notification_logs_template_created_idx" ON "notification_logs" USING btree ("template","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_images_storage_key_uq" ON "inventory_images" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_images_thumbnail_key_uq" ON "inventory_images" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "inventory_images_unit_idx" ON "inventory_images" USING btree ("company_id","rental_unit_id","sort_order");--> statement-breakpoint
CREATE INDEX "inventory_images_property_idx" ON "inventory_images" USING btree ("company_id","property_id","sort_order");--> statement-breakpoint
CREATE INDEX "inventory_images_photos_idx" ON "inventory_images" USING btree ("company_id","property_id","sort_order") WHERE rental_unit_id is null;--> statement-breakpoint
CREATE INDEX "properties_company_created_idx" ON "properties" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_company_updated_idx" ON "properties" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "properties_company_name_idx" ON "properties" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "properties_company_verification_idx" ON "properties" USING btree ("company_id","verification_status","created_at");--> statement-breakpoint
CREATE INDEX "properties_company_type_idx" ON "properties" USING btree ("company_id","property_type","created_at");--> statement-breakpoint
CREATE INDEX "properties_company_city_idx" ON "properties" USING btree ("company_id",lower("city"),"created_at");--> statement-breakpoint
CREATE INDEX "properties_company_listed_idx" ON "properties" USING btree ("company_id","is_listed","created_at");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "properties_public_created_idx" ON "properties" USING btree ("created_at","id") WHERE verification_status = 'verified' and is_listed and listed_units > 0;--> statement-breakpoint
CREATE INDEX "properties_public_city_idx" ON "properties" USING btree (lower("city"),"created_at","id") WHERE verification_status = 'verified' and is_listed and listed_units > 0;--> statement-breakpoint
CREATE INDEX "properties_public_rent_idx" ON "properties" USING btree ("min_listed_rent","id") WHERE verification_status = 'verified' and is_listed and listed_units > 0;--> statement-breakpoint
CREATE INDEX "properties_verification_queue_idx" ON "properties" USING btree ("verification_status","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_unit_templates_company_usage_idx" ON "rental_unit_templates" USING btree ("company_id","usage_count","id");--> statement-breakpoint
CREATE INDEX "rental_unit_templates_company_created_idx" ON "rental_unit_templates" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_unit_templates_company_name_idx" ON "rental_unit_templates" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "rental_unit_templates_global_usage_idx" ON "rental_unit_templates" USING btree ("usage_count","id") WHERE company_id is null;--> statement-breakpoint
CREATE INDEX "rental_unit_users_unit_idx" ON "rental_unit_users" USING btree ("company_id","rental_unit_id","status","start_date");--> statement-breakpoint
CREATE INDEX "rental_unit_users_company_user_idx" ON "rental_unit_users" USING btree ("company_id","user_id","status");--> statement-breakpoint
CREATE INDEX "rental_unit_users_user_idx" ON "rental_unit_users" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_unit_users_current_uq" ON "rental_unit_users" USING btree ("rental_unit_id","user_id") WHERE status = 'current';--> statement-breakpoint
CREATE UNIQUE INDEX "rental_units_number_uq" ON "rental_units" USING btree ("company_id","property_id",lower("unit_number"));--> statement-breakpoint
CREATE INDEX "rental_units_company_created_idx" ON "rental_units" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_units_company_updated_idx" ON "rental_units" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "rental_units_company_rent_idx" ON "rental_units" USING btree ("company_id","rent","id");--> statement-breakpoint
CREATE INDEX "rental_units_company_number_idx" ON "rental_units" USING btree ("company_id",lower("unit_number"),"id");--> statement-breakpoint
CREATE INDEX "rental_units_company_property_idx" ON "rental_units" USING btree ("company_id","property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_units_company_status_idx" ON "rental_units" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_units_company_status_rent_idx" ON "rental_units" USING btree ("company_id","status","rent","id");--> statement-breakpoint
CREATE INDEX "rental_units_company_available_idx" ON "rental_units" USING btree ("company_id","is_available","created_at");--> statement-breakpoint
CREATE INDEX "rental_units_company_verification_idx" ON "rental_units" USING btree ("company_id","verification_status","created_at");--> statement-breakpoint
CREATE INDEX "rental_units_company_type_idx" ON "rental_units" USING btree ("company_id","unit_type","created_at");--> statement-breakpoint
CREATE INDEX "rental_units_company_furnishing_idx" ON "rental_units" USING btree ("company_id","furnishing","created_at");--> statement-breakpoint
CREATE INDEX "rental_units_company_bedrooms_idx" ON "rental_units" USING btree ("company_id","bedrooms","created_at");--> statement-breakpoint
CREATE INDEX "rental_units_search_idx" ON "rental_units" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "rental_units_listed_idx" ON "rental_units" USING btree ("company_id","property_id","rent") WHERE is_available and status = 'Available' and verification_status <> 'rejected';--> statement-breakpoint
CREATE INDEX "rental_units_verification_queue_idx" ON "rental_units" USING btree ("verification_status","created_at","id");--> statement-breakpoint
CREATE INDEX "company_user_goals_company_member_idx" ON "company_user_goals" USING btree ("company_id","company_user_id","created_at");--> statement-breakpoint
CREATE INDEX "company_user_notes_company_member_idx" ON "company_user_notes" USING btree ("company_id","company_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_company_email_pending_uq" ON "invitations" USING btree ("company_id",lower("email")) WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_company_status_created_idx" ON "invitations" USING btree ("company_id","status","created_at");