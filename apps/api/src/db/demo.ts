/** The demo data's fixed names, shared by db/seed.ts and the module seeds (no import of the seed itself). */
export const DEMO_SUPER_ADMIN = { email: 'superadmin@rentora.test', password: 'SuperAdmin123!' };

/** The email domains of the two demo companies (Sunrise on the professional plan, Harbor on the starter plan). */
export const DEMO_COMPANY_DOMAINS = { professional: 'sunrise.test', starter: 'harbor.test' } as const;
