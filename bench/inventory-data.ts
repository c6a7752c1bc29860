// The large-data generator of the inventory benchmark (bench/inventory.ts): fills a migrated, demo-seeded Rentora
// database with companies, properties, rental units and images by set-based INSERT … SELECT generate_series, the same
// SQL on PostgreSQL and PGlite. Deterministic (no random()): the same scale gives the same data.
//
// Shape: the demo company Sunrise Estates is the "big" tenant of the platform (`bigProperties` properties holding
// `bigUnits` units, so its lists have deep pages); the other companies share the rest evenly. Every property gets a
// photo row and every unit of the big company an image row (rows only: the benchmark never fetches those files).

export interface Scale {
  label: string;
  companies: number;
  properties: number;
  units: number;
  bigProperties: number;
  bigUnits: number;
}

export const POSTGRES_SCALE: Scale = {
  label: '1,000 companies, 50,000 properties, 1,000,000 units',
  companies: 1_000,
  properties: 50_000,
  units: 1_000_000,
  bigProperties: 1_000,
  bigUnits: 200_000,
};

export const PGLITE_SCALE: Scale = {
  label: '100 companies, 5,000 properties, 100,000 units',
  companies: 100,
  properties: 5_000,
  units: 100_000,
  bigProperties: 100,
  bigUnits: 20_000,
};

/** Runs one SQL text and returns its rows (pg.Client.query or PGlite.query both fit). */
export type Run = (sql: string) => Promise<Record<string, unknown>[]>;

const CITIES = [
  'Bengaluru',
  'Mumbai',
  'Pune',
  'Hyderabad',
  'Chennai',
  'Delhi',
  'Gurugram',
  'Noida',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Kochi',
  'Chandigarh',
  'Indore',
  'Lucknow',
  'Coimbatore',
  'Mysuru',
  'Nagpur',
  'Surat',
  'Goa',
];
const sqlArray = (items: readonly string[]) => `array[${items.map((item) => `'${item}'`).join(',')}]`;

/** Deterministic UUIDs per entity kind and ordinal (version 4 layout, recognisable in logs). */
const uuidOf = (kind: number, ordinal: string) =>
  `('00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-' || lpad(to_hex(${ordinal}), 12, '0'))::uuid`;
const USER = 1;
const COMPANY = 2;
const PROPERTY = 3;
const UNIT = 4;
const IMAGE = 5;
const PHOTO = 6;

/** The tables the bulk load writes, whose secondary indexes are dropped during the load and rebuilt after it. */
const BULK_TABLES = ['properties', 'rental_units', 'inventory_images'];

export interface GenerateReport {
  seconds: Record<string, number>;
  rows: Record<string, number>;
}

export async function generateInventory(run: Run, scale: Scale, log = console.log): Promise<GenerateReport> {
  const seconds: Record<string, number> = {};
  const step = async (name: string, sql: string) => {
    const started = performance.now();
    await run(sql);
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
    log(`  ${name}: ${seconds[name]} s`);
  };

  const [sunrise] = await run(`select id, owner_id from companies where email = 'hello@sunrise.test'`);
  if (!sunrise) throw new Error('the demo seed (Sunrise Estates) is missing');
  const [plan] = await run(`select id from plans where slug = 'enterprise'`);
  const [owner] = await run(`select password_hash from users where email = 'owner@sunrise.test'`);
  const [existing] = await run(`select count(*)::int as n from companies where email like 'hello@bench%'`);
  if (Number(existing?.n ?? 0) > 0) throw new Error('this database already holds benchmark data');
  const sunriseId = String(sunrise.id);
  const others = scale.companies - 1;
  const otherProperties = scale.properties - scale.bigProperties;
  const { bigProperties: MP, bigUnits: MU } = scale;
  const companyOfProperty = (p: string) =>
    `case when ${p} <= ${MP} then '${sunriseId}'::uuid else ${uuidOf(COMPANY, `1 + (${p} - ${MP} - 1) % ${others}`)} end`;

  // Foreign-key triggers off for the bulk load (the generator writes consistent ids), indexes rebuilt afterwards.
  await run(`set session_replication_role = replica`);
  const indexes = await run(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in (${BULK_TABLES.map((t) => `'${t}'`).join(',')}) and indexname not like '%_pkey'`,
  );
  for (const index of indexes) await run(`drop index if exists "${String(index.indexname)}"`);

  await step(
    'users and companies',
    `insert into users (id, email, password_hash, first_name, last_name, role, is_email_verified)
       select ${uuidOf(USER, 'g')}, 'owner' || g || '@bench' || g || '.test', '${String(owner!.password_hash)}',
              'Bench', 'Owner ' || g, 'user', true
       from generate_series(1, ${others}) g;
     insert into companies (id, name, slug, email, address, owner_id, plan_id, billing_cycle, current_period_end,
                            features_list, limitations, is_verified, verified_at)
       select ${uuidOf(COMPANY, 'g')}, 'Bench Company ' || g, 'bench-company-' || g, 'hello@bench' || g || '.test',
              '{"line1":"","line2":"","city":"Pune","state":"Maharashtra","postalCode":"411001","country":"India"}'::jsonb,
              ${uuidOf(USER, 'g')}, '${String(plan!.id)}', 'monthly', now() + interval '30 days', '[]'::jsonb,
              '{"maxPropertiesPerCompany":-1,"maxUsersPerCompany":-1,"maxRentalUnitsPerProperty":-1}'::jsonb,
              g % 2 = 0, case when g % 2 = 0 then now() end
       from generate_series(1, ${others}) g;
     insert into company_users (id, company_id, user_id, role, feature_permissions)
       select ${uuidOf(USER + 16, 'g')}, ${uuidOf(COMPANY, 'g')}, ${uuidOf(USER, 'g')}, 'owner',
              (select feature_permissions from company_users where company_id = '${sunriseId}' and role = 'owner' limit 1)
       from generate_series(1, ${others}) g;
     update companies set limitations = '{"maxPropertiesPerCompany":-1,"maxUsersPerCompany":-1,"maxRentalUnitsPerProperty":-1}'::jsonb
       where id = '${sunriseId}'`,
  );

  await step(
    'properties',
    `insert into properties (id, company_id, name, property_type, description, address_line1, landmark, city, state,
                             postal_code, latitude, longitude, amenities, total_floors, is_listed, verification_status,
                             verified_at, created_by, created_at, updated_at)
       select ${uuidOf(PROPERTY, 'n')}, ${companyOfProperty('n')},
              (${sqlArray(['Sunrise', 'Lake View', 'Palm', 'Green', 'Royal', 'Silver Oak', 'Maple', 'Harbor', 'Lotus', 'Cedar'])})[1 + n % 10]
                || ' ' || (${sqlArray(['Residency', 'Towers', 'Heights', 'Court', 'Enclave', 'Apartments', 'Villas', 'Homes'])})[1 + (n / 10) % 8]
                || ' ' || n,
              (${sqlArray(['apartment_building', 'independent_house', 'villa', 'pg_hostel', 'commercial', 'mixed_use'])})[1 + n % 6],
              'Generated for the inventory benchmark.', n || ' Main Road', 'Near Block ' || (n % 50),
              (${sqlArray(CITIES)})[1 + (n * 7) % ${CITIES.length}], 'State ' || (n % 28),
              (100000 + (n * 37) % 800000)::text, 8 + (n % 2000) / 100.0, 72 + (n % 1500) / 100.0,
              '["lift","parking","security"]'::jsonb, 1 + n % 20, n % 10 <> 0,
              case when n % 10 < 7 then 'verified' when n % 10 < 9 then 'pending' else 'rejected' end,
              case when n % 10 < 7 then now() end, null,
              now() - ((n * 7919) % 1095) * interval '1 day' - (n % 86400) * interval '1 second',
              now() - ((n * 7919) % 365) * interval '1 day'
       from generate_series(1, ${scale.properties}) n`,
  );

  await step(
    'rental units',
    `insert into rental_units (id, company_id, property_id, unit_number, unit_type, floor, size_sqft, bedrooms, bathrooms,
                               furnishing, description, amenities, status, is_available, rent, security_deposit,
                               maintenance_included, maintenance_amount, currency, verification_status, verified_at,
                               current_tenants, created_at, updated_at)
       select ${uuidOf(UNIT, 'u')}, ${companyOfProperty('p')}, ${uuidOf(PROPERTY, 'p')}, 'U-' || u,
              (${sqlArray(['studio', '1rk', '1bhk', '2bhk', '3bhk', '4bhk_plus', 'private_room', 'shared_room'])})[1 + h % 8],
              h % 20, 300 + h % 1700, h % 5, 1 + h % 3,
              (${sqlArray(['unfurnished', 'semi_furnished', 'fully_furnished'])})[1 + h % 3],
              case when h % 7 = 0 then 'Corner unit with a balcony and a city view' else '' end, '[]'::jsonb,
              case when h % 100 < 70 then 'Occupied' when h % 100 < 92 then 'Available'
                   when h % 100 < 97 then 'Under_Maintenance' else 'Renovation' end,
              h % 10 <> 0, (5000 + (h * 7919) % 95000) * 100, (5000 + (h * 7919) % 95000) * 300,
              h % 4 = 0, 250000, 'INR',
              case when h % 10 < 8 then 'verified' when h % 10 < 9 then 'pending' else 'rejected' end,
              case when h % 10 < 8 then now() end, 0,
              now() - ((h * 104729) % 1095) * interval '1 day' - (u % 86400) * interval '1 second',
              now() - ((h * 104729) % 365) * interval '1 day'
       from (select u,
                    case when u <= ${MU} then 1 + (u - 1) % ${MP} else ${MP} + 1 + (u - ${MU} - 1) % ${otherProperties} end as p,
                    ((u::bigint * 2654435761) % 4294967296) as h
             from generate_series(1, ${scale.units}) u) s`,
  );

  await step(
    'images',
    `insert into inventory_images (id, company_id, property_id, rental_unit_id, storage_key, thumbnail_key, mime_type, size,
                                   width, height, is_primary, category, sort_order)
       select ${uuidOf(PHOTO, 'n')}, ${companyOfProperty('n')}, ${uuidOf(PROPERTY, 'n')}, null,
              'bench/p/' || n || '.jpg', 'bench/p/' || n || '_thumb.webp', 'image/jpeg', 120000, 1200, 800, true, 'exterior', 0
       from generate_series(1, ${scale.properties}) n;
     insert into inventory_images (id, company_id, property_id, rental_unit_id, storage_key, thumbnail_key, mime_type, size,
                                   width, height, is_primary, category, sort_order)
       select ${uuidOf(IMAGE, 'u')}, '${sunriseId}'::uuid, ${uuidOf(PROPERTY, `1 + (u - 1) % ${MP}`)}, ${uuidOf(UNIT, 'u')},
              'bench/u/' || u || '.jpg', 'bench/u/' || u || '_thumb.webp', 'image/jpeg', 90000, 1200, 800, true, 'living_room', 0
       from generate_series(1, ${MU}) u`,
  );

  const started = performance.now();
  for (const index of indexes) await run(String(index.indexdef));
  seconds['indexes rebuilt'] = Math.round((performance.now() - started) / 100) / 10;
  log(`  indexes rebuilt (${indexes.length}): ${seconds['indexes rebuilt']} s`);
  await run(`set session_replication_role = origin`);

  await step(
    'occupancy figures and usage',
    `update properties p set total_units = s.total, occupied_units = s.occupied, available_units = s.available,
            listed_units = s.listed, min_listed_rent = s.min_rent, max_listed_rent = s.max_rent,
            min_listed_bedrooms = s.min_bedrooms, max_listed_bedrooms = s.max_bedrooms
       from (select u.property_id,
                    count(*)::int as total,
                    (count(*) filter (where u.status = 'Occupied'))::int as occupied,
                    (count(*) filter (where u.is_available and u.status = 'Available'))::int as available,
                    (count(*) filter (where u.is_available and u.status = 'Available' and u.verification_status <> 'rejected'))::int as listed,
                    min(u.rent) filter (where u.is_available and u.status = 'Available' and u.verification_status <> 'rejected') as min_rent,
                    max(u.rent) filter (where u.is_available and u.status = 'Available' and u.verification_status <> 'rejected') as max_rent,
                    min(u.bedrooms) filter (where u.is_available and u.status = 'Available' and u.verification_status <> 'rejected') as min_bedrooms,
                    max(u.bedrooms) filter (where u.is_available and u.status = 'Available' and u.verification_status <> 'rejected') as max_bedrooms
             from rental_units u group by u.property_id) s
      where p.id = s.property_id;
     update companies c set usage_properties = s.properties, usage_rental_units = s.units
       from (select p.company_id, count(distinct p.id)::int as properties, count(u.id)::int as units
             from properties p left join rental_units u on u.property_id = p.id group by p.company_id) s
      where c.id = s.company_id`,
  );
  await step('vacuum analyze', 'vacuum analyze');

  const rows: Record<string, number> = {};
  for (const table of ['companies', 'properties', 'rental_units', 'inventory_images']) {
    const [count] = await run(`select count(*)::int as n from ${table}`);
    rows[table] = Number(count?.n ?? 0);
  }
  return { seconds, rows };
}
