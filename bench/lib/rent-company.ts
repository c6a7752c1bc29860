import type pg from 'pg';
import { json } from './list-bench';

/**
 * A company of its own with `tenants` active tenancies (one property, `perUnit` tenancies a unit), every feature;
 * the owner signs in with `owner`. Answers the company id.
 */
export async function rentCompany(
  baseUrl: string,
  client: pg.Client,
  options: { tenants: number; perUnit: number; owner: { email: string; password: string } },
): Promise<string> {
  const registered = await json<{ data: { company: { _id: string } } }>(
    await fetch(`${baseUrl}/api/auth/register-company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company: { name: 'Bench Rent Co' },
        owner: { firstName: 'Bench', lastName: 'Owner', ...options.owner },
      }),
    }),
  );
  const companyId = registered.data.company._id;
  await client.query(`update companies set features_list = '[]'::jsonb where id = $1`, [companyId]);
  await client.query(
    `insert into properties (id, company_id, name, property_type, address_line1, city, state, postal_code)
     values (gen_random_uuid(), $1, 'Bench Towers', 'apartment_building', '1 Bench Road', 'Pune', 'Maharashtra', '411001')`,
    [companyId],
  );
  const units = Math.ceil(options.tenants / options.perUnit);
  await client.query(
    `insert into rental_units (id, company_id, property_id, unit_number, unit_type, rent)
     select gen_random_uuid(), p.company_id, p.id, 'R-' || g, '2bhk', 2000000
     from properties p, generate_series(1, $2) g where p.company_id = $1`,
    [companyId, units],
  );
  await client.query(
    `insert into users (id, email, password_hash, first_name, last_name, role, is_email_verified)
     select gen_random_uuid(), 'bench-rent-tenant-' || g || '@bench.test', 'x', 'Rent', 'Payer ' || g, 'tenant', true
     from generate_series(1, $1) g`,
    [options.tenants],
  );
  await client.query(
    `with people as (select id, row_number() over (order by email) - 1 as n from users where email like 'bench-rent-tenant-%'),
          units as (select id, property_id, row_number() over (order by id) - 1 as n from rental_units where company_id = $1)
     insert into rental_unit_users (id, company_id, rental_unit_id, property_id, user_id, status, tenancy_status,
       start_date, rent, maintenance_charges, rent_due_day)
     select gen_random_uuid(), $1, units.id, units.property_id, people.id, 'current', 'active', '2025-01-01',
       1000000 + (people.n % 50) * 20000, case when people.n % 3 = 0 then 150000 else 0 end, 1 + people.n % 28
     from people join units on units.n = people.n % $2`,
    [companyId, units],
  );
  await client.query('analyze');
  return companyId;
}
