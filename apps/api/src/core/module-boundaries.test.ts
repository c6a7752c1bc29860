import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = path.join(import.meta.dirname, '..', 'modules');

/**
 * Besides its `<module>.service.ts`, the files of a module that other modules may import: the module's public
 * entries, each for a reason.
 */
const PUBLIC_ENTRIES: Record<string, string> = {
  'auth/user-dto.ts': 'the one UserDto mapping, shown wherever a person appears',
  'companies/company-members.ts': 'the membership rules (join, change, remove, roles one may give)',
  'companies/membership-events.ts': 'what follows every membership change: sockets re-checked, people told',
  'notifications/notifications.notifier.ts': 'the notifier of AppDeps and its NotifyInput',
  'rental-units/rental-units.tenants.ts':
    'the unit-tenants service: a tenancy locks its unit and settles occupancy',
};

/**
 * Crossings into another module's internals that exist today (repositories, DTO mappers and SQL helpers used by a
 * neighbour). The list may only shrink: a crossing not listed fails the test, and so does a listed one that is gone.
 */
const KNOWN_CROSSINGS = [
  'admin-accounts/admin-accounts.repo.ts -> auth/auth.repo.ts',
  'admin-accounts/admin-accounts.service.ts -> auth/auth.repo.ts',
  'assignee/assignee.service.ts -> maintenance/maintenance.members.ts',
  'assignee/assignee.service.ts -> maintenance/maintenance.repo.ts',
  'bookings/bookings.seed.ts -> payments/payments.gateway.ts',
  'companies/companies.service.ts -> auth/auth.repo.ts',
  'companies/company-members.ts -> auth/auth.repo.ts',
  'company-users/company-users.dto.ts -> companies/companies.repo.ts',
  'company-users/company-users.repo.ts -> companies/companies.repo.ts',
  'company-users/company-users.service.ts -> companies/companies.dto.ts',
  'company-users/company-users.service.ts -> companies/companies.repo.ts',
  'company-users/company-users.service.ts -> invitations/invitations.repo.ts',
  'invitations/invitations.seed.ts -> leads/leads.seed.ts',
  'invitations/invitations.service.ts -> auth/auth.repo.ts',
  'invitations/invitations.service.ts -> companies/companies.dto.ts',
  'invitations/invitations.service.ts -> companies/companies.repo.ts',
  'notification-logs/notification-logs.service.ts -> auth/auth.repo.ts',
  'notification-logs/notification-logs.service.ts -> companies/companies.repo.ts',
  'plans/plans.repo.ts -> companies/companies.repo.ts',
  'plans/plans.service.ts -> companies/companies.repo.ts',
  'properties/properties.dto.ts -> uploads/uploads.dto.ts',
  'properties/properties.dto.ts -> uploads/uploads.repo.ts',
  'properties/properties.repo.ts -> uploads/uploads.repo.ts',
  'properties/properties.service.ts -> uploads/uploads.repo.ts',
  'public-listing/public-listing.dto.ts -> properties/properties.dto.ts',
  'public-listing/public-listing.dto.ts -> rental-units/rental-units.dto.ts',
  'public-listing/public-listing.dto.ts -> rental-units/rental-units.repo.ts',
  'public-listing/public-listing.dto.ts -> uploads/uploads.repo.ts',
  'public-listing/public-listing.repo.ts -> properties/properties.repo.ts',
  'public-listing/public-listing.repo.ts -> rental-units/rental-units.repo.ts',
  'public-listing/public-listing.repo.ts -> uploads/uploads.repo.ts',
  'rental-unit-templates/rental-unit-templates.service.ts -> rental-units/rental-units.dto.ts',
  'rental-unit-templates/rental-unit-templates.service.ts -> rental-units/rental-units.repo.ts',
  'rental-units/rental-units.dto.ts -> uploads/uploads.dto.ts',
  'rental-units/rental-units.dto.ts -> uploads/uploads.repo.ts',
  'rental-units/rental-units.repo.ts -> uploads/uploads.repo.ts',
  'rental-units/rental-units.service.ts -> properties/properties.repo.ts',
  'rental-units/rental-units.service.ts -> uploads/uploads.repo.ts',
  'rental-units/rental-units.tenants.ts -> auth/auth.repo.ts',
  'rental-units/rental-units.tenants.ts -> properties/properties.repo.ts',
  'rental-units/rental-units.tenants.ts -> tenants/tenants.history.ts',
  'superadmin/superadmin.service.ts -> companies/companies.dto.ts',
  'superadmin/superadmin.service.ts -> companies/companies.repo.ts',
  'tenants/tenants.create.ts -> auth/auth.repo.ts',
  'tenants/tenants.records.ts -> invoices/invoices.dues.ts',
  'uploads/uploads.service.ts -> chat/chat.attachments.ts',
];

/** Test files and their helpers (factories, fixtures) may reach anywhere; they are not part of a module's surface. */
const isTestSupport = (file: string) => /\.(test|testing|fixtures)\.ts$/.test(file);

/** Every relative import (static, `export … from`, dynamic) of a source text. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

/** `<from> -> <to>` for each import of a module file into another module's file that is not public. */
export function crossingsOf(file: string, source: string): string[] {
  const owner = file.split('/')[0];
  const crossings: string[] = [];
  for (const specifier of importsOf(source)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    if (target.startsWith('..')) continue; // core/, db/, the composition root: shared by all
    const [module, ...rest] = target.split('/');
    if (!module || module === owner || rest.length === 0) continue;
    const targetFile = target.endsWith('.ts') ? target : `${target}.ts`;
    if (targetFile === `${module}/${module}.service.ts` || targetFile in PUBLIC_ENTRIES) continue;
    crossings.push(`${file} -> ${targetFile}`);
  }
  return crossings;
}

function moduleFiles(): string[] {
  return readdirSync(MODULES_DIR, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && file.includes('/'));
}

describe('module boundaries', () => {
  it("keeps every module out of another module's internals (only its service or a public entry)", () => {
    const crossings = moduleFiles()
      .filter((file) => !isTestSupport(file))
      .flatMap((file) => crossingsOf(file, readFileSync(path.join(MODULES_DIR, file), 'utf8')))
      .sort();
    const unexpected = crossings.filter((crossing) => !KNOWN_CROSSINGS.includes(crossing));
    const gone = KNOWN_CROSSINGS.filter((crossing) => !crossings.includes(crossing));
    expect(unexpected, 'imports of another module other than its service or a public entry').toEqual([]);
    expect(gone, 'known crossings that no longer exist: remove them from KNOWN_CROSSINGS').toEqual([]);
  });

  it('lists only public entries that exist', () => {
    const files = new Set(moduleFiles());
    expect(Object.keys(PUBLIC_ENTRIES).filter((entry) => !files.has(entry))).toEqual([]);
  });

  it('never lets source code import a test, its helpers or the test app', () => {
    const reached = moduleFiles()
      .filter((file) => !isTestSupport(file))
      .flatMap((file) =>
        importsOf(readFileSync(path.join(MODULES_DIR, file), 'utf8'))
          .filter((specifier) => /\.(test|testing|fixtures)$|\/test\//.test(specifier))
          .map((specifier) => `${file} -> ${specifier}`),
      );
    expect(reached).toEqual([]);
  });

  it('finds a reach into another module (the check itself works)', () => {
    const source =
      "import { createAuthRepo } from '../auth/auth.repo';\nimport { x } from '../auth/auth.service';";
    expect(crossingsOf('leads/leads.service.ts', source)).toEqual([
      'leads/leads.service.ts -> auth/auth.repo.ts',
    ]);
    expect(crossingsOf('leads/leads.service.ts', "import { y } from './leads.repo';")).toEqual([]);
    expect(crossingsOf('leads/leads.service.ts', "import { z } from '../../core/http';")).toEqual([]);
  });
});
