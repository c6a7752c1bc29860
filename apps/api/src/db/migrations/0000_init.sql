CREATE TABLE "accounting_export_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"ledgers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_versions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"actor_user_id" uuid,
	"actor_label" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"summary" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_agreement_templates" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"clauses" jsonb NOT NULL,
	"extra_terms" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"move_in_date" date NOT NULL,
	"duration_months" integer NOT NULL,
	"payment_plan" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"monthly_rent" integer NOT NULL,
	"maintenance_charges" integer NOT NULL,
	"security_deposit" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"refund_due_amount" integer DEFAULT 0 NOT NULL,
	"installments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_order_id" uuid,
	"hold_expires_at" timestamp with time zone,
	"cancellation_reason" text,
	"tenant_id" uuid,
	"agreement" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_channel_members" (
	"channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_channel_members_channel_id_user_id_pk" PRIMARY KEY("channel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"description" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"direct_key" text,
	"tenancy_id" uuid,
	"created_by" uuid,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid,
	"step" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"to_address" text,
	"provider" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"run_date" date NOT NULL,
	"send_after" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"reminder_days" jsonb NOT NULL,
	"channels" jsonb NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"dlt_template_id" text,
	"whatsapp_template_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT true NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"require2fa_for_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
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
CREATE TABLE "favorites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"saved_rent" integer NOT NULL,
	"saved_currency" text DEFAULT 'INR' NOT NULL,
	"saved_status" text NOT NULL,
	"saved_listed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_tax_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"gstin" text,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"rate_bp" integer DEFAULT 1800 NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"receipt_prefix" text DEFAULT 'RCT' NOT NULL,
	"pan" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"taxable_value" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"tax" integer NOT NULL,
	"reverse_charge_tax" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"company_id" uuid NOT NULL,
	"series" text NOT NULL,
	"fy_start" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_company_id_series_fy_start_pk" PRIMARY KEY("company_id","series","fy_start")
);
--> statement-breakpoint
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
CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
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
	"mfa_secret" text,
	"mfa_enabled_at" timestamp with time zone,
	"mfa_last_step" integer,
	"mfa_device_epoch" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_limit" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"permissions" text[] NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"source" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"payment_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"logo_key" text,
	"logo_thumb_key" text,
	"primary_color" text DEFAULT '#4f46e5' NOT NULL,
	"accent_color" text DEFAULT '#0f172a' NOT NULL,
	"header_text" text DEFAULT '' NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"default_line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"gst_number" text,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"template_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"period" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"refund_due_amount" integer DEFAULT 0 NOT NULL,
	"credited_amount" integer DEFAULT 0 NOT NULL,
	"document_type" text DEFAULT 'bill_of_supply' NOT NULL,
	"financial_year" text,
	"place_of_supply" text,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"gst_use" text DEFAULT 'residential' NOT NULL,
	"supplier_gstin" text,
	"supplier_legal_name" text DEFAULT '' NOT NULL,
	"supplier_address" text DEFAULT '' NOT NULL,
	"recipient_gstin" text,
	"recipient_legal_name" text DEFAULT '' NOT NULL,
	"recipient_address" text DEFAULT '' NOT NULL,
	"taxable_value" integer DEFAULT 0 NOT NULL,
	"cgst" integer DEFAULT 0 NOT NULL,
	"sgst" integer DEFAULT 0 NOT NULL,
	"igst" integer DEFAULT 0 NOT NULL,
	"reverse_charge_tax" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"issued_at" timestamp with time zone,
	"due_reminder_at" timestamp with time zone,
	"overdue_notice_at" timestamp with time zone,
	"current_order_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"data" jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"singleton_key" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "late_fee_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"accrual" bigint DEFAULT 0 NOT NULL,
	"accrued_through" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"waived_at" timestamp with time zone,
	"waived_by" uuid,
	"waive_reason" text,
	"credit_note_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "late_fee_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"property_id" uuid,
	"tenancy_id" uuid,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"annual_rate_bp" integer DEFAULT 0 NOT NULL,
	"cap" integer,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_fee_rules_scope_ck" CHECK ((scope = 'company' and property_id is null and tenancy_id is null)
        or (scope = 'property' and property_id is not null and tenancy_id is null)
        or (scope = 'tenancy' and tenancy_id is not null and property_id is null))
);
--> statement-breakpoint
CREATE TABLE "assignee_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"assignees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watchers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"last_assigned_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_counters" (
	"company_id" uuid NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "maintenance_counters_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visibility" text NOT NULL,
	"author_type" text NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"body" text,
	"from_status" text,
	"to_status" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"property_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by_type" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_id" uuid,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text DEFAULT 'staff' NOT NULL,
	"property_id" uuid NOT NULL,
	"rental_unit_id" uuid,
	"tenant_id" uuid,
	"requester_type" text NOT NULL,
	"requester_user_id" uuid,
	"requester_name" text NOT NULL,
	"requester_email" text,
	"requester_phone" text,
	"assignee_id" uuid,
	"watcher_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_id" uuid,
	"tracking_token_hash" text,
	"due_at" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sla_hours" integer DEFAULT 72 NOT NULL,
	"default_priority" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
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
CREATE TABLE "pay_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"purpose" text NOT NULL,
	"reference_id" uuid,
	"installment_number" integer,
	"tds" jsonb,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"gateway_payment_id" text,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"source" text NOT NULL,
	"failure_reason" text,
	"tenant_id" uuid,
	"user_id" uuid,
	"property_id" uuid,
	"rental_unit_id" uuid,
	"booking_id" uuid,
	"invoice_id" uuid,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"receipt_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gateway_order_id" text NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"error_description" text,
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
	"recipient_phone" text,
	"channel" text NOT NULL,
	"provider" text,
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
	"tenancy_status" text DEFAULT 'active' NOT NULL,
	"rejection_reason" text,
	"lease_start_date" date,
	"maintenance_charges" integer DEFAULT 0 NOT NULL,
	"rent_due_day" integer DEFAULT 1 NOT NULL,
	"dues_rent" bigint DEFAULT 0 NOT NULL,
	"dues_maintenance" bigint DEFAULT 0 NOT NULL,
	"dues_utilities" bigint DEFAULT 0 NOT NULL,
	"dues_penalties" bigint DEFAULT 0 NOT NULL,
	"dues_other" bigint DEFAULT 0 NOT NULL,
	"dues_rent_adjustment" bigint DEFAULT 0 NOT NULL,
	"dues_maintenance_adjustment" bigint DEFAULT 0 NOT NULL,
	"dues_utilities_adjustment" bigint DEFAULT 0 NOT NULL,
	"dues_penalties_adjustment" bigint DEFAULT 0 NOT NULL,
	"dues_other_adjustment" bigint DEFAULT 0 NOT NULL,
	"gstin" text,
	"legal_name" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'staff' NOT NULL,
	"booking_id" uuid,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"compliance" jsonb DEFAULT '{}'::jsonb NOT NULL,
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
	"gst_use" text,
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
CREATE TABLE "tenant_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_status_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_export_settings" ADD CONSTRAINT "accounting_export_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_agreement_templates" ADD CONSTRAINT "booking_agreement_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_agreement_templates" ADD CONSTRAINT "booking_agreement_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_current_order_id_payment_orders_id_fk" FOREIGN KEY ("current_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channel_members" ADD CONSTRAINT "chat_channel_members_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channel_members" ADD CONSTRAINT "chat_channel_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channel_members" ADD CONSTRAINT "chat_channel_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_tenancy_id_rental_unit_users_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_reminders" ADD CONSTRAINT "collection_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_reminders" ADD CONSTRAINT "collection_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_reminders" ADD CONSTRAINT "collection_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_settings" ADD CONSTRAINT "collection_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_templates" ADD CONSTRAINT "collection_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_preferences" ADD CONSTRAINT "contact_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_pending_plan_id_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tax_settings" ADD CONSTRAINT "company_tax_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_invoice_payment_id_invoice_payments_id_fk" FOREIGN KEY ("invoice_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_deductions" ADD CONSTRAINT "tds_deductions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_templates" ADD CONSTRAINT "invoice_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_templates" ADD CONSTRAINT "invoice_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_template_id_invoice_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."invoice_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_charges" ADD CONSTRAINT "late_fee_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_charges" ADD CONSTRAINT "late_fee_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_charges" ADD CONSTRAINT "late_fee_charges_rule_id_late_fee_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."late_fee_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_charges" ADD CONSTRAINT "late_fee_charges_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_rules" ADD CONSTRAINT "late_fee_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_rules" ADD CONSTRAINT "late_fee_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_rules" ADD CONSTRAINT "late_fee_rules_tenancy_id_rental_unit_users_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_rules" ADD CONSTRAINT "late_fee_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignee_codes" ADD CONSTRAINT "assignee_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignee_codes" ADD CONSTRAINT "assignee_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_assignments" ADD CONSTRAINT "maintenance_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_assignments" ADD CONSTRAINT "maintenance_assignments_type_id_maintenance_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."maintenance_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_counters" ADD CONSTRAINT "maintenance_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_forms" ADD CONSTRAINT "maintenance_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_forms" ADD CONSTRAINT "maintenance_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_media" ADD CONSTRAINT "maintenance_media_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_media" ADD CONSTRAINT "maintenance_media_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_media" ADD CONSTRAINT "maintenance_media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_type_id_maintenance_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."maintenance_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_form_id_maintenance_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."maintenance_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_types" ADD CONSTRAINT "maintenance_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "tenant_codes" ADD CONSTRAINT "tenant_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_codes" ADD CONSTRAINT "tenant_codes_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_codes" ADD CONSTRAINT "tenant_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_documents" ADD CONSTRAINT "tenant_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_documents" ADD CONSTRAINT "tenant_documents_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_documents" ADD CONSTRAINT "tenant_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_entries" ADD CONSTRAINT "tenant_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_entries" ADD CONSTRAINT "tenant_entries_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_entries" ADD CONSTRAINT "tenant_entries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_status_history" ADD CONSTRAINT "tenant_status_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_status_history" ADD CONSTRAINT "tenant_status_history_tenant_id_rental_unit_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."rental_unit_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_status_history" ADD CONSTRAINT "tenant_status_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_company_created_idx" ON "audit_logs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_entity_idx" ON "audit_logs" USING btree ("company_id","entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_company_action_created_idx" ON "audit_logs" USING btree ("company_id","action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_type_created_idx" ON "audit_logs" USING btree ("company_id","entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_actor_created_idx" ON "audit_logs" USING btree ("company_id","actor_user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_unit_hold_uq" ON "bookings" USING btree ("rental_unit_id") WHERE status in ('pending_payment', 'partially_paid', 'confirmed');--> statement-breakpoint
CREATE INDEX "bookings_company_created_idx" ON "bookings" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_company_status_idx" ON "bookings" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_company_property_idx" ON "bookings" USING btree ("company_id","property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_company_unit_idx" ON "bookings" USING btree ("company_id","rental_unit_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_user_created_idx" ON "bookings" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("hold_expires_at") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_attachments_storage_key_uq" ON "chat_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "chat_attachments_message_idx" ON "chat_attachments" USING btree ("message_id","id");--> statement-breakpoint
CREATE INDEX "chat_channel_members_company_user_idx" ON "chat_channel_members" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_company_name_idx" ON "chat_channels" USING btree ("company_id","name") WHERE "chat_channels"."kind" = 'channel';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_company_direct_idx" ON "chat_channels" USING btree ("company_id","direct_key") WHERE "chat_channels"."kind" = 'direct';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_tenancy_idx" ON "chat_channels" USING btree ("company_id","tenancy_id") WHERE "chat_channels"."kind" = 'tenancy';--> statement-breakpoint
CREATE INDEX "chat_channels_company_last_message_idx" ON "chat_channels" USING btree ("company_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_id_idx" ON "chat_messages" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_created_idx" ON "chat_messages" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_reminders_step_uq" ON "collection_reminders" USING btree ("invoice_id","step","channel");--> statement-breakpoint
CREATE INDEX "collection_reminders_company_created_idx" ON "collection_reminders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "collection_reminders_company_invoice_idx" ON "collection_reminders" USING btree ("company_id","invoice_id","created_at","id");--> statement-breakpoint
CREATE INDEX "collection_reminders_company_status_idx" ON "collection_reminders" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "collection_reminders_company_channel_idx" ON "collection_reminders" USING btree ("company_id","channel","created_at","id");--> statement-breakpoint
CREATE INDEX "collection_reminders_deferred_idx" ON "collection_reminders" USING btree ("send_after") WHERE status = 'deferred';--> statement-breakpoint
CREATE UNIQUE INDEX "collection_templates_company_key_channel_uq" ON "collection_templates" USING btree ("company_id","key","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_uq" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_verified_created_idx" ON "companies" USING btree ("is_verified","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_users_company_user_uq" ON "company_users" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_users_user_idx" ON "company_users" USING btree ("user_id","is_active","joined_at");--> statement-breakpoint
CREATE INDEX "company_users_company_role_idx" ON "company_users" USING btree ("company_id","role");--> statement-breakpoint
CREATE INDEX "company_users_company_created_idx" ON "company_users" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_slug_uq" ON "plans" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_ledger_source_uq" ON "deposit_ledger" USING btree ("company_id","source_key");--> statement-breakpoint
CREATE INDEX "deposit_ledger_tenant_idx" ON "deposit_ledger" USING btree ("company_id","tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "deposit_ledger_company_kind_idx" ON "deposit_ledger" USING btree ("company_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "deposit_ledger_payment_idx" ON "deposit_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "deposit_ledger_invoice_payment_idx" ON "deposit_ledger" USING btree ("invoice_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_settlements_tenant_uq" ON "deposit_settlements" USING btree ("company_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_unit_uq" ON "favorites" USING btree ("user_id","rental_unit_id");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "favorites_unit_idx" ON "favorites" USING btree ("rental_unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_company_number_uq" ON "credit_notes" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_company_created_idx" ON "credit_notes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_notes_company_issue_idx" ON "credit_notes" USING btree ("company_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_company_tenant_idx" ON "credit_notes" USING btree ("company_id","tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tds_deductions_payment_uq" ON "tds_deductions" USING btree ("invoice_payment_id");--> statement-breakpoint
CREATE INDEX "tds_deductions_company_fy_idx" ON "tds_deductions" USING btree ("company_id","financial_year","status","tenant_id");--> statement-breakpoint
CREATE INDEX "tds_deductions_invoice_idx" ON "tds_deductions" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_uq" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "import_jobs_company_created_idx" ON "import_jobs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_company_created_idx" ON "api_keys" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_company_endpoint_created_idx" ON "webhook_attempts" USING btree ("company_id","endpoint_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_idx" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","event_id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_company_endpoint_idx" ON "webhook_deliveries" USING btree ("company_id","endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_created_idx" ON "webhook_endpoints" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("id") WHERE "webhook_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_events_company_created_idx" ON "webhook_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_payment_uq" ON "invoice_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_reference_uq" ON "invoice_payments" USING btree ("invoice_id","reference") WHERE reference <> '';--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","paid_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_company_idx" ON "invoice_payments" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE INDEX "invoice_templates_company_idx" ON "invoice_templates" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_templates_default_uq" ON "invoice_templates" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_number_uq" ON "invoices" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_rent_run_uq" ON "invoices" USING btree ("tenant_id","period") WHERE source = 'rent_run';--> statement-breakpoint
CREATE INDEX "invoices_company_created_idx" ON "invoices" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_status_idx" ON "invoices" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_due_idx" ON "invoices" USING btree ("company_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_company_due_sort_idx" ON "invoices" USING btree ("company_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_total_idx" ON "invoices" USING btree ("company_id","total","id");--> statement-breakpoint
CREATE INDEX "invoices_company_tenant_idx" ON "invoices" USING btree ("company_id","tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_company_period_idx" ON "invoices" USING btree ("company_id","period");--> statement-breakpoint
CREATE INDEX "invoices_company_issue_idx" ON "invoices" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_company_fy_issue_idx" ON "invoices" USING btree ("company_id","issue_date","id") WHERE number is not null;--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_run_after_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "jobs_name_status_idx" ON "jobs" USING btree ("name","status");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("name","singleton_key") WHERE "jobs"."singleton_key" is not null and "jobs"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_charges_invoice_uq" ON "late_fee_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "late_fee_charges_company_idx" ON "late_fee_charges" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_rules_company_uq" ON "late_fee_rules" USING btree ("company_id") WHERE scope = 'company' and superseded_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_rules_property_uq" ON "late_fee_rules" USING btree ("company_id","property_id") WHERE scope = 'property' and superseded_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_rules_tenancy_uq" ON "late_fee_rules" USING btree ("company_id","tenancy_id") WHERE scope = 'tenancy' and superseded_at is null;--> statement-breakpoint
CREATE INDEX "late_fee_rules_current_idx" ON "late_fee_rules" USING btree ("company_id","scope","created_at","id") WHERE superseded_at is null;--> statement-breakpoint
CREATE INDEX "late_fee_rules_company_idx" ON "late_fee_rules" USING btree ("company_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "assignee_codes_company_user_uq" ON "assignee_codes" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignee_codes_code_uq" ON "assignee_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_assignments_company_type_uq" ON "maintenance_assignments" USING btree ("company_id","type_id");--> statement-breakpoint
CREATE INDEX "maintenance_assignments_company_active_idx" ON "maintenance_assignments" USING btree ("company_id","is_active");--> statement-breakpoint
CREATE INDEX "maintenance_events_request_idx" ON "maintenance_events" USING btree ("company_id","request_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_forms_company_idx" ON "maintenance_forms" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_media_request_idx" ON "maintenance_media" USING btree ("company_id","request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_requests_company_number_uq" ON "maintenance_requests" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_requests_tracking_uq" ON "maintenance_requests" USING btree ("tracking_token_hash");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_created_idx" ON "maintenance_requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_status_idx" ON "maintenance_requests" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_priority_idx" ON "maintenance_requests" USING btree ("company_id","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_type_idx" ON "maintenance_requests" USING btree ("company_id","type_id","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_property_idx" ON "maintenance_requests" USING btree ("company_id","property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_unit_idx" ON "maintenance_requests" USING btree ("company_id","rental_unit_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_assignee_idx" ON "maintenance_requests" USING btree ("company_id","assignee_id","status","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_source_idx" ON "maintenance_requests" USING btree ("company_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_requester_idx" ON "maintenance_requests" USING btree ("company_id","requester_user_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_requests_requester_idx" ON "maintenance_requests" USING btree ("requester_user_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_requests_company_due_idx" ON "maintenance_requests" USING btree ("company_id","due_at") WHERE "maintenance_requests"."status" in ('open', 'assigned', 'in_progress', 'on_hold');--> statement-breakpoint
CREATE INDEX "maintenance_requests_title_trgm_idx" ON "maintenance_requests" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "maintenance_requests_requester_trgm_idx" ON "maintenance_requests" USING gin ("requester_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_types_company_key_uq" ON "maintenance_types" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "maintenance_types_company_active_idx" ON "maintenance_types" USING btree ("company_id","is_active","name");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_charges_to_key" ON "meter_charges" USING btree ("meter_id","rental_unit_id","to_reading_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_charges_from_key" ON "meter_charges" USING btree ("meter_id","rental_unit_id","from_reading_id");--> statement-breakpoint
CREATE INDEX "meter_charges_invoice_idx" ON "meter_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "meter_readings_meter_idx" ON "meter_readings" USING btree ("meter_id","read_at","id");--> statement-breakpoint
CREATE INDEX "meter_shares_unit_idx" ON "meter_shares" USING btree ("rental_unit_id");--> statement-breakpoint
CREATE INDEX "meters_unit_idx" ON "meters" USING btree ("rental_unit_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_status_created_idx" ON "notifications" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_category_status_created_idx" ON "notifications" USING btree ("user_id","category","status","created_at");--> statement-breakpoint
CREATE INDEX "notifications_company_idx" ON "notifications" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_token_hash_uq" ON "pay_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_live_invoice_uq" ON "pay_links" USING btree ("invoice_id") WHERE used_at is null and voided_at is null;--> statement-breakpoint
CREATE INDEX "pay_links_company_invoice_idx" ON "pay_links" USING btree ("company_id","invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_gateway_order_uq" ON "payment_orders" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "payment_orders_company_idx" ON "payment_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_reference_idx" ON "payment_orders" USING btree ("company_id","reference_id");--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event_uq" ON "payment_webhook_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_payment_uq" ON "payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_company_receipt_uq" ON "payments" USING btree ("company_id","receipt_number");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_company_paid_idx" ON "payments" USING btree ("company_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_company_tenant_idx" ON "payments" USING btree ("company_id","tenant_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_company_property_idx" ON "payments" USING btree ("company_id","property_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_company_method_idx" ON "payments" USING btree ("company_id","method","paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_company_status_idx" ON "payments" USING btree ("company_id","status","paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_company_booking_idx" ON "payments" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE INDEX "payments_company_invoice_idx" ON "payments" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payments_company_reference_idx" ON "payments" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "payments_user_paid_idx" ON "payments" USING btree ("user_id","paid_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_payments_payment_uq" ON "sandbox_gateway_payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_payments_order_idx" ON "sandbox_gateway_payments" USING btree ("gateway_order_id");--> statement-breakpoint
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
CREATE INDEX "rental_unit_users_company_tenancy_idx" ON "rental_unit_users" USING btree ("company_id","tenancy_status","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_unit_users_company_created_idx" ON "rental_unit_users" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_unit_users_company_property_idx" ON "rental_unit_users" USING btree ("company_id","property_id","created_at");--> statement-breakpoint
CREATE INDEX "rental_unit_users_company_move_in_idx" ON "rental_unit_users" USING btree ("company_id","start_date","id");--> statement-breakpoint
CREATE INDEX "rental_unit_users_company_rent_idx" ON "rental_unit_users" USING btree ("company_id","rent","id");--> statement-breakpoint
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
CREATE INDEX "invitations_company_status_created_idx" ON "invitations" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_codes_tenant_uq" ON "tenant_codes" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_codes_code_uq" ON "tenant_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tenant_codes_company_idx" ON "tenant_codes" USING btree ("company_id","tenant_id");--> statement-breakpoint
CREATE INDEX "tenant_documents_tenant_idx" ON "tenant_documents" USING btree ("company_id","tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_entries_tenant_idx" ON "tenant_entries" USING btree ("company_id","tenant_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "tenant_status_history_tenant_idx" ON "tenant_status_history" USING btree ("company_id","tenant_id","created_at");