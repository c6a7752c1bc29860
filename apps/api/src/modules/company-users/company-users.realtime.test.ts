import type { CompanyUserDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call } from '../../../test/app';
import { addMember, type CompanySession, createCompany, superAdmin } from '../../../test/factories';
import { companyRoom } from '../../core/realtime';

/** Open sockets follow membership changes at once: rooms are left, or the socket is closed. */
let app: FastifyInstance;
let url: string;
const open: ClientSocket[] = [];

/** Ports 3400-3499 are ours for servers started by tests. */
async function listenInRange(server: FastifyInstance): Promise<string> {
  const first = 3400 + (process.pid % 90);
  for (let port = first; port < first + 10; port++) {
    try {
      await server.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${port}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('no free port in 3400-3499');
}

function connect(token: string): Promise<ClientSocket> {
  const socket = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
    auth: { token },
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function inCompanyRoom(companyId: string, userId: string): Promise<boolean> {
  const sockets = await app.deps.realtime.io.in(companyRoom(companyId)).fetchSockets();
  return sockets.some((socket) => socket.data.userId === userId);
}

async function recordId(owner: CompanySession, userId: string): Promise<string> {
  const list = await call(app, 'GET', '/api/company-users', {
    token: owner.token,
    companyId: owner.companyId,
  });
  return list.json<{ data: CompanyUserDto[] }>().data.find((m) => m.userId === userId)!._id;
}

beforeAll(async () => {
  app = await buildTestAppWith({});
  url = await listenInRange(app);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await app.close();
});

describe('membership changes reach open sockets', () => {
  it('deactivation leaves the company room at once; reactivation joins it again', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'manager');
    await connect(member.token);
    expect(await inCompanyRoom(owner.companyId, member.user._id)).toBe(true);
    const id = await recordId(owner, member.user._id);
    const as = { token: owner.token, companyId: owner.companyId };

    await call(app, 'PUT', `/api/company-users/${id}/deactivate`, as);
    expect(await inCompanyRoom(owner.companyId, member.user._id)).toBe(false);
    await call(app, 'PUT', `/api/company-users/${id}/reactivate`, as);
    expect(await inCompanyRoom(owner.companyId, member.user._id)).toBe(true);

    await call(app, 'DELETE', `/api/company-users/${id}`, as);
    expect(await inCompanyRoom(owner.companyId, member.user._id)).toBe(false);
  });

  it('an account deactivated by the super admin loses its sockets', async () => {
    const owner = await createCompany(app);
    const member = await addMember(app, owner, 'designer');
    const socket = await connect(member.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const admin = await superAdmin(app);
    const response = await call(app, 'PATCH', `/api/auth/admin/users/${member.user._id}/status`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});
