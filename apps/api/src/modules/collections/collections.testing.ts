import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { CollectionRunResult, InvoiceDetailDto } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/app';
import type { CompanySession } from '../../../test/factories';
import type { Config } from '../../config';
import { users } from '../../db/schema';
import { issuedInvoice, makeTenancy, type Tenancy } from '../invoices/invoices.testing';
import { createCollectionsService } from './collections.service';

export const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

/** A tenancy whose person has a mobile number, and an issued invoice of it due on `dueDate`. */
export async function dueInvoice(
  app: FastifyInstance,
  owner: CompanySession,
  dueDate: string,
  phone: string | null = '98765 43210',
): Promise<{ tenancy: Tenancy; invoice: InvoiceDetailDto }> {
  const tenancy = await makeTenancy(app, owner);
  await app.deps.db.update(users).set({ phone }).where(eq(users.id, tenancy.person.user._id));
  const invoice = await issuedInvoice(app, owner, tenancy.tenantId, { issueDate: '2026-03-01', dueDate });
  return { tenancy, invoice };
}

export async function putSettings(
  app: FastifyInstance,
  owner: CompanySession,
  body: Record<string, unknown>,
): Promise<void> {
  const saved = await call(app, 'PUT', '/api/collections/settings', {
    ...as(owner),
    body: { reminderDays: [-5, 0, 3], channels: ['email', 'sms', 'whatsapp'], quietHours: null, ...body },
  });
  if (saved.statusCode !== 200) throw new Error(`settings: ${saved.body}`);
}

/** SMS and WhatsApp templates with their DLT id and approved name, for every step. */
export async function registerTextTemplates(app: FastifyInstance, owner: CompanySession): Promise<void> {
  for (const key of ['before_due', 'due', 'overdue']) {
    const sms = await call(app, 'PUT', `/api/collections/templates/${key}`, {
      ...as(owner),
      body: {
        channel: 'sms',
        body: 'Dear {{tenantName}}, {{amount}} for {{invoiceNumber}} is due on {{dueDate}}. Pay: {{payLink}}',
        dltTemplateId: '1107161234567890123',
      },
    });
    if (sms.statusCode !== 200) throw new Error(`sms template: ${sms.body}`);
    const whatsapp = await call(app, 'PUT', `/api/collections/templates/${key}`, {
      ...as(owner),
      body: {
        channel: 'whatsapp',
        body: 'Hello {{tenantName}}, {{amount}} for invoice {{invoiceNumber}} is due on {{dueDate}}. {{payLink}}',
        whatsappTemplateName: `rent_${key}`,
      },
    });
    if (whatsapp.statusCode !== 200) throw new Error(`whatsapp template: ${whatsapp.body}`);
  }
}

export async function runDay(app: FastifyInstance, owner: CompanySession, date: string) {
  const response = await call(app, 'POST', `/api/collections/run?date=${date}`, as(owner));
  if (response.statusCode !== 200) throw new Error(`run: ${response.body}`);
  return response.json<{ data: CollectionRunResult }>().data;
}

/** The SMS or WhatsApp messages written to the outbox for `to`. */
export function textsTo(
  outboxDir: string,
  channel: 'sms' | 'whatsapp',
  to: string,
): Record<string, unknown>[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir)
      .filter((file) => file.startsWith(`${channel}-`))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(path.join(outboxDir, file), 'utf8')) as Record<string, unknown>)
    .filter((message) => message.to === to);
}

export interface StandIn {
  url: string;
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[];
  /** Status codes of the next answers (then 200). */
  failNext: number[];
  close(): Promise<void>;
  server: Server;
}

/** A local HTTP stand-in of a provider's API: records every request, answers 200 `answer` (or the queued failures). */
export async function startStandIn(answer: unknown): Promise<StandIn> {
  const standIn: Omit<StandIn, 'url' | 'close' | 'server'> = { requests: [], failNext: [] };
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // not JSON
      }
      standIn.requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      });
      const status = standIn.failNext.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? answer : { error: { message: 'Service unavailable' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A collections service of the test app with other providers, pay links or clock. */
export function collectionsWith(
  app: FastifyInstance,
  overrides: { config?: Partial<Config>; now?: () => Date } = {},
) {
  return createCollectionsService(
    {
      ...app.deps,
      config: { ...app.deps.config, ...overrides.config },
      notificationLogs: app.services.notificationLogs,
      payLink: async ({ invoiceId }) => `${app.deps.config.appUrl}/pay/test-${invoiceId.slice(-6)}`,
      lateFees: { charge: async () => [] },
      now: overrides.now,
    },
    app.log,
  );
}
