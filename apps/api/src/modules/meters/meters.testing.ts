import type { MeterDto, MeterReadingDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/app';
import type { CompanySession } from '../../../test/factories';

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

export async function addMeter(
  app: FastifyInstance,
  owner: CompanySession,
  unitId: string,
  body: Record<string, unknown> = {},
): Promise<MeterDto> {
  const response = await call(app, 'POST', `/api/rental-units/${unitId}/meters`, {
    ...as(owner),
    body: { type: 'electricity', tariff: { perUnit: 800, fixedCharge: 0 }, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`meter: ${response.body}`);
  return response.json<{ data: MeterDto }>().data;
}

export async function addReading(
  app: FastifyInstance,
  owner: CompanySession,
  meterId: string,
  reading: number,
  readAt: string,
  meterReplaced = false,
): Promise<MeterReadingDto> {
  const response = await call(app, 'POST', `/api/meters/${meterId}/readings`, {
    ...as(owner),
    body: { reading, readAt, meterReplaced },
  });
  if (response.statusCode !== 201) throw new Error(`reading: ${response.body}`);
  return response.json<{ data: MeterReadingDto }>().data;
}
